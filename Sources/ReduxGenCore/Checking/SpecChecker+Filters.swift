extension SpecChecker {
  /// The filters, their cases' conditions left to read once derived values are known
  /// (`checkFilterCases`). Each filter adds its selected case to the state, which the next one sees.
  mutating func checkFilters(_ pairs: [YAMLNode.Pair]) -> ([Filter], [FilterCaseNode]) {
    var filters: [Filter] = []
    var caseNodes: [FilterCaseNode] = []
    for pair in pairs {
      guard let (filter, nodes) = checkFilter(pair, position: filters.count, earlier: filters) else { continue }
      filters.append(filter)
      caseNodes += nodes
    }
    return (filters, caseNodes)
  }

  /// One filter; `earlier` are the filters before it, whose selected cases are state fields too.
  private mutating func checkFilter(_ pair: YAMLNode.Pair, position: Int, earlier: [Filter])
    -> (Filter, [FilterCaseNode])?
  {
    let earlierFields = earlier.map(\.selectedField)
    guard let name = pair.key.scalar, filterNames.contains(name),
      let pairs = mapping(pair.value, what: .named(.filter, name))
    else { return nil }
    let context: Subject = .named(.filter, name)
    let keys = checkKeys(pairs, allowed: SpecKeys.filter, context: context)
    guard let overNode = keys["over"] else {
      missing("over", in: context, pair.value)
      return nil
    }
    guard let casesNode = keys["cases"] else {
      missing("cases", in: context, pair.value)
      return nil
    }
    guard let over = identifier(overNode, what: .a(.stateField)) else { return nil }
    guard let overField = stateByName[over] ?? earlierFields.first(where: { $0.name == over }) else {
      let suggestion = closestMatch(to: over, in: (state + earlierFields).map(\.name))
      error(.unknownField(over, context: .theState, suggestion: suggestion), overNode)
      return nil
    }
    guard case .array(.model(let element)) = overField.type,
      let model = modelsByName[element]
    else {
      error(.filterOverNotModelList(over, type: overField.type.swiftName), overNode)
      return nil
    }
    let selected = keys["selected"].flatMap { identifier($0, what: .a(.stateField)) } ?? "filter"
    let result =
      keys["result"].flatMap { identifier($0, what: .a(.property)) } ?? "filtered" + over.uppercasingFirst
    for (fieldName, node) in [(selected, keys["selected"]), (result, keys["result"])]
    where (state + earlierFields).contains(where: { $0.name == fieldName }) {
      error(.filterSelectedExists(fieldName), node ?? pair.key)
    }

    var cases: [Filter.Case] = []
    var caseNodes: [FilterCaseNode] = []
    for casePair in mapping(casesNode, what: .cases(of: name)) ?? [] {
      guard let caseName = identifier(casePair.key, what: .a(.filterCase)) else { continue }
      if cases.contains(where: { $0.name == caseName }) {
        error(.duplicateName(caseName, what: .kind(.caseName)), casePair.key)
        continue
      }
      // Read after the derived values, which a case may read.
      caseNodes.append(FilterCaseNode(filter: position, index: cases.count, node: casePair.value, element: model))
      cases.append(Filter.Case(name: caseName, predicate: .constant(true)))
    }
    guard !cases.isEmpty else {
      if diagnostics.diagnostics.isEmpty { error(.noCases(name), casesNode) }
      return nil
    }
    var defaultCase = cases[0].name
    if let defaultNode = keys["default"], let value = exampleValue(defaultNode, type: .enumeration(name)) {
      if case .enumCase(let caseName) = value { defaultCase = caseName }
    }
    let sort = keys["sort"].map { sortKeys($0, model: model) } ?? []
    let filter = Filter(
      name: name, over: over, element: element, selected: selected, defaultCase: defaultCase,
      result: result, cases: cases, sort: sort)
    return (filter, caseNodes)
  }

  /// `[-priority, title]`: fields of the element, `-` for descending.
  private mutating func sortKeys(_ node: YAMLNode, model: Model) -> [SortKey] {
    let items = node.scalar != nil ? [node] : sequence(node, what: .key("sort")) ?? []
    var keys: [SortKey] = []
    for item in items {
      guard var name = text(item, what: .a(.sortKey)) else { continue }
      let descending = name.hasPrefix("-")
      if descending { name.removeFirst() }
      let at = item.textLocation.advanced(by: descending ? 1 : 0)
      guard let field = model.fields.first(where: { $0.name == name }) else {
        error(model.unknownField(name), at: at)
        continue
      }
      guard SortKey.isSortable(field.type, expressionModels: expressionModelsByName) else {
        error(.notSortable(name, type: field.type.swiftName), at: at)
        continue
      }
      keys.append(SortKey(field: name, type: field.type, descending: descending))
    }
    return keys
  }

  /// The filters with the conditions of their cases read, once the derived values they may read
  /// are known.
  mutating func checkFilterCases(_ caseNodes: [FilterCaseNode]) -> [Filter] {
    var checked = filters
    for written in caseNodes {
      guard let predicate = predicate(written.node, element: written.element) else { continue }
      checked[written.filter].cases[written.index].predicate = predicate
    }
    return checked
  }

  /// What a condition reads (an action's `if`, a filter's case), as the fields of one model:
  /// `own` first (the payload, an element's fields), then the state's fields, derived values and,
  /// with `filterResults`, filter results that `own` doesn't hide, and `state` holding them all
  /// unless `own` has a name `state`. A filter's case leaves filter results out: it could read
  /// its own.
  func readingScope(own: [Field], filterResults: Bool) -> ReadingScope {
    let memo = readingScopes
    if memo.token !== symbolsToken {
      memo.token = symbolsToken
      memo.scopes = [:]
    }
    let key = ReadingScopeMemo.Key(names: own.map(\.name), filterResults: filterResults)
    if let made = memo.scopes[key]?.first(where: { $0.own == own }) { return made.scope }
    let scope = makeReadingScope(own: own, filterResults: filterResults)
    memo.scopes[key, default: []].append((own, scope))
    return scope
  }

  private func makeReadingScope(own: [Field], filterResults: Bool) -> ReadingScope {
    let stateName = GeneratedNames(feature: feature).state
    var stateFields = state.map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
    stateFields += derived.map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
    if filterResults {
      stateFields += filters.map { Field(name: $0.result, type: .array(.model($0.element)), defaultValue: nil, doc: nil) }
    }
    let ownNames = Set(own.map(\.name))
    // A name `state` of its own hides the state: its fields are then not read (a state name
    // comes out as `state.NAME`, which would read that name's field).
    var fields = own
    if !ownNames.contains("state") {
      fields += stateFields.filter { !ownNames.contains($0.name) }
      fields.append(Field(name: "state", type: .model(stateName), defaultValue: nil, doc: nil))
    }
    return ReadingScope(
      root: Model(name: stateName, doc: nil, fields: fields),
      models: expressionModels + [Model(name: stateName, doc: nil, fields: stateFields)], stateModel: stateName,
      own: ownNames, stateNames: ownNames.contains("state") ? [] : Set(stateFields.map(\.name)))
  }

  /// Parses and type-checks a filter case's condition over the fields of `element`, and the
  /// state's fields and derived values (read as `state.NAME`).
  mutating func predicate(_ node: YAMLNode, element: Model) -> Predicate? {
    guard let source = text(node, what: .a(.filterCase)) else { return nil }
    let origin = node.textLocation
    switch ExpressionLexer.tokens(source) {
    case .failure(let token):
      error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
      return nil
    case .success(let tokens):
      let scope = readingScope(own: element.fields, filterResults: false)
      var parser = PredicateParser(
        tokens: TokenStream(tokens), element: scope.root, models: scope.models, enumCases: enumCaseNames,
        rootContext: .filterScope(of: element.name), stateModel: scope.stateModel)
      parser.elementScope = ElementScope(element: element, stateNames: scope.stateNames)
      guard let predicate = parser.condition() else {
        guard case (var problem, let offset)? = parser.failure else { return nil }
        if case .unknownField(let name, _, _) = problem, filters.contains(where: { $0.result == name }) {
          problem = .filterReadsFilterResult(name)
        }
        problem = problem.stateHidden(by: element, stateFields: state)
        error(problem, at: origin.advanced(by: offset))
        return nil
      }
      return scope.qualified(predicate)
    }
  }
}

