/// The code model of the state's incrementally kept values: for each filter result and derived
/// value over a list that some action changes only element by element, how a `ViewStore` brings
/// it up to date from those elements (`IncrementallyDerived`), rather than reading the list again.
extension FeatureTranslator {
  func incrementalValues() -> [Declaration] {
    KeptValueTranslator(types: types, access: access).declarations()
  }
}

/// Which values of a feature's state are kept element by element, and how: for the state's
/// conformance and for the generated tests that check each against the state's own property.
struct KeptValueTranslator {
  let types: TypeTranslator
  let access: AccessModifier?
  var spec: Spec { types.spec }

  /// The list fields (by index) some action changes only in place: what a kept value follows.
  /// In an app's values' scope, the features' lists their actions change so.
  private var fieldsChangedInPlace: Set<Int> {
    guard spec.listsInFeatures.isEmpty else {
      return Set(spec.listsInFeatures.keys.compactMap { spec.stateFieldIndex(named: $0) })
    }
    // A child's action changes its element alone (`changedElements` names it).
    return Set(spec.actions.compactMap { spec.elementChange(by: $0)?.field })
      .union(spec.children.filter(spec.routeChangesInPlace).compactMap { spec.stateFieldIndex(named: $0.field) })
  }

  /// `field: 0`, or for an app's value over a feature's list, `field: 0, in: 1`: the list's
  /// field of the feature's state and the feature's field of the app state.
  private func fieldArguments(_ list: String, field: Int) -> [Argument] {
    guard let nested = spec.listsInFeatures[list] else { return [Argument("field", .literal(.int(field)))] }
    return [Argument("field", .literal(.int(nested.field))), Argument("in", .literal(.int(nested.feature)))]
  }

  /// Each kept value's name (its property's) and how it is kept, filters first.
  var kept: [(name: String, value: Expression)] {
    // Nothing to keep: the actions' element changes needn't be looked for.
    guard !spec.filters.isEmpty || !spec.derived.isEmpty else { return [] }
    let inPlace = fieldsChangedInPlace
    guard !inPlace.isEmpty else { return [] }
    // The state fields a name a condition reads stands for: a derived value's inputs, looked up
    // once rather than searched for per read.
    let inputs = Dictionary(spec.derived.map { ($0.name, $0.inputs) }, uniquingKeysWith: { first, _ in first })
    let reads = { (name: String) in inputs[name] ?? [name] }
    let filters = spec.filters.compactMap { filter in
      keptFilter(filter, inPlace: inPlace, reads: reads).map { (filter.result, $0) }
    }
    return filters
      + spec.derived.compactMap { value in keptValue(value, inPlace: inPlace, reads: reads).map { (value.name, $0) } }
  }

