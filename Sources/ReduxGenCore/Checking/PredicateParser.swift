// Reads one condition: comparisons, `&&`, `||`, `!`, membership, arithmetic and the names it reads.
/// Recursive descent over the predicate grammar, typing as it goes.
struct PredicateParser {
  var tokens: TokenStream
  let element: Model
  let models: [Model]
  let enumCases: [String: [String]]
  /// What an unknown first name is missing from, when not `element`'s fields (an `if`).
  var rootContext: Subject?
  /// The model standing for the state, whose unknown names are missing from `the state`.
  var stateModel: String?
  /// A condition over elements: `element.NAME` and `payload.NAME`, and the names two scopes give.
  var elementScope: ElementScope?
  /// The first problem found, with its offset in the text.
  private(set) var failure: (SpecProblem, Int)?
  /// The type a value is read as, where it is an enum or a list (an operation's target's, a
  /// parameter's): an enum's cases are read by name, with their values (`set mode =
  /// playing(progress: 0)`), and `[]` is an empty list.
  var expectedType: SpecType?

  init(
    tokens: TokenStream, element: Model, models: [Model], enumCases: [String: [String]], rootContext: Subject? = nil,
    stateModel: String? = nil
  ) {
    self.tokens = tokens
    self.element = element
    self.models = models
    self.enumCases = enumCases
    self.rootContext = rootContext
    self.stateModel = stateModel
  }

  typealias Typed = (Predicate, SpecType)

  /// A condition over `model`'s elements read from `tokens` (left after it), as a `where`
  /// writes it; nil with the first problem and its offset otherwise.
  static func condition(
    from tokens: inout TokenStream, over model: Model, models: [Model], enumCases: [String: [String]],
    rootContext: Subject? = nil, stateModel: String? = nil, elementScope: ElementScope? = nil
  ) -> (Predicate?, failure: (SpecProblem, Int)?) {
    var parser = PredicateParser(
      tokens: tokens, element: model, models: models, enumCases: enumCases, rootContext: rootContext,
      stateModel: stateModel)
    parser.elementScope = elementScope
    let predicate = parser.condition()
    tokens = parser.tokens
    return (predicate, predicate == nil ? parser.failure : nil)
  }

  /// A whole condition, as a filter case or a `where` writes it: parsed to the end and typed
  /// Bool; nil, with `failure`, otherwise.
  mutating func condition() -> Predicate? {
    let offset = tokens.peek.offset
    guard let (predicate, type) = parse() else { return nil }
    guard type == .scalar(.bool) else {
      failure = (.predicateNotBool(type: type.swiftName), offset)
      return nil
    }
    return predicate
  }

  /// A value read from `tokens` up to the first token that can't continue it (left for the
  /// caller: the end, or a word such as `where`), typed; nil with `failure` otherwise.
  mutating func value() -> Typed? { or() }

  mutating func parse() -> Typed? {
    guard let result = or() else { return nil }
    guard tokens.isAtEnd else { return fail(.unexpectedText(tokens.peek.text), tokens.peek.offset) }
    return result
  }

  mutating func fail(_ problem: SpecProblem, _ offset: Int) -> Typed? {
    if failure == nil { failure = (problem, offset) }
    return nil
  }

  mutating func or() -> Typed? {
    guard var lhs = and() else { return nil }
    while tokens.peek.kind == .symbol("||") {
      let offset = tokens.next().offset
      guard let rhs = and() else { return nil }
      guard requireBool(lhs, "||", offset), requireBool(rhs, "||", offset) else { return nil }
      lhs = (.or(lhs.0, rhs.0), .scalar(.bool))
    }
    return lhs
  }

  mutating func and() -> Typed? {
    guard var lhs = not() else { return nil }
    while tokens.peek.kind == .symbol("&&") {
      let offset = tokens.next().offset
      guard let rhs = not() else { return nil }
      guard requireBool(lhs, "&&", offset), requireBool(rhs, "&&", offset) else { return nil }
      lhs = (.and(lhs.0, rhs.0), .scalar(.bool))
    }
    return lhs
  }

