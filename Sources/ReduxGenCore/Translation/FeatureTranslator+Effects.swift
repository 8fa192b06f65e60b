extension FeatureTranslator {
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

  /// What the effect returns: the success type, or for a stream (`stream: true`) an
  /// `AsyncThrowingStream` of it, each value one success action.
  func effectReturnType(_ action: Action) -> TypeName? {
    guard action.async?.isStream == true else { return successType(action) }
    return .generic("AsyncThrowingStream", [successType(action) ?? "Void", .existential(.qualified(module: "Swift", name: "Error"))])
  }

  /// Whether the failure action is built from the error (its description as `message`, or the
  /// typed error itself) or holds nothing but carried values; otherwise the effects type builds it.
  func failureIsDerived(_ action: Action) -> Bool {
    failureShape(action) != .builtByEffects
  }

  /// The carried parameters, as arguments of an outcome action.
  func carriedArguments(_ action: Action) -> [Argument] {
    (action.async?.carried ?? []).map { Argument($0, .name($0)) }
  }

  func effectRequirement(_ action: Action, body: [Statement]?) -> [Declaration] {
    let async = action.async!
    let types = effectTypes
    var parameters = action.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
    if async.readsState { parameters.append(Parameter(name: "state", type: .named(spec.stateTypeName))) }
    let typed = typedError(action)
    let endsWithout = async.isOptional ? " (nil ends the request without it)" : ""
    let reads = async.readsState ? "\n\n`state` is the state as `\(action.name)` leaves it." : ""
    let performs =
      async.isStream
      ? "Performs `\(action.name)`: each value of the stream it returns becomes `\(async.success)`, in order, until the "
        + "stream ends; an error it throws, `\(async.failure)`."
      : "Performs `\(action.name)`; what it returns becomes `\(async.success)`\(endsWithout)."
    var declarations: [Declaration] = [
      .function(
        FunctionDeclaration(
          doc: body == nil ? performs + reads : nil,
          access: body == nil ? nil : access, kind: .function(async.effect),
          parameters: parameters, isAsync: true, isThrowing: true, thrownType: typedErrorType(action),
          returnType: effectReturnType(action),
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
  func policySummary(_ actions: [Action]) -> String {
    let described = actions.map { action -> String in
      let outcomes = action.async!
      let scope = outcomes.scope == action.name ? "" : " (scope `\(outcomes.scope)`)"
      let timing = outcomes.timing.map { ", \($0.kind.rawValue) \($0.milliseconds) ms" } ?? ""
      return "- `\(action.name)`\(scope), \(outcomes.policy.rawValue)\(timing): \(outcomes.policy.summary)."
    }
    return (["Requests by policy:"] + described).joined(separator: "\n")
  }

  /// `.debounce(.milliseconds(300))`, in seconds when they are whole.
  func timingExpression(_ timing: EffectTiming) -> Expression {
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
  func successClosure(_ action: Action) -> Closure {
    var async = action.async!
    // The near miss that takes a stream's first value: nil when the stream had none.
    if async.takesFirstValueOnly { async.isOptional = true }
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
  func inPayloadOrder(_ arguments: [Argument], of outcome: String) -> [Argument] {
    let order = spec.action(named: outcome)?.payload.map(\.name) ?? []
    return arguments.sorted { (order.firstIndex(of: $0.label ?? "") ?? 0) < (order.firstIndex(of: $1.label ?? "") ?? 0) }
  }

  /// The first of `names` that is none of `taken`.
  func freshName(_ names: [String], avoiding taken: [String]) -> String {
    names.first { !taken.contains($0) } ?? names[0] + "\(taken.count)"
  }

  /// The closure that makes the failure action from the error.
  func failureClosure(_ action: Action) -> Closure {
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
      if outcomes.takesFirstValueOnly {
        // The near miss: the stream's first value as the one answer, the rest dropped.
        performed = .tryExpression(
          .awaitExpression(
            .call(call.dot("first"), [], trailingClosure: Closure(parameters: ["_"], body: .literal(.bool(true))))))
      }
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
      // Each value of a stream dispatched (`EffectRunner.stream`), but in its near miss.
      let streams = outcomes.isStream && !outcomes.takesFirstValueOnly
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
        Argument(streams ? "element" : "success", .closure(successClosure(action))),
        Argument("failure", .closure(failureClosure(action))),
      ]
      let run = Expression.name("self").dot("runner").dot(streams ? "stream" : "run").call(runArguments)
      let bindings = action.payload.map(\.name)
      return SwitchCase(
        patterns: [Pattern(caseName: action.name, bindings: bindings)], body: cancels + snapshot + [.expression(run)])
    }
    let allCases = cases + (handled.count < spec.actionCaseCount ? [SwitchCase(patterns: [], body: [.breakStatement])] : [])
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
}
