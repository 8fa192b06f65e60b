// The structured value of a random spec: what the generator builds, the shrinker cuts and
// the renderer writes as YAML. Names and shapes mirror docs/spec-language.md.

/// A deterministic generator (SplitMix64): the same seed gives the same spec on every machine.
struct RNG {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// 0..<bound
  mutating func int(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
  mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + int(range.count) }
  /// True with probability `percent`%.
  mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
  mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
  mutating func pickOptional<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[int(items.count)] }
  mutating func shuffled<T>(_ items: [T]) -> [T] {
    var items = items
    if items.count < 2 { return items }
    for index in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(index, int(index + 1)) }
    return items
  }
}

enum Scalar: String, CaseIterable, Hashable {
  case string = "String"
  case int = "Int"
  case int64 = "Int64"
  case double = "Double"
  case float = "Float"
  case bool = "Bool"
  case uuid = "UUID"
  case date = "Date"
  case url = "URL"
  case data = "Data"
  case decimal = "Decimal"

  var isNumeric: Bool { [.int, .int64, .double, .float, .decimal].contains(self) }
  var isInteger: Bool { self == .int || self == .int64 }
  /// `<` applies (filters, sort keys).
  var isOrdered: Bool { ![.bool, .url, .data, .uuid].contains(self) }
}

indirect enum RType: Hashable {
  case scalar(Scalar)
  case model(String)
  /// An enum or a filter of the spec.
  case enumeration(String)
  case optional(RType)
  case array(RType)
  case dictionary(RType, RType)
  /// RequestStatus, the type of an async action's status field.
  case status
  /// Foundation's IndexSet: offsets in a list, a payload parameter's type alone.
  case indexSet

  var text: String {
    switch self {
    case .indexSet: "IndexSet"
    case .scalar(let scalar): scalar.rawValue
    case .model(let name), .enumeration(let name): name
    case .optional(let wrapped): wrapped.text + "?"
    case .array(let element): "[\(element.text)]"
    case .dictionary(let key, let value): "[\(key.text): \(value.text)]"
    case .status: "RequestStatus"
    }
  }

  /// The type as generated Swift spells it: a list of models with an id is an IdentifiedArrayOf.
  func swiftText(_ spec: RSpec) -> String {
    switch self {
    case .optional(let wrapped): wrapped.swiftText(spec) + "?"
    case .array(.model(let name)) where spec.model(name)?.idField != nil: "IdentifiedArrayOf<\(name)>"
    case .array(let element): "[\(element.swiftText(spec))]"
    case .dictionary(let key, let value): "[\(key.swiftText(spec)): \(value.swiftText(spec))]"
    default: text
    }
  }

  var isOptional: Bool { if case .optional = self { true } else { false } }
  var unwrapped: RType { if case .optional(let wrapped) = self { wrapped } else { self } }
  var element: RType? { if case .array(let element) = self { element } else { nil } }
  var isNumeric: Bool { if case .scalar(let scalar) = self { scalar.isNumeric } else { false } }
  var isCollection: Bool {
    switch self {
    case .array, .dictionary: true
    default: false
    }
  }

  /// The model types this type mentions.
  var models: [String] {
    switch self {
    case .model(let name): [name]
    case .optional(let wrapped), .array(let wrapped): wrapped.models
    case .dictionary(let key, let value): key.models + value.models
    default: []
    }
  }

  var enums: [String] {
    switch self {
    case .enumeration(let name): [name]
    case .optional(let wrapped), .array(let wrapped): wrapped.enums
    case .dictionary(let key, let value): key.enums + value.enums
    default: []
    }
  }
}

