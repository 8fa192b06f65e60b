import Foundation

/// `api:` and the requests bound to its operations (`operation:`, `request:`, `response:`,
/// `errors:` in an `async`): each binding is checked against the OpenAPI document, which
/// `OpenAPIDocument` reads, once the actions and their outcomes are known.
extension SpecChecker {
  /// The keys of an `async` that bind it to an operation.
  static let apiKeys = ["operation", "request", "response", "errors"]
  /// Names swift-openapi-generator's code declares in the module that holds the document.
  package static let clientTypeNames: Set<String> = ["APIProtocol", "Client", "Components", "Operations", "Servers"]

  mutating func checkAPI(_ node: YAMLNode?, bound read: ReadActions) -> APIBindings? {
    let bound = actions.filter { read.apiKeys[$0.name] != nil }
    guard let node else {
      for action in bound {
        if let keys = read.apiKeys[action.name], let first = Self.apiKeys.lazy.compactMap({ keys[$0] }).first {
          error(.api(.operationWithoutDocument), first)
        }
      }
      return nil
    }
    guard let relative = text(node, what: .key("api")) else { return nil }
    for name in models.map(\.name) + enums.map(\.name) + filters.map(\.name) where Self.clientTypeNames.contains(name) {
      error(.api(.typeNamedLikeClient(name)), node)
    }
    let documentPath = SpecChecker.resolve(relative, from: path)
    guard let bytes = readFile(documentPath) else {
      error(.api(.unreadableDocument(relative)), node)
      return nil
    }
    let root: YAMLNode
    do {
      let text = try SpecText.decode(bytes, path: documentPath)
      var read = DiagnosticCollector()
      guard let loaded = YAMLLoader().load(text, path: documentPath, diagnostics: &read) else {
        diagnostics.append(contentsOf: read.sorted)
        return nil
      }
      diagnostics.append(contentsOf: read.sorted)
      root = loaded
    } catch {
      diagnostics.append(contentsOf: error.diagnostics)
      return nil
    }
    guard case .mapping = root.kind else {
      error(.api(.unreadableDocumentYAML(relative)), node)
      return nil
    }
    let document = OpenAPIDocument(root, path: documentPath)
    for (problem, location) in document.problems { error(.api(problem), at: location) }
    var requests: [String: APIBinding] = [:]
    for action in bound {
      guard let keys = read.apiKeys[action.name],
        let binding = bind(action, keys: keys, statusNode: read.optionalStatus[action.name], document: document)
      else { continue }
      requests[action.name] = binding
    }
    return APIBindings(
      document: relative, documentPath: documentPath, requests: requests, operations: document.operations.keys.sorted())
  }