/// Stands for one value of a checker's symbols (`SpecChecker.symbolsToken`).
final class SymbolsToken {}

/// The reading scopes made for one value of a checker's symbols, by the names and fields read
/// before the state's (`SpecChecker.readingScope(own:filterResults:)`).
final class ReadingScopeMemo {
  struct Key: Hashable {
    var names: [String]
    var filterResults: Bool
  }

  var token: SymbolsToken?
  var scopes: [Key: [(own: [Field], scope: ReadingScope)]] = [:]
}

/// What a condition reads: `SpecChecker.readingScope(own:filterResults:)`.
struct ReadingScope {
  /// The names a condition starts with, as the fields of one model.
  let root: Model
  /// The models its paths can reach, the state's among them.
  let models: [Model]
  /// The name of the model standing for the state (`state.NAME`).
  let stateModel: String
  /// The names that come before the state's.
  let own: Set<String>
  /// The state's names (fields, derived values, filter results) a bare name reads where nothing
  /// before hides them; none where a name `state` before hides the state.
  var stateNames: Set<String> = []
  /// In a condition over a list's elements: the element's scope and the payload's, apart.
  var elementScope: ElementScope?

  /// The condition with every name of the state written `state.NAME`, as the translators read
  /// it (`PredicateTranslator`'s `root`, `Predicate.readsState`).
  func qualified(_ predicate: Predicate) -> Predicate {
    predicate.qualifyingPaths(with: "state") { $0 != "state" && !own.contains($0) }
  }
}

