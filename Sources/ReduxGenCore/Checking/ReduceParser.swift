// Reads one reduce operation: its verb, its target path and its value.
struct ReduceParser {
  var tokens: TokenStream
  let action: Action
  /// The state's fields in order (for suggestions), and by name.
  let stateFields: [Field]
  let state: [String: Field]
  let models: [String: Model]
  /// The filters, whose results `remove LIST at OFFSETS in RESULT` reads.
  let filters: [Filter]
  let literals: LiteralReader
  /// The first problem found, with its offset (a reader that tries another reading restores it).
  var failure: (SpecProblem, Int)?
  /// The type of the list or dictionary the path's last `[...]` step entered.
  private(set) var containerType: SpecType?
  /// The derived values' names, which a `where` doesn't read.
  var derivedNames: Set<String> = []
  /// The navigation stacks, by field (`push path.detail`, `pop path`).
  var stacks: [String: StackFeature] = [:]
  /// The presented children, by field (`present editing with ...`).
  var presented: [String: ChildFeature] = [:]
  /// What a value that reads the state reads (`set total = count * price`): the payload, then
  /// the state's fields, derived values and filter results, as an `- if` condition reads them.
  /// Made only for a value that needs it: it holds every state field and model.
  var makeValueScope: (() -> ReadingScope)?

  /// `STACK`, the field of a navigation stack: the stack, its path, and where it starts.
  mutating func stackPath() -> (StackFeature, StatePath, Int)? {
    let token = tokens.next()
    guard case .identifier(let name) = token.kind else {
      return fail(.expectedToken(.stateField, found: token.described), token.offset)
    }
    guard let field = state[name] else {
      return fail(.unknownField(name, context: .theState, suggestion: closestMatch(to: name, in: stateFields.map(\.name))), token.offset)
    }
    guard let stack = stacks[name], field.type.isStack else {
      return fail(.notAStack(name, type: field.type.swiftName), token.offset)
    }
    return (stack, StatePath(steps: [.field(name)], type: field.type, defaultValue: field.defaultValue, text: name), token.offset)
  }

  init(
    tokens: TokenStream, action: Action, state: [Field], stateByName: [String: Field], models: [String: Model],
    filters: [Filter], literals: LiteralReader
  ) {
    self.tokens = tokens
    self.action = action
    stateFields = state
    self.state = stateByName
    self.models = models
    self.filters = filters
    self.literals = literals
  }

  /// A name an operation's value reads that the payload lacks: a state field of that name is
  /// said to be one (a value reads the payload and literals), unless a parameter is close to it.
  static func notInPayload(_ name: String, action: Action, state: [String: Field]) -> SpecProblem {
    let suggestion = closestMatch(to: name, in: action.payload.map(\.name))
    guard suggestion == nil, let field = state[name] else {
      return .unknownParameter(name, action: action.name, suggestion: suggestion)
    }
    return .stateReadAsParameter(name, action: action.name, numeric: ArithmeticOperator.isArithmetic(field.type))
  }

  /// Records the first problem; always nil, so a parse can `return fail(...)`.
  mutating func fail<T>(_ problem: SpecProblem, _ offset: Int) -> T? {
    if failure == nil { failure = (problem, offset) }
    return nil
  }

  mutating func parse() -> ReduceOperation? {
    let wordToken = tokens.next()
    guard case .identifier(let word) = wordToken.kind else {
      return fail(.expectedToken(.operation, found: wordToken.described), wordToken.offset)
    }
    guard let kind = ReduceOperation.kind(for: word, tokens) else {
      return fail(.unknownOperation(word, suggestion: ReduceOperation.suggestion(for: word)), wordToken.offset)
    }
    let pathOffset = tokens.peek.offset
    guard let operation = kind.parse(word, &self) else { return nil }
    guard tokens.isAtEnd else { return fail(.unexpectedText(tokens.peek.text), tokens.peek.offset) }
    if let path = operation.path, let list = path.listWhoseElementIDEnds {
      return fail(.elementIDChanged(list: list), pathOffset)
    }
    return ReduceOperation(operation)
  }

