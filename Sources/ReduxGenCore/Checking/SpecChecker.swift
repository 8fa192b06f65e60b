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

  // MARK: Node shapes

  mutating func mapping(_ node: YAMLNode, what: Subject) -> [YAMLNode.Pair]? {
    if case .mapping(let pairs) = node.kind { return pairs }
    if node.isNull { return [] }
    // `reduce:` at the indentation of the action names reads as an action named `reduce`.
    if case .named(let kind, let name) = what, Self.keys(of: kind).contains(name) {
      error(.keyAtNameIndentation(.mapping(for: what), found: node.kindDescription, key: name, of: kind), node)
      return nil
    }
    error(.expected(.mapping(for: what), found: node.kindDescription), node)
    return nil
  }

  /// The keys a mapping of `kind` has (`reduce` for an action); none for kinds without a mapping.
  static func keys(of kind: Subject.Kind) -> [String] {
    switch kind {
    case .action: SpecKeys.action
    case .model: SpecKeys.model
    case .filter: SpecKeys.filter
    default: []
    }
  }

  mutating func sequence(_ node: YAMLNode, what: Subject) -> [YAMLNode]? {
    if case .sequence(let items) = node.kind { return items }
    error(.expected(.list(for: what), found: node.kindDescription), node)
    return nil
  }

  mutating func text(_ node: YAMLNode, what: Subject) -> String? {
    if let text = node.scalar { return text }
    error(.expected(.text(for: what), found: node.kindDescription), node)
    return nil
  }

  /// `true` or `false`.
  mutating func flag(_ node: YAMLNode, what: Subject) -> Bool? {
    switch node.scalar {
    case "true": return true
    case "false": return false
    default:
      error(.expected(.flag(for: what), found: node.scalar.map { "'\($0)'" } ?? node.kindDescription), node)
      return nil
    }
  }

  /// The keys of a mapping by name; unknown keys are reported with a suggestion.
  mutating func checkKeys(
    _ pairs: [YAMLNode.Pair], allowed: [String], context: Subject
  ) -> CheckedKeys {
    var result = CheckedKeys()
    for pair in pairs {
      guard let key = text(pair.key, what: .a(.key)) else { continue }
      if allowed.contains(key) {
        if result[key] == nil { result.add(key, pair.value) }
      } else {
        let suggestion = closestMatch(to: key, in: allowed)
        if let suggestion { suggestedKeys.insert(SuggestedKey(context: context, key: suggestion)) }
        error(.unknownKey(key, context: context, suggestion: suggestion), pair.key)
      }
    }
    return result
  }

  // MARK: Names

  mutating func identifier(_ node: YAMLNode, what: Subject) -> String? {
    guard let name = text(node, what: what) else { return nil }
    if let reason = identifierProblem(name) {
      error(.invalidIdentifier(name, what: what, reason: reason), node)
      return nil
    }
    // A name of no more bytes than the limit has no more characters: most are never counted.
    if name.utf8.count > GeneratedNames.maximumNameLength, name.count > GeneratedNames.maximumNameLength {
      // Longer names make lines swift-format can't break within its 100 columns.
      error(.nameTooLong(name, what: what, limit: GeneratedNames.maximumNameLength), node)
      return nil
    }
    if let reason = GeneratedNames.reservedMemberReason(name) {
      // Reported, and kept, so uses of the name report nothing more.
      error(.reservedName(name, what: what, reason: .generated(reason)), node)
    }
    return name
  }

  /// A type name the spec declares: no clash with generated or imported types. (Its length is
  /// checked with every name, in `identifier`.)
  /// `featureTypes`: the feature's generated type names, when a caller asking of many names has
  /// them already.
  mutating func checkTypeName(
    _ name: String, what: Subject, _ node: YAMLNode, middleware: [String] = [], featureTypes: Set<String>? = nil
  ) -> Bool {
    guard let reason = GeneratedNames(feature: feature).typeClash(name, middleware: middleware, featureTypes: featureTypes)
    else { return true }
    error(.reservedName(name, what: what, reason: .generated(reason)), node)
    return false
  }

  /// A name that must start with an upper-case letter, as Swift types do.
  mutating func typeName(_ node: YAMLNode, what: Subject) -> String? {
    guard let name = identifier(node, what: what) else { return nil }
    guard name.first?.isUppercase == true else {
      error(.invalidIdentifier(name, what: what, reason: .lowercaseType), node)
      return nil
    }
    return name
  }

  mutating func declaredNames(_ pairs: [YAMLNode.Pair], what: Subject.Kind) -> [String] {
    var names: [String] = []
    let featureTypes = Set(GeneratedNames(feature: feature).featureTypes)
    for pair in pairs {
      guard let name = typeName(pair.key, what: .a(what)) else { continue }
      // A key repeated in the mapping is reported by the loader as a duplicate key.
      if SpecType.Scalar(rawValue: name) != nil || name == "RequestStatus" {
        error(.duplicateName(name, what: .kind(.type)), pair.key)
      } else {
        _ = checkTypeName(name, what: .kind(what), pair.key, featureTypes: featureTypes)
      }
      names.append(name)
    }
    return names
  }

  mutating func accessLevel(_ node: YAMLNode) -> Spec.Access? {
    guard let word = text(node, what: .key("access")) else { return nil }
    if let access = Spec.Access(rawValue: word) { return access }
    let options = Spec.Access.allCases.map(\.rawValue)
    error(.invalidValue(word, type: "access (\(options.joined(separator: ", ")))"), node)
    return nil
  }

  /// `conformances: [Codable, Hashable]`, of the feature or of a model.
  mutating func conformanceList(_ node: YAMLNode) -> Set<Conformance> {
    let items: [YAMLNode] = node.scalar != nil ? [node] : sequence(node, what: .key("conformances")) ?? []
    var result: Set<Conformance> = []
    for item in items {
      guard let word = text(item, what: .key("conformances")) else { continue }
      guard let conformance = Conformance(rawValue: word) else {
        error(.unknownConformance(word), item)
        continue
      }
      if !result.insert(conformance).inserted { error(.repeatedConformance(word), item) }
    }
    return result
  }

  /// A used spec's model this spec's types hold must have the conformances they need here:
  /// its own spec generates it.
  mutating func checkUsedConformances(_ spec: Spec, usesNode: YAMLNode?) {
    guard let usesNode, !spec.uses.isEmpty else { return }
    let needed = spec.neededConformances
    // Each used spec's, worked out once.
    let owners = spec.usedSpecs.map { ($0, $0.neededConformances) }
    for conformance in Conformance.allCases.sorted() {
      for (name, reason) in (needed.reasons[conformance] ?? [:]).sorted(by: { $0.key < $1.key }) {
        guard !spec.models.contains(where: { $0.name == name }),
          let (owner, ownerNeeds) = owners.first(where: { $0.0.models.contains { $0.name == name } }),
          !ownerNeeds.has(conformance, model: name)
        else { continue }
        error(
          .usedModelLacksConformance(name, conformance.rawValue, spec: owner.path, why: reason.explanation),
          usesNode)
      }
    }
  }

  mutating func importList(_ node: YAMLNode) -> [String] {
    let items: [YAMLNode] = node.scalar != nil ? [node] : sequence(node, what: .key("imports")) ?? []
    return items.compactMap { identifier($0, what: .a(.module)) }
  }

  // MARK: Enums, models and fields

  /// `Name: [a, b]` or `Name: { doc: text, cases: [a, b] }`.
  mutating func checkEnum(_ pair: YAMLNode.Pair) -> EnumType? {
    guard let name = pair.key.scalar else { return nil }
    var doc: String?
    var casesNode = pair.value
    if case .mapping(let pairs) = pair.value.kind {
      let keys = checkKeys(pairs, allowed: SpecKeys.enumeration, context: .named(.enumeration, name))
      doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
      guard let node = keys["cases"] else {
        missing("cases", in: .named(.enumeration, name), pair.value)
        return nil
      }
      casesNode = node
    }
    var cases: [String] = []
    for item in sequence(casesNode, what: .cases(of: name)) ?? [] {
      guard let caseName = identifier(item, what: .a(.enumCase)) else { continue }
      if cases.contains(caseName) {
        error(.duplicateName(caseName, what: .kind(.caseName)), item)
      } else {
        cases.append(caseName)
      }
    }
    guard !cases.isEmpty else {
      error(.noCases(name), casesNode)
      return nil
    }
    return EnumType(name: name, doc: doc, cases: cases)
  }

  mutating func checkModel(_ pair: YAMLNode.Pair) -> Model? {
    guard let name = pair.key.scalar, let pairs = mapping(pair.value, what: .named(.model, name)) else {
      return nil
    }
    let keys = checkKeys(pairs, allowed: SpecKeys.model, context: .named(.model, name))
    guard let fieldsNode = keys["fields"] else {
      missing("fields", in: .named(.model, name), pair.value)
      return nil
    }
    let doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
    var model = Model(name: name, doc: doc, fields: fields(fieldsNode, context: .named(.model, name), model: name))
    model.conformances = keys["conformances"].map { conformanceList($0) } ?? []
    return model
  }

  /// The types an element's `id` may have: those lists find elements by, and tests make apart.
  static let idTypes: [SpecType] = [.scalar(.uuid), .scalar(.int), .scalar(.int64), .scalar(.string)]

  /// The fields of a mapping of `name: Type [= default]`.
  mutating func fields(
    _ node: YAMLNode, context: Subject, requireDefaults: Bool = false, isPayload: Bool = false, model: String? = nil
  ) -> [Field] {
    guard let pairs = mapping(node, what: context) else { return [] }
    var result: [Field] = []
    // The field holding each JSON key: a model's few fields are compared one by one, a long list
    // (the state of a large spec) is indexed.
    var codingKeyIndex: [String: String] = [:]
    let indexed = pairs.count > 16
    for pair in pairs {
      guard let name = identifier(pair.key, what: isPayload ? .a(.parameter) : .a(.field)) else {
        if isPayload, let name = pair.key.scalar { refusedParameters[context, default: []].insert(name) }
        continue
      }
      if isPayload, GeneratedNames.reservedParameters.contains(name) {
        error(.reservedName(name, what: .kind(.parameter), reason: .generatedParameter(name)), pair.key)
      }
      guard var field = field(name, pair.value, context: context) else {
        // Reported here, and not again where it is used.
        refusedParameters[context, default: []].insert(name)
        continue
      }
      // Positions in a list mean something only as an action says them (`onMove`, `onDelete`).
      if field.type.mentionsIndexSet, !isPayload || field.type != .indexSet {
        error(.indexSetOutsidePayload(name, type: field.type.swiftName), pair.value)
        if isPayload { refusedParameters[context, default: []].insert(name) }
        continue
      }
      if let model { modelFieldNodes[model + "." + name] = pair.value }
      if let model, name == "id", !Self.idTypes.contains(field.type) {
        error(.unsupportedIDType(model: model, type: field.type.swiftName), pair.value)
      }
      if requireDefaults, field.defaultValue == nil {
        if case .model(let model) = field.type, literals.modelHasAllDefaults(model) {
          field.defaultValue = .modelDefault(model)
        } else {
          error(.missingDefault(field: name, type: field.type.swiftName), pair.value)
          continue
        }
      }
      let codingKey = field.codingKey
      if let other = indexed ? codingKeyIndex[codingKey] : result.first(where: { $0.codingKey == codingKey })?.name {
        error(.duplicateJSONKey(codingKey, field: name, other: other), pair.value)
      } else if indexed {
        codingKeyIndex[codingKey] = name
      }
      result.append(field)
    }
    return result
  }

  /// `new` for a `UUID` parameter, `now` for a `Date` one: made by the action's creator.
  static func madeByCreator(_ text: String, _ type: SpecType) -> Value? {
    switch (text, type) {
    case ("new", .scalar(.uuid)): .newUUID
    case ("now", .scalar(.date)): .now
    default: nil
    }
  }

  /// One field from its short form `Type = default` or its long form `{ type, default, doc }`.
  mutating func field(_ name: String, _ node: YAMLNode, context: Subject) -> Field? {
    switch node.kind {
    case .scalar(let text, _):
      // `=` found among the bytes: splitting by characters costs more than the rest of the check.
      let equals = text.utf8.firstIndex(of: UInt8(ascii: "="))
      let typeText = equals.map { text[..<$0] } ?? text[...]
      let leading = typeText.prefix { $0 == " " }.count
      guard let type = resolveType(
        typeText.trimmingSpaces, at: node.textLocation.advanced(by: leading))
      else { return nil }
      var defaultValue = implicitDefault(name, type)
      if let equals {
        let raw = text[text.utf8.index(after: equals)...]
        let offset = typeText.count + 1 + raw.prefix { $0 == " " }.count
        let literal = raw.trimmingSpaces
        if case .payload = context, let made = Self.madeByCreator(literal, type) {
          var field = Field(name: name, type: type, defaultValue: made, doc: nil)
          field.madeByCreator = true
          return field
        } else if let value = literals.literalValue(literal, type: type) {
          defaultValue = value
        } else {
          // Keep the field, so later references to it don't report more errors.
          let problem: SpecProblem =
            isOutOfRange(literal, type)
            ? .valueOutOfRange(literal, type: type.swiftName)
            : QuotedText.hasUnknownEscape(literal)
              ? .unknownEscape(literal) : .invalidDefault(literal, type: type.swiftName)
          error(problem, at: node.textLocation.advanced(by: offset))
          defaultValue = implicitDefault(name, type) ?? placeholderValue
        }
      }
      return Field(name: name, type: type, defaultValue: defaultValue, doc: nil)
    case .sequence:
      guard let type = typeFromNode(node) else { return nil }
      return Field(name: name, type: type, defaultValue: implicitDefault(name, type), doc: nil)
    case .mapping(let pairs):
      let keys = checkKeys(pairs, allowed: SpecKeys.field, context: .field(name))
      guard let typeNode = keys["type"] else {
        missing("type", in: .field(name), node)
        return nil
      }
      guard let type = typeFromNode(typeNode) else { return nil }
      var defaultValue = implicitDefault(name, type)
      let doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
      if let defaultNode = keys["default"] {
        if case .payload = context, defaultNode.isPlainScalar, let text = defaultNode.scalar,
          let made = Self.madeByCreator(text, type)
        {
          var field = Field(name: name, type: type, defaultValue: made, doc: doc)
          field.madeByCreator = true
          return field
        }
        // Keep the field with a stand-in when the default is wrong (the error is reported), as the
        // short form does, so it is never silently left out.
        defaultValue = exampleValue(defaultNode, type: type, isDefault: true) ?? placeholderValue
      }
      var field = Field(name: name, type: type, defaultValue: defaultValue, doc: doc)
      if let jsonNode = keys["json"], let key = text(jsonNode, what: .key("json")) {
        if case .named(.model, _) = context {
          if key.isEmpty { error(.emptyJSONKey(name), jsonNode) } else { field.jsonKey = key }
        } else {
          error(.jsonKeyOutsideModel(name), jsonNode)
        }
      }
      return field
    }
  }

  /// A type written as a scalar (`[Task]` quoted) or as YAML's one-element flow list.
  mutating func typeFromNode(_ node: YAMLNode) -> SpecType? {
    switch node.kind {
    case .scalar(let text, _):
      return resolveType(text.trimmingSpaces, at: node.textLocation)
    case .sequence(let items) where items.count == 1 && items[0].scalar != nil:
      return typeFromNode(items[0]).map { .array($0) }
    default:
      error(.expected(.type, found: node.kindDescription), node)
      return nil
    }
  }

  /// The default a field gets when none is written.
  func implicitDefault(_ name: String, _ type: SpecType) -> Value? {
    switch type {
    case .optional: .null
    case .array: .array([])
    case .dictionary: .dictionary([])
    case .scalar(.uuid) where name == "id": .newUUID
    default: nil
    }
  }

  /// Whether `literal` is a number too large for `type` (a Float past 3.4e38, a Double past 1.8e308).
  func isOutOfRange(_ literal: String, _ type: SpecType) -> Bool {
    guard case .scalar(let scalar) = type.unwrapped, scalar == .float || scalar == .double,
      let number = Double(literal.filter { $0 != "_" })
    else { return false }
    return !number.isFinite || (scalar == .float && !Float(number).isFinite)
  }

  /// Stands in for a default that was wrong, once the error is reported.
  var placeholderValue: Value { .null }

  /// Resolves Swift type syntax against the scalar types and the spec's own types.
  mutating func resolveType(_ text: String, at location: SourceLocation) -> SpecType? {
    if text.hasSuffix("?") {
      let wrapped = String(text.dropLast()).trimmingSpaces
      guard !wrapped.hasSuffix("?"), !wrapped.isEmpty else {
        error(.invalidTypeSyntax(text), at: location)
        return nil
      }
      return resolveType(wrapped, at: location).map { .optional($0) }
    }
    if text.hasPrefix("[") && text.hasSuffix("]") {
      let inner = String(text.dropFirst().dropLast())
      if let colon = topLevelColon(inner) {
        let keyText = String(inner[..<colon]).trimmingSpaces
        let valueText = String(inner[inner.index(after: colon)...]).trimmingSpaces
        guard let key = resolveType(keyText, at: location.advanced(by: 1)),
          let value = resolveType(valueText, at: location.advanced(by: 1))
        else { return nil }
        switch key {
        case .scalar(.string), .scalar(.int), .scalar(.uuid), .enumeration: break
        default:
          error(.invalidDictionaryKey(key.swiftName), at: location)
          return nil
        }
        // An absent key already reads as nil; a value that may be nil too makes `d[k]` a `V??`.
        guard !value.isOptional else {
          let suggestion = SpecType.dictionary(key, value.unwrapped).swiftName
          error(.optionalDictionaryValue(text, suggestion: suggestion), at: location)
          return nil
        }
        return .dictionary(key, value)
      }
      return resolveType(inner.trimmingSpaces, at: location.advanced(by: 1)).map { .array($0) }
    }
    if let scalar = SpecType.Scalar(rawValue: text) { return .scalar(scalar) }
    if text == SpecType.indexSet.swiftName { return .indexSet }
    if typeNames.contains(text) {
      return modelsByName[text] != nil || modelNames.contains(text) ? .model(text) : .enumeration(text)
    }
    guard !text.isEmpty, identifierProblem(text) == nil else {
      error(.invalidTypeSyntax(text), at: location)
      return nil
    }
    let known =
      SpecType.Scalar.allCases.map(\.rawValue) + [SpecType.indexSet.swiftName] + modelNames + filterNames
      + usedModels.map(\.name)
    error(.unknownType(text, suggestion: closestMatch(to: text, in: known)), at: location)
    return nil
  }

  private func topLevelColon(_ text: String) -> String.Index? {
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "[": depth += 1
      case "]": depth -= 1
      case ":" where depth == 0: return index
      default: break
      }
    }
    return nil
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
