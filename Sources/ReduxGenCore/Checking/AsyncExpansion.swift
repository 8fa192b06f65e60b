/// What an action's `async` says, as read by the checker.
struct AsyncDeclaration {
  var request: String
  /// The `async` mapping, where a clash is reported.
  var node: YAMLNode
  var successPayload: [Field]
  var failurePayload: [Field]
  /// The `RequestStatus` field to add to the state, and where the spec names it.
  var status: (name: String, node: YAMLNode)?
  var policy: EffectPolicy = .latest
  /// Where `policy:` is written; nil when it is left out (latest).
  var policyNode: YAMLNode?
  /// The scope written (`scope: forecast`), else the request's own.
  var scope: (name: String, node: YAMLNode)?
  var onSuccess: YAMLNode?
  var onFailure: YAMLNode?
}

/// The step after reading actions: expands each `async` declaration into what it implies, the
/// `<request>Succeeded` and `<request>Failed` actions (right after their request) and the request
/// status field, with the status each of the three actions moves it to. Reading never adds to
/// the spec; this step does, from its input alone, and reports the names it can't take.
struct AsyncExpansion {
  private(set) var statusFields: [Field] = []
  private(set) var problems: [(SpecProblem, YAMLNode)] = []
  private var outcomes: [String: (success: Action, failure: Action)] = [:]
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
  ///   - state: the state as declared, so a status field can't take a field's name.
  init(_ declarations: [AsyncDeclaration], declared: [String: YAMLNode], state: [Field]) {
    var stateNames = Set(state.map(\.name))
    var taken = Set(declared.keys)
    for declaration in declarations {
      let request = declaration.request
      var success = Action(
        name: GeneratedNames.succeeded(request), doc: "`\(request)` succeeded.", payload: declaration.successPayload,
        reduce: [])
      var failure = Action(
        name: GeneratedNames.failed(request), doc: "`\(request)` failed.", payload: declaration.failurePayload,
        reduce: [])
      for outcome in [success, failure] {
        if let other = declared[outcome.name] {
          problems.append((.outcomeClash(outcome.name, request: request), other))
        } else if !taken.insert(outcome.name).inserted {
          problems.append((.duplicateName(outcome.name, what: .kind(.action)), declaration.node))
        }
      }
      if let (name, node) = declaration.status {
        if !stateNames.insert(name).inserted {
          problems.append((.duplicateName(name, what: .kind(.stateField)), node))
        } else {
          statusFields.append(Field(name: name, type: .requestStatus, defaultValue: .enumCase("idle"), doc: nil))
          requestStatus[request] = name
          success.status = StatusUpdate(field: name, phase: .succeeded)
          let message = failure.payload.first { $0.name == "message" && $0.type == .scalar(.string) }?.name
          failure.status = StatusUpdate(field: name, phase: .failed(message: message))
        }
      }
      outcomes[request] = (success, failure)
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
  }

  /// The actions as written, each async request marked and followed by its outcomes; an action
  /// written with an outcome's name (an error reported above) gives way to the outcome.
  func actions(expanding written: [Action]) -> [Action] {
    let outcomeNames = Set(outcomes.values.flatMap { [$0.success.name, $0.failure.name] })
    var result: [Action] = []
    for var action in written where !outcomeNames.contains(action.name) {
      guard let (success, failure) = outcomes[action.name] else {
        result.append(action)
        continue
      }
      let scope = requestScope[action.name] ?? action.name
      action.async = AsyncOutcomes(
        success: success.name, failure: failure.name, policy: scopePolicy[scope]?.policy ?? .latest, scope: scope)
      if let status = requestStatus[action.name] { action.status = StatusUpdate(field: status, phase: .loading) }
      result += [action, success, failure]
    }
    return result
  }
}