  /// `statusNode`: the request's `status:`, when it is `optional` too.
  private mutating func bind(_ action: Action, keys: CheckedKeys, statusNode: YAMLNode?, document: OpenAPIDocument)
    -> APIBinding?
  {
    guard let async = action.async else { return nil }
    guard let operationNode = keys["operation"] else {
      let first = Self.apiKeys.lazy.compactMap { keys[$0] }.first!
      missing("operation", in: .async(of: action.name), first)
      return nil
    }
    guard let written = text(operationNode, what: .key("operation")) else { return nil }
    // `searchVolumes if !query.isEmpty`: the operation by its document name (`search/repos`
    // too), then when the request is sent. The condition is lexed in place, the name blanked
    // out, so its offsets are the text's.
    let idEnd = written.range(of: " if ")?.lowerBound ?? written.endIndex
    let id = written[..<idEnd].trimmingCharacters(in: .whitespaces)
    let idOffset = written.distance(from: written.startIndex, to: written.firstIndex { $0 != " " } ?? written.startIndex)
    let rest = String(repeating: " ", count: written.distance(from: written.startIndex, to: idEnd)) + written[idEnd...]
    var tokens: TokenStream
    switch ExpressionLexer.tokens(rest) {
    case .failure(let token):
      error(.unexpectedText(token.text), at: operationNode.textLocation.advanced(by: token.offset))
      return nil
    case .success(let lexed):
      tokens = TokenStream(lexed)
    }
    guard !id.isEmpty else {
      error(.api(.unknownOperation(written, suggestion: nil)), operationNode)
      return nil
    }
    var condition: Predicate?
    if tokens.peek.kind == .identifier("if") {
      _ = tokens.next()
      guard let read = actionCondition(&tokens, key: operationNode, action: action) else { return nil }
      condition = read
      if PredicateSearch.fields(readBy: read).contains("state"), !async.readsState {
        error(.api(.conditionReadsState(action.name)), operationNode)
      }
      if !async.isOptional { error(.api(.conditionWithoutOptional(action.name)), operationNode) }
      if let statusNode {
        // Its status follows the condition, which the reducer decides from the payload.
        if PredicateSearch.fields(readBy: read).contains("state") {
          error(
            .exclusiveKeys(
              "optional", "status",
              reason: "the condition reads the state, which is read when the request runs, so the reducer can't tell "
                + "whether it is sent; a condition on the payload alone decides its status"),
            statusNode)
        } else if async.policy != .latest {
          error(
            .exclusiveKeys(
              "optional", "status",
              reason: "under 'policy: \(async.policy)' a request not sent leaves others running, so its status can't be "
                + "'idle'; only the default policy, latest, cancels them"),
            statusNode)
        }
      }
    } else if async.isOptional {
      error(.api(.optionalWithoutCondition(action.name)), operationNode)
    }
    guard tokens.isAtEnd else {
      error(.unexpectedText(written), at: operationNode.textLocation.advanced(by: tokens.peek.offset))
      return nil
    }
    guard let operation = document.operations[id] else {
      // Written as Swift names it (`searchRepos`, `search_sol_repos`): the document's name.
      let bySwiftName = document.operations.keys.sorted().first { OpenAPINames.swiftName($0) == id || OpenAPINames.camelCased($0) == id }
      error(
        .api(.unknownOperation(id, suggestion: bySwiftName ?? closestMatch(to: id, in: document.operations.keys.sorted()))),
        at: operationNode.textLocation.advanced(by: idOffset))
      return nil
    }
    let before = diagnostics.diagnostics.count
    let inputs = bindInputs(action, operation: operation, node: keys["request"], at: operationNode)
    let success = bindSuccess(action, operation: operation, node: keys["response"], at: operationNode)
    let (errors, otherwise) = bindErrors(action, operation: operation, node: keys["errors"], at: operationNode)
    guard diagnostics.diagnostics.count == before, let success else { return nil }
    return APIBinding(
      operation: id, summary: "\(operation.method.uppercased()) \(operation.route)", inputs: inputs, condition: condition,
      success: success, errors: errors, otherwiseCase: otherwise)
  }

  /// A request both `optional` and with a `status`: its status is `loading` where its
  /// operation's condition holds and `idle` where it doesn't (nothing is sent); without such a
  /// condition (an effect written by hand may end without an outcome for any reason) it would
  /// stay `loading`, which is an error.
  mutating func settleOptionalStatus(_ read: ReadActions, bound: APIBindings?) -> [Action] {
    var settled = actions
    for (request, node) in read.optionalStatus.sorted(by: { $0.key < $1.key }) {
      if let condition = bound?.requests[request]?.condition, let index = actionIndex[request] {
        settled[index].status?.condition = condition
      } else if bound?.requests[request] == nil, read.apiKeys[request] == nil {
        error(
          .exclusiveKeys(
            "optional", "status",
            reason: "a request that ends without an outcome would leave its status 'loading'; only one sent under a "
              + "condition on its payload ('operation: \"OPERATION if CONDITION\"') may have both, its status 'idle' where "
              + "the condition doesn't hold"),
          node)
      }
    }
    return settled
  }

  // MARK: Inputs