  mutating func requireBool(_ operand: Typed, _ op: String, _ offset: Int) -> Bool {
    guard operand.1 == .scalar(.bool) else {
      _ = fail(.typeMismatch(expected: "Bool", found: operand.1.swiftName, what: .operand(of: op)), offset)
      return false
    }
    return true
  }

  mutating func not() -> Typed? {
    if tokens.peek.kind == .symbol("!") {
      let offset = tokens.next().offset
      guard let operand = not() else { return nil }
      guard requireBool(operand, "!", offset) else { return nil }
      return (.not(operand.0), .scalar(.bool))
    }
    return comparison()
  }

  mutating func comparison() -> Typed? {
    let lhsOffset = tokens.peek.offset
    guard let lhs = coalescing(expected: expectedType) else { return nil }
    if tokens.peek.kind == .identifier("is") {
      return caseTest(lhs, at: tokens.peek.offset)
    }
    guard case .symbol(let symbol) = tokens.peek.kind,
      let op = Predicate.ComparisonOperator(rawValue: symbol)
    else {
      if case .literal(.enumCase(let name), Self.pendingEnum) = lhs.0 {
        return fail(.unexpectedText(".\(name)"), lhsOffset)
      }
      return lhs
    }
    let opOffset = tokens.next().offset
    let rhsOffset = tokens.peek.offset
    guard let rhs = coalescing(expected: lhs.1 == Self.pendingEnum ? nil : lhs.1) else { return nil }
    // `.high == priority`: a case on the left is a case of the right's enum.
    if case .literal(.enumCase(let name), Self.pendingEnum) = lhs.0 {
      guard case .enumeration(let enumName) = rhs.1.unwrapped else {
        return fail(.unexpectedText(".\(name)"), lhsOffset)
      }
      let cases = enumCases[enumName] ?? []
      guard cases.contains(name) else {
        return fail(.unknownCase(name, type: enumName, suggestion: closestMatch(to: name, in: cases)), lhsOffset + 1)
      }
      if let values = caseValues(enumName, name) {
        return fail(.caseNeedsValues(name, enumName: enumName, labels: values.map(\.name)), lhsOffset + 1)
      }
    }
    // A literal on the left takes its type from the right.
    var left = lhs
    if case .literal(let value, _) = lhs.0, rhs.1 != lhs.1, let retyped = retype(value, as: rhs.1) {
      left = (.literal(retyped, rhs.1), rhs.1)
    }
    guard checkComparison(left, rhs, op, offset: isNil(rhs) ? rhsOffset : (isNil(left) ? lhsOffset : opOffset)) else {
      return nil
    }
    return (.compare(left.0, op, rhs.0), .scalar(.bool))
  }

  /// `VALUE is CASE`, read from its `is` (at `offset`): whether an enum's value is that case (with
  /// any values, for a case that carries some: `mode.playing != nil`).
  mutating func caseTest(_ value: Typed, at offset: Int) -> Typed? {
    _ = tokens.next()
    _ = tokens.take(".")
    let nameToken = tokens.next()
    guard case .identifier(let name) = nameToken.kind else {
      return fail(.expectedToken(.caseNameAfterDot, found: nameToken.described), nameToken.offset)
    }
    guard case .enumeration(let enumName) = value.1.unwrapped, value.1 != Self.pendingEnum else {
      return fail(.caseTestOnNonEnum(SpecMutator.describe(value.0), type: value.1.swiftName), offset)
    }
    let cases = enumCases[enumName] ?? []
    guard cases.contains(name) else {
      return fail(.unknownCase(name, type: enumName, suggestion: closestMatch(to: name, in: cases)), nameToken.offset)
    }
    guard caseValues(enumName, name) != nil else {
      return (.compare(value.0, .equal, .literal(.enumCase(name), value.1.unwrapped)), .scalar(.bool))
    }
    // The case's values, nil in another case: `mode.playing != nil` (`mode?.playing` for an
    // optional enum not already read through `?.`).
    let valuesType = SpecType.optional(.model(enumName + "." + EnumType.valuesTypeName(name)))
    let read: Predicate
    if Self.isChained(value.0) {
      // Read through `?.` (`rows[id]?.mode`), whether the field itself is optional or not: the
      // chain in parentheses is one optional value (`(rows[id]?.mode)?.playing`).
      read = .member(value.0, [.unwrapped, .field(name)], valuesType)
    } else {
      let steps: [Predicate.PathStep] = (value.1.isOptional ? [.unwrapped] : []) + [.field(name)]
      switch value.0 {
      case .path(let base, _): read = .path(base + steps, valuesType)
      case .member(let base, let baseSteps, _): read = .member(base, baseSteps + steps, valuesType)
      default: read = .member(value.0, steps, valuesType)
      }
    }
    return (.compare(read, .notEqual, .literal(.null, valuesType)), .scalar(.bool))
  }

