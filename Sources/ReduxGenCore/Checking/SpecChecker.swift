/// Turns the nodes of a feature spec into a checked `Spec`, collecting every problem.
package struct SpecChecker {
  let path: String
  /// Reads a file by the path diagnostics show (`uses:`); nil when it can't be read.
  var readFile: (String) -> [UInt8]? = { _ in nil }
  /// The specs being checked that led to this one through `uses:`, outermost first.
  var usedBy: [String] = []
  /// What the passes so far have read; set only here, between passes (`checkSpec`).
  private(set) var symbols = SymbolTable() {
    didSet { symbolsToken = SymbolsToken() }
  }
  /// Stands for this value of `symbols`: a new one each time they are set.
  private(set) var symbolsToken = SymbolsToken()
  /// The reading scopes made for the symbols `symbolsToken` stands for, shared by this checker's
  /// copies (a parser's closure holds one): a spec's conditions and values, each reading the
  /// same state, build it once per payload rather than once each.
  let readingScopes = ReadingScopeMemo()
  var diagnostics = DiagnosticCollector()

  // MARK: What was reported, so later passes don't report it again

  /// Keys suggested for typos: a missing one of these is not reported again.
  var suggestedKeys: Set<SuggestedKey> = []
  /// The parameters each payload (`.payload(of:)`, `.success(of:)`, ...), and the fields the
  /// state and each model, lack although the spec declares them, because they were refused (an
  /// unknown type, say).
  var refusedParameters: [Subject: Set<String>] = [:]
  /// The child fields (`children:` entries) refused where they are declared (their spec has
  /// errors, can't be read, isn't public...): a use of one is not reported again.
  var refusedChildren: Set<String> = []
  /// The child actions (`inner.done`, `path.detail.deleted`) an action hears with `from:` whose
  /// handler was refused (reported there): not reported again as heard by nobody.
  var refusedHandlerSources: Set<String> = []

  init(path: String, symbols: SymbolTable = SymbolTable()) {
    self.path = path
    self.symbols = symbols
  }

  /// Checks the document `root` read from `path`.
  package static func check(
    _ root: YAMLNode, path: String, diagnostics: inout DiagnosticCollector,
    readFile: (String) -> [UInt8]? = { _ in nil }, usedBy: [String] = []
  ) -> Spec? {
    // The checker keeps `readFile` only while it checks.
    withoutActuallyEscaping(readFile) { readFile in
      var checker = SpecChecker(path: path)
      checker.readFile = readFile
      checker.usedBy = usedBy
      // Start from what reading found, so checks that depend on a clean spec know about it.
      checker.diagnostics = diagnostics
      let spec = checker.checkSpec(root)
      diagnostics = checker.diagnostics
      return diagnostics.hasErrors ? nil : spec
    }
  }

  /// The passes, in the order of what depends on what. Each reads `symbols` and returns its
  /// checked part; only here does the table grow, from what a pass returned.
  mutating func checkSpec(_ root: YAMLNode) -> Spec? {
    guard case .mapping(let pairs) = root.kind else {
      error(.expected(.specMapping, found: root.kindDescription), root)
      return nil
    }
    let keys = checkKeys(pairs, allowed: SpecKeys.feature, context: .theSpec)

    // 1. Declarations: the feature, the used specs, and every type's name, so types can refer to
    // models and filters declared later.
    let feature = checkFeatureName(keys, root: root)
    symbols = symbols.adding { $0.feature = feature }
    let module = keys["module"].flatMap { identifier($0, what: .key("module")) }
    let access = keys["access"].flatMap { accessLevel($0) } ?? .internal
    let conformances = keys["conformances"].map { conformanceList($0) } ?? []
    let imports = keys["imports"].map { importList($0) } ?? []
    let doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
    let uses = keys["uses"].map { checkUses($0) } ?? []
    var stacks: [(stack: StackFeature, node: YAMLNode)] = []
    let children = keys["children"].map { checkChildren($0, stacks: &stacks) } ?? []
    // A child's spec is used too: its module is imported and its types are visible.
    let childSpecs = (children.map(\.list.spec) + stacks.flatMap { $0.stack.destinations.map(\.spec) })
      .filter { child in !uses.contains { $0.feature == child.feature } }
    let allUses = uses + childSpecs.enumerated().filter { index, child in
      !childSpecs.prefix(index).contains { $0.feature == child.feature }
    }.map(\.element)
    let modelPairs = keys["models"].flatMap { mapping($0, what: .key("models")) } ?? []
    let filterPairs = keys["filters"].flatMap { mapping($0, what: .key("filters")) } ?? []
    let enumPairs = keys["enums"].flatMap { mapping($0, what: .key("enums")) } ?? []
    symbols = symbols.adding {
      $0.uses = allUses
      let usedSpecs = Spec.flattened(allUses)
      // A child's own children's states too: a path reads through it to a grandchild's field.
      $0.usedModels = usedSpecs.flatMap { $0.models + $0.heldStateModels } + children.map(\.list.stateModel)
        + stacks.flatMap { $0.stack.destinations.map(\.stateModel) }
      $0.children = children.map(\.list)
      $0.stacks = stacks.map(\.stack)
      for enumType in usedSpecs.flatMap(\.enums) { $0.enumCaseNames[enumType.name] = enumType.cases }
    }
    let names = declareTypeNames(models: modelPairs, filters: filterPairs, enums: enumPairs)
    // A stack's enums are generated types: a declared type of either name is refused.
    for (stack, node) in stacks {
      let screens = StackFeature.screensTypeName(feature: feature, field: stack.field)
      for name in [screens, screens + "Action"] where names.types.contains(name) {
        error(.duplicateName(name, what: .kind(.type)), node)
      }
    }
    symbols = symbols.adding {
      $0.modelNames = names.models
      $0.filterNames = names.filters
      $0.typeNames = names.types
    }

    // 2. Types: enums, then the filters' cases as names, then models, the state and events.
    var enums = enumPairs.compactMap { checkEnum($0) }
    // A case carries enums whose cases are names alone: one with values (itself, or two that
    // hold each other) would make a value without end.
    let sumEnums = Set((enums + Spec.flattened(allUses).flatMap(\.enums)).filter(\.carriesValues).map(\.name))
    for index in enums.indices where enums[index].carriesValues {
      for caseName in enums[index].cases {
        guard let values = enums[index].caseValues[caseName],
          let held = values.flatMap({ Self.namesWritten($0.type) }).first(where: sumEnums.contains)
        else { continue }
        let node = enumPairs.first { $0.key.scalar == enums[index].name }?.key
        if let node { error(.caseValueOfSumEnum(caseName, enumName: enums[index].name, held: held), node) }
      }
    }
    // `alerts:`: their enums (`<Feature>Alert`, `<Feature>AlertAction`) join the spec's. A
    // declared type of either name is refused where it is declared (a generated name).
    let alertsRead = keys["alerts"].map { readAlerts($0) } ?? []
    enums += Spec.alertEnums(feature: feature, alerts: alertsRead.map(\.alert))
    symbols = symbols.adding {
      $0.enums = enums
      for enumType in enums { $0.enumCaseNames[enumType.name] = enumType.cases }
      for (name, cases) in Self.filterCaseNames(filterPairs) { $0.enumCaseNames[name] = cases }
    }
    // Models first without reporting, so a default of one model type can be read whatever
    // the order models are declared in; then for real, against the first reading. When no
    // model's field holds a model, the first reading is already the real one.
    let reported = diagnostics
    var models = modelPairs.compactMap { checkModel($0) }
    if models.contains(where: { $0.fields.contains { $0.type.mentionsModel } }) {
      diagnostics = reported
      symbols = symbols.adding { $0.models = models }
      models = modelPairs.compactMap { checkModel($0) }
    }
    symbols = symbols.adding {
      $0.models = models
      $0.modelFieldNodes = Self.fieldNodes(of: models, in: modelPairs)
    }
    if let stateNode = keys["state"] {
      let state = fields(stateNode, context: .theState, requireDefaults: true)
      var childFields = childFields(children, stacks: stacks, state: state)
      if let alertsNode = keys["alerts"], !alertsRead.isEmpty {
        if state.contains(where: { $0.name == Spec.alertField }) || childFields.contains(where: { $0.name == Spec.alertField }) {
          error(.duplicateName(Spec.alertField, what: .kind(.stateField)), alertsNode)
        } else {
          childFields.append(Spec.alertStateField(feature: feature))
        }
      }
      symbols = symbols.adding { $0.state = state + childFields }
      // `shows:` reads the state's lists.
      if let childrenNode = keys["children"], !stacks.isEmpty {
        checkShown(childrenNode, stacks: &stacks)
        symbols = symbols.adding { $0.stacks = stacks.map(\.stack) }
      }
    } else {
      missing("state", in: .theSpec, root)
    }

    // 3. Filters (each adds its selected case to the state), then events.
    let (filters, caseNodes) = checkFilters(filterPairs)
    symbols = symbols.adding {
      $0.state += filters.map(\.selectedField)
      $0.filters = filters
    }
    let events = keys["events"].map { checkEvents($0) } ?? []
    symbols = symbols.adding { $0.events = events }

    // 4. Actions as declared, `async` expanded (each request's status joins the state).
    var read = ReadActions()
    var navigationActions: [DeclaredNavigationAction] = []
    if let actionsNode = keys["actions"] {
      let withNavigation = withNavigationActions(actionsNode, children: children, stacks: stacks)
      navigationActions = withNavigation.declared
      read = checkActions(withNavigation.actions)
    } else {
      missing("actions", in: .theSpec, root)
    }
    symbols = symbols.adding {
      $0.state += read.statusFields
      $0.actions = read.actions
    }

    // 5. Derived values, after the actions: a request's status field is a name they can't take.
    let (derived, selectors) = keys["derived"].map { checkDerived($0) } ?? ([], [])
    symbols = symbols.adding {
      $0.derived = derived
      $0.selectors = selectors
    }

    // 6. What reads derived values: filter cases, reduce operations, bindings and follow-ups.
    let checkedFilters = checkFilterCases(caseNodes)
    let reduced = checkReduce(skippingIncompletePayloads(read))
    symbols = symbols.adding {
      $0.filters = checkedFilters
      $0.actions = reduced
    }
    checkDelegates(children, stacks: stacks)
    checkNavigationActions(navigationActions, read: read)
    checkViewStoreMembers(children: children, stacks: stacks, hasAlerts: !alertsRead.isEmpty)
    // A child's field is its action case too (`case tallies(id:action:)`): no action may take its
    // name, declared or made by a request (`loadSucceeded`). A stack's is refused where it is read.
    for (field, node) in children.map({ ($0.list.field, $0.node) }) where action(named: field) != nil {
      error(.childFieldNamedLikeAction(field), node)
    }
    let alerts = checkAlertButtons(alertsRead)
    if !alertsRead.isEmpty, let alertsNode = keys["alerts"], action(named: Spec.alertField) != nil {
      // The case the alerts' buttons send.
      error(.duplicateName(Spec.alertField, what: .kind(.action)), alertsNode)
    }

    // 7. Effects: middleware, start, the API document and what binds to it.
    let middleware = keys["middleware"].map { checkMiddleware($0) } ?? []
    checkUnseenByMiddleware(middleware, alerts: alerts, node: keys["middleware"])
    let start = keys["start"].map { checkStart($0) } ?? []
    let api = checkAPI(keys["api"], bound: read)
    let settled = settleOptionalStatus(read, bound: api)
    symbols = symbols.adding { $0.actions = settled }

    // 8. Persistence, examples, and what the whole spec says.
    let persist = keys["persist"].flatMap { checkPersist($0) }
    let examples = keys["examples"].map { checkExamples($0, middleware: middleware) } ?? []
    warnUntested(keys["actions"], examples: examples, middleware: middleware)

    var spec = Spec(
      path: path, feature: feature, access: access, imports: imports, doc: doc, models: models, enums: enums,
      state: symbols.state, filters: symbols.filters, actions: symbols.actions, middleware: middleware,
      examples: examples, events: events, persist: persist)
    spec.derived = derived
    spec.selectors = selectors
    spec.start = start
    spec.api = api
    spec.module = module
    spec.uses = allUses
    spec.children = children.map(\.list).filter { list in spec.stateField(named: list.field) != nil }
    spec.stacks = stacks.map(\.stack).filter { stack in spec.stateField(named: stack.field)?.type.isStack == true }
    if spec.stateField(named: Spec.alertField)?.type == .optional(.enumeration(spec.alertTypeName)) { spec.alerts = alerts }
    spec.conformances = conformances
    // `uses:` first: a model a child's spec also reaches that way is reported there.
    let arrivals = (keys["uses"].map { [(specs: uses, node: $0)] } ?? [])
      + children.map { (specs: [$0.list.spec], node: $0.node) }
      + stacks.map { (specs: $0.stack.destinations.map(\.spec), node: $0.node) }
    checkForeignConformances(spec, arrivals: arrivals)
    checkChildConformances(spec, childrenNode: keys["children"])
    spec.handWrittenLocations = handWrittenLocations(keys["actions"], keys["middleware"], spec: spec)
    // Against what older releases stored: only once the spec itself is sound.
    if !diagnostics.hasErrors { checkPersistedShape(&spec, keys: keys) }
    return spec
  }

  /// Leaves unread the `reduce` of each action one of whose parameters was refused: read without
  /// the parameter, it would report errors the spec doesn't have ("'set' needs a value, but action
  /// 'rename' has no payload"). The refused parameter's error is the one to fix.
  func skippingIncompletePayloads(_ read: ReadActions) -> ReadActions {
    var kept = read
    for action in actions {
      if refusedParameters[.payload(of: action.name)] != nil { kept.reduceNodes[action.name] = nil }
      guard let outcomes = action.async else { continue }
      // The outcomes get the request's carried parameters too.
      let carriesRefused = outcomes.carried.contains { isRefusedParameter($0, of: action.name) }
      if carriesRefused || refusedParameters[.success(of: action.name)] != nil { kept.reduceNodes[outcomes.success] = nil }
      if carriesRefused || refusedParameters[.failure(of: action.name)] != nil { kept.reduceNodes[outcomes.failure] = nil }
    }
    return kept
  }

  /// The key naming each middleware, the first action whose reducer is custom and the first async
  /// action (which needs the live effects).
  func handWrittenLocations(_ actionsNode: YAMLNode?, _ middlewareNode: YAMLNode?, spec: Spec)
    -> [String: SourceLocation]
  {
    var locations: [String: SourceLocation] = [:]
    if case .mapping(let pairs)? = middlewareNode?.kind {
      for pair in pairs { if let name = pair.key.scalar { locations[name] = pair.key.location } }
    }
    if case .mapping(let pairs)? = actionsNode?.kind,
      let custom = spec.actions.first(where: \.reducesByHand),
      let pair = pairs.first(where: { $0.key.scalar == custom.name })
    {
      locations[spec.customReducerName] = pair.key.location
    }
    if case .mapping(let pairs)? = actionsNode?.kind,
      let request = spec.handWrittenRequests.first,
      let pair = pairs.first(where: { $0.key.scalar == request.name })
    {
      locations[spec.names.liveEffects] = pair.key.location
    }
    return locations
  }

  /// Warns about actions that neither a generated test nor an example exercises.
  mutating func warnUntested(_ actionsNode: YAMLNode?, examples: [Example], middleware: [Middleware]) {
    // Next to errors this would be noise: the spec does not generate anyway.
    guard !diagnostics.hasErrors, case .mapping(let pairs)? = actionsNode?.kind else { return }
    // An action a store example receives (a follow-up, an outcome) ran through the store too.
    var exercised = Set(examples.flatMap { $0.when.map(\.action) + $0.receive.map(\.action) })
    // A trigger whose follow-ups are all unconditional is sent by its derived follow-up test,
    // which receives them (`TestTranslator.followUpTests`).
    // One with delayed follow-ups only where those it follows up have none of their own.
    for action in actions where !action.followUps.isEmpty && action.followUps.allSatisfy({ $0.condition == nil }) {
      let delayed = action.followUps.contains { $0.delay != nil }
      let nested = action.followUps.contains { followUp in
        actions.first { $0.name == followUp.action }?.followUps.isEmpty == false
      }
      if delayed && nested { continue }
      exercised.insert(action.name)
      exercised.formUnion(action.followUps.map(\.action))
    }
    // An action that invalidates a tag a kept answer provides is sent by that request's cache
    // test (`TestTranslator.cacheTests`).
    let provided = Set(actions.flatMap { $0.async?.freshFor == nil ? [] : $0.async!.provides.map(\.name) })
    for action in actions where action.invalidates.contains(where: { provided.contains($0.name) }) {
      exercised.insert(action.name)
    }
    // A stream's derived tests send it, receive its outcomes, and send what ends it
    // (`TestTranslator.streamTests`).
    let streamed = actions.streamedRequests { name in
      models.contains { $0.name == name } || enums.contains { $0.name == name }
    }
    for request in streamed {
      exercised.formUnion([request.name, request.async!.success, request.async!.failure])
      exercised.formUnion(actions.streamCancellers(of: request).map(\.name))
    }
    // A delegate action that changes nothing of its own is its parent's to test; an action
    // reducing a child's (`from:`) is sent by its routing test (`TestTranslator.handlerTests`).
    for action in actions where !exercised.contains(action.name) && !(action.isDelegate && action.reduce.isEmpty) {
      if action.from != nil { continue }
      // Declarative operations get derived tests; custom and empty reducers don't.
      let derived = action.reduce.contains { !$0.isCustom } || action.status != nil
      guard !derived, let pair = pairs.first(where: { $0.key.scalar == action.name }) else { continue }
      diagnostics.warning(.untested(action.name), at: pair.key.location)
    }
  }

  // MARK: Reporting

  /// Reports a missing key, unless a misspelling of it was already reported.
  mutating func missing(_ key: String, in context: Subject, _ node: YAMLNode) {
    guard !suggestedKeys.contains(SuggestedKey(context: context, key: key)) else { return }
    error(.missingKey(key, context: context), node)
  }

  mutating func error(_ problem: SpecProblem, _ node: YAMLNode) {
    error(problem, at: node.location)
  }

  mutating func error(_ problem: SpecProblem, at location: SourceLocation) {
    // A parameter refused where it is declared is reported there, not again where it is used.
    if case .unknownParameter(let name, let action, _) = problem, isRefusedParameter(name, of: action) { return }
    if case .unknownField(let name, let context, _) = problem, refusedParameters[context]?.contains(name) == true { return }
    // `voiceMemos`, `voiceMemos.remove`, `voiceMemos[0].rename` of a child refused at its entry.
    switch problem {
    case .unknownField(let name, .theState, _), .unknownChild(let name, _), .unknownAction(let name, _):
      if refusedChildren.contains(String(name.prefix { $0 != "." && $0 != "[" })) { return }
    default:
      break
    }
    diagnostics.error(problem, at: location)
  }

  /// Whether action `action` (an async request's outcome too) declares a parameter `name` that
  /// was refused.
  func isRefusedParameter(_ name: String, of action: String) -> Bool {
    if refusedParameters[.payload(of: action)]?.contains(name) == true { return true }
    return actions.contains { request in
      guard let outcomes = request.async else { return false }
      let refused =
        action == outcomes.success ? refusedParameters[.success(of: request.name)]
        : action == outcomes.failure ? refusedParameters[.failure(of: request.name)] : nil
      return refused?.contains(name) == true
        || (outcomes.carried.contains(name) && refusedParameters[.payload(of: request.name)]?.contains(name) == true)
    }
  }
}

