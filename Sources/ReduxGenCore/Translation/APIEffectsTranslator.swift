/// `<Feature>APIEffects`, the live effects of requests bound to an OpenAPI document's
/// operations, calling swift-openapi-generator's `Client` (any `APIProtocol`); and its tests,
/// on `<Feature>APIDouble`, an in-memory `APIProtocol` that answers what each test sets.
struct APIEffectsTranslator {
  let spec: Spec
  let bindings: APIBindings
  private let feature: FeatureTranslator
  private var types: TypeTranslator { feature.effectTypes }

  init?(spec: Spec) {
    guard let bindings = spec.api, !bindings.requests.isEmpty else { return nil }
    self.spec = spec
    self.bindings = bindings
    feature = FeatureTranslator(spec: spec)
  }

  private var access: AccessModifier? { spec.access.modifier }
  private var names: GeneratedNames { spec.names }
  private var bound: [(Action, APIBinding)] {
    spec.actions.compactMap { action in bindings.requests[action.name].map { (action, $0) } }
  }
  private var unbound: [Action] { spec.handWrittenRequests }

  // MARK: The live effects

  func effectsFile() -> [Declaration] {
    let others = !unbound.isEmpty
    // swift-openapi-generator's code is internal to the module (its default): `client` and the
    // initializer taking one are too; the public one makes the `Client` from a server URL.
    var members: [Declaration] = [
      .variable(
        VariableDeclaration(
          doc: "Sends the requests: the document's `Client`, or a test's `APIProtocol`.", isConstant: true,
          name: "client", type: .existential("APIProtocol")))
    ]
    var parameters = [Parameter(name: "client", type: .existential("APIProtocol"))]
    var assignments: [Statement] = [.assignment(.name("self").dot("client"), .name("client"))]
    var othersParameter: [Parameter] = []
    if others {
      members.append(
        .variable(
          VariableDeclaration(
            doc: "Performs the requests the spec doesn't bind to an operation.", access: access, isConstant: true,
            name: "others", type: "Others")))
      othersParameter = [Parameter(name: "others", type: "Others")]
      parameters += othersParameter
      assignments.append(.assignment(.name("self").dot("others"), .name("others")))
    }
    members.append(
      .function(
        FunctionDeclaration(
          doc: "Sends the requests through `client`.", kind: .initializer, parameters: parameters, body: assignments)))
    let clientArguments = [
      Argument("serverURL", .name("serverURL")), Argument("transport", .name("transport")),
      Argument("middlewares", .name("middlewares")),
    ]
    members.append(
      .function(
        FunctionDeclaration(
          doc: """
            Sends the requests to `serverURL` (such as `try Servers.Server1.url()`) through `transport` \
            (`URLSessionTransport()` from swift-openapi-urlsession, say), each through `middlewares` first.
            """,
          access: access, kind: .initializer,
          parameters: [
            Parameter(name: "serverURL", type: .qualified(module: "Foundation", name: "URL")),
            Parameter(name: "transport", type: .existential("ClientTransport")),
            Parameter(
              name: "middlewares", type: .array(.existential("ClientMiddleware")), defaultValue: .literal(.emptyArray)),
          ] + othersParameter,
          body: [
            .expression(
              Expression.initializer(.name("self")).call(
                [Argument("client", .name("Client").call(clientArguments))]
                  + (others ? [Argument("others", .name("others"))] : [])))
          ])))
    members += bound.map { .function(requirement($0, $1)) }
    members += unbound.flatMap(forwarded)
    let document = bindings.document
    return [
      .structure(
        TypeDeclaration(
          doc: """
            The \(spec.feature) feature's effects, each request sent to its operation of `\(document)` \
            through `client`\(others ? ", the others performed by `others`" : "").
            """,
          access: access, name: names.apiEffects,
          genericParameters: others ? [GenericParameter(name: "Others", conformance: .named(names.otherEffects))] : [],
          inherits: [.named(names.effects)], members: members))
    ]
  }

  private func parameters(_ action: Action) -> [Parameter] {
    var parameters = action.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
    if action.async!.readsState { parameters.append(Parameter(name: "state", type: .named(spec.stateTypeName))) }
    return parameters
  }