  /// The values case `caseName` of enum `enumName` carries, in their order; nil for a case that
  /// carries none.
  func caseValues(_ enumName: String, _ caseName: String) -> [Field]? {
    let typeName = enumName + "." + EnumType.valuesTypeName(caseName)
    return models.first { $0.name == typeName }?.fields
  }

  /// `CASE(LABEL: VALUE, ...)`, read from its `(`: a case of `enumType` made with all its values,
  /// in their order, each of its type.
  mutating func madeCase(_ name: String, of enumType: SpecType, values: [Field], at offset: Int) -> Typed? {
    guard case .enumeration(let enumName) = enumType else { return nil }
    let labels = values.map(\.name)
    let mismatch = SpecProblem.caseValuesMismatch(name, enumName: enumName, labels: labels)
    guard tokens.take("(") else { return fail(mismatch, offset) }
    var arguments: [Predicate] = []
    for (index, field) in values.enumerated() {
      if index > 0, !tokens.take(",") { return fail(mismatch, tokens.peek.offset) }
      let labelToken = tokens.next()
      guard labelToken.kind == .identifier(field.name), tokens.take(":") else { return fail(mismatch, labelToken.offset) }
      let valueOffset = tokens.peek.offset
      guard var argument = coalescing(expected: field.type) else { return nil }
      if case .literal(.null, _) = argument.0, field.type.isOptional {
        argument = (.literal(.null, field.type), field.type)
      } else if case .literal(let value, _) = argument.0, let retyped = retype(value, as: field.type) {
        argument = (.literal(retyped, field.type.unwrapped), field.type.unwrapped)
      }
      guard argument.1 == field.type || argument.1 == field.type.unwrapped else {
        return fail(
          .typeMismatch(
            expected: field.type.swiftName, found: argument.1.swiftName, what: .quoted(SpecMutator.describe(argument.0))),
          valueOffset)
      }
      arguments.append(argument.0)
    }
    guard tokens.take(")") else { return fail(mismatch, tokens.peek.offset) }
    return (.makeCase(name, labels: labels, arguments, enumType), enumType)
  }

  func isNil(_ typed: Typed) -> Bool {
    if case .literal(.null, _) = typed.0 { return true }
    return false
  }

  mutating func checkComparison(_ left: Typed, _ right: Typed, _ op: Predicate.ComparisonOperator, offset: Int) -> Bool {
    let (lhs, rhs) = (left.1, right.1)
    if op == .equal || op == .notEqual {
      // The `nil` literal is told by what it is, not by its type: a real `Bool?` has the same.
      if isNil(left) && isNil(right) {
        _ = fail(.cannotCompare("nil", "nil", op: op.rawValue), offset)
        return false
      }
      if isNil(left) || isNil(right) {
        let other = isNil(left) ? rhs : lhs
        guard other.isOptional else {
          _ = fail(.nilAgainstNonOptional(other.swiftName), offset)
          return false
        }
        return true
      }
      if lhs == rhs || lhs.unwrapped == rhs || lhs == rhs.unwrapped { return true }
    } else if lhs == rhs, lhs.isOrdered {
      return true
    }
    _ = fail(.cannotCompare(lhs.swiftName, rhs.swiftName, op: op.rawValue), offset)
    return false
  }