  /// The path an operation writes, and where it starts in the text.
  /// With `stopsAtValue`, a path stops before `[` after a list whose elements have no `id`
  /// (`tags` in `remove tags[tag]`), for the operation to read the value itself.
  mutating func targetPath(stopsAtValue: Bool = false) -> (StatePath, Int)? {
    let offset = tokens.peek.offset
    return statePath(stopsAtValue: stopsAtValue).map { ($0, offset) }
  }

  /// Whether elements of `type` are models with an `id`, found by it in `list[id]`.
  func hasIDField(_ type: SpecType) -> Bool {
    guard case .model(let name) = type else { return false }
    return models[name]?.idField != nil
  }

  /// `[VALUE]` after a list of plain values: a payload parameter or literal of the element type.
  mutating func bracketedValue(of element: SpecType) -> Operand? {
    guard tokens.take("[") else { return nil }
    return bracketed(expected: element)
  }

  /// The list before `[]` in a path through every element (`tasks` in `tasks[].done`), with the
  /// `[]` read; a list inside a dictionary entry is refused.
  mutating func everyElementList() -> (StatePath, Int)? {
    let offset = tokens.peek.offset
    guard let path = statePath(stopsAtEveryElement: true) else { return nil }
    let bracket = tokens.peek.offset
    guard tokens.startsEveryElement else {
      return fail(.expectedToken(.everyElement, found: tokens.peek.described), tokens.peek.offset)
    }
    _ = (tokens.next(), tokens.next())
    if path.steps.contains(where: { if case .key = $0 { true } else { false } }) {
      return fail(.wholeListInEntry(path.text), bracket)
    }
    return (path, offset)
  }

  /// An element of the list `path` ends at (not an element `list[id]` of it), as a path of
  /// the element's type for checking a value against; nil, with a problem, otherwise.
  mutating func elementOfList(_ path: StatePath, at offset: Int) -> StatePath? {
    guard let element = path.type.elementType, !path.endsInElement else {
      return fail(.notCollection(path.text, type: path.type.swiftName), offset)
    }
    return StatePath(steps: path.steps, type: element, defaultValue: nil, text: path.text)
  }

  /// `= VALUE` when written, else the payload parameter the operation implies.
  mutating func assignedValue(for path: StatePath, operation: String, at offset: Int) -> Operand? {
    assignedValue(for: path, operation: operation, at: offset, orList: false)?.operand
  }

  /// Like `assignedValue(for:operation:at:)`; with `orList`, a list of the path's type is taken
  /// too (`append ids = books[].id`, `upsert byId = products`), and `isList` says which it is.
  mutating func assignedValue(for path: StatePath, operation: String, at offset: Int, orList: Bool)
    -> (operand: Operand, isList: Bool)?
  {
    if tokens.take("=") {
      if !orList, ArithmeticOperator.isArithmetic(path.type.unwrapped), tokens.reachesArithmetic {
        return arithmeticOperand(expected: path.type).map { ($0, false) }
      }
      guard orList else { return operand(expected: path.type).map { ($0, false) } }
      // A parameter's type decides; a literal is one element.
      let start = tokens
      if let list = operand(expected: .array(path.type)), list.parameter != nil { return (list, true) }
      tokens = start
      failure = nil
      guard let single = operand(expected: path.type) else {
        // Either would do: the message says so.
        if case (.typeMismatch(let expected, let found, let what), let offset)? = failure {
          failure = (.typeMismatch(expected: "\(expected) or [\(expected)]", found: found, what: what), offset)
        }
        return nil
      }
      return (single, false)
    }
    let lastField = path.steps.reversed().compactMap { step -> String? in
      if case .field(let name) = step { return name }
      return nil
    }.first
    let parameter: Field
    if action.payload.count == 1 {
      parameter = action.payload[0]
    } else if let named = action.payload.first(where: { $0.name == lastField }) {
      parameter = named
    } else if action.payload.isEmpty {
      return fail(.needsValue(operation: operation, action: action.name), offset)
    } else {
      return fail(.ambiguousValue(operation: operation, action: action.name), offset)
    }
    if orList, parameter.type == .array(path.type) { return (.parameter(parameter.name, fields: []), true) }
    guard fits(parameter.type, into: path.type) else {
      return fail(
        .typeMismatch(expected: path.type.swiftName, found: parameter.type.swiftName, what: .parameter(parameter.name)),
        offset)
    }
    return (.parameter(parameter.name, fields: []), false)
  }