/// A value in a spec and in the simulated state.
indirect enum RValue: Hashable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  /// Upper-case UUID text.
  case uuid(String)
  /// A `UUID()` made at run time: equal to nothing written in the spec.
  case freshUUID
  /// `Date()`, as an action creator makes a parameter written `= now`.
  case freshDate
  /// Seconds since 1970.
  case date(Double)
  case url(String)
  case data(String)
  case enumCase(String)
  case null
  case array([RValue])
  case dictionary([RPair])
  /// Every field, in the model's order.
  case model(String, [RNamed])
  case status(RStatus)
  /// A case of an enum with its values, in the case's order: `playing(at: 3)`.
  case caseValue(String, [RNamed])

  var isFresh: Bool {
    switch self {
    case .freshUUID, .freshDate: true
    case .array(let items): items.contains { $0.isFresh }
    case .dictionary(let pairs): pairs.contains { $0.key.isFresh || $0.value.isFresh }
    case .model(_, let fields): fields.contains { $0.value.isFresh }
    default: false
    }
  }

  /// The numeric value, for arithmetic and comparisons.
  var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  func field(_ name: String) -> RValue? {
    guard case .model(_, let fields) = self else { return nil }
    return fields.first { $0.name == name }?.value
  }

  func settingField(_ name: String, _ value: RValue) -> RValue {
    guard case .model(let model, var fields) = self, let index = fields.firstIndex(where: { $0.name == name })
    else { return self }
    fields[index].value = value
    return .model(model, fields)
  }
}

enum RStatus: Hashable {
  case idle, loading, succeeded
  case failed(String)
}

struct RPair: Hashable {
  var key: RValue
  var value: RValue
}

struct RNamed: Hashable {
  var name: String
  var value: RValue
}

/// The small UUID `n` as examples write it.
func smallUUID(_ number: Int) -> String {
  let digits = String(number)
  return "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits
}

func smallUUIDNumber(_ text: String) -> Int? {
  let prefix = "00000000-0000-0000-0000-"
  guard text.hasPrefix(prefix), let number = Int(text.dropFirst(prefix.count)) else { return nil }
  return smallUUID(number) == text ? number : nil
}

// MARK: The spec

enum Access: String, CaseIterable {
  case `public`, package, `internal`
}

/// How a field's default is written.
enum DefaultStyle: Hashable {
  /// Nothing written: optionals nil, collections empty, `id: UUID` fresh, a model of defaults.
  case implicit
  /// `name: Type = literal`, with the literal's text.
  case short(String)
  /// `name: { type: Type, default: value }`.
  case long
}

struct RField: Hashable {
  var name: String
  var type: RType
  /// The value it starts with; nil for a model field the initializer must be given.
  var defaultValue: RValue?
  var style: DefaultStyle = .implicit
  var doc: String?
  /// Written as YAML's flow list `[T]` rather than the quoted `"[T]"`.
  var flowList = false
  /// A model field's key in JSON (`json:`, in the long form).
  var json: String?
  /// Never sent to an inspector (`secret: true`, in the long form).
  var secret = false
}

struct REnum: Hashable {
  var name: String
  var doc: String?
  var cases: [String]
}

/// An enum whose cases may carry values (`Mode: [idle, playing: { at: Int }]`): kept apart from
/// `RSpec.enums`, read and written only by the operations and derived values made for it.
struct RSumEnum: Hashable {
  struct Case: Hashable {
    var name: String
    /// Each value's label and type; empty for a case alone.
    var values: [RLabelType]
  }

  var name: String
  var cases: [Case]

  func values(of caseName: String) -> [RLabelType]? {
    cases.first { $0.name == caseName }?.values
  }
}

struct RLabelType: Hashable {
  var label: String
  var type: RType
}

/// A labelled argument: `progress: elapsed / duration`.
struct RLabeled: Hashable {
  var label: String
  var value: RPredicate
}

struct RModel: Hashable {
  var name: String
  var doc: String?
  var fields: [RField]
  /// `conformances:`, asked of this model.
  var conformances: [String] = []

  var idField: RField? { fields.first { $0.name == "id" } }
}

