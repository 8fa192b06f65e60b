/// Builds the code model of a feature's generated sources.
struct FeatureTranslator {
  let types: TypeTranslator
  var spec: Spec { types.spec }
  /// Which types are `Codable` and `Hashable`.
  let needed: NeededConformances

  init(spec: Spec) {
    self.types = TypeTranslator(spec: spec)
    self.needed = spec.neededConformances
  }

  var access: AccessModifier? { spec.access.modifier }
  var stateType: TypeName { .named(spec.stateTypeName) }
  var actionType: TypeName { .named(spec.actionTypeName) }

  // MARK: State

  func stateFile() -> [Declaration] {
    var members = storedProperties(spec.state)
    members.append(memberwiseInit(spec.state))
    for filter in spec.filters {
      members.append(filterResult(filter))
    }
    let derived = DerivedTranslator(types: types, access: access)
    members += (spec.derived + spec.selectors).map(derived.property)
    if EqualityTranslator.writesOut(spec.state.count) {
      members += EqualityTranslator(access: access, typeName: spec.stateTypeName).structEquality(fields: spec.state.map(\.name))
    }
    let doc = spec.doc ?? "The state of the \(spec.feature) feature."
    return [
      .structure(
        TypeDeclaration(
          doc: doc, access: access, name: spec.stateTypeName,
          inherits: ["Equatable", "Sendable"] + (Self.identifies(spec.stateField(named: "id")?.type) ? ["Identifiable"] : [])
            + (needed.codableStateAndAction ? ["Codable"] : []), members: members))
    ] + secretsExtension(spec.stateTypeName, keys: secretKeys(spec.state)) + stackTypes() + viewStore()
  }

  /// Whether a state's `id` of this type makes it `Identifiable`: a scalar or an enum, which are
  /// `Hashable` (a list of child features finds its elements by it).
  static func identifies(_ type: SpecType?) -> Bool {
    switch type {
    case .scalar?, .enumeration?: true
    default: false
    }
  }

  /// The feature's `ViewStore` alias and its bindings, then its `ChangeNotifier` alias (iOS 16)
  /// with the same children and navigation bindings.
  func viewStore() -> [Declaration] {
    viewStore(ViewStoreCode(access: access, names: spec.names, runtime: types.runtime))
      + viewStore(ViewStoreCode(access: access, names: spec.names, runtime: types.runtime, form: .notifier))
  }

  private func viewStore(_ code: ViewStoreCode) -> [Declaration] {
    let bindings = spec.actions.compactMap { action -> Declaration? in
      guard let path = action.binding, let type = spec.field(atPath: path)?.type else { return nil }
      return code.binding(field: path, type: types.capturing.typeName(type), action: action)
    }
    // A row's binding takes its `Observed` row, and a derived value with an argument is memoized
    // per field: the view store's alone.
    let elementBindings = spec.actions.compactMap { action -> Declaration? in
      guard code.form == .viewStore, let binding = action.elementBinding,
        let type = spec.field(atPath: binding.field, inModel: binding.model)?.type
      else { return nil }
      return code.elementBinding(
        binding, element: types.capturing.typeName(.model(binding.model)), type: types.capturing.typeName(type),
        action: action)
    }
    let selectors = spec.selectors.compactMap { value -> Declaration? in
      guard code.form == .viewStore else { return nil }
      if !value.parameters.isEmpty {
        return code.selector(
          name: value.name, parameters: value.parameters.map { Parameter(name: $0.name, type: types.capturing.typeName($0.type)) },
          type: types.capturing.typeName(value.type), reading: value.inputs)
      }
      guard let (parameter, type) = spec.parameter(of: value) else { return nil }
      return code.selector(
        name: value.name, parameter: Parameter(name: parameter, type: types.capturing.typeName(type)),
        type: types.capturing.typeName(value.type), reading: value.listRoot)
    }
    let childStores = spec.children.map { child in
      code.childScope(child, idType: types.capturing.typeName(child.idType))
    }
    let stackStores = spec.stacks.map(code.stackScope)
    let navigation =
      spec.children.filter { !$0.isList }.map(code.presentationBinding) + spec.stacks.map(code.pathBinding)
      + (spec.alerts.isEmpty ? [] : [code.alertBinding(alert: .named(spec.alertTypeName))])
    return code.declarations(members: bindings + elementBindings + selectors + childStores + stackStores + navigation)
      + spec.stacks.map(code.screenScopes)
  }

