/// Finds element field values on both sides of a predicate by trying a small set of candidates.
///
/// The generated filter test then checks Swift's evaluation against this one.
struct PredicateSearch {
  let spec: Spec
  let model: Model
  /// Largest number of combinations tried.
  static let limit = 4096

  /// Field values that satisfy the predicate, and values that don't (nil when none exist).
  func witnesses(_ predicate: Predicate) -> (kept: [String: Value]?, dropped: [String: Value]?) {
    let found = witnesses(predicate, settingState: [:])
    return (found.kept, found.dropped)
  }

  /// Like `witnesses(_:)`, for a filter case that may read the state: the state fields it reads
  /// that `settable` holds take one value (`state`) for both sides, the list and the elements
  /// being in one state. A read of any other state field or of a derived value finds nothing.
  func witnesses(_ predicate: Predicate, settingState settable: [String: SpecType])
    -> (kept: [String: Value]?, dropped: [String: Value]?, state: [String: Value])
  {
    let found = witnesses(predicate, settingState: settable, parameters: [:])
    return (found.kept, found.dropped, found.state)
  }

  /// Like `witnesses(_:settingState:)`, for an action's `where` that reads the payload too: the
  /// `parameters` it reads (by type) take one value each, in `arguments`, for both sides.
  func witnesses(_ predicate: Predicate, settingState settable: [String: SpecType], parameters: [String: SpecType])
    -> (kept: [String: Value]?, dropped: [String: Value]?, state: [String: Value], arguments: [String: Value])
  {
    let fields = elementFields(readBy: predicate)
    let stateNames = predicate.stateReads(over: model)
    let parameterNames = predicate.parameterReads(over: model)
    let literals = literalValues(predicate)
    // Comparing a field with the state or the payload needs two numbers where literals give none.
    let widened = !stateNames.isEmpty || !parameterNames.isEmpty
    var variables = fields.map { name -> (String, [Value]) in
      let type = model.fields.first { $0.name == name }?.type ?? .scalar(.bool)
      return (name, candidates(type, literals, widened: widened))
    }
    for name in stateNames {
      variables.append((Self.stateKey(name), settable[name].map { candidates($0, literals, widened: widened) } ?? []))
    }
    for name in parameterNames {
      variables.append(
        (Self.parameterKey(name), parameters[name].map { candidates($0, literals, widened: widened) } ?? []))
    }
    // A variable with no candidate values leaves nothing to try.
    guard variables.allSatisfy({ !$0.1.isEmpty }) else { return (nil, nil, [:], [:]) }
    // Both sides share one state: the first state with elements on both sides wins, else the
    // first with either.
    var groups: [(state: [String: Value], kept: [String: Value]?, dropped: [String: Value]?)] = []
    var counters = Array(repeating: 0, count: variables.count)
    for _ in 0..<Self.limit {
      var assignment: [String: Value] = [:]
      for (index, variable) in variables.enumerated() { assignment[variable.0] = variable.1[counters[index]] }
      if let result = evaluate(predicate, assignment) {
        // The state and the payload together: one of each for both sides.
        let state = assignment.filter { $0.key.hasPrefix(Self.statePrefix) || $0.key.hasPrefix(Self.parameterPrefix) }
        let element = assignment.filter { !state.keys.contains($0.key) }
        var group = groups.firstIndex { $0.state == state }
        if group == nil {
          groups.append((state, nil, nil))
          group = groups.count - 1
        }
        let index = group!
        // Both go into one list, which holds one element per id: their ids must differ.
        let other = result ? groups[index].dropped : groups[index].kept
        let clashes = element["id"] != nil && other?["id"] == element["id"]
        if result, groups[index].kept == nil, !clashes { groups[index].kept = element }
        if !result, groups[index].dropped == nil, !clashes { groups[index].dropped = element }
        if groups[index].kept != nil && groups[index].dropped != nil { break }
      }
      guard advance(&counters, variables.map(\.1.count)) else { break }
    }
    guard let chosen = groups.first(where: { $0.kept != nil && $0.dropped != nil }) ?? groups.first(where: { $0.kept != nil || $0.dropped != nil })
    else { return (nil, nil, [:], [:]) }
    func named(_ prefix: String) -> [String: Value] {
      Dictionary(
        uniqueKeysWithValues: chosen.state.filter { $0.key.hasPrefix(prefix) }.map {
          (String($0.key.dropFirst(prefix.count)), $0.value)
        })
    }
    return (chosen.kept, chosen.dropped, named(Self.statePrefix), named(Self.parameterPrefix))
  }