indirect enum RPredicate: Hashable {
  case constant(Bool)
  /// Fields of the element, then maybe `count` or `isEmpty`.
  case path([String], suffix: String?)
  /// A literal as written, and its value.
  case literal(String, RValue)
  case not(RPredicate)
  case and(RPredicate, RPredicate)
  case or(RPredicate, RPredicate)
  case compare(RPredicate, String, RPredicate)
  case parenthesized(RPredicate)
  /// `LIST.contains(VALUE)`, the list a path.
  case contains([String], RPredicate)
  /// `COLLECTION[KEY]`: a dictionary's value, or a list of models' element by id; nil if none.
  case lookup([String], RPredicate)
  /// `LIST[OFFSET]`, the list a path: its element at the offset, nil out of range; then maybe
  /// `?.SUFFIX` read on it (`tags[0]?.uppercased`).
  case index([String], RPredicate, suffix: String?)
  /// `A op B` with op one of `+ - * / %`: numbers, or text joined by `+`.
  case arithmetic(RPredicate, String, RPredicate)
  /// `min(A, B)` or `max(A, B)`.
  case extremum(String, RPredicate, RPredicate)
  /// `abs(A)`, `A ?? B`, and text's `A.hasPrefix(B)`, `A.hasSuffix(B)`, `A.contains(B)` (the
  /// function's name, then its arguments; a method's receiver first).
  case call(String, [RPredicate])
  /// `PATH is CASE`: whether an enum's value is that case (any values it carries).
  case isCase([String], String)
  /// `CASE(LABEL: VALUE, ...)`: a case made with its values.
  case makeCase(String, [RLabeled])

  var fields: [String] {
    switch self {
    case .path(let steps, _): steps.first.map { [$0] } ?? []
    case .not(let inner), .parenthesized(let inner): inner.fields
    case .and(let a, let b), .or(let a, let b), .compare(let a, _, let b), .arithmetic(let a, _, let b),
      .extremum(_, let a, let b):
      a.fields + b.fields
    case .contains(let steps, let inner), .lookup(let steps, let inner), .index(let steps, let inner, _):
      [steps[0]] + inner.fields
    case .call(_, let arguments): arguments.flatMap(\.fields)
    case .isCase(let steps, _): [steps[0]]
    case .makeCase(_, let arguments): arguments.flatMap(\.value.fields)
    case .constant, .literal: []
    }
  }

  var allPaths: [[String]] {
    switch self {
    case .path(let steps, _): [steps]
    case .not(let inner), .parenthesized(let inner): inner.allPaths
    case .and(let a, let b), .or(let a, let b), .compare(let a, _, let b), .arithmetic(let a, _, let b),
      .extremum(_, let a, let b):
      a.allPaths + b.allPaths
    case .contains(let steps, let inner), .lookup(let steps, let inner), .index(let steps, let inner, _):
      [steps] + inner.allPaths
    case .call(_, let arguments): arguments.flatMap(\.allPaths)
    case .isCase(let steps, _): [steps]
    case .makeCase(_, let arguments): arguments.flatMap(\.value.allPaths)
    case .constant, .literal: []
    }
  }
}

extension RPredicate {
  /// The predicate with `state.` before each path starting with one of `names`.
  func qualifying(_ names: Set<String>, with prefix: String = "state") -> RPredicate {
    func q(_ predicate: RPredicate) -> RPredicate { predicate.qualifying(names, with: prefix) }
    switch self {
    case .path(let steps, let suffix):
      guard let first = steps.first, names.contains(first) else { return self }
      return .path([prefix] + steps, suffix: suffix)
    case .not(let inner): return .not(q(inner))
    case .parenthesized(let inner): return .parenthesized(q(inner))
    case .and(let a, let b): return .and(q(a), q(b))
    case .or(let a, let b): return .or(q(a), q(b))
    case .compare(let a, let op, let b): return .compare(q(a), op, q(b))
    case .arithmetic(let a, let op, let b): return .arithmetic(q(a), op, q(b))
    case .extremum(let which, let a, let b): return .extremum(which, q(a), q(b))
    case .call(let function, let arguments): return .call(function, arguments.map(q))
    case .contains(let steps, let inner):
      return .contains(names.contains(steps[0]) ? [prefix] + steps : steps, q(inner))
    case .lookup(let steps, let inner):
      return .lookup(names.contains(steps[0]) ? [prefix] + steps : steps, q(inner))
    case .index(let steps, let inner, let suffix):
      return .index(names.contains(steps[0]) ? [prefix] + steps : steps, q(inner), suffix: suffix)
    case .isCase(let steps, let caseName):
      return .isCase(names.contains(steps[0]) ? [prefix] + steps : steps, caseName)
    case .makeCase(let caseName, let arguments):
      return .makeCase(caseName, arguments.map { RLabeled(label: $0.label, value: q($0.value)) })
    case .constant, .literal: return self
    }
  }
}

struct RFilterCase: Hashable {
  var name: String
  var predicate: RPredicate
}

