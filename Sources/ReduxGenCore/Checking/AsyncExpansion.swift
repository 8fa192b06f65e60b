/// What an action's `async` says, as read by the checker.
struct AsyncDeclaration {
  var request: String
  /// The `async` mapping, where a clash is reported.
  var node: YAMLNode
  /// The request's payload, which `carry` picks from.
  var payload: [Field]
  /// The new outcome actions' own payloads (`success: { user: User }`).
  var successPayload: [Field] = []
  var failurePayload: [Field] = [Field(name: "message", type: .scalar(.string), defaultValue: nil, doc: nil)]
  /// Whether `failure:` is written; else the failure holds the error's description as `message`.
  var failureWritten = false
  /// An action the spec declares, named as an outcome (`success: setUser`).
  var successAction: (name: String, node: YAMLNode)?
  var failureAction: (name: String, node: YAMLNode)?
  /// The names chosen for new outcome actions (`successName: searchSuccess`).
  var successName: (name: String, node: YAMLNode)?
  var failureName: (name: String, node: YAMLNode)?
  /// The `RequestStatus` field to add to the state, and where the spec names it.
  var status: (name: String, node: YAMLNode)?
  var policy: EffectPolicy = .latest
  /// Where `policy:` is written; nil when it is left out (latest).
  var policyNode: YAMLNode?
  /// The scope written (`scope: forecast`), else the request's own.
  var scope: (name: String, node: YAMLNode)?
  var timing: (EffectTiming, YAMLNode)?
  /// The request's parameters both outcomes receive (`carry: [book]`), in the order written.
  var carried: [(name: String, node: YAMLNode)] = []
  /// The effects protocol's method name (`effect: forecast`).
  var effect: (name: String, node: YAMLNode)?
  var readsState = false
  var isOptional = false
  var freshFor: Int?
  var provides: [CacheTag] = []
  /// Where `stream: true` is written: the effect gives a stream, each value the success action.
  var stream: YAMLNode?
  /// The type of each provided tag's argument (`volume(id)`: `id`'s), by tag name.
  var providedTypes: [(tag: String, type: SpecType)] = []
  /// The keys that bind the request to an API operation (`operation:`, `request:`, ...).
  var apiKeys: CheckedKeys?
  var onSuccess: YAMLNode?
  var onFailure: YAMLNode?

  init(request: String, node: YAMLNode, payload: [Field]) {
    self.request = request
    self.node = node
    self.payload = payload
  }

  /// The success action's name: the existing action, the chosen name, or `<request>Succeeded`.
  var successActionName: String {
    successAction?.name ?? successName?.name
      ?? (stream == nil ? GeneratedNames.succeeded(request) : GeneratedNames.received(request))
  }
  var failureActionName: String { failureAction?.name ?? failureName?.name ?? GeneratedNames.failed(request) }
}

/// The step after reading actions: expands each `async` declaration into what it implies, the
/// success and failure actions (new ones right after their request, or actions the spec
/// declares), the carried parameters in both, and the request status field, with the status
/// each of the three actions moves it to. Reading never adds to the spec; this step does, from
/// its input alone, and reports the names it can't take.
struct AsyncExpansion {
  private(set) var statusFields: [Field] = []
  private(set) var problems: [(SpecProblem, YAMLNode)] = []
  /// Each request's outcomes: their names, and the new actions among them.
  private var outcomes: [String: (success: String, failure: String, new: [Action])] = [:]
  private var declarations: [String: AsyncDeclaration] = [:]
  /// The status updates of outcome actions the spec declares.
  private var existingStatus: [String: StatusUpdate] = [:]
  private var requestStatus: [String: String] = [:]
  /// Each request's effect scope, and each scope's policy with the request that set it.
  private var requestScope: [String: String] = [:]
  private var scopePolicy: [String: (policy: EffectPolicy, request: String, written: Bool)] = [:]
  /// What `cancels` may name: every effect scope and every async request.
  var cancellable: Set<String> { Set(requestScope.values).union(requestScope.keys) }

  /// The scope `cancels: [name]` cancels: the request's scope, or the scope of that name.
  func scope(cancelledBy name: String) -> String? {
    requestScope[name] ?? (Set(requestScope.values).contains(name) ? name : nil)
  }