  /// `filteredTasks`: the elements of `over` the selected case keeps.
  func filterResult(_ filter: Filter) -> Declaration {
    // A filter's result is a plain array: an identified list gives its elements.
    let overList = Expression.name(filter.over)
    let over = types.isIdentifiedList(over: filter) ? overList.dot("elements") : overList
    let model = spec.model(named: filter.element) ?? Model(name: filter.element, doc: nil, fields: [])
    // `state.remaining` in a case reads this State.
    let root: (String) -> Expression = { name in
      Predicate.isStateRoot(name, over: model) ? .name("self") : .name("$0").dot(name)
    }
    let cases = filter.cases.map { filterCase -> SwitchCase in
      let kept: Expression =
        filterCase.predicate == .constant(true)
        ? over
        : .call(
          over.dot("filter"), [],
          trailingClosure: Closure(
            // A case that reads no field (`false`) still takes the element: `{ _ in false }`.
            parameters: filterCase.predicate.readsElement(over: model) ? [] : ["_"],
            body: PredicateTranslator(types: types, element: .name("$0"), root: root).expression(filterCase.predicate)))
      let body: Statement = filter.sort.isEmpty ? .returnStatement(kept) : .assignment(.name("kept"), kept)
      return SwitchCase(patterns: [Pattern(caseName: filterCase.name, bindings: [])], body: [body])
    }
    var getter: [Statement] = [.switchStatement(.name(filter.selected), cases)]
    if !filter.sort.isEmpty {
      // ReduxRuntime's stable sort: ties keep their list order.
      getter.insert(
        .declaration(VariableDeclaration(isConstant: false, name: "kept", type: .array(.named(filter.element)))), at: 0)
      getter.append(.expression(.name("kept").dot("sortStably").call([Argument("by", types.sortKeys(filter.sort))])))
      getter.append(.returnStatement(.name("kept")))
    }
    return .variable(
      VariableDeclaration(
        doc: "The elements of `\(filter.over)` that the selected `\(filter.selected)` shows.",
        access: access, name: filter.result, type: .array(.named(filter.element)), getter: getter))
  }

  // MARK: Actions

