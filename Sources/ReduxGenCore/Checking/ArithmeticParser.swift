/// Reads arithmetic (`price * quantity`, `(budget - spent) / 2`): `*` and `/` bind tighter than
/// `+` and `-`, each group from the left, parentheses as usual. What a leaf is (a payload value,
/// a state field) is the caller's: `leaf` reads one name and gives its type.
struct ArithmeticParser<Leaf: Sendable & Equatable> {
  /// A problem and the offset it is at.
  typealias Failure = ExpressionFailure
  /// Reads the leaf starting at the token given (read), the rest from the stream.
  let leaf: (Token, inout TokenStream) -> Result<(Leaf, SpecType), Failure>
  /// How a leaf is written, for messages.
  let leafText: (Leaf) -> String

  func parse(_ tokens: inout TokenStream) -> Result<Arithmetic<Leaf>, Failure> {
    sum(&tokens)
  }

  private func sum(_ tokens: inout TokenStream) -> Result<Arithmetic<Leaf>, Failure> {
    chain(&tokens, operators: [.plus, .minus], operand: product)
  }

  private func product(_ tokens: inout TokenStream) -> Result<Arithmetic<Leaf>, Failure> {
    chain(&tokens, operators: [.times, .divide, .remainder], operand: primary)
  }

  private func chain(
    _ tokens: inout TokenStream, operators: [ArithmeticOperator],
    operand: (inout TokenStream) -> Result<Arithmetic<Leaf>, Failure>
  ) -> Result<Arithmetic<Leaf>, Failure> {
    var result: Arithmetic<Leaf>
    switch operand(&tokens) {
    case .success(let first): result = first
    case .failure(let failure): return .failure(failure)
    }
    while let op = operators.first(where: { tokens.peek.kind == .symbol($0.rawValue) }) {
      let opToken = tokens.next()
      switch operand(&tokens) {
      case .failure(let failure): return .failure(failure)
      case .success(let rhs):
        guard let combined = combine(result, op, rhs) else {
          return .failure(Failure(.cannotCompute(described(result), op: op.rawValue, described(rhs)), opToken.offset))
        }
        result = combined
      }
    }
    return .success(result)
  }

  private func primary(_ tokens: inout TokenStream) -> Result<Arithmetic<Leaf>, Failure> {
    let token = tokens.next()
    switch token.kind {
    case .symbol("("):
      let inner = sum(&tokens)
      guard case .success = inner else { return inner }
      guard tokens.take(")") else {
        return .failure(Failure(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset))
      }
      return inner
    case .number(let text):
      return literal(text, at: token.offset)
    case .symbol("-") where tokens.peek.kind == .number(tokens.peek.text):
      return literal("-" + tokens.next().text, at: token.offset)
    case .identifier:
      return leaf(token, &tokens).map { .leaf($0.0, $0.1) }
    default:
      return .failure(Failure(.expectedToken(.arithmeticOperand, found: token.described), token.offset))
    }
  }

  /// A number written in the spec: an `Int` when whole, else a `Double`, until its context says.
  private func literal(_ text: String, at offset: Int) -> Result<Arithmetic<Leaf>, Failure> {
    let digits = text.filter { $0 != "_" }
    if let whole = Int(digits) { return .success(.literal(.int(whole), .scalar(.int))) }
    if let number = Double(digits), number.isFinite { return .success(.literal(.double(number), .scalar(.double))) }
    return .failure(Failure(.invalidValue(text, type: "a number"), offset))
  }

  /// `lhs op rhs` typed: a whole literal takes the other side's type.
  private func combine(_ lhs: Arithmetic<Leaf>, _ op: ArithmeticOperator, _ rhs: Arithmetic<Leaf>)
    -> Arithmetic<Leaf>?
  {
    let left = retyped(lhs, to: rhs.type)
    let right = retyped(rhs, to: left.type)
    guard let type = op.resultType(left.type, right.type) else { return nil }
    return .binary(left, op, right, type)
  }

  private func retyped(_ value: Arithmetic<Leaf>, to type: SpecType) -> Arithmetic<Leaf> {
    guard case .literal(.int(let whole), .scalar(.int)) = value, ArithmeticOperator.isArithmetic(type) else {
      return value
    }
    return .literal(.int(whole), type)
  }

  private func described(_ value: Arithmetic<Leaf>) -> String {
    "'\(value.text(leafText))' (\(value.type.swiftName))"
  }
}

/// A problem of a value read by the expression language (arithmetic, a derived expression), at
/// its offset in the text.
struct ExpressionFailure: Error {
  var problem: SpecProblem
  var offset: Int
  init(_ problem: SpecProblem, _ offset: Int) {
    self.problem = problem
    self.offset = offset
  }
}
