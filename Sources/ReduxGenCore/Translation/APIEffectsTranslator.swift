/// `<Feature>APIEffects`, the live effects of requests bound to an OpenAPI document's
/// operations, calling swift-openapi-generator's `Client` (any `APIProtocol`); and its tests,
/// on `<Feature>APIDouble`, an in-memory `APIProtocol` that answers what each test sets.
struct APIEffectsTranslator {
  let spec: Spec
  let bindings: APIBindings
  let feature: FeatureTranslator
  var types: TypeTranslator { feature.effectTypes }

  init?(spec: Spec) {
    guard let bindings = spec.api, !bindings.requests.isEmpty else { return nil }
    self.spec = spec
    self.bindings = bindings
    feature = FeatureTranslator(spec: spec)
  }

  var access: AccessModifier? { spec.access.modifier }
  var names: GeneratedNames { spec.names }
  var bound: [(Action, APIBinding)] {
    spec.actions.compactMap { action in bindings.requests[action.name].map { (action, $0) } }
  }
  var unbound: [Action] { spec.handWrittenRequests }

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

  func parameters(_ action: Action) -> [Parameter] {
    var parameters = action.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) }
    if action.async!.readsState { parameters.append(Parameter(name: "state", type: .named(spec.stateTypeName))) }
    return parameters
  }

  /// The requirement for a request the spec doesn't bind, passed on to `others`.
  func forwarded(_ action: Action) -> [Declaration] {
    let async = action.async!
    var arguments = action.payload.map { Argument($0.name, .name($0.name)) }
    if async.readsState { arguments.append(Argument("state", .name("state"))) }
    let call = Expression.tryExpression(.awaitExpression(.name("self").dot("others").dot(async.effect).call(arguments)))
    var declarations: [Declaration] = [
      .function(
        FunctionDeclaration(
          access: access, kind: .function(async.effect), parameters: parameters(action), isAsync: true,
          isThrowing: true, thrownType: feature.typedErrorType(action), returnType: feature.effectReturnType(action),
          body: [feature.effectReturnType(action) == nil ? .expression(call) : .returnStatement(call)]))
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

  func requirement(_ action: Action, _ binding: APIBinding) -> FunctionDeclaration {
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

  func errorCase(_ name: String, of type: String) -> Expression {
    Expression.type(types.specType(type)).dot(name)
  }

  /// The `Output` case of a status, binding `bindings` (a range's and `default`'s status code first).
  func pattern(_ status: APIStatus, _ bindings: [String?]) -> Pattern {
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
  func readExpression(_ read: APIRead, root: Expression, depth: Int) -> Expression {
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

  func valueExpression(_ value: APIReadValue, type: SpecType, root: Expression, depth: Int) -> Expression {
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
  func pathExpression(_ root: Expression, _ path: APIPath) -> Expression {
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
