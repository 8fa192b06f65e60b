/// The code model of what the seed systems add to a feature: change tracking, events,
/// effects for async actions, and persistence.
extension FeatureTranslator {
  // MARK: Change tracking

  /// The state fields (by index) an action's reducer can change; nil when unknown (custom).
  func changedFields(by action: Action) -> [Int]? {
    guard var names = action.changedStateFields else { return nil }
    // A shown list's change reaches the screens showing its elements (`shows:`).
    for list in shownLists(among: names) where action.mayChangeElements(of: list) {
      names += spec.stacks(showing: list).map(\.stack.field)
    }
    var indices: [Int] = []
    for name in names where name != action.unreportedField {
      guard let index = spec.stateFieldIndex(named: name) else { return nil }
      if !indices.contains(index) { indices.append(index) }
    }
    return indices.sorted()
  }

  /// The state fields a child's action can change: its field, and what the parent's actions that
  /// reduce the child's (`from:`) change.
  func changedFields(byRouteOf list: ChildFeature) -> [Int]? {
    guard var indices = spec.stateFieldIndex(named: list.field).map({ [$0] }) else { return nil }
    for action in spec.handlers(of: list.field).map(\.action) + spec.grandchildHandlers(of: list.field).map(\.action) {
      guard let fields = changedFields(by: action) else { return nil }
      indices.append(contentsOf: fields.filter { !indices.contains($0) })
    }
    return indices.sorted()
  }

  /// The state fields a filter's result reads: its list, its selected case, and what its
  /// cases read of the state (a derived value's inputs for a derived value).
  func fieldIndices(readBy filter: Filter) -> [Int] {
    guard let element = spec.model(named: filter.element) else { return [] }
    var names = [filter.over, filter.selected]
    for filterCase in filter.cases {
      for name in filterCase.predicate.stateReads(over: element) {
        names += spec.derived.first { $0.name == name }?.inputs ?? [name]
      }
    }
    return Set(names.compactMap(spec.stateFieldIndex(named:))).sorted()
  }

  /// `changedFields` for the Action and `fields(readBy:)` for the State, which let the store
  /// skip observers of fields an action can't change.
  func changeTracking() -> [Declaration] {
    // Key paths to stored fields of one type that holds one value compare equal (Swift stores
    // them in no bytes): the first stands for all of them, which never change.
    var reads: [(name: String, fields: [Int])] = []
    var oneValued: [SpecType: Int] = [:]
    for (index, field) in spec.state.enumerated() {
      if spec.holdsOneValue(field.type) {
        if let first = oneValued[field.type] {
          reads[first].fields.append(index)
          continue
        }
        oneValued[field.type] = reads.count
      }
      reads.append((field.name, [index]))
    }
    reads += spec.bindingReads.map { ($0.path, [$0.field]) }
    for filter in spec.filters {
      reads.append((filter.result, fieldIndices(readBy: filter)))
    }
    for value in spec.derived {
      reads.append((value.name, value.inputs.compactMap(spec.stateFieldIndex(named:)).sorted()))
    }
    return ChangeTrackingCode(
      access: access, stateName: spec.stateTypeName, actionName: spec.actionTypeName, runtime: types.runtime
    )
    .declarations(
      changes: spec.actions.map { ($0.name, changedFields(by: $0)) }
        + spec.children.map { ($0.field, changedFields(byRouteOf: $0)) }
        + spec.stacks.map { ($0.field, changedFields(byRouteOf: $0)) }
        + (spec.alerts.isEmpty ? [] : [(Spec.alertField, changedFieldsByAlert())]),
      reads: reads,
      actionMembers: (changedElementsReport().map { [$0] } ?? []) + followedUpBy()) + incrementalValues()
  }

  /// `followedUpBy`: the generated middleware that dispatches the follow-ups, which a store made
  /// without it warns of. Nothing when no action has follow-ups.
  func followedUpBy() -> [Declaration] {
    guard spec.actions.contains(where: { !$0.followUps.isEmpty }) else { return [] }
    return [
      .variable(
        VariableDeclaration(
          doc: "The middleware that dispatches the follow-ups (`then:`): a store made without it warns, in debug builds.",
          access: access, isStatic: true, name: "followedUpBy", type: .optional(.named("Any.Type")),
          getter: [.expression(.metatype(.named(spec.names.followUps)))]))
    ]
  }

