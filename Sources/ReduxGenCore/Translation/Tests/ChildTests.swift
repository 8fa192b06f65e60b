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
  /// `childActionsPerTest`; never one reduced by hand (`custom`): a sample payload and state are
  /// values the spec may never produce, which the user's code needn't take (TicTacToe's
  /// `board[row][column]` traps on them).
  private func childActions(_ child: Spec, _ actions: [Action]) -> [Expression] {
    Self.generatorOwned(actions).prefix(Self.childActionsPerTest).map(childAction)
  }

  /// The actions whose reducer the generator writes: those a routing test may send a child with
  /// sample values.
  static func generatorOwned(_ actions: [Action]) -> [Action] {
    actions.filter { !$0.reducesByHand }
  }

  /// The child's action with its sample payload.
  func childAction(_ action: Action) -> Expression {
    guard !action.payload.isEmpty else { return .dot(action.name) }
    return Expression.dot(action.name).call(action.payload.indices.map { childArgument(action, $0) })
  }

  /// The sample value of the child action's parameter at `position`.
  func childArgument(_ action: Action, _ position: Int) -> Argument {
    let parameter = action.payload[position]
    return Argument(parameter.name, types.expression(sample(parameter.type, position + 3), type: parameter.type))
  }

  /// The child's actions the routing tests send: those the parent doesn't reduce (`from:`), whose
  /// tests are their own (`handlerTests`).
  private func unhandledActions(_ list: ChildFeature) -> [Action] {
    let handled = Set(spec.handlers(of: list.field).map(\.childAction))
    return list.spec.actions.filter { !handled.contains($0.name) }
  }

  /// The ways a `from:` test sends the child's action: directly (nil) and, where a button of the
  /// child's alerts sends it, through that button with its alert shown and not.
  static func buttonVariants(_ child: Spec, sending action: String) -> [(alert: String, shown: Bool)?] {
    guard let alert = child.alerts.first(where: { $0.buttons.contains { $0.action == action } }) else { return [nil] }
    return [nil, (alert.name, true), (alert.name, false)]
  }

  /// The alert a button test sets before sending it: that alert, through its type (an alert named
  /// `none` written `.none` would be an optional's nil), or nil.
  static func shownAlert(_ child: Spec, _ button: (alert: String, shown: Bool), types: TypeTranslator) -> Expression {
    button.shown ? shownAlert(child, button.alert, types: types) : .literal(.nilLiteral)
  }

  /// The words a button test's title and name add: how the action was sent.
  static func buttonWords(_ button: (alert: String, shown: Bool)?) -> (title: String, name: String) {
    guard let button else { return ("", "") }
    return button.shown
      ? (" through \(button.alert)'s button", "Through\(button.alert.uppercasingFirst)")
      : (" only while an alert is shown", "OnlyWhileShown")
  }

  /// One test per action of the parent that reduces a child's (`from:`): the child's action routed
  /// equals the child's reducer, then the parent's action with what it reads, then the dismissal.
  private func handlerTests(_ list: ChildFeature, names: inout UniqueNames) -> [Declaration] {
    var tests: [Declaration] = []
    for (childActionName, action) in spec.handlers(of: list.field) {
      // A button's action the parent hears too: answered while the child shows the alert, and
      // dropped, the parent hearing nothing, while it shows none.
      let buttons = Self.buttonVariants(list.spec, sending: childActionName)
      tests += buttons.compactMap { handlerTest(list, childActionName, action, button: $0, names: &names) }
    }
    return tests
  }

  /// The test of one `from:` of a list or presented child: the child's action sent (or, with
  /// `button`, a button sending it, the alert shown or not) routed equals the child's reducer,
  /// then the parent's action, then the dismissal.
  private func handlerTest(
    _ list: ChildFeature, _ childActionName: String, _ action: Action, button: (alert: String, shown: Bool)?,
    names: inout UniqueNames
  ) -> Declaration? {
    let model = list.stateModel
    let child = list.spec
    let field = state.dot(list.field)
    let expected = Expression.name("expected")
    let expectedField = expected.dot(list.field)
    // The child's hand-written reducer never runs on sample values: a `custom` action the parent
    // hears is left to the examples.
    guard let childAction = child.action(named: childActionName), let from = action.from, !childAction.reducesByHand
    else { return nil }
    let sent: Expression =
      button == nil ? self.childAction(childAction) : .dot(Spec.alertField).call([Argument(nil, .dot(childActionName))])
    let childState: Expression =
      list.isList ? .forceUnwrap(.subscriptedByLabel(expectedField, label: "id", .name("second").dot("id"))) : .forceUnwrap(expectedField)
    let arguments = action.payload.map { parameter -> Argument in
      if from.readsState.contains(parameter.name) { return Argument(parameter.name, childState.dot(parameter.name)) }
      let position = childAction.payload.firstIndex { $0.name == parameter.name } ?? 0
      return Argument(parameter.name, childArgument(childAction, position).value)
    }
    let parentAction: Expression = arguments.isEmpty ? .dot(action.name) : .dot(action.name).call(arguments)
    let routed: Expression =
      list.isList
      ? .dot(list.field).call([Argument("id", .name("second").dot("id")), Argument("action", sent)])
      : .dot(list.field).call([Argument(nil, sent)])
    var setUp: [Statement]
    if list.isList {
      setUp = [
        sampleConstant("first", element(model, 1, allFields: true), type: .model(model.name)),
        sampleConstant("second", element(model, 2, allFields: true), type: .model(model.name)),
        newState(), .assignment(field, .array([.name("first"), .name("second")])),
      ]
    } else {
      setUp = [
        sampleConstant("presented", element(model, 1, allFields: true), type: .model(model.name)),
        newState(), .assignment(field, .name("presented")),
      ]
    }
    let stateElement: Expression =
      list.isList ? .forceUnwrap(.subscriptedByLabel(field, label: "id", .name("second").dot("id"))) : .forceUnwrap(field)
    if let button {
      setUp.append(.assignment(stateElement.dot(Spec.alertField), Self.shownAlert(child, button, types: types)))
    }
    setUp += [
      .declaration(VariableDeclaration(name: "expected", initializer: state)),
      .expression(.name(child.reducerName).call([Argument(nil, .inoutArgument(childState)), Argument(nil, sent)])),
    ]
    if button?.shown != false {
      setUp.append(
        .expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(expected)), Argument(nil, parentAction)])))
      if list.dismissOn.contains(childActionName) { setUp.append(.assignment(expectedField, .literal(.nilLiteral))) }
    }
    setUp += [
      .expression(.name(Self.reportingHelperName).call([Argument(nil, .inoutArgument(state)), Argument(nil, routed)])),
      expect(state, .equal, expected),
    ]
    let (by, nameBy) = Self.buttonWords(button)
    return test(
      "\(list.field): \(child.feature)'s \(childActionName) is reduced by \(action.name)\(by)",
      names.make("\(list.field)\(childActionName.uppercasingFirst)ReducedBy\(action.name.uppercasingFirst)\(nameBy)"), setUp)
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
    let staying = childActions(child, unhandledActions(list).filter { !list.dismissOn.contains($0.name) })
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
    // A button sending a dismissing action dismisses the child too, answered while it shows the
    // alert (the parent hears it).
    for name in list.dismissOn where spec.handlers(of: list.field).allSatisfy({ $0.childAction != name }) {
      guard child.action(named: name)?.reducesByHand != true,
        let alert = child.alerts.first(where: { $0.buttons.contains { $0.action == name } }) else { continue }
      tests.append(
        test(
          "\(list.field): \(alert.name)'s button sending \(name) dismisses the \(child.feature)",
          names.make("\(list.field)IsDismissedBy\(alert.name.uppercasingFirst)"),
          [
            setUp, newState(), .assignment(field, presented),
            .assignment(Expression.forceUnwrap(field).dot(Spec.alertField), Self.shownAlert(child, alert.name, types: types)),
            routed(Expression.dot(Spec.alertField).call([Argument(nil, .dot(name))])),
            expect(field, .equal, .literal(.nilLiteral)),
          ]))
    }
    if let first = childActions(child, child.actions).first {
      tests.append(
        test(
          "\(list.field): an action while no \(child.feature) is presented changes nothing",
          names.make("\(list.field)ActionWhileDismissedChangesNothing"),
          [newState(), constant("before", state), routed(first), expect(state, .equal, .name("before"))]))
    }
    return tests + handlerTests(list, names: &names) + grandchildHandlerTests(list, names: &names)
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
    let actions = childActions(child, unhandledActions(list))
    guard let firstAction = childActions(child, child.actions).first else { return [] }
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
    let routes = actions.isEmpty ? nil : test(
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
    return [routes, removed].compactMap { $0 } + handlerTests(list, names: &names)
  }
}

