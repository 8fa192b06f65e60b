/// A feature spec that passed every check: what translators work from.
package struct Spec: Sendable, Equatable {
  package enum Access: String, Sendable, CaseIterable {
    case `public`
    case `package`
    case `internal`
  }

  /// The spec's path as the user gave it, for the generated header.
  package var path: String
  package var feature: String
  /// The Swift module (a SwiftPM target) the generated sources are built into, when not named
  /// like the feature (`module:`): what the generated tests import with `@testable` and what a
  /// spec that `uses` this one imports.
  package var module: String?
  package var access: Access
  /// The conformances every model asks for (`conformances:`); `Codable` also makes the state and
  /// the action `Codable`. What each type gets is `neededConformances`.
  package var conformances: Set<Conformance> = []
  package var imports: [String]
  package var doc: String?
  package var models: [Model]
  package var enums: [EnumType]
  package var state: [Field]
  package var filters: [Filter]
  package var actions: [Action]
  package var middleware: [Middleware]
  package var examples: [Example]
  package var events: [Event] = []
  package var persist: Persist?
  /// The values computed from the state (`derived`).
  package var derived: [DerivedValue] = []
  /// The derived values that take a parameter (`product(id): products[id]`): functions of the
  /// State, not properties, so they are kept apart from `derived`.
  package var selectors: [DerivedValue] = []
  /// The actions the store dispatches when it is made (`start:`), in order: NgRx's init
  /// effects. Generated as `<Feature>Start`, a middleware.
  package var start: [Example.Step] = []
  /// The OpenAPI document and the requests bound to its operations (`api:`, `operation:`).
  package var api: APIBindings?
  /// The specs this one `uses`, whose models and enums it reads from their modules: each checked,
  /// `access: public`, with the specs it uses in turn.
  package var uses: [Spec] = []
  /// The lists of child features (`children:`), in the spec's order: each child's spec is in
  /// `uses` too (its module is imported), and each list is a field of `state`.
  package var children: [ChildFeature] = []
  /// The navigation stacks of destination features (`children: { path: { stack: [...] } }`),
  /// in the spec's order; each destination's spec is in `uses` too.
  package var stacks: [StackFeature] = []
  /// The alerts and confirmation dialogs (`alerts:`), in the spec's order; their enums are in
  /// `enums`, and the field holding the one shown in `state`.
  package var alerts: [AlertDeclaration] = []
  /// A near miss of the alerts' route: set only by the mutation harness.
  package var alertMutant: AlertMutant?
  /// Where the spec names each hand-written type (middleware, custom reducer), for diagnostics.
  package var handWrittenLocations: [String: SourceLocation] = [:]
  /// Set only by the mutation harness, on a mutant that takes a delayed follow-up's wait away:
  /// the follow-ups middleware keeps its clock, which the original's tests pass it.
  package var followUpsKeepClock = false
  /// A near miss of a value a view store keeps element by element: set only by the mutation
  /// harness.
  package var keptValueMutant: KeptValueMutant?
  /// A binding's path into a model (`bindingReads`) said to read the next state field rather
  /// than its own: set only by the mutation harness.
  package var misreadBindingPath: String?
  /// In an app's values' scope (`AppSpec.derivedScope`): each feature's list of models with an id
  /// that some of the feature's actions change only in place, by its name there
  /// (`taskList.tasks`). What an app value over such a list is kept up to date from.
  package var listsInFeatures: [String: ListInFeature] = [:]
  /// The module the generated sources are built into: `module:`, or the feature's name.
  package var moduleName: String { module ?? feature }
  private var modelIndex: [String: Int] = [:]
  private var stateIndex: [String: Int] = [:]
  private var actionIndex: [String: Int] = [:]

  package init(
    path: String, feature: String, access: Access, imports: [String], doc: String?, models: [Model],
    enums: [EnumType] = [], state: [Field], filters: [Filter], actions: [Action], middleware: [Middleware],
    examples: [Example], events: [Event] = [], persist: Persist? = nil
  ) {
    self.path = path
    self.feature = feature
    self.access = access
    self.imports = imports
    self.doc = doc
    self.models = models
    self.enums = enums
    self.state = state
    self.filters = filters
    self.actions = actions
    self.middleware = middleware
    self.examples = examples
    self.events = events
    self.persist = persist
    modelIndex = firstIndices(models.map(\.name))
    stateIndex = firstIndices(state.map(\.name))
    actionIndex = firstIndices(actions.map(\.name))
  }

  /// Whether a model's field has a JSON key of its own.
  package var hasJSONKeys: Bool { models.contains { $0.fields.contains { $0.jsonKey != nil } } }

  package func model(named name: String) -> Model? {
    modelIndex[name].map { models[$0] } ?? uses.lazy.compactMap { $0.model(named: name) }.first
      ?? childStateModel(named: name)
  }

  /// Every spec used, directly or through another, each once, the deepest first: the modules
  /// the generated code imports.
  package var usedSpecs: [Spec] { Self.flattened(uses) }

  /// `uses` and the specs they use in turn, each once, the deepest first.
  package static func flattened(_ uses: [Spec]) -> [Spec] {
    var result: [Spec] = []
    for used in uses {
      for spec in used.usedSpecs + [used] where !result.contains(where: { $0.feature == spec.feature }) {
        result.append(spec)
      }
    }
    return result
  }

  /// The module that declares the model or enum `name`: this feature's, or a used spec's.
  package func module(declaring name: String) -> String? {
    if modelIndex[name] != nil || enums.contains(where: { $0.name == name }) { return feature }
    if let child = children.first(where: { $0.spec.stateTypeName == name }) { return child.spec.feature }
    if let destination = stacks.lazy.flatMap(\.destinations).first(where: { $0.spec.stateTypeName == name }) {
      return destination.spec.feature
    }
    return uses.lazy.compactMap { $0.module(declaring: name) }.first
  }

  package func stateField(named name: String) -> Field? {
    stateIndex[name].map { state[$0] }
  }

  /// The field a path of fields reaches through models (`draft.title`, a binding's), from the
  /// state or from `model`'s fields; nil where a step isn't a field of a model.
  package func field(atPath path: String, inModel model: String? = nil) -> Field? {
    var fields = model.map { self.model(named: $0)?.fields ?? [] } ?? state
    var found: Field?
    for name in path.split(separator: ".") {
      if let previous = found {
        guard case .model(let next) = previous.type, let nextModel = self.model(named: next) else { return nil }
        fields = nextModel.fields
      }
      guard let field = fields.first(where: { $0.name == name }) else { return nil }
      found = field
    }
    return found
  }

  /// The position of a state field, as change tracking numbers fields.
  package func stateFieldIndex(named name: String) -> Int? {
    stateIndex[name]
  }

  package func action(named name: String) -> Action? {
    actionIndex[name].map { actions[$0] }
  }

  package func filter(named name: String) -> Filter? {
    filters.first { $0.name == name }
  }

  /// The fields of a model type, for walking paths.
  package func fields(of type: SpecType) -> [Field]? {
    if case .model(let name) = type { return model(named: name)?.fields }
    return nil
  }

  /// The cases of an enum or filter type.
  package func cases(of type: SpecType) -> [String]? {
    guard case .enumeration(let name) = type else { return nil }
    return enums.first { $0.name == name }?.cases ?? filter(named: name)?.cases.map(\.name)
      ?? uses.lazy.compactMap { $0.cases(of: type) }.first
  }

  /// The enum of the spec, or of a spec it uses, of this name.
  package func enumType(named name: String) -> EnumType? {
    enums.first { $0.name == name } ?? uses.lazy.compactMap { $0.enumType(named: name) }.first
  }

  /// The values a case of an enum type carries, in their order; nil for a case that carries none.
  package func caseValues(of type: SpecType, case name: String) -> [Field]? {
    guard case .enumeration(let enumName) = type.unwrapped else { return nil }
    return enumType(named: enumName)?.caseValues[name]
  }

  /// A case of an enum type as a value: its name alone, or with the values `value` makes for
  /// each it carries.
  package func caseValue(_ name: String, of type: SpecType, values value: (SpecType) -> Value) -> Value {
    guard let fields = caseValues(of: type, case: name) else { return .enumCase(name) }
    return .caseWithValues(name, fields.map { ($0.name, value($0.type)) })
  }

  /// Whether `type` is an enum whose cases carry values (no String raw value, not CaseIterable).
  package func carriesValues(_ type: SpecType) -> Bool {
    guard case .enumeration(let enumName) = type.unwrapped else { return false }
    return enumType(named: enumName)?.carriesValues ?? false
  }

  /// Whether a value of `type` is its type's only value (an enum or filter of one case, a model
  /// whose fields each are): Swift stores it in no bytes, so key paths to two stored fields of
  /// such a type compare equal, and it never changes.
  package func holdsOneValue(_ type: SpecType, depth: Int = 0) -> Bool {
    guard depth < 32 else { return false }
    switch type {
    case .enumeration: return cases(of: type)?.count == 1 && !carriesValues(type)
    case .model: return fields(of: type).map { $0.allSatisfy { holdsOneValue($0.type, depth: depth + 1) } } ?? false
    default: return false
    }
  }

  /// What bindings into a model read (`card.note`, and `card.members` whose rows a row's
  /// binding takes), each once, with the state field it starts at: a view reading one is told
  /// when that field changes. Not a path to a type of one value, whose key paths may compare
  /// equal.
  package var bindingReads: [(path: String, field: Int)] {
    var reads: [(path: String, field: Int)] = []
    for action in actions {
      for path in [action.binding, action.elementBinding?.list].compactMap(\.self) where path.contains(".") {
        guard !reads.contains(where: { $0.path == path }), let type = field(atPath: path)?.type, !holdsOneValue(type),
          let first = path.split(separator: ".").first, let index = stateFieldIndex(named: String(first))
        else { continue }
        reads.append((path, path == misreadBindingPath ? (index + 1) % state.count : index))
      }
    }
    return reads
  }

  /// How the collection of type `type` is looked up (`COLLECTION[KEY]`), or nil when it can't be.
  package func lookupShape(of type: SpecType) -> LookupShape? {
    LookupShape(type) { model(named: $0)?.idField }
  }

  /// The parameter of a derived value that takes one, and its type: the key type of the
  /// collection it looks up (a list's ids).
  package func parameter(of value: DerivedValue) -> (name: String, type: SpecType)? {
    guard let name = value.parameter, let type = stateType(path: value.list), let shape = lookupShape(of: type) else {
      return nil
    }
    return (name, shape.key)
  }

  /// Every state field, and each field inside a state field of a model that isn't optional
  /// (`shelf.ids`), with its type: what a derived lookup may read.
  package var statePaths: [(path: String, type: SpecType)] {
    state.flatMap { field -> [(path: String, type: SpecType)] in
      [(field.name, field.type)] + (fields(of: field.type) ?? []).map { ("\(field.name).\($0.name)", $0.type) }
    }
  }

  /// The type of a state field, or of a field inside one through fields of models that aren't
  /// optional (`shelf.entities`); nil when the path names none.
  package func stateType(path: String) -> SpecType? {
    // An app's feature field (`cart.items`) is a state field of its own: the longest state
    // field the path starts with is where it starts.
    let names = path.split(separator: ".").map(String.init)
    guard
      let (count, start) = (1...max(names.count, 1)).reversed().lazy.compactMap({ count in
        self.stateField(named: names.prefix(count).joined(separator: ".")).map { (count, $0.type) }
      }).first
    else { return nil }
    var type = start
    for name in names.dropFirst(count) {
      guard let field = fields(of: type)?.first(where: { $0.name == name }) else { return nil }
      type = field.type
    }
    return type
  }

  /// The type of what a derived value's list names: a state field (or a path inside one), or a
  /// derived value written before it (`sum cartProducts.price`).
  package func listType(_ name: String) -> SpecType? {
    stateType(path: name) ?? derived.first { $0.name == name }?.type
  }

  /// The type of the elements a derived value's list holds: a list's elements, or a
  /// dictionary's values (`count products.byId where ...` reads every entry's value).
  package func derivedElementType(_ list: String) -> SpecType? {
    switch listType(list) {
    case .array(let element)?: element
    case .dictionary(_, let value)?: value
    default: nil
    }
  }

  /// The type of a field of the elements of the list `list` (a state field or an earlier
  /// derived value); over a dictionary, `key` is the entry's key where its values have no
  /// field of that name.
  package func derivedFieldType(_ list: String, _ field: String) -> SpecType? {
    guard let element = derivedElementType(list) else { return nil }
    if let type = fields(of: element)?.first(where: { $0.name == field })?.type { return type }
    return weighsByEntryKey(list, field) ? listType(list)?.dictionaryKey : nil
  }

  /// Whether `key` in `sum DICTIONARY.FIELD * WEIGHTS[key]` names each entry's key: the list is
  /// a dictionary whose values have no field named `key`.
  package func weighsByEntryKey(_ list: String, _ key: String) -> Bool {
    guard key == DerivedValue.entryKey, case .dictionary(_, let value)? = listType(list) else { return false }
    return fields(of: value)?.contains { $0.name == key } != true
  }

  /// Every name generated for this feature.
  package var names: GeneratedNames { GeneratedNames(feature: feature) }
  package var stateTypeName: String { names.state }
  package var actionTypeName: String { names.action }
  /// The hand-written type holding the `custom` reduce functions.
  package var customReducerName: String { names.customReducer }
  /// The protocol it conforms to, one requirement per custom action.
  package var customReducingName: String { names.customReducing }
  package var hasCustomReducers: Bool { actions.contains(where: \.reducesByHand) }

  /// `taskListReducer` for the feature `TaskList`.
  package var reducerName: String { names.reducer }
}

/// Each name's first position.
func firstIndices(_ names: [String]) -> [String: Int] {
  var index: [String: Int] = [:]
  for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
  return index
}

extension String {
  package var lowercasingFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }

  package var uppercasingFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
