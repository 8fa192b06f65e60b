// The tests of a list of child features' routing: a child's action changes its element alone,
// and an action for an element no longer in the list changes nothing.
extension TestTranslator {
  /// The most child actions a routing test sends: enough to reach one that changes the element.
  static let childActionsPerTest = 8

  /// Two tests per list of child features (`children:`).
  func childTests(names: inout UniqueNames) -> [Declaration] {
    spec.children.flatMap { childTests($0, names: &names) }
  }

  private func childTests(_ list: ChildList, names: inout UniqueNames) -> [Declaration] {
    let model = list.stateModel
    let child = list.spec
    let field = state.dot(list.field)
    let (first, second) = (Expression.name("first"), Expression.name("second"))
    let elements = [
      sampleConstant("first", element(model, 1, allFields: true), type: .model(model.name)),
      sampleConstant("second", element(model, 2, allFields: true), type: .model(model.name)),
    ]
    // Each action of the child with sample payloads (an element's test sees them all), up to
    // `childActionsPerTest`.
    let actions = child.actions.prefix(Self.childActionsPerTest).map { action -> Expression in
      guard !action.payload.isEmpty else { return .dot(action.name) }
      return Expression.dot(action.name).call(
        action.payload.enumerated().map { position, parameter in
          Argument(parameter.name, types.expression(sample(parameter.type, position + 1), type: parameter.type))
        })
    }
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