// A navigation stack's routing: a destination's action changes its screen alone, as the
// destination's reducer would; an action for a popped screen, or of another destination than the
// screen's, changes nothing.
extension TestTranslator {
  /// Per destination of each stack: its actions routed, and an action of it for a screen of
  /// another destination; per stack: an action for a popped screen.
  func stackTests(names: inout UniqueNames) -> [Declaration] {
    spec.stacks.flatMap { stackTests($0, names: &names) }
  }

  private func stackTests(_ stack: StackFeature, names: inout UniqueNames) -> [Declaration] {
    shownTests(stack, names: &names) + screenTests(stack, names: &names)
  }

  private func screenTests(_ stack: StackFeature, names: inout UniqueNames) -> [Declaration] {
    let field = state.dot(stack.field)
    let screen = { (destination: StackFeature.Destination) in
      Expression.dot(destination.name).call([Argument(nil, .name("screen"))])
    }
    let routed = { (id: Int, destination: StackFeature.Destination, action: Expression) in
      reduceOnScreen(stack, id: id, destination, action)
    }
    var tests: [Declaration] = []
    for (position, destination) in stack.destinations.enumerated() {
      let child = destination.spec
      let handled = Set(spec.handlers(of: stack.field, destination: destination.name).map(\.childAction))
      let actions = Self.generatorOwned(child.actions.filter { !handled.contains($0.name) })
        .prefix(Self.childActionsPerTest).map(childAction)
      tests += stackHandlerTests(stack, destination, names: &names)
      guard let firstAction = Self.generatorOwned(child.actions).first.map(childAction) else { continue }
      let sampleScreen = sampleConstant(
        "screen", element(destination.stateModel, 1, allFields: true), type: .model(destination.stateModel.name))
      // Screens 0 and 1 of this destination; the action goes to screen 1 (the top).
      let loop: [Statement] = [
        newState(),
        .expression(field.dot("push").call([Argument(nil, screen(destination))])),
        .expression(field.dot("push").call([Argument(nil, screen(destination))])),
        .declaration(VariableDeclaration(name: "expected", initializer: .name("screen"))),
        .expression(.name(child.reducerName).call([Argument(nil, .inoutArgument(.name("expected"))), Argument(nil, .name("action"))])),
        routed(1, destination, .name("action")),
        expect(.subscriptedByLabel(field, label: "id", .literal(.int(0))), .equal, screen(destination)),
        expect(
          .subscriptedByLabel(field, label: "id", .literal(.int(1))), .equal,
          Expression.dot(destination.name).call([Argument(nil, .name("expected"))])),
      ]
      if !actions.isEmpty {
      tests.append(
        test(
          "\(stack.field): a \(child.feature) action changes its screen alone",
          names.make("\(stack.field)\(destination.name.uppercasingFirst)ActionChangesItsScreenAlone"),
          [
            sampleScreen,
            .declaration(
              VariableDeclaration(
                isConstant: true, name: "actions", type: .array(.named(child.actionTypeName)), initializer: .array(actions))),
            .forIn("action", .name("actions"), where: nil, loop),
          ]))
      }
      // A screen of another destination: the action is dropped.
      if let other = stack.destinations.first(where: { $0.name != destination.name }) {
        tests.append(
          test(
            "\(stack.field): a \(child.feature) action for a screen of \(other.spec.feature) changes nothing",
            names.make("\(stack.field)\(destination.name.uppercasingFirst)ActionForAnotherScreenChangesNothing"),
            [
              newState(),
              .expression(
                field.dot("push").call([
                  Argument(nil, Expression.dot(other.name).call([Argument(nil, .name(other.spec.stateTypeName).call())]))
                ])),
              constant("before", state),
              routed(0, destination, firstAction),
              expect(state, .equal, .name("before")),
            ]))
      }
      // A popped screen: the action is dropped, and the screen pushed after it keeps its state.
      if position == 0 {
        tests.append(
          test(
            "\(stack.field): an action for a popped screen changes nothing",
            names.make("\(stack.field)ActionOfAPoppedScreenChangesNothing"),
            [
              sampleScreen,
              newState(),
              .expression(field.dot("push").call([Argument(nil, screen(destination))])),
              .expression(field.dot("pop").call()),
              .expression(field.dot("push").call([Argument(nil, screen(destination))])),
              constant("before", state),
              routed(0, destination, firstAction),
              expect(state, .equal, .name("before")),
              expect(field.dot("ids"), .equal, .array([.literal(.int(1))])),
            ]))
      }
    }
    return tests
  }

