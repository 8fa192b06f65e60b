/// Arithmetic on numbers: `price * quantity` in a reduce operation's value (its leaves are payload
/// values), `budget - spent` in a derived value (its leaves are state fields and earlier derived
/// values). Every node knows its type: two values of one numeric type give that type; an integer
/// and a `Double` give a `Double`, the integer converted; a literal takes its context's type.
///
/// Division by zero gives 0 (ReduxRuntime's `ReduxArithmetic.quotient`), so a reducer or a
/// derived value never traps on it and the state never holds an infinity or NaN that JSON can't
/// encode; `+`, `-` and `*` are Swift's own.
package indirect enum Arithmetic<Leaf: Sendable & Equatable>: Sendable, Equatable {
  /// A value the spec names, of its own type.
  case leaf(Leaf, SpecType)
  /// A number written in the spec, of the type its context gives it.
  case literal(Value, SpecType)
  case binary(Arithmetic, ArithmeticOperator, Arithmetic, SpecType)

  package var type: SpecType {
    switch self {
    case .leaf(_, let type), .literal(_, let type), .binary(_, _, _, let type): type
    }
  }

  /// Whether each operation in it has operands of types its operator computes with, of its own
  /// type (a near miss may turn joined text's `+` into a `-`).
  var isWellTyped: Bool {
    guard case .binary(let lhs, let op, let rhs, let type) = self else { return true }
    guard lhs.isWellTyped, rhs.isWellTyped else { return false }
    if type == .scalar(.string) { return op == .plus && lhs.type == type && rhs.type == type }
    return op.resultType(lhs.type, rhs.type) == type
  }

  /// The named values it reads, in the order written.
  package var leaves: [Leaf] {
    switch self {
    case .leaf(let leaf, _): [leaf]
    case .literal: []
    case .binary(let lhs, _, let rhs, _): lhs.leaves + rhs.leaves
    }
  }

  /// The numbers written in it.
  var literals: [Value] {
    switch self {
    case .leaf: []
    case .literal(let value, _): [value]
    case .binary(let lhs, _, let rhs, _): lhs.literals + rhs.literals
    }
  }

  /// The expression with each leaf replaced.
  func mapLeaves<Other>(_ transform: (Leaf) -> Other) -> Arithmetic<Other> {
    switch self {
    case .leaf(let leaf, let type): .leaf(transform(leaf), type)
    case .literal(let value, let type): .literal(value, type)
    case .binary(let lhs, let op, let rhs, let type): .binary(lhs.mapLeaves(transform), op, rhs.mapLeaves(transform), type)
    }
  }

  /// The expression as a spec writes it, each leaf written by `leafText`.
  func text(_ leafText: (Leaf) -> String) -> String {
    switch self {
    case .leaf(let leaf, _): return leafText(leaf)
    case .literal(let value, _): return SpecMutator.describe(value)
    case .binary(let lhs, let op, let rhs, _):
      let left = lhs.needsParentheses(under: op, onRight: false) ? "(\(lhs.text(leafText)))" : lhs.text(leafText)
      let right = rhs.needsParentheses(under: op, onRight: true) ? "(\(rhs.text(leafText)))" : rhs.text(leafText)
      return "\(left) \(op.rawValue) \(right)"
    }
  }

  /// Whether this operand of `parent` must be written in parentheses to keep its meaning.
  func needsParentheses(under parent: ArithmeticOperator, onRight: Bool) -> Bool {
    guard case .binary(_, let op, _, _) = self else { return false }
    return op.precedence < parent.precedence || (onRight && op.precedence == parent.precedence)
  }

  /// The value for `values` of the leaves, computed as the generated code computes it: nil when
  /// a leaf has none or the result is not a finite number.
  func evaluate(_ values: (Leaf) -> Value?) -> Value? {
    switch self {
    case .leaf(let leaf, _): return values(leaf)
    case .literal(let value, _): return value
    case .binary(let lhs, let op, let rhs, let type):
      guard let left = lhs.evaluate(values), let right = rhs.evaluate(values) else { return nil }
      return Self.apply(op, left, right, type: type)
    }
  }

  /// `left op right` as a value of `type`: whole numbers stay whole (`7 / 2` is 3), a divisor
  /// of 0 gives 0.
  static func apply(_ op: ArithmeticOperator, _ left: Value, _ right: Value, type: SpecType) -> Value? {
    if type.unwrapped == .scalar(.string) {
      guard op == .plus, case .string(let a) = left, case .string(let b) = right else { return nil }
      return .string(a + b)
    }
    if type.unwrapped == .scalar(.double) {
      guard let a = left.number, let b = right.number else { return nil }
      let result: Double =
        switch op {
        case .plus: a + b
        case .minus: a - b
        case .times: a * b
        case .divide: b == 0 ? 0 : a / b
        case .remainder: b == 0 ? 0 : a.truncatingRemainder(dividingBy: b)
        }
      return result.isFinite ? .double(result) : nil
    }
    guard case .int(let a) = left, case .int(let b) = right else { return nil }
    let (result, overflow): (Int, Bool) =
      switch op {
      case .plus: a.addingReportingOverflow(b)
      case .minus: a.subtractingReportingOverflow(b)
      case .times: a.multipliedReportingOverflow(by: b)
      case .divide: b == 0 ? (0, false) : a.dividedReportingOverflow(by: b)
      case .remainder: b == 0 ? (0, false) : a.remainderReportingOverflow(dividingBy: b)
      }
    return overflow ? nil : .int(result)
  }

  /// Its near misses, for the mutation harness: each operator swapped for its partner (`+` and
  /// `-`, `*` and `/`, `%` and `/`), the operands of `-` and `/` swapped, and each binary node left with its
  /// left operand alone. The kind names the node by the text of its operator.
  func nearMisses() -> [(kind: String, expression: Arithmetic)] {
    guard case .binary(let lhs, let op, let rhs, let type) = self else { return [] }
    var result: [(kind: String, expression: Arithmetic)] = [
      ("\(op.partner.name)", .binary(lhs, op.partner, rhs, type))
    ]
    if op == .minus || op == .divide || op == .remainder, lhs != rhs {
      result.append(("swapped", .binary(rhs, op, lhs, type)))
    }
    if lhs.type == type {
      result.append(("left-only", lhs))
    }
    result += lhs.nearMisses().map { ($0.kind, .binary($0.expression, op, rhs, type)) }
    result += rhs.nearMisses().map { ($0.kind, .binary(lhs, op, $0.expression, type)) }
    return result
  }
}

