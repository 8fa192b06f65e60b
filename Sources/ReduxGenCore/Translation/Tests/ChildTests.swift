// The tests of a list of child features' routing: a child's action changes its element alone,
// and an action for an element no longer in the list changes nothing.
extension TestTranslator {
  /// The most child actions a routing test sends: enough to reach one that changes the element.
  static let childActionsPerTest = 8

  /// Two tests per list of child features (`children:`).
  func childTests(names: inout UniqueNames) -> [Declaration] {
    spec.children.flatMap { childTests($0, names: &names) }
  }

  /// Each of the child's actions with sample payloads (a test of routing sees them all), up to
  /// `childActionsPerTest`.
  private func childActions(_ child: Spec, _ actions: [Action]) -> [Expression] {
    actions.prefix(Self.childActionsPerTest).map { action -> Expression in
      guard !action.payload.isEmpty else { return .dot(action.name) }
      return Expression.dot(action.name).call(
        action.payload.enumerated().map { position, parameter in
          Argument(parameter.name, types.expression(sample(parameter.type, position + 3), type: parameter.type))
        })
    }
  }

  /// A presented child: its actions reach its state while it is presented (those of `dismissOn`
  /// then dismiss it), and change nothing while it isn't.
  private func presentedTests(_ list: ChildFeature, names: inout UniqueNames) -> [Declaration] {
    let model = list.stateModel
    let child = list.spec
    let field = state.dot(list.field)
    let presented = Expression.name("presented")
    let setUp = sampleConstant("presented", element(model, 1, allFields: true), type: .model(model.name))
    let routed = { (action: Expression) in
      Statement.expression(
        .name(Self.reportingHelperName).call([
          Argument(nil, .inoutArgument(state)), Argument(nil, Expression.dot(list.field).call([Argument(nil, action)])),
        ]))
    }
    let actionsType = TypeName.array(.named(child.actionTypeName))
    var tests: [Declaration] = []
    let staying = childActions(child, child.actions.filter { !list.dismissOn.contains($0.name) })
    if !staying.isEmpty {
      tests.append(
        test(
          "\(list.field): a presented \(child.feature)'s action reaches it", names.make("\(list.field)ActionReachesPresented"),
          [
            setUp,
            .declaration(VariableDeclaration(isConstant: true, name: "actions", type: actionsType, initializer: .array(staying))),
            .forIn(
              "action", .name("actions"), where: nil,
              [
                newState(),
                .assignment(field, presented),
                .declaration(VariableDeclaration(name: "expected", initializer: presented)),
                .expression(
                  .name(child.reducerName).call([Argument(nil, .inoutArgument(.name("expected"))), Argument(nil, .name("action"))])),
                routed(.name("action")),
                expect(field, .equal, .name("expected")),
              ]),
          ]))
    }
    let dismissing = childActions(child, list.dismissOn.compactMap(child.action(named:)))
    if !dismissing.isEmpty {
      tests.append(
        test(
          "\(list.field): \(list.dismissOn.joined(separator: ", ")) dismisses the \(child.feature)",
          names.make("\(list.field)IsDismissed"),
          [
            setUp,
            .declaration(VariableDeclaration(isConstant: true, name: "actions", type: actionsType, initializer: .array(dismissing))),
            .forIn(
              "action", .name("actions"), where: nil,
              [newState(), .assignment(field, presented), routed(.name("action")), expect(field, .equal, .literal(.nilLiteral))]),
          ]))
    }
    if let first = childActions(child, child.actions).first {
      tests.append(
        test(
          "\(list.field): an action while no \(child.feature) is presented changes nothing",
          names.make("\(list.field)ActionWhileDismissedChangesNothing"),
          [newState(), constant("before", state), routed(first), expect(state, .equal, .name("before"))]))
    }
    return tests
  }

  private func childTests(_ list: ChildFeature, names: inout UniqueNames) -> [Declaration] {
    guard list.isList else { return presentedTests(list, names: &names) }
    let model = list.stateModel
    let child = list.spec
    let field = state.dot(list.field)
    let (first, second) = (Expression.name("first"), Expression.name("second"))
    let elements = [
      sampleConstant("first", element(model, 1, allFields: true), type: .model(model.name)),
      sampleConstant("second", element(model, 2, allFields: true), type: .model(model.name)),
    ]
    let actions = childActions(child, child.actions)
    guard let firstAction = actions.first else { return [] }
    let routed = { (id: Expression, action: Expression) in
      Expression.dot(list.field).call([Argument("id", id.dot("id")), Argument("action", action)])
    }
    let reduceRouted = { (id: Expression, action: Expression) in
      Statement.expression(
        .name(Self.reportingHelperName).call([Argument(nil, .inoutArgument(state)), Argument(nil, routed(id, action))]))
    }
    let loop: [Statement] = [
      newState(),
      .assignment(field, .array([first, second])),
      .declaration(VariableDeclaration(name: "expected", initializer: second)),
      .expression(.name(child.reducerName).call([Argument(nil, .inoutArgument(.name("expected"))), Argument(nil, .name("action"))])),
      reduceRouted(second, .name("action")),
      expect(.subscriptedByLabel(field, label: "id", first.dot("id")), .equal, first),
      expect(.subscriptedByLabel(field, label: "id", second.dot("id")), .equal, .name("expected")),
    ]
    let routes = test(
      "\(list.field): a \(child.feature) action changes its element alone",
      names.make("\(list.field)ActionChangesItsElementAlone"),
      elements + [
        .declaration(
          VariableDeclaration(
            isConstant: true, name: "actions", type: .array(.named(child.actionTypeName)), initializer: .array(actions))),
        .forIn("action", .name("actions"), where: nil, loop),
      ])
    let removed = test(
      "\(list.field): an action of an element not in the list changes nothing",
      names.make("\(list.field)ActionOfAMissingElementChangesNothing"),
      elements + [
        newState(),
        .assignment(field, .array([first])),
        constant("before", state),
        reduceRouted(second, firstAction),
        expect(state, .equal, .name("before")),
        expect(.subscriptedByLabel(field, label: "id", first.dot("id")), .equal, first),
      ])
    return [routes, removed]
  }
}