  /// The requirement for a request the spec doesn't bind, passed on to `others`.
  private func forwarded(_ action: Action) -> [Declaration] {
    let async = action.async!
    var arguments = action.payload.map { Argument($0.name, .name($0.name)) }
    if async.readsState { arguments.append(Argument("state", .name("state"))) }
    let call = Expression.tryExpression(.awaitExpression(.name("self").dot("others").dot(async.effect).call(arguments)))
    var declarations: [Declaration] = [
      .function(
        FunctionDeclaration(
          access: access, kind: .function(async.effect), parameters: parameters(action), isAsync: true,
          isThrowing: true, thrownType: feature.typedErrorType(action), returnType: feature.successType(action),
          body: [feature.successType(action) == nil ? .expression(call) : .returnStatement(call)]))
    ]
    if !feature.failureIsDerived(action) {
      let carried = async.carried.compactMap { name in action.payload.first { $0.name == name } }
      declarations.append(
        .function(
          FunctionDeclaration(
            access: access, kind: .function(async.failure),
            parameters: carried.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
              + [Parameter(name: "error", type: .existential(.qualified(module: "Swift", name: "Error")))],
            returnType: .named(spec.actionTypeName),
            body: [
              .returnStatement(
                .name("self").dot("others").dot(async.failure).call(
                  carried.map { Argument($0.name, .name($0.name)) } + [Argument("error", .name("error"))]))
            ])))
    }
    return declarations
  }

  private func requirement(_ action: Action, _ binding: APIBinding) -> FunctionDeclaration {
    let async = action.async!
    let typed = feature.typedError(action)
    let operation = Expression.literal(.string(binding.operation))
    let otherwise = binding.otherwiseCase.map { errorCase($0, of: typed!) }
    var body: [Statement] = []
    if let condition = binding.condition {
      let test = PredicateTranslator(types: types, element: .name("state")) { .name($0) }.expression(condition)
      body.append(.ifElse(.prefix(.not, .parenthesized(test)), [.returnStatement(.literal(.nilLiteral))], nil))
    }
    // The input first: a call of a line of its own is one the renderer can break.
    body.append(
      .declaration(
        VariableDeclaration(
          isConstant: true, name: "input",
          initializer: input(binding, type: .type(operationType(binding.method, "Input"))))))
    let send = Expression.tryExpression(
      .awaitExpression(.name("self").dot("client").dot(binding.method).call([Argument(nil, .name("input"))])))
    let calling = Expression.name("APIFailure").dot("calling").call(
      [Argument(nil, operation)] + (otherwise.map { [Argument("failing", $0)] } ?? [])
        + [Argument(nil, .closure(Closure(body: send)))])
    body.append(
      .declaration(
        VariableDeclaration(isConstant: true, name: "output", initializer: .tryExpression(.awaitExpression(calling)))))
    var cases: [SwitchCase] = []
    // The success.
    var successBody: [Statement] = []
    let values = binding.success.values
    if !values.isEmpty {
      let read = Expression.tryExpression(.name("response").dot("body").dot("json"))
      let decoding = Expression.name("APIFailure").dot("decoding").call(
        [Argument(nil, operation)] + (otherwise.map { [Argument("failing", $0)] } ?? [])
          + [Argument(nil, .closure(Closure(body: read)))])
      successBody.append(
        .declaration(VariableDeclaration(isConstant: true, name: "body", initializer: .tryExpression(decoding))))
    }
    let own = feature.ownPayload(of: async.success, for: action)
    let returned: Expression? =
      switch own.count {
      case 0: async.isOptional ? .tuple([]) : nil
      case 1: values.first.map { readExpression($0, root: .name("body"), depth: 0) }
      default:
        .tuple(
          own.map { field in
            Argument(
              field.name,
              values.first { $0.field.name == field.name }.map { readExpression($0, root: .name("body"), depth: 0) }
                ?? .literal(.nilLiteral))
          })
      }
    successBody.append(.returnStatement(returned))
    cases.append(
      SwitchCase(patterns: [pattern(binding.success.status, values.isEmpty ? [] : ["response"])], body: successBody))
    for error in binding.errors {
      let thrown: Expression
      var bindings: [String?] = []
      if let typedCase = error.typedCase, let typed {
        thrown = errorCase(typedCase, of: typed)
      } else {
        let status: Expression
        if case .code(let code) = error.status {
          status = .literal(.int(code))
        } else {
          status = .name("statusCode")
          bindings = ["statusCode", nil]
        }
        thrown = Expression.name("APIFailure").dot("documented").call([
          Argument(nil, operation), Argument("status", status), Argument("description", .literal(.string(error.description))),
        ])
      }
      cases.append(SwitchCase(patterns: [pattern(error.status, bindings)], body: [.throwStatement(thrown)]))
    }
    if let otherwise {
      cases.append(SwitchCase(patterns: [Pattern(caseName: "undocumented", bindings: [])], body: [.throwStatement(otherwise)]))
    } else {
      cases.append(
        SwitchCase(
          patterns: [Pattern(caseName: "undocumented", bindings: ["statusCode", "payload"])],
          body: [
            .throwStatement(
              .awaitExpression(
                Expression.name("APIFailure").dot("undocumented").call([
                  Argument(nil, operation), Argument("status", .name("statusCode")), Argument(nil, .name("payload")),
                ])))
          ]))
    }
    body.append(.switchStatement(.name("output"), cases))
    return FunctionDeclaration(
      doc: "`\(binding.operation)`: \(binding.summary).", access: access, kind: .function(async.effect),
      parameters: parameters(action), isAsync: true, isThrowing: true, thrownType: feature.typedErrorType(action),
      returnType: feature.successType(action), body: body)
  }

