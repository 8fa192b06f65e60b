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
  /// Where the spec names each hand-written type (middleware, custom reducer), for diagnostics.
  package var handWrittenLocations: [String: SourceLocation] = [:]
  /// Set only by the mutation harness, on a mutant that takes a delayed follow-up's wait away:
  /// the follow-ups middleware keeps its clock, which the original's tests pass it.
  package var followUpsKeepClock = false
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
    return uses.lazy.compactMap { $0.module(declaring: name) }.first
  }

  package func stateField(named name: String) -> Field? {
    stateIndex[name].map { state[$0] }
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

/// A String-backed enum of the spec.
package struct EnumType: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var cases: [String]
}

/// A struct of the spec.
package struct Model: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var fields: [Field]
  /// The conformances the model asks for beyond those its use needs (`conformances:`).
  package var conformances: Set<Conformance> = []
  /// A mutant's edit (`SpecMutator`): this field's key is required when decoding, though the
  /// field has a default.
  package var decodesWithoutDefault: String?

  package var idField: Field? { fields.first { $0.name == "id" } }
}

/// A stored property with its default.
package struct Field: Sendable, Equatable {
  package var name: String
  package var type: SpecType
  /// nil when the field must be given.
  package var defaultValue: Value?
  package var doc: String?
  /// For an action's payload parameter written `= new` (a `UUID`) or `= now` (a `Date`): the
  /// action's creator makes it, so the reducer stays pure.
  package var madeByCreator = false
  /// For a model's field: its key in JSON when not its name (`json: temperature_2m_max`).
  package var jsonKey: String?

  /// The key the field is encoded and decoded under.
  package var codingKey: String { jsonKey ?? name }
}

/// A literal checked against its type.
package indirect enum Value: Sendable, Equatable {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  /// A UUID as a string, or written as a small number n (the UUID ending in n).
  case uuid(String)
  case newUUID
  /// The current time, `Date()`: what an action creator puts in a parameter written `= now`.
  case now
  /// A date, as seconds since 1970 (read from ISO 8601 text).
  case date(Double)
  case url(String)
  /// Data given as UTF-8 text.
  case data(String)
  case enumCase(String)
  case null
  case array([Value])
  case dictionary([(key: Value, value: Value)])
  /// A model built from its fields, in the model's order, with omitted ones absent.
  case model(String, [(name: String, value: Value)])
  /// A model built from its defaults alone.
  case modelDefault(String)
  /// `RequestStatus.failed(message)`.
  case failed(String)

  package static func == (lhs: Value, rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.date(let a), .date(let b)): a == b
    case (.string(let a), .string(let b)), (.uuid(let a), .uuid(let b)), (.url(let a), .url(let b)),
      (.data(let a), .data(let b)),
      (.enumCase(let a), .enumCase(let b)), (.modelDefault(let a), .modelDefault(let b)):
      a == b
    case (.newUUID, .newUUID), (.now, .now), (.null, .null): true
    case (.failed(let a), .failed(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.model(let n, let a), .model(let m, let b)):
      n == m && a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    default: false
    }
  }
}

/// Named views over a list of the state.
package struct Filter: Sendable, Equatable {
  package struct Case: Sendable, Equatable {
    package var name: String
    package var predicate: Predicate
  }

  package var name: String
  package var over: String
  package var element: String
  package var selected: String
  package var defaultCase: String
  package var result: String
  package var cases: [Case]
  /// Sort keys over the element's fields, applied after the case, ties kept in list order.
  package var sort: [SortKey] = []
}