  /// `shows:`: per destination showing an element of a list of the parent's, each of its actions
  /// sent to the top of a stack whose every screen shows one element of the list; per action of
  /// the parent's that may change the list's elements, that action. After either, each screen
  /// showing an element the list holds shows it as the list holds it (a screen's change written
  /// back, and brought to the other screens).
  private func shownTests(_ stack: StackFeature, names: inout UniqueNames) -> [Declaration] {
    var tests: [Declaration] = []
    for shown in stack.shows {
      let showing = stack.destinations(showing: shown)
      let list = state.dot(shown.list)
      // `screen`, then a screen per other destination showing its element, then `screen` on top.
      let stacked = { (top: StackFeature.Destination) -> [Statement] in
        var body: [Statement] = [newState(), .assignment(list, .array([.name("screen").dot(shown.field)]))]
        for other in showing where other.name != top.name {
          let name = "shows" + other.name.uppercasingFirst
          body += [
            .declaration(
              VariableDeclaration(
                name: name, initializer: self.types.expression(self.element(other.stateModel, 1, allFields: true), type: .model(other.stateModel.name)))),
            .assignment(.name(name).dot(shown.field), .name("screen").dot(shown.field)),
            .expression(state.dot(stack.field).dot("push").call([Argument(nil, Expression.dot(other.name).call([Argument(nil, .name(name))]))])),
          ]
        }
        return body
      }
      // Each screen showing an element the list holds shows it as the list holds it.
      let inStep = Statement.forIn(
        "pushed", state.dot(stack.field), where: nil,
        showing.map { destination in
          .ifLet(
            "shown", Expression.optionalChain(.name("pushed").dot("screen").dot(destination.name)).dot(shown.field),
            [expect(.name("shown"), .equal, .binary(.subscriptedByLabel(list, label: "id", .name("shown").dot("id")), .nilCoalescing, .name("shown")))],
            else: nil)
        })
      for destination in showing where !Self.generatorOwned(destination.spec.actions).isEmpty {
        let child = destination.spec
        let top = showing.count
        let loop = stacked(destination) + [
          .expression(state.dot(stack.field).dot("push").call([Argument(nil, Expression.dot(destination.name).call([Argument(nil, .name("screen"))]))])),
          .expression(state.dot(stack.field).dot("push").call([Argument(nil, Expression.dot(destination.name).call([Argument(nil, .name("screen"))]))])),
          reduceOnScreen(stack, id: top, destination, .name("action")),
          inStep,
        ]
        tests.append(
          test(
            "\(stack.field): \(child.feature)'s actions keep \(shown.field) in step with \(shown.list)",
            names.make("\(stack.field)\(destination.name.uppercasingFirst)Keeps\(shown.field.uppercasingFirst)InStep"),
            [
              sampleConstant("screen", element(destination.stateModel, 1, allFields: true), type: .model(destination.stateModel.name)),
              .declaration(
                VariableDeclaration(
                  isConstant: true, name: "actions", type: .array(.named(child.actionTypeName)),
                  initializer: .array(Self.generatorOwned(child.actions).map(childAction)))),
              .forIn("action", .name("actions"), where: nil, loop),
            ]))
      }
      // The parent's actions that may change an element of the list.
      guard let first = showing.first else { continue }
      guard case .array(.model(let elementName))? = spec.stateField(named: shown.list)?.type,
        let idType = spec.model(named: elementName)?.idField?.type
      else { continue }
      for action in spec.actions where action.mayChangeElements(of: shown.list) && !action.reducesByHand {
        let arguments = action.payload.indices.map { childArgument(action, $0) }
        let sent: Expression = arguments.isEmpty ? .dot(action.name) : .dot(action.name).call(arguments)
        // The element shown has the id the action's sample payload names (an id, or an element).
        let named = action.payload.firstIndex { $0.type == idType || $0.type == .model(elementName) }
        let renumbered: [Statement] = named.map { position in
          [.assignment(.name("screen").dot(shown.field).dot("id"), types.expression(sample(idType, position + 3), type: idType))]
        } ?? []
        tests.append(
          test(
            "\(action.name) brings its change of \(shown.list) to the \(stack.field) screens showing it",
            names.make("\(action.name)Keeps\(stack.field.uppercasingFirst)\(shown.field.uppercasingFirst)InStep"),
            [
              .declaration(
                VariableDeclaration(
                  isConstant: renumbered.isEmpty, name: "screen",
                  initializer: types.expression(element(first.stateModel, 1, allFields: true), type: .model(first.stateModel.name))))
            ]
              + renumbered
              + stacked(first)
              + [
                .expression(state.dot(stack.field).dot("push").call([Argument(nil, Expression.dot(first.name).call([Argument(nil, .name("screen"))]))])),
                .expression(.name(Self.reportingHelperName).call([Argument(nil, .inoutArgument(state)), Argument(nil, sent)])),
                inStep,
              ]))
      }
    }
    return tests
  }