  func actionFile() -> [Declaration] {
    var cases = spec.actions.map { action in
      Declaration.enumCase(
        EnumCaseDeclaration(
          doc: action.doc, name: action.name,
          associatedValues: action.payload.map { .init(label: $0.name, type: types.typeName($0.type)) }))
    }
    cases += spec.children.map { list in
      list.isList
        ? Declaration.enumCase(
          EnumCaseDeclaration(
            doc: "An action of the \(list.spec.feature) in `\(list.field)` whose `id` is `id`.", name: list.field,
            associatedValues: [
              .init(label: "id", type: types.typeName(list.idType)),
              .init(label: "action", type: .named(list.spec.actionTypeName)),
            ]))
        : Declaration.enumCase(
          EnumCaseDeclaration(
            doc: "An action of the \(list.spec.feature) presented in `\(list.field)`; dropped when none is.", name: list.field,
            associatedValues: [.init(label: "_", type: .named(list.spec.actionTypeName))]))
    }
    cases += spec.stacks.map(stackActionCase)
    cases += alertCase()
    let alertCases = spec.alerts.isEmpty ? [] : [(Spec.alertField, 1)]
    if EqualityTranslator.writesOut(spec.actions.count + spec.children.count + spec.stacks.count + alertCases.count) {
      cases += EqualityTranslator(access: access, typeName: spec.actionTypeName)
        .enumEquality(
          cases: spec.actions.map { ($0.name, $0.payload.count) } + spec.children.map { ($0.field, $0.isList ? 2 : 1) }
            + spec.stacks.map { ($0.field, 2) } + alertCases)
    }
    var declarations: [Declaration] = [
      .enumeration(
        TypeDeclaration(
          doc: "Everything that can happen in the \(spec.feature) feature.", access: access,
          name: spec.actionTypeName,
          inherits: ["Equatable", "Sendable"] + (needed.codableStateAndAction ? ["Codable"] : []), members: cases))
    ]
    if !spec.events.isEmpty {
      let events = spec.events.map { event in
        Declaration.enumCase(
          EnumCaseDeclaration(name: event.name, associatedValues: event.payload.map { .init(label: $0.name, type: types.typeName($0.type)) }))
      }
      declarations.append(
        .enumeration(
          TypeDeclaration(
            doc: "One-off outputs of the \(spec.feature) feature, for the view: not state.", access: access,
            name: spec.names.event, inherits: ["Equatable", "Sendable"], members: events)))
    }
    let creators =
      spec.actions.compactMap(creator) + spec.children.map(childExtractor) + spec.stacks.map(stackExtractor) + buttonHearing()
    if !creators.isEmpty {
      declarations.append(.extensionDeclaration(ExtensionDeclaration(extendedType: .named(spec.actionTypeName), members: creators)))
    }
    return declarations + secretsExtension(spec.actionTypeName, keys: secretActionKeys)
  }

  /// `var tallies: (id: Int, action: TallyAction)?`: the element's id and the child action this
  /// carries, if it is one of the list's.
  func childExtractor(_ list: ChildFeature) -> Declaration {
    guard list.isList else {
      return .variable(
        VariableDeclaration(
          doc: "The \(list.spec.feature) action this carries, if it is an action of `\(list.field)`.",
          access: access, name: list.field, type: .optional(.named(list.spec.actionTypeName)),
          getter: [
            .ifCase(Pattern(caseName: list.field, bindings: ["action"]), .name("self"), [.returnStatement(.name("action"))]),
            .returnStatement(.literal(.nilLiteral)),
          ]))
    }
    return .variable(
      VariableDeclaration(
        doc: "The id and the \(list.spec.feature) action this carries, if it is an action of `\(list.field)`.",
        access: access, name: list.field,
        type: .optional(
          .tuple([.init(label: "id", type: types.typeName(list.idType)), .init(label: "action", type: .named(list.spec.actionTypeName))])),
        getter: [
          .ifCase(
            Pattern(caseName: list.field, bindings: ["id", "action"]), .name("self"),
            [.returnStatement(.tuple([Argument("id", .name("id")), Argument("action", .name("action"))]))]),
          .returnStatement(.literal(.nilLiteral)),
        ]))
  }

  /// `static func addTask(title:) -> Self` for an action with parameters written `= new` or
  /// `= now`: the action with those made from `ActionValues.current`, so the reducer stays pure.
  func creator(_ action: Action) -> Declaration? {
    let made = action.payload.filter(\.madeByCreator)
    guard !made.isEmpty else { return nil }
    let given = action.payload.filter { !$0.madeByCreator }
    let values = Expression.name("actionValues")
    let arguments = action.payload.map { parameter -> Argument in
      guard parameter.madeByCreator else { return Argument(parameter.name, .name(parameter.name)) }
      let source = parameter.type == .scalar(.uuid) ? "uuid" : "now"
      return Argument(parameter.name, values.dot(source).call())
    }
    let madeNames = made.map { "`\($0.name)`" }.joined(separator: " and ")
    return .function(
      FunctionDeclaration(
        doc: "`\(action.name)` with \(madeNames) made now by `actionValues` (`ActionValues.current` unless given).",
        access: access, isStatic: true, kind: .function(action.name),
        parameters: given.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
          + [
            Parameter(
              label: "using", name: "actionValues", type: types.runtime.type("ActionValues"),
              defaultValue: Expression.dot("current"))
          ],
        returnType: .named("Self"), body: [.returnStatement(Expression.dot(action.name).call(arguments))]))
  }

