// Actions: their follow-ups, async outcomes, cache tags, failures, timing and events.
/// One case of the Action enum and what the reducer does with it.
package struct Action: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var payload: [Field]
  package var reduce: [ReduceOperation]
  /// The `RequestStatus` field this action moves on, for the actions of an async request.
  package var status: StatusUpdate?
  /// For the request action of an async pair: the names of its outcome actions.
  package var async: AsyncOutcomes?
  /// The effect scopes whose requests this action cancels (`cancels: [search]`), in the
  /// spec's order.
  package var cancels: [String] = []
  /// The cache tags this action invalidates (`invalidates: [collection, volume(book.id)]`): when
  /// it passes the effects middleware, or, for an async action, when its success does (a tag
  /// with an argument: once its request has returned, before its success is dispatched).
  package var invalidates: [CacheTag] = []
  /// A field the generated change report (`changedFields`) leaves out although the reducer
  /// changes it: set only by the mutation harness, as a near miss of change tracking.
  package var unreportedField: String?
  /// The state field this action sets from its one payload parameter, when the spec marks it
  /// `binding: true`: a `ViewStore` binds the field to the action (`<field>Binding`).
  package var binding: String?
  /// The field of a list's element this action sets, found by id, when the spec marks it
  /// `binding: true` (`set tasks[id].isCompleted`): a row's binding (`isCompletedBinding(_:)`).
  package var elementBinding: ElementBinding?
  /// A near miss of the generated `changedElements`: set only by the mutation harness.
  package var elementReportMutant: ElementReportMutant?
  /// The actions dispatched after this one's reduce (`then:`), in order.
  package var followUps: [FollowUp] = []
  /// The triggers whose waiting follow-ups and timers this action stops (`cancels: [start]`,
  /// where `start` has `then: "tick every 1s"`), in the order written.
  package var cancelsFollowUps: [String] = []
  /// Whether the action is meant for the feature's parent (`delegate: true`, TCA's delegate
  /// actions): a parent holding the feature must reduce it (`from:`) or dismiss on it.
  package var isDelegate = false
  /// The child feature's action this one reduces in the parent (`from: namer.save`), with where
  /// its parameters come from; nil for an action of the feature's own.
  package var from: ChildActionHandler?

  /// Whether a hand-written reducer does the action's work (`reduce: custom`).
  package var reducesByHand: Bool { reduce.count == 1 && reduce[0].isCustom }
}

/// An action dispatched after another's reduce (`then: sortTodos`, `then: search if
/// !query.isEmpty`), by the generated `<Feature>FollowUps` middleware: TCA's `.send` from a
/// reducer, NgRx's effect that maps one action to another.
package struct FollowUp: Sendable, Equatable {
  /// Where a parameter of the follow-up takes its value.
  package enum Source: Sendable, Equatable {
    /// The trigger's parameter of that name.
    case parameter(String)
    /// The state field of that name, after the trigger's reduce.
    case state(String)
    /// The parameter's default (for `= new` and `= now`, made by ReduxRuntime's `ActionValues`).
    case value(Value)
    /// A value written for it (`then: "saved(transcript: transcript + \" ❌\")"`): an expression of
    /// the trigger's scope, its payload then the state after the reduce (`state.NAME` in it).
    case expression(Predicate)
  }

  package var action: String
  /// Each parameter of the follow-up, in its payload's order, and its source.
  package var arguments: [Argument]
  /// Read after the trigger's reduce, over its payload and the new state; nil: always.
  package var condition: Predicate?
  /// `after 1s`: how long it waits, in milliseconds, before it is dispatched (the trigger's
  /// delayed follow-ups share one wait, and a newer trigger replaces those waiting); nil: at once.
  package var delay: Int? = nil
  /// `every 1s`: dispatched every `delay` until the trigger comes again (which restarts the
  /// timer, or stops it where its condition doesn't hold) or the feature's middleware ends.
  package var repeats = false

  package struct Argument: Sendable, Equatable {
    package var parameter: String
    package var source: Source
  }
}