  /// - Parameters:
  ///   - declared: every action name the spec declares, so an outcome can't take one silently;
  ///   - written: the actions as read, which `success: ACTION` may name;
  ///   - state: the state as declared, so a status field can't take a field's name.
  init(_ declarations: [AsyncDeclaration], declared: [String: YAMLNode], written: [Action], state: [Field]) {
    // Without async actions there is nothing to expand (a large spec's names aren't indexed).
    guard !declarations.isEmpty else { return }
    var stateNames = Set(state.map(\.name))
    // Names taken, with where a request chose one (`successName:`), for a clash to point there.
    var taken: [String: YAMLNode?] = Dictionary(uniqueKeysWithValues: declared.keys.map { ($0, nil) })
    let requests = Set(declarations.map(\.request))
    // Existing actions claimed as outcomes, by the request claiming them.
    var claimed: [String: String] = [:]
    var effectMethods: [String: YAMLNode?] = [:]
    // The new outcome actions' names, by request: `success: NAME` can't name one.
    var newOutcomes: [String: String] = [:]
    for declaration in declarations {
      if declaration.successAction == nil { newOutcomes[declaration.successActionName] = declaration.request }
      if declaration.failureAction == nil { newOutcomes[declaration.failureActionName] = declaration.request }
    }
    for declaration in declarations {
      let request = declaration.request
      self.declarations[request] = declaration
      // As the request holds them: an outcome doesn't make a new id (`= new`) or time (`= now`).
      let carried = declaration.carried.compactMap { carried in
        declaration.payload.first { $0.name == carried.name }.map { field in
          var carried = Field(
            name: field.name, type: field.type, defaultValue: field.madeByCreator ? nil : field.defaultValue, doc: nil)
          // A secret the request holds stays secret in its outcomes.
          carried.secret = field.secret
          return carried
        }
      }
      var new: [Action] = []
      if let (name, node) = declaration.status {
        if !stateNames.insert(name).inserted {
          problems.append((.duplicateName(name, what: .kind(.stateField)), node))
        } else {
          statusFields.append(Field(name: name, type: .requestStatus, defaultValue: .enumCase("idle"), doc: nil))
          requestStatus[request] = name
        }
      }
      for isSuccess in [true, false] {
        let existing = isSuccess ? declaration.successAction : declaration.failureAction
        let name = isSuccess ? declaration.successActionName : declaration.failureActionName
        var payload: [Field]
        if let (name, node) = existing {
          guard let action = written.first(where: { $0.name == name }) else {
            if let other = newOutcomes[name] {
              problems.append((.unfitOutcome(name, request: request, reason: .isAnotherOutcome(of: other)), node))
            } else {
              problems.append((.unknownAction(name, suggestion: closestMatch(to: name, in: written.map(\.name))), node))
            }
            continue
          }
          if name == request {
            problems.append((.unfitOutcome(name, request: request, reason: .isTheRequest), node))
          } else if requests.contains(name) {
            problems.append((.unfitOutcome(name, request: request, reason: .isAsync), node))
          } else if let other = claimed[name] {
            let reason: OutcomeFlaw = other == request ? .isBothOutcomes : .isAnotherOutcome(of: other)
            problems.append((.unfitOutcome(name, request: request, reason: reason), node))
          }
          claimed[name] = claimed[name] ?? request
          for field in carried where !action.payload.contains(where: { $0.name == field.name && $0.type == field.type }) {
            problems.append(
              (
                .outcomeLacksCarried(field.name, type: field.type.swiftName, outcome: name, request: request),
                declaration.carried.first { $0.name == field.name }!.node
              ))
          }
          payload = action.payload
        } else {
          let own = isSuccess ? declaration.successPayload : declaration.failurePayload
          for field in own where carried.contains(where: { $0.name == field.name }) {
            let implied = !isSuccess && !declaration.failureWritten
            problems.append(
              (.carriedDeclared(field.name, outcome: name, implied: implied), declaration.carried.first { $0.name == field.name }!.node))
          }
          payload = carried + own.filter { field in !carried.contains { $0.name == field.name } }
          // Reported where the name is chosen, when it is.
          let chosen = (isSuccess ? declaration.successName : declaration.failureName)?.node
          if let other = declared[name] {
            problems.append((.outcomeClash(name, request: request), chosen ?? other))
          } else if let first = taken[name] {
            problems.append((.duplicateName(name, what: .kind(.action)), chosen ?? first ?? declaration.node))
          } else {
            // `updateValue`: assigning nil through the subscript would remove the name.
            taken.updateValue(chosen, forKey: name)
          }
        }
        // A stream throws `any Error`: its failure can't hold a typed error.
        if !isSuccess, let stream = declaration.stream {
          let own = payload.filter { field in !carried.contains { $0.name == field.name } }
          if own.count == 1, own[0].name == "error" {
            switch own[0].type {
            case .model, .enumeration:
              problems.append((.streamTypedFailure(request: request, type: own[0].type.swiftName), stream))
            default:
              break
            }
          }
        }
        var update: StatusUpdate?
        if let field = requestStatus[request] {
          // The failure's own message, never a carried parameter of that name.
          let message = payload.first { field in
            field.name == "message" && field.type == .scalar(.string) && !carried.contains { $0.name == field.name }
          }?.name
          update = StatusUpdate(field: field, phase: isSuccess ? .succeeded : .failed(message: message))
        }
        if existing != nil {
          if let update { existingStatus[name] = update }
        } else {
          let doc =
            declaration.stream != nil && isSuccess
            ? "A value of `\(request)`'s stream." : "`\(request)` \(isSuccess ? "succeeded" : "failed")."
          var action = Action(name: name, doc: doc, payload: payload, reduce: [])
          action.status = update
          new.append(action)
        }
      }
      outcomes[request] = (declaration.successActionName, declaration.failureActionName, new)
      let method = declaration.effect?.name ?? request
      if let first = effectMethods[method] {
        problems.append((.duplicateName(method, what: .kind(.effectMethod)), declaration.effect?.node ?? first ?? declaration.node))
      } else {
        effectMethods.updateValue(declaration.effect?.node, forKey: method)
      }
      let scope = declaration.scope?.name ?? request
      requestScope[request] = scope
      if let (policy, other, written) = scopePolicy[scope], policy != declaration.policy {
        func shown(_ policy: EffectPolicy, written: Bool) -> String { written ? "'\(policy.rawValue)'" : "'\(policy.rawValue)' by default" }
        problems.append(
          (
            .scopePolicyClash(
              scope, request: request, policy: shown(declaration.policy, written: declaration.policyNode != nil), other: other,
              otherPolicy: shown(policy, written: written)),
            declaration.policyNode ?? declaration.scope?.node ?? declaration.node
          ))
      } else if scopePolicy[scope] == nil {
        scopePolicy[scope] = (declaration.policy, request, declaration.policyNode != nil)
      }
    }
    checkScopeTimings(declarations)
  }

