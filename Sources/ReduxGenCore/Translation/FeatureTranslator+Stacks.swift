// A navigation stack of destination features (`children: { path: { stack: [...] } }`): the enum
// of its screens and of their actions, the parent's action case, its route in the reducer, and
// its middleware.
extension FeatureTranslator {
  // MARK: Types

  /// `TalliesPath` (a case per destination, holding its state) and `TalliesPathAction` (a case
  /// per destination, holding its action), each with a property per case that reads it.
  func stackTypes() -> [Declaration] {
    spec.stacks.flatMap { stack -> [Declaration] in
      let screens = StackFeature.screensTypeName(feature: spec.feature, field: stack.field)
      let actions = StackFeature.screenActionsTypeName(feature: spec.feature, field: stack.field)
      let codable: [TypeName] = needed.codableStateAndAction ? ["Codable"] : []
      return [
        .enumeration(
          TypeDeclaration(
            doc: "A screen of `\(stack.field)`: one case per destination, holding its state.", access: access,
            name: screens, inherits: ["Equatable", "Sendable"] as [TypeName] + codable,
            members: stack.destinations.map { destination in
              .enumCase(
                EnumCaseDeclaration(
                  name: destination.name, associatedValues: [.init(label: "_", type: .named(destination.spec.stateTypeName))]))
            })),
        caseReaders(of: screens, stack, type: \.stateTypeName, what: "state"),
        .enumeration(
          TypeDeclaration(
            doc: "An action of a screen of `\(stack.field)`: one case per destination, holding its action.",
            access: access, name: actions, inherits: ["Equatable", "Sendable"] as [TypeName] + codable,
            members: stack.destinations.map { destination in
              .enumCase(
                EnumCaseDeclaration(
                  name: destination.name, associatedValues: [.init(label: "_", type: .named(destination.spec.actionTypeName))]))
            })),
        caseReaders(of: actions, stack, type: \.actionTypeName, what: "action"),
      ] + stackHearing(stack)
    }
  }

  /// `var detail: DetailState?`: what the case of each destination holds, nil for another case.
  private func caseReaders(of type: String, _ stack: StackFeature, type member: KeyPath<Spec, String>, what: String)
    -> Declaration
  {
    .extensionDeclaration(
      ExtensionDeclaration(
        extendedType: .named(type),
        members: stack.destinations.map { destination in
          .variable(
            VariableDeclaration(
              doc: "The \(destination.spec.feature) \(what) this holds, if it is one.", access: access,
              name: destination.name, type: .optional(.named(destination.spec[keyPath: member])),
              getter: [
                .ifCase(Pattern(caseName: destination.name, bindings: ["value"]), .name("self"), [.returnStatement(.name("value"))]),
                .returnStatement(.literal(.nilLiteral)),
              ]))
        }))
  }

  // MARK: Actions

  /// `case path(id: Int, action: TalliesPathAction)`.
  func stackActionCase(_ stack: StackFeature) -> Declaration {
    .enumCase(
      EnumCaseDeclaration(
        doc: "An action of the screen of `\(stack.field)` whose id is `id`.\n"
          + "Dropped when the stack holds no such screen, or it is another destination.",
        name: stack.field,
        associatedValues: [
          .init(label: "id", type: .named("Int")),
          .init(
            label: "action", type: .named(StackFeature.screenActionsTypeName(feature: spec.feature, field: stack.field))),
        ]))
  }

  /// `var path: (id: Int, action: TalliesPathAction)?`.
  func stackExtractor(_ stack: StackFeature) -> Declaration {
    let actions = StackFeature.screenActionsTypeName(feature: spec.feature, field: stack.field)
    return .variable(
      VariableDeclaration(
        doc: "The screen's id and action this carries, if it is an action of `\(stack.field)`.",
        access: access, name: stack.field,
        type: .optional(.tuple([.init(label: "id", type: .named("Int")), .init(label: "action", type: .named(actions))])),
        getter: [
          .ifCase(
            Pattern(caseName: stack.field, bindings: ["id", "action"]), .name("self"),
            [.returnStatement(.tuple([Argument("id", .name("id")), Argument("action", .name("action"))]))]),
          .returnStatement(.literal(.nilLiteral)),
        ]))
  }

  // MARK: Reducer