/// A derived value: `count list [where c]`, `all`/`any list where c`, `isEmpty list`,
/// `sum list.field [where c]`, `collection[key]`, `collection[keys]`, and with a parameter
/// `name(key): collection[key]`.
struct RDerived: Hashable {
  enum Kind: Hashable {
    case count(RPredicate?)
    case all(RPredicate)
    case any(RPredicate)
    case isEmpty
    /// `sum list.field [* times] [where c]`: `times` another field of the same type.
    case sum(String, RPredicate?, times: String? = nil)
    case lookup(key: String)
    /// `collection[keys]`: each key of a list field, in its order.
    case lookupMany(keys: String)
    /// Int arithmetic over Int state fields, earlier Int derived values and literals.
    case arithmetic(RArithmetic)
    /// `sum list.field * weights[key] [where c]`: an Int field times an Int dictionary's entry
    /// under the element's `key` field, 0 where it has none.
    case weighted(String, weights: String, key: String, RPredicate?)
    /// Any other value of the expression language over state fields, of the type given:
    /// `code.count >= 4`, `title.lowercased`, `scores.first ?? 0`, `abs(count - 3)`.
    case expression(RPredicate, RType)
  }

  var name: String
  var list: String
  var kind: Kind
  /// The parameter of `name(key): collection[key]`: the lookup's key.
  var parameter: String? = nil
  /// `collection[key] ?? N`: an Int dictionary's value when the key names nothing.
  var fallback: Int? = nil

  /// Whether its arithmetic reads a field inside a state field of a model (`shelf.size`).
  var readsInsideField: Bool {
    guard case .arithmetic(let arithmetic) = kind else { return false }
    return arithmetic.names.contains { $0.contains(".") }
  }
}

/// `NAME: { parameters: { P: TYPE }, value: EXPR }` under `derived:`: a function of the State.
struct RSelector: Hashable {
  var name: String
  var parameters: [RField]
  var value: RPredicate
}

struct RSortKey: Hashable {
  var field: String
  var descending: Bool
}

struct RFilter: Hashable {
  var name: String
  var over: String
  var selected: String?
  var defaultCase: String?
  var result: String?
  var sort: [RSortKey]
  var cases: [RFilterCase]

  var selectedName: String { selected ?? "filter" }
  var resultName: String { result ?? "filtered" + over.uppercasingFirst }
}

/// A value a reduce operation reads.
indirect enum ROperand: Hashable {
  /// A payload parameter, then fields of it.
  case parameter(String, [String])
  /// The fields of every element of a list parameter: `books[].id`.
  case eachElement(String, [String])
  /// As written, and its value.
  case literal(String, RValue)
  /// `a * b - 2`: Int arithmetic over payload parameters and literals.
  case arithmetic(RArithmetic)
  /// A value of the expression language over the state's fields (a set's): `abs(count - 3)`,
  /// `title.lowercased`, `names.first ?? "none"`.
  case expression(RPredicate)
}

/// Int arithmetic: over payload operands (a reduce value) or state names (a derived value).
indirect enum RArithmetic: Hashable {
  case operand(ROperand)
  /// A state field or an earlier derived value.
  case name(String)
  case number(Int)
  /// `lhs op rhs`, op one of `+ - * /`.
  case binary(RArithmetic, String, RArithmetic)

  var names: [String] {
    switch self {
    case .name(let name): [name]
    case .operand, .number: []
    case .binary(let lhs, _, let rhs): lhs.names + rhs.names
    }
  }
}

enum RStep: Hashable {
  case field(String)
  /// The element of a list whose id is the operand.
  case element(ROperand)
  /// The entry of a dictionary.
  case key(ROperand)
  /// The element of a list of plain values at an offset; out of range, nothing.
  case offset(ROperand)
}

struct RPath: Hashable {
  var steps: [RStep]

  var root: String {
    if case .field(let name) = steps[0] { return name }
    return ""
  }
  var lastField: String? {
    for step in steps.reversed() { if case .field(let name) = step { return name } }
    return nil
  }
}