  func fits(_ type: SpecType, into target: SpecType) -> Bool {
    type == target || (target.isOptional && type == target.unwrapped)
  }

  /// A new element of `model` built from the payload: each parameter the field of its name,
  /// every field without a default given, an `Int` id left out the largest plus one. An
  /// `IndexSet` parameter is positions, never a field (`remove LIST at OFFSETS` beside it).
  mutating func builtElement(_ model: Model, at offset: Int) -> AppendOperation.BuiltElement? {
    for parameter in action.payload where parameter.type != .indexSet {
      guard let field = model.fields.first(where: { $0.name == parameter.name }), fits(parameter.type, into: field.type)
      else {
        return fail(.notElementField(parameter.name, action: action.name, model: model.name), offset)
      }
    }
    var given: [String] = []
    var nextID: Int?
    for field in model.fields {
      if action.payload.contains(where: { $0.name == field.name && $0.type != .indexSet }) {
        given.append(field.name)
      } else if field.name == "id", field.type == .scalar(.int) || field.type == .scalar(.int64) {
        nextID = given.count
      } else if field.name == "id" || field.defaultValue == nil {
        return fail(.elementFieldMissing(field.name, type: field.type.swiftName, model: model.name), offset)
      }
    }
    // An Int id's default is the first id of an empty list.
    var firstID: Value?
    if nextID != nil, let value = model.idField?.defaultValue, case .int = value { firstID = value }
    return AppendOperation.BuiltElement(model: model.name, fields: given, nextID: nextID, firstID: firstID)
  }

  /// `price * quantity`: arithmetic over payload values (parameters and their fields) and
  /// literals, of the expected type.
  mutating func arithmeticOperand(expected: SpecType) -> Operand? {
    let payload = action.payload
    let models = self.models
    let (action, state) = (self.action, self.state)
    let parser = ArithmeticParser<Operand>(
      leaf: { token, tokens in
        let name = token.text
        guard var type = payload.first(where: { $0.name == name })?.type else {
          return .failure(.init(Self.notInPayload(name, action: action, state: state), token.offset))
        }
        var fields: [String] = []
        while tokens.take(".") {
          let fieldToken = tokens.next()
          guard case .identifier(let fieldName) = fieldToken.kind else {
            return .failure(.init(.expectedToken(.fieldNameAfterDot, found: fieldToken.described), fieldToken.offset))
          }
          guard case .model(let modelName) = type, let model = models[modelName] else {
            return .failure(.init(.notAField(fieldName, type: type.swiftName), fieldToken.offset))
          }
          guard let field = model.fields.first(where: { $0.name == fieldName }) else {
            return .failure(.init(model.unknownField(fieldName), fieldToken.offset))
          }
          fields.append(fieldName)
          type = field.type
        }
        let operand = Operand.parameter(name, fields: fields)
        guard ArithmeticOperator.isArithmetic(type) else {
          return .failure(.init(.notArithmeticValue(operand.text, type: type.swiftName), token.offset))
        }
        return .success((operand, type))
      }, leafText: \.text)
    let start = tokens.peek.offset
    switch parser.parse(&tokens) {
    case .failure(let failure):
      return fail(failure.problem, failure.offset)
    case .success(let arithmetic):
      guard arithmetic.type == expected.unwrapped else {
        let text = Operand.arithmetic(arithmetic).text
        return fail(
          .typeMismatch(expected: expected.swiftName, found: arithmetic.type.swiftName, what: .quoted(text)), start)
      }
      return .arithmetic(arithmetic)
    }
  }