  /// `reduceReporting(&state, .path(id: 1, action: .tally(action)))`: a destination's action sent
  /// to the screen whose id is `id`.
  private func reduceOnScreen(
    _ stack: StackFeature, id: Int, _ destination: StackFeature.Destination, _ action: Expression
  ) -> Statement {
    .expression(
      .name(Self.reportingHelperName).call([
        Argument(nil, .inoutArgument(state)),
        Argument(
          nil,
          Expression.dot(stack.field).call([
            Argument("id", .literal(.int(id))), Argument("action", Expression.dot(destination.name).call([Argument(nil, action)])),
          ])),
      ]))
  }

  /// One test per action of the parent that reduces a destination's (`from: path.detail.save`):
  /// the destination's action sent to the top screen equals the destination's reducer on that
  /// screen, then the parent's action with what it reads.
  private func stackHandlerTests(
    _ stack: StackFeature, _ destination: StackFeature.Destination, names: inout UniqueNames
  ) -> [Declaration] {
    var tests: [Declaration] = []
    for (childActionName, action) in spec.handlers(of: stack.field, destination: destination.name) {
      // A button's action the parent hears too: answered while the screen shows the alert, and
      // dropped, the parent hearing nothing, while it shows none.
      let buttons = Self.buttonVariants(destination.spec, sending: childActionName)
      tests += buttons.compactMap {
        stackHandlerTest(stack, destination, childActionName, action, button: $0, names: &names)
      }
    }
    return tests
  }

