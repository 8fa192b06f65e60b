extension SpecChecker {
  mutating func checkMiddleware(_ node: YAMLNode) -> [Middleware] {
    var result: [Middleware] = []
    for pair in mapping(node, what: .key("middleware")) ?? [] {
      guard let name = typeName(pair.key, what: .a(.middleware)) else { continue }
      if result.contains(where: { $0.name == name }) || typeNames.contains(name) {
        error(.duplicateName(name, what: .kind(.type)), pair.key)
        continue
      }
      guard checkTypeName(name, what: .kind(.middleware), pair.key, middleware: result.map(\.name)) else { continue }
      if let clash = GeneratedNames.middlewareTypes(name).first(where: { typeNames.contains($0) }) {
        error(.reservedName(name, what: .kind(.middleware), reason: .generatedTypeDeclared(clash)), pair.key)
        continue
      }
      let context: Subject = .named(.middleware, name)
      guard let pairs = mapping(pair.value, what: context) else { continue }
      let keys = checkKeys(pairs, allowed: ["doc", "on", "dispatches", "emits"], context: context)
      let on = keys["on"].map { actionNames($0, what: .key("on")) } ?? []
      if let dispatches = keys["dispatches"] { _ = actionNames(dispatches, what: .key("dispatches")) }
      let emits = keys["emits"].map { eventNames($0) } ?? []
      if on.isEmpty, keys["on"].map({ $0.isNull || $0.kind == .sequence([]) }) ?? true {
        diagnostics.warning(.middlewareHandlesNothing(name), at: pair.key.location)
      }
      result.append(
        Middleware(name: name, doc: keys["doc"].flatMap { text($0, what: .key("doc")) }, on: on, emits: emits))
    }
    return result
  }

  /// Checks that each listed event is declared.
  private mutating func eventNames(_ node: YAMLNode) -> [String] {
    let items = node.scalar != nil ? [node] : sequence(node, what: .key("emits")) ?? []
    var names: [String] = []
    for item in items {
      guard let name = text(item, what: .a(.event)) else { continue }
      if events.contains(where: { $0.name == name }) {
        if !names.contains(name) { names.append(name) }
      } else {
        error(.unknownEvent(name, suggestion: closestMatch(to: name, in: events.map(\.name))), item)
      }
    }
    return names
  }

  mutating func checkEvents(_ node: YAMLNode) -> [Event] {
    var result: [Event] = []
    for pair in mapping(node, what: .key("events")) ?? [] {
      guard let name = identifier(pair.key, what: .a(.event)) else { continue }
      if result.contains(where: { $0.name == name }) {
        error(.duplicateName(name, what: .kind(.event)), pair.key)
        continue
      }
      result.append(Event(name: name, payload: fields(pair.value, context: .eventPayload(of: name), isPayload: true)))
    }
    return result
  }

  mutating func checkPersist(_ node: YAMLNode) -> Persist? {
    guard let pairs = mapping(node, what: .key("persist")) else { return nil }
    let keys = checkKeys(pairs, allowed: ["fields", "key"], context: .key("persist"))
    guard let fieldsNode = keys["fields"] else {
      missing("fields", in: .key("persist"), node)
      return nil
    }
    var fields: [String] = []
    for item in fieldsNode.scalar != nil ? [fieldsNode] : sequence(fieldsNode, what: .key("fields")) ?? [] {
      guard let name = text(item, what: .a(.stateField)) else { continue }
      guard stateByName[name] != nil else {
        error(.unknownField(name, context: .theState, suggestion: closestMatch(to: name, in: state.map(\.name))), item)
        continue
      }
      fields.append(name)
    }
    var key = feature.lowercased()
    if let keyNode = keys["key"], let text = text(keyNode, what: .key("key")) {
      // The key names a file in the storage's directory: it must not leave it.
      let allowed = text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
      }
      if text.isEmpty || !allowed || text.hasPrefix(".") || text.utf8.count > GeneratedNames.maximumPersistKeyLength {
        error(.invalidPersistKey(text), keyNode)
      } else {
        key = text
      }
    }
    return Persist(fields: fields, key: key)
  }

  /// A list of declared action names.
  private mutating func actionNames(_ node: YAMLNode, what: Subject) -> [String] {
    let items = node.scalar != nil ? [node] : sequence(node, what: what) ?? []
    var names: [String] = []
    for item in items {
      guard let name = text(item, what: .a(.action)) else { continue }
      guard actionsByName[name] != nil else {
        error(.unknownAction(name, suggestion: closestMatch(to: name, in: actions.map(\.name))), item)
        continue
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  mutating func checkExamples(_ node: YAMLNode) -> [Example] {
    var result: [Example] = []
    for item in sequence(node, what: .key("examples")) ?? [] {
      guard let pairs = mapping(item, what: .a(.example)) else { continue }
      let keys = checkKeys(pairs, allowed: ["name", "given", "when", "then"], context: .a(.example))
      guard let nameNode = keys["name"], let name = text(nameNode, what: .key("name")) else {
        if keys["name"] == nil { missing("name", in: .a(.example), item) }
        continue
      }
      // The name is the test's display name, which Swift Testing requires to say something.
      if name.allSatisfy({ $0.isWhitespace }) {
        error(.expected(.exampleName, found: "an empty name"), nameNode)
      } else if name.count > TestTranslator.maximumTitleLength {
        // The test's title line would be longer than swift-format allows.
        let found = "\(name.count) characters"
        error(.expected(.exampleNameOfAtMost(TestTranslator.maximumTitleLength), found: found), nameNode)
      }
      var given: [(field: String, value: Value)] = []
      for pair in keys["given"].flatMap({ mapping($0, what: .key("given")) }) ?? [] {
        guard let fieldName = text(pair.key, what: .a(.stateField)) else { continue }
        guard let field = stateByName[fieldName] else {
          let suggestion = closestMatch(to: fieldName, in: state.map(\.name))
          error(.unknownField(fieldName, context: .theState, suggestion: suggestion), pair.key)
          continue
        }
        if let value = exampleValue(pair.value, type: field.type) { given.append((fieldName, value)) }
      }
      // No `when` (or `when: []`) checks the given state as it is, derived values included.
      var whenItems: [YAMLNode] = []
      if let whenNode = keys["when"], !whenNode.isNull {
        whenItems = whenNode.scalar != nil ? [whenNode] : sequence(whenNode, what: .key("when")) ?? []
      }
      let steps = whenItems.compactMap { exampleStep($0) }
      var then: [Example.Expectation] = []
      for pair in keys["then"].flatMap({ mapping($0, what: .key("then")) }) ?? [] {
        guard let (path, type) = examplePath(pair.key) else { continue }
        if let value = exampleValue(pair.value, type: type) {
          then.append(Example.Expectation(path: path, value: value, type: type))
        }
      }
      result.append(Example(name: name, given: given, when: steps, then: then))
    }
    return result
  }

  /// `actionName` or `actionName: { parameter: value }`.
  private mutating func exampleStep(_ node: YAMLNode) -> Example.Step? {
    let nameNode: YAMLNode
    var argumentsNode: YAMLNode?
    switch node.kind {
    case .scalar:
      nameNode = node
    case .mapping(let pairs) where pairs.count == 1:
      nameNode = pairs[0].key
      argumentsNode = pairs[0].value
    default:
      error(.expected(.exampleStep, found: node.kindDescription), node)
      return nil
    }
    guard let name = text(nameNode, what: .a(.action)) else { return nil }
    guard let action = actionsByName[name] else {
      error(.unknownAction(name, suggestion: closestMatch(to: name, in: actions.map(\.name))), nameNode)
      return nil
    }
    var given: [String: YAMLNode] = [:]
    for pair in argumentsNode.flatMap({ mapping($0, what: .payload(of: name)) }) ?? [] {
      guard let key = text(pair.key, what: .a(.parameter)) else { continue }
      guard action.payload.contains(where: { $0.name == key }) else {
        let suggestion = closestMatch(to: key, in: action.payload.map(\.name))
        error(.unknownParameter(key, action: name, suggestion: suggestion), pair.key)
        continue
      }
      given[key] = pair.value
    }
    var arguments: [(name: String, value: Value)] = []
    for parameter in action.payload {
      if let valueNode = given[parameter.name] {
        guard let value = exampleValue(valueNode, type: parameter.type) else { return nil }
        arguments.append((parameter.name, value))
      } else if let value = parameter.defaultValue {
        arguments.append((parameter.name, value))
      } else {
        error(.missingField(parameter.name, model: "the payload of \(name)"), nameNode)
        return nil
      }
    }
    return Example.Step(action: name, arguments: arguments)
  }

  /// A path in `then`: a state field or filter result, then `.field`, `[index]`, `[key]`, `.count`,
  /// `.isEmpty`. Through an optional (an optional model, a dictionary entry) the path goes on with
  /// optional chaining, and the value it reaches is optional.
  private mutating func examplePath(_ node: YAMLNode) -> ([ExamplePathStep], SpecType)? {
    guard let source = text(node, what: .a(.path)) else { return nil }
    let origin = node.textLocation
    guard case .success(let tokens) = ExpressionLexer.tokens(source) else {
      error(.unexpectedText(source), node)
      return nil
    }
    var stream = TokenStream(tokens)
    let first = stream.next()
    guard case .identifier(let rootName) = first.kind else {
      error(.expectedToken(.stateField, found: first.described), at: origin.advanced(by: first.offset))
      return nil
    }
    var type: SpecType
    if let field = stateByName[rootName] {
      type = field.type
    } else if let filter = filters.first(where: { $0.result == rootName }) {
      type = .array(.model(filter.element))
    } else {
      let names = state.map(\.name) + filters.map(\.result)
      error(.unknownField(rootName, context: .theState, suggestion: closestMatch(to: rootName, in: names)), at: origin)
      return nil
    }
    var steps: [ExamplePathStep] = [.field(rootName)]
    var chained = false
    /// Steps into the wrapped value of an optional with `?`.
    func unwrap() {
      guard type.isOptional else { return }
      steps.append(.unwrap)
      chained = true
      type = type.unwrapped
    }
    while !stream.isAtEnd {
      let token = stream.next()
      let at = origin.advanced(by: token.offset)
      if token.kind == Token.Kind.symbol("[") {
        unwrap()
        let keyToken = stream.next()
        var keyText = keyToken.text
        if keyToken.kind == .symbol("-") { keyText += stream.next().text }
        guard stream.take("]") else {
          error(.expectedToken(.closingBracket, found: stream.peek.described), at: origin.advanced(by: stream.peek.offset))
          return nil
        }
        if let element = type.elementType {
          guard case .number = keyToken.kind, let number = Int(keyText), number >= 0 else {
            error(.expectedToken(.index, found: keyToken.described), at: origin.advanced(by: keyToken.offset))
            return nil
          }
          steps.append(.index(number))
          type = element
        } else if case .dictionary(let keyType, let valueType) = type {
          guard let key = literals.literalValue(keyText, type: keyType) else {
            error(.invalidValue(keyText, type: keyType.swiftName), at: origin.advanced(by: keyToken.offset))
            return nil
          }
          steps.append(.key(key, keyType))
          // An entry may be absent.
          type = valueType.isOptional ? valueType : .optional(valueType)
        } else {
          error(.indexOutOfReach(source), at: at)
          return nil
        }
      } else if token.kind == Token.Kind.symbol(".") {
        let nameToken = stream.next()
        guard case .identifier(let name) = nameToken.kind else {
          error(.expectedToken(.fieldNameAfterDot, found: nameToken.described), at: origin.advanced(by: nameToken.offset))
          return nil
        }
        let fieldAt = origin.advanced(by: nameToken.offset)
        unwrap()
        if case .model(let modelName) = type,
          let field = modelsByName[modelName]?.fields.first(where: { $0.name == name })
        {
          steps.append(.field(name))
          type = field.type
        } else if name == "count" || name == "isEmpty", type.elementType != nil || type == .scalar(.string) || isDictionary(type) {
          steps.append(name == "count" ? .count : .isEmpty)
          type = name == "count" ? .scalar(.int) : .scalar(.bool)
        } else if case .model(let modelName) = type, let model = modelsByName[modelName] {
          let suggestion = closestMatch(to: name, in: model.fields.map(\.name))
          error(.unknownField(name, context: .named(.model, modelName), suggestion: suggestion), at: fieldAt)
          return nil
        } else {
          error(.notAField(name, type: type.swiftName), at: fieldAt)
          return nil
        }
      } else {
        error(.unexpectedText(token.text), at: at)
        return nil
      }
    }
    if chained && !type.isOptional { type = .optional(type) }
    return (steps, type)
  }

  private func isDictionary(_ type: SpecType) -> Bool {
    if case .dictionary = type { return true }
    return false
  }
}