  /// `VALUE ?? FALLBACK`: an optional value, or the fallback (of the type it wraps, or optional
  /// too) where it is nil; looser than arithmetic, tighter than a comparison, grouped to the right.
  mutating func coalescing(expected: SpecType?) -> Typed? {
    guard let lhs = sum(expected: expected) else { return nil }
    guard tokens.peek.kind == .symbol("??") else { return lhs }
    let offset = tokens.next().offset
    guard var rhs = coalescing(expected: lhs.1.unwrapped) else { return nil }
    if case .literal(let value, _) = rhs.0, let retyped = retype(value, as: lhs.1.unwrapped) {
      rhs = (.literal(retyped, lhs.1.unwrapped), lhs.1.unwrapped)
    }
    guard lhs.1.isOptional, !isNil(lhs), !isNil(rhs), rhs.1 == lhs.1.unwrapped || rhs.1 == lhs.1 else {
      return fail(.cannotCompute(described(lhs), op: "??", described(rhs)), offset)
    }
    return (.call(.coalesce, [lhs.0, rhs.0], rhs.1), rhs.1)
  }

  /// `A + B - C`: arithmetic on numbers, or `+` joining text; tighter than a comparison.
  mutating func sum(expected: SpecType?) -> Typed? {
    chain(expected: expected, operators: [.plus, .minus]) { parser, expected in parser.product(expected: expected) }
  }

  /// `A * B / C % D`, tighter than a sum.
  mutating func product(expected: SpecType?) -> Typed? {
    chain(expected: expected, operators: [.times, .divide, .remainder]) { parser, expected in
      parser.operand(expected: expected)
    }
  }

  mutating func chain(
    expected: SpecType?, operators: [ArithmeticOperator], next: (inout PredicateParser, SpecType?) -> Typed?
  ) -> Typed? {
    guard var lhs = next(&self, expected) else { return nil }
    while let op = operators.first(where: { tokens.peek.kind == .symbol($0.rawValue) }) {
      let opOffset = tokens.next().offset
      guard let rhs = next(&self, lhs.1 == Self.pendingEnum ? nil : lhs.1) else { return nil }
      guard let combined = combine(lhs, op, rhs) else {
        return fail(.cannotCompute(described(lhs), op: op.rawValue, described(rhs)), opOffset)
      }
      lhs = combined
    }
    return lhs
  }

  /// `lhs op rhs` typed as arithmetic types it (a literal takes the other side's type, an
  /// integer and a `Double` give a `Double`), or text joined by `+`; nil for other operands.
  func combine(_ lhs: Typed, _ op: ArithmeticOperator, _ rhs: Typed) -> Typed? {
    var (left, right) = (lhs, rhs)
    if case .literal(let value, _) = left.0, let retyped = retype(value, as: right.1), !right.1.isOptional {
      left = (.literal(retyped, right.1), right.1)
    }
    if case .literal(let value, _) = right.0, let retyped = retype(value, as: left.1), !left.1.isOptional {
      right = (.literal(retyped, left.1), left.1)
    }
    if op == .plus, left.1 == .scalar(.string), right.1 == .scalar(.string) {
      return (.arithmetic(left.0, op, right.0, .scalar(.string)), .scalar(.string))
    }
    guard let type = op.resultType(left.1, right.1) else { return nil }
    return (.arithmetic(left.0, op, right.0, type), type)
  }

  /// An operand as a message shows it: its text and type.
  func described(_ typed: Typed) -> String {
    "'\(SpecMutator.describe(typed.0))' (\(typed.1.swiftName))"
  }

