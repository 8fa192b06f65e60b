/// `append LIST [= VALUE]` adds an element at the end, `prepend LIST [= VALUE]` at the start. A
/// list of models with an `id` holds one element per id, so an element whose id is taken is not
/// added (upsert replaces it). Without a parameter of the element's type, the element is built
/// from the payload, each parameter a field of its name; an `Int` id left out is the largest id
/// in the list plus one.
struct AppendOperation: ReduceOperationKind, Equatable {
  /// A new element of `model` made of payload parameters.
  struct BuiltElement: Equatable {
    var model: String
    /// The parameters, each the field of its name, in the model's field order.
    var fields: [String]
    /// Where the id goes among `fields` when it is the largest in the list plus one.
    var nextID: Int?
    /// The id of the first element of an empty list: the id's default (`id: Int = 0`); nil: 1.
    var firstID: Value?
  }

  enum End: String {
    case append
    case prepend
  }

  static let words = ["append", "prepend", "add"]
  static let meanings = [
    "push": "append", "insert": "prepend", "unshift": "prepend", "addMany": "add", "addOne": "add", "union": "add",
  ]
  var end: End = .append
  /// `add`: an element the list holds already is not added again, nor one added before it
  /// (NgRx's and RTK's `addMany`: `add books.ids = books[].id`). A list of models with an id
  /// never holds an id twice anyway.
  var unique = false
  var target: StatePath
  /// nil when `built` is not.
  var value: Operand?
  var built: BuiltElement?
  /// Whether `value` is a list whose elements are added, in order (`append ids = books[].id`):
  /// Swift's `append(contentsOf:)`; a list of models with an id takes the first element of each
  /// id it doesn't hold yet.
  var many = false

  init(
    end: End = .append, target: StatePath, value: Operand?, built: BuiltElement? = nil, many: Bool = false,
    unique: Bool = false
  ) {
    self.end = end
    self.target = target
    self.value = value
    self.built = built
    self.many = many
    self.unique = unique
  }

  static func parse(_ word: String, _ parser: inout ReduceParser) -> AppendOperation? {
    guard let (path, offset) = parser.targetPath(), let elementPath = parser.elementOfList(path, at: offset) else {
      return nil
    }
    let end = End(rawValue: word) ?? .append
    let unique = word == "add"
    // Without a parameter of the element's type (an empty payload too), the element is built.
    if !unique, parser.tokens.isAtEnd, case .model(let name) = elementPath.type, let model = parser.models[name],
      !parser.action.payload.contains(where: {
        parser.fits($0.type, into: elementPath.type) || $0.type == .array(elementPath.type)
      })
    {
      guard let built = parser.builtElement(model, at: offset) else { return nil }
      return AppendOperation(end: end, target: path, value: nil, built: built)
    }
    guard let (value, many) = parser.assignedValue(for: elementPath, operation: word, at: offset, orList: true) else {
      return nil
    }
    return AppendOperation(end: end, target: path, value: value, many: many, unique: unique)
  }

