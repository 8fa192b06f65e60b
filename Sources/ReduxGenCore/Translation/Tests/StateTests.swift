// Tests of the state itself: its defaults, its equality, its models' JSON keys.
extension TestTranslator {
  /// Two samples of `type` that differ, each written whole (a model with every field), so
  /// values that differ here differ in Swift too; nil when none are found.
  func differingPair(_ type: SpecType, _ number: Int) -> (Value, Value)? {
    let first = distinctSample(type, number)
    for next in (number + 1)...(number + 6) {
      let second = distinctSample(type, next)
      if second != first { return (first, second) }
    }
    return nil
  }

  /// For a State or Action whose `==` is written out in parts (`EqualityTranslator`): two states
  /// that differ in one field only are unequal, for every field; each action equals itself and
  /// differs from the same case with another first value (or, without values, the next case).
  /// The most fields or actions one equality test covers: a literal of many nested values, or
  /// a body of many statements, takes the type-checker seconds (CompileBenchmark: 500 actions in
  /// one literal took 4.3 s, in literals of 25 about 17 ms each).
  static var equalityChunk: Int { SwitchChain.casesPerFunction }

  /// The ranges of `count` items each equality test covers, and how its title and name say which.
  private static func equalityChunks(_ count: Int) -> [(range: Range<Int>, title: String?, suffix: String)] {
    let chunks = stride(from: 0, to: count, by: equalityChunk).map { $0..<Swift.min($0 + equalityChunk, count) }
    guard chunks.count > 1 else { return chunks.map { ($0, nil, "") } }
    return chunks.enumerated().map { index, range in
      (range, "\(range.lowerBound + 1)-\(range.upperBound)", index == 0 ? "" : "\(index + 1)")
    }
  }

  func equalityTests(names: inout UniqueNames) -> [Declaration] {
    var tests: [Declaration] = []
    if EqualityTranslator.writesOut(spec.state.count) {
      let base = Expression.name("base")
      let (one, other) = (Expression.name("one"), Expression.name("other"))
      let fields = Array(spec.state.enumerated())
      for chunk in Self.equalityChunks(fields.count) {
        var body: [Statement] = [
          constant("base", .name(spec.stateTypeName).call()),
          .declaration(VariableDeclaration(name: "one", initializer: base)),
          .declaration(VariableDeclaration(name: "other", initializer: base)),
          expect(one, .equal, other),
        ]
        for (number, field) in fields[chunk.range] {
          guard let (first, second) = differingPair(field.type, number + 3) else { continue }
          if number > chunk.range.lowerBound { body += [.assignment(one, base), .assignment(other, base)] }
          body.append(.assignment(one.dot(field.name), types.expression(first, type: field.type)))
          body.append(.assignment(other.dot(field.name), types.expression(second, type: field.type)))
          body.append(expect(one, .notEqual, other))
        }
        let title = chunk.title.map { "== tells the state's fields \($0) apart" } ?? "== tells every field of the state apart"
        tests.append(test(title, names.make("stateEqualityTellsEveryFieldApart" + chunk.suffix), body))
      }
    }
    if EqualityTranslator.writesOut(spec.actions.count) {
      func action(_ action: Action, _ number: Int, otherFirst: Bool = false) -> Expression? {
        guard !action.payload.isEmpty else { return .dot(action.name) }
        var arguments: [Argument] = []
        for (position, parameter) in action.payload.enumerated() {
          var value = distinctSample(parameter.type, number + position)
          if otherFirst, position == 0 {
            guard let (_, second) = differingPair(parameter.type, number) else { return nil }
            value = second
          }
          arguments.append(Argument(parameter.name, types.expression(value, type: parameter.type)))
        }
        return Expression.dot(action.name).call(arguments)
      }
      let actions = spec.actions
      let samples = actions.enumerated().map { action($1, $0 + 3)! }
      let others = actions.enumerated().map { index, item in
        (item.payload.isEmpty ? nil : action(item, index + 3, otherFirst: true))
          ?? action(actions[(index + 1) % actions.count], (index + 1) % actions.count + 3)!
      }
      let list = TypeName.array(.named(spec.actionTypeName))
      let samplesName = Expression.name("samples")
      let element = Expression.subscripted(samplesName, .name("index"))
      for chunk in Self.equalityChunks(actions.count) {
        let body: [Statement] = [
          .declaration(
            VariableDeclaration(isConstant: true, name: "samples", type: list, initializer: .array(Array(samples[chunk.range])))),
          .declaration(
            VariableDeclaration(isConstant: true, name: "others", type: list, initializer: .array(Array(others[chunk.range])))),
          .forIn(
            "index", samplesName.dot("indices"), where: nil,
            [
              expect(element, .equal, element),
              expect(element, .notEqual, .subscripted(.name("others"), .name("index"))),
            ]),
        ]
        let title = chunk.title.map { "== tells actions \($0) apart, by case and by value" } ?? "== tells every action apart, by case and by value"
        tests.append(test(title, names.make("actionEqualityTellsEveryActionApart" + chunk.suffix), body))
      }
    }
    return tests
  }