  /// Field values of an element for which `predicate` and `other` (a near miss of it) disagree,
  /// in a state of these values; nil when the candidates hold none.
  func distinguishing(_ predicate: Predicate, from other: Predicate, state: [String: Value]) -> [String: Value]? {
    let fields = (elementFields(readBy: predicate) + elementFields(readBy: other)).uniqued
    return firstElement(fields: fields, literals: literalValues(predicate) + literalValues(other)) { element in
      guard let first = holds(predicate, element: element, state: state),
        let second = holds(other, element: element, state: state)
      else { return false }
      return first != second
    }
  }

  /// Field values of an element on the given side of `predicate` (`holding`), in a state of these
  /// values, whose numeric `field` isn't zero (a sum's factor that a zero would hide); nil when
  /// the candidates hold none.
  func witness(_ predicate: Predicate, holding: Bool, state: [String: Value], nonZero field: String) -> [String: Value]? {
    let fields = (elementFields(readBy: predicate) + [field]).uniqued
    // Numbers around the literals and the state's numbers, and around 0 (so -1 too: `inventory
    // < limit` with `limit` at 1 keeps -1).
    let numbers = state.values.filter { if case .int = $0 { true } else if case .double = $0 { true } else { false } }
    return firstElement(fields: fields, literals: literalValues(predicate) + numbers + [.int(0)]) { element in
      !(element[field]?.isZero ?? false) && holds(predicate, element: element, state: state) == holding
    }
  }

  /// The first combination of candidate values of `fields` (each of its field's type, around
  /// `literals`) that `accepts`; nil when none among the first `limit` does.
  private func firstElement(fields: [String], literals: [Value], where accepts: ([String: Value]) -> Bool)
    -> [String: Value]?
  {
    let variables = fields.map { name -> (String, [Value]) in
      let type = model.fields.first { $0.name == name }?.type ?? .scalar(.bool)
      return (name, candidates(type, literals, widened: true))
    }
    guard variables.allSatisfy({ !$0.1.isEmpty }) else { return nil }
    var counters = Array(repeating: 0, count: variables.count)
    for _ in 0..<Self.limit {
      var element: [String: Value] = [:]
      for (index, variable) in variables.enumerated() { element[variable.0] = variable.1[counters[index]] }
      if accepts(element) { return element }
      guard advance(&counters, variables.map(\.1.count)) else { break }
    }
    return nil
  }

  /// The value of an expression an action reads (`state.NAME` and the payload's names), for
  /// these state fields and these arguments; nil where this search can't tell. The search's
  /// `model` must have no fields: the expression is over no element.
  func value(of predicate: Predicate, state: [String: Value], arguments: [String: Value]) -> Value? {
    var assignment: [String: Value] = [:]
    for (name, value) in state { assignment[Self.stateKey(name)] = value }
    for (name, value) in arguments { assignment[Self.parameterKey(name)] = value }
    return value(predicate, assignment)
  }

  /// Whether the predicate holds for an element of these field values in a state of these
  /// values; nil where this search can't tell.
  func holds(_ predicate: Predicate, element: [String: Value], state: [String: Value]) -> Bool? {
    var assignment = element
    for (name, value) in state { assignment[Self.stateKey(name)] = value }
    return evaluate(predicate, assignment)
  }

  /// How the search names a state field among the element's.
  private static let statePrefix = "state."
  private static func stateKey(_ name: String) -> String { statePrefix + name }
  /// How it names a payload parameter (never an element field's name: it has a dot).
  private static let parameterPrefix = "payload."
  private static func parameterKey(_ name: String) -> String { parameterPrefix + name }

  private func advance(_ counters: inout [Int], _ sizes: [Int]) -> Bool {
    for index in counters.indices {
      counters[index] += 1
      if counters[index] < sizes[index] { return true }
      counters[index] = 0
    }
    return false
  }

