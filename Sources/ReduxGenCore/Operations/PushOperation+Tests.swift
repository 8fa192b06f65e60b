// The tests a push writes: a screen's fields given by `with`, and what they read of the state.
extension PushOperation {
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let (lets, arguments) = kit.arguments(action, [:])
    let top = Expression.optionalChain(context.target.dot("last")).dot("screen")
    // A screen already shown: the push goes on top of it.
    let shown = Expression.dot(destination).call([Argument(nil, .name(stateType).call())])
    if !given.isEmpty {
      guard !Self.readChangedElsewhere(given, action: action, operation: self, spec: kit.spec) else { return [] }
      return givenTests(&context, top: top, shown: shown)
    }
    // The payload's state is the screen's; a default state may make fresh ids, so only its
    // destination is known.
    let pushed =
      value == nil
      ? kit.expect(top.dot(destination), .notEqual, .literal(.nilLiteral)) : kit.expect(top, .equal, screen(kit.types, state: .name("state")))
    let body =
      [kit.newState(), .expression(context.target.dot("push").call([Argument(nil, shown)]))] + lets
      + [kit.reduce(action.name, arguments), kit.expect(context.target.dot("count"), .equal, .literal(.int(2))), pushed]
    return [
      context.test(
        "\(action.name) pushes a \(destination) screen on \(target.text)",
        "\(action.name)Pushes\(destination.uppercasingFirst)On\(target.text.identifierWords)", body)
    ]
  }

  /// `with`: the new screen holds each field given (the element found, the payload's values);
  /// with a lookup, an id no element has pushes nothing.
  private func givenTests(_ context: inout OperationTestContext, top: Expression, shown: Expression) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let (lets, arguments) = kit.arguments(action, [:])
    var setUp = [kit.newState(), .expression(context.target.dot("push").call([Argument(nil, shown)]))] + lets
    var found: Expression?
    if let lookedUp {
      guard let lookup = Self.lookupSetUp(lookedUp, action, kit) else { return [] }
      setUp += lookup
      found = .name("found")
    }
    setUp += Self.givenStateSamples(given, kit)
    let state = Self.givenState(
      stateType, given, types: kit.types, parameter: kit.argument, found: found ?? .name("found"), state: .name("state"))
    var tests = [
      context.test(
        "\(action.name) pushes a \(destination) screen holding what it is given",
        "\(action.name)Pushes\(destination.uppercasingFirst)Given",
        setUp + [
          kit.reduce(action.name, arguments), kit.expect(context.target.dot("count"), .equal, .literal(.int(2))),
          kit.expect(top, .equal, Expression.dot(destination).call([Argument(nil, state)])),
        ])
    ]
    if let (list, _) = lookedUp {
      tests.append(
        context.test(
          "\(action.name) pushes nothing for an id \(list) doesn't hold",
          "\(action.name)PushesNothingForAMissing\(list.uppercasingFirst)",
          [kit.newState(), .expression(context.target.dot("push").call([Argument(nil, shown)]))] + lets + [
            kit.reduce(action.name, arguments), kit.expect(context.target.dot("count"), .equal, .literal(.int(1))),
          ]))
    }
    return tests
  }

  /// `let found = ...; state.LIST = [found]`: the element a `with`'s lookup finds, its id the
  /// key's sample value; nil where the list holds no models.
  static func lookupSetUp(_ lookedUp: (list: String, key: String), _ action: Action, _ kit: TestTranslator) -> [Statement]? {
    guard case .array(.model(let element))? = kit.spec.stateField(named: lookedUp.list)?.type,
      let position = action.payload.firstIndex(where: { $0.name == lookedUp.key })
    else { return nil }
    let keyValue = kit.sample(action.payload[position].type, position + 7)
    return [
      kit.sampleConstant("found", kit.sample(.model(element), 1, overrides: ["id": keyValue]), type: .model(element)),
      .assignment(Expression.name("state").dot(lookedUp.list), .array([.name("found")])),
    ]
  }

  /// Whether another operation of `action` than `operation` may write a state field a `with`
  /// reads: then what it read depends on the operations' order, and the derived test of the
  /// values given leaves those out (examples pin them).
  static func readChangedElsewhere<Operation: ReduceOperationKind & Equatable>(
    _ given: [(field: String, value: Given)], action: Action, operation: Operation, spec: Spec
  ) -> Bool {
    let read = Set(leaves(of: given).flatMap { _, value in stateRead(by: value) })
    guard !read.isEmpty else { return false }
    // A derived value or a filter result read is made of fields not named here: any other
    // operation may change it.
    let readsDerived = read.contains { spec.stateField(named: $0) == nil }
    return action.reduce.contains { other in
      if let same = other.kind as? Operation, same == operation { return false }
      if readsDerived { return true }
      // A condition, or an operation writing no field it names (custom): any field.
      guard let path = other.path, !(other.kind is ConditionalOperation) else { return true }
      guard case .field(let name)? = path.steps.first else { return true }
      return read.contains(name)
    }
  }

  /// The state fields and derived values a value given reads, in order.
  static func stateRead(by value: Given) -> [String] {
    switch value {
    case .state(let name, _): [name]
    case .expression(let predicate): predicate.stateReads(over: Model(name: "", doc: nil, fields: []))
    default: []
    }
  }

  /// A sample in each state field a `with` reads (`state.syncUp = SyncUp(...)`), so the test
  /// sees the value read rather than a default.
  static func givenStateSamples(_ given: [(field: String, value: Given)], _ kit: TestTranslator) -> [Statement] {
    var read: [String] = []
    for (_, value) in leaves(of: given) {
      for name in stateRead(by: value) where !read.contains(name) { read.append(name) }
    }
    return read.enumerated().compactMap { position, name in
      guard let type = kit.spec.stateField(named: name)?.type else { return nil }
      return .assignment(Expression.name("state").dot(name), kit.types.expression(kit.sample(type, position + 5), type: type))
    }
  }
}