  /// A payload parameter (maybe with fields, of every element after `[]`) or a literal of the
  /// expected type.
  mutating func operand(expected: SpecType) -> Operand? {
    let token = tokens.next()
    switch token.kind {
    case .identifier(let name) where action.payload.contains { $0.name == name }:
      var type = action.payload.first { $0.name == name }!.type
      var fields: [String] = []
      // `books[].id`: the field of every element, a list in the payload list's order.
      let eachElement = tokens.startsEveryElement
      if eachElement {
        let bracket = tokens.next()
        _ = tokens.next()
        guard case .array(let element) = type else {
          return fail(.notCollection(name, type: type.swiftName), bracket.offset)
        }
        guard tokens.peek.kind == .symbol(".") else {
          return fail(.eachElementNeedsField(name), bracket.offset)
        }
        type = element
      }
      while tokens.take(".") {
        let fieldToken = tokens.next()
        guard case .identifier(let fieldName) = fieldToken.kind else {
          return fail(.expectedToken(.fieldNameAfterDot, found: fieldToken.described), fieldToken.offset)
        }
        guard case .model(let modelName) = type, let model = models[modelName] else {
          return fail(.notAField(fieldName, type: type.swiftName), fieldToken.offset)
        }
        guard let field = model.fields.first(where: { $0.name == fieldName }) else {
          return fail(model.unknownField(fieldName), fieldToken.offset)
        }
        fields.append(fieldName)
        type = field.type
      }
      let value: Operand = eachElement ? .eachElement(name, fields: fields) : .parameter(name, fields: fields)
      if eachElement {
        // A list of models with an id holds one element per id, which a mapped list can't promise.
        if hasIDField(type) { return fail(.eachElementIdentified(value.text, model: type.swiftName), token.offset) }
        type = .array(type)
      }
      guard fits(type, into: expected) else {
        return fail(
          .typeMismatch(expected: expected.swiftName, found: type.swiftName, what: .quoted(value.text)), token.offset)
      }
      return value
    case .identifier(let word) where !["true", "false", "nil"].contains(word) && literals.literalValue(word, type: expected) == nil:
      return fail(Self.notInPayload(word, action: action, state: state), token.offset)
    default:
      let text = tokens.literalText(after: token)
      guard let value = literals.literalValue(text, type: expected) else {
        return fail(.invalidValue(text, type: expected.swiftName), token.offset)
      }
      return .literal(value)
    }
  }

  /// The RESULT of `in RESULT` (`in` read), after an operation on offsets: the result of a
  /// filter over the list `path` (a state field) of models with an id. A sorted result can't
  /// say where a moved element goes (`unsorted`).
  mutating func filterResult(over path: StatePath, unsorted: Bool = false) -> String? {
    let token = tokens.next()
    guard case .identifier(let name) = token.kind else {
      return fail(.expectedToken(.filterResult, found: token.described), token.offset)
    }
    let over = filters.filter { path.steps == [.field($0.over)] }
    guard let filter = over.first(where: { $0.result == name }) else {
      return fail(.notAFilterResult(name, list: path.text, results: over.map(\.result)), token.offset)
    }
    if unsorted, !filter.sort.isEmpty { return fail(.sortedResult(name, filter: filter.name), token.offset) }
    // The result's elements are found in the list by id.
    guard hasIDField(.model(filter.element)) else { return fail(.resultNeedsIDs(name, model: filter.element), token.offset) }
    return name
  }

