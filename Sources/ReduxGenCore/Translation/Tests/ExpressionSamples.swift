// Sample values for an operation's value that reads the state (`set total = count * price`): the
// state fields and parameters it reads, each a distinct value, and what the reducer must write.
extension TestTranslator {
  /// What an expression's test starts from: the state fields it sets (by name), the arguments
  /// it passes, and the value the expression makes of them, computed here as the generated code
  /// computes it.
  struct ExpressionSample {
    var state: [(field: String, value: Value, type: SpecType)]
    var arguments: [String: Value]
    var written: Value
  }

  /// A sample for an expression whose paths start at state fields (`state.NAME`, stored, not
  /// derived) and payload parameters: each given a distinct value (numbers never 0 or 1, text
  /// and lists of them), the expression computed here as `PredicateSearch` computes it. Nil
  /// when it can't be computed (a path through a model's fields), or when a state field it reads
  /// is written by another of the action's operations (`others`): examples cover those.
  func expressionSample(_ predicate: Predicate, in action: Action?, others: Set<String>) -> ExpressionSample? {
    // The numbers in order, reversed, then negative: an `abs` whose argument is negative in none
    // is tested as it comes (its near miss that leaves `abs` out then survives the derived test).
    let numbers = Self.arithmeticNumbers(besides: predicate.arithmetic.literals)
    let first = expressionSample(predicate, in: action, others: others, numbers: numbers)
    guard let first, Self.absoluteArguments(of: predicate).count > 0 else { return first }
    let search = PredicateSearch(spec: spec, model: Model(name: "", doc: nil, fields: []))
    let orders = [numbers.reversed(), numbers.map { -$0 }]
    for sample in [first] + orders.map({ expressionSample(predicate, in: action, others: others, numbers: $0) }) {
      guard let sample else { continue }
      let state = Dictionary(sample.state.map { ($0.field, $0.value) }, uniquingKeysWith: { first, _ in first })
      let negative = Self.absoluteArguments(of: predicate).allSatisfy { argument in
        switch search.value(of: argument, state: state, arguments: sample.arguments) {
        case .int(let number)?: number < 0
        case .double(let number)?: number < 0
        default: false
        }
      }
      if negative { return sample }
    }
    return first
  }

  /// The test of an operation on the state field `target` whose value is an expression that may
  /// read the state (`set total = count * price`, `increment total by count`): each state field
  /// and parameter it reads set to a distinct value, `result` making what the field then holds
  /// from where it started and the expression's value. The field may be one the expression
  /// reads: it then starts at its sample. None where the sample can't be made or changes nothing.
  func expressionOperationTests(
    _ predicate: Predicate, target: StatePath, verb: String, _ context: inout OperationTestContext,
    result: (_ start: Value, _ written: Value) -> Value?
  ) -> [Declaration] {
    let action = context.action
    guard target.steps.count == 1, case .field(let root) = target.steps[0] else { return [] }
    let others = Set(action.reduce.flatMap(\.paths).compactMap(\.root)).subtracting([root])
    guard let sample = expressionSample(predicate, in: action, others: others) else { return [] }
    let setup = stateSetup(sample, except: root)
    let start: Value
    if let read = sample.state.first(where: { $0.field == root }) {
      start = read.value
    } else {
      guard let unlike = startValue(unlike: sample.written, target.type) else { return [] }
      start = unlike
    }
    guard let expected = result(start, sample.written), start != expected else { return [] }
    var chosen: [String: Expression] = [:]
    for (name, argument) in sample.arguments {
      guard let type = action.payload.first(where: { $0.name == name })?.type else { return [] }
      chosen[name] = types.expression(argument, type: type)
    }
    let (lets, arguments) = self.arguments(action, chosen)
    let body =
      [newState(), .assignment(context.target, types.expression(start, type: target.type))] + setup + lets
      + [reduce(action.name, arguments), expect(context.target, .equal, types.expression(expected, type: target.type))]
    return [
      context.test("\(action.name) \(verb) \(target.text)", "\(action.name)\(verb.uppercasingFirst)\(target.text.identifierWords)", body)
    ]
  }

  /// The statements giving each state field the sample reads its value (but `except`), the one
  /// setup of a set's and a derived value's test.
  func stateSetup(_ sample: ExpressionSample, except: String? = nil) -> [Statement] {
    sample.state.filter { $0.field != except }.map { read in
      .assignment(Expression.name("state").dot(read.field), types.expression(read.value, type: read.type))
    }
  }