  /// The fields of the element the predicate reads, in order of appearance (a filter case's
  /// `state.NAME` left out).
  func elementFields(readBy predicate: Predicate) -> [String] {
    Self.fields(readBy: predicate).filter { name in model.fields.contains { $0.name == name } }
  }

  /// The first names of the predicate's paths, in order of appearance.
  static func fields(readBy predicate: Predicate) -> [String] {
    var names: [String] = []
    func visit(_ predicate: Predicate) {
      switch predicate {
      case .path(let steps, _):
        if case .field(let name)? = steps.first, !names.contains(name) { names.append(name) }
      default: predicate.operands.forEach(visit)
      }
    }
    visit(predicate)
    return names
  }

  private func literalValues(_ predicate: Predicate) -> [Value] {
    switch predicate {
    case .literal(let value, _): [value]
    default: predicate.operands.flatMap(literalValues)
    }
  }

  private func candidates(_ type: SpecType, _ literals: [Value], widened: Bool) -> [Value] {
    switch type {
    case .optional(let wrapped):
      return [.null] + candidates(wrapped, literals, widened: widened)
    case .scalar(.bool):
      return [.bool(false), .bool(true)]
    case .scalar(let scalar) where scalar.isNumeric:
      // Values of the field's own type, around every number the predicate holds: a whole
      // number's field takes whole numbers around a fraction (`price <= 0.5 || count == 0`
      // gives `count` 0 and 1, never 0.5).
      var values: [Value] = widened ? [.int(0), .int(1)] : [.int(0)]
      for literal in literals {
        switch literal {
        case .int(let number): values += [.int(number - 1), .int(number), .int(number + 1)]
        case .double(let number) where scalar.isInteger:
          guard abs(number) < 1e15 else { continue }
          let (below, above) = (number.rounded(.down), number.rounded(.up))
          values += [.int(Int(below) - 1), .int(Int(below)), .int(Int(above)), .int(Int(above) + 1)]
        case .double(let number): values += [.double(number - 0.5), .double(number), .double(number + 0.5)]
        default: continue
        }
      }
      return values
    case .scalar(.string):
      var values: [Value] = [.string(""), .string("text")]
      for literal in literals {
        if case .string(let text) = literal { values += [.string(text), .string(text + "z")] }
      }
      return values
    case .enumeration:
      return (spec.cases(of: type) ?? []).map { name in
        spec.caseValue(name, of: type) { valueType in candidates(valueType, literals, widened: false).first ?? .null }
      }
    case .array:
      return [.array([])]
    case .scalar(.uuid):
      return [.uuid(smallUUID(1)), .uuid(smallUUID(2))] + literals.filter { if case .uuid = $0 { true } else { false } }
    case .scalar(.date):
      return [.date(0), .date(86_400)] + literals.filter { if case .date = $0 { true } else { false } }
    case .scalar(.url):
      return [.url("https://example.com/1")] + literals.filter { if case .url = $0 { true } else { false } }
    case .scalar(.data):
      return [.data("")] + literals.filter { if case .data = $0 { true } else { false } }
    default:
      return []
    }
  }

  /// The predicate's value for one element, or nil where this search can't tell.
  private func evaluate(_ predicate: Predicate, _ fields: [String: Value]) -> Bool? {
    guard case .bool(let result)? = value(predicate, fields) else { return nil }
    return result
  }