enum ROperation: Hashable {
  /// `set PATH [= operand]`; nil: the parameter the operation implies.
  case set(RPath, ROperand?)
  case append(RPath, ROperand?)
  case prepend(RPath, ROperand?)
  /// `add list = operand`: appended unless the list holds it (a list of models with an id: its
  /// id); `addMany(path, operand, word: "add")` adds each element so, once.
  case add(RPath, ROperand)
  case upsert(RPath, ROperand?)
  /// `append`, `prepend` or `upsert` (the word) of every element of a list operand, in order; an
  /// upsert's target may be a dictionary keyed by the elements' ids.
  case addMany(RPath, ROperand?, word: String)
  /// `remove list[id]` or `remove dictionary[key]`.
  case remove(RPath)
  /// `remove list where condition`.
  case removeWhere(RPath, RPredicate)
  /// `remove list at offsets [in result]`.
  case removeAt(RPath, offsets: String, view: String?)
  /// `remove list[value]` on a list whose elements have no id: every element equal to it.
  case removeValue(RPath, ROperand)
  /// `move list from offsets to destination [in result]`; nil: `move list [in result]`, the
  /// action's only IndexSet and Int parameters.
  case move(RPath, offsets: String, destination: ROperand?, view: String?)
  /// `sort list by keys`; `sort list [descending]` (one key named `self`) for plain values.
  case sort(RPath, [RSortKey])
  /// `append list` / `prepend list` of an element built from the payload (no parameter of the
  /// element's type); an Int id left out is the largest plus one.
  case appendBuilt(RPath, atStart: Bool)
  /// `set list[].field = operand [where condition]`.
  case setEach(RPath, field: String, ROperand, RPredicate?)
  case update(RPath)
  case toggle(RPath)
  case increment(RPath, ROperand?)
  case decrement(RPath, ROperand?)
  case reset(RPath)
  case clear(RPath)
  case custom
  /// A navigation stack's `push STACK.DESTINATION`, `pop STACK [to|from id]` or `clear STACK`,
  /// as written: the stack is a child field, which the simulator doesn't hold.
  case navigate(String)
  /// `- if condition: then`, then `- else: otherwise` when it is not empty; the condition reads
  /// the payload, the state and derived values.
  indirect case conditional(RPredicate, [ROperation], [ROperation])

  var path: RPath? {
    switch self {
    case .set(let path, _), .append(let path, _), .prepend(let path, _), .upsert(let path, _), .addMany(let path, _, _),
      .add(let path, _),
      .remove(let path),
      .removeWhere(let path, _), .setEach(let path, _, _, _), .sort(let path, _), .update(let path),
      .toggle(let path), .increment(let path, _), .decrement(let path, _), .reset(let path), .clear(let path),
      .appendBuilt(let path, _), .removeAt(let path, _, _), .removeValue(let path, _), .move(let path, _, _, _):
      path
    case .custom, .conditional, .navigate: nil
    }
  }

  var kind: String {
    switch self {
    case .set, .setEach: "set"
    case .append: "append"
    case .add: "add"
    case .appendBuilt(_, let atStart): atStart ? "prepend" : "append"
    case .prepend: "prepend"
    case .upsert: "upsert"
    case .addMany(_, _, let word): word
    case .remove, .removeWhere, .removeAt, .removeValue: "remove"
    case .move: "move"
    case .update: "update"
    case .sort: "sort"
    case .toggle: "toggle"
    case .increment: "increment"
    case .decrement: "decrement"
    case .reset: "reset"
    case .clear: "clear"
    case .custom: "custom"
    case .navigate(let text): String(text.prefix { $0 != " " })
    case .conditional: "if"
    }
  }
}

enum FailureShape: Hashable {
  /// No `failure` key: `{ message: String }`.
  case implicit
  /// `failure: { ... }` as written (maybe empty).
  case fields([RField])
}

struct RAsync: Hashable {
  /// nil: no `success` key (an empty payload).
  var success: [RField]?
  var failure: FailureShape
  var status: String?
  var onSuccess: [ROperation]
  var onFailure: [ROperation]
  /// `policy:` as written; nil: left out (latest).
  var policy: String?
  /// `scope:` as written; nil: the request's own.
  var scope: String?
  /// `debounce: 300ms` or `throttle: 1s`, as written.
  var timing: String?
  /// `carry:` the request's parameters both outcomes receive.
  var carry: [String] = []
  /// `successName:` / `failureName:`, new outcome actions' chosen names.
  var successName: String?
  var failureName: String?
  /// `success: ACTION` / `failure: ACTION`: a plain action of the spec is the outcome.
  var successAction: String?
  var failureAction: String?
  /// `effect:` the effects protocol's method name.
  var effect: String?
  var readsState = false
  var isOptional = false
  /// `stream: true`: each value the effect's stream yields is the success action.
  var isStream = false
  /// `operation:` and its mappings: performed by the generated `<Feature>APIEffects`.
  var binding: RBinding?
  /// `fresh:` as written, and the tags its kept answers `provide`.
  var fresh: String?
  var provides: [String] = []