  // MARK: Reducer

  func reducerFile() -> [Declaration] {
    var cases: [SwitchCase] = []
    var idle: [Pattern] = []
    for action in spec.actions {
      let translator = ReduceTranslator(types: types, action: action)
      var body = action.reduce.flatMap { translator.statements(for: $0, state: .name("state")) }
      var used = Set(action.reducesByHand ? action.payload.map(\.name) : action.reduce.flatMap(\.parameters))
      if let status = action.status {
        let value: Expression
        switch status.phase {
        case .loading: value = .dot("loading")
        case .succeeded: value = .dot("succeeded")
        case .failed(let message?):
          value = Expression.dot("failed").call([Argument(nil, .name(message))])
          used.insert(message)
        case .failed(nil):
          value = Expression.dot("failed").call([Argument(nil, .literal(.string(action.name)))])
        }
        let target = Expression.name("state").dot(status.field)
        if let condition = status.condition {
          // Sent only where the condition holds; else nothing runs (latest cancelled the rest).
          used.formUnion(PredicateSearch.fields(readBy: condition))
          let test = PredicateTranslator(types: types, element: .name("state")) { .name($0) }.expression(condition)
          body.append(.ifElse(test, [.assignment(target, value)], [.assignment(target, .dot("idle"))]))
        } else {
          body.append(.assignment(target, value))
        }
      }
      // The screens showing an element of a list it changes (`shows:`) given it.
      for list in shownLists(among: action.changedStateFields) where action.mayChangeElements(of: list) {
        body += showing(list: list)
      }
      let bindings = action.payload.map { used.contains($0.name) ? $0.name : nil }
      let pattern = Pattern(
        caseName: action.name, bindings: bindings.allSatisfy { $0 == nil } ? [] : bindings)
      if body.isEmpty {
        idle.append(pattern)
      } else {
        cases.append(SwitchCase(patterns: [pattern], body: body))
      }
    }
    cases += spec.children.map(childRoute)
    cases += spec.stacks.map(stackRoute)
    cases += alertRoute()
    if !idle.isEmpty {
      cases.append(SwitchCase(patterns: idle, body: [.breakStatement]))
    }
    let doc = """
      The \(spec.feature) feature's reducer: applies `action` to `state`.

      - Parameters:
        - state: The state to change.
        - action: What happened.
      """
    let parameters = [
      Parameter(label: "_", name: "state", type: stateType, isInout: true),
      Parameter(label: "_", name: "action", type: actionType),
    ]
    let switches = SwitchChain.switches(over: .name("action"), cases, unreached: [.breakStatement]) { part in
      [.expression(.name(spec.names.reducerPart(part)).call([Argument(nil, .inoutArgument(.name("state"))), Argument(nil, .name("action"))]))]
    }
    let parts = switches.enumerated().map { offset, body in
      Declaration.function(
        offset == 0
          ? FunctionDeclaration(
            doc: doc, access: access, kind: .function(spec.reducerName), parameters: parameters, body: [body])
          : FunctionDeclaration(
            doc: "The actions `\(spec.reducerName)` passes on, in declaration order.", access: .private,
            kind: .function(spec.names.reducerPart(offset + 1)), parameters: parameters, body: [body]))
    }
    return customReducing() + parts + stackReducers()
  }

