/// The code model of what the seed systems add to a feature: change tracking, events,
/// effects for async actions, and persistence.
extension FeatureTranslator {
  // MARK: Change tracking

  /// The state fields (by index) an action's reducer can change; nil when unknown (custom).
  func changedFields(by action: Action) -> [Int]? {
    guard let names = action.changedStateFields else { return nil }
    var indices: [Int] = []
    for name in names where name != action.unreportedField {
      guard let index = spec.stateFieldIndex(named: name) else { return nil }
      if !indices.contains(index) { indices.append(index) }
    }
    return indices.sorted()
  }

  /// The state fields a filter's result reads: its list, its selected case, and what its
  /// cases read of the state (a derived value's inputs for a derived value).
  func fieldIndices(readBy filter: Filter) -> [Int] {
    guard let element = spec.model(named: filter.element) else { return [] }
    var names = [filter.over, filter.selected]
    for filterCase in filter.cases {
      for name in filterCase.predicate.stateReads(over: element) {
        names += spec.derived.first { $0.name == name }?.inputs ?? [name]
      }
    }
    return Set(names.compactMap(spec.stateFieldIndex(named:))).sorted()
  }

  /// `changedFields` for the Action and `fields(readBy:)` for the State, which let the store
  /// skip observers of fields an action can't change.
  func changeTracking() -> [Declaration] {
    var reads = spec.state.enumerated().map { index, field in (field.name, [index]) }
    for filter in spec.filters {
      reads.append((filter.result, fieldIndices(readBy: filter)))
    }
    for value in spec.derived {
      reads.append((value.name, value.inputs.compactMap(spec.stateFieldIndex(named:)).sorted()))
    }
    return ChangeTrackingCode(
      access: access, stateName: spec.stateTypeName, actionName: spec.actionTypeName, runtime: types.runtime
    )
    .declarations(
      changes: spec.actions.map { ($0.name, changedFields(by: $0)) }, reads: reads,
      actionMembers: (changedElementsReport().map { [$0] } ?? []) + followedUpBy())
  }

  /// `followedUpBy`: the generated middleware that dispatches the follow-ups, which a store made
  /// without it warns of. Nothing when no action has follow-ups.
  func followedUpBy() -> [Declaration] {
    guard spec.actions.contains(where: { !$0.followUps.isEmpty }) else { return [] }
    return [
      .variable(
        VariableDeclaration(
          doc: "The middleware that dispatches the follow-ups (`then:`): a store made without it warns, in debug builds.",
          access: access, isStatic: true, name: "followedUpBy", type: .optional(.named("Any.Type")),
          getter: [.expression(.metatype(.named(spec.names.followUps)))]))
    ]
  }

  /// `changedElements`: for the actions that change a list of models only element by element,
  /// the list and the ids, so that a `ViewStore` tells only those elements' rows. Nil when no
  /// action does.
  func changedElementsReport() -> Declaration? {
    let cases = spec.actions.compactMap { action -> SwitchCase? in
      guard let change = spec.elementChange(by: action) else { return nil }
      let used = Set(change.ids.compactMap(\.parameter))
      var ids: Expression = .array(change.ids.map { operand in
        operand.fields.reduce(Expression.name(operand.parameter ?? "")) { $0.dot($1) }
      })
      if change.ids.isEmpty, case .array(.model(let element)) = spec.state[change.field].type,
        let id = spec.model(named: element)?.idField
      {
        ids = .call(.type(.array(types.typeName(id.type))), [], trailingClosure: nil)
      }
      return SwitchCase(
        patterns: [Pattern(caseName: action.name, bindings: action.payload.map { used.contains($0.name) ? $0.name : nil })],
        body: [
          .returnStatement(
            types.runtime.value("ChangedElements").call([
              Argument("field", .literal(.int(change.field))), Argument("ids", ids),
            ]))
        ])
    }
    guard !cases.isEmpty else { return nil }
    let body: Statement =
      cases.count == spec.actions.count
      ? .switchStatement(.name("self"), cases)
      : .switchStatement(.name("self"), cases + [SwitchCase(patterns: [], body: [.returnStatement(.dot("unknown"))])])
    return .variable(
      VariableDeclaration(
        doc: "The list this action changes only element by element, and the ids of those elements.",
        access: access, name: "changedElements", type: types.runtime.type("ChangedElements"), getter: [body]))
  }

  // MARK: Events

  var eventTypeName: String { spec.names.event }