  /// `changedElements`: for the actions that change a list of models only element by element,
  /// the list and the ids, so that a `ViewStore` tells only those elements' rows. Nil when no
  /// action does.
  func changedElementsReport() -> Declaration? {
    let cases = spec.actions.compactMap { action -> SwitchCase? in
      guard let change = spec.elementChange(by: action) else { return nil }
      let used = Set(change.ids.compactMap(\.parameter))
      var ids: Expression = .array(change.ids.map { operand in
        operand.fields.reduce(Expression.name(operand.parameter ?? "")) { $0.dot($1) }
      })
      if change.ids.isEmpty, case .array(.model(let element)) = spec.state[change.field].type,
        let id = spec.model(named: element)?.idField
      {
        ids = .call(.type(.array(types.typeName(id.type))), [], trailingClosure: nil)
      }
      return SwitchCase(
        patterns: [Pattern(caseName: action.name, bindings: action.payload.map { used.contains($0.name) ? $0.name : nil })],
        body: [
          .returnStatement(
            types.runtime.value("ChangedElements").call([
              Argument("field", .literal(.int(change.field))), Argument("ids", ids),
            ]))
        ])
    }
    // A child's action changes its element alone, in place.
    let routes = spec.children.compactMap { list -> SwitchCase? in
      guard spec.routeChangesInPlace(list), let index = spec.stateFieldIndex(named: list.field) else { return nil }
      let inPlace = Statement.returnStatement(
        types.runtime.value("ChangedElements").call([
          Argument("field", .literal(.int(index))), Argument("ids", .array([.name("id")])),
        ]))
      // A child's action an action of the parent's that writes the list reduces (`from:`).
      let writing = spec.listWritingHandlers(list)
      guard !writing.isEmpty else {
        return SwitchCase(patterns: [Pattern(caseName: list.field, bindings: ["id", nil])], body: [inPlace])
      }
      // A button sending one of them may too (`.alert`, answered while an alert is shown).
      let buttons = spec.writingHandlersHearButtons(writing, child: list.spec) ? [Pattern(caseName: Spec.alertField, bindings: [])] : []
      return SwitchCase(
        patterns: [Pattern(caseName: list.field, bindings: ["id", "action"])],
        body: [
          .switchStatement(
            .name("action"),
            [
              SwitchCase(
                patterns: writing.map { Pattern(caseName: $0, bindings: []) } + buttons, body: [.returnStatement(.dot("unknown"))]),
              SwitchCase(patterns: [], body: [inPlace]),
            ])
        ])
    }
    // A screen's action changes its screen alone, in place, but where an action of the parent's
    // that writes the stack reduces it (`from: path.detail.deleted`, popping it).
    let screenRoutes = spec.stacks.compactMap { stack -> SwitchCase? in
      guard let index = spec.stateFieldIndex(named: stack.field) else { return nil }
      let inPlace = Statement.returnStatement(
        types.runtime.value("ChangedElements").call([
          Argument("field", .literal(.int(index))), Argument("ids", .array([.name("id")])),
        ]))
      // A screen's copy of an element it shows is written back into the list (`shows:`): in
      // place only the destination's own actions that change neither that copy nor the stack.
      if !stack.shows.isEmpty {
        let cases = stack.destinations.map { destination -> SwitchCase in
          let writing = Set(
            spec.handlers(of: stack.field, destination: destination.name)
              .filter { $0.action.changedStateFields?.contains(stack.field) != false }.map(\.childAction))
          let kept = keptActions(stack, destination).filter { !writing.contains($0.name) }
          let body: [Statement]
          if kept.isEmpty {
            body = [.returnStatement(.dot("unknown"))]
          } else if kept.count == destination.spec.actionCaseCount {
            body = [inPlace]
          } else {
            body = [
              .switchStatement(
                .name("action"),
                [
                  SwitchCase(patterns: kept.map { Pattern(caseName: $0.name, bindings: []) }, body: [inPlace]),
                  SwitchCase(patterns: [], body: [.returnStatement(.dot("unknown"))]),
                ])
            ]
          }
          let binds = !kept.isEmpty && kept.count < destination.spec.actionCaseCount
          return SwitchCase(patterns: [Pattern(caseName: destination.name, bindings: binds ? ["action"] : [])], body: body)
        }
        return SwitchCase(
          patterns: [Pattern(caseName: stack.field, bindings: ["id", "action"])], body: [.switchStatement(.name("action"), cases)])
      }
      let writing = stack.destinations.compactMap { destination -> SwitchCase? in
        var actions = spec.handlers(of: stack.field, destination: destination.name)
          .filter { $0.action.changedStateFields?.contains(stack.field) != false }.map(\.childAction)
        guard !actions.isEmpty else { return nil }
        // A button sending one of them may too (`.alert`, answered while an alert is shown).
        if spec.writingHandlersHearButtons(actions, child: destination.spec) { actions.append(Spec.alertField) }
        return SwitchCase(
          patterns: [Pattern(caseName: destination.name, bindings: ["action"])],
          body: [
            .switchStatement(
              .name("action"),
              [
                SwitchCase(patterns: actions.map { Pattern(caseName: $0, bindings: []) }, body: [.returnStatement(.dot("unknown"))]),
                SwitchCase(patterns: [], body: [inPlace]),
              ])
          ])
      }
      guard !writing.isEmpty else {
        return SwitchCase(patterns: [Pattern(caseName: stack.field, bindings: ["id", nil])], body: [inPlace])
      }
      let rest = writing.count < stack.destinations.count ? [SwitchCase(patterns: [], body: [inPlace])] : []
      return SwitchCase(
        patterns: [Pattern(caseName: stack.field, bindings: ["id", "action"])],
        body: [.switchStatement(.name("action"), writing + rest)])
    }
    let allCases = cases + routes + screenRoutes
    guard !allCases.isEmpty else { return nil }
    let body: Statement =
      allCases.count == spec.actions.count + spec.children.count + spec.stacks.count + (spec.alerts.isEmpty ? 0 : 1)
      ? .switchStatement(.name("self"), allCases)
      : .switchStatement(.name("self"), allCases + [SwitchCase(patterns: [], body: [.returnStatement(.dot("unknown"))])])
    return .variable(
      VariableDeclaration(
        doc: "The list this action changes only element by element, and the ids of those elements.",
        access: access, name: "changedElements", type: types.runtime.type("ChangedElements"), getter: [body]))
  }
}