extension Spec {
  /// The cases of `<Feature>Action`: one per action, per child field, and the alerts' one.
  package var actionCaseCount: Int { actions.count + children.count + stacks.count + (alerts.isEmpty ? 0 : 1) }

  /// Whether a follow-up waits (`then: "sortTodos after 1s"`): the follow-ups middleware then
  /// takes a clock.
  package var hasDelayedFollowUps: Bool {
    followUpsKeepClock || actions.contains { $0.followUps.contains { $0.delay != nil } }
  }

  /// Whether a follow-up repeats (`then: "tick every 1s"`): examples through the store then move
  /// the follow-ups' clock only by their `wait:` steps.
  package var hasRepeatingFollowUps: Bool {
    actions.contains { $0.followUps.contains(where: \.repeats) }
  }

  /// The specs of the features under this one (each list's, presented child's and stack
  /// destination's, and theirs in turn), each feature once: the chains an example through the
  /// store runs beside the feature's own.
  package var descendantSpecs: [Spec] { Self.descendants(childSpecs) }

  /// `children` and the features under each, in turn, each feature once.
  package static func descendants(_ children: [Spec]) -> [Spec] {
    var result: [Spec] = []
    var queue = children
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard !result.contains(where: { $0.feature == next.feature }) else { continue }
      result.append(next)
      queue += next.childSpecs
    }
    return result
  }

  /// The specs of its own children and stack destinations, in order.
  package var childSpecs: [Spec] {
    children.map(\.spec) + stacks.flatMap { $0.destinations.map(\.spec) }
  }

  /// `hasDelayedFollowUps` of the feature or of one under it.
  package var treeHasDelayedFollowUps: Bool { ([self] + descendantSpecs).contains(where: \.hasDelayedFollowUps) }

  /// `hasRepeatingFollowUps` of the feature or of one under it.
  package var treeHasRepeatingFollowUps: Bool { ([self] + descendantSpecs).contains(where: \.hasRepeatingFollowUps) }

  /// Whether a follow-up of the feature's own actions is written (`then:`).
  package var hasFollowUps: Bool { actions.contains { !$0.followUps.isEmpty } }
}