  func operationType(_ operation: String, _ member: String) -> TypeName {
    .named("Operations.\(operation).\(member)")
  }

  private func errorCase(_ name: String, of type: String) -> Expression {
    Expression.type(types.specType(type)).dot(name)
  }

  /// The `Output` case of a status, binding `bindings` (a range's and `default`'s status code first).
  private func pattern(_ status: APIStatus, _ bindings: [String?]) -> Pattern {
    switch status {
    case .code(let code):
      Pattern(caseName: Self.caseName(code), bindings: bindings.isEmpty ? [] : [bindings.last!])
    case .range, .default:
      Pattern(
        caseName: Self.caseName(status),
        bindings: bindings.isEmpty ? [] : bindings.count == 2 ? bindings : [nil, bindings[0]])
    }
  }

  static func caseName(_ status: APIStatus) -> String {
    switch status {
    case .code(let code): caseName(code)
    case .range(let digit): ["informational", "successful", "redirection", "clientError", "serverError"][digit - 1]
    case .default: "default"
    }
  }

  /// swift-openapi-generator's name for a status's case of an operation's `Output`.
  static func caseName(_ code: Int) -> String {
    statusNames[code] ?? "code\(code)"
  }

  private static let statusNames: [Int: String] = [
    101: "switchingProtocols", 103: "earlyHints", 200: "ok", 201: "created", 202: "accepted",
    203: "nonAuthoritativeInformation", 204: "noContent", 205: "resetContent", 206: "partialContent",
    300: "multipleChoices", 301: "movedPermanently", 302: "found", 303: "seeOther", 304: "notModified",
    307: "temporaryRedirect", 308: "permanentRedirect", 400: "badRequest", 401: "unauthorized", 403: "forbidden",
    404: "notFound", 405: "methodNotAllowed", 406: "notAcceptable", 407: "proxyAuthenticationRequired",
    408: "requestTimeout", 409: "conflict", 410: "gone", 411: "lengthRequired", 412: "preconditionFailed",
    413: "contentTooLarge", 414: "uriTooLong", 415: "unsupportedMediaType", 416: "rangeNotSatisfiable",
    417: "expectationFailed", 421: "misdirectedRequest", 422: "unprocessableContent", 425: "tooEarly",
    426: "upgradeRequired", 428: "preconditionRequired", 429: "tooManyRequests", 431: "requestHeaderFieldsTooLarge",
    451: "unavailableForLegalReasons", 500: "internalServerError", 501: "notImplemented", 502: "badGateway",
    503: "serviceUnavailable", 504: "gatewayTimeout", 505: "httpVersionNotSupported",
    511: "networkAuthenticationRequired",
  ]

  /// `.init(path: .init(id: id), query: .init(q: query))`: the operation's `Input`.
  func input(
    _ binding: APIBinding, type: Expression = .initializer(nil), value: (APIValueSource) -> Expression = Self.sourceExpression
  ) -> Expression {
    var groups: [Argument] = []
    for location in [APIInput.Location.path, .query, .headers, .body] {
      let members = binding.inputs.filter { $0.location == location }
      guard !members.isEmpty else { continue }
      let made = Expression.initializer(nil).call(members.map { Argument($0.member, value($0.source)) })
      groups.append(Argument(location.rawValue, location == .body ? Expression.dot("json").call([Argument(nil, made)]) : made))
    }
    return type.call(groups)
  }