  /// `case .tallies(let id, let action)`: the child's reducer on the element whose `id` is `id`,
  /// nothing when there is none (it was removed while its action was on its way).
  func childRoute(_ list: ChildFeature) -> SwitchCase {
    guard list.isList else { return presentedRoute(list) }
    let field = Expression.name("state").dot(list.field)
    let reduce = Expression.name(list.spec.reducerName).call([
      Argument(nil, .inoutArgument(.subscripted(field, .name("index")))), Argument(nil, .name("action")),
    ])
    let body: [Statement]
    switch list.routeMutant {
    case nil, .keepsPresented?, .handlerDropped?, .buttonsUnheard?, .notWrittenBack?, .notShown?:
      let element = Expression.subscripted(field, .name("index"))
      let heard = hearing(list, element: element)
      let handled = handlerSwitch(list, element: element, over: .name(heard == nil ? "action" : "heard")).map { [$0] } ?? []
      body = [
        .ifLet(
          "index", field.dot("index").call([Argument("id", .name("id"))]),
          (heard.map { [$0] } ?? []) + [.expression(reduce)] + handled, else: nil)
      ]
    case .firstElement?:
      body = [.ifLet("index", field.dot("indices").dot("first"), [.expression(reduce)], else: nil)]
    case .dropped?:
      body = [.breakStatement]
    }
    let bindings: [String?] =
      list.routeMutant == .firstElement ? [nil, "action"] : list.routeMutant == .dropped ? [] : ["id", "action"]
    return SwitchCase(patterns: [Pattern(caseName: list.field, bindings: bindings)], body: body)
  }

  /// `case .namer(let action)`: the child's reducer on the presented state, then nil for a
  /// dismissing action; a warning (in debug builds) and nothing else when none is presented.
  func presentedRoute(_ list: ChildFeature) -> SwitchCase {
    let field = Expression.name("state").dot(list.field)
    let heard = hearing(list, element: .forceUnwrap(field))
    let subject = Expression.name(heard == nil ? "action" : "heard")
    var presented: [Statement] = (heard.map { [$0] } ?? []) + grandchildPresence(list, element: .forceUnwrap(field)) + [
      .expression(
        .name(list.spec.reducerName).call([Argument(nil, .inoutArgument(.forceUnwrap(field))), Argument(nil, .name("action"))]))
    ]
    if let handled = handlerSwitch(list, element: .forceUnwrap(field), over: subject) { presented.append(handled) }
    let dismissOn = list.routeMutant == .keepsPresented ? [] : list.dismissOn
    if !dismissOn.isEmpty {
      let dismiss = SwitchCase(patterns: dismissOn.map { Pattern(caseName: $0, bindings: []) }, body: [.assignment(field, .literal(.nilLiteral))])
      presented.append(.switchStatement(subject, [dismiss] + Self.otherwise(dismissOn.count, of: list.spec)))
    }
    let dropped = Statement.expression(
      types.runtime.value("PresentationCheck").dot("dropped").call([
        Argument(nil, .name("action")), Argument("feature", .literal(.string(spec.feature))),
        Argument("field", .literal(.string(list.field))),
      ]))
    let body: [Statement] =
      list.routeMutant == .dropped
      ? [.breakStatement]
      : [.ifElse(.binary(field, .notEqual, .literal(.nilLiteral)), presented, [dropped])]
    return SwitchCase(
      patterns: [Pattern(caseName: list.field, bindings: list.routeMutant == .dropped ? [] : ["action"])], body: body)
  }

  /// `default: break` after `covered` cases of a switch over `child`'s action, only where another
  /// case can reach it: Swift warns about one that can't.
  static func otherwise(_ covered: Int, of child: Spec) -> [SwitchCase] {
    covered < child.actionCaseCount ? [SwitchCase(patterns: [], body: [.breakStatement])] : []
  }

  /// The names a child's route reads, which a parameter's binding must not hide.
  static let routeNames: Set<String> = ["state", "action", "index", "id", "screen"]

