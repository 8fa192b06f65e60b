// The bound requests' tests: each request against a double of the OpenAPI client, with sample answers.
extension APIEffectsTranslator {
  /// `<Feature>APIDouble` and `<Feature>APIEffectsTests`: each bound request against the
  /// double, answered with a sample of its success (the value read from it expected), its first
  /// documented error and an undocumented status; a request with a condition not sent when it
  /// doesn't hold.
  func testsFile(tests: TestTranslator) -> [Declaration] {
    var names = UniqueNames()
    var functions: [Declaration] = []
    for (action, binding) in bound {
      functions += requestTests(action, binding, tests: tests, names: &names)
    }
    // Small-number UUIDs are written `uuid(n)`, a helper each test file declares privately.
    let helper = functions.contains(where: { $0.calls("uuid") }) ? [tests.uuidHelper()] : []
    return [
      double(),
      .structure(TypeDeclaration(doc: nil, name: spec.names.apiEffectsTests, members: functions)),
    ] + helper
  }


  /// An in-memory `APIProtocol`: each operation answers what a test sets for the input it
  /// expects (ReduxOpenAPI's `APIAnswers`), and an undocumented 501 otherwise.
  func double() -> Declaration {
    var members: [Declaration] = [
      .variable(VariableDeclaration(name: "answers", initializer: .name("APIAnswers").call()))
    ]
    for operation in bindings.operations.map(OpenAPINames.swiftName) {
      let unanswered = Expression.dot("undocumented").call([
        Argument("statusCode", .literal(.int(501))), Argument(nil, .initializer(nil).call()),
      ])
      members.append(
        .function(
          FunctionDeclaration(
            kind: .function(operation),
            parameters: [Parameter(label: "_", name: "input", type: operationType(operation, "Input"))],
            isAsync: true, isThrowing: true, returnType: operationType(operation, "Output"),
            body: [
              .returnStatement(
                .binary(
                  Expression.name("self").dot("answers").dot("output").call([Argument("for", .name("input"))]),
                  .nilCoalescing, unanswered))
            ])))
    }
    return .structure(
      TypeDeclaration(
        doc: "An in-memory `APIProtocol`: each operation answers what a test sets for the input it expects.",
        name: spec.names.apiDouble, inherits: ["APIProtocol"], members: members))
  }