/// A value computed from the state (`remaining: count tasks where !isCompleted`): a read-only
/// property of the State, usable in examples' `then`, and observed like a field.
package struct DerivedValue: Sendable, Equatable {
  /// What names each entry's key in a sum over a dictionary (`* quantityById[key]`).
  package static let entryKey = "key"

  package enum Kind: Sendable, Equatable {
    /// The elements, or those the condition holds for.
    case count(Predicate?)
    /// Whether the condition holds for every element (true for an empty list).
    case all(Predicate)
    /// Whether it holds for at least one.
    case any(Predicate)
    case isEmpty
    /// The total of a numeric field of the elements, or of those the condition holds for.
    case sum(field: String, Predicate?)
    /// The total of two numeric fields' product over the elements (`sum items.price * quantity`,
    /// a cart's total); an integer field times a `Double` one is a `Double`.
    case sumOfProducts(field: String, times: String, Predicate?)
    /// The total of a numeric field times the number a dictionary state field holds under the
    /// element's `key` field, 0 where it holds none (`sum products.price * quantities[id]`,
    /// Redux's cart total: the catalogue's prices times the cart's quantities). Over a
    /// dictionary, `key` may be `entryKey`: each entry's key (`Spec.weighsByEntryKey`).
    case sumWeighted(field: String, weights: String, key: String, Predicate?)
    /// The element (by id) or entry (by key) the state field `key` names; nil when none does.
    /// In a value with a parameter, `key` is the parameter.
    case lookup(key: String)
    /// The elements (by id) or entries (by key) the list field `keys` names, in its order;
    /// keys that name nothing are skipped (`products[cartIDs]`, RTK's selector of many).
    case lookupMany(keys: String)
    /// Arithmetic over numeric state fields, derived values written before it and literals
    /// (`left: budget - spent`); `reads` are the state fields it depends on, through the
    /// derived values it reads.
    case arithmetic(Arithmetic<String>, reads: [String])
  }

  package var name: String
  /// The state field it is computed over.
  package var list: String
  package var kind: Kind
  package var type: SpecType
  /// The parameter of a value that takes one (`product(id)`): the key it looks up.
  package var parameter: String? = nil
  /// What a lookup gives when its key names nothing (`quantities[id] ?? 0`): the value is then
  /// not optional.
  package var fallback: Value? = nil
  /// The state fields its `where` reads besides the list (`count todos where rank >= minimum`).
  package var conditionReads: [String] = []
  /// Where its list is a derived value written before it (`sum cartProducts.price`, Redux's
  /// `getTotal`): the state fields that value reads.
  package var listReads: [String]?

  /// For each path its lookup reads inside a state field of a model (`shelf.entities`,
  /// `shelf.selectedID`), the state field it starts at (`shelf`; in an app, a feature's field
  /// such as `cart.shelf`, itself a state field of the app's).
  package var pathRoots: [String: String] = [:]

  /// The state field its list or collection is, or is inside of (`shelf` for a lookup in
  /// `shelf.entities`).
  package var listRoot: String { root(of: list) }

  /// A path's first name (`shelf` of `shelf.ids`): where a path inside a feature's state field
  /// starts.
  static func firstName(_ path: String) -> String { String(path.prefix { $0 != "." }) }

  /// The state field a path it reads starts at: the path itself when it is a state field.
  func root(of path: String) -> String { pathRoots[path] ?? path }

  /// The state fields it reads.
  package var inputs: [String] {
    switch kind {
    case .lookup(let key) where key != parameter, .lookupMany(let key):
      listRoot == root(of: key) ? [listRoot] : [listRoot, root(of: key)]
    case .arithmetic(_, let reads): reads
    case .sumWeighted(_, let weights, _, _):
      ((listReads ?? [list]) + [weights] + conditionReads).uniqued
    default: ((listReads ?? [listRoot]) + conditionReads).uniqued
    }
  }
}

package struct SortKey: Sendable, Equatable {
  package var field: String
  package var type: SpecType
  package var descending: Bool

  /// Whether values of `type` have an order a sort can use: numbers, text, dates, Bool, enums
  /// (ReduxRuntime's `SortKey` compares each kind).
  static func isSortable(_ type: SpecType) -> Bool {
    switch type {
    case .scalar(.bool), .enumeration: true
    default: type.isOrdered
    }
  }
}