  /// `case .path(let id, let action)`: the screens' reducer on the screen whose id is `id`; a
  /// warning (in debug builds) when the stack holds none, or it is another destination.
  func stackRoute(_ stack: StackFeature) -> SwitchCase {
    // The mutant that gives every screen's action to the bottom screen.
    let id: Expression =
      stack.routeMutant == .firstElement
      ? .binary(.name("state").dot(stack.field).dot("ids").dot("first"), .nilCoalescing, .name("id")) : .name("id")
    let reduced = Expression.name(stackReducerName(stack)).call([
      Argument(nil, .inoutArgument(.name("state").dot(stack.field))), Argument("id", id),
      Argument(nil, .name("action")),
    ])
    let dropped = Statement.expression(
      types.runtime.value("PresentationCheck").dot("dropped").call([
        Argument(nil, .name("action")), Argument("feature", .literal(.string(spec.feature))),
        Argument("field", .literal(.string(stack.field))),
      ]))
    // After the destination's reducer, the parent's actions that reduce its action (`from:`),
    // reading the screen's state from the stack (only those that read it).
    let screen = Expression.forceUnwrap(.subscriptedByLabel(.name("state").dot(stack.field), label: "id", .name("id")))
    let handled = stack.destinations.compactMap { destination -> SwitchCase? in
      guard stack.routeMutant != .handlerDropped,
        let inner = handlerSwitch(
          ChildFeature(field: stack.field, spec: destination.spec), element: .forceUnwrap(screen.dot(destination.name)),
          destination: destination.name, elementLocal: "screen")
      else { return nil }
      return SwitchCase(patterns: [Pattern(caseName: destination.name, bindings: ["action"])], body: [inner])
    }
    let otherwise = handled.count < stack.destinations.count ? [SwitchCase(patterns: [], body: [.breakStatement])] : []
    if stack.routeMutant == .dropped {
      return SwitchCase(patterns: [Pattern(caseName: stack.field, bindings: [])], body: [.breakStatement])
    }
    // A destination's button the parent reads: the action as it hears it, before the reducer.
    let heard: [Statement] =
      hearsButtons(stack).isEmpty || stack.routeMutant == .buttonsUnheard
      ? []
      : [heardDeclaration(showing: .subscriptedByLabel(.name("state").dot(stack.field), label: "id", .name("id")))]
    let subject = Expression.name(heard.isEmpty ? "action" : "heard")
    // The element the screen shows (`shows:`), as its reducer left it, written into the list.
    let written = writingBack(stack)
    let after = written + (handled.isEmpty ? [] : [.switchStatement(subject, handled + otherwise)])
    let routed: Statement =
      after.isEmpty ? .ifElse(.prefix(.not, reduced), [dropped], nil) : .ifElse(reduced, after, [dropped])
    return SwitchCase(patterns: [Pattern(caseName: stack.field, bindings: ["id", "action"])], body: heard + [routed])
  }

  // MARK: Shown elements

  /// `shows:`: after a screen's action, its copy of each element it shows written into the
  /// parent's list (`state.syncUps.writeBack(screen.detail?.syncUp)`), and, when that changed
  /// the list, every screen showing one of its elements given it.
  func writingBack(_ stack: StackFeature) -> [Statement] {
    guard stack.routeMutant != .notWrittenBack, !stack.shows.isEmpty else { return [] }
    let screen = Expression.optionalChain(.subscriptedByLabel(.name("state").dot(stack.field), label: "id", .name("id")))
    // Per destination, after an action that may change what it shows (not one of `kept`).
    let cases = stack.destinations.map { destination -> SwitchCase in
      let written = stack.shows.filter { destination.spec.stateField(named: $0.field) != nil }.map { shown -> Statement in
        let copy = Expression.optionalChain(screen.dot(destination.name)).dot(shown.field)
        let write = Expression.name("state").dot(shown.list).dot("writeBack").call([Argument(nil, copy)])
        let shownAgain = showing(list: shown.list)
        return shownAgain.isEmpty ? .expression(write) : .ifElse(write, shownAgain, nil)
      }
      guard !written.isEmpty else { return SwitchCase(patterns: [Pattern(caseName: destination.name, bindings: [])], body: [.breakStatement]) }
      let kept = keptActions(stack, destination)
      guard !kept.isEmpty else { return SwitchCase(patterns: [Pattern(caseName: destination.name, bindings: [])], body: written) }
      // Every case of its action kept: nothing is written back.
      guard kept.count < destination.spec.actionCaseCount else {
        return SwitchCase(patterns: [Pattern(caseName: destination.name, bindings: [])], body: [.breakStatement])
      }
      return SwitchCase(
        patterns: [Pattern(caseName: destination.name, bindings: ["action"])],
        body: [
          .switchStatement(
            .name("action"),
            [
              SwitchCase(patterns: kept.map { Pattern(caseName: $0.name, bindings: []) }, body: [.breakStatement]),
              SwitchCase(patterns: [], body: written),
            ])
        ])
    }
    // No destination's action may change what it shows: nothing to write back.
    guard cases.contains(where: { $0.body != [.breakStatement] }) else { return [] }
    return [.switchStatement(.name("action"), cases)]
  }