  var description: String {
    let element = value?.text ?? built.map { built in
      "\(built.model)(" + built.fields.map { "\($0): \($0)" }.joined(separator: ", ") + ")"
    } ?? ""
    return "\(unique ? "add" : end.rawValue) \(many ? "each of " : "")\(element) to \(target.text)"
  }
  var path: StatePath? { target }
  var operands: [Operand] {
    if let value { return [value] }
    return built?.fields.map { .parameter($0, fields: []) } ?? []
  }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    // `add` to a list that may hold a value twice: only what it doesn't hold (an identified
    // list skips the ids it holds as `append` does).
    if unique, let value, !reducer.types.isIdentifiedList(target.type) {
      return uniqueStatements(value, reducer, state: state)
    }
    return reducer.at(target, state) { list in
      let element: Expression
      if let value, many {
        let elements = reducer.operand(value, type: target.type)
        switch end {
        case .append: return [.expression(list.dot("append").call([Argument("contentsOf", elements)]))]
        // ReduxRuntime's `prepend(contentsOf:)` on an identified list skips the ids it holds.
        case .prepend:
          return reducer.types.isIdentifiedList(target.type)
            ? [.expression(list.dot("prepend").call([Argument("contentsOf", elements)]))]
            : [.expression(list.dot("insert").call([Argument("contentsOf", elements), Argument("at", .literal(.int(0)))]))]
        }
      } else if let value {
        element = reducer.operand(value, type: target.type.elementType ?? target.type)
      } else if let built {
        var arguments = built.fields.map { Argument($0, .name($0)) }
        if let position = built.nextID {
          // The largest id plus one: the list's ids are an ordered set.
          let id: Expression
          if case .int(let first)? = built.firstID {
            // `ids.max().map { $0 + 1 } ?? first`: an empty list starts at the id's default.
            let next = Expression.call(
              list.dot("ids").dot("max").call().dot("map"), [],
              trailingClosure: Closure(body: .binary(.name("$0"), .plus, .literal(.int(1)))))
            id = .binary(next, .nilCoalescing, .literal(.int(first)))
          } else {
            let largest = Expression.binary(list.dot("ids").dot("max").call(), .nilCoalescing, .literal(.int(0)))
            id = .binary(.parenthesized(largest), .plus, .literal(.int(1)))
          }
          arguments.insert(Argument("id", id), at: position)
        }
        element = .name(built.model).call(arguments)
      } else {
        return []
      }
      switch end {
      case .append: return [.expression(list.dot("append").call([Argument(nil, element)]))]
      case .prepend: return [.expression(list.dot("insert").call([Argument(nil, element), Argument("at", .literal(.int(0)))]))]
      }
    }
  }

  /// ReduxRuntime's `appendIfAbsent(_:)` or `appendIfAbsent(contentsOf:)` (through a set of
  /// those held where the values are hashable), which also reach a list through an optional or
  /// a dictionary entry (`lanes[key]?`).
  private func uniqueStatements(_ value: Operand, _ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { list in
      let added = reducer.operand(value, type: many ? target.type : target.type.elementType ?? target.type)
      return [.expression(list.dot("appendIfAbsent").call([Argument(many ? "contentsOf" : nil, added)]))]
    }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    if unique, !kit.types.isIdentifiedList(self.target.type) { return uniqueTests(&context) }
    guard !many, let elementType = self.target.type.elementType, case .parameter(let parameter, [])? = value else {
      return manyTests(&context)
    }
    let model = kit.model(of: self.target)
    func item(_ number: Int) -> Value { model.map { kit.element($0, number) } ?? kit.sample(elementType, number) }
    // Two different elements tell the ends apart; a type with one value can't.
    guard item(1) != item(2) else { return [] }
    let setup = [
      // Typed unless a model's initializer says it: a literal alone could infer another type.
      kit.newState(),
      kit.constant("existing", kit.types.expression(item(1), type: elementType), type: model == nil ? elementType : nil),
      .assignment(target, .array([.name("existing")])),
    ]
    let added = [.name("existing"), kit.argument(parameter)]
    let expected = Expression.array(end == .append ? added : added.reversed())
    let (lets, arguments) = kit.arguments(action, [parameter: kit.types.expression(item(2), type: elementType)])
    let body = setup + lets + [kit.reduce(action.name, arguments), kit.expect(target, .equal, expected)]
    let place = end == .append ? "end" : "start"
    let adds = context.test(
      "\(action.name) \(end.rawValue)s to the \(place) of \(self.target.text)",
      "\(action.name)\(end.rawValue.uppercasingFirst)sTo\(self.target.text.identifierWords)", body)
    guard let model, let idField = model.idField else { return [adds] }
    let modelType = SpecType.model(model.name)
    // Not upsert: an element whose id is taken leaves the list as it was.
    let sameID = kit.element(model, 2, overrides: ["id": kit.sample(idField.type, 1)], allFields: true)
    let (sameLets, sameArguments) = kit.arguments(action, [parameter: kit.types.expression(sameID, type: modelType)])
    let duplicate =
      setup + sameLets + [kit.reduce(action.name, sameArguments), kit.expect(target, .equal, .array([.name("existing")]))]
    return [
      adds,
      context.test(
        "\(action.name) keeps \(self.target.text) as it was when the id is taken", "\(action.name)IgnoresTakenID",
        duplicate),
    ]
  }

  /// For a list added (`many`): two elements added after (or before) the one there, in order;
  /// for models with an id, one of them a taken id, which adds nothing.
  private func manyTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard many, let elementType = self.target.type.elementType, case .parameter(let parameter, [])? = value else { return [] }
    let model = kit.model(of: self.target)
    func item(_ number: Int) -> Value { model.map { kit.element($0, number) } ?? kit.sample(elementType, number) }
    guard item(1) != item(2), item(2) != item(3), item(1) != item(3) else { return [] }
    let typed = model == nil ? elementType : nil
    var added = [item(2), item(3)]
    var expected: [Expression] = [.name("second"), .name("third")]
    if let model, let idField = model.idField {
      // An element whose id the list holds is left out; the list's own stays as it was.
      added.append(kit.element(model, 4, overrides: ["id": kit.sample(idField.type, 1)], allFields: true))
    }
    expected = end == .append ? [.name("existing")] + expected : expected + [.name("existing")]
    let body =
      [
        kit.newState(),
        kit.constant("existing", kit.types.expression(item(1), type: elementType), type: typed),
        kit.constant("second", kit.types.expression(item(2), type: elementType), type: typed),
        kit.constant("third", kit.types.expression(item(3), type: elementType), type: typed),
        .assignment(target, .array([.name("existing")])),
      ]
    let list = Expression.array([.name("second"), .name("third")] + added.dropFirst(2).map { kit.types.expression($0, type: elementType) })
    let (lets, arguments) = kit.arguments(action, [parameter: list])
    let place = end == .append ? "end" : "start"
    return [
      context.test(
        "\(action.name) \(end.rawValue)s each element of \(parameter) to the \(place) of \(self.target.text), in order",
        "\(action.name)\(end.rawValue.uppercasingFirst)sEachTo\(self.target.text.identifierWords)",
        body + lets + [kit.reduce(action.name, arguments), kit.expect(target, .equal, .array(expected))])
    ]
  }

  /// `add`: what the list holds stays as it is and isn't added again; a value added twice is
  /// added once; the others are added at the end, in order.
  private func uniqueTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard let elementType = self.target.type.elementType, case .parameter(let parameter, [])? = value else { return [] }
    let model = kit.model(of: self.target)
    func item(_ number: Int) -> Value { model.map { kit.element($0, number) } ?? kit.sample(elementType, number) }
    guard item(1) != item(2), item(2) != item(3), item(1) != item(3) else { return [] }
    let typed = model == nil ? elementType : nil
    var body: [Statement] = [
      kit.newState(),
      kit.constant("existing", kit.types.expression(item(1), type: elementType), type: typed),
      kit.constant("second", kit.types.expression(item(2), type: elementType), type: typed),
    ]
    let given: Expression
    let expected: [Expression]
    if many {
      body.append(kit.constant("third", kit.types.expression(item(3), type: elementType), type: typed))
      given = .array([.name("second"), .name("existing"), .name("third"), .name("second")])
      expected = [.name("existing"), .name("second"), .name("third")]
    } else {
      given = .name("existing")
      expected = [.name("existing"), .name("second")]
    }
    body.append(.assignment(target, .array(many ? [.name("existing")] : [.name("existing"), .name("second")])))
    let (lets, arguments) = kit.arguments(action, [parameter: given])
    body += lets + [kit.reduce(action.name, arguments), kit.expect(target, .equal, .array(expected))]
    var tests = [
      context.test(
        many
          ? "\(action.name) adds each element of \(parameter) that \(self.target.text) doesn't hold, once, in order"
          : "\(action.name) adds nothing to \(self.target.text) when it holds the value",
        "\(action.name)Adds\(many ? "Each" : "")\(self.target.text.identifierWords)Once", body)
    ]
    guard !many else { return tests }
    // A value it doesn't hold goes at the end.
    let (newLets, newArguments) = kit.arguments(action, [parameter: kit.types.expression(item(2), type: elementType)])
    tests.append(
      context.test(
        "\(action.name) adds a value \(self.target.text) doesn't hold at its end",
        "\(action.name)AddsTo\(self.target.text.identifierWords)",
        [
          kit.newState(), kit.constant("existing", kit.types.expression(item(1), type: elementType), type: typed),
          .assignment(target, .array([.name("existing")])),
        ] + newLets + [
          kit.reduce(action.name, newArguments),
          kit.expect(target, .equal, .array([.name("existing"), kit.argument(parameter)])),
        ]))
    return tests
  }

  func changingArguments(_ context: OperationTestContext) -> [String: Value]? {
    guard case .parameter(let name, [])? = value,
      let parameter = context.action.payload.first(where: { $0.name == name })
    else { return nil }
    return [name: context.kit.sample(differentFrom: target.defaultValue, parameter.type, 2)]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    let other: End = end == .append ? .prepend : .append
    // `add` adds at the end only; its near miss adds what the list holds too (a plain append).
    if unique { return [("drop", nil), ("repeat", AppendOperation(target: target, value: value, many: many))] }
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [
      ("drop", nil), (other.rawValue, AppendOperation(end: other, target: target, value: value, built: built, many: many)),
    ]
    if case .model(let name)? = target.type.elementType, context.spec.model(named: name)?.idField != nil, let value, !many {
      mutants.append(("upsert", UpsertOperation(target: target, value: value)))
    }
    return mutants
  }
}