/// A typed condition over an element's fields.
package indirect enum Predicate: Sendable, Equatable {
  case constant(Bool)
  /// A path of fields on the element, ending maybe in `count` or `isEmpty`.
  case path([PathStep], SpecType)
  case literal(Value, SpecType)
  case not(Predicate)
  case and(Predicate, Predicate)
  case or(Predicate, Predicate)
  case compare(Predicate, ComparisonOperator, Predicate)
  /// `LIST.contains(VALUE)`: whether a list holds the value (Swift's `contains(_:)`).
  case contains(Predicate, Predicate)
  /// `COLLECTION[KEY]`: a dictionary's value under the key or, `byID`, the element of a list of
  /// models whose `id` is the key; nil when there is none.
  case lookup(Predicate, key: Predicate, byID: Bool)
  /// `LHS op RHS` on numbers (`secondsElapsed % durationPerSpeaker`, `price * quantity`) or,
  /// with `+`, on text: a value of the type given, as `Arithmetic` types it.
  case arithmetic(Predicate, ArithmeticOperator, Predicate, SpecType)
  /// `min(A, B)` or `max(A, B)`: the smaller or larger of two values of the type given.
  case extremum(Extremum, Predicate, Predicate, SpecType)

  package enum PathStep: Sendable, Equatable {
    case field(String)
    case count
    case isEmpty
    /// Text without its leading and trailing white space and newlines.
    case trimmed
  }

  package enum Extremum: String, Sendable, CaseIterable {
    case min
    case max
  }

  package enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
  }
}

extension Predicate {
  /// The type of the value it gives (`Bool` for a condition). A lookup's value type isn't
  /// kept: it is optional, which arithmetic, `min` and `max` refuse, and is read only by a
  /// comparison.
  package var type: SpecType {
    switch self {
    case .path(_, let type), .literal(_, let type), .arithmetic(_, _, _, let type), .extremum(_, _, _, let type): type
    case .constant, .not, .and, .or, .compare, .contains: .scalar(.bool)
    case .lookup: .optional(.scalar(.bool))
    }
  }

  /// Whether it is a value written in the spec.
  var isLiteral: Bool {
    if case .literal = self { return true }
    return false
  }

  /// The arithmetic it is: its `+ - * / %` nodes as `Arithmetic`'s, literals as its literals,
  /// anything else a leaf; for the arithmetic translator, evaluation and near misses.
  var arithmetic: Arithmetic<Predicate> {
    switch self {
    case .arithmetic(let lhs, let op, let rhs, let type): .binary(lhs.arithmetic, op, rhs.arithmetic, type)
    case .literal(let value, let type): .literal(value, type)
    default: .leaf(self, type)
    }
  }