package enum ArithmeticOperator: String, Sendable, Equatable, CaseIterable {
  case plus = "+"
  case minus = "-"
  case times = "*"
  case divide = "/"
  /// The remainder of a whole division, with the dividend's sign (Swift's `%`); whole numbers only.
  case remainder = "%"

  var precedence: Int { self == .plus || self == .minus ? 1 : 2 }

  /// The operator a slip turns it into.
  var partner: ArithmeticOperator {
    switch self {
    case .plus: .minus
    case .minus: .plus
    case .times: .divide
    case .divide: .times
    case .remainder: .divide
    }
  }

  var name: String {
    switch self {
    case .plus: "plus"
    case .minus: "minus"
    case .times: "times"
    case .divide: "divided"
    case .remainder: "remainder"
    }
  }

  /// The type of `lhs op rhs`: one numeric type, or an integer and a `Double` (a `Double`); nil
  /// for other mixes (Swift's numbers don't mix) and for types arithmetic doesn't take.
  static func resultType(_ lhs: SpecType, _ rhs: SpecType) -> SpecType? {
    guard isArithmetic(lhs), isArithmetic(rhs) else { return nil }
    // The mixing rule of a sum of products (`DerivedParser.productType`), on the types arithmetic takes.
    return DerivedParser.productType(lhs, rhs)
  }

  /// The type of `lhs op rhs` for this operator: `%` takes two whole numbers of one type.
  func resultType(_ lhs: SpecType, _ rhs: SpecType) -> SpecType? {
    guard let type = Self.resultType(lhs, rhs) else { return nil }
    if self == .remainder, type == .scalar(.double) { return nil }
    return type
  }

  /// The types arithmetic takes: `Int`, `Int64` and `Double` (`Float` and `Decimal` values are
  /// kept as they are written).
  static func isArithmetic(_ type: SpecType) -> Bool {
    [.scalar(.int), .scalar(.int64), .scalar(.double)].contains(type)
  }
}

extension Value {
  /// A number as a `Double`; nil for other values.
  var number: Double? {
    switch self {
    case .int(let whole): Double(whole)
    case .double(let number): number
    default: nil
    }
  }
}