  var successPayload: [RField] { success ?? [] }
  var failurePayload: [RField] {
    switch failure {
    case .implicit: [RField(name: "message", type: .scalar(.string), defaultValue: nil)]
    case .fields(let fields): fields
    }
  }
}

/// `then: ACTION [if CONDITION]`: a plain action dispatched after the trigger's reduce.
struct RFollowUp: Hashable {
  var action: String
  var condition: RPredicate?
  /// `ACTION(LABEL: VALUE)`: values written for some of its parameters, of the trigger's scope.
  var written: [RLabeled] = []
  /// `after 300ms`: dispatched once the wait has passed, the trigger's newest replacing it.
  var delay: String? = nil
  /// `every 300ms` instead: dispatched every time the wait passes (a timer), until the trigger
  /// comes again.
  var repeats = false
}

struct RAction: Hashable {
  var name: String
  var doc: String?
  var payload: [RField]
  var reduce: [ROperation]
  /// `reduce: op` rather than `reduce: [op]` when there is one.
  var reduceAsScalar = true
  var async: RAsync?
  /// `cancels:` the effect scopes it cancels.
  var cancels: [String] = []
  /// `cancels: x` rather than `cancels: [x]` when there is one.
  var cancelsAsScalar = false
  /// `invalidates:` the cache tags whose kept answers it empties.
  var invalidates: [String] = []
  /// `binding: true`: a setter of a state field from its one parameter.
  var binding = false
  /// `then:` the actions dispatched after its reduce, each maybe under a condition.
  var followUps: [RFollowUp] = []
  /// `delegate: true`: meant for the feature's parent, which reduces it.
  var delegate = false
  /// `from: FIELD.ACTION`: the child's action this one reduces in the parent.
  var from: String?

  var succeeded: String {
    async?.successAction ?? async?.successName ?? name + (async?.isStream == true ? "Received" : "Succeeded")
  }
  var failed: String { async?.failureAction ?? async?.failureName ?? name + "Failed" }
  /// The request's parameters its outcomes carry, in `carry`'s order.
  /// (An outcome makes no new id or time: a carried `= new` or `= now` has no default there.)
  var carried: [RField] {
    (async?.carry ?? []).compactMap { name in
      payload.first { $0.name == name }.map { field in
        var field = field
        if field.defaultValue == .freshUUID || field.defaultValue == .freshDate { field.defaultValue = nil }
        return field
      }
    }
  }
  /// The new outcome actions' payloads: the carried parameters, then their own.
  var successPayload: [RField] { carried + (async?.successPayload ?? []) }
  var failurePayload: [RField] { carried + (async?.failurePayload ?? []) }
  /// The effect's method name.
  var effect: String { async?.effect ?? name }
}

struct REvent: Hashable {
  var name: String
  var payload: [RField]
}

struct RMiddleware: Hashable {
  var name: String
  var doc: String?
  var on: [String]
  var dispatches: [String]
  var emits: [String]
}

struct RPersist: Hashable {
  var fields: [String]
  var key: String?
  /// `sqlite`, `file`, or nil (the default, a file).
  var storage: String?
  /// Written when not nil; the migrations' newest version otherwise.
  var version: Int?
  var migrations: [RMigration] = []
}

/// A persist migration: the steps that make `version` from the one before.
struct RMigration: Hashable {
  var version: Int
  var steps: [RMigrationStep]
}

/// A migration step as YAML writes it: `kind: path`, and `to`, `value` or `fallback`.
struct RMigrationStep: Hashable {
  var kind: String
  var path: String
  var to: String?
  /// Rendered YAML of `value` (add) or `fallback` (retype), when given.
  var value: String?
}

