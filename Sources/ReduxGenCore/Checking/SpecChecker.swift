/// Turns the nodes of a feature spec into a checked `Spec`, collecting every problem.
package struct SpecChecker {
  let path: String
  /// Reads a file by the path diagnostics show (`uses:`); nil when it can't be read.
  var readFile: (String) -> [UInt8]? = { _ in nil }
  /// The specs being checked that led to this one through `uses:`, outermost first.
  var usedBy: [String] = []
  /// The specs `uses:` names, checked.
  var uses: [Spec] = []
  /// The models of the specs used, directly or not: types this spec reads but doesn't declare.
  var usedModels: [Model] = [] {
    didSet { modelsByName = Dictionary((models + usedModels).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }) }
  }
  var diagnostics = DiagnosticCollector()
  var feature = ""
  var modelNames: [String] = []
  var filterNames: [String] = []
  var derived: [DerivedValue] = []
  /// The derived values that take a parameter (`product(id): products[id]`).
  var selectors: [DerivedValue] = []
  /// Each action's `reduce` node, read once derived values are known (`checkReduce`).
  var pendingReduce: [String: YAMLNode] = [:]
  /// The `binding: true` keys of actions, checked once their reduce operations are known.
  var pendingBindings: [String: YAMLNode] = [:]
  /// The keys of each `async` that binds it to an operation (`operation:`), read once the
  /// actions and their outcomes are known (`checkAPI`).
  var pendingAPI: [String: CheckedKeys] = [:]
  /// Each action's `then:`, read once every action and derived value is known.
  var pendingFollowUps: [String: YAMLNode] = [:]
  /// The parameters each payload (`.payload(of:)`, `.success(of:)`, ...), and the fields the
  /// state and each model, lack although the spec declares them, because they were refused (an
  /// unknown type, say).
  var refusedParameters: [Subject: Set<String>] = [:]
  /// The `status:` of each request that is also `optional`, kept where its operation's condition
  /// (`statusConditions`) decides the status; refused otherwise (`settleOptionalStatus`).
  var optionalStatus: [String: YAMLNode] = [:]
  var statusConditions: [String: Predicate] = [:]
  /// Filter cases whose conditions are read once derived values are known.
  var pendingCases: [PendingFilterCase] = []
  /// The cases of each enum and filter, read early so values can refer to them.
  var enumCaseNames: [String: [String]] = [:]
  var enums: [EnumType] = []
  var events: [Event] = []
  /// Keys suggested for typos: a missing one of these is not reported again.
  var suggestedKeys: Set<SuggestedKey> = []
  var models: [Model] = [] {
    didSet { modelsByName = Dictionary((models + usedModels).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }) }
  }
  var filters: [Filter] = []
  var state: [Field] = [] {
    didSet { stateByName = Dictionary(state.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }) }
  }
  var actions: [Action] = [] {
    didSet { actionIndex = firstIndices(actions.map(\.name)) }
  }
  var modelsByName: [String: Model] = [:]
  /// The types of the arguments each cache tag is provided with (`volume(id)`), by tag name.
  var providedArgumentTypes: [String: Set<SpecType>] = [:]
  /// Each model field's type node, by `MODEL.FIELD`: where a problem with the field is shown.
  var modelFieldNodes: [String: YAMLNode] = [:]
  var stateByName: [String: Field] = [:]
  /// Each action's position in `actions`, by name (the first, if a name is repeated).
  var actionIndex: [String: Int] = [:]
  /// Model and filter names, for resolving types.
  var typeNames: Set<String> = []
  /// State field names written `FEATURE.FIELD` (an app's derived values read the features'
  /// state so): the tokens `FEATURE`, `.`, `FIELD` read as one name.
  var qualifiedNames: Set<String> = []

  init(path: String) {
    self.path = path
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

  mutating func checkSpec(_ root: YAMLNode) -> Spec? {
    guard case .mapping(let pairs) = root.kind else {
      error(.expected(.specMapping, found: root.kindDescription), root)
      return nil
    }
    let keys = checkKeys(pairs, allowed: SpecKeys.feature, context: .theSpec)
    if let featureNode = keys["feature"] {
      feature = typeName(featureNode, what: .a(.feature)) ?? "Feature"
      // The feature names the module: it must not hide a module or type the generated code uses.
      if !checkTypeName(feature, what: .kind(.feature), featureNode) { feature = "Feature" }
    } else {
      // Go on with a stand-in name, so every other problem is reported too.
      missing("feature", in: .theSpec, root)
      feature = "Feature"
    }
    let module = keys["module"].flatMap { identifier($0, what: .key("module")) }
    let access = keys["access"].flatMap { accessLevel($0) } ?? .internal
    let conformances = keys["conformances"].map { conformanceList($0) } ?? []
    let imports = keys["imports"].map { importList($0) } ?? []
    let doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
    if let usesNode = keys["uses"] { checkUses(usesNode) }

    // Names first, so types can refer to models and filters declared later.
    let modelPairs = keys["models"].flatMap { mapping($0, what: .key("models")) } ?? []
    let filterPairs = keys["filters"].flatMap { mapping($0, what: .key("filters")) } ?? []
    let enumPairs = keys["enums"].flatMap { mapping($0, what: .key("enums")) } ?? []
    modelNames = declaredNames(modelPairs, what: .model)
    filterNames = declaredNames(filterPairs, what: .filter)
    _ = declaredNames(enumPairs, what: .enumeration)
    typeNames = Set(modelNames)
    let usedTypes = usedTypeDeclarations()
    for pair in modelPairs + filterPairs + enumPairs {
      guard let name = pair.key.scalar, let feature = usedTypes[name] else { continue }
      error(.typeDeclaredByUsedSpec(name, feature: feature), pair.key)
    }
    for pair in filterPairs + enumPairs {
      guard let name = pair.key.scalar, identifierProblem(name) == nil else { continue }
      if !typeNames.insert(name).inserted { error(.duplicateName(name, what: .kind(.type)), pair.key) }
    }
    typeNames.formUnion(usedTypes.keys)
    enums = enumPairs.compactMap { checkEnum($0) }
    for enumType in enums { enumCaseNames[enumType.name] = enumType.cases }

    for pair in filterPairs {
      guard let name = pair.key.scalar, case .mapping(let filterKeys) = pair.value.kind else { continue }
      let casesNode = filterKeys.first { $0.key.scalar == "cases" }?.value
      if case .mapping(let cases)? = casesNode?.kind {
        enumCaseNames[name] = cases.compactMap(\.key.scalar)
      }
    }
    // Models first without reporting, so a default of one model type can be read whatever
    // the order models are declared in; then for real. When no model's field holds a model, the
    // first reading is already the real one.
    let reported = diagnostics
    models = modelPairs.compactMap { checkModel($0) }
    if models.contains(where: { $0.fields.contains { $0.type.mentionsModel } }) {
      diagnostics = reported
      models = modelPairs.compactMap { checkModel($0) }
    }
    if let stateNode = keys["state"] {
      state = fields(stateNode, context: .theState, requireDefaults: true)
    } else {
      missing("state", in: .theSpec, root)
    }
    // One at a time: a filter's pending cases name its position in `filters`.
    for pair in filterPairs {
      if let filter = checkFilter(pair) { filters.append(filter) }
    }
    events = keys["events"].map { checkEvents($0) } ?? []
    if let actionsNode = keys["actions"] {
      actions = checkActions(actionsNode)
    } else {
      missing("actions", in: .theSpec, root)
    }
    // After the actions: an async action's status field is a state field a name can't take.
    derived = keys["derived"].map { checkDerived($0) } ?? []
    checkFilterCases()
    skipReduceOfIncompletePayloads()
    checkReduce()
    let middleware = keys["middleware"].map { checkMiddleware($0) } ?? []
    let start = keys["start"].map { checkStart($0) } ?? []
    let api = checkAPI(keys["api"])
    settleOptionalStatus(bound: api)
    let persist = keys["persist"].flatMap { checkPersist($0) }
    let examples = keys["examples"].map { checkExamples($0, middleware: middleware) } ?? []
    warnUntested(keys["actions"], examples: examples, middleware: middleware)

    var spec = Spec(
      path: path, feature: feature, access: access, imports: imports, doc: doc, models: models, enums: enums,
      state: state, filters: filters, actions: actions, middleware: middleware, examples: examples,
      events: events, persist: persist)
    spec.derived = derived
    spec.selectors = selectors
    spec.start = start
    spec.api = api
    spec.module = module
    spec.uses = uses
    spec.conformances = conformances
    checkUsedConformances(spec, usesNode: keys["uses"])
    spec.handWrittenLocations = handWrittenLocations(keys["actions"], keys["middleware"], spec: spec)
    // Against what older releases stored: only once the spec itself is sound.
    if !diagnostics.hasErrors { checkPersistedShape(&spec, keys: keys) }
    return spec
  }

  /// Leaves unread the `reduce` of each action one of whose parameters was refused: read without
  /// the parameter, it would report errors the spec doesn't have ("'set' needs a value, but action
  /// 'rename' has no payload"). The refused parameter's error is the one to fix.
  mutating func skipReduceOfIncompletePayloads() {
    for action in actions {
      if refusedParameters[.payload(of: action.name)] != nil { pendingReduce[action.name] = nil }
      guard let outcomes = action.async else { continue }
      // The outcomes get the request's carried parameters too.
      let carriesRefused = outcomes.carried.contains { isRefusedParameter($0, of: action.name) }
      if carriesRefused || refusedParameters[.success(of: action.name)] != nil { pendingReduce[outcomes.success] = nil }
      if carriesRefused || refusedParameters[.failure(of: action.name)] != nil { pendingReduce[outcomes.failure] = nil }
    }
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
    for action in actions where !exercised.contains(action.name) {
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

extension SpecChecker {
  /// The action of this name, the first if it is repeated.
  func action(named name: String) -> Action? {
    actionIndex[name].map { actions[$0] }
  }
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
