/// Swift for arithmetic: `price * Double(quantity)`, `ReduxArithmetic.quotient(total, count)`.
/// An integer operand of a `Double` node is converted; parentheses are written where Swift's
/// precedence would read the expression otherwise.
struct ArithmeticTranslator {
  let types: TypeTranslator

  func expression<Leaf>(_ value: Arithmetic<Leaf>, leaf: (Leaf) -> Expression) -> Expression {
    switch value {
    case .leaf(let name, _):
      return leaf(name)
    case .literal(let number, let type):
      return types.expression(number, type: type)
    case .binary(let lhs, let op, let rhs, let type):
      func operand(_ side: Arithmetic<Leaf>, onRight: Bool) -> Expression {
        let written = expression(side, leaf: leaf)
        if side.type != type {
          return .name(type.swiftName).call([Argument(nil, written)])
        }
        return op != .divide && op != .remainder && side.needsParentheses(under: op, onRight: onRight) ? .parenthesized(written) : written
      }
      let (left, right) = (operand(lhs, onRight: false), operand(rhs, onRight: true))
      switch op {
      case .plus: return .binary(left, .plus, right)
      case .minus: return .binary(left, .minus, right)
      case .times: return .binary(left, .times, right)
      case .divide:
        return types.runtime.value("ReduxArithmetic").dot("quotient").call([Argument(nil, left), Argument(nil, right)])
      case .remainder:
        return types.runtime.value("ReduxArithmetic").dot("remainder").call([Argument(nil, left), Argument(nil, right)])
      }
    }
  }
}