/// One action of an example's `when`.
struct RCall: Hashable {
  var action: String
  var arguments: [RNamed]
  /// Written as the bare name (no payload, or every parameter defaulted).
  var bare: Bool
  /// `wait: 300ms` in an example through the store: the follow-ups' clock moved on, no action.
  var wait: Int? = nil
}

enum RThenStep: Hashable {
  case field(String)
  case index(Int)
  /// A dictionary entry, by a key of the dictionary's key type.
  case key(RValue)
  case count
  case isEmpty
}

enum WhenStyle: Hashable {
  case list
  /// No `when` key at all (only for an example without actions).
  case omitted
  /// `when: name`, one bare action.
  case scalar
}

struct RExample: Hashable {
  var name: String
  var given: [RNamed]
  var when: [RCall]
  var whenStyle: WhenStyle = .list
  /// Paths whose expected values the simulator computes when the spec is written.
  var then: [[RThenStep]]
  /// Run through the store (`through: store`, `effects`, `receive`): what each async action's
  /// effect does; nil for an example of the reducer alone.
  var store: RStoreRun?
  /// `through: reducer` written, for an example of the reducer alone.
  var saysReducer = false
}

/// An example through the store: the effects' results, by async action. What the store must
/// receive is the simulator's to work out.
struct RStoreRun: Hashable {
  enum Outcome: Hashable {
    /// The success action's own fields (not the carried ones).
    case returns([RNamed])
    case returnsNil
    /// A stream's values, each the success's own fields, then maybe an error (a message).
    case yields([[RNamed]], fails: RValue?)
    /// The typed error's case, or the message.
    case fails(RValue)
  }

  var effects: [String: Outcome] = [:]
  /// `through: store` written even where `effects` or `receive` imply it.
  var saysThrough = false
  /// `middleware: [...]`: the middleware the example runs (nil: all of them, unwritten).
  var middleware: [String]?
}

struct RSpec: Hashable {
  var feature: String
  var access: Access?
  /// `conformances:`, asked of every model (and, with `Codable`, of the state and action).
  var conformances: [String] = []
  var imports: [String]
  /// `uses:`: the files of the app's feature specs whose models this one reads.
  var uses: [String] = []
  /// `uses: file.yaml` rather than a list.
  var usesAsScalar = false
  /// `children:`: each field holding one state of another feature of the app per element, and
  /// that feature's file.
  var children: [RChild] = []
  /// `alerts:`: alerts and confirmation dialogs, shown through the state's `alert`.
  /// Examples written whole (a parent's, sending its child's actions), after the others.
  var writtenExamples: [[String]] = []
  var alerts: [RAlert] = []
  /// The models of the specs it uses, for sample values (declared there, not here).
  var usedModels: [RModel] = []
  /// And their enums, which those models' fields may hold.
  var usedEnums: [REnum] = []
  /// Their module: hand-written code names them through it (a used `Task` is not Swift's).
  var usedModule: String?
  /// `module:`: the target the sources are built into, when not named like the feature.
  var module: String?
  /// `imports: Foundation` rather than a list.
  var importsAsScalar = false
  var doc: String?
  var enums: [REnum]
  /// Enums whose cases carry values, declared after `enums`.
  var sumEnums: [RSumEnum] = []
  /// Written as `Name: { doc:, cases: }`.
  var longEnums: Set<String> = []
  var models: [RModel]
  var state: [RField]
  var filters: [RFilter]
  var actions: [RAction]
  var events: [REvent]
  var middleware: [RMiddleware]
  var persist: RPersist?
  var examples: [RExample]
  var derived: [RDerived] = []
  /// Derived values taking typed parameters, of any expression (`parameters:` and `value:`).
  var selectors: [RSelector] = []
  /// The actions the store starts with (`start:`).
  var start: [RCall] = []
  /// Persisted-shape snapshots beside the spec, by path relative to it (`spec.persisted/1.yaml`).
  var persistedSnapshots: [String: String] = [:]
  /// The OpenAPI document some requests are bound to (`api: api.yaml`, beside the spec).
  var apiDocument: String?

  var effectiveAccess: Access { access ?? .internal }

  func model(_ name: String) -> RModel? { models.first { $0.name == name } }
  func enumCases(_ name: String) -> [String]? {
    enums.first { $0.name == name }?.cases ?? filters.first { $0.name == name }?.cases.map(\.name)
  }
  func action(_ name: String) -> RAction? { actions.first { $0.name == name } }

