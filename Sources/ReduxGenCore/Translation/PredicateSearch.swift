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
    let fields = Self.fields(readBy: predicate)
    let literals = literalValues(predicate)
    let choices = fields.map { name -> [Value] in
      let type = model.fields.first { $0.name == name }?.type ?? .scalar(.bool)
      return candidates(type, literals)
    }
    var kept: [String: Value]?
    var dropped: [String: Value]?
    // A field with no candidate values leaves nothing to try.
    guard choices.allSatisfy({ !$0.isEmpty }) else { return (nil, nil) }
    var counters = Array(repeating: 0, count: fields.count)
    for _ in 0..<Self.limit {
      var assignment: [String: Value] = [:]
      for (index, name) in fields.enumerated() { assignment[name] = choices[index][counters[index]] }
      if let result = evaluate(predicate, assignment) {
        // Both go into one list, which holds one element per id: their ids must differ.
        let other = result ? dropped : kept
        let clashes = assignment["id"] != nil && other?["id"] == assignment["id"]
        if result, kept == nil, !clashes { kept = assignment }
        if !result, dropped == nil, !clashes { dropped = assignment }
      }
      if kept != nil && dropped != nil { break }
      guard advance(&counters, choices.map(\.count)) else { break }
    }
    return (kept, dropped)
  }

  private func advance(_ counters: inout [Int], _ sizes: [Int]) -> Bool {
    for index in counters.indices {
      counters[index] += 1
      if counters[index] < sizes[index] { return true }
      counters[index] = 0
    }
    return false
  }

  /// The fields of the element the predicate reads, in order of appearance.
  static func fields(readBy predicate: Predicate) -> [String] {
    var names: [String] = []
    func visit(_ predicate: Predicate) {
      switch predicate {
      case .path(let steps, _):
        if case .field(let name)? = steps.first, !names.contains(name) { names.append(name) }
      case .not(let operand): visit(operand)
      case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs):
        visit(lhs)
        visit(rhs)
      case .constant, .literal: break
      }
    }
    visit(predicate)
    return names
  }

  private func literalValues(_ predicate: Predicate) -> [Value] {
    switch predicate {
    case .literal(let value, _): [value]
    case .not(let operand): literalValues(operand)
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs):
      literalValues(lhs) + literalValues(rhs)
    case .constant, .path: []
    }
  }

  private func candidates(_ type: SpecType, _ literals: [Value]) -> [Value] {
    switch type {
    case .optional(let wrapped):
      return [.null] + candidates(wrapped, literals)
    case .scalar(.bool):
      return [.bool(false), .bool(true)]
    case .scalar(let scalar) where scalar.isNumeric:
      var values: [Value] = [.int(0)]
      for literal in literals {
        if case .int(let number) = literal { values += [.int(number - 1), .int(number), .int(number + 1)] }
        if case .double(let number) = literal { values += [.double(number - 0.5), .double(number), .double(number + 0.5)] }
      }
      return values
    case .scalar(.string):
      var values: [Value] = [.string(""), .string("text")]
      for literal in literals {
        if case .string(let text) = literal { values += [.string(text), .string(text + "z")] }
      }
      return values
    case .enumeration:
      return (spec.cases(of: type) ?? []).map { .enumCase($0) }
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
      guard case .field(let name)? = steps.first, var current = fields[name] else { return nil }
      for step in steps.dropFirst() {
        switch (step, current) {
        case (.count, .string(let text)): current = .int(text.count)
        case (.isEmpty, .string(let text)): current = .bool(text.isEmpty)
        case (.count, .array(let items)): current = .int(items.count)
        case (.isEmpty, .array(let items)): current = .bool(items.isEmpty)
        default: return nil
        }
      }
      return current
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
    }
  }

  private func compare(_ a: Value, _ op: Predicate.ComparisonOperator, _ b: Value) -> Bool? {
    switch op {
    case .equal: return a == b
    case .notEqual: return a != b
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
