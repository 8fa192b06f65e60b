// The tests of a parent's actions that reduce a grandchild's (`from: login.twoFactor.submitted`):
// the action sent two levels down, routed, equals the child's reducer, then the parent's action.
extension TestTranslator {
  /// One test per action of the parent reducing an action of a feature the presented child at
  /// `list` presents, or one further down.
  func grandchildHandlerTests(_ list: ChildFeature, names: inout UniqueNames) -> [Declaration] {
    spec.grandchildHandlers(of: list.field).flatMap { handler, action in
      [true, false].compactMap { grandchildHandlerTest(list, handler, action, presented: $0, names: &names) }
    }
  }

  /// `state.login = presented; state.login!.twoFactor = twoFactor`, the action sent as
  /// `.login(.twoFactor(.submitted(...)))`, expected to equal Login's reducer on
  /// `.twoFactor(.submitted(...))` then the parent's action with its parameters. Unless
  /// `presented`, the feature whose action it is isn't presented: the child drops the action,
  /// and the parent doesn't hear it.
  private func grandchildHandlerTest(
    _ list: ChildFeature, _ handler: ChildActionHandler, _ action: Action, presented isPresented: Bool,
    names: inout UniqueNames
  ) -> Declaration? {
    // The presented features from the child down, each with the field that holds it.
    var chain: [ChildFeature] = [list]
    for field in handler.through {
      guard let held = chain[chain.count - 1].spec.child(named: field) else { return nil }
      chain.append(held)
    }
    let owner = chain[chain.count - 1].spec
    // A hand-written reducer never runs on sample values: left to the examples.
    guard let grandchildAction = owner.action(named: handler.action), !grandchildAction.reducesByHand else { return nil }
    var setUp: [Statement] = []
    var presented = state
    // Unless `isPresented`, the last is not: nil, and its sample not made. Each sample is named
    // by its path below the child (`twoFactorPresented`, `namerNamerPresented`): a field's name
    // may come back further down.
    let shown = isPresented ? chain : Array(chain.dropLast())
    let sampleName = { (depth: Int) -> String in
      depth == 0
        ? "presented"
        : handler.through.prefix(depth).enumerated().map { $0.offset == 0 ? $0.element : $0.element.uppercasingFirst }.joined()
          + "Presented"
    }
    for (depth, held) in shown.enumerated() {
      setUp.append(sampleConstant(sampleName(depth), element(held.stateModel, 1, allFields: true), type: .model(held.stateModel.name)))
    }
    setUp.append(newState())
    for (depth, held) in chain.enumerated() {
      presented = depth == 0 ? presented.dot(held.field) : Expression.forceUnwrap(presented).dot(held.field)
      let value: Expression = depth < shown.count ? .name(sampleName(depth)) : .literal(.nilLiteral)
      setUp.append(.assignment(presented, value))
    }
    let sent = childAction(grandchildAction)
    // The action as the child receives it (`.twoFactor(.submitted(...))`).
    let toChild = handler.through.reversed().reduce(sent) { inner, field in Expression.dot(field).call([Argument(nil, inner)]) }
    let arguments = action.payload.map { parameter -> Argument in
      // The checker made sure the grandchild's action has each parameter.
      let position = grandchildAction.payload.firstIndex { $0.name == parameter.name } ?? 0
      return Argument(parameter.name, childArgument(grandchildAction, position).value)
    }
    let parentAction: Expression = arguments.isEmpty ? .dot(action.name) : .dot(action.name).call(arguments)
    let expected = Expression.name("expected")
    setUp += [
      .declaration(VariableDeclaration(name: "expected", initializer: state)),
      .expression(
        .name(list.spec.reducerName).call([
          Argument(nil, .inoutArgument(.forceUnwrap(expected.dot(list.field)))), Argument(nil, toChild),
        ])),
    ]
    if isPresented {
      setUp.append(
        .expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(expected)), Argument(nil, parentAction)])))
    }
    setUp += [
      .expression(
        .name(Self.reportingHelperName).call([
          Argument(nil, .inoutArgument(state)), Argument(nil, Expression.dot(list.field).call([Argument(nil, toChild)])),
        ])),
      expect(state, .equal, expected),
    ]
    let path = ([list.field] + handler.through).joined(separator: ".")
    let pathName = ([list.field] + handler.through.map(\.uppercasingFirst)).joined()
    guard isPresented else {
      return test(
        "\(path): \(owner.feature)'s \(handler.action), while none is presented, is not heard by \(action.name)",
        names.make("\(pathName)\(handler.action.uppercasingFirst)WhileDismissedNotHeard"), setUp)
    }
    return test(
      "\(path): \(owner.feature)'s \(handler.action) is reduced by \(action.name)",
      names.make("\(pathName)\(handler.action.uppercasingFirst)ReducedBy\(action.name.uppercasingFirst)"), setUp)
  }
}
