/// `set PATH [= VALUE]`: assigns a value (a payload parameter when none is written).
struct SetOperation: ReduceOperationKind, Equatable {
  static let words = ["set"]
  static let meanings = ["assign": "set", "put": "set", "store": "set", "change": "set"]
  var target: StatePath
  var value: Operand

  static func parse(_ word: String, _ parser: inout ReduceParser) -> SetOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    if path.endsInElement { return parser.fail(.elementReplaced(list: path.listText), offset) }
    guard let value = parser.assignedExpression(for: path, operation: word, at: offset) else { return nil }
    if case .expression(.path(let steps, _)) = value, steps == reading(path) {
      return parser.fail(.setToItself(path.text), offset)
    }
    return SetOperation(target: path, value: value)
  }

  /// The path through fields `state.PATH` as an expression reads it; nil for a path through an
  /// element or an entry, which an expression's path never equals.
  static func reading(_ path: StatePath) -> [Predicate.PathStep]? {
    var steps: [Predicate.PathStep] = [.field("state")]
    for step in path.steps {
      guard case .field(let name) = step else { return nil }
      steps.append(.field(name))
    }
    return steps
  }

  var description: String { "set \(target.text) = \(value.text)" }
  var path: StatePath? { target }
  var operands: [Operand] { [value] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.assigning.at(target, state) { [.assignment($0, reducer.operand(value, type: target.type))] }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    if case .expression(let predicate) = value { return expressionTests(predicate, &context) }
    let kit = context.kit
    let action = context.action
    let expected: Expression
    var chosen: [String: Expression] = [:]
    // The value the reducer writes, when it is known here.
    var written: Value?
    if case .arithmetic(let arithmetic) = value, let sample = kit.arithmeticSample(arithmetic, in: action) {
      // `price * quantity`: distinct numbers in, the value computed here out.
      for (name, argument) in sample.arguments {
        chosen[name] = kit.types.expression(argument, type: action.payload.first { $0.name == name }?.type ?? arithmetic.type)
      }
      written = sample.written
      expected = kit.types.expression(sample.written, type: target.type)
    } else if case .parameter(let parameter, []) = value, let field = action.payload.first(where: { $0.name == parameter }) {
      let argumentValue = kit.sample(differentFrom: target.defaultValue, field.type, 2)
      chosen[parameter] = kit.types.expression(argumentValue, type: field.type)
      written = argumentValue
      expected = kit.argument(parameter)
    } else if let sample = kit.operandSample(value, in: action, as: target.type) {
      // `item.title`, `books[].id`: every field of the sample distinct (two elements of a list),
      // so reading another field, or one element, fails.
      chosen[sample.parameter] = sample.argument
      written = sample.written
      expected = sample.expected ?? context.reducer.operand(value, type: target.type)
    } else {
      if case .literal(let literal) = value { written = literal }
      expected = context.reducer.operand(value, type: target.type)
    }
    // Start where the field holds something else, so writing nothing (or adding to it) fails.
    guard let start = kit.startValue(unlike: written, target.type) else { return [] }
    let (lets, arguments) = kit.arguments(action, chosen)
    let body =
      [kit.newState(), .assignment(context.target, kit.types.expression(start, type: target.type))] + lets
      + [kit.reduce(action.name, arguments), kit.expect(context.target, .equal, expected)]
    return [context.test("\(action.name) sets \(target.text)", "\(action.name)Sets\(target.text.identifierWords)", body)]
  }

  /// A value that reads the state: each state field and parameter it reads set to a distinct
  /// value, the value it makes computed here. The field set may be one it reads
  /// (`set total = total * 2`): it then starts at its sample.
  private func expressionTests(_ predicate: Predicate, _ context: inout OperationTestContext) -> [Declaration] {
    context.kit.expressionOperationTests(predicate, target: target, verb: "sets", &context) { _, written in written }
  }

  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange? {
    // A value that reads the state: examples cover it in an element or an entry.
    if case .expression = value { return nil }
    let expected: Expression
    if case .arithmetic(let arithmetic) = value, let sample = context.kit.arithmeticSample(arithmetic, in: context.action),
      sample.arguments[context.selector] == nil
    {
      for (name, argument) in sample.arguments {
        let type = context.action.payload.first { $0.name == name }?.type ?? arithmetic.type
        context.chosen[name] = context.kit.types.expression(argument, type: type)
      }
      expected = context.kit.types.expression(sample.written, type: target.type)
    } else if case .parameter(let parameter, []) = value, parameter != context.selector,
      let field = context.action.payload.first(where: { $0.name == parameter })
    {
      context.chosen[parameter] = context.kit.types.expression(context.kit.sample(field.type, 5), type: field.type)
      expected = context.kit.argument(parameter)
    } else if case .parameter(let parameter, []) = value, parameter == context.selector, context.selectorHasFields {
      // `set users[user.id] = user`: the sample's own fields make the key.
      expected = context.kit.argument(parameter)
    } else if value.parameter != context.selector,
      let sample = context.kit.operandSample(value, in: context.action, as: target.type)
    {
      context.chosen[sample.parameter] = sample.argument
      expected = sample.expected ?? context.reducer.operand(value, type: target.type)
    } else {
      expected = context.reducer.operand(value, type: target.type)
    }
    return InPlaceChange(verb: context.isEntry ? "stores" : "sets", expected: expected)
  }

  func changingArguments(_ context: OperationTestContext) -> [String: Value]? {
    switch value {
    case .parameter(let name, []):
      guard let parameter = context.action.payload.first(where: { $0.name == name }) else { return nil }
      return [name: context.kit.sample(differentFrom: target.defaultValue, parameter.type, 2)]
    case .eachElement:
      guard let sample = context.kit.operandSample(value, in: context.action, as: target.type),
        sample.written != target.defaultValue
      else { return nil }
      return [sample.parameter: sample.value]
    case .literal(let literal):
      return literal != target.defaultValue ? [:] : nil
    case .arithmetic(let arithmetic):
      guard let sample = context.kit.arithmeticSample(arithmetic, in: context.action),
        sample.written != target.defaultValue
      else { return nil }
      return sample.arguments
    case .parameter, .expression:
      return nil
    }
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    if case .literal(let literal) = value, let other = context.otherValue(than: literal, type: target.type) {
      mutants.append(("other-value", SetOperation(target: target, value: .literal(other))))
    }
    if case .arithmetic(let arithmetic) = value {
      for miss in SpecMutator.uniqueKinds(arithmetic.nearMisses()) {
        mutants.append((miss.kind, SetOperation(target: target, value: .arithmetic(miss.expression))))
      }
    }
    if case .expression(let predicate) = value {
      // Not the field set to itself (`transcript + " ❌"` left with its left operand alone): the
      // checker refuses that spec.
      let itself = Self.reading(target).map { Predicate.path($0, target.type) }
      let misses = predicate.arithmeticNearMisses() + predicate.boundaryNearMisses()
      for miss in SpecMutator.uniqueKinds(misses.map { (kind: $0.kind, expression: $0.predicate) }) where miss.expression != itself {
        mutants.append((miss.kind, SetOperation(target: target, value: .expression(miss.expression))))
      }
    }
    if let other = context.otherField(than: value) {
      mutants.append(("other-field", SetOperation(target: target, value: other)))
    }
    if let element = target.type.elementType, context.type(of: value) == element {
      mutants.append(("append", AppendOperation(target: target, value: value)))
    }
    return mutants
  }
}