  /// Each state list an offset of `predicate` reads (`cells[row * 3 + column]`) made long enough
  /// to hold an element there, each element distinct, so the test reads an element, not only
  /// the fallback of one out of range (offsets up to 63).
  private func reachOffsets(of predicate: Predicate, in sample: inout ExpressionSample, search: PredicateSearch) {
    predicate.operands.forEach { reachOffsets(of: $0, in: &sample, search: search) }
    reachKey(of: predicate, in: &sample, search: search)
    guard case .index(.path(let steps, _), let offset, let elementType) = predicate, steps.count == 2,
      steps[0] == .field("state"), case .field(let name) = steps[1],
      let position = sample.state.firstIndex(where: { $0.field == name }),
      case .array(var items) = sample.state[position].value
    else { return }
    let state = Dictionary(sample.state.map { ($0.field, $0.value) }, uniquingKeysWith: { first, _ in first })
    guard case .int(let reached)? = search.value(of: offset, state: state, arguments: sample.arguments),
      (0..<64).contains(reached)
    else { return }
    while items.count <= reached { items.append(filler(elementType, 100 + items.count)) }
    sample.state[position].value = .array(items)
  }

  /// A state dictionary a lookup of `predicate` reads (`byKey[key] ?? 0`) given an entry under
  /// the key it looks up, so the test reads a value, not only the fallback of a missing key.
  private func reachKey(of predicate: Predicate, in sample: inout ExpressionSample, search: PredicateSearch) {
    guard case .lookup(.path(let steps, _), let key, false) = predicate, steps.count == 2, steps[0] == .field("state"),
      case .field(let name) = steps[1], let position = sample.state.firstIndex(where: { $0.field == name }),
      case .dictionary(var entries) = sample.state[position].value,
      case .dictionary(_, let valueType) = sample.state[position].type
    else { return }
    let state = Dictionary(sample.state.map { ($0.field, $0.value) }, uniquingKeysWith: { first, _ in first })
    guard let reached = search.value(of: key, state: state, arguments: sample.arguments),
      !entries.contains(where: { $0.key == reached })
    else { return }
    let value = filler(valueType, 100 + entries.count)
    entries.append((reached, value))
    sample.state[position].value = .dictionary(entries)
  }

  /// A value of `type` numbered apart from the sample's own (which start below 100): what a list
  /// or a dictionary a sample reaches into is filled with.
  private func filler(_ type: SpecType, _ number: Int) -> Value {
    switch type {
    case .scalar(.int): .int(number)
    case .scalar(.double): .double(Double(number) + 0.5)
    case .scalar(.string): .string("Text \(number)")
    default: distinctSample(type, number)
    }
  }

  /// The arguments of every `abs` in the expression.
  private static func absoluteArguments(of predicate: Predicate) -> [Predicate] {
    if case .call(.abs, let arguments, _) = predicate { return arguments + arguments.flatMap(absoluteArguments) }
    return predicate.operands.flatMap(absoluteArguments)
  }

  private func expressionSample(_ predicate: Predicate, in action: Action?, others: Set<String>, numbers: [Int])
    -> ExpressionSample?
  {
    var sample = ExpressionSample(state: [], arguments: [:], written: .null)
    var failed = false
    var position = 0
    func value(_ type: SpecType) -> Value? {
      defer { position += 1 }
      guard position < numbers.count else { return nil }
      let number = numbers[position]
      switch type {
      case .scalar(.int): return .int(number)
      case .scalar(.double): return .double(Double(number) + 0.5)
      case .scalar(.string): return .string("Text \(number)")
      case .array(let element) where [.scalar(.int), .scalar(.double), .scalar(.string)].contains(element):
        // Two elements, the first and the last apart.
        guard let first = value(element), let last = value(element) else { return nil }
        return .array([first, last])
      case .array(.model(let name)):
        // Two elements with every field, apart: a sum, `min` or `max` of a field reads each.
        guard let model = spec.model(named: name) else { return nil }
        return .array([element(model, 7 + position, allFields: true), element(model, 12 + position, allFields: true)])
      case .optional(let wrapped): return value(wrapped)
      default: return distinctSample(type, 7 + position)
      }
    }
    func visit(_ predicate: Predicate) {
      guard case .path(let steps, _) = predicate else {
        predicate.operands.forEach(visit)
        return
      }
      if steps.count >= 2, steps[0] == .field("state"), case .field(let name) = steps[1] {
        guard !sample.state.contains(where: { $0.field == name }) else { return }
        guard let field = spec.state.first(where: { $0.name == name }), !others.contains(name), let given = value(field.type)
        else { return failed = true }
        sample.state.append((name, given, field.type))
      } else if case .field(let name)? = steps.first {
        guard sample.arguments[name] == nil else { return }
        guard let parameter = action?.payload.first(where: { $0.name == name }), let given = value(parameter.type) else {
          return failed = true
        }
        sample.arguments[name] = given
      } else {
        failed = true
      }
    }
    visit(predicate)
    let search = PredicateSearch(spec: spec, model: Model(name: "", doc: nil, fields: []))
    if !failed { reachOffsets(of: predicate, in: &sample, search: search) }
    guard !failed,
      let written = search.value(
        of: predicate, state: Dictionary(sample.state.map { ($0.field, $0.value) }, uniquingKeysWith: { first, _ in first }),
        arguments: sample.arguments)
    else { return nil }
    sample.written = written
    return sample
  }
}