  /// Its arithmetic's near misses (`Arithmetic.nearMisses`) and each `min` turned `max` and back,
  /// wherever they are in it, for the mutation harness; a kind names each once.
  func arithmeticNearMisses() -> [(kind: String, predicate: Predicate)] {
    var result: [(kind: String, predicate: Predicate)] = []
    switch self {
    case .arithmetic:
      // Only those Swift can compute: joined text has no partner of `+`.
      result = arithmetic.nearMisses().filter { $0.expression.isWellTyped }.map { ($0.kind, Predicate($0.expression)) }
      // Its leaves' own (a `min` inside a sum).
      for (index, leaf) in arithmetic.leaves.enumerated() {
        for (kind, nearMiss) in leaf.arithmeticNearMisses() {
          var position = 0
          let changed = arithmetic.mapLeaves { original -> Predicate in
            defer { position += 1 }
            return position == index ? nearMiss : original
          }
          result.append((kind, Predicate(changed)))
        }
      }
    case .extremum(let which, let lhs, let rhs, let type):
      result = [(which == .min ? "max" : "min", .extremum(which == .min ? .max : .min, lhs, rhs, type))]
      result += lhs.arithmeticNearMisses().map { ($0.kind, .extremum(which, $0.predicate, rhs, type)) }
      result += rhs.arithmeticNearMisses().map { ($0.kind, .extremum(which, lhs, $0.predicate, type)) }
    case .not(let operand):
      result = operand.arithmeticNearMisses().map { ($0.kind, .not($0.predicate)) }
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs), .contains(let lhs, let rhs),
      .lookup(let lhs, let rhs, _):
      func rebuilt(_ left: Predicate, _ right: Predicate) -> Predicate {
        switch self {
        case .and: .and(left, right)
        case .or: .or(left, right)
        case .compare(_, let op, _): .compare(left, op, right)
        case .contains: .contains(left, right)
        case .lookup(_, _, let byID): .lookup(left, key: right, byID: byID)
        default: self
        }
      }
      result = lhs.arithmeticNearMisses().map { ($0.kind, rebuilt($0.predicate, rhs)) }
      result += rhs.arithmeticNearMisses().map { ($0.kind, rebuilt(lhs, $0.predicate)) }
    case .constant, .path, .literal:
      break
    }
    // One mutant per kind: the first of a kind (the outermost) stands for it.
    var seen: Set<String> = []
    return result.filter { seen.insert($0.kind).inserted }
  }

  /// The predicate an arithmetic expression over predicates stands for.
  init(_ arithmetic: Arithmetic<Predicate>) {
    switch arithmetic {
    case .leaf(let predicate, _): self = predicate
    case .literal(let value, let type): self = .literal(value, type)
    case .binary(let lhs, let op, let rhs, let type): self = .arithmetic(Predicate(lhs), op, Predicate(rhs), type)
    }
  }

  /// Whether a path of a condition over `element` reads the state (`state.NAME`, as a filter
  /// case's checked condition writes every name that isn't the element's) rather than the element.
  package static func readsState(_ steps: [PathStep], over element: Model) -> Bool {
    guard steps.count > 1, case .field(let first) = steps[0] else { return false }
    return isStateRoot(first, over: element)
  }

  /// Whether a path over `element` starting with `name` starts at the state.
  package static func isStateRoot(_ name: String, over element: Model) -> Bool {
    name == "state" && !element.fields.contains { $0.name == "state" }
  }

  /// Whether the predicate reads the element at all (`false` and `1 < 2` don't).
  var readsElement: Bool { readsElement(over: nil) }

  /// Whether a condition over `element` reads it, not only the state (a filter case's
  /// `state.NAME`).
  func readsElement(over element: Model?) -> Bool {
    switch self {
    case .path(let steps, _):
      // Over an element, a path reads it when it starts at one of its fields: not at the
      // state, nor at a payload parameter (an operation's `where`).
      guard let element else { return true }
      guard case .field(let first)? = steps.first else { return false }
      return element.fields.contains { $0.name == first }
    case .constant, .literal: return false
    case .not(let operand): return operand.readsElement(over: element)
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs), .contains(let lhs, let rhs),
      .lookup(let lhs, let rhs, _), .arithmetic(let lhs, _, let rhs, _), .extremum(_, let lhs, let rhs, _):
      return lhs.readsElement(over: element) || rhs.readsElement(over: element)
    }
  }

  /// The conditions it is made of, in order (none for a path, a literal or a constant).
  package var operands: [Predicate] {
    switch self {
    case .path, .constant, .literal: []
    case .not(let operand): [operand]
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs), .contains(let lhs, let rhs),
      .lookup(let lhs, let rhs, _), .arithmetic(let lhs, _, let rhs, _), .extremum(_, let lhs, let rhs, _):
      [lhs, rhs]
    }
  }

  /// The payload parameters a `where` over `element` in an action's operation reads, by name,
  /// in order: the names its paths start with that are neither the element's fields nor the
  /// state (`ReadingScope.whereCondition`).
  package func parameterReads(over element: Model) -> [String] {
    names { steps in
      guard case .field(let first)? = steps.first, !element.fields.contains(where: { $0.name == first }),
        !Predicate.readsState(steps, over: element)
      else { return nil }
      return first
    }
  }

  /// The state fields and derived values a condition over `element` reads, by name, in order.
  package func stateReads(over element: Model) -> [String] {
    names { steps in
      guard Predicate.readsState(steps, over: element), case .field(let name) = steps[1] else { return nil }
      return name
    }
  }

  /// The names `read` finds in the condition's paths, each once, in order.
  private func names(_ read: ([PathStep]) -> String?) -> [String] {
    switch self {
    case .path(let steps, _):
      return read(steps).map { [$0] } ?? []
    default:
      var names: [String] = []
      for operand in operands {
        names += operand.names(read).filter { !names.contains($0) }
      }
      return names
    }
  }
}

