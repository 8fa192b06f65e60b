/// `set LIST[].FIELD = VALUE [where CONDITION]`: sets a field of every element of a list of
/// models, or of those the condition holds for ("mark all completed": `set tasks[].isCompleted =
/// true`). The list keeps its order; elements stay where they are.
struct SetEachOperation: ReduceOperationKind, Equatable {
  static let words = ["set"]
  /// The list the elements are in.
  var target: StatePath
  /// The field of each element it sets.
  var field: String
  var fieldType: SpecType
  var value: Operand
  /// The elements it sets; nil: every element.
  var condition: Predicate?
  /// What the condition reads besides the element: `WhereReads`.
  var reads = WhereReads()

  static func claims(_ tokens: TokenStream) -> Bool { tokens.reachesEveryElement }

  static func parse(_ word: String, _ parser: inout ReduceParser) -> SetEachOperation? {
    guard let (list, offset) = parser.everyElementList() else { return nil }
    guard parser.tokens.take(".") else { return parser.fail(.everyElementNeedsField(list.text), offset) }
    let fieldToken = parser.tokens.next()
    guard case .identifier(let name) = fieldToken.kind else {
      return parser.fail(.expectedToken(.fieldNameAfterDot, found: fieldToken.described), fieldToken.offset)
    }
    guard case .array(.model(let modelName)) = list.type, let model = parser.models[modelName] else {
      return parser.fail(.notAField(name, type: list.type.elementType?.swiftName ?? ""), fieldToken.offset)
    }
    guard let field = model.fields.first(where: { $0.name == name }) else {
      return parser.fail(model.unknownField(name), fieldToken.offset)
    }
    if name == "id", model.idField != nil { return parser.fail(.elementIDChanged(list: list.text), fieldToken.offset) }
    // One field of each element: not a field of it (`.a.b`) or a list in it (`cards[]`).
    if parser.tokens.peek.kind == .symbol(".") || parser.tokens.peek.kind == .symbol("[") {
      return parser.fail(.unexpectedText(parser.tokens.peek.text), parser.tokens.peek.offset)
    }
    let fieldPath = StatePath(
      steps: list.steps + [.field(name)], type: field.type, defaultValue: field.defaultValue,
      text: "\(list.text)[].\(name)")
    guard let value = parser.eachElementValue(for: fieldPath, operation: word, at: offset) else { return nil }
    var condition: Predicate?
    var reads = WhereReads()
    if parser.tokens.takeWord("where") {
      guard let predicate = parser.condition(over: model) else { return nil }
      condition = predicate
      reads = WhereReads(predicate, over: model)
    }
    return SetEachOperation(
      target: list, field: name, fieldType: field.type, value: value, condition: condition, reads: reads)
  }

  var description: String {
    "set \(target.text)[].\(field) = \(value.text)" + (condition.map { " where \(SpecMutator.describe($0))" } ?? "")
  }

  var path: StatePath? { target }
  var operands: [Operand] { [value] + reads.parameters.map { .parameter($0, fields: []) } }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { list in
      // `at` names its lookups `index`, `index2`, ... one per element step: the loop takes the next.
      let depth = target.steps.filter { if case .element = $0 { true } else { false } }.count
      let index = reducer.local(depth == 0 ? "index" : "index\(depth + 1)")
      let element = Expression.subscripted(list, .name(index))
      // The loop's `where` reads the state in place: nothing changes it while it is read.
      let filter = condition.map {
        PredicateTranslator(types: reducer.types, element: element, root: reads.root(on: element, state: state))
          .expression($0)
      }
      return [
        .forIn(
          index, list.dot("indices"), where: filter,
          [.assignment(element.dot(field), reducer.operand(value, type: fieldType))])
      ]
    }
  }

  /// Two elements whose field holds something else: the one the condition holds for (each one
  /// without a condition) gets the value, the other stays as it was.
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard let model = kit.model(of: target) else { return [] }
    var chosen: [String: Expression] = [:]
    var written: Value?
    let expected: Expression
    if case .parameter(let parameter, []) = value, let payload = action.payload.first(where: { $0.name == parameter }) {
      let argumentValue = kit.sample(payload.type, 2)
      chosen[parameter] = kit.types.expression(argumentValue, type: payload.type)
      written = argumentValue
      expected = kit.argument(parameter)
    } else if let sample = kit.operandSample(value, in: action, as: fieldType) {
      // `item.title`, `books[].id`: every field of the sample distinct, the value written known.
      chosen[sample.parameter] = sample.argument
      written = sample.written
      expected = sample.expected ?? context.reducer.operand(value, type: fieldType)
    } else {
      if case .literal(let literal) = value { written = literal }
      expected = context.reducer.operand(value, type: fieldType)
    }
    guard let start = kit.startValue(unlike: written, fieldType) else { return [] }
    var witnesses: [(name: String, fields: [String: Value], changes: Bool)] = []
    var stateSetup: [Statement] = []
    if let condition {
      guard
        let (matching, other, setup, arguments) = kit.whereWitnesses(
          condition, over: model, reads: reads, in: action, list: target.root),
        let matching
      else { return [] }
      // A parameter the value and the condition both read takes the condition's value.
      for (name, argument) in arguments {
        if chosen[name] != nil, chosen[name] != argument { return [] }
        chosen[name] = argument
      }
      stateSetup = setup
      witnesses.append(("matching", matching, true))
      if let other { witnesses.append(("other", other, false)) }
    } else {
      witnesses = [("first", [:], true), ("second", [:], true)]
    }
    let type = SpecType.model(model.name)
    var body = [kit.newState()] + stateSetup
    var checks: [Statement] = []
    for (position, witness) in witnesses.enumerated() {
      var fields = witness.fields
      // The condition may read the field itself: its witness keeps the value it needs.
      if fields[field] == nil { fields[field] = start }
      body.append(
        kit.constant(witness.name, kit.types.expression(kit.element(model, position + 1, overrides: fields), type: type)))
      let element = Expression.subscripted(context.target, .literal(.int(position)))
      checks.append(
        witness.changes ? kit.expect(element.dot(field), .equal, expected) : kit.expect(element, .equal, .name(witness.name)))
    }
    let (lets, arguments) = kit.arguments(action, chosen)
    body += [.assignment(context.target, .array(witnesses.map { .name($0.name) }))] + lets
    body += [kit.reduce(action.name, arguments)] + checks
    let which = condition.map { "the elements of \(target.text) where \(SpecMutator.describe($0))" } ?? "every element of \(target.text)"
    return [
      context.test(
        "\(action.name) sets \(field) of \(which)", "\(action.name)Sets\(field.identifierWords)Of\(target.text.identifierWords)",
        body)
    ]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    if case .literal(let literal) = value, let other = context.otherValue(than: literal, type: fieldType) {
      var changed = self
      changed.value = .literal(other)
      mutants.append(("other-value", changed))
    }
    if let condition {
      var negated = self
      negated.condition = .not(condition)
      mutants.append(("negate", negated))
      // `set done = false where done` (a condition on the flag it sets) does to every element
      // what it does to the matching ones: without the condition it is the same reducer.
      let onItsOwnFlag = fieldType == .scalar(.bool) && Set(PredicateSearch.fields(readBy: condition)) == [field]
      if !onItsOwnFlag {
        var every = self
        every.condition = nil
        mutants.append(("every", every))
      }
    }
    return mutants
  }
}