extension [Action] {
  /// The names of the actions `names` lead to, `names` among them, each once: through each
  /// action's follow-ups and, with `outcomes`, each request's success and failure (what a store
  /// may come to dispatch after them).
  package func reached(from names: [String], outcomes: Bool = false) -> Set<String> {
    let byName = Dictionary(map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var reached: Set<String> = []
    var queue = names
    while let name = queue.popLast() {
      guard let action = byName[name], reached.insert(name).inserted else { continue }
      queue += action.followUps.map(\.action)
      if outcomes, let async = action.async { queue += [async.success, async.failure] }
    }
    return reached
  }
}

extension Action {
  /// The state fields its reducer can change, each once, in the order it first writes them; nil
  /// when that is not known (a custom reducer). Change tracking and diagrams both ask this.
  package var changedStateFields: [String]? {
    if reduce.contains(where: \.isCustom) { return nil }
    var names = reduce.flatMap(\.paths).compactMap { path -> String? in
      if case .field(let name)? = path.steps.first { return name }
      return nil
    }
    if let status { names.append(status.field) }
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}

extension Action {
  /// Whether its reducer may change an element the state's list `list` holds (not only add,
  /// remove or reorder elements): what the screens showing the list's elements (`shows:`) are
  /// given again after. A custom reducer may.
  package func mayChangeElements(of list: String) -> Bool {
    reduce.contains { operation in
      operation.isCustom
        || (operation.paths.contains { $0.steps.first == .field(list) } && !operation.kind.keepsElements(of: list))
    }
  }
}

package struct StatusUpdate: Sendable, Equatable {
  package enum Phase: Sendable, Equatable {
    case loading
    case succeeded
    /// `failed(message)`, with the payload parameter holding the message when there is one.
    case failed(message: String?)
  }

  package var field: String
  package var phase: Phase
  /// For `loading`, the request's condition (`operation: "OP if CONDITION"`, over the payload):
  /// where it doesn't hold nothing is sent and the status is `idle`.
  package var condition: Predicate? = nil
}

package struct AsyncOutcomes: Sendable, Equatable {
  package var success: String
  package var failure: String
  /// What a new request does to the running ones of its scope.
  package var policy: EffectPolicy = .latest
  /// The requests it shares a policy and cancellation with: by default, its own name.
  package var scope: String
  /// The wait before the request starts (`debounce: 300ms`, `throttle: 1s`).
  package var timing: EffectTiming?
  /// The request's parameters both outcomes receive as they were (`carry: [book]`), in the
  /// request's order: the effect doesn't return them.
  package var carried: [String] = []
  /// The effects protocol's method for the request (`effect: forecast`): by default, its name.
  package var effect: String
  /// Whether the effect is handed the state as the request leaves it (`readsState: true`).
  package var readsState = false
  /// Whether the effect may return nil, ending the request without an outcome
  /// (`optional: true`).
  package var isOptional = false
  /// How long an answer stays fresh, in milliseconds (`fresh: 300s`): a request with the same
  /// payload within it is answered from the effects middleware's `ResponseCache`, without a call.
  package var freshFor: Int?
  /// The tags its cached answers provide (`provides: [collection, volume(id)]`), which actions
  /// invalidate.
  package var provides: [CacheTag] = []
  /// Whether the effect gives a stream whose every value becomes the success action
  /// (`stream: true`: a transcript's partial results), ending without one.
  package var isStream = false
  /// A near miss (the mutation harness's): the middleware dispatches the stream's first value
  /// and drops the rest, as if the stream were one answer.
  package var takesFirstValueOnly = false
}

/// A cache tag as `provides:` and `invalidates:` write it, RTK Query's: a name (`collection`),
/// maybe with an argument read from the payload (`volume(id)`, `volume(book.id)`). Invalidating
/// a name alone empties every answer that provides it; a name with an argument, the answers that
/// provide it with an equal argument, and those that provide the name alone.
package struct CacheTag: Sendable, Hashable, CustomStringConvertible {
  package var name: String
  /// The payload parameter and the fields read after it (`["book", "id"]`); empty for a name alone.
  package var argument: [String] = []

  package init(_ name: String, argument: [String] = []) {
    self.name = name
    self.argument = argument
  }

  package var description: String { argument.isEmpty ? name : "\(name)(\(argument.joined(separator: ".")))" }

}

/// What a request's failure action holds besides the fields it carries, which decides who
/// builds it from the error: the one owner of that rule (translators and the checker ask it).
package enum FailureShape: Sendable, Equatable {
  /// Nothing but carried fields.
  case carriedOnly
  /// `message: String`: the error's description.
  case message
  /// `error: T`, with `T` a model or enum of the spec: the effect throws it, typed.
  case typed(String)
  /// Anything else: the effects type builds the action from the error (a `failure` method).
  case builtByEffects

  /// - Parameters:
  ///   - own: The failure action's payload but the carried fields.
  ///   - isSpecType: Whether a model or enum of that name is the spec's own.
  package init(own: [Field], isSpecType: (String) -> Bool) {
    switch own.count {
    case 0:
      self = .carriedOnly
    case 1 where own[0].name == "message" && own[0].type == .scalar(.string):
      self = .message
    case 1 where own[0].name == "error":
      switch own[0].type {
      case .model(let name) where isSpecType(name): self = .typed(name)
      case .enumeration(let name) where isSpecType(name): self = .typed(name)
      default: self = .builtByEffects
      }
    default:
      self = .builtByEffects
    }
  }

  /// The typed error, if the effect throws one.
  package var typedError: String? {
    if case .typed(let name) = self { return name }
    return nil
  }
}

/// When a request may start (ReduxRuntime's `EffectTiming`): after a quiet time, or at most once
/// per interval; in whole milliseconds.
package struct EffectTiming: Sendable, Equatable {
  package enum Kind: String, Sendable, Equatable, CaseIterable {
    case debounce, throttle
  }

  package var kind: Kind
  package var milliseconds: Int
}

/// How the requests of one effect scope go together (ReduxRuntime's `EffectPolicy`).
package enum EffectPolicy: String, Sendable, Equatable, CaseIterable {
  case latest, every, queue, exhaust

  /// What the policy does, for generated docs.
  package var summary: String {
    switch self {
    case .latest: "a newer request cancels the running one"
    case .every: "every request runs to its outcome"
    case .queue: "one request at a time, in order"
    case .exhaust: "a request made while one runs is dropped"
    }
  }

  /// Words for the same ideas elsewhere (RxJS's operators, plain English), for suggestions.
  static let meanings: [String: EffectPolicy] = [
    "switch": .latest, "switchmap": .latest, "newest": .latest, "last": .latest, "restartable": .latest,
    "merge": .every, "mergemap": .every, "all": .every, "concurrent": .every, "parallel": .every,
    "each": .every,
    "concat": .queue, "concatmap": .queue, "serial": .queue, "sequential": .queue, "enqueue": .queue,
    "fifo": .queue, "ordered": .queue,
    "exhaustmap": .exhaust, "drop": .exhaust, "first": .exhaust, "ignore": .exhaust, "dropwhilerunning": .exhaust,
  ]
}

/// A one-off output of the feature.
package struct Event: Sendable, Equatable {
  package var name: String
  package var payload: [Field]
}

/// A `binding: true` action that sets one field of an element found by id
/// (`payload: { id: UUID, isCompleted: Bool }`, `reduce: set tasks[id].isCompleted`).
package struct ElementBinding: Sendable, Equatable {
  /// The state field holding the elements, and their model.
  package var list: String
  package var model: String
  /// The element's field the action sets.
  package var field: String
  /// The payload parameters: the element's id, and the field's new value.
  package var idParameter: String
  package var valueParameter: String
}

extension [Action] {
  /// The stream requests (`stream: true`) a derived test pins (`TestTranslator.streamTests`):
  /// values a test can compare, test effects that need no failure builder, and outcomes that
  /// cancel nothing (which would end the stream under test).
  /// - Parameter isSpecType: Whether a model or enum of that name is the spec's own.
  package func streamedRequests(isSpecType: (String) -> Bool) -> [Action] {
    let requests = filter { $0.async != nil }
    func failureShape(_ action: Action) -> FailureShape {
      let async = action.async!
      let own = first { $0.name == async.failure }?.payload.filter { !async.carried.contains($0.name) } ?? []
      return FailureShape(own: own, isSpecType: isSpecType)
    }
    if requests.contains(where: { failureShape($0) == .builtByEffects }) { return [] }
    return requests.filter { action in
      guard let async = action.async, async.isStream,
        let success = first(where: { $0.name == async.success }), let failure = first(where: { $0.name == async.failure })
      else { return false }
      return success.cancels.isEmpty && failure.cancels.isEmpty && success.async == nil && failure.async == nil
        && action.payload.allSatisfy { $0.defaultValue != .newUUID && $0.defaultValue != .now }
        && !success.payload.contains { $0.defaultValue == .newUUID || $0.defaultValue == .now }
    }
  }

  /// The actions that end a stream request's stream in its derived test: each dispatches nothing
  /// itself and cancels the request's scope.
  package func streamCancellers(of request: Action) -> [Action] {
    guard let scope = request.async?.scope else { return [] }
    return filter { canceller in
      canceller.cancels.contains(scope) && canceller.async == nil && canceller.name != request.name
        && canceller.payload.allSatisfy { $0.defaultValue != .newUUID && $0.defaultValue != .now }
    }
  }
}