/// One case of the Action enum and what the reducer does with it.
package struct Action: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var payload: [Field]
  package var reduce: [ReduceOperation]
  /// The `RequestStatus` field this action moves on, for the actions of an async request.
  package var status: StatusUpdate?
  /// For the request action of an async pair: the names of its outcome actions.
  package var async: AsyncOutcomes?
  /// The effect scopes whose requests this action cancels (`cancels: [search]`), in the
  /// spec's order.
  package var cancels: [String] = []
  /// The cache tags this action invalidates (`invalidates: [collection, volume(book.id)]`): when
  /// it passes the effects middleware, or, for an async action, when its success does (a tag
  /// with an argument: once its request has returned, before its success is dispatched).
  package var invalidates: [CacheTag] = []
  /// A field the generated change report (`changedFields`) leaves out although the reducer
  /// changes it: set only by the mutation harness, as a near miss of change tracking.
  package var unreportedField: String?
  /// The state field this action sets from its one payload parameter, when the spec marks it
  /// `binding: true`: a `ViewStore` binds the field to the action (`<field>Binding`).
  package var binding: String?
  /// A near miss of the generated `changedElements`: set only by the mutation harness.
  package var elementReportMutant: ElementReportMutant?
  /// The actions dispatched after this one's reduce (`then:`), in order.
  package var followUps: [FollowUp] = []

  /// Whether a hand-written reducer does the action's work (`reduce: custom`).
  package var reducesByHand: Bool { reduce.count == 1 && reduce[0].isCustom }
}

/// An action dispatched after another's reduce (`then: sortTodos`, `then: search if
/// !query.isEmpty`), by the generated `<Feature>FollowUps` middleware: TCA's `.send` from a
/// reducer, NgRx's effect that maps one action to another.
package struct FollowUp: Sendable, Equatable {
  /// Where a parameter of the follow-up takes its value.
  package enum Source: Sendable, Equatable {
    /// The trigger's parameter of that name.
    case parameter(String)
    /// The state field of that name, after the trigger's reduce.
    case state(String)
    /// The parameter's default (for `= new` and `= now`, made by ReduxRuntime's `ActionValues`).
    case value(Value)
  }

  package var action: String
  /// Each parameter of the follow-up, in its payload's order, and its source.
  package var arguments: [Argument]
  /// Read after the trigger's reduce, over its payload and the new state; nil: always.
  package var condition: Predicate?
  /// `after 1s`: how long it waits, in milliseconds, before it is dispatched (the trigger's
  /// delayed follow-ups share one wait, and a newer trigger replaces those waiting); nil: at once.
  package var delay: Int? = nil

  package struct Argument: Sendable, Equatable {
    package var parameter: String
    package var source: Source
  }
}

extension Spec {
  /// Whether a follow-up waits (`then: "sortTodos after 1s"`): the follow-ups middleware then
  /// takes a clock.
  package var hasDelayedFollowUps: Bool {
    followUpsKeepClock || actions.contains { $0.followUps.contains { $0.delay != nil } }
  }
}