  /// Under a policy other than `latest`, a scope's requests wait alike: one waiting request
  /// replaces another, which only `latest` allows.
  private mutating func checkScopeTimings(_ declarations: [AsyncDeclaration]) {
    var first: [String: AsyncDeclaration] = [:]
    for declaration in declarations {
      let scope = declaration.scope?.name ?? declaration.request
      guard let policy = scopePolicy[scope]?.policy, policy != .latest else { continue }
      guard let other = first[scope] else {
        first[scope] = declaration
        continue
      }
      if other.timing?.0 != declaration.timing?.0 {
        problems.append(
          (
            .scopeTimingClash(scope, request: declaration.request, other: other.request, policy: policy.rawValue),
            declaration.timing?.1 ?? declaration.scope?.node ?? declaration.node
          ))
      }
    }
  }

  /// The actions as written, each async request marked and followed by its new outcomes, and
  /// each existing outcome given its request's status; an action written with a new outcome's
  /// name (an error reported above) gives way to the outcome.
  func actions(expanding written: [Action]) -> [Action] {
    guard !outcomes.isEmpty || !existingStatus.isEmpty else { return written }
    let newNames = Set(outcomes.values.flatMap { $0.new.map(\.name) })
    var result: [Action] = []
    for var action in written where !newNames.contains(action.name) {
      if let status = existingStatus[action.name] { action.status = status }
      guard let (success, failure, new) = outcomes[action.name], let declaration = declarations[action.name] else {
        result.append(action)
        continue
      }
      let scope = requestScope[action.name] ?? action.name
      action.async = AsyncOutcomes(
        success: success, failure: failure, policy: scopePolicy[scope]?.policy ?? .latest, scope: scope,
        timing: declaration.timing?.0, carried: declaration.carried.map(\.name),
        effect: declaration.effect?.name ?? action.name, readsState: declaration.readsState,
        isOptional: declaration.isOptional, freshFor: declaration.freshFor, provides: declaration.provides,
        isStream: declaration.stream != nil)
      if let status = requestStatus[action.name] { action.status = StatusUpdate(field: status, phase: .loading) }
      result += [action] + new
    }
    return result
  }
}