  private mutating func bindInputs(
    _ action: Action, operation: APIOperation, node: YAMLNode?, at operationNode: YAMLNode
  ) -> [APIInput] {
    let given = node.flatMap { mapping($0, what: .key("request")) } ?? []
    // A JSON body that is an object takes its properties as inputs of their own names.
    var candidates: [(name: String, place: APIInput.Location, required: Bool, schema: APISchema, what: String)] = []
    for parameter in operation.parameters {
      let place: APIInput.Location
      switch parameter.location {
      case .path: place = .path
      case .query: place = .query
      case .header: place = .headers
      case .cookie, .body:
        if parameter.isRequired {
          error(.api(.unsupportedInput(parameter.name, what: "a cookie")), operationNode)
        }
        continue
      }
      candidates.append((parameter.name, place, parameter.isRequired, parameter.schema, "\(parameter.location.rawValue) parameter"))
    }
    if let body = operation.body {
      if case .object(let properties, _) = body.schema {
        for property in properties {
          candidates.append((property.name, .body, body.isRequired && property.isRequired, property.schema, "body property"))
        }
      } else if body.isRequired {
        error(.api(.unsupportedInput("body", what: "a body that isn't a JSON object")), operationNode)
      }
    }
    var inputs: [APIInput] = []
    var used: Set<String> = []
    for pair in given {
      guard let name = pair.key.scalar else { continue }
      guard let candidate = candidates.first(where: { $0.name == name }) else {
        error(
          .api(.unknownInput(name, operation: operation.id, suggestion: closestMatch(to: name, in: candidates.map(\.name)))),
          pair.key)
        continue
      }
      used.insert(name)
      let member = OpenAPINames.swiftName(name)
      guard let source = inputSource(pair.value, for: action, input: name, schema: candidate.schema, required: candidate.required)
      else { continue }
      inputs.append(APIInput(location: candidate.place, member: member, source: source))
    }
    for candidate in candidates where !used.contains(candidate.name) {
      // A payload parameter of the input's name needs no mapping.
      if let parameter = action.payload.first(where: { $0.name == candidate.name }) {
        let member = OpenAPINames.swiftName(candidate.name)
        if checkInputType(parameter.type, schema: candidate.schema, input: candidate.name, required: candidate.required,
          source: parameter.name, at: operationNode)
        {
          inputs.append(APIInput(location: candidate.place, member: member, source: .parameter([parameter.name])))
        }
      } else if candidate.required {
        error(.api(.missingInput(candidate.name, place: candidate.what, operation: operation.id)), operationNode)
      }
    }
    // In the order swift-openapi-generator's initializers take them: the document's.
    let order = candidates.map { OpenAPINames.swiftName($0.name) }
    return inputs.sorted { order.firstIndex(of: $0.member) ?? 0 < order.firstIndex(of: $1.member) ?? 0 }
  }

  /// Whether swift-openapi-generator's Swift name for a document's name is the name itself
  /// (ASCII letters, digits and `_`, not a keyword), which is all redux-gen binds of a response.
  package static func keepsItsName(_ name: String) -> Bool {
    name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
      && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
      && !TextRenderer.keywords.contains(name)
  }