  private func value(_ predicate: Predicate, _ fields: [String: Value]) -> Value? {
    switch predicate {
    case .constant(let flag): return .bool(flag)
    case .literal(let value, _): return value
    case .path(let steps, _):
      var key: String
      var rest = steps.dropFirst()
      if Predicate.readsState(steps, over: model), case .field(let name) = steps[1] {
        key = Self.stateKey(name)
        rest = steps.dropFirst(2)
      } else if case .parameter(let name)? = steps.first {
        key = Self.parameterKey(name)
      } else {
        guard case .field(let name)? = steps.first else { return nil }
        // Not the element's: a payload parameter (an action's `where`).
        key = model.fields.contains { $0.name == name } ? name : Self.parameterKey(name)
      }
      guard let current = fields[key] else { return nil }
      return Self.read(rest, of: current)
    case .not(let operand):
      guard case .bool(let flag)? = value(operand, fields) else { return nil }
      return .bool(!flag)
    case .and(let lhs, let rhs):
      guard case .bool(let a)? = value(lhs, fields), case .bool(let b)? = value(rhs, fields) else { return nil }
      return .bool(a && b)
    case .or(let lhs, let rhs):
      guard case .bool(let a)? = value(lhs, fields), case .bool(let b)? = value(rhs, fields) else { return nil }
      return .bool(a || b)
    case .compare(let lhs, let op, let rhs):
      guard let a = value(lhs, fields), let b = value(rhs, fields) else { return nil }
      return compare(a, op, b).map { .bool($0) }
    case .contains(let list, let element):
      if case .string(let text)? = value(list, fields), case .string(let part)? = value(element, fields) {
        // Empty text: Foundation's `contains` and the standard library's disagree.
        return part.isEmpty ? nil : .bool(Self.contains(text, part))
      }
      guard case .array(let items)? = value(list, fields), let item = value(element, fields) else { return nil }
      return .bool(items.contains(item))
    case .lookup(let collection, let key, false):
      guard case .dictionary(let entries)? = value(collection, fields), let key = value(key, fields) else { return nil }
      return entries.first { $0.key == key }?.value ?? .null
    case .lookup:
      return nil
    case .index(let list, let offset, _):
      guard let list = value(list, fields), case .int(let offset)? = value(offset, fields) else { return nil }
      if list == .null { return .null }
      guard case .array(let items) = list else { return nil }
      // Out of range, nil; a list of optionals gives its element's own optional.
      return items.indices.contains(offset) ? items[offset] : .null
    case .member(let base, let steps, _):
      return value(base, fields).flatMap { Self.read(steps, of: $0) }
    case .arithmetic:
      return predicate.arithmetic.evaluate { value($0, fields) }
    case .call(let function, let arguments, _):
      return Self.call(function, arguments.map { value($0, fields) })
    case .extremum(let which, let lhs, let rhs, let type):
      guard let a = value(lhs, fields), let b = value(rhs, fields), let aFirst = compare(a, .lessOrEqual, b) else {
        return nil
      }
      let result = (which == .min) == aFirst ? a : b
      // An integer where the result is a `Double` is converted, as the generated code does.
      if type == .scalar(.double), case .int(let whole) = result { return .double(Double(whole)) }
      return result
    case .makeCase(let name, let labels, let values, _):
      var read: [(name: String, value: Value)] = []
      for (label, value) in zip(labels, values) {
        guard let known = self.value(value, fields) else { return nil }
        read.append((label, known))
      }
      return .caseWithValues(name, read)
    }
  }

  /// The value `steps` read from `start`, as the generated code reads it; nil where this search
  /// can't tell.
  static func read(_ steps: some Sequence<Predicate.PathStep>, of start: Value) -> Value? {
    var current = start
    for step in steps {
      switch (step, current) {
      case (.count, .string(let text)): current = .int(text.count)
      case (.isEmpty, .string(let text)): current = .bool(text.isEmpty)
      case (.count, .array(let items)): current = .int(items.count)
      case (.isEmpty, .array(let items)): current = .bool(items.isEmpty)
      case (.trimmed, .string(let text)): current = .string(Self.trimmed(text))
      case (.lowercased, .string(let text)): current = .string(text.lowercased())
      case (.uppercased, .string(let text)): current = .string(text.uppercased())
      case (.unwrapped, .null): return .null
      case (.unwrapped, _): continue
      case (.first, .array(let items)): current = items.first ?? .null
      case (.last, .array(let items)): current = items.last ?? .null
      case (.field(let name), .model(_, let fields)):
        guard let field = fields.first(where: { $0.name == name }) else { return nil }
        current = field.value
      case (.field(let name), .caseWithValues(let caseName, let values)):
        // A case's values, nil in another case.
        current = name == caseName ? .model(caseName, values) : .null
      case (.field, .enumCase):
        current = .null
      case (.rounded, .double(let number)): current = .double(number.rounded())
      case (.sum(let fields), .array(let items)), (.minimum(let fields), .array(let items)),
        (.maximum(let fields), .array(let items)):
        var values: [Value] = []
        for item in items {
          guard let value = read(fields.map(Predicate.PathStep.field), of: item) else { return nil }
          values.append(value)
        }
        guard let result = aggregate(step, of: values) else { return nil }
        current = result
      default: return nil
      }
    }
    return current
  }