  /// `extension TaskListState: IncrementallyDerived`, when the state has a value to keep.
  func declarations() -> [Declaration] {
    let entries = kept.map { DictionaryEntry(key: .keyPath($0.name), value: $0.value) }
    guard !entries.isEmpty else { return [] }
    let valueType = types.runtime.generic("IncrementalValue", [.named("Self")])
    let keyPathType = TypeName.generic("PartialKeyPath", [.named(spec.stateTypeName)])
    let returnType = TypeName.optional(types.runtime.generic("IncrementalValue", [.named(spec.stateTypeName)]))
    // Tables looked up, at most `SwitchChain.casesPerFunction` entries each, chained.
    let tables = entries.chunks(of: SwitchChain.casesPerFunction)
    let functions = tables.enumerated().map { offset, entries in
      let table = VariableDeclaration(
        isConstant: true, name: "valuesByKeyPath", type: .dictionary(.generic("PartialKeyPath", [.named("Self")]), valueType),
        initializer: .dictionary(entries))
      let found = Expression.subscripted(.name("valuesByKeyPath"), .name("keyPath"))
      let body: [Statement] = [
        .declaration(table),
        .returnStatement(
          offset == tables.count - 1
            ? found
            : .binary(
              found, .nilCoalescing,
              .name(GeneratedNames.incrementalValuePart(offset + 2)).call([Argument(nil, .name("keyPath"))]))),
      ]
      return Declaration.function(
        offset == 0
          ? FunctionDeclaration(
            doc: "How the value at `keyPath` is kept up to date from the elements an action changes in place.",
            access: access, isStatic: true, kind: .function("incrementalValue"),
            parameters: [Parameter(label: "_", name: "keyPath", type: keyPathType)], returnType: returnType, body: body)
          : FunctionDeclaration(
            doc: "The key paths `incrementalValue(_:)` passes on.", access: .private, isStatic: true,
            kind: .function(GeneratedNames.incrementalValuePart(offset + 1)),
            parameters: [Parameter(label: "_", name: "keyPath", type: keyPathType)], returnType: returnType, body: body))
    }
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(spec.stateTypeName), conformances: [types.runtime.type("IncrementallyDerived")],
          members: functions))
    ]
  }

  /// `.filter(\.tasks, field: 0, selected: \.filter, cases: [.all: { _, _ in true }, ...])`, for a
  /// filter over an identified list that some action changes in place, whose cases read nothing
  /// of the state that the list's change can change.
  private func keptFilter(_ filter: Filter, inPlace: Set<Int>, reads: (String) -> [String]) -> Expression? {
    guard types.isIdentifiedList(over: filter), let field = spec.stateFieldIndex(named: filter.over),
      inPlace.contains(field), let model = spec.model(named: filter.element),
      !filter.cases.contains(where: { filterCase in
        filterCase.predicate.stateReads(over: model).contains { name in
          reads(name).contains(filter.over)
        }
      })
    else { return nil }
    let mutant = spec.keptValueMutant?.value == filter.result ? spec.keptValueMutant?.kind : nil
    let cases = filter.cases.enumerated().map { index, filterCase in
      let predicate = mutant == .negatedCase(index) ? Predicate.not(filterCase.predicate) : filterCase.predicate
      return DictionaryEntry(key: .dot(filterCase.name), value: .closure(condition(predicate, over: model)))
    }
    var arguments =
      [Argument(nil, .keyPath(filter.over))] + fieldArguments(filter.over, field: field) + [
        Argument("selected", .keyPath(filter.selected)), Argument("cases", .dictionary(cases)),
      ]
    if !filter.sort.isEmpty, mutant != .unsorted { arguments.append(Argument("sortedBy", types.sortKeys(filter.sort))) }
    return .dot("filter").call(arguments)
  }

  /// `.count(\.tasks, field: 0, where: { state, element in !element.isCompleted })`, for a value
  /// over an identified list field that some action changes in place, made of a part per element
  /// (a count, `all`, `any`, `isEmpty`, an integer sum), whose condition reads nothing of the
  /// state that the list's change can change.
  private func keptValue(_ value: DerivedValue, inPlace: Set<Int>, reads: (String) -> [String]) -> Expression? {
    guard value.parameter == nil, value.listReads == nil, value.pathRoots.isEmpty,
      let type = spec.stateField(named: value.list)?.type, types.isIdentifiedList(type),
      case .array(.model(let modelName)) = type, let model = spec.model(named: modelName),
      let field = spec.stateFieldIndex(named: value.list), inPlace.contains(field),
      !value.conditionReads.contains(where: { name in
        reads(name).contains(value.list)
      })
    else { return nil }
    let list = [Argument(nil, .keyPath(value.list))] + fieldArguments(value.list, field: field)
    let mutant = spec.keptValueMutant?.value == value.name ? spec.keptValueMutant?.kind : nil
    func condition(_ predicate: Predicate?) -> [Argument] {
      predicate.map {
        [Argument("where", .closure(self.condition(mutant == .negatedCondition ? .not($0) : $0, over: model)))]
      } ?? []
    }
    func isInteger(_ name: String) -> Bool { model.fields.first { $0.name == name }?.type == .scalar(.int) }
    let element = Expression.name("element")
    func part(_ body: Expression) -> Argument {
      Argument("of", .closure(Closure(parameters: ["_", "element"], body: mutant == .negatedPart ? .prefix(.negate, .parenthesized(body)) : body)))
    }
    switch value.kind {
    case .count(let predicate):
      return .dot("count").call(list + condition(predicate))
    case .all(let predicate):
      return .dot("all").call(list + condition(predicate))
    case .any(let predicate):
      return .dot("any").call(list + condition(predicate))
    case .isEmpty:
      return .dot("isEmpty").call(list)
    case .sum(let name, let predicate) where value.type == .scalar(.int) && isInteger(name):
      return .dot("sum").call(list + [part(element.dot(name))] + condition(predicate))
    case .sumOfProducts(let name, let times, let predicate)
    where value.type == .scalar(.int) && isInteger(name) && isInteger(times):
      return .dot("sum").call(
        list + [part(.binary(element.dot(name), .times, element.dot(times)))]
          + condition(predicate))
    default:
      return nil
    }
  }

  /// `{ state, element in !element.isCompleted }`: a condition over an element and the state.
  private func condition(_ predicate: Predicate, over model: Model) -> Closure {
    let element = Expression.name("element")
    let root: (String) -> Expression = { name in
      Predicate.isStateRoot(name, over: model) ? .name("state") : element.dot(name)
    }
    // `_` for what it doesn't read.
    let readsState = !predicate.stateReads(over: model).isEmpty
    return Closure(
      parameters: [readsState ? "state" : "_", predicate.readsElement(over: model) ? "element" : "_"],
      body: PredicateTranslator(types: types, element: element, root: root).expression(predicate))
  }
}