  private mutating func inputSource(
    _ node: YAMLNode, for action: Action, input: String, schema: APISchema, required: Bool
  ) -> APIValueSource? {
    guard let text = text(node, what: .key("request")) else { return nil }
    if case .scalar(_, .quoted) = node.kind {
      guard case .string = schema else {
        error(.api(.inputTypeMismatch(input, documented: schema.summary, given: "a string")), node)
        return nil
      }
      return .literal(.string(text))
    }
    if text == "true" || text == "false" {
      guard case .boolean = schema else {
        error(.api(.inputTypeMismatch(input, documented: schema.summary, given: "a Bool")), node)
        return nil
      }
      return .literal(.bool(text == "true"))
    }
    if let number = Int(text) {
      switch schema {
      case .integer: return .literal(.int(number))
      case .number: return .literal(.double(Double(number)))
      default:
        error(.api(.inputTypeMismatch(input, documented: schema.summary, given: "a number")), node)
        return nil
      }
    }
    if let number = Double(text), text.first?.isNumber == true || text.first == "-" {
      guard case .number = schema else {
        error(.api(.inputTypeMismatch(input, documented: schema.summary, given: "a number")), node)
        return nil
      }
      return .literal(.double(number))
    }
    // A payload parameter or `state.FIELD`, then fields of models.
    var names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let readsState = names.first == "state" && !action.payload.contains { $0.name == "state" }
    if readsState {
      names.removeFirst()
      if action.async?.readsState != true { error(.api(.stateWithoutReadsState(action.name)), node) }
    }
    let roots = readsState ? state : action.payload
    guard let rootName = names.first, let root = roots.first(where: { $0.name == rootName }) else {
      let candidates = roots.map(\.name)
      error(
        .api(.unknownSource(text, request: action.name, suggestion: closestMatch(to: names.first ?? text, in: candidates))),
        node)
      return nil
    }
    var type = root.type
    for name in names.dropFirst() {
      guard case .model(let modelName) = type, let field = modelsByName[modelName]?.fields.first(where: { $0.name == name })
      else {
        error(.api(.unknownSource(text, request: action.name, suggestion: nil)), node)
        return nil
      }
      type = field.type
    }
    guard checkInputType(type, schema: schema, input: input, required: required, source: text, at: node) else { return nil }
    return readsState ? .state(names) : .parameter(names)
  }

  /// Whether a value of `type` fits the input's schema.
  private mutating func checkInputType(
    _ type: SpecType, schema: APISchema, input: String, required: Bool, source: String, at node: YAMLNode
  ) -> Bool {
    var type = type
    if case .optional(let wrapped) = type {
      if required {
        error(.api(.optionalIntoRequiredInput(input, source: source)), node)
        return false
      }
      type = wrapped
    }
    let fits =
      switch (type, schema) {
      case (.scalar(.string), .string), (.scalar(.int), .integer(nil, _)), (.scalar(.int64), .integer(64, _)),
        (.scalar(.double), .number), (.scalar(.bool), .boolean):
        true
      default: false
      }
    if !fits {
      error(.api(.inputTypeMismatch(input, documented: schema.summary, given: type.swiftName)), node)
    }
    return fits
  }

  // MARK: The success

  private mutating func bindSuccess(
    _ action: Action, operation: APIOperation, node: YAMLNode?, at operationNode: YAMLNode
  ) -> APISuccess? {
    guard let async = action.async else { return nil }
    let successes = operation.responses.filter(\.status.isSuccess)
    guard let response = successes.first else {
      error(.api(.noSuccessResponse(operation.id)), operationNode)
      return nil
    }
    if successes.count > 1 {
      error(.api(.manySuccessResponses(operation.id, successes.map(\.status.written))), operationNode)
      return nil
    }
    let carried = async.carried
    let own = self.action(named: async.success)?.payload.filter { !carried.contains($0.name) } ?? []
    var mapped: [String: (path: APIPath, node: YAMLNode)] = [:]
    var keyNodes: [(String, YAMLNode)] = []
    for pair in node.flatMap({ mapping($0, what: .key("response")) }) ?? [] {
      guard let key = pair.key.scalar, let value = text(pair.value, what: .key("response")) else { continue }
      keyNodes.append((key, pair.key))
      guard let path = Self.responsePath(value) else {
        error(.api(.invalidResponsePath(value)), pair.value)
        continue
      }
      mapped[key] = (path, pair.value)
    }
    var values: [APIRead] = []
    var keys: Set<String> = []
    var failedKeys: Set<String> = []
    if !own.isEmpty {
      guard let schema = response.json else {
        error(.api(.successWithoutJSON(operation.id, status: response.status.written)), operationNode)
        return nil
      }
      var reader = ResponseReader(checker: self, mapped: mapped, operation: operation.id, at: operationNode)
      for field in own {
        // Mapped, else a property of the field's name (its JSON key), else the whole body when
        // the success has one field and the body isn't an object (a list, say).
        let isObject = if case .object = schema { true } else { false }
        let fallbackWhole = own.count == 1 && !isObject
        if let read = reader.read(field, key: field.name, from: schema, topLevel: true, wholeIfUnnamed: fallbackWhole) {
          values.append(read)
        }
      }
      keys = reader.keys
      // Those failed before reading what is under them.
      let visited = reader.keys
      failedKeys = reader.failed.filter { failed in
        !visited.contains { $0.hasPrefix(failed + ".") || $0.hasPrefix(failed + "[]") }
      }
      self = reader.checker
    }
    let allKeys = keys
    for (key, keyNode) in keyNodes where !allKeys.contains(key) {
      // Under a field that couldn't be read, and was reported so.
      if failedKeys.contains(where: { key.hasPrefix($0 + ".") || key.hasPrefix($0 + "[]") }) { continue }
      error(.api(unusedResponseKey(key, keys: allKeys)), keyNode)
    }
    // The tests answer with a body whenever the response documents one.
    let body = response.json.flatMap { shape($0, at: operationNode) }
    return APISuccess(status: APIStatus(response.status), body: body, values: values)
  }

