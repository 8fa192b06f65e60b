/// The code model of `<Feature>TestEffects`: one `EffectDouble` (ReduxTesting) per effect of the
/// feature's async actions, which each test sets and reads, and the feature's effects protocol
/// implemented over them.
extension FeatureTranslator {
  var testEffectsName: String { spec.names.testEffects }

  /// The test effects class, in the tests; empty without async actions.
  func testEffectsFile() -> [Declaration] {
    let actions = asyncActions
    guard !actions.isEmpty else { return [] }
    // Failure actions the effects build from an error: the test hands the builder to `init`.
    let builders = actions.filter { !failureIsDerived($0) }
    let methodNames = actions.map { $0.async!.effect } + builders.map { $0.async!.failure }
    // What the doubles are called as the effects protocol, and what it holds them by: names no
    // effect takes.
    let accessor = freshName(["effects", "asEffects", "witness"], avoiding: methodNames)
    let stored = freshName(["doubles", "testEffects", "fakes"], avoiding: methodNames)
    let witness = "Effects"

    var members: [Declaration] = actions.flatMap { action -> [Declaration] in
      let async = action.async!
      let parameters = effectParameters(action)
      let callName = "\(async.effect)(\(parameters.map { "\($0.name):" }.joined()))"
      // Several arguments are a tuple, named so that the double's line stays short.
      let tupleName = async.effect.uppercasingFirst + "Arguments"
      let tuple: [Declaration] =
        parameters.count < 2 ? [] : [.typeAlias(access: nil, name: tupleName, type: argumentsType(parameters))]
      let arguments = tuple.isEmpty ? argumentsType(parameters) : .named(tupleName)
      // A stream's double yields values the test gives; another's returns or throws one.
      let doubleType =
        async.isStream
        ? types.runtime.generic("StreamDouble", [arguments, successType(action) ?? "Void"])
        : types.runtime.generic("EffectDouble", [arguments, successType(action) ?? "Void", failureType(action)])
      let recorded =
        switch parameters.count {
        case 0: "the number of its calls"
        case 1: "its calls' `\(parameters[0].name)`"
        default: "its calls' arguments"
        }
      return tuple + [
        .variable(
          VariableDeclaration(
            doc: "`\(callName)`, for `\(action.name)`: what it does, and \(recorded).", isConstant: true,
            name: async.effect,
            initializer: Expression.type(doubleType).call([Argument(nil, .literal(.string(callName)))])))
      ]
    }
    members += builders.map { action in
      let async = action.async!
      return .variable(
        VariableDeclaration(
          doc: "Builds `\(async.failure)` from what `\(async.effect)` threw.", isConstant: true,
          name: async.failure, type: builderType(action)))
    }
    members.append(
      .function(
        FunctionDeclaration(
          doc: builders.isEmpty ? nil : "- Parameters: the failure actions' builders, which the effects protocol requires.",
          kind: .initializer,
          parameters: builders.map { Parameter(name: $0.async!.failure, type: builderType($0)) },
          body: builders.map { .assignment(Expression.name("self").dot($0.async!.failure), .name($0.async!.failure)) })))
    members.append(
      .variable(
        VariableDeclaration(
          doc: "The doubles as `\(effectsName)`, for `\(spec.names.effectsMiddleware)(effects:)`.", name: accessor,
          type: .named(witness),
          getter: [.returnStatement(Expression.name(witness).call([Argument(stored, .name("self"))]))])))
    members.append(.structure(witnessType(witness, stored: stored, actions: actions, builders: builders)))
    return [
      .structure(
        TypeDeclaration(
          doc: """
            Test doubles of `\(effectsName)`: each test says what each effect does
            (`returns`, `fails`, `answers`, `waits`\(actions.contains { $0.async!.isStream } ? "; a stream's `yields`, `streams`" : "")) and reads the calls it got.
            """,
          name: testEffectsName, inherits: ["Sendable"], members: members))
    ]
  }

  /// The effect's parameters: the action's payload, then the state when it reads it.
  private func effectParameters(_ action: Action) -> [Parameter] {
    var parameters = action.payload.map { Parameter(name: $0.name, type: effectTypes.typeName($0.type)) }
    if action.async!.readsState { parameters.append(Parameter(name: "state", type: .named(spec.stateTypeName))) }
    return parameters
  }

  /// A double's `Arguments`: nothing, the one parameter, or a tuple of them.
  private func argumentsType(_ parameters: [Parameter]) -> TypeName {
    switch parameters.count {
    case 0: "Void"
    case 1: parameters[0].type
    default: .tuple(parameters.map { .init(label: $0.name, type: $0.type) })
    }
  }

  /// The arguments of a call, as the double records them.
  private func argumentsValue(_ parameters: [Parameter]) -> Expression {
    switch parameters.count {
    case 0: .tuple([])
    case 1: .name(parameters[0].name)
    default: .tuple(parameters.map { Argument($0.name, .name($0.name)) })
    }
  }

  private func failureType(_ action: Action) -> TypeName {
    typedErrorType(action) ?? .existential(.qualified(module: "Swift", name: "Error"))
  }

  /// A failure builder's closure type: the carried values and the error to the action.
  private func builderType(_ action: Action) -> TypeName {
    let carried = action.async!.carried.compactMap { name in action.payload.first { $0.name == name } }
    return .sendableFunction(
      carried.map { effectTypes.typeName($0.type) } + [.existential(.qualified(module: "Swift", name: "Error"))],
      returns: actionType)
  }

  /// `<Feature>TestEffects.Effects`: the effects protocol, each effect calling its double.
  private func witnessType(_ name: String, stored: String, actions: [Action], builders: [Action]) -> TypeDeclaration {
    let doubles = Expression.name(stored)
    var members: [Declaration] = [
      .variable(VariableDeclaration(isConstant: true, name: stored, type: .named(testEffectsName)))
    ]
    members += actions.map { action in
      let async = action.async!
      let parameters = effectParameters(action)
      return .function(
        FunctionDeclaration(
          kind: .function(async.effect), parameters: parameters, isAsync: true, isThrowing: true,
          thrownType: typedErrorType(action), returnType: effectReturnType(action),
          body: [
            .expression(
              async.isStream
                // The stream is made at once: `call` doesn't wait.
                ? .tryExpression(doubles.dot(async.effect).dot("call").call([Argument(nil, argumentsValue(parameters))]))
                : .tryExpression(
                  .awaitExpression(doubles.dot(async.effect).dot("call").call([Argument(nil, argumentsValue(parameters))]))))
          ]))
    }
    members += builders.map { action in
      let async = action.async!
      let carried = async.carried.compactMap { name in action.payload.first { $0.name == name } }
      let parameters =
        carried.map { Parameter(name: $0.name, type: effectTypes.typeName($0.type)) }
        + [Parameter(name: "error", type: .existential(.qualified(module: "Swift", name: "Error")))]
      return .function(
        FunctionDeclaration(
          kind: .function(async.failure), parameters: parameters, returnType: actionType,
          body: [.returnStatement(doubles.dot(async.failure).call(parameters.map { Argument(nil, .name($0.name)) }))]))
    }
    return TypeDeclaration(
      doc: "`\(effectsName)` over the doubles.", name: name, inherits: [.named(effectsName)], members: members)
  }
}