  func requestTests(_ action: Action, _ binding: APIBinding, tests: TestTranslator, names: inout UniqueNames)
    -> [Declaration]
  {
    let async = action.async!
    let typed = feature.typedError(action)
    // Payload values the condition holds for, and values it doesn't.
    var kept: [String: Value] = [:]
    var dropped: [String: Value]?
    if let condition = binding.condition {
      let payload = Model(name: spec.actionTypeName, doc: nil, fields: action.payload)
      let found = PredicateSearch(spec: spec, model: payload).witnesses(condition)
      // Without payload values it holds for (it reads the state), examples test the request.
      guard let holds = found.kept else { return [] }
      kept = holds
      dropped = found.dropped
    }
    func arrange(_ values: [String: Value]) -> [Statement] {
      // Every field of a model apart, so reading one for another shows.
      var statements = action.payload.enumerated().map { position, parameter in
        tests.sampleConstant(
          parameter.name, values[parameter.name] ?? tests.distinctSample(parameter.type, position + 7), type: parameter.type)
      }
      if async.readsState {
        let reads = stateReads(binding)
        statements.append(
          reads.isEmpty
            ? .declaration(VariableDeclaration(isConstant: true, name: "state", initializer: .name(spec.stateTypeName).call()))
            : tests.newState())
        for (index, field) in reads.enumerated() {
          let type = spec.state.first { $0.name == field }?.type ?? .scalar(.string)
          statements.append(
            .assignment(.name("state").dot(field), types.expression(tests.sample(type, index + 21), type: type)))
        }
      }
      return statements
    }
    /// The double answering `output` for the request's input, and the effects on it.
    func effects(answering output: (case: String, arguments: [Argument])?) -> [Statement] {
      var statements: [Statement] = []
      guard let output else {
        statements.append(
          .declaration(VariableDeclaration(isConstant: true, name: "api", initializer: .name(spec.names.apiDouble).call())))
        return statements + [effectsConstant]
      }
      statements.append(
        .declaration(
          VariableDeclaration(
            isConstant: true, name: "expected",
            initializer: input(binding, type: .type(operationType(binding.method, "Input"))))))
      statements.append(
        .declaration(
          VariableDeclaration(
            isConstant: true, name: "answer",
            initializer: Expression.type(operationType(binding.method, "Output")).dot(output.case).call(
              output.arguments))))
      statements.append(.declaration(VariableDeclaration(name: "api", initializer: .name(spec.names.apiDouble).call())))
      statements.append(
        .expression(
          .name("api").dot("answers").dot("answer").call([
            Argument(nil, .name("expected")), Argument("with", .name("answer")),
          ])))
      return statements + [effectsConstant]
    }
    var arguments = action.payload.map { Argument($0.name, .name($0.name)) }
    if async.readsState { arguments.append(Argument("state", .name("state"))) }
    // The requests no operation performs go to the test effects, which these tests never call:
    // the failures they would build stop the test.
    let builders = spec.actions.filter { $0.async != nil && !feature.failureIsDerived($0) }.map { action in
      // One `_` per carried value the builder takes, and one for the error.
      let carried = action.async!.carried.filter { name in action.payload.contains { $0.name == name } }
      return Argument(
        action.async!.failure,
        .closure(
          Closure(
            parameters: Array(repeating: "_", count: carried.count + 1),
            body: .name("fatalError").call([Argument(nil, .literal(.string("the API tests send no \(action.name)")))]))))
    }
    let others = Expression.name(spec.names.testEffects).call(builders).dot("effects")
    let effectsConstant = Statement.declaration(
      VariableDeclaration(
        isConstant: true, name: "effects",
        initializer: Expression.name(spec.names.apiEffects).call(
          [Argument("client", .name("api"))]
            + (unbound.isEmpty ? [] : [Argument("others", others)]))))
    let perform = Expression.tryExpression(.awaitExpression(Expression.name("effects").dot(async.effect).call(arguments)))
    var declarations: [Declaration] = []
    // The success, read.
    var sampler = APISampler()
    let body = binding.success.body.map { sampler.sample($0) }
    var success = arrange(kept)
    success += effects(answering: response(binding.success.status, body: body))
    let own = feature.ownPayload(of: async.success, for: action)
    if own.isEmpty {
      success.append(.expression(perform))
    } else {
      success.append(.declaration(VariableDeclaration(isConstant: true, name: "value", initializer: perform)))
      for read in binding.success.values {
        let expected = body.flatMap { APISampler.read(read, from: $0) } ?? .null
        let actual = own.count == 1 ? Expression.name("value") : Expression.name("value").dot(read.field.name)
        success.append(
          tests.expect(actual, .equal, types.expression(expected, type: own.count == 1 && async.isOptional ? .optional(read.field.type) : read.field.type)))
      }
    }
    declarations.append(
      tests.test(
        "\(action.name) sends \(binding.operation) and reads its answer", names.make("\(action.name)Sends\(binding.method.uppercasingFirst)"),
        isAsync: true, throwing: true, success))
    // A documented error, then an undocumented status.
    var failures: [(String, (case: String, arguments: [Argument]), Expression)] = []
    let operation = Expression.literal(.string(binding.operation))
    // Every documented error: a case mapped to another shows.
    for error in binding.errors {
      let status = Self.sampleStatus(error.status)
      let expected: Expression =
        if let typedCase = error.typedCase, let typed {
          errorCase(typedCase, of: typed)
        } else {
          Expression.name("APIFailure").dot("documented").call([
            Argument(nil, operation), Argument("status", .literal(.int(status))),
            Argument("description", .literal(.string(error.description))),
          ])
        }
      failures.append(
        ("answered \(error.status.written)", response(error.status, body: error.body.map { sampler.sample($0) }), expected))
    }
    let undocumented: Expression =
      if let otherwise = binding.otherwiseCase, let typed {
        errorCase(otherwise, of: typed)
      } else {
        Expression.name("APIFailure").call([
          Argument("operation", operation),
          Argument("reason", .dot("undocumented").call([Argument("status", .literal(.int(599)))])),
          Argument("detail", .literal(.string(""))),
        ])
      }
    failures.append(
      (
        "answered an undocumented status",
        ("undocumented", [Argument("statusCode", .literal(.int(599))), Argument(nil, .initializer(nil).call())]),
        undocumented
      ))
    for (what, output, expected) in failures {
      var body = arrange(kept)
      body += effects(answering: output)
      body.append(
        .expression(
          .awaitExpression(
            .macro(
              "expect",
              [Argument("throws", expected), Argument("performing", .closure(Closure(body: perform)))]))))
      declarations.append(
        tests.test(
          "\(action.name) fails when \(binding.operation) \(what)",
          names.make("\(action.name)Fails\(what.split(separator: " ").map { $0.capitalized }.joined())"),
          isAsync: true, throwing: true, body))
    }
    if let dropped {
      // Not sent: the double has no answer, so a request would fail.
      var body = arrange(dropped)
      body += effects(answering: nil)
      // A success without a payload of its own is `Void?`, which Swift wants written.
      body.append(
        .declaration(
          VariableDeclaration(
            isConstant: true, name: "value", type: own.isEmpty ? .optional(.named("Void")) : nil, initializer: perform)))
      body.append(tests.expect(.name("value"), .equal, .literal(.nilLiteral)))
      declarations.append(
        tests.test(
          "\(action.name) isn't sent when its condition doesn't hold", names.make("\(action.name)IsNotSent"),
          isAsync: true, throwing: true, body))
    }
    return declarations
  }