  /// What is wrong with a `response:` key that names no field: the deepest key it extends
  /// (`books[]`) and the step after it that isn't a field there, else the key's head.
  private func unusedResponseKey(_ key: String, keys: Set<String>) -> APIProblem {
    // A list's element (`books[]`) is a key's parent too.
    var parents = keys
    for known in keys {
      var rest = known[...]
      while let range = rest.range(of: "[]") {
        parents.insert(String(known[..<range.upperBound]))
        rest = rest[range.upperBound...]
      }
    }
    let parent = parents.filter { key.hasPrefix($0 + ".") }.max { $0.count < $1.count }
    guard let parent else {
      return .unusedResponseKey(key, under: nil, suggestion: closestMatch(to: key, in: keys.sorted()))
    }
    let rest = key.dropFirst(parent.count + 1)
    let step = String(rest.prefix { $0 != "." && $0 != "[" })
    let children = parents.compactMap { child -> String? in
      guard child.hasPrefix(parent + ".") else { return nil }
      let name = child.dropFirst(parent.count + 1).prefix { $0 != "." && $0 != "[" }
      return String(name)
    }
    return .unusedResponseKey(key, under: APIProblem.KeyAndPlace(key: parent, place: step), suggestion: closestMatch(to: step, in: Array(Set(children)).sorted()))
  }