/// Why `name` can't be a Swift identifier, or nil when it can.
func identifierProblem(_ name: String) -> IdentifierFlaw? {
  if name == "_" { return .wildcard }
  // Most names are ASCII letters, digits and `_`: decided from the bytes, without Unicode's tables.
  var utf8 = name.utf8.makeIterator()
  if let first = utf8.next(), isASCIILetter(first) || first == UInt8(ascii: "_") {
    var ascii = true
    while let byte = utf8.next() {
      if !(isASCIILetter(byte) || byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)) {
        ascii = false
        break
      }
    }
    if ascii { return nil }
  }
  guard let first = name.unicodeScalars.first else { return .empty }
  let isASCIIStart = first.properties.isAlphabetic || first == "_"
  if !isASCIIStart { return .badStart }
  let allowed = name.unicodeScalars.allSatisfy {
    $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
  }
  return allowed ? nil : .badCharacter
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

extension StringProtocol {
  var trimmingSpaces: String {
    // Most text has no space at either end: no character-by-character walk.
    var text = Substring(self)
    guard text.utf8.first == UInt8(ascii: " ") || text.utf8.last == UInt8(ascii: " ") else { return String(text) }
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}

/// A key a "did you mean" named, in the mapping where it was suggested.
struct SuggestedKey: Hashable {
  var context: Subject
  var key: String
}

/// A mapping's allowed keys with their values, as `checkKeys` read them (the first of a repeated
/// key). A spec's mappings hold a few keys each: comparing them costs less than hashing them.
struct CheckedKeys {
  private var entries: [(key: String, value: YAMLNode)] = []

  subscript(key: String) -> YAMLNode? {
    entries.first { $0.key == key }?.value
  }

  var isEmpty: Bool { entries.isEmpty }

  mutating func add(_ key: String, _ value: YAMLNode) {
    entries.append((key, value))
  }

  func filter(_ isIncluded: ((key: String, value: YAMLNode)) -> Bool) -> CheckedKeys {
    var kept = CheckedKeys()
    kept.entries = entries.filter(isIncluded)
    return kept
  }
}