/// The change-tracking conformances of a state and its action, for features and apps alike.
struct ChangeTrackingCode {
  let access: AccessModifier?
  let stateName: String
  let actionName: String
  let runtime: RuntimeTypes

  /// `StateFields(0, 2)`, `.none`, or `.all` when unknown or more than four.
  static func fields(_ indices: [Int]?, _ runtime: RuntimeTypes) -> Expression {
    guard let indices, indices.count <= 4 else { return .dot("all") }
    if indices.isEmpty { return .dot("none") }
    return runtime.value("StateFields").call(indices.map { Argument(nil, .literal(.int($0))) })
  }

  private func fields(_ indices: [Int]?) -> Expression { Self.fields(indices, runtime) }

  /// An app's action wrapping a feature's, when some of that feature's actions change more
  /// (shared actions): those cases of the wrapped action, and the fields the others change.
  struct WrappedChanges {
    var cases: [(actions: [String], fields: [Int])]
    /// nil when `cases` name every action of the feature.
    var otherwise: [Int]?
  }

  /// - Parameters:
  ///   - changes: Each action case and the fields it can change (nil: unknown).
  ///   - wrapped: For an app, the cases whose wrapped action decides (shared actions).
  ///   - reads: Each key path (a property name) and the fields it reads.
  func declarations(
    changes: [(action: String, fields: [Int]?)], wrapped: [String: WrappedChanges] = [:],
    reads: [(name: String, fields: [Int])], actionMembers: [Declaration] = []
  ) -> [Declaration] {
    var groups: [(fields: [Int]?, patterns: [Pattern])] = []
    var switchCases: [SwitchCase] = []
    // Each set of fields' group, found without a search per action.
    var groupIndex: [[Int]?: Int] = [:]
    for change in changes {
      if let inner = wrapped[change.action] {
        let cases = inner.cases.map { entry in
          SwitchCase(
            patterns: entry.actions.map { Pattern(caseName: $0, bindings: []) },
            body: [.returnStatement(fields(entry.fields))])
        }
        let otherwise = inner.otherwise.map { [SwitchCase(patterns: [], body: [.returnStatement(fields($0))])] } ?? []
        switchCases.append(
          SwitchCase(
            patterns: [Pattern(caseName: change.action, bindings: ["action"])],
            body: [.switchStatement(.name("action"), cases + otherwise)]))
        continue
      }
      let pattern = Pattern(caseName: change.action, bindings: [])
      if let index = groupIndex[change.fields] {
        groups[index].patterns.append(pattern)
      } else {
        groupIndex[change.fields] = groups.count
        groups.append((change.fields, [pattern]))
      }
    }
    let switches = SwitchChain.switches(
      over: .name("self"),
      switchCases + groups.map { SwitchCase(patterns: $0.patterns, body: [.returnStatement(fields($0.fields))]) },
      unreached: [.returnStatement(.dot("all"))]
    ) { [.returnStatement(.name(GeneratedNames.changedFieldsPart($0)))] }
    let changed = switches.enumerated().map { offset, body in
      Declaration.variable(
        offset == 0
          ? VariableDeclaration(
            doc: "The state fields this action's reducer can change, by declaration order.", access: access,
            name: "changedFields", type: runtime.type("StateFields"), getter: [body])
          : VariableDeclaration(
            doc: "The cases `changedFields` passes on.", access: .private,
            name: GeneratedNames.changedFieldsPart(offset + 1), type: runtime.type("StateFields"), getter: [body]))
    }
    let keyPathType = TypeName.generic("PartialKeyPath", [.named(stateName)])
    // Tables looked up, not a chain of comparisons (slow to type-check), at most
    // `SwitchChain.casesPerFunction` entries each, chained like a long switch.
    let tables = reads.isEmpty ? [[]] : reads.chunks(of: SwitchChain.casesPerFunction)
    let readBy = tables.enumerated().map { offset, entries in
      let table = VariableDeclaration(
        // `Self`, not the state's name: the line fits whatever the feature's name.
        isConstant: true, name: "fieldsByKeyPath",
        type: .dictionary(.generic("PartialKeyPath", [.named("Self")]), runtime.type("StateFields")),
        initializer: .dictionary(
          entries.map { DictionaryEntry(key: .keyPath($0.name), value: fields($0.fields)) }))
      let otherwise: Expression =
        offset == tables.count - 1
        ? .dot("all") : .name(GeneratedNames.fieldsReadPart(offset + 2)).call([Argument(nil, .name("keyPath"))])
      let body: [Statement] = [
        .declaration(table),
        .returnStatement(.binary(.subscripted(.name("fieldsByKeyPath"), .name("keyPath")), .nilCoalescing, otherwise)),
      ]
      return Declaration.function(
        offset == 0
          ? FunctionDeclaration(
            doc: "The fields `keyPath` reads: one for a field, the inputs of a derived property, else all.",
            access: access, isStatic: true, kind: .function("fields"),
            parameters: [Parameter(label: "readBy", name: "keyPath", type: keyPathType)],
            returnType: runtime.type("StateFields"), body: body)
          : FunctionDeclaration(
            doc: "The key paths `fields(readBy:)` passes on.", access: .private, isStatic: true,
            kind: .function(GeneratedNames.fieldsReadPart(offset + 1)),
            parameters: [Parameter(label: "_", name: "keyPath", type: keyPathType)],
            returnType: runtime.type("StateFields"), body: body))
    }
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(actionName), conformances: [runtime.type("ChangeReporting")],
          members: changed + actionMembers)),
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(stateName), conformances: [runtime.type("FieldTracking")], members: readBy)),
    ]
  }
}