  /// `volumeInfo.authors[0]`, as steps (optional ones are marked against the schema later);
  /// `.` (or JSONPath's `$`) is the whole body, no steps.
  static func responsePath(_ text: String) -> APIPath? {
    if text == "." || text == "$" { return APIPath() }
    var steps: [APIPath.Step] = []
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      var name = Substring(part)
      var first = false
      if name.hasSuffix("[0]") {
        name = name.dropLast(3)
        first = true
      }
      guard let head = name.first, head == "_" || head.isLetter, name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
      else { return nil }
      steps.append(APIPath.Step(property: String(name), isOptional: false, first: first))
    }
    return steps.isEmpty ? nil : APIPath(steps: steps)
  }

  // MARK: Errors

  private mutating func bindErrors(
    _ action: Action, operation: APIOperation, node: YAMLNode?, at operationNode: YAMLNode
  ) -> ([APIError], String?) {
    let failureShape = FailureShape(own: failureOwnPayload(action)) { name in
      modelsByName[name] != nil || enums.contains { $0.name == name }
    }
    let documented = operation.responses.filter { !$0.status.isSuccess }
    var cases: [APIResponse.Status: String] = [:]
    var otherwise: String?
    switch failureShape {
    case .builtByEffects:
      error(.api(.failureBuiltByEffects(action.name)), operationNode)
    case .typed(let type) where expressionModelsByName[type] != nil && modelsByName[type] == nil:
      error(.enumCarriesValues(type, use: "name an API error response by"), operationNode)
    case .typed(let type):
      let known = enumCaseNames[type] ?? []
      guard enums.contains(where: { $0.name == type }) else {
        error(.api(.failureBuiltByEffects(action.name)), operationNode)
        break
      }
      for pair in node.flatMap({ mapping($0, what: .key("errors")) }) ?? [] {
        guard let key = pair.key.scalar, let name = text(pair.value, what: .key("errors")) else { continue }
        guard known.contains(name) else {
          error(.api(.unknownErrorCase(name, type: type, suggestion: closestMatch(to: name, in: known))), pair.value)
          continue
        }
        guard let status = APIResponse.Status(key) else {
          error(.api(.unknownErrorStatus(key, operation: operation.id, documented: documented.map(\.status.written))), pair.key)
          continue
        }
        if status == .default {
          otherwise = name
        } else if status.isSuccess {
          error(.api(.successStatusInErrors(key)), pair.key)
        } else if !documented.contains(where: { $0.status == status }) {
          error(.api(.unknownErrorStatus(key, operation: operation.id, documented: documented.map(\.status.written))), pair.key)
        } else {
          cases[status] = name
        }
      }
      if otherwise == nil { error(.api(.typedFailureNeedsDefault(action.name, type: type)), node ?? operationNode) }
    case .message, .carriedOnly:
      if let node { error(.api(.errorsWithoutTypedFailure(action.name)), node) }
    }
    var errors: [APIError] = []
    for response in documented {
      errors.append(
        APIError(
          status: APIStatus(response.status), description: response.description,
          body: response.json.flatMap { shape($0, at: operationNode) }, typedCase: cases[response.status] ?? otherwise))
    }
    return (errors, otherwise)
  }

  /// The shape generated tests build of a schema: required properties always (an error where
  /// one can't be built), optional ones where they can.
  private mutating func shape(_ schema: APISchema, at node: YAMLNode, name: String = "") -> APIShape? {
    switch schema {
    case .string: return .string
    case .integer(nil, _): return .integer
    case .integer: return .integer
    case .number: return .number
    case .boolean: return .boolean
    case .array(let items, _): return shape(items, at: node, name: name + "[]").map(APIShape.array)
    case .object(let properties, _):
      var members: [APIShape.Member] = []
      for property in properties {
        if property.isRequired {
          guard Self.keepsItsName(property.name) else {
            error(.api(.notSwiftName(property.name, what: "response property")), node)
            return nil
          }
          guard let member = shape(property.schema, at: node, name: joinedPath(name, property.name)) else { return nil }
          members.append(APIShape.Member(name: property.name, shape: member))
        } else if Self.keepsItsName(property.name), Self.buildable(property.schema) {
          members.append(APIShape.Member(name: property.name, shape: shape(property.schema, at: node)!))
        }
      }
      return .object(members)
    case .unsupported(let what, let where_):
      error(.api(.unbuildableResponse(name, type: what)), at: where_.location)
      return nil
    }
  }

  /// Whether a schema's shape can be built without reporting anything.
  private static func buildable(_ schema: APISchema) -> Bool {
    switch schema {
    case .string, .integer, .number, .boolean: true
    case .array(let items, _): buildable(items)
    case .object(let properties, _):
      properties.allSatisfy { !$0.isRequired || (keepsItsName($0.name) && buildable($0.schema)) }
    case .unsupported: false
    }
  }

  /// The failure action's payload but the carried fields.
  private func failureOwnPayload(_ action: Action) -> [Field] {
    guard let async = action.async else { return [] }
    return self.action(named: async.failure)?.payload.filter { !async.carried.contains($0.name) } ?? []
  }
}

extension APIStatus {
  init(_ status: APIResponse.Status) {
    switch status {
    case .code(let code): self = .code(code)
    case .range(let digit): self = .range(digit)
    case .default: self = .default
    }
  }
}
