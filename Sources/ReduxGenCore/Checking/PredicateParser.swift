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

  private mutating func fail(_ problem: SpecProblem, _ offset: Int) -> Typed? {
    if failure == nil { failure = (problem, offset) }
    return nil
  }

  private mutating func or() -> Typed? {
    guard var lhs = and() else { return nil }
    while tokens.peek.kind == .symbol("||") {
      let offset = tokens.next().offset
      guard let rhs = and() else { return nil }
      guard requireBool(lhs, "||", offset), requireBool(rhs, "||", offset) else { return nil }
      lhs = (.or(lhs.0, rhs.0), .scalar(.bool))
    }
    return lhs
  }

  private mutating func and() -> Typed? {
    guard var lhs = not() else { return nil }
    while tokens.peek.kind == .symbol("&&") {
      let offset = tokens.next().offset
      guard let rhs = not() else { return nil }
      guard requireBool(lhs, "&&", offset), requireBool(rhs, "&&", offset) else { return nil }
      lhs = (.and(lhs.0, rhs.0), .scalar(.bool))
    }
    return lhs
  }

  private mutating func requireBool(_ operand: Typed, _ op: String, _ offset: Int) -> Bool {
    guard operand.1 == .scalar(.bool) else {
      _ = fail(.typeMismatch(expected: "Bool", found: operand.1.swiftName, what: .operand(of: op)), offset)
      return false
    }
    return true
  }

  private mutating func not() -> Typed? {
    if tokens.peek.kind == .symbol("!") {
      let offset = tokens.next().offset
      guard let operand = not() else { return nil }
      guard requireBool(operand, "!", offset) else { return nil }
      return (.not(operand.0), .scalar(.bool))
    }
    return comparison()
  }

  private mutating func comparison() -> Typed? {
    let lhsOffset = tokens.peek.offset
    guard let lhs = coalescing(expected: nil) else { return nil }
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

  private func isNil(_ typed: Typed) -> Bool {
    if case .literal(.null, _) = typed.0 { return true }
    return false
  }

  private mutating func checkComparison(_ left: Typed, _ right: Typed, _ op: Predicate.ComparisonOperator, offset: Int) -> Bool {
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
  private mutating func coalescing(expected: SpecType?) -> Typed? {
    guard let lhs = sum(expected: expected) else { return nil }
    guard tokens.peek.kind == .symbol("??") else { return lhs }
    let offset = tokens.next().offset
    guard var rhs = coalescing(expected: lhs.1.unwrapped) else { return nil }
    if case .literal(let value, _) = rhs.0, let retyped = retype(value, as: lhs.1.unwrapped) {
      rhs = (.literal(retyped, lhs.1.unwrapped), lhs.1.unwrapped)
    }
    // A lookup's value type isn't kept: it is not a value to fall back from.
    var isLookup = false
    if case .lookup = lhs.0 { isLookup = true }
    guard lhs.1.isOptional, !isLookup, !isNil(lhs), !isNil(rhs), rhs.1 == lhs.1.unwrapped || rhs.1 == lhs.1 else {
      return fail(.cannotCompute(described(lhs), op: "??", described(rhs)), offset)
    }
    return (.call(.coalesce, [lhs.0, rhs.0], rhs.1), rhs.1)
  }

  /// `A + B - C`: arithmetic on numbers, or `+` joining text; tighter than a comparison.
  private mutating func sum(expected: SpecType?) -> Typed? {
    chain(expected: expected, operators: [.plus, .minus]) { parser, expected in parser.product(expected: expected) }
  }

  /// `A * B / C % D`, tighter than a sum.
  private mutating func product(expected: SpecType?) -> Typed? {
    chain(expected: expected, operators: [.times, .divide, .remainder]) { parser, expected in
      parser.operand(expected: expected)
    }
  }

  private mutating func chain(
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
  private func combine(_ lhs: Typed, _ op: ArithmeticOperator, _ rhs: Typed) -> Typed? {
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
  private func described(_ typed: Typed) -> String {
    "'\(SpecMutator.describe(typed.0))' (\(typed.1.swiftName))"
  }

  /// `min(A, B)`, `max(A, B)`, read from its `(`: two values of one ordered type (an integer
  /// and a `Double` give a `Double`).
  private mutating func extremum(_ which: Predicate.Extremum, expected: SpecType?, at offset: Int) -> Typed? {
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
  private func chainedResult(_ typed: Typed, _ chained: Bool) -> Typed {
    chained && !typed.1.isOptional ? (typed.0, .optional(typed.1)) : typed
  }

  /// `abs(N)`, read from its `(`: the magnitude of a number, of its type.
  private mutating func absolute(expected: SpecType?, at offset: Int) -> Typed? {
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
  private mutating func textTest(_ text: Typed, method: String, at offset: Int) -> Typed? {
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
  private func retype(_ value: Value, as type: SpecType) -> Value? {
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

  private mutating func operand(expected: SpecType?) -> Typed? {
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
        return (.literal(.enumCase(name), expected.unwrapped), expected.unwrapped)
      }
      return path(startingWith: name, at: token.offset)
    default:
      return fail(.expectedToken(.predicateOperand, found: token.described), token.offset)
    }
  }

  /// A number literal, of the expected type where it is one.
  private func number(_ text: String, expected: SpecType?) -> Typed {
    let value: Value = Int(text).map { .int($0) } ?? .double(Double(text) ?? 0)
    let natural: SpecType = Int(text) != nil ? .scalar(.int) : .scalar(.double)
    if let expected, let retyped = retype(value, as: expected) {
      return (.literal(retyped, expected.unwrapped), expected.unwrapped)
    }
    return (.literal(value, natural), natural)
  }

  private mutating func path(startingWith first: String, at offset: Int) -> Typed? {
    var fields = element.fields
    var context: Subject = rootContext ?? .named(.model, element.name)
    var name = first
    var nameOffset = offset
    // `element.NAME`, `payload.NAME`: the scope named; a bare name two scopes give is refused.
    var readsPayload = false
    if let scope = elementScope, let qualifier = scope.qualifier(first), tokens.peek.kind == .symbol(".") {
      _ = tokens.next()
      let next = tokens.next()
      guard case .identifier(let nextName) = next.kind else {
        return fail(.expectedToken(.fieldNameAfterDot, found: next.described), next.offset)
      }
      switch qualifier {
      case .element:
        fields = scope.element.fields
        context = .named(.model, scope.element.name)
      case .payload:
        fields = scope.payload
        context = .payload(of: scope.action ?? "")
        readsPayload = true
      }
      (name, nameOffset) = (nextName, next.offset)
    } else if let problem = elementScope?.ambiguity(of: first) {
      return fail(problem, offset)
    }
    var walk = PathWalk(fields: fields, context: context)
    guard let end = walkSteps(&walk, from: name, at: nameOffset, making: { .path($0, $1) }) else { return nil }
    if let result = end.result { return result }
    var steps = walk.steps
    // A parameter the element's field of its name hides from a bare name.
    if readsPayload, case .field(let parameter)? = steps.first,
      elementScope?.element.fields.contains(where: { $0.name == parameter }) == true
    {
      steps[0] = .parameter(parameter)
    }
    return postfix((.path(steps, walk.type), walk.type), text: walk.text)
  }

  /// A path being read: its steps so far, the type they give, the fields a next name may be.
  private struct PathWalk {
    var steps: [Predicate.PathStep] = []
    var type = SpecType.scalar(.bool)
    var fields: [Field]
    var context: Subject
    /// Whether it went on through `?.`: its value is then optional.
    var chained = false
    /// What it reads on, as the spec writes it, where it is read on a value (`rows[...]`).
    var base: String?

    /// Whether a name next reads a value (a member of text or a list), not a scope.
    var hasValue: Bool { !steps.isEmpty || base != nil }

    /// The path as the spec writes it, for messages.
    var text: String {
      let own = Predicate.PathStep.text(of: steps)
      guard let base else { return own }
      return base + (steps.first == .unwrapped || own.isEmpty ? "" : ".") + own
    }
  }

  /// How reading a path's steps ended: at its last name (the walk holds it), or with the value
  /// of a test its last name called (`title.hasPrefix("A")`).
  private struct WalkEnd {
    var result: Typed?
  }

  /// Reads `walk`'s steps from the name `first` on, each name and `.` or `?.` after it; `make`
  /// makes the value a test is called on from the steps so far. Nil with `failure`.
  private mutating func walkSteps(
    _ walk: inout PathWalk, from first: String, at offset: Int, making make: ([Predicate.PathStep], SpecType) -> Predicate
  ) -> WalkEnd? {
    var (name, nameOffset) = (first, offset)
    while true {
      let type = walk.type
      if let field = walk.fields.first(where: { $0.name == name }) {
        walk.steps.append(.field(name))
        walk.type = field.type
      } else if walk.hasValue, name == "count" || name == "isEmpty", isCountable(type) {
        walk.steps.append(name == "count" ? .count : .isEmpty)
        walk.type = name == "count" ? .scalar(.int) : .scalar(.bool)
      } else if walk.hasValue, name == "trimmed", type == .scalar(.string) {
        walk.steps.append(.trimmed)
      } else if walk.hasValue, name == "lowercased" || name == "uppercased", type == .scalar(.string) {
        walk.steps.append(name == "lowercased" ? .lowercased : .uppercased)
      } else if walk.hasValue, ["contains", "hasPrefix", "hasSuffix"].contains(name), type == .scalar(.string) {
        let chained = walk.chained
        guard let result = textTest((make(walk.steps, type), type), method: name, at: nameOffset) else { return nil }
        return WalkEnd(result: chainedResult(result, chained))
      } else if walk.hasValue, name == "first" || name == "last", case .array(let elementType) = type,
        !elementType.isOptional
      {
        walk.steps.append(name == "first" ? .first : .last)
        walk.type = .optional(elementType)
      } else if walk.hasValue, ["sum", "min", "max"].contains(name), case .array(let elementType) = type {
        guard let step = aggregate(name, of: elementType, on: walk.text, at: nameOffset) else { return nil }
        walk.steps.append(step.step)
        walk.type = step.type
      } else if walk.hasValue, name == "rounded", type == .scalar(.double) {
        walk.steps.append(.rounded)
      } else if walk.hasValue, name == "first" || name == "last", type == .indexSet {
        // An index set's smallest or largest offset (`offsets.first`).
        walk.steps.append(name == "first" ? .first : .last)
        walk.type = .optional(.scalar(.int))
      } else if walk.hasValue, name == "contains", case .array(let elementType) = type {
        let chained = walk.chained
        guard let result = membership(in: (make(walk.steps, type), type), of: elementType, at: nameOffset) else {
          return nil
        }
        return WalkEnd(result: chainedResult(result, chained))
      } else if walk.hasValue, name == "contains", isCountable(type) {
        _ = fail(.membershipInCondition(walk.text, type: type.swiftName), nameOffset)
        return nil
      } else if walk.hasValue, case .optional(let wrapped) = type, case .model = wrapped {
        _ = fail(.readThroughOptional(name, path: walk.text, type: type.swiftName), nameOffset)
        return nil
      } else if walk.hasValue, walk.fields.isEmpty {
        _ = fail(.notAField(name, type: type.swiftName), nameOffset)
        return nil
      } else {
        let suggestion = closestMatch(to: name, in: walk.fields.map(\.name))
        _ = fail(.unknownField(name, context: walk.context, suggestion: suggestion), nameOffset)
        return nil
      }
      // `?.`: on through an optional, the rest of the path optional.
      if tokens.peek.kind == .symbol("?.") {
        guard case .optional(let wrapped) = walk.type else {
          _ = fail(.notOptionalChained(walk.text, type: walk.type.swiftName), tokens.peek.offset)
          return nil
        }
        _ = tokens.next()
        walk.steps.append(.unwrapped)
        walk.type = wrapped
        walk.chained = true
      } else if !tokens.take(".") {
        break
      }
      guard let next = nextName(after: &walk) else { return nil }
      (name, nameOffset) = next
    }
    // Read through `?.`: optional, as Swift's optional chaining makes it.
    if walk.chained, !walk.type.isOptional { walk.type = .optional(walk.type) }
    return WalkEnd(result: nil)
  }

  /// The name after a `.` or `?.` of `walk`, whose fields become those of the model it reads.
  private mutating func nextName(after walk: inout PathWalk) -> (String, Int)? {
    let next = tokens.next()
    guard case .identifier(let nextName) = next.kind else {
      _ = fail(.expectedToken(.fieldNameAfterDot, found: next.described), next.offset)
      return nil
    }
    if case .model(let modelName) = walk.type, let model = models.first(where: { $0.name == modelName }) {
      walk.fields = model.fields
      walk.context = modelName == stateModel ? .theState : .named(.model, modelName)
    } else {
      walk.fields = []
    }
    return (nextName, next.offset)
  }

  /// What follows a value: `[KEY]` (a lookup or an offset) and, after a `]` or a `)`, the steps
  /// of a path read on it (`rows[id]?.title`, `(first + last).count`).
  private mutating func postfix(_ value: Typed, text: String) -> Typed? {
    var (current, text) = (value, text)
    while true {
      if tokens.peek.kind == .symbol("[") {
        guard let next = subscripted(current, path: text) else { return nil }
        (current, text) = (next, text + "[...]")
        continue
      }
      guard case .path = current.0 else {
        guard tokens.peek.kind == .symbol("?.") || tokens.peek.kind == .symbol(".") else { return current }
        return member(of: current, text: text)
      }
      return current
    }
  }

  /// The steps of a path read on `base`'s value, from the `.` or `?.` after it.
  private mutating func member(of base: Typed, text: String) -> Typed? {
    var walk = PathWalk(fields: [], context: .named(.model, element.name), base: text)
    walk.type = base.1
    if tokens.peek.kind == .symbol("?.") {
      guard case .optional(let wrapped) = base.1 else {
        return fail(.notOptionalChained(text, type: base.1.swiftName), tokens.peek.offset)
      }
      _ = tokens.next()
      walk.steps.append(.unwrapped)
      walk.type = wrapped
      walk.chained = true
    } else {
      guard case .identifier(let next) = tokens.peekSecond.kind else {
        return fail(.expectedToken(.fieldNameAfterDot, found: tokens.peekSecond.described), tokens.peekSecond.offset)
      }
      if base.1.isOptional {
        return fail(.readThroughOptional(next, path: text, type: base.1.swiftName), tokens.peekSecond.offset)
      }
      _ = tokens.next()
    }
    guard let (name, offset) = nextName(after: &walk) else { return nil }
    guard let end = walkSteps(&walk, from: name, at: offset, making: { .member(base.0, $0, $1) }) else { return nil }
    if let result = end.result { return result }
    return postfix((.member(base.0, walk.steps, walk.type), walk.type), text: walk.text)
  }

  /// `LIST.sum`, `LIST.min`, `LIST.max` over a list of numbers (or, for `min` and `max`, of
  /// ordered values), or with `(FIELD.FIELD...)` over a field of its models: the step, and
  /// its type (a sum of the values' type, a `min` or `max` optional).
  private mutating func aggregate(_ name: String, of elementType: SpecType, on path: String, at offset: Int)
    -> (step: Predicate.PathStep, type: SpecType)?
  {
    var fields: [String] = []
    var valueType = elementType
    if tokens.take("(") {
      repeat {
        let token = tokens.next()
        guard case .identifier(let fieldName) = token.kind else {
          _ = fail(.expectedToken(.fieldNameAfterDot, found: token.described), token.offset)
          return nil
        }
        guard case .model(let modelName) = valueType, let model = models.first(where: { $0.name == modelName }) else {
          _ = fail(.notAField(fieldName, type: valueType.swiftName), token.offset)
          return nil
        }
        guard let field = model.fields.first(where: { $0.name == fieldName }) else {
          let suggestion = closestMatch(to: fieldName, in: model.fields.map(\.name))
          _ = fail(.unknownField(fieldName, context: .named(.model, modelName), suggestion: suggestion), token.offset)
          return nil
        }
        fields.append(fieldName)
        valueType = field.type
      } while tokens.take(".")
      guard tokens.take(")") else {
        _ = fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
        return nil
      }
    }
    let described = "'\(path)' (\(SpecType.array(elementType).swiftName))"
    if name == "sum" {
      guard ArithmeticOperator.isArithmetic(valueType) else {
        _ = fail(.cannotApply("sum", to: described, takes: fields.isEmpty ? "a list of numbers" : "a number field"), offset)
        return nil
      }
      return (.sum(fields), valueType)
    }
    guard valueType.isOrdered, !valueType.isOptional else {
      _ = fail(.cannotApply(name, to: described, takes: fields.isEmpty ? "a list of ordered values" : "an ordered field"), offset)
      return nil
    }
    return (name == "min" ? .minimum(fields) : .maximum(fields), .optional(valueType))
  }

  /// `LIST.contains(VALUE)`, read from its `(`: the value must be of the element's type.
  private mutating func membership(in list: Typed, of elementType: SpecType, at offset: Int) -> Typed? {
    guard tokens.take("(") else {
      return fail(.expectedToken(.openingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    let valueOffset = tokens.peek.offset
    guard let value = operand(expected: elementType) else { return nil }
    guard value.1 == elementType else {
      return fail(.typeMismatch(expected: elementType.swiftName, found: value.1.swiftName, what: .operand(of: "contains")), valueOffset)
    }
    guard tokens.take(")") else {
      return fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    return (.contains(list.0, value.0), .scalar(.bool))
  }

  /// `COLLECTION[KEY]`, read from its `[`: a dictionary by a key of its key type, a list of
  /// models by an id, any list (optional too) by an offset (`Int`, where the ids aren't); optional.
  private mutating func subscripted(_ collection: Typed, path: String) -> Typed? {
    let bracketOffset = tokens.next().offset
    let models = self.models
    let shape = LookupShape(collection.1, idField: { name in models.first { $0.name == name }?.idField })
    var listElement: SpecType?
    if case .array(let element) = collection.1.unwrapped { listElement = element }
    guard shape != nil || listElement != nil else {
      return fail(.lookupInCondition(path, type: collection.1.swiftName), bracketOffset)
    }
    let keyOffset = tokens.peek.offset
    let keyType = shape?.key ?? .scalar(.int)
    guard let key = coalescing(expected: keyType) else { return nil }
    guard tokens.take("]") else {
      return fail(.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    }
    if let shape, key.1 == shape.key {
      return (.lookup(collection.0, key: key.0, byID: shape.byID), .optional(shape.value))
    }
    guard let listElement, key.1 == .scalar(.int) else {
      return fail(.typeMismatch(expected: keyType.swiftName, found: key.1.swiftName, what: .lookupKey(of: path)), keyOffset)
    }
    let index = Predicate.index(collection.0, at: key.0, element: listElement)
    return (index, index.type)
  }

  private func isCountable(_ type: SpecType) -> Bool {
    switch type {
    case .scalar(.string), .array, .dictionary, .indexSet: true
    default: false
    }
  }
}

extension SpecProblem {
  /// A `where`'s problem: an unknown first name that is `outside` what it reads (a derived
  /// value, a filter result) says what a `where` reads.
  func readingOnly(_ element: Model, outside: (String) -> Subject?) -> SpecProblem {
    guard case .unknownField(let name, .named(.model, element.name), _) = self, let what = outside(name) else {
      return self
    }
    return .whereReadsOnlyElement(name, element: element.name, what: what)
  }

  /// A condition's problem over an element with a field `state`: an unknown name that is a
  /// state field says that field hides the state.
  func stateHidden(by element: Model, stateFields: [Field]) -> SpecProblem {
    guard case .unknownField(let name, _, _) = self, element.fields.contains(where: { $0.name == "state" }),
      stateFields.contains(where: { $0.name == name })
    else { return self }
    return .stateHiddenByField(name, element: element.name)
  }
}

/// What a condition over a list's elements reads besides a merged scope: the element's own
/// fields (`element.NAME`), the action's parameters (`payload.NAME`), and the state's names, so a
/// bare name both the element's field and a parameter or state field is refused, never chosen.
struct ElementScope {
  enum Qualifier {
    case element
    case payload
  }

  /// The element's model.
  var element: Model
  /// The action's parameters (none in a filter case or a derived value).
  var payload: [Field] = []
  /// The action, in an operation's `where`.
  var action: String?
  /// The state's fields and derived values a bare name reads (none where a name `state` of the
  /// element or the payload hides the state).
  var stateNames: Set<String> = []

  /// The scope `word` names: `element`, or `payload` in an action, unless the element or the
  /// payload has a field of that name.
  func qualifier(_ word: String) -> Qualifier? {
    guard !element.fields.contains(where: { $0.name == word }), !payload.contains(where: { $0.name == word }) else {
      return nil
    }
    if word == "element" { return .element }
    if word == "payload", action != nil { return .payload }
    return nil
  }

  /// The problem of a bare `name` that is the element's field and also a parameter or a state
  /// field.
  func ambiguity(of name: String) -> SpecProblem? {
    guard element.fields.contains(where: { $0.name == name }) else { return nil }
    let parameter = payload.contains { $0.name == name }
    let state = stateNames.contains(name)
    guard parameter || state else { return nil }
    return .nameOfTwoScopes(name, element: element.name, action: parameter ? action : nil, state: state)
  }
}