  /// `shows:`: the destination's own actions that change none of the fields it shows (known by
  /// their reduce): after them nothing is written back.
  func keptActions(_ stack: StackFeature, _ destination: StackFeature.Destination) -> [Action] {
    let shown = stack.shows.map(\.field).filter { destination.spec.stateField(named: $0) != nil }
    return destination.spec.actions.filter { action in
      action.changedStateFields.map { fields in !shown.contains { fields.contains($0) } } == true
    }
  }

  /// `shows:`: each screen showing an element of the parent's `list` given it as the list holds
  /// it (`state.path.show(state.syncUps, in: \.syncUp, extract: { $0.detail }, embed: { .detail($0) })`,
  /// per destination): after an action that changes the list.
  func showing(list: String) -> [Statement] {
    spec.stacks(showing: list).flatMap { stack, shown -> [Statement] in
      guard stack.routeMutant != .notShown else { return [] }
      return stack.destinations(showing: shown).map { destination in
        .expression(
          Expression.name("state").dot(stack.field).dot("show").call([
            Argument(nil, .name("state").dot(list)),
            Argument("in", .keyPath(shown.field)),
            Argument("extract", .closure(Closure(body: .name("$0").dot(destination.name)))),
            Argument("embed", .closure(Closure(body: Expression.dot(destination.name).call([Argument(nil, .name("$0"))])))),
          ]))
      }
    }
  }

  /// The lists of `fields` some stack's screens show (`shows:`); every shown list for nil (a
  /// custom reducer, which may change any field).
  func shownLists(among fields: [String]?) -> [String] {
    var lists: [String] = []
    for stack in spec.stacks {
      for shown in stack.shows where !lists.contains(shown.list) && fields?.contains(shown.list) != false {
        lists.append(shown.list)
      }
    }
    return lists
  }

  /// The destinations of `stack` whose buttons the parent reads (`Spec.hearsButtons`).
  func hearsButtons(_ stack: StackFeature) -> [StackFeature.Destination] {
    stack.destinations.filter { spec.hearsButtons(of: $0.spec, field: stack.field, destination: $0.name) }
  }

