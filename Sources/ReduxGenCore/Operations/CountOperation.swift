/// `increment NUMBER [by AMOUNT]` and `decrement NUMBER [by AMOUNT]` (by 1 unless written; an
/// absent dictionary entry counts from 0).
struct CountOperation: ReduceOperationKind, Equatable {
  enum Direction: String {
    case increment
    case decrement
  }

  static let words = ["increment", "decrement"]
  static let meanings = ["increase": "increment", "inc": "increment", "decrease": "decrement", "dec": "decrement"]
  var direction: Direction
  var target: StatePath
  var amount: Operand

  static func parse(_ word: String, _ parser: inout ReduceParser) -> CountOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    guard path.type.isNumeric else { return parser.fail(.notNumeric(path.text, type: path.type.swiftName), offset) }
    var amount = Operand.literal(.int(1))
    if parser.tokens.takeWord("by") {
      // A parameter or a literal, or an expression that may read the state (`by count * 2`).
      guard let value = parser.valueOrExpression(expected: path.type, { $0.operand(expected: path.type) }) else {
        return nil
      }
      amount = value
    }
    return CountOperation(direction: word == "decrement" ? .decrement : .increment, target: path, amount: amount)
  }

  var description: String { "\(direction.rawValue) \(target.text) by \(amount.text)" }
  var path: StatePath? { target }
  var operands: [Operand] { [amount] }

  /// `+` or `-`.
  private var sign: BinaryOperator { direction == .increment ? .plus : .minus }
  /// `increments` or `decrements`.
  private var verb: String { direction.rawValue + "s" }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { [.compoundAssignment($0, sign, reducer.operand(amount, type: target.type))] }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    if case .expression(let predicate) = amount {
      let sign = direction == .increment ? 1 : -1
      return context.kit.expressionOperationTests(predicate, target: target, verb: verb, &context) { start, amount in
        switch (start, amount) {
        case (.int(let a), .int(let b)):
          let (result, overflow) = a.addingReportingOverflow(sign * b)
          return overflow ? nil : .int(result)
        case (.double(let a), .double(let b)): return .double(a + Double(sign) * b)
        default: return nil
        }
      }
    }
    let kit = context.kit
    let action = context.action
    let target = context.target
    let (lets, arguments) = kit.arguments(action, [:])
    let change = context.reducer.operand(amount, type: self.target.type)
    let body =
      [kit.newState(), kit.constant("before", target)] + lets
      + [kit.reduce(action.name, arguments), kit.expect(target, .equal, .binary(.name("before"), sign, change))]
    return [
      context.test(
        "\(action.name) \(verb) \(self.target.text)",
        "\(action.name)\(verb.uppercasingFirst)\(self.target.text.identifierWords)", body)
    ]
  }

  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange? {
    // An amount that reads the state: examples cover it in an element or an entry.
    if case .expression = amount { return nil }
    let change = context.reducer.operand(amount, type: target.type)
    return InPlaceChange(
      verb: verb, expected: .binary(context.current, sign, change),
      absent: direction == .increment ? change : .prefix(.negate, .parenthesized(change)))
  }

  func changingArguments(_ context: OperationTestContext) -> [String: Value]? {
    if case .literal(let value) = amount, value == .int(0) || value == .double(0) { return nil }
    return [:]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = []
    if amount != .literal(.int(1)) && amount != .literal(.double(1)) {
      mutants.append(("by-1", CountOperation(direction: direction, target: target, amount: .literal(.int(1)))))
    }
    let other: Direction = direction == .increment ? .decrement : .increment
    mutants.append((other.rawValue, CountOperation(direction: other, target: target, amount: amount)))
    if case .expression(let predicate) = amount {
      let misses = predicate.arithmeticNearMisses() + predicate.boundaryNearMisses()
      for miss in SpecMutator.uniqueKinds(misses.map { (kind: $0.kind, expression: $0.predicate) }) {
        mutants.append((miss.kind, CountOperation(direction: direction, target: target, amount: .expression(miss.expression))))
      }
    }
    return mutants
  }
}