  /// `store.events()` for a store of this feature.
  func eventsStoreExtension() -> [Declaration] {
    guard !spec.events.isEmpty else { return [] }
    let events = FunctionDeclaration(
      doc: "The events this feature's middleware emit from now on; each reaches every listener present when it is emitted.",
      access: access, kind: .function("events"),
      returnType: .generic("AsyncStream", [.named(eventTypeName)]),
      body: [.returnStatement(.name("events").call([Argument("of", .metatype(.named(eventTypeName)))]))])
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: types.runtime.type("Store"),
          requirements: [
            SameTypeRequirement(lhs: "State", rhs: .named(spec.stateTypeName)),
            SameTypeRequirement(lhs: "Action", rhs: .named(spec.actionTypeName)),
          ],
          members: [.function(events)]))
    ]
  }

  /// The type through which a middleware emits: one method per event it declares, nothing else.
  func emitterName(_ middleware: Middleware) -> String { GeneratedNames.emitter(middleware.name) }

  func emitter(_ middleware: Middleware) -> Declaration {
    let methods = middleware.emits.compactMap { name in spec.events.first { $0.name == name } }.map { event in
      let value = Expression.name(eventTypeName).dot(event.name)
      let argument =
        event.payload.isEmpty ? value : value.call(event.payload.map { Argument($0.name, .name($0.name)) })
      return Declaration.function(
        FunctionDeclaration(
          doc: "Emits `\(event.name)`.", access: access, kind: .function(event.name),
          parameters: event.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) },
          body: [.expression(.name("context").dot("emit").call([Argument(nil, argument)]))]))
    }
    return .structure(
      TypeDeclaration(
        doc: "The events `\(middleware.name)` may emit (its `emits` in the spec).", access: access,
        name: emitterName(middleware), inherits: ["Sendable"],
        members: [.variable(VariableDeclaration(isConstant: true, name: "context", type: contextType))] + methods))
  }

  // MARK: Effects

  var asyncActions: [Action] { spec.actions.filter { $0.async != nil } }
  var effectsName: String { spec.names.effects }
  var liveEffectsName: String { spec.names.liveEffects }

  /// The outcome's payload the effect provides: all of it but what the request carries.
  func ownPayload(of outcome: String, for action: Action) -> [Field] {
    let carried = action.async?.carried ?? []
    return spec.action(named: outcome)?.payload.filter { !carried.contains($0.name) } ?? []
  }

  /// What the failure action of an async action holds besides its carried fields.
  func failureShape(_ action: Action) -> FailureShape {
    guard let async = action.async else { return .carriedOnly }
    return FailureShape(own: ownPayload(of: async.failure, for: action)) { name in
      spec.models.contains { $0.name == name } || spec.enums.contains { $0.name == name }
    }
  }

  /// The spec's own model or enum that a failure holds as its `error` (`failure: { error:
  /// SearchError }`): the effect throws it, typed, and it conforms to `Error`.
  func typedError(_ action: Action) -> String? {
    failureShape(action).typedError
  }

  /// The types some request throws, typed.
  var typedErrors: Set<String> { Set(asyncActions.compactMap(typedError)) }

  /// The type a request throws, typed, as the effects' code names it.
  func typedErrorType(_ action: Action) -> TypeName? {
    typedError(action).map(effectTypes.specType)
  }

  /// The spec's types as the effects, the effects middleware and the test effects name them:
  /// there `State`, `Action` and `Effects` have meanings of their own (`TypeTranslator.capturing`).
  var effectTypes: TypeTranslator { types.capturing }

  /// What a successful request returns: nothing, the one success field, or a tuple of them;
  /// optional when the effect may end the request without an outcome.
  func successType(_ action: Action) -> TypeName? {
    guard let async = action.async else { return nil }
    let own = ownPayload(of: async.success, for: action)
    let types = effectTypes
    let value: TypeName? =
      switch own.count {
      case 0: nil
      case 1: types.typeName(own[0].type)
      default: .tuple(own.map { .init(label: $0.name, type: types.typeName($0.type)) })
      }
    guard async.isOptional else { return value }
    return .optional(value ?? "Void")
  }

  /// Whether the failure action is built from the error (its description as `message`, or the
  /// typed error itself) or holds nothing but carried values; otherwise the effects type builds it.
  func failureIsDerived(_ action: Action) -> Bool {
    failureShape(action) != .builtByEffects
  }

  /// The carried parameters, as arguments of an outcome action.
  private func carriedArguments(_ action: Action) -> [Argument] {
    (action.async?.carried ?? []).map { Argument($0, .name($0)) }
  }

  private func effectRequirement(_ action: Action, body: [Statement]?) -> [Declaration] {
    let async = action.async!
    let types = effectTypes
    var parameters = action.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
    if async.readsState { parameters.append(Parameter(name: "state", type: .named(spec.stateTypeName))) }
    let typed = typedError(action)
    let endsWithout = async.isOptional ? " (nil ends the request without it)" : ""
    let reads = async.readsState ? "\n\n`state` is the state as `\(action.name)` leaves it." : ""
    var declarations: [Declaration] = [
      .function(
        FunctionDeclaration(
          doc: body == nil ? "Performs `\(action.name)`; what it returns becomes `\(async.success)`\(endsWithout).\(reads)" : nil,
          access: body == nil ? nil : access, kind: .function(async.effect),
          parameters: parameters, isAsync: true, isThrowing: true, thrownType: typedErrorType(action),
          returnType: successType(action),
          // A typed error can't be `UnimplementedEffect`: the scaffold stops instead.
          body: typed == nil ? body : body.map { _ in [.expression(.name("fatalError").call([Argument(nil, .literal(.string("\(async.effect) is not implemented yet")))]))] }))
    ]
    if !failureIsDerived(action) {
      let failure = async.failure
      let carried = async.carried.compactMap { name in action.payload.first { $0.name == name } }
      declarations.append(
        .function(
          FunctionDeclaration(
            doc: body == nil ? "The `\(failure)` action for an error `\(async.effect)` threw." : nil,
            access: body == nil ? nil : access, kind: .function(failure),
            parameters: carried.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
              + [Parameter(name: "error", type: .existential(.qualified(module: "Swift", name: "Error")))],
            returnType: actionType,
            // `fatalError` never returns, so it stands in for the action without a `return`.
            body: body.map { _ in [.expression(.name("fatalError").call([Argument(nil, .literal(.string("\(failure) is not implemented yet")))]))] })))
    }
    return declarations
  }

  /// What the middleware's doc says of its requests' policies and scopes.
  private func policySummary(_ actions: [Action]) -> String {
    let described = actions.map { action -> String in
      let outcomes = action.async!
      let scope = outcomes.scope == action.name ? "" : " (scope `\(outcomes.scope)`)"
      let timing = outcomes.timing.map { ", \($0.kind.rawValue) \($0.milliseconds) ms" } ?? ""
      return "- `\(action.name)`\(scope), \(outcomes.policy.rawValue)\(timing): \(outcomes.policy.summary)."
    }
    return (["Requests by policy:"] + described).joined(separator: "\n")
  }

  /// `.debounce(.milliseconds(300))`, in seconds when they are whole.
  private func timingExpression(_ timing: EffectTiming) -> Expression {
    Expression.dot(timing.kind.rawValue).call([Argument(nil, Self.duration(milliseconds: timing.milliseconds))])
  }

  /// `.seconds(5)`, or `.milliseconds(300)` when the seconds aren't whole.
  static func duration(milliseconds: Int) -> Expression {
    milliseconds % 1000 == 0
      ? Expression.dot("seconds").call([Argument(nil, .literal(.int(milliseconds / 1000)))])
      : Expression.dot("milliseconds").call([Argument(nil, .literal(.int(milliseconds)))])
  }

  /// The closure that makes the success action from what the effect returned (nil for an
  /// optional effect's nil).
  private func successClosure(_ action: Action) -> Closure {
    let async = action.async!
    let own = ownPayload(of: async.success, for: action)
    let carried = carriedArguments(action)
    func outcome(_ arguments: [Argument], explicit: Bool) -> Expression {
      let base = explicit ? Expression.name(spec.actionTypeName).dot(async.success) : .dot(async.success)
      return arguments.isEmpty ? base : base.call(arguments)
    }
    // What the closure calls what the effect returned: no carried parameter's name.
    let returned = freshName(["value", "returned", "result"], avoiding: async.carried)
    let value: (String, [Argument])
    switch own.count {
    case 0: value = ("_", [])
    case 1: value = (own[0].name, [Argument(own[0].name, .name(own[0].name))])
    default: value = (returned, own.map { Argument($0.name, .name(returned).dot($0.name)) })
    }
    let arguments = inPayloadOrder(carried + value.1, of: async.success)
    guard async.isOptional else { return Closure(parameters: [value.0], body: outcome(arguments, explicit: false)) }
    // `value.map { ... }`: nil ends the request without an outcome.
    let inner = Closure(parameters: [value.0], body: outcome(arguments, explicit: true))
    let optional = value.0 == "_" ? returned : value.0
    return Closure(
      parameters: [optional],
      body: .call(Expression.name(optional).dot("map"), [], trailingClosure: inner))
  }

  /// An outcome's arguments in its payload's order: carried and returned parameters interleave
  /// in an action the spec declares.
  private func inPayloadOrder(_ arguments: [Argument], of outcome: String) -> [Argument] {
    let order = spec.action(named: outcome)?.payload.map(\.name) ?? []
    return arguments.sorted { (order.firstIndex(of: $0.label ?? "") ?? 0) < (order.firstIndex(of: $1.label ?? "") ?? 0) }
  }

  /// The first of `names` that is none of `taken`.
  func freshName(_ names: [String], avoiding taken: [String]) -> String {
    names.first { !taken.contains($0) } ?? names[0] + "\(taken.count)"
  }

  /// The closure that makes the failure action from the error.
  private func failureClosure(_ action: Action) -> Closure {
    let async = action.async!
    let carried = carriedArguments(action)
    func outcome(_ own: [Argument]) -> Expression {
      let arguments = inPayloadOrder(carried + own, of: async.failure)
      return arguments.isEmpty ? .dot(async.failure) : Expression.dot(async.failure).call(arguments)
    }
    let own = ownPayload(of: async.failure, for: action)
    // What the closure calls what the effect threw: no carried parameter's name.
    let thrown = freshName(["error", "thrown", "failure"], avoiding: async.carried)
    if own.isEmpty { return Closure(parameters: ["_"], body: outcome([])) }
    if typedError(action) != nil { return Closure(parameters: [thrown], body: outcome([Argument("error", .name(thrown))])) }
    if failureIsDerived(action) {
      return Closure(
        parameters: [thrown],
        body: outcome([Argument("message", Expression.name("String").call([Argument("describing", .name(thrown))]))]))
    }
    return Closure(
      parameters: [thrown],
      body: Expression.name("self").dot("effects").dot(async.failure).call(carried + [Argument("error", .name(thrown))]))
  }

  /// The effects protocol (hand-written), and the middleware that runs it.
  func effectsFile() -> [Declaration] {
    let actions = asyncActions
    guard !actions.isEmpty else { return [] }
    var protocols: [Declaration] = []
    var effects: Declaration
    if splitsOtherEffects {
      // With `api:`, the requests no operation performs have a protocol of their own, which
      // the live effects implement and `<Feature>APIEffects` calls for them.
      let unbound = spec.handWrittenRequests
      protocols.append(
        .protocolDeclaration(
          TypeDeclaration(
            doc: "The \(spec.feature) feature's requests that no operation of its API performs, implemented by hand.",
            access: access, name: spec.names.otherEffects, inherits: ["Sendable"],
            members: unbound.flatMap { effectRequirement($0, body: nil) })))
      effects = .protocolDeclaration(
        TypeDeclaration(
          doc: "The \(spec.feature) feature's side effects: one requirement per `async` action, those no operation performs in `\(spec.names.otherEffects)`.",
          access: access, name: effectsName, inherits: [.named(spec.names.otherEffects)],
          members: actions.filter { action in !unbound.contains { $0.name == action.name } }.flatMap {
            effectRequirement($0, body: nil)
          }))
    } else {
      effects = Declaration.protocolDeclaration(
        TypeDeclaration(
          doc: "The \(spec.feature) feature's side effects: one requirement per `async` action, implemented by hand.",
          access: access, name: effectsName, inherits: ["Sendable"],
          members: actions.flatMap { effectRequirement($0, body: nil) }))
    }

    // What each action invalidates in the cache: a plain action's own tags, and an async
    // action's, when its success passes.
    // An async action's tags with an argument are emptied as its request returns, its payload
    // at hand (`ResponseCache.invalidating`).
    var invalidated: [String: [CacheTag]] = [:]
    for action in spec.actions where !action.invalidates.isEmpty {
      let tags = action.async == nil ? action.invalidates : action.invalidates.filter(\.argument.isEmpty)
      if !tags.isEmpty { invalidated[action.async?.success ?? action.name, default: []] += tags }
    }
    /// `"collection"`, or `.init("volume", book.id)` reading the payload's bound values.
    func tagExpression(_ tag: CacheTag) -> Expression {
      guard let first = tag.argument.first else { return .literal(.string(tag.name)) }
      let argument = tag.argument.dropFirst().reduce(Expression.name(first)) { $0.dot($1) }
      return Expression.initializer(nil).call([Argument(nil, .literal(.string(tag.name))), Argument(nil, argument)])
    }
    let cached = actions.contains { $0.async?.freshFor != nil }
    // Every async action starts its request; an action that `cancels` cancels first.
    let handled = spec.actions.filter { $0.async != nil || !$0.cancels.isEmpty || invalidated[$0.name] != nil }
    let cases = handled.map { action -> SwitchCase in
      var cancels = action.cancels.map { scope in
        Statement.expression(Expression.name("self").dot("runner").dot("cancel").call([Argument(nil, .literal(.string(scope)))]))
      }
      if let tags = invalidated[action.name] {
        cancels.append(
          .expression(
            Expression.name("self").dot("cache").dot("invalidate").call([Argument(nil, .array(tags.map(tagExpression)))])))
      }
      guard let outcomes = action.async else {
        // The parameters a tag's argument reads, bound; the others left out.
        let read = Set((invalidated[action.name] ?? []).compactMap(\.argument.first))
        let bindings = read.isEmpty ? [] : action.payload.map { read.contains($0.name) ? $0.name : nil }
        return SwitchCase(patterns: [Pattern(caseName: action.name, bindings: bindings)], body: cancels)
      }
      var arguments = action.payload.map { Argument($0.name, .name($0.name)) }
      var snapshot: [Statement] = []
      if outcomes.readsState {
        arguments.append(Argument("state", .name("state")))
        snapshot.append(
          .declaration(
            VariableDeclaration(
              isConstant: true, name: "state",
              initializer: Expression.name("context").dot("state").call([
                Argument("after", .name("action")), Argument(nil, .name(spec.names.reducer)),
              ]))))
      }
      // `self.` so a payload parameter named `effects` or `runner` can't hide them.
      let call = Expression.name("self").dot("effects").dot(outcomes.effect).call(arguments)
      // A typed error: Swift infers the closure's error type only when told.
      let signature = typedErrorType(action).map {
        Closure.Signature(isAsync: true, thrownType: $0, returnType: successType(action) ?? "Void")
      }
      var performed = Expression.tryExpression(.awaitExpression(call))
      if let freshFor = outcomes.freshFor {
        // Answered from the cache while fresh, keyed by the payload.
        performed = .tryExpression(
          .awaitExpression(
            Expression.name("self").dot("cache").dot("answer").call([
              Argument(nil, .literal(.string(action.name))),
              Argument(
                "key",
                Expression.initializer(nil).call([Argument(nil, .array(action.payload.map { .name($0.name) }))])),
              Argument("freshFor", Self.duration(milliseconds: freshFor)),
              Argument("tags", .array(outcomes.provides.map(tagExpression))),
              Argument(nil, .closure(Closure(signature: signature, body: performed))),
            ])))
      }
      let emptied = action.invalidates.filter { !$0.argument.isEmpty }
      if !emptied.isEmpty {
        // Tags with an argument: emptied once the request has returned, before its success.
        performed = .tryExpression(
          .awaitExpression(
            Expression.name("self").dot("cache").dot("invalidating").call([
              Argument(nil, .array(emptied.map(tagExpression))),
              Argument("after", .closure(Closure(signature: signature, body: performed))),
            ])))
      }
      let operation = Closure(signature: signature, body: performed)
      var runArguments = [
        Argument(nil, .literal(.string(outcomes.scope))),
        Argument("policy", .dot(outcomes.policy.rawValue)),
      ]
      if outcomes.timing != nil {
        runArguments.append(Argument("timing", Expression.name("self").dot(GeneratedNames.timingParameter(action.name))))
      }
      runArguments += [
        Argument("context", .name("context")),
        Argument(nil, .closure(operation)),
        Argument("success", .closure(successClosure(action))),
        Argument("failure", .closure(failureClosure(action))),
      ]
      let run = Expression.name("self").dot("runner").dot("run").call(runArguments)
      let bindings = action.payload.map(\.name)
      return SwitchCase(
        patterns: [Pattern(caseName: action.name, bindings: bindings)], body: cancels + snapshot + [.expression(run)])
    }
    let allCases = cases + (handled.count < spec.actions.count ? [SwitchCase(patterns: [], body: [.breakStatement])] : [])
    let middlewareName = spec.names.effectsMiddleware
    let runnerType = types.runtime.generic("EffectRunner", [.named(spec.stateTypeName), .named(spec.actionTypeName)])
    // A clock only when some request waits on one.
    let isTimed = actions.contains { $0.async?.timing != nil }
    // Each timed request's timing is given when the middleware is made, the spec's by default.
    let timed = actions.compactMap { action in action.async?.timing.map { (action.name, $0) } }
    let timingType = types.runtime.type("EffectTiming")
    let timingDocs = timed.map { name, timing in
      "- Parameter \(GeneratedNames.timingParameter(name)): When `\(name)`'s request starts; by default the spec's "
        + "\(timing.kind.rawValue) of \(timing.milliseconds) ms."
    }
    var initializer =
      isTimed
      ? FunctionDeclaration(
        doc: (["- Parameter clock: What debounced and throttled requests wait on; a test passes one it advances."]
          + timingDocs).joined(separator: "\n"),
        access: access, kind: .initializer,
        parameters: [
          Parameter(name: "effects", type: .named("Effects")), clockParameter,
        ]
          + timed.map { name, timing in
            Parameter(name: GeneratedNames.timingParameter(name), type: timingType, defaultValue: timingExpression(timing))
          },
        body: [
          .assignment(.name("self").dot("effects"), .name("effects")),
          .assignment(.name("self").dot("runner"), Expression.type(runnerType).call([Argument("clock", .name("clock"))])),
        ]
          + timed.map { name, _ in
            .assignment(
              .name("self").dot(GeneratedNames.timingParameter(name)), .name(GeneratedNames.timingParameter(name)))
          })
      : FunctionDeclaration(
        access: access, kind: .initializer, parameters: [Parameter(name: "effects", type: .named("Effects"))],
        body: [.assignment(.name("self").dot("effects"), .name("effects"))])
    var cacheMember: [Declaration] = []
    if cached {
      // Its own clock: a test's immediate clock for timing would make every answer stale.
      initializer.parameters.append(
        Parameter(
          name: "cache", type: types.runtime.type("ResponseCache"),
          defaultValue: types.runtime.value("ResponseCache").call([])))
      initializer.body!.append(.assignment(.name("self").dot("cache"), .name("cache")))
      if let doc = initializer.doc {
        initializer.doc = doc + "\n- Parameter cache: Where answers of requests with `fresh:` are kept (on the `ContinuousClock` by default)."
      }
      cacheMember.append(
        .variable(
          VariableDeclaration(
            doc: "The answers of requests with `fresh:`, kept while fresh; actions with `invalidates:` empty them.",
            access: access, isConstant: true, name: "cache", type: types.runtime.type("ResponseCache"))))
    }
    let members: [Declaration] = [
      .variable(VariableDeclaration(doc: "The hand-written effects.", access: access, isConstant: true, name: "effects", type: .named("Effects"))),
      .variable(
        VariableDeclaration(
          doc: "Runs the requests, each action's by its policy; `runner.cancel(scope)` cancels a scope's.",
          access: access,
          isConstant: true, name: "runner", type: isTimed ? runnerType : nil,
          initializer: isTimed ? nil : Expression.type(runnerType).call([]))),
    ]
    + timed.map { name, _ in
      Declaration.variable(
        VariableDeclaration(
          doc: "When `\(name)`'s request starts.", access: access, isConstant: true,
          name: GeneratedNames.timingParameter(name), type: timingType))
    } + cacheMember
    + [
      .function(initializer),
      .function(
        processFunction(
          doc: "Starts the request of each async action and passes every action on.",
          body: [.switchStatement(.name("action"), allCases), .returnStatement(.name("action"))])),
    ]
    + runnerWork(
      idle: "Waits until the requests running, queued or due have dispatched their outcomes.",
      pending: "The scopes with requests under way.")
    let middleware = Declaration.structure(
      TypeDeclaration(
        doc: """
          Calls `\(effectsName)` for each async action and dispatches its success or failure action.

          \(policySummary(actions))
          """,
        access: access, name: middlewareName,
        genericParameters: [GenericParameter(name: "Effects", conformance: .named(effectsName))],
        inherits: [types.runtime.type("Middleware")],
        members: members))
    return protocols + [effects, middleware]
  }

  /// Whether the requests no operation performs have their own protocol (`<Feature>OtherEffects`).
  var splitsOtherEffects: Bool { spec.splitsOtherEffects }

  /// The hand-written effects, as first created: every request throws `UnimplementedEffect`.
  func effectsScaffold() -> [Declaration] {
    // With `api:`, only the requests no operation performs.
    let requests = splitsOtherEffects ? spec.handWrittenRequests : asyncActions
    let requirements = requests.flatMap { action in
      effectRequirement(
        action,
        body: [
          .throwStatement(
            types.runtime.value("UnimplementedEffect").call([Argument(nil, .literal(.string(action.async!.effect)))]))
        ])
    }
    let initializer =
      access.map { [Declaration.function(FunctionDeclaration(access: $0, kind: .initializer, body: []))] } ?? []
    return [
      .structure(
        TypeDeclaration(
          doc: "The \(spec.feature) feature's effects against the real world.", access: access,
          name: liveEffectsName, inherits: [.named(splitsOtherEffects ? spec.names.otherEffects : effectsName)],
          members: initializer + requirements))
    ]
  }

  // MARK: Persistence

  var persistedFieldsName: String { spec.names.persistedFields }

  /// The persisted fields' type and the `Persistence` for them; with `storage: sqlite`, the
  /// `SQLitePersistence` alone.
  func persistenceFile() -> [Declaration] {
    guard let persist = spec.persist else { return [] }
    if persist.storage == .sqlite { return [sqlitePersistence(persist)] }
    let fields = persist.fields.compactMap { name in spec.state.first { $0.name == name } }
    let fieldsType = Declaration.structure(
      TypeDeclaration(
        doc: "The fields of `\(spec.stateTypeName)` that `persist` lists, as they are saved.", access: access,
        name: persistedFieldsName, inherits: ["Codable", "Equatable", "Sendable"],
        members: fields.map { field in
          .variable(VariableDeclaration(access: access, name: field.name, type: types.typeName(field.type)))
        }
          // A field newly persisted, or saved before it existed, restores as its default.
          + codingKeys(fields, always: Self.decodesDefaults(fields, identified: false))
          + decodingInit(fields, identified: false)))
    let persisted = VariableDeclaration(
      doc: "The persisted fields of this state.", access: access, name: "persistedFields",
      type: .named(persistedFieldsName),
      getter: [
        .returnStatement(
          Expression.name(persistedFieldsName).call(fields.map { Argument($0.name, .name($0.name)) }))
      ])
    let restore = FunctionDeclaration(
      doc: "Puts saved fields back.", access: access, isMutating: true, kind: .function("restore"),
      parameters: [Parameter(label: "_", name: "saved", type: .named(persistedFieldsName))],
      body: fields.map { .assignment(.name("self").dot($0.name), .name("saved").dot($0.name)) })
    let persistence = FunctionDeclaration(
      doc: persistenceDoc(persist),
      access: access, isStatic: true, kind: .function("persistence"),
      parameters: [Parameter(name: "storage", type: .existential(types.runtime.type("PersistentStorage")))],
      returnType: types.runtime.generic("Persistence", [stateType, .named(persistedFieldsName)]),
      body: [
        .returnStatement(
          types.runtime.value("Persistence").call(
            [Argument("key", .literal(.string(persist.key))), Argument("storage", .name("storage"))]
              + versionArguments(persist) + [
                Argument("reading", ChangeTrackingCode.fields(persistedIndices(persist), types.runtime)),
                Argument("fields", .closure(Closure(body: .name("$0").dot("persistedFields")))),
                Argument(
                  "restore", .closure(Closure(body: .name("$0").dot("restore").call([Argument(nil, .name("$1"))])))),
              ]))
      ])
    let memberwise = FunctionDeclaration(
      access: access, kind: .initializer,
      parameters: fields.map { Parameter(name: $0.name, type: types.typeName($0.type)) },
      body: fields.map { .assignment(.name("self").dot($0.name), .name($0.name)) })
    var fieldsDeclaration = fieldsType
    // An initializer of its own (decoding defaults) takes away the synthesized memberwise one.
    if access != nil || Self.decodesDefaults(fields, identified: false), case .structure(var type) = fieldsType {
      type.members.append(.function(memberwise))
      fieldsDeclaration = .structure(type)
    }
    return [
      fieldsDeclaration,
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(spec.stateTypeName),
          members: [.variable(persisted), .function(restore), .function(persistence)])),
    ]
  }

  /// `persistence(storage:)` for `storage: sqlite`: a collection of models with an id is stored
  /// a row per element, any other field as one value.
  private func sqlitePersistence(_ persist: Persist) -> Declaration {
    let fields = persist.fields.compactMap { name in spec.state.first { $0.name == name } }
    let persistence = FunctionDeclaration(
      doc: persistenceDoc(persist),
      access: access, isStatic: true, kind: .function("persistence"),
      parameters: [Parameter(name: "storage", type: types.runtime.type("SQLiteStorage"))],
      returnType: types.runtime.generic("SQLitePersistence", [stateType]),
      body: [
        .returnStatement(
          types.runtime.value("SQLitePersistence").call(
            [Argument("key", .literal(.string(persist.key))), Argument("storage", .name("storage"))]
              + versionArguments(persist) + [
                Argument("reading", ChangeTrackingCode.fields(persistedIndices(persist), types.runtime)),
                Argument(
                  "fields",
                  .array(
                    fields.map { field in
                      Expression.dot(types.isIdentifiedList(field.type) ? "rows" : "value").call([
                        Argument(nil, .literal(.string(field.name))), Argument(nil, .keyPath(field.name)),
                      ])
                    })),
              ]))
      ])
    return .extensionDeclaration(
      ExtensionDeclaration(extendedType: .named(spec.stateTypeName), members: [.function(persistence)]))
  }

  private func persistedIndices(_ persist: Persist) -> [Int] {
    persist.fields.compactMap(spec.stateFieldIndex(named:)).sorted()
  }

  private func persistenceDoc(_ persist: Persist) -> String {
    let names = persist.fields.map { "`\($0)`" }.joined(separator: ", ")
    let format =
      persist.storage == .sqlite
      ? "In SQLite, a row per element of a list of models; format version \(persist.version)."
      : "As JSON, format version \(persist.version)."
    return """
      Restores and saves \(names) under the key `\(persist.key)`.

      \(format) Restore with `try persistence.restoredState(\(spec.stateTypeName)())`;
      then `let saver = persistence.attach(to: store)` saves them in the background after actions
      that change them, and `try saver.flush()` writes what is pending (before the app is suspended).
      """
  }

  /// `version:` and `migrations:`, when the format has moved on from version 1.
  private func versionArguments(_ persist: Persist) -> [Argument] {
    guard persist.version > 1 || !persist.migrations.isEmpty else { return [] }
    func path(_ path: [String]) -> Expression { .array(path.map { .literal(.string($0)) }) }
    let migrations = persist.migrations.map { migration in
      types.runtime.value("PersistenceMigration").call([
        Argument("version", .literal(.int(migration.version))),
        Argument(
          nil,
          .array(
            migration.steps.map { step in
              switch step {
              case .rename(let steps, let name):
                Expression.dot("rename").call([Argument(nil, path(steps)), Argument("to", .literal(.string(name)))])
              case .add(let steps, let json):
                Expression.dot("add").call([Argument(nil, path(steps)), Argument("json", .literal(.string(json)))])
              case .remove(let steps):
                Expression.dot("remove").call([Argument(nil, path(steps))])
              case .retype(let steps, let kind, let fallback):
                Expression.dot("retype").call([
                  Argument(nil, path(steps)), Argument("to", .dot(kind)),
                  Argument("fallback", .literal(.string(fallback))),
                ])
              }
            })),
      ])
    }
    return [
      Argument("version", .literal(.int(persist.version))),
      Argument("migrations", migrations.isEmpty ? .literal(.emptyArray) : .array(migrations)),
    ]
  }
}