  /// The test of one `from:` of a destination: its action (or, with `button`, a button sending
  /// it, the alert shown or not) sent to the top screen equals the destination's reducer on that
  /// screen, then the parent's action.
  private func stackHandlerTest(
    _ stack: StackFeature, _ destination: StackFeature.Destination, _ childActionName: String, _ action: Action,
    button: (alert: String, shown: Bool)?, names: inout UniqueNames
  ) -> Declaration? {
    let child = destination.spec
    let field = state.dot(stack.field)
    let expected = Expression.name("expected")
    let screen = { (value: Expression) in Expression.dot(destination.name).call([Argument(nil, value)]) }
    // The child's hand-written reducer never runs on sample values: a `custom` action the parent
    // hears is left to the examples.
    guard let childAction = child.action(named: childActionName), let from = action.from, !childAction.reducesByHand
    else { return nil }
    let sent: Expression =
      button == nil ? self.childAction(childAction) : .dot(Spec.alertField).call([Argument(nil, .dot(childActionName))])
    let arguments = action.payload.map { parameter -> Argument in
      if parameter.name == from.screenIDParameter { return Argument(parameter.name, .literal(.int(1))) }
      if from.readsState.contains(parameter.name) { return Argument(parameter.name, Expression.name("reduced").dot(parameter.name)) }
      let position = childAction.payload.firstIndex { $0.name == parameter.name } ?? 0
      return Argument(parameter.name, childArgument(childAction, position).value)
    }
    let parentAction: Expression = arguments.isEmpty ? .dot(action.name) : .dot(action.name).call(arguments)
    let sample = element(destination.stateModel, 1, allFields: true)
    var body = [sampleConstant(button == nil ? "screen" : "sample", sample, type: .model(destination.stateModel.name))]
    if let button {
      body += [
        .declaration(VariableDeclaration(name: "screen", initializer: .name("sample"))),
        .assignment(.name("screen").dot(Spec.alertField), Self.shownAlert(child, button, types: types)),
      ]
    }
    body += [
      newState(),
      .expression(field.dot("push").call([Argument(nil, screen(.name("screen")))])),
      .expression(field.dot("push").call([Argument(nil, screen(.name("screen")))])),
      .declaration(VariableDeclaration(name: "expected", initializer: state)),
      .declaration(VariableDeclaration(name: "reduced", initializer: .name("screen"))),
      .expression(.name(child.reducerName).call([Argument(nil, .inoutArgument(.name("reduced"))), Argument(nil, sent)])),
      .assignment(.subscriptedByLabel(expected.dot(stack.field), label: "id", .literal(.int(1))), screen(.name("reduced"))),
    ]
    if button?.shown != false {
      body.append(.expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(expected)), Argument(nil, parentAction)])))
    }
    body += [reduceOnScreen(stack, id: 1, destination, sent), expect(state, .equal, expected)]
    let (by, nameBy) = Self.buttonWords(button)
    return test(
      "\(stack.field): \(child.feature)'s \(childActionName) is reduced by \(action.name)\(by)",
      names.make(
        "\(stack.field)\(destination.name.uppercasingFirst)\(childActionName.uppercasingFirst)ReducedBy"
          + "\(action.name.uppercasingFirst)\(nameBy)"),
      body)
  }
}