extension Action {
  /// The state fields its reducer can change, each once, in the order it first writes them; nil
  /// when that is not known (a custom reducer). Change tracking and diagrams both ask this.
  package var changedStateFields: [String]? {
    if reduce.contains(where: \.isCustom) { return nil }
    var names = reduce.flatMap(\.paths).compactMap { path -> String? in
      if case .field(let name)? = path.steps.first { return name }
      return nil
    }
    if let status { names.append(status.field) }
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}

package struct StatusUpdate: Sendable, Equatable {
  package enum Phase: Sendable, Equatable {
    case loading
    case succeeded
    /// `failed(message)`, with the payload parameter holding the message when there is one.
    case failed(message: String?)
  }

  package var field: String
  package var phase: Phase
  /// For `loading`, the request's condition (`operation: "OP if CONDITION"`, over the payload):
  /// where it doesn't hold nothing is sent and the status is `idle`.
  package var condition: Predicate? = nil
}

package struct AsyncOutcomes: Sendable, Equatable {
  package var success: String
  package var failure: String
  /// What a new request does to the running ones of its scope.
  package var policy: EffectPolicy = .latest
  /// The requests it shares a policy and cancellation with: by default, its own name.
  package var scope: String
  /// The wait before the request starts (`debounce: 300ms`, `throttle: 1s`).
  package var timing: EffectTiming?
  /// The request's parameters both outcomes receive as they were (`carry: [book]`), in the
  /// request's order: the effect doesn't return them.
  package var carried: [String] = []
  /// The effects protocol's method for the request (`effect: forecast`): by default, its name.
  package var effect: String
  /// Whether the effect is handed the state as the request leaves it (`readsState: true`).
  package var readsState = false
  /// Whether the effect may return nil, ending the request without an outcome
  /// (`optional: true`).
  package var isOptional = false
  /// How long an answer stays fresh, in milliseconds (`fresh: 300s`): a request with the same
  /// payload within it is answered from the effects middleware's `ResponseCache`, without a call.
  package var freshFor: Int?
  /// The tags its cached answers provide (`provides: [collection, volume(id)]`), which actions
  /// invalidate.
  package var provides: [CacheTag] = []
}

/// A cache tag as `provides:` and `invalidates:` write it, RTK Query's: a name (`collection`),
/// maybe with an argument read from the payload (`volume(id)`, `volume(book.id)`). Invalidating
/// a name alone empties every answer that provides it; a name with an argument, the answers that
/// provide it with an equal argument, and those that provide the name alone.
package struct CacheTag: Sendable, Hashable, CustomStringConvertible {
  package var name: String
  /// The payload parameter and the fields read after it (`["book", "id"]`); empty for a name alone.
  package var argument: [String] = []

  package init(_ name: String, argument: [String] = []) {
    self.name = name
    self.argument = argument
  }

  package var description: String { argument.isEmpty ? name : "\(name)(\(argument.joined(separator: ".")))" }

}

/// What a request's failure action holds besides the fields it carries, which decides who
/// builds it from the error: the one owner of that rule (translators and the checker ask it).
package enum FailureShape: Sendable, Equatable {
  /// Nothing but carried fields.
  case carriedOnly
  /// `message: String`: the error's description.
  case message
  /// `error: T`, with `T` a model or enum of the spec: the effect throws it, typed.
  case typed(String)
  /// Anything else: the effects type builds the action from the error (a `failure` method).
  case builtByEffects

  /// - Parameters:
  ///   - own: The failure action's payload but the carried fields.
  ///   - isSpecType: Whether a model or enum of that name is the spec's own.
  package init(own: [Field], isSpecType: (String) -> Bool) {
    switch own.count {
    case 0:
      self = .carriedOnly
    case 1 where own[0].name == "message" && own[0].type == .scalar(.string):
      self = .message
    case 1 where own[0].name == "error":
      switch own[0].type {
      case .model(let name) where isSpecType(name): self = .typed(name)
      case .enumeration(let name) where isSpecType(name): self = .typed(name)
      default: self = .builtByEffects
      }
    default:
      self = .builtByEffects
    }
  }

  /// The typed error, if the effect throws one.
  package var typedError: String? {
    if case .typed(let name) = self { return name }
    return nil
  }
}

/// When a request may start (ReduxRuntime's `EffectTiming`): after a quiet time, or at most once
/// per interval; in whole milliseconds.
package struct EffectTiming: Sendable, Equatable {
  package enum Kind: String, Sendable, Equatable, CaseIterable {
    case debounce, throttle
  }

  package var kind: Kind
  package var milliseconds: Int
}

/// How the requests of one effect scope go together (ReduxRuntime's `EffectPolicy`).
package enum EffectPolicy: String, Sendable, Equatable, CaseIterable {
  case latest, every, queue, exhaust

  /// What the policy does, for generated docs.
  package var summary: String {
    switch self {
    case .latest: "a newer request cancels the running one"
    case .every: "every request runs to its outcome"
    case .queue: "one request at a time, in order"
    case .exhaust: "a request made while one runs is dropped"
    }
  }

  /// Words for the same ideas elsewhere (RxJS's operators, plain English), for suggestions.
  static let meanings: [String: EffectPolicy] = [
    "switch": .latest, "switchmap": .latest, "newest": .latest, "last": .latest, "restartable": .latest,
    "merge": .every, "mergemap": .every, "all": .every, "concurrent": .every, "parallel": .every,
    "each": .every,
    "concat": .queue, "concatmap": .queue, "serial": .queue, "sequential": .queue, "enqueue": .queue,
    "fifo": .queue, "ordered": .queue,
    "exhaustmap": .exhaust, "drop": .exhaust, "first": .exhaust, "ignore": .exhaust, "dropwhilerunning": .exhaust,
  ]
}

/// A one-off output of the feature.
package struct Event: Sendable, Equatable {
  package var name: String
  package var payload: [Field]
}

/// State fields saved between launches.
package struct Persist: Sendable, Equatable {
  package enum Storage: String, Sendable, Equatable, CaseIterable {
    /// A JSON file per key: ReduxRuntime's `Persistence` with any `PersistentStorage`.
    case file
    /// Row by row in SQLite: ReduxSQLite's `SQLitePersistence`.
    case sqlite
  }

  package var fields: [String]
  package var key: String
  package var storage: Storage = .file
  /// The format version the generated code writes.
  package var version: Int = 1
  /// The format changes up to `version`, oldest first.
  package var migrations: [PersistMigration] = []
  /// The persisted shapes of older versions recorded beside the spec, oldest first.
  package var snapshots: [PersistedShape] = []
}

/// The changes of the persisted format that make `version` from `version - 1`.
package struct PersistMigration: Sendable, Equatable {
  package var version: Int
  package var steps: [Step]

  /// A step, with paths of coding keys (a persisted field, then fields of models) as stored.
  package enum Step: Sendable, Equatable {
    case rename([String], to: String)
    /// JSON text for the values that lack the field.
    case add([String], json: String)
    case remove([String])
    /// The kind (`string`, `integer`, `number`, `bool`) and the JSON of values that don't convert.
    case retype([String], kind: String, fallback: String)

    package var path: [String] {
      switch self {
      case .rename(let path, _), .add(let path, _), .remove(let path), .retype(let path, _, _): path
      }
    }
  }
}

/// Where a reduce operation writes: a state field, then fields, maybe an element by id.
package struct StatePath: Sendable, Equatable {
  package enum Step: Sendable, Equatable {
    case field(String)
    /// The element of a list whose `id` equals the operand.
    case element(Operand)
    /// The entry of a dictionary under the operand.
    case key(Operand)
  }

  package var steps: [Step]
  package var type: SpecType
  /// The default of the field the path ends at, when it has one.
  package var defaultValue: Value?
  package var text: String
}

/// A value a reduce operation reads.
package enum Operand: Sendable, Equatable {
  /// A payload parameter, then fields of it.
  case parameter(String, fields: [String])
  /// The same fields of every element of a payload list, in its order: `books[].id`
  /// (Swift's `books.map(\.id)`).
  case eachElement(String, fields: [String])
  case literal(Value)
  /// Arithmetic over payload values and literals: `price * quantity`.
  case arithmetic(Arithmetic<Operand>)

  /// The payload parameter it reads; nil for a literal and for arithmetic (see `parameters`).
  package var parameter: String? {
    switch self {
    case .parameter(let name, _), .eachElement(let name, _): name
    case .literal, .arithmetic: nil
    }
  }

  /// Every payload parameter it reads.
  package var parameters: [String] {
    switch self {
    case .arithmetic(let arithmetic): arithmetic.leaves.flatMap(\.parameters)
    default: parameter.map { [$0] } ?? []
    }
  }

  /// The fields it reads of the parameter (of each element, for `eachElement`).
  package var fields: [String] {
    switch self {
    case .parameter(_, let fields), .eachElement(_, let fields): fields
    case .literal, .arithmetic: []
    }
  }
}

/// A middleware and the actions it handles.
package struct Middleware: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var on: [String]
  /// The actions it may dispatch (`dispatches`): documentation, and the feature's diagram.
  package var dispatches: [String] = []
  /// The events it may emit.
  package var emits: [String] = []