  /// `func heard(showing:)` of `TalliesPathAction`: a destination's action as the parent reads
  /// it, given the screen it is sent to (read only for a button's action). Nothing where the
  /// parent reads no destination's buttons.
  func stackHearing(_ stack: StackFeature) -> [Declaration] {
    let hearing = hearsButtons(stack)
    guard !hearing.isEmpty else { return [] }
    let screens = StackFeature.screensTypeName(feature: spec.feature, field: stack.field)
    let actions = StackFeature.screenActionsTypeName(feature: spec.feature, field: stack.field)
    let cases = hearing.map { destination in
      SwitchCase(
        patterns: [Pattern(caseName: destination.name, bindings: ["action"])],
        body: [
          .returnStatement(
            Expression.dot(destination.name).call([
              Argument(
                nil,
                .name("action").dot("heard").call([
                  Argument(
                    "showing",
                    Expression.optionalChain(Expression.optionalChain(.name("screen").call([])).dot(destination.name))
                      .dot(Spec.alertField))
                ]))
            ]))
        ])
    }
    let otherwise = hearing.count < stack.destinations.count ? [SwitchCase(patterns: [], body: [.returnStatement(.name("self"))])] : []
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(actions),
          members: [
            .function(
              FunctionDeclaration(
                doc: """
                  This action as the parent's `from:` reads it: a button's action answered while the
                  screen shows an alert is that action.

                  - Parameter screen: The screen the action is sent to, read only for a button's action.
                  """,
                access: access, kind: .function("heard"),
                parameters: [Parameter(label: "showing", name: "screen", type: .autoclosure(.optional(.named(screens))))],
                returnType: .named(actions), body: [.switchStatement(.name("self"), cases + otherwise)]))
          ]))
    ]
  }

  /// The state fields a screen's action can change: the stack's, and what the parent's actions
  /// that reduce a destination's (`from:`) change.
  func changedFields(byRouteOf stack: StackFeature) -> [Int]? {
    guard var indices = spec.stateFieldIndex(named: stack.field).map({ [$0] }) else { return nil }
    // A screen's copy of an element it shows, written back (`shows:`), and given to the screens
    // of every stack showing the list.
    for shown in stack.shows {
      let fields = [shown.list] + spec.stacks(showing: shown.list).map(\.stack.field)
      for field in fields {
        guard let index = spec.stateFieldIndex(named: field) else { return nil }
        if !indices.contains(index) { indices.append(index) }
      }
    }
    for (_, action) in spec.handlers(of: stack.field) {
      guard let fields = changedFields(by: action) else { return nil }
      indices.append(contentsOf: fields.filter { !indices.contains($0) })
    }
    return indices.sorted()
  }

  func stackReducerName(_ stack: StackFeature) -> String {
    spec.reducerName + stack.field.uppercasingFirst
  }

  /// `talliesReducerPath(_:id:_:)`: a destination's reducer on the screen whose id is `id`, when
  /// it is that destination; false, changing nothing, otherwise.
  func stackReducers() -> [Declaration] {
    spec.stacks.map { stack in
      let screens = StackFeature.screensTypeName(feature: spec.feature, field: stack.field)
      let actions = StackFeature.screenActionsTypeName(feature: spec.feature, field: stack.field)
      // In place (`ScreenStack.modify`): a destination's state isn't copied to be changed.
      let cases = stack.destinations.map { destination in
        SwitchCase(
          patterns: [Pattern(caseName: destination.name, bindings: ["action"])],
          body: [
            .returnStatement(
              Expression.name("stack").dot("update").call([
                Argument("id", .name("id")),
                Argument("extract", .closure(Closure(parameters: ["screen"], body: Expression.name("screen").dot(destination.name)))),
                Argument(
                  "embed",
                  .closure(
                    Closure(
                      parameters: ["screen"], body: Expression.dot(destination.name).call([Argument(nil, .name("screen"))])))),
                Argument(
                  nil,
                  .closure(
                    Closure(
                      parameters: ["screen"],
                      body: .name(destination.spec.reducerName).call([
                        Argument(nil, .inoutArgument(.name("screen"))), Argument(nil, .name("action")),
                      ])))),
              ]))
          ])
      }
      return .function(
        FunctionDeclaration(
          doc: """
            Gives the screen of `\(stack.field)` whose id is `id` its destination's action, in place.
            False, changing nothing, when the stack holds no such screen or it is another destination.
            """,
          access: .private, kind: .function(stackReducerName(stack)),
          parameters: [
            Parameter(label: "_", name: "stack", type: types.typeName(.stack(screens)), isInout: true),
            Parameter(name: "id", type: .named("Int")),
            Parameter(label: "_", name: "action", type: .named(actions)),
          ],
          returnType: .named("Bool"),
          body: [.switchStatement(.name("action"), cases)]))
    }
  }

  // MARK: Middleware

  /// `ChildMiddleware(stack:...)`: each screen's chain, a `DestinationMiddleware` per destination
  /// made from the parameter of its name (`pathDetail`).
  func stackChain(_ stack: StackFeature) -> Expression? {
    guard let field = spec.stateFieldIndex(named: stack.field) else { return nil }
    let destinations = stack.destinations.map { destination in
      types.runtime.value("DestinationMiddleware").call([
        Argument(nil, .closure(Closure(body: .name(stackParameter(stack, destination)).call([Argument(nil, .name("id"))])))),
        Argument("state", .closure(Closure(body: .name("$0").dot("screen").dot(destination.name)))),
        Argument("extract", .closure(Closure(body: .name("$0").dot(destination.name)))),
        Argument("embed", .closure(Closure(body: Expression.dot(destination.name).call([Argument(nil, .name("$0"))])))),
      ])
    }
    return types.runtime.value("ChildMiddleware").call([
      Argument("stack", .closure(Closure(parameters: ["id"], body: .array(destinations)))),
      Argument("field", .literal(.int(field))),
      Argument("screens", .closure(Closure(body: .name("$0").dot(stack.field)))),
      Argument("extract", .closure(Closure(body: .name("$0").dot(stack.field)))),
      Argument(
        "embed",
        .closure(Closure(body: Expression.dot(stack.field).call([Argument("id", .name("$0")), Argument("action", .name("$1"))])))),
      Argument("reducer", .name(spec.reducerName)),
    ])
  }

  /// `pathDetail`: the parameter that makes a screen's chain for one destination, from its id.
  func stackParameter(_ stack: StackFeature, _ destination: StackFeature.Destination) -> String {
    Self.stackParameter(stack, destination)
  }

  static func stackParameter(_ stack: StackFeature, _ destination: StackFeature.Destination) -> String {
    stack.field + destination.name.uppercasingFirst
  }

  func stackParameters(_ stack: StackFeature) -> [Parameter] {
    stack.destinations.map { destination in
      Parameter(
        name: stackParameter(stack, destination),
        type: .sendableFunction(
          [.named("Int")],
          returns: .array(
            .existential(
              types.runtime.generic(
                "Middleware", [.named(destination.spec.stateTypeName), .named(destination.spec.actionTypeName)])))))
    }
  }
}
