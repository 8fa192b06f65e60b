// Reads an operation's value as the expression language does, where it may read the state.
extension ReduceParser {
  /// `= VALUE` to the end of the operation, where VALUE may read the state: a value the payload
  /// and literals make is read as `assignedValue` reads it (and generates as it did); one that
  /// reads the state, or an operation only the expression language has (text `+`, `min`, a
  /// list's `count`), is an expression of the action's scope (`makeValueScope`).
  mutating func assignedExpression(for path: StatePath, operation: String, at offset: Int) -> Operand? {
    let start = tokens
    let startFailure = failure
    let written = tokens.peek.kind == .symbol("=")
    // A bare name of the state's (`set name = title`): the field, never text or a case that
    // happens to be written so; a case of that name too is refused, so neither is chosen silently.
    if written, makeValueScope != nil, case .identifier(let word) = tokens.peekSecond.kind, isStateName(word),
      !action.payload.contains(where: { $0.name == word })
    {
      var after = tokens
      _ = after.next()
      _ = after.next()
      if after.isAtEnd {
        if case .enumeration(let enumName) = path.type.unwrapped, literals.enumCaseNames[enumName]?.contains(word) == true {
          return fail(.caseOrStateField(word, type: enumName), tokens.peekSecond.offset)
        }
        _ = tokens.next()
        return expression(expected: path.type)
      }
    }
    let simple = assignedValue(for: path, operation: operation, at: offset)
    if simple != nil && tokens.isAtEnd || !written || makeValueScope == nil { return simple }
    let after = (tokens, failure)
    tokens = start
    failure = startFailure
    _ = tokens.next()
    let read = expression(expected: path.type)
    if let read, tokens.isAtEnd { return read }
    // Neither reads it: the expression's problem where the simple reader stopped early (text
    // left after its value) or found the state read, which an expression may; the simple
    // reader's otherwise, which names what the payload lacks. A whole value with text after it:
    // that text is the expression's problem.
    let expressionFailure = read == nil ? failure : failure ?? (SpecProblem.unexpectedText(tokens.peek.text), tokens.peek.offset)
    (tokens, failure) = after
    var stateRead = false
    if case (.stateReadAsParameter, _)? = failure { stateRead = true }
    // A name the payload lacks (`abs`, `min` with a problem inside): the expression's problem
    // where it read further.
    if case (.unknownParameter, let offset)? = failure, (expressionFailure?.1 ?? 0) > offset { stateRead = true }
    // A case that carries values named alone: the expression's words show how to make it.
    if case (.caseNeedsValues, _)? = expressionFailure { stateRead = true }
    if let expressionFailure, failure == nil || stateRead {
      failure = expressionFailure
      return nil
    }
    return simple
  }

  /// A value `simple` reads (a payload parameter or a literal, generated as before) where it
  /// reads the rest of the operation; else an expression of the action's scope, which may read
  /// the state (`increment total by count * 2`), to the end. The problem shown where neither
  /// does: the expression's where it read further, or the simple reader found the state read.
  mutating func valueOrExpression(expected: SpecType, _ simple: (inout ReduceParser) -> Operand?) -> Operand? {
    let (start, startFailure) = (tokens, failure)
    let value = simple(&self)
    if value != nil && tokens.isAtEnd || makeValueScope == nil { return value }
    let after = (tokens, failure)
    (tokens, failure) = (start, startFailure)
    if let operand = expression(expected: expected), tokens.isAtEnd { return operand }
    // A whole value with text after it: that text is the expression's problem.
    let expressionFailure = failure ?? (SpecProblem.unexpectedText(tokens.peek.text), tokens.peek.offset)
    (tokens, failure) = after
    let simpleOffset = failure?.1 ?? tokens.peek.offset
    if failure == nil || expressionFailure.1 > simpleOffset || isStateRead(failure) {
      failure = expressionFailure
      return nil
    }
    return value
  }

  /// The value `set LIST[].FIELD = VALUE` gives every element: as `assignedValue` reads it or,
  /// for an enum's field, a case made with values of the payload and literals
  /// (`paused(at: 1.5, note: note)`), up to a `where`.
  mutating func eachElementValue(for path: StatePath, operation: String, at offset: Int) -> Operand? {
    let (start, startFailure) = (tokens, failure)
    if let simple = assignedValue(for: path, operation: operation, at: offset) { return simple }
    guard case .enumeration = path.type.unwrapped, makeValueScope != nil else { return nil }
    let after = (tokens, failure)
    (tokens, failure) = (start, startFailure)
    guard tokens.take("="), case .expression(let made)? = expression(expected: path.type), case .makeCase = made,
      !PredicateSearch.fields(readBy: made).contains("state"),
      tokens.isAtEnd || tokens.peek.kind == .identifier("where")
    else {
      (tokens, failure) = after
      return nil
    }
    return .expression(made)
  }

  /// Whether the problem is a state name read where the payload is.
  func isStateRead(_ failure: (SpecProblem, Int)?) -> Bool {
    if case (.stateReadAsParameter, _)? = failure { return true }
    return false
  }

  /// Whether `name` is the state's: a field, a derived value or a filter result.
  func isStateName(_ name: String) -> Bool {
    state[name] != nil || derivedNames.contains(name) || filters.contains { $0.result == name }
  }

  /// A value of the expression language over `makeValueScope`'s scope, of the expected type (an Int where a
  /// Double is expected is not converted: the message says so).
  mutating func expression(expected: SpecType) -> Operand? {
    guard let scope = makeValueScope?() else { return nil }
    let offset = tokens.peek.offset
    var parser = PredicateParser(
      tokens: tokens, element: scope.root, models: scope.models, enumCases: literals.enumCaseNames,
      rootContext: .conditionScope(of: action.name), stateModel: scope.stateModel)
    // An enum's cases by name, and `[]`, take the type the value goes to.
    switch expected.unwrapped {
    case .enumeration, .array: parser.expectedType = expected
    default: break
    }
    guard let (predicate, type) = parser.value() else {
      if let (problem, problemOffset) = parser.failure { return fail(problem, problemOffset) }
      return nil
    }
    tokens = parser.tokens
    guard fits(type, into: expected) else {
      return fail(
        .typeMismatch(
          expected: expected.swiftName, found: type.swiftName, what: .quoted(SpecMutator.describe(predicate))), offset)
    }
    return .expression(scope.qualified(predicate))
  }
}