  /// The state fields the request's inputs read.
  func stateReads(_ binding: APIBinding) -> [String] {
    var fields: [String] = []
    for input in binding.inputs {
      if case .state(let names) = input.source, let first = names.first, !fields.contains(first) { fields.append(first) }
    }
    return fields
  }

  /// A status a test answers with: the code, or one in the range (`4XX`: 418), or 599.
  static func sampleStatus(_ status: APIStatus) -> Int {
    switch status {
    case .code(let code): code
    case .range(let digit): digit * 100 + 18
    case .default: 599
    }
  }

  /// The `Output` of a status with a sample body: `.ok(.init(body: .json(...)))`.
  func response(_ status: APIStatus, body: APISampler.JSON?) -> (case: String, arguments: [Argument]) {
    let made: Expression =
      body.map { Expression.initializer(nil).call([Argument("body", .dot("json").call([Argument(nil, APISampler.expression($0))]))]) }
      ?? .initializer(nil).call()
    var arguments: [Argument] = []
    if case .code = status {} else { arguments.append(Argument("statusCode", .literal(.int(Self.sampleStatus(status))))) }
    arguments.append(Argument(nil, made))
    return (Self.caseName(status), arguments)
  }
}

/// Sample JSON of a response's shape, its leaves numbered apart, and what a spec read makes of it.
struct APISampler {
  indirect enum JSON: Equatable {
    case string(String), integer(Int), number(Double), boolean(Bool)
    case array([JSON])
    case object([Member])

    struct Member: Equatable {
      var name: String
      var value: JSON
    }
  }

  private var counter = 0

  mutating func sample(_ shape: APIShape) -> JSON {
    counter += 1
    switch shape {
    case .string: return .string("answer \(counter)")
    case .integer: return .integer(100 + counter)
    case .number: return .number(Double(counter) + 0.25)
    case .boolean: return .boolean(counter % 2 == 1)
    case .array(let element): return .array([sample(element)])
    case .object(let members): return .object(members.map { JSON.Member(name: $0.name, value: sample($0.shape)) })
    }
  }

  /// `.init(results: [.init(id: 101, name: "answer 2")])`: swift-openapi-generator's types built
  /// with their initializers, the types inferred.
  static func expression(_ json: JSON) -> Expression {
    switch json {
    case .string(let text): .literal(.string(text))
    case .integer(let number): .literal(.int(number))
    case .number(let number): .literal(.double(number))
    case .boolean(let flag): .literal(.bool(flag))
    case .array(let items): .array(items.map(expression))
    case .object(let members): .initializer(nil).call(members.map { Argument($0.name, expression($0.value)) })
    }
  }

  /// The spec value `read` makes of `json` (its root); nil where the read's path is missing.
  static func read(_ read: APIRead, from json: JSON) -> Value? {
    let value = self.value(read.value, from: json)
    if value == nil, let fallback = read.field.defaultValue { return fallback }
    if value == nil, case .list = read.value { return .array([]) }
    if value == nil, read.field.type.isOptional { return .null }
    return value
  }

  static func value(_ read: APIReadValue, from json: JSON) -> Value? {
    switch read {
    case .value(let path):
      return follow(path, json).flatMap(plain)
    case .model(let name, let path, let fields):
      guard let object = follow(path, json) else { return nil }
      return .model(name, fields.compactMap { field in self.read(field, from: object).map { (field.field.name, $0) } })
    case .list(let path, let element):
      guard case .array(let items)? = follow(path, json) else { return nil }
      let values = items.compactMap { value(element, from: $0) }
      return .array(values)
    }
  }

  static func follow(_ path: APIPath, _ json: JSON) -> JSON? {
    var current = json
    for step in path.steps {
      guard case .object(let members) = current, let next = members.first(where: { $0.name == step.property })?.value else {
        return nil
      }
      current = next
      if step.first {
        guard case .array(let items) = current, let first = items.first else { return nil }
        current = first
      }
    }
    return current
  }

  static func plain(_ json: JSON) -> Value? {
    switch json {
    case .string(let text): .string(text)
    case .integer(let number): .int(number)
    case .number(let number): .double(number)
    case .boolean(let flag): .bool(flag)
    case .array(let items): .array(items.compactMap(plain))
    case .object: nil
    }
  }
}