  /// The most `#expect`s one defaults test holds: each costs a few milliseconds to type-check,
  /// and a test function should take under 100 ms (CompileBenchmark).
  static let expectationsPerTest = 8

  /// A new state holds the defaults the spec writes (new UUIDs and models built from their own
  /// defaults aside): one test, or one per `expectationsPerTest` fields in a large state.
  func defaultsTests(names: inout UniqueNames) -> [Declaration] {
    var checks: [Statement] = []
    for field in spec.state {
      guard let value = field.defaultValue else { continue }
      if case .modelDefault = value { continue }
      guard !hasFreshUUID(value) else { continue }
      if value == .array([]) || value == .dictionary([]), !field.type.isOptional {
        // `isEmpty`, not `== []`: the literal's type inference made this test the slowest
        // function of a large feature to type-check.
        checks.append(.expression(.macro("expect", [Argument(nil, state.dot(field.name).dot("isEmpty"))])))
        continue
      }
      checks.append(expect(state.dot(field.name), .equal, types.expression(value, type: field.type)))
    }
    let newState = Statement.declaration(
      VariableDeclaration(isConstant: true, name: "state", initializer: .name(spec.stateTypeName).call()))
    let parts = checks.chunks(of: Self.expectationsPerTest)
    return parts.enumerated().map { offset, part in
      let which = parts.count == 1 ? "" : " (part \(offset + 1) of \(parts.count))"
      let suffix = parts.count == 1 ? "" : "Part\(offset + 1)"
      return test("a new state holds the spec's defaults\(which)", names.make("newStateHoldsDefaults\(suffix)"), [newState] + part)
    }
  }

  /// For a model whose fields have JSON keys: a value with every field set is encoded under
  /// those keys and decoded back equal.
  func jsonKeysTest(_ model: Model, names: inout UniqueNames) -> Declaration? {
    let keyed = model.fields.filter { $0.jsonKey != nil }
    guard !keyed.isEmpty else { return nil }
    let encode = Expression.name("JSONEncoder").call([]).dot("encode").call([Argument(nil, .name("value"))])
    var body: [Statement] = [
      constant("value", types.expression(element(model, 1, allFields: true), type: .model(model.name))),
      constant("data", .tryExpression(encode)),
      constant("json", .name("String").call([Argument("decoding", .name("data")), Argument("as", .metatype(.named("UTF8")))])),
    ]
    for field in keyed {
      // As JSONEncoder writes the key: `"`, `\` and `/` escaped.
      let encoded = field.codingKey.reduce(into: "") { text, character in
        if "\"\\/".contains(character) { text.append("\\") }
        text.append(character)
      }
      let written = Expression.name("json").dot("contains").call([Argument(nil, .literal(.string("\"\(encoded)\":")))])
      body.append(.expression(.macro("expect", [Argument(nil, written)])))
    }
    let decoded = Expression.tryExpression(
      .name("JSONDecoder").call([]).dot("decode").call([
        Argument(nil, .metatype(types.typeName(.model(model.name)))), Argument("from", .name("data")),
      ]))
    body.append(expect(decoded, .equal, .name("value")))
    return test(
      "\(model.name) is read and written under its JSON keys", names.make("\(model.name.lowercasingFirst)UsesItsJSONKeys"),
      throwing: true, body)
  }

  /// For a spec with `secret: true` fields: each type that has one lists exactly those, by
  /// coding key (an action's as `case.parameter`), for the inspector to leave out.
  func secretFieldsTest(names: inout UniqueNames) -> Declaration? {
    let owners: [(String, [String])] =
      [(spec.stateTypeName, spec.state.filter(\.secret).map(\.codingKey))]
      + spec.models.map { model in (model.name, model.fields.filter(\.secret).map(\.codingKey)) }
      + [
        (
          spec.actionTypeName,
          spec.actions.flatMap { action in action.payload.filter(\.secret).map { "\(action.name).\($0.name)" } }
        )
      ]
    let body = owners.filter { !$0.1.isEmpty }.map { owner, keys in
      // Through a function of any type, so that a type no longer listing any still compiles.
      expect(
        .name("inspectorSecrets").call([Argument("of", .metatype(.named(owner)))]), .equal,
        .array(keys.sorted().map { .literal(.string($0)) }))
    }
    guard !body.isEmpty else { return nil }
    return test(
      "the fields marked secret are the ones an inspector never sends", names.make("secretFieldsAreListed"), body)
  }
}