  /// `min(A, B)`, `max(A, B)`, read from its `(`: two values of one ordered type (an integer
  /// and a `Double` give a `Double`).
  mutating func extremum(_ which: Predicate.Extremum, expected: SpecType?, at offset: Int) -> Typed? {
    guard tokens.take("(") else {
      return fail(.expectedToken(.openingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    guard var lhs = coalescing(expected: expected) else { return nil }
    guard tokens.take(",") else {
      return fail(.expectedToken(.comma, found: tokens.peek.described), tokens.peek.offset)
    }
    guard var rhs = coalescing(expected: lhs.1) else { return nil }
    guard tokens.take(")") else {
      return fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    if case .literal(let value, _) = lhs.0, let retyped = retype(value, as: rhs.1) {
      lhs = (.literal(retyped, rhs.1.unwrapped), rhs.1.unwrapped)
    }
    if case .literal(let value, _) = rhs.0, let retyped = retype(value, as: lhs.1) {
      rhs = (.literal(retyped, lhs.1.unwrapped), lhs.1.unwrapped)
    }
    let type: SpecType
    if let numeric = ArithmeticOperator.resultType(lhs.1, rhs.1) {
      type = numeric
    } else if lhs.1 == rhs.1, lhs.1.isOrdered, !lhs.1.isOptional {
      type = lhs.1
    } else {
      return fail(.cannotCompute(described(lhs), op: which.rawValue, described(rhs)), offset)
    }
    return (.extremum(which, lhs.0, rhs.0, type), type)
  }

  /// What a path read through `?.` makes of a test at its end: optional (`note?.isEmpty` is a
  /// `Bool?`), as Swift's optional chaining makes it.
  func chainedResult(_ typed: Typed, _ chained: Bool) -> Typed {
    chained && !typed.1.isOptional ? (typed.0, .optional(typed.1)) : typed
  }

  /// `abs(N)`, read from its `(`: the magnitude of a number, of its type.
  mutating func absolute(expected: SpecType?, at offset: Int) -> Typed? {
    guard tokens.take("(") else {
      return fail(.expectedToken(.openingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    guard let inner = coalescing(expected: expected) else { return nil }
    guard tokens.take(")") else {
      return fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    guard ArithmeticOperator.isArithmetic(inner.1) else {
      return fail(.cannotApply("abs", to: described(inner), takes: "a number"), offset)
    }
    return (.call(.abs, [inner.0], inner.1), inner.1)
  }

  /// `TEXT.hasPrefix(T)`, `TEXT.hasSuffix(T)` or `TEXT.contains(T)`, read from its `(`: whether
  /// the text starts with, ends with or holds the other.
  mutating func textTest(_ text: Typed, method: String, at offset: Int) -> Typed? {
    guard tokens.take("(") else {
      return fail(.expectedToken(.openingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    let valueOffset = tokens.peek.offset
    guard let value = coalescing(expected: .scalar(.string)) else { return nil }
    guard tokens.take(")") else {
      return fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    guard value.1 == .scalar(.string) else {
      return fail(.cannotApply(method, to: described(value), takes: "text"), valueOffset)
    }
    switch method {
    case "hasPrefix": return (.call(.hasPrefix, [text.0, value.0], .scalar(.bool)), .scalar(.bool))
    case "hasSuffix": return (.call(.hasSuffix, [text.0, value.0], .scalar(.bool)), .scalar(.bool))
    default: return (.contains(text.0, value.0), .scalar(.bool))
    }
  }

  /// A literal written where `expected` is known becomes a value of that type.
  func retype(_ value: Value, as type: SpecType) -> Value? {
    switch (value, type.unwrapped) {
    case (.int, .scalar(let scalar)) where scalar.isNumeric: value
    case (.double, .scalar(let scalar)) where scalar.isNumeric && !scalar.isInteger: value
    case (.string, .scalar(.string)): value
    case (.enumCase(let name), .enumeration(let enumName)):
      enumCases[enumName]?.contains(name) == true ? value : nil
    default: nil
    }
  }

  /// The type of an enum case written before the value it is compared with.
  // Computed, not stored: a stored boxed enum in a global reads as a leak to LeakSanitizer.
  static var pendingEnum: SpecType { .enumeration("") }

  mutating func operand(expected: SpecType?) -> Typed? {
    let token = tokens.next()
    switch token.kind {
    case .symbol("("):
      guard let inner = or() else { return nil }
      guard tokens.take(")") else {
        return fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
      }
      // `(first + last).count`: a value in parentheses read on.
      guard tokens.peek.kind == .symbol(".") || tokens.peek.kind == .symbol("?.") else { return inner }
      return member(of: inner, text: "(\(SpecMutator.describe(inner.0)))")
    case .symbol("!"):
      // `done == !flag`: a negation as an operand, as Swift reads it.
      guard let operand = operand(expected: .scalar(.bool)) else { return nil }
      guard requireBool(operand, "!", token.offset) else { return nil }
      return (.not(operand.0), .scalar(.bool))
    case .identifier("true"), .identifier("false"):
      let value = token.kind == .identifier("true")
      return (.constant(value), .scalar(.bool))
    case .identifier("nil"):
      return (.literal(.null, .optional(.scalar(.bool))), .optional(.scalar(.bool)))
    case .number(let text):
      return number(text, expected: expected)
    case .symbol("-") where tokens.peek.kind == .number(tokens.peek.text):
      // A negative number: `count > -1`, `tags.contains(-3)`.
      return number("-" + tokens.next().text, expected: expected)
    case .string(let text):
      return (.literal(.string(text), .scalar(.string)), .scalar(.string))
    case .symbol("[") where tokens.peek.kind == .symbol("]"):
      // `[]`: an empty list, where a list is expected (a case's value).
      _ = tokens.next()
      guard let expected, case .array = expected.unwrapped else {
        return fail(.unexpectedText("[]"), token.offset)
      }
      return (.literal(.array([]), expected.unwrapped), expected.unwrapped)
    case .symbol("."):
      let nameToken = tokens.next()
      guard case .identifier(let name) = nameToken.kind else {
        return fail(.expectedToken(.caseNameAfterDot, found: nameToken.described), nameToken.offset)
      }
      guard let expected else {
        // On the left of a comparison: the right says which enum.
        return (.literal(.enumCase(name), Self.pendingEnum), Self.pendingEnum)
      }
      guard case .enumeration(let enumName) = expected.unwrapped else {
        return fail(.unexpectedText(".\(name)"), token.offset)
      }
      let cases = enumCases[enumName] ?? []
      guard cases.contains(name) else {
        let suggestion = closestMatch(to: name, in: cases)
        return fail(.unknownCase(name, type: enumName, suggestion: suggestion), nameToken.offset)
      }
      if let values = caseValues(enumName, name) {
        guard tokens.peek.kind == .symbol("(") else {
          return fail(.caseNeedsValues(name, enumName: enumName, labels: values.map(\.name)), nameToken.offset)
        }
        return madeCase(name, of: expected.unwrapped, values: values, at: nameToken.offset)
      }
      return (.literal(.enumCase(name), expected.unwrapped), expected.unwrapped)
    case .identifier(let name)
    where (name == "min" || name == "max") && tokens.peek.kind == .symbol("(")
      && !element.fields.contains(where: { $0.name == name }):
      return extremum(name == "min" ? .min : .max, expected: expected, at: token.offset)
    case .identifier("abs") where tokens.peek.kind == .symbol("(") && !element.fields.contains(where: { $0.name == "abs" }):
      return absolute(expected: expected, at: token.offset)
    case .identifier(let name):
      // A case written bare where an enum is expected (`status == denied`), unless a field
      // has its name.
      if let expected, case .enumeration(let enumName) = expected.unwrapped, enumCases[enumName]?.contains(name) == true,
        !element.fields.contains(where: { $0.name == name }), tokens.peek.kind != .symbol(".")
      {
        if let values = caseValues(enumName, name) {
          guard tokens.peek.kind == .symbol("(") else {
            return fail(.caseNeedsValues(name, enumName: enumName, labels: values.map(\.name)), token.offset)
          }
          return madeCase(name, of: expected.unwrapped, values: values, at: token.offset)
        }
        return (.literal(.enumCase(name), expected.unwrapped), expected.unwrapped)
      }
      return path(startingWith: name, at: token.offset)
    default:
      return fail(.expectedToken(.predicateOperand, found: token.described), token.offset)
    }
  }

  /// A number literal, of the expected type where it is one.
  func number(_ text: String, expected: SpecType?) -> Typed {
    let value: Value = Int(text).map { .int($0) } ?? .double(Double(text) ?? 0)
    let natural: SpecType = Int(text) != nil ? .scalar(.int) : .scalar(.double)
    if let expected, let retyped = retype(value, as: expected) {
      return (.literal(retyped, expected.unwrapped), expected.unwrapped)
    }
    return (.literal(value, natural), natural)
  }
}
