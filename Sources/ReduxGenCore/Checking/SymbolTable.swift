/// What a spec declares, as far as the passes so far have read it: the names, types, state,
/// actions and derived values that later passes look up.
///
/// A pass reads the table and never changes it: `SpecChecker.symbols` is set only by
/// `SpecChecker.checkSpec`, between passes, from what a pass returned (`adding`). Each table makes
/// its indexes once, when it is made, so no index is rebuilt while a pass runs.
@dynamicMemberLookup
struct SymbolTable {
  /// The declarations themselves, as plain values.
  struct Entries {
    var feature = ""
    var modelNames: [String] = []
    var filterNames: [String] = []
    /// Model, filter and enum names, the used specs' too: what a type may name.
    var typeNames: Set<String> = []
    /// The cases of each enum and filter, read early so values can refer to them.
    var enumCaseNames: [String: [String]] = [:]
    /// The specs `uses:` names, checked.
    var uses: [Spec] = []
    /// The models of the specs used, directly or not: types this spec reads but doesn't declare.
    var usedModels: [Model] = []
    /// The lists of child features (`children:`).
    var children: [ChildFeature] = []
    /// The navigation stacks (`children: { path: { stack: [...] } }`).
    var stacks: [StackFeature] = []
    /// State field names written `FEATURE.FIELD` (an app's derived values read the features'
    /// state so): the tokens `FEATURE`, `.`, `FIELD` read as one name.
    var qualifiedNames: Set<String> = []
    var enums: [EnumType] = []
    var models: [Model] = []
    /// Each model field's type node, by `MODEL.FIELD`: where a problem with the field is shown.
    var modelFieldNodes: [String: YAMLNode] = [:]
    /// The state: the fields written, then each filter's selected case, then each request's status.
    var state: [Field] = []
    var filters: [Filter] = []
    var events: [Event] = []
    var actions: [Action] = []
    var derived: [DerivedValue] = []
    /// The derived values that take a parameter (`product(id): products[id]`).
    var selectors: [DerivedValue] = []
  }

  let entries: Entries
  /// The spec's models and the used specs', by name (the spec's own where both have one).
  let modelsByName: [String: Model]
  let stateByName: [String: Field]
  /// What an expression's paths may reach: the models, and each enum whose cases carry values as
  /// the models an expression reads it through (`EnumType.accessorModels`).
  let expressionModels: [Model]
  /// `expressionModels` by name.
  let expressionModelsByName: [String: Model]
  /// Each action's position in `actions`, by name (the first, if a name is repeated).
  let actionIndex: [String: Int]