  /// `switch action { case .save: talliesReducer(&state, .nameChosen(draft: state.namer!.draft)) }`:
  /// after the child's reducer, the parent's actions that reduce the child's (`from:`), each
  /// given the child action's parameters and the child's state fields (`element`) they name.
  /// `subject` is what the switch reads: `heard` where the child's buttons are heard.
  func handlerSwitch(
    _ list: ChildFeature, element given: Expression, destination: String? = nil, over subject: Expression = .name("action"),
    elementLocal: String? = nil
  ) -> Statement? {
    let handlers = destination.map { spec.handlers(of: list.field, destination: $0) } ?? spec.handlers(of: list.field)
    let grandchildren = destination == nil ? spec.grandchildHandlers(of: list.field) : []
    guard !handlers.isEmpty || !grandchildren.isEmpty, list.routeMutant != .handlerDropped else { return nil }
    var cases = handlers.compactMap { childActionName, action -> SwitchCase? in
      guard let childAction = list.spec.action(named: childActionName), let from = action.from else { return nil }
      // A parameter's local name, unless it would hide what the route reads (`index`, `state`).
      let local = { (name: String) in Self.routeNames.contains(name) ? name + "Given" : name }
      // The element read once into `elementLocal` (a stack's screen, found by its id) when named.
      let readsElement = !from.readsState.isEmpty
      let element = readsElement ? elementLocal.map(Expression.name) ?? given : given
      let declared: [Statement] =
        readsElement ? elementLocal.map { [.declaration(VariableDeclaration(isConstant: true, name: $0, initializer: given))] } ?? [] : []
      let arguments = action.payload.map { parameter in
        // A stack's `screen`: the id of the screen the action came from.
        if parameter.name == from.screenIDParameter { return Argument(parameter.name, .name("id")) }
        return Argument(
          parameter.name, from.readsState.contains(parameter.name) ? element.dot(parameter.name) : .name(local(parameter.name)))
      }
      let used = Set(action.payload.map(\.name)).subtracting(from.readsState).subtracting([from.screenIDParameter].compactMap(\.self))
      let bindings = childAction.payload.map { used.contains($0.name) ? local($0.name) : nil }
      let parentAction: Expression = arguments.isEmpty ? .dot(action.name) : .dot(action.name).call(arguments)
      return SwitchCase(
        patterns: [Pattern(caseName: childActionName, bindings: bindings.allSatisfy { $0 == nil } ? [] : bindings)],
        body: declared + [
          .expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(.name("state"))), Argument(nil, parentAction)]))
        ])
    }
    cases += grandchildCases(
      grandchildren.map { ($0.handler.through, $0.action) }, in: list.spec, names: Self.presenceNames(grandchildPaths(list)))
    return .switchStatement(subject, cases + Self.otherwise(cases.count, of: list.spec))
  }

  /// `let heard = action.heard(showing: ELEMENT.alert)`, before the child's reducer: its action
  /// as the parent reads it, a button's answered while an alert is shown being the button's
  /// action. Nil where the parent reads none of the child's buttons.
  func hearing(_ list: ChildFeature, element: Expression) -> Statement? {
    guard list.routeMutant != .buttonsUnheard,
      spec.hearsButtons(of: list.spec, field: list.field, dismissOn: list.isList ? [] : list.dismissOn)
    else { return nil }
    return heardDeclaration(showing: element.dot(Spec.alertField))
  }

  /// `let heard = action.heard(showing: SHOWN)`: the child's (or a screen's) action as its parent
  /// reads it, `shown` what shows the alert (read only for a button's action).
  func heardDeclaration(showing shown: Expression) -> Statement {
    .declaration(
      VariableDeclaration(
        isConstant: true, name: "heard", initializer: .name("action").dot("heard").call([Argument("showing", shown)])))
  }

  /// The protocol the hand-written custom reducer conforms to: one requirement per `custom` action.
  func customReducing() -> [Declaration] {
    guard spec.hasCustomReducers else { return [] }
    let requirements = spec.actions.filter(\.reducesByHand).map {
      Declaration.function(customFunction($0, body: nil))
    }
    return [
      .protocolDeclaration(
        TypeDeclaration(
          doc: "The hand-written part of `\(spec.reducerName)`: one function per `custom` action.",
          access: access, name: spec.customReducingName, members: requirements))
    ]
  }

  /// `static func reorder(_ state: inout TaskListState, from: Int, to: Int)`
  func customFunction(_ action: Action, body: [Statement]?, access: AccessModifier? = nil) -> FunctionDeclaration {
    FunctionDeclaration(
      doc: body == nil ? "Applies `\(action.name)` to `state`." : nil, access: access, isStatic: true,
      kind: .function(action.name),
      parameters: [Parameter(label: "_", name: "state", type: stateType, isInout: true)]
        + action.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) },
      body: body)
  }

  /// The hand-written custom reducer, as first created: each function fails an assertion until
  /// someone writes it (loud in debug builds and tests, nothing in a release build).
  func customReducerScaffold() -> [Declaration] {
    let functions = spec.actions.filter(\.reducesByHand).map { action in
      // The action alone: with the type's name, a long feature's line would pass 100 columns; the
      // assertion names the scaffold's file and line.
      let message = "\(action.name) is not written yet"
      let unwritten = Statement.expression(.name("assertionFailure").call([Argument(nil, .literal(.string(message)))]))
      return Declaration.function(customFunction(action, body: [unwritten], access: access))
    }
    return [
      .enumeration(
        TypeDeclaration(
          doc: "The `custom` reduce functions of the \(spec.feature) feature.", access: access,
          name: spec.customReducerName, inherits: [.named(spec.customReducingName)], members: functions))
    ]
  }
}