extension ReadingScope {
  /// What a `where` over `element`'s elements reads: the element's fields first, then `payload`
  /// (an action's, in a reduce operation), then the state's fields, and `state` holding those
  /// unless a name before hides it (`state.NAME` reaches a hidden one). Derived values and
  /// filter results are not read: a `where` runs inside them, or inside the reducer that
  /// changes what they read. Payload names stay bare: a name that isn't the element's field
  /// nor `state` is the payload's (`Predicate.parameterReads(over:)`).
  static func whereCondition(
    over element: Model, payload: [Field] = [], action: String? = nil, state: [Field], models: [Model]
  ) -> ReadingScope {
    let stateName = "State of a where"
    let own = element.fields + payload.filter { field in !element.fields.contains { $0.name == field.name } }
    let ownNames = Set(own.map(\.name))
    // A name `state` before the state's hides it, its fields too (see `readingScope`).
    var fields = own
    if !ownNames.contains("state") {
      fields += state.filter { !ownNames.contains($0.name) }
      fields.append(Field(name: "state", type: .model(stateName), defaultValue: nil, doc: nil))
    }
    let stateNames: Set<String> = ownNames.contains("state") ? [] : Set(state.map(\.name))
    return ReadingScope(
      root: Model(name: element.name, doc: nil, fields: fields),
      models: models + [Model(name: stateName, doc: nil, fields: state)], stateModel: stateName, own: ownNames,
      stateNames: stateNames,
      elementScope: ElementScope(element: element, payload: payload, action: action, stateNames: stateNames))
  }
}

extension Filter {
  /// The state field holding the case selected.
  var selectedField: Field {
    Field(name: selected, type: .enumeration(name), defaultValue: .enumCase(defaultCase), doc: nil)
  }
}

/// A filter case's condition as written, read once derived values are known.
struct FilterCaseNode {
  /// Positions of the filter in `filters` and of the case in its cases.
  var filter: Int
  var index: Int
  var node: YAMLNode
  var element: Model
}