  /// The protocol the hand-written type conforms to.
  package var protocolName: String { GeneratedNames.middlewareProtocol(name) }
}

/// One test written in the spec.
package struct Example: Sendable, Equatable {
  package struct Step: Sendable, Equatable {
    package var action: String
    package var arguments: [(name: String, value: Value)]

    package static func == (lhs: Step, rhs: Step) -> Bool {
      lhs.action == rhs.action
        && lhs.arguments.map(\.name) == rhs.arguments.map(\.name)
        && lhs.arguments.map(\.value) == rhs.arguments.map(\.value)
    }
  }

  package struct Expectation: Sendable, Equatable {
    package var path: [ExamplePathStep]
    package var value: Value
    package var type: SpecType
  }

  /// What an example says one effect does: `fetchUser: { returns: ... }`.
  package struct EffectResult: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
      /// Returns the success action's own fields (none, one, or a tuple of them), in order.
      case returns([Value])
      /// Returns nil: the request ends without an outcome (`optional: true`).
      case returnsNil
      /// Throws the typed error, or an error whose description is the message (`.string`).
      case fails(Value)
    }

    /// The async action whose effect it is.
    package var action: String
    package var outcome: Outcome
  }

  package var name: String
  package var given: [(field: String, value: Value)]
  package var when: [Step]
  package var then: [Expectation]
  /// Whether the example runs through a TestStore with the middleware and the effects
  /// (`through: store`, or `effects` or `receive` given) rather than the reducer alone.
  package var throughStore = false
  package var effects: [EffectResult] = []
  /// The actions middleware and effects must have dispatched, in order, all of them.
  package var receive: [Step] = []
  /// The spec's middleware a store example runs (`middleware:`), each made with `init()`; nil
  /// for all of them. The chain keeps the spec's order.
  package var middleware: [String]?

  package static func == (lhs: Example, rhs: Example) -> Bool {
    lhs.name == rhs.name && lhs.given.map(\.field) == rhs.given.map(\.field)
      && lhs.given.map(\.value) == rhs.given.map(\.value) && lhs.when == rhs.when
      && lhs.then == rhs.then && lhs.throughStore == rhs.throughStore && lhs.effects == rhs.effects
      && lhs.receive == rhs.receive && lhs.middleware == rhs.middleware
  }
}

/// A step of a path in an example's `then`.
package enum ExamplePathStep: Sendable, Equatable {
  case field(String)
  /// Goes on through an optional with optional chaining (`?`).
  case unwrap
  case index(Int)
  /// The entry of a dictionary under a key of the given type.
  case key(Value, SpecType)
  case count
  case isEmpty
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

/// How `COLLECTION[KEY]` reads a collection: a dictionary by key, or a list of models by the
/// elements' `id` (`byID`). Conditions, derived values and their translation share it.
package struct LookupShape: Sendable, Equatable {
  package var key: SpecType
  package var value: SpecType
  package var byID: Bool

  /// Nil for a collection that can't be looked up: not a dictionary, or a list of plain values or
  /// of models without an id (`idField` finds a model's id by the model's name).
  init?(_ type: SpecType, idField: (String) -> Field?) {
    switch type {
    case .dictionary(let key, let value):
      (self.key, self.value, byID) = (key, value, false)
    case .array(.model(let name)):
      guard let id = idField(name) else { return nil }
      (key, value, byID) = (id.type, .model(name), true)
    default:
      return nil
    }
  }
}