  /// A payload parameter of type `IndexSet`, after a word such as `at` or `from`.
  mutating func offsetsParameter() -> String? {
    let token = tokens.next()
    guard case .identifier(let name) = token.kind, let parameter = action.payload.first(where: { $0.name == name }) else {
      let offsets = action.payload.filter { $0.type == .indexSet }.map(\.name)
      guard !offsets.isEmpty else { return fail(.needsOffsets(action: action.name), token.offset) }
      if case .identifier(let name) = token.kind {
        return fail(.unknownParameter(name, action: action.name, suggestion: closestMatch(to: name, in: offsets)), token.offset)
      }
      return fail(.expectedToken(.offsetsParameter(offsets), found: token.described), token.offset)
    }
    guard parameter.type == .indexSet else {
      return fail(
        .typeMismatch(expected: SpecType.indexSet.swiftName, found: parameter.type.swiftName, what: .parameter(name)),
        token.offset)
    }
    return name
  }

  /// A condition over the fields of `model`'s elements, to the end of the operation, as a
  /// filter's case writes it.
  mutating func condition(over model: Model) -> Predicate? {
    // The element's fields, then the payload, then the state (`state.NAME` where one of those
    // hides a state field).
    let scope = ReadingScope.whereCondition(
      over: model, payload: action.payload, action: action.name, state: stateFields, models: Array(models.values))
    let (predicate, failure) = PredicateParser.condition(
      from: &tokens, over: scope.root, models: scope.models, enumCases: literals.enumCaseNames,
      stateModel: scope.stateModel, elementScope: scope.elementScope)
    if let (problem, offset) = failure {
      let (results, derived) = (Set(filters.map(\.result)), derivedNames)
      let outside: (String) -> Subject? = { name in
        if derived.contains(name) { return .a(.derivedValue) }
        return results.contains(name) ? .a(.filterResult) : nil
      }
      return fail(problem.readingOnly(model, outside: outside).stateHidden(by: model, stateFields: stateFields), offset)
    }
    return predicate.map(scope.qualified)
  }