  /// Every action name, the outcomes of async actions included.
  var allActionNames: [String] {
    actions.flatMap { action in
      action.async == nil
        ? [action.name]
        : [
          action.name, action.async?.successAction == nil ? action.succeeded : nil,
          action.async?.failureAction == nil ? action.failed : nil,
        ].compactMap { $0 }
    }
  }

  /// Every state field the checker creates: declared, filter selections, async statuses.
  var allStateFields: [RField] {
    var fields = state
    for filter in filters {
      let first = filter.defaultCase ?? filter.cases.first?.name ?? ""
      fields.append(RField(name: filter.selectedName, type: .enumeration(filter.name), defaultValue: .enumCase(first)))
    }
    for action in actions {
      if let status = action.async?.status {
        fields.append(RField(name: status, type: .status, defaultValue: .status(.idle)))
      }
    }
    return fields
  }

  /// The payload of an action by name, outcome actions included.
  /// The async action `name` as its effect is keyed in an example's `effects`.
  func effectName(of action: RAction) -> String { action.async?.effect ?? action.name }

  /// Whether the failure of `action` is built from the error (so a test double can stand in):
  /// nothing but carried fields, `message: String`, or `error:` an enum of the spec.
  func failureIsDerived(_ action: RAction) -> Bool {
    guard let async = action.async else { return true }
    let carried = Set(async.carry)
    let own = (payload(of: action.failed) ?? []).filter { !carried.contains($0.name) }
    if own.isEmpty { return true }
    guard own.count == 1 else { return false }
    if own[0].name == "message", own[0].type == .scalar(.string) { return true }
    if own[0].name == "error", case .enumeration(let name) = own[0].type { return enums.contains { $0.name == name } }
    return false
  }

  func payload(of name: String) -> [RField]? {
    if let action = actions.first(where: { $0.name == name }) { return action.payload }
    for action in actions where action.async != nil {
      if action.succeeded == name { return action.successPayload }
      if action.failed == name { return action.failurePayload }
    }
    return nil
  }
}

/// A list of child features: `FIELD: { each: FILE }`.
struct RAlert: Hashable {
  var name: String
  var title: String
  var message: String?
  var dialog = false
  var buttons: [RAlertButton]
  /// `values:` it carries, which its title and message interpolate (`\(reason)`).
  var values: [RLabelType] = []
}

struct RAlertButton: Hashable {
  var label: String
  var role: String?
  var action: String?
}

struct RChild: Hashable {
  var field: String
  var file: String
  /// `presents:` rather than `each:`: the child's state while presented.
  var presents = false
  /// The child's actions that dismiss it (`dismissOn:`), presented only.
  var dismissOn: [String] = []
  /// `stack: [FILE]` rather than `each:`: a navigation stack whose screens are the child.
  var stack = false
  /// `shows: { FIELD: LIST }` beside `stack:`: the screen's field showing an element of the
  /// parent's list, and that list.
  var shows: RShown?
}

/// `shows: { FIELD: LIST }`: a screen's field and the parent's list it shows an element of.
struct RShown: Hashable {
  var field: String
  var list: String
}

struct RApp: Hashable {
  var name: String
  var doc: String?
  /// The field name of each feature and its spec.
  var features: [RAppFeature]
  /// `shared:`: an action each of these features (field names) declares with one payload.
  var shared: [RShared] = []
  /// `derived:`: values over the features' state, as written (`count tasks.items`).
  var derived: [RAppValue] = []
}

/// An app's value over its features: its name and its text (`appCount: count tasks.items`).
struct RAppValue: Hashable {
  var name: String
  var text: String
}

struct RShared: Hashable {
  var action: String
  var features: [String]
}

struct RAppFeature: Hashable {
  var field: String
  var spec: RSpec
}

enum RDocument: Hashable {
  case feature(RSpec)
  case app(RApp)

  /// Each feature spec: the one, or the app's.
  var specs: [RSpec] {
    switch self {
    case .feature(let spec): [spec]
    case .app(let app): app.features.map(\.spec)
    }
  }
}

extension String {
  var uppercasingFirst: String { prefix(1).uppercased() + dropFirst() }
  var lowercasingFirst: String { prefix(1).lowercased() + dropFirst() }
}