/// The change-tracking conformances of a state and its action, for features and apps alike.
struct ChangeTrackingCode {
  let access: AccessModifier?
  let stateName: String
  let actionName: String
  let runtime: RuntimeTypes

  /// `StateFields(0, 2)`, `.none`, or `.all` when unknown or more than four.
  static func fields(_ indices: [Int]?, _ runtime: RuntimeTypes) -> Expression {
    guard let indices, indices.count <= 4 else { return .dot("all") }
    if indices.isEmpty { return .dot("none") }
    return runtime.value("StateFields").call(indices.map { Argument(nil, .literal(.int($0))) })
  }

  private func fields(_ indices: [Int]?) -> Expression { Self.fields(indices, runtime) }

  /// An app's action wrapping a feature's, when some of that feature's actions change more
  /// (shared actions): those cases of the wrapped action, and the fields the others change.
  struct WrappedChanges {
    var cases: [(actions: [String], fields: [Int])]
    /// nil when `cases` name every action of the feature.
    var otherwise: [Int]?
  }

  /// - Parameters:
  ///   - changes: Each action case and the fields it can change (nil: unknown).
  ///   - wrapped: For an app, the cases whose wrapped action decides (shared actions).
  ///   - reads: Each key path (a property name) and the fields it reads.
  func declarations(
    changes: [(action: String, fields: [Int]?)], wrapped: [String: WrappedChanges] = [:],
    reads: [(name: String, fields: [Int])], actionMembers: [Declaration] = []
  ) -> [Declaration] {
    var groups: [(fields: [Int]?, patterns: [Pattern])] = []
    var switchCases: [SwitchCase] = []
    // Each set of fields' group, found without a search per action.
    var groupIndex: [[Int]?: Int] = [:]
    for change in changes {
      if let inner = wrapped[change.action] {
        let cases = inner.cases.map { entry in
          SwitchCase(
            patterns: entry.actions.map { Pattern(caseName: $0, bindings: []) },
            body: [.returnStatement(fields(entry.fields))])
        }
        let otherwise = inner.otherwise.map { [SwitchCase(patterns: [], body: [.returnStatement(fields($0))])] } ?? []
        switchCases.append(
          SwitchCase(
            patterns: [Pattern(caseName: change.action, bindings: ["action"])],
            body: [.switchStatement(.name("action"), cases + otherwise)]))
        continue
      }
      let pattern = Pattern(caseName: change.action, bindings: [])
      if let index = groupIndex[change.fields] {
        groups[index].patterns.append(pattern)
      } else {
        groupIndex[change.fields] = groups.count
        groups.append((change.fields, [pattern]))
      }
    }
    let switches = SwitchChain.switches(
      over: .name("self"),
      switchCases + groups.map { SwitchCase(patterns: $0.patterns, body: [.returnStatement(fields($0.fields))]) },
      unreached: [.returnStatement(.dot("all"))]
    ) { [.returnStatement(.name(GeneratedNames.changedFieldsPart($0)))] }
    let changed = switches.enumerated().map { offset, body in
      Declaration.variable(
        offset == 0
          ? VariableDeclaration(
            doc: "The state fields this action's reducer can change, by declaration order.", access: access,
            name: "changedFields", type: runtime.type("StateFields"), getter: [body])
          : VariableDeclaration(
            doc: "The cases `changedFields` passes on.", access: .private,
            name: GeneratedNames.changedFieldsPart(offset + 1), type: runtime.type("StateFields"), getter: [body]))
    }
    let keyPathType = TypeName.generic("PartialKeyPath", [.named(stateName)])
    // Tables looked up, not a chain of comparisons (slow to type-check), at most
    // `SwitchChain.casesPerFunction` entries each, chained like a long switch.
    let tables = reads.isEmpty ? [[]] : reads.chunks(of: SwitchChain.casesPerFunction)
    let readBy = tables.enumerated().map { offset, entries in
      let table = VariableDeclaration(
        // `Self`, not the state's name: the line fits whatever the feature's name.
        isConstant: true, name: "fieldsByKeyPath",
        type: .dictionary(.generic("PartialKeyPath", [.named("Self")]), runtime.type("StateFields")),
        initializer: .dictionary(
          entries.map { DictionaryEntry(key: .keyPath($0.name), value: fields($0.fields)) }))
      let otherwise: Expression =
        offset == tables.count - 1
        ? .dot("all") : .name(GeneratedNames.fieldsReadPart(offset + 2)).call([Argument(nil, .name("keyPath"))])
      let body: [Statement] = [
        .declaration(table),
        .returnStatement(.binary(.subscripted(.name("fieldsByKeyPath"), .name("keyPath")), .nilCoalescing, otherwise)),
      ]
      return Declaration.function(
        offset == 0
          ? FunctionDeclaration(
            doc: "The fields `keyPath` reads: one for a field, the inputs of a derived property, else all.",
            access: access, isStatic: true, kind: .function("fields"),
            parameters: [Parameter(label: "readBy", name: "keyPath", type: keyPathType)],
            returnType: runtime.type("StateFields"), body: body)
          : FunctionDeclaration(
            doc: "The key paths `fields(readBy:)` passes on.", access: .private, isStatic: true,
            kind: .function(GeneratedNames.fieldsReadPart(offset + 1)),
            parameters: [Parameter(label: "_", name: "keyPath", type: keyPathType)],
            returnType: runtime.type("StateFields"), body: body))
    }
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(actionName), conformances: [runtime.type("ChangeReporting")],
          members: changed + actionMembers)),
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(stateName), conformances: [runtime.type("FieldTracking")], members: readBy)),
    ]
  }
}
