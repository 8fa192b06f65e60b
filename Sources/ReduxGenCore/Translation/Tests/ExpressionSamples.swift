// Sample values for an operation's value that reads the state (`set total = count * price`): the
// state fields and parameters it reads, each a distinct value, and what the reducer must write.
extension TestTranslator {
  /// What an expression's test starts from: the state fields it sets (by name), the arguments
  /// it passes, and the value the expression makes of them, computed here as the generated code
  /// computes it.
  struct ExpressionSample {
    var state: [(field: String, value: Value)]
    var arguments: [String: Value]
    var written: Value
  }

  /// A sample for an expression of `+ - * / %` (text `+` too) whose leaves are literals, state
  /// fields (`state.NAME`, stored, not derived) and payload parameters, each a number, a
  /// `Double` or text; nil for any other expression (examples cover it), or when a state field
  /// it reads is written by another of the action's operations (`others`).
  func expressionSample(_ predicate: Predicate, in action: Action, others: Set<String>) -> ExpressionSample? {
    let arithmetic = predicate.arithmetic
    let numbers = Self.arithmeticNumbers(besides: arithmetic.literals)
    var sample = ExpressionSample(state: [], arguments: [:], written: .null)
    var numbered: [String: Value] = [:]
    for (index, leaf) in arithmetic.leaves.enumerated() {
      let key = SpecMutator.describe(leaf)
      guard numbered[key] == nil else { continue }
      guard index < numbers.count, case .path(let steps, let type) = leaf else { return nil }
      let value: Value
      switch type {
      case .scalar(.int): value = .int(numbers[index])
      case .scalar(.double): value = .double(Double(numbers[index]) + 0.5)
      case .scalar(.string): value = .string("text \(numbers[index])")
      default: return nil
      }
      if steps.count == 2, steps[0] == .field("state"), case .field(let name) = steps[1] {
        guard spec.state.contains(where: { $0.name == name && $0.type == type }), !others.contains(name) else { return nil }
        sample.state.append((name, value))
      } else if steps.count == 1, case .field(let name) = steps[0] {
        guard action.payload.contains(where: { $0.name == name && $0.type == type }) else { return nil }
        sample.arguments[name] = value
      } else {
        return nil
      }
      numbered[key] = value
    }
    guard let written = arithmetic.evaluate({ numbered[SpecMutator.describe($0)] }) else { return nil }
    sample.written = written
    return sample
  }
}