  /// A sum of values (0 for none), or the smallest or largest (`.null` for none), as the
  /// generated code computes it; nil where this search can't tell (an overflow, other kinds).
  private static func aggregate(_ step: Predicate.PathStep, of values: [Value]) -> Value? {
    if case .sum = step {
      if values.allSatisfy({ if case .int = $0 { true } else { false } }) {
        var total = 0
        for case .int(let number) in values {
          let (sum, overflow) = total.addingReportingOverflow(number)
          if overflow { return nil }
          total = sum
        }
        return .int(total)
      }
      var total = 0.0
      for value in values {
        switch value {
        case .double(let number): total += number
        case .int(let number): total += Double(number)
        default: return nil
        }
      }
      return .double(total)
    }
    guard var best = values.first else { return .null }
    for value in values.dropFirst() {
      let smaller: Bool
      switch (value, best) {
      case (.int(let a), .int(let b)): smaller = a < b
      case (.double(let a), .double(let b)): smaller = a < b
      case (.string(let a), .string(let b)): smaller = a < b
      default: return nil
      }
      if case .minimum = step, smaller { best = value }
      if case .maximum = step, !smaller, value != best { best = value }
    }
    return best
  }

  /// A function of the expression language on its arguments' values, as the generated code
  /// computes it; nil where an argument has none or the result would trap (`abs(Int.min)`).
  static func call(_ function: Predicate.Function, _ arguments: [Value?]) -> Value? {
    switch (function, arguments.first ?? nil, arguments.dropFirst().first ?? nil) {
    case (.coalesce, .null?, let fallback): return fallback
    case (.coalesce, let value?, _): return value
    case (.abs, .int(let number)?, _): return number == .min ? nil : .int(Swift.abs(number))
    case (.abs, .double(let number)?, _): return .double(Swift.abs(number))
    case (.hasPrefix, .string(let text)?, .string(let part)?): return .bool(text.hasPrefix(part))
    case (.hasSuffix, .string(let text)?, .string(let part)?): return .bool(text.hasSuffix(part))
    default: return nil
    }
  }

  /// Whether `text` holds `part` (not empty), as Swift's `contains` on text finds it.
  static func contains(_ text: String, _ part: String) -> Bool {
    text.indices.contains { text[$0...].hasPrefix(part) }
  }

  /// Text without the white space and newlines at its ends, as Foundation's
  /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it.
  static func trimmed(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars[first...last])
    return String(result)
  }

  private func compare(_ a: Value, _ op: Predicate.ComparisonOperator, _ b: Value) -> Bool? {
    switch (op, a, b) {
    // Numbers compare by value, as Swift compares a field with a literal: `0` equals `0.0`.
    case (.equal, .int(let x), .double(let y)), (.equal, .double(let y), .int(let x)): return Double(x) == y
    case (.notEqual, .int(let x), .double(let y)), (.notEqual, .double(let y), .int(let x)): return Double(x) != y
    case (.equal, _, _): return a == b
    case (.notEqual, _, _): return a != b
    default: break
    }
    let order: Int?
    switch (a, b) {
    case (.int(let x), .int(let y)): order = x < y ? -1 : (x == y ? 0 : 1)
    case (.double(let x), .double(let y)): order = x < y ? -1 : (x == y ? 0 : 1)
    case (.int(let x), .double(let y)): order = Double(x) < y ? -1 : (Double(x) == y ? 0 : 1)
    case (.double(let x), .int(let y)): order = x < Double(y) ? -1 : (x == Double(y) ? 0 : 1)
    case (.string(let x), .string(let y)): order = x < y ? -1 : (x == y ? 0 : 1)
    default: order = nil
    }
    guard let order else { return nil }
    switch op {
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    case .greaterOrEqual: return order >= 0
    default: return nil
    }
  }
}