  init(_ entries: Entries = Entries()) {
    self.entries = entries
    modelsByName = Dictionary((entries.models + entries.usedModels).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    stateByName = Dictionary(entries.state.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var allEnums = entries.enums
    if !entries.uses.isEmpty { allEnums += Spec.flattened(entries.uses).flatMap(\.enums) }
    let accessors = allEnums.contains(where: \.carriesValues) ? allEnums.flatMap(\.accessorModels) : []
    expressionModels = entries.models + entries.usedModels + accessors
    expressionModelsByName =
      accessors.isEmpty
      ? modelsByName : modelsByName.merging(accessors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    actionIndex = firstIndices(entries.actions.map(\.name))
  }

  /// The table of a spec already checked (a child feature's): what reading one of its actions
  /// as an example's step looks up.
  init(checked spec: Spec) {
    var entries = Entries()
    entries.feature = spec.feature
    entries.modelNames = spec.models.map(\.name)
    entries.filterNames = spec.filters.map(\.name)
    entries.uses = spec.uses
    let used = Spec.flattened(spec.uses)
    entries.usedModels = used.flatMap { $0.models + $0.heldStateModels } + spec.heldStateModels
    entries.children = spec.children
    entries.stacks = spec.stacks
    entries.enums = spec.enums
    entries.models = spec.models
    for enumType in used.flatMap(\.enums) + spec.enums { entries.enumCaseNames[enumType.name] = enumType.cases }
    for filter in spec.filters { entries.enumCaseNames[filter.name] = filter.cases.map(\.name) }
    entries.typeNames = Set(
      spec.models.map(\.name) + spec.enums.map(\.name) + spec.filters.map(\.name) + entries.usedModels.map(\.name)
        + used.flatMap(\.enums).map(\.name))
    entries.state = spec.state
    entries.filters = spec.filters
    entries.events = spec.events
    entries.actions = spec.actions
    entries.derived = spec.derived
    entries.selectors = spec.selectors
    self.init(entries)
  }

  subscript<Value>(dynamicMember keyPath: KeyPath<Entries, Value>) -> Value {
    entries[keyPath: keyPath]
  }

  /// This table with what a pass returned added: a new table, its indexes made once. An index
  /// whose entries the pass left as they were is this table's: a pass adds one kind of entry,
  /// and a large spec's thousands of models, fields and actions were indexed a dozen times.
  func adding(_ change: (inout Entries) -> Void) -> SymbolTable {
    var changed = entries
    change(&changed)
    let old = entries
    let sameModels =
      Self.unchanged(changed.models, old.models) && Self.unchanged(changed.usedModels, old.usedModels)
      && Self.unchanged(changed.enums, old.enums) && Self.unchanged(changed.uses, old.uses)
    guard sameModels else { return SymbolTable(changed) }
    return SymbolTable(
      entries: changed, modelsByName: modelsByName,
      stateByName: Self.unchanged(changed.state, old.state)
        ? stateByName : Dictionary(changed.state.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }),
      expressionModels: expressionModels, expressionModelsByName: expressionModelsByName,
      actionIndex: Self.unchanged(changed.actions, old.actions) ? actionIndex : firstIndices(changed.actions.map(\.name)))
  }

  private init(
    entries: Entries, modelsByName: [String: Model], stateByName: [String: Field], expressionModels: [Model],
    expressionModelsByName: [String: Model], actionIndex: [String: Int]
  ) {
    self.entries = entries
    self.modelsByName = modelsByName
    self.stateByName = stateByName
    self.expressionModels = expressionModels
    self.expressionModelsByName = expressionModelsByName
    self.actionIndex = actionIndex
  }

  /// Whether `new` is `old` itself, its storage shared: nothing wrote it (a write copies a
  /// shared array). An equal array in new storage counts as changed, which only costs an index.
  private static func unchanged<Element>(_ new: [Element], _ old: [Element]) -> Bool {
    new.count == old.count
      && new.withUnsafeBufferPointer { $0.baseAddress } == old.withUnsafeBufferPointer { $0.baseAddress }
  }

  /// The action of this name, the first if it is repeated.
  func action(named name: String) -> Action? {
    actionIndex[name].map { entries.actions[$0] }
  }
}

/// The table's entries read by their own names (stored properties, not key paths: passes read
/// them in their loops).
extension SpecChecker {
  var feature: String { symbols.entries.feature }
  var modelNames: [String] { symbols.entries.modelNames }
  var filterNames: [String] { symbols.entries.filterNames }
  var typeNames: Set<String> { symbols.entries.typeNames }
  var enumCaseNames: [String: [String]] { symbols.entries.enumCaseNames }
  var uses: [Spec] { symbols.entries.uses }
  var usedModels: [Model] { symbols.entries.usedModels }
  var qualifiedNames: Set<String> { symbols.entries.qualifiedNames }
  var enums: [EnumType] { symbols.entries.enums }
  var models: [Model] { symbols.entries.models }
  var modelFieldNodes: [String: YAMLNode] { symbols.entries.modelFieldNodes }
  var state: [Field] { symbols.entries.state }
  var filters: [Filter] { symbols.entries.filters }
  var events: [Event] { symbols.entries.events }
  var actions: [Action] { symbols.entries.actions }
  var derived: [DerivedValue] { symbols.entries.derived }
  var selectors: [DerivedValue] { symbols.entries.selectors }
  var modelsByName: [String: Model] { symbols.modelsByName }
  var expressionModels: [Model] { symbols.expressionModels }
  var expressionModelsByName: [String: Model] { symbols.expressionModelsByName }
  var stateByName: [String: Field] { symbols.stateByName }
  var actionIndex: [String: Int] { symbols.actionIndex }

  /// The action of this name, the first if it is repeated.
  func action(named name: String) -> Action? {
    symbols.action(named: name)
  }
}