extension FollowUp {
  /// Whether a parameter takes a state field's value (after the trigger's reduce).
  var takesStateFields: Bool {
    arguments.contains { argument in
      switch argument.source {
      case .state: true
      case .expression(let predicate): PredicateSearch.fields(readBy: predicate).contains("state")
      default: false
      }
    }
  }

  /// Whether a parameter is made as it is sent (`= new`, `= now`), by `ActionValues.current`.
  var makesValues: Bool {
    arguments.contains { $0.source == .value(.newUUID) || $0.source == .value(.now) }
  }

  /// The follow-up as the action it sends (`.search(query: query)`): the one place its
  /// arguments become Swift, for the middleware that dispatches it and the derived test that
  /// expects it. `parameter` reads the trigger's parameter, `state` is the state after its
  /// reduce; a `= new` or `= now` parameter takes ReduxRuntime's `ActionValues.current`, as
  /// action creators do.
  /// A test passes `made`, which gives each made value (`.newUUID`, `.now`) as the values it
  /// binds make it, in the order the middleware makes them.
  func action(
    in spec: Spec, types: TypeTranslator, parameter: (String) -> Expression, state: Expression,
    qualified: Bool = false, made madeValue: ((Value) -> Expression)? = nil
  ) -> Expression {
    let payload = spec.action(named: action)?.payload ?? []
    let values = types.runtime.value("ActionValues").dot("current")
    let made = arguments.map { argument -> ReduxGenCore.Argument in
      let type = payload.first { $0.name == argument.parameter }?.type ?? .scalar(.bool)
      switch argument.source {
      case .parameter(let name): return ReduxGenCore.Argument(argument.parameter, parameter(name))
      case .state(let name): return ReduxGenCore.Argument(argument.parameter, state.dot(name))
      case .expression(let predicate):
        // Its names are the trigger's parameters; `state.NAME` reads the state after the reduce.
        let value = withoutActuallyEscaping(parameter) { parameter in
          PredicateTranslator(types: types, element: state, root: { $0 == "state" ? state : parameter($0) }).expression(predicate)
        }
        return ReduxGenCore.Argument(argument.parameter, value)
      case .value(let value) where madeValue != nil && (value == .newUUID || value == .now):
        return ReduxGenCore.Argument(argument.parameter, madeValue!(value))
      case .value(.newUUID): return ReduxGenCore.Argument(argument.parameter, values.dot("uuid").call())
      case .value(.now): return ReduxGenCore.Argument(argument.parameter, values.dot("now").call())
      case .value(let value): return ReduxGenCore.Argument(argument.parameter, types.expression(value, type: type))
      }
    }
    let base = qualified ? Expression.name(spec.actionTypeName).dot(action) : .dot(action)
    return made.isEmpty ? base : base.call(made)
  }
}