  static func sourceExpression(_ source: APIValueSource) -> Expression {
    switch source {
    case .parameter(let names): names.dropFirst().reduce(Expression.name(names[0])) { $0.dot($1) }
    case .state(let names): names.reduce(Expression.name("state")) { $0.dot($1) }
    case .literal(let literal): literalExpression(literal)
    }
  }

  static func literalExpression(_ literal: APIValueSource.Literal) -> Expression {
    switch literal {
    case .string(let text): .literal(.string(text))
    case .int(let number): .literal(.int(number))
    case .double(let number): .literal(.double(number))
    case .bool(let flag): .literal(.bool(flag))
    }
  }

  // MARK: Reading the answer

  /// The spec value `read` makes from `root`: a property path, a model, a list.
  private func readExpression(_ read: APIRead, root: Expression, depth: Int) -> Expression {
    let value = valueExpression(read.value, type: read.field.type, root: root, depth: depth)
    let path =
      switch read.value {
      case .value(let path), .model(_, let path, _), .list(let path, _): path
      }
    guard path.isOptional, !read.field.type.isOptional else { return value }
    // A missing value falls back on the field's default; a list is empty (`valueExpression`).
    if case .list = read.value { return value }
    guard let fallback = read.field.defaultValue else { return value }
    return .binary(value, .nilCoalescing, types.expression(fallback, type: read.field.type))
  }

  private func valueExpression(_ value: APIReadValue, type: SpecType, root: Expression, depth: Int) -> Expression {
    let specType = type.unwrappedOptional
    switch value {
    case .value(let path):
      return pathExpression(root, path)
    case .model(let name, let path, let fields):
      func build(_ object: Expression) -> Expression {
        Expression.type(types.typeName(.model(name))).call(
          fields.map { Argument($0.field.name, readExpression($0, root: object, depth: depth + 1)) })
      }
      guard !path.steps.isEmpty else { return build(root) }
      guard path.isOptional else { return build(pathExpression(root, path)) }
      let name = "object\(depth + 1)"
      return pathExpression(root, path).dot("map").call([Argument(nil, .closure(Closure(parameters: [name], body: build(.name(name)))))])
    case .list(let path, let element):
      var array = path.steps.isEmpty ? root : pathExpression(root, path)
      if path.isOptional { array = .parenthesized(.binary(array, .nilCoalescing, .literal(.emptyArray))) }
      guard case .array(let elementType) = specType else { return array }
      var mapped = array
      if case .value(let elementPath) = element, elementPath.steps.isEmpty {
        // Scalars as they are.
      } else {
        let name = "element\(depth + 1)"
        let made = valueExpression(element, type: elementType, root: .name(name), depth: depth + 1)
        mapped = array.dot("map").call([Argument(nil, .closure(Closure(parameters: [name], body: made)))])
      }
      guard types.isIdentifiedList(specType) else { return mapped }
      return types.runtime.value("IdentifiedArray").call([Argument("answered", mapped)])
    }
  }

  /// `body.volumeInfo.authors?.first`: optional chaining after each property the document
  /// doesn't require.
  private func pathExpression(_ root: Expression, _ path: APIPath) -> Expression {
    var expression = root
    var chained = false
    for step in path.steps {
      expression = (chained ? Expression.optionalChain(expression) : expression).dot(step.property)
      if step.isOptional { chained = true }
      if step.first {
        expression = (chained ? Expression.optionalChain(expression) : expression).dot("first")
        chained = true
      }
    }
    return expression
  }
}

extension SpecType {
  /// The type without its optional.
  var unwrappedOptional: SpecType {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }
}

// MARK: Tests

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
  private func double() -> Declaration {
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

  private func requestTests(_ action: Action, _ binding: APIBinding, tests: TestTranslator, names: inout UniqueNames)
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
  private func stateReads(_ binding: APIBinding) -> [String] {
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
  private func response(_ status: APIStatus, body: APISampler.JSON?) -> (case: String, arguments: [Argument]) {
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

  private static func value(_ read: APIReadValue, from json: JSON) -> Value? {
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

  private static func follow(_ path: APIPath, _ json: JSON) -> JSON? {
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

  private static func plain(_ json: JSON) -> Value? {
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