  /// The operand inside `[...]`, with the closing bracket.
  private mutating func bracketed(expected: SpecType) -> Operand? {
    guard let value = operand(expected: expected) else { return nil }
    guard tokens.take("]") else {
      return fail(.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    }
    return value
  }

  /// A key, an id or an offset inside `[...]` of a path written, with the closing bracket: a parameter (or
  /// a field of one) or a literal, read as before; else an expression of the action's scope that
  /// may read the state (`increment counts[selected]`). The problem shown where neither reads
  /// it: the expression's where it read further or the simple reader found the state read.
  private mutating func bracketedExpression(expected: SpecType) -> Operand? {
    let (start, startFailure) = (tokens, failure)
    // A bare name alone: a parameter's, else the state's (`votes[chosen]` reads the field, as
    // `votes[state.chosen]` does); never text that happens to be written so.
    if case .identifier(let word) = tokens.peek.kind, tokens.peekSecond.kind == .symbol("]"),
      !["true", "false", "nil"].contains(word), !action.payload.contains(where: { $0.name == word })
    {
      if makeValueScope != nil, isStateName(word) {
        // A case of the key's enum named like a state field: neither is chosen silently.
        if case .enumeration(let enumName) = expected.unwrapped, literals.enumCaseNames[enumName]?.contains(word) == true {
          return fail(.caseOrStateField(word, type: enumName), tokens.peek.offset)
        }
        if let value = expression(expected: expected), tokens.take("]") { return value }
        return nil
      }
      if expected.unwrapped == .scalar(.string) {
        return fail(.bareWordKey(word, action: action.name), tokens.peek.offset)
      }
    }
    if let value = bracketed(expected: expected) { return value }
    guard makeValueScope != nil else { return nil }
    let after = (tokens, failure)
    (tokens, failure) = (start, startFailure)
    if let value = expression(expected: expected), tokens.take("]") { return value }
    let expressionFailure =
      failure ?? (SpecProblem.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    (tokens, failure) = after
    let simpleOffset = failure?.1 ?? tokens.peek.offset
    if expressionFailure.1 > simpleOffset || isStateRead(failure) { failure = expressionFailure }
    return nil
  }

  /// A path into the state: `field`, `field.sub`, `list[id].field`, `board[row][column]`.
  private mutating func statePath(stopsAtEveryElement: Bool = false, stopsAtValue: Bool = false) -> StatePath? {
    let first = tokens.next()
    guard case .identifier(let name) = first.kind else {
      return fail(.expectedToken(.stateField, found: first.described), first.offset)
    }
    guard let root = state[name] else {
      let suggestion = closestMatch(to: name, in: stateFields.map(\.name))
      return fail(.unknownField(name, context: .theState, suggestion: suggestion), first.offset)
    }
    var path = StatePath(steps: [.field(name)], type: root.type, defaultValue: root.defaultValue, text: name)
    while true {
      if tokens.take(".") {
        let token = tokens.next()
        guard case .identifier(let fieldName) = token.kind else {
          return fail(.expectedToken(.fieldNameAfterDot, found: token.described), token.offset)
        }
        if case .array = path.type {
          return fail(.elementPathNeedsID(path.text), token.offset - 1)
        }
        guard case .model(let modelName) = path.type, let model = models[modelName] else {
          return fail(.notAField(fieldName, type: path.type.swiftName), token.offset)
        }
        guard let field = model.fields.first(where: { $0.name == fieldName }) else {
          return fail(model.unknownField(fieldName), token.offset)
        }
        path.steps.append(.field(fieldName))
        path.type = field.type
        path.defaultValue = field.defaultValue
        path.text += ".\(fieldName)"
      } else if tokens.peek.kind == .symbol("["), case .dictionary(let keyType, let valueType) = path.type {
        _ = tokens.next()
        guard let key = bracketedExpression(expected: keyType) else { return nil }
        containerType = path.type
        path.enter(.key(key), type: valueType)
      } else if stopsAtEveryElement, tokens.startsEveryElement, case .array = path.type {
        return path
      } else if stopsAtValue, tokens.peek.kind == .symbol("["), !tokens.startsEveryElement,
        case .array(let element) = path.type, !hasIDField(element)
      {
        return path
      } else if tokens.peek.kind == .symbol("[") {
        let bracket = tokens.next()
        guard case .array(let element) = path.type else {
          return fail(.indexOutOfReach(path.text), bracket.offset)
        }
        if tokens.peek.kind == .symbol("]") { return fail(.everyElementUnsupported(path.text), bracket.offset) }
        guard case .model(let modelName) = element,
          let idField = models[modelName]?.idField
        else {
          // Elements without an id: one at an offset (`board[row][column]`).
          guard let position = bracketedExpression(expected: .scalar(.int)) else { return nil }
          containerType = path.type
          path.enter(.offset(position), type: element)
          continue
        }
        guard let id = bracketedExpression(expected: idField.type) else { return nil }
        containerType = path.type
        path.enter(.element(id), type: element)
      } else {
        return path
      }
    }
  }
}

extension StatePath {
  /// Goes into the dictionary entry or list element `step` selects.
  mutating func enter(_ step: Step, type: SpecType) {
    steps.append(step)
    self.type = type
    defaultValue = nil
    switch step {
    case .key(.parameter(let parameter, let fields)), .element(.parameter(let parameter, let fields)),
      .offset(.parameter(let parameter, let fields)):
      text += "[\(([parameter] + fields).joined(separator: "."))]"
    default:
      text += "[...]"
    }
  }

  var endsInElement: Bool {
    if case .element? = steps.last { return true }
    return false
  }

  /// The text of the list when the path ends at the `id` of one of its elements
  /// (`cards[id].id` gives `cards`), which no operation may change.
  var listWhoseElementIDEnds: String? {
    guard steps.count >= 2, steps[steps.count - 1] == .field("id"), case .element = steps[steps.count - 2] else {
      return nil
    }
    return listText
  }

  /// The path's text before its last `[`: the list or dictionary the last step entered.
  var listText: String {
    guard let bracket = text.lastIndex(of: "[") else { return text }
    return String(text[..<bracket])
  }
}
