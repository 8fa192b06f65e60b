extension SpecChecker {
  /// Reads the actions as written, then expands what `async` implies (`AsyncExpansion`). Their
  /// reduce operations, bindings, follow-ups and API bindings are left to the passes that know
  /// what those read (`ReadActions`).
  mutating func checkActions(_ node: YAMLNode) -> ReadActions {
    var read = ReadActions()
    guard let pairs = mapping(node, what: .key("actions")) else { return read }
    // Every name first, so middleware and examples can refer to any action.
    var written: [Action] = []
    var seen: Set<String> = []
    var declarations: [AsyncDeclaration] = []
    var reduceNodes: [String: YAMLNode] = [:]
    // The scopes each action cancels, as written: checked once every scope is known.
    var cancelNodes: [String: [(String, YAMLNode)]] = [:]
    // The cache tags each action invalidates, checked once every request's `provides` is known.
    var invalidateNodes: [String: [(CacheTag, SpecType?, YAMLNode)]] = [:]
    // Declared names, so an async action's outcome can't take one silently.
    var declared: [String: YAMLNode] = [:]
    for pair in pairs {
      if let name = pair.key.scalar, declared[name] == nil { declared[name] = pair.key }
    }
    for pair in pairs {
      guard let name = identifier(pair.key, what: .a(.action)) else { continue }
      // A repeated key is the loader's duplicate-key error; the second one is skipped here.
      if !seen.insert(name).inserted { continue }
      guard let actionPairs = mapping(pair.value, what: .named(.action, name)) else { continue }
      let context: Subject = .named(.action, name)
      let keys = checkKeys(actionPairs, allowed: SpecKeys.action, context: context)
      let payload = keys["payload"].map { fields($0, context: .payload(of: name), isPayload: true) } ?? []
      var action = Action(
        name: name, doc: keys["doc"].flatMap { text($0, what: .key("doc")) }, payload: payload, reduce: [])
      if let delegateNode = keys["delegate"], flag(delegateNode, what: .key("delegate")) == true { action.isDelegate = true }
      if let fromNode = keys["from"] { read.fromNodes[name] = fromNode }
      if let asyncNode = keys["async"] {
        if let declaration = asyncDeclaration(of: name, asyncNode, keys: keys, payload: payload) { declarations.append(declaration) }
      } else {
        for key in ["onSuccess", "onFailure"] where keys[key] != nil {
          if let keyNode = actionPairs.first(where: { $0.key.scalar == key })?.key {
            error(.needsAsync(key, action: name), keyNode)
          }
        }
      }
      reduceNodes[name] = keys["reduce"]
      if let bindingNode = keys["binding"], flag(bindingNode, what: .key("binding")) == true {
        read.bindingNodes[name] = actionPairs.first(where: { $0.key.scalar == "binding" })?.key ?? bindingNode
      }
      if let thenNode = keys["then"] { read.followUpNodes[name] = thenNode }
      if let cancelsNode = keys["cancels"] {
        let items = cancelsNode.scalar != nil ? [cancelsNode] : sequence(cancelsNode, what: .key("cancels")) ?? []
        cancelNodes[name] = items.compactMap { item in identifier(item, what: .a(.effectScope)).map { ($0, item) } }
      }
      if let invalidatesNode = keys["invalidates"] {
        let items =
          invalidatesNode.scalar != nil ? [invalidatesNode] : sequence(invalidatesNode, what: .key("invalidates")) ?? []
        invalidateNodes[name] = items.compactMap { item in
          cacheTag(item, payload: action.payload, action: name).map { ($0.tag, $0.type, item) }
        }
      }
      written.append(action)
    }
    if written.isEmpty, pairs.isEmpty {
      error(.expected(.atLeastOneAction, found: "none"), node)
    }
    let expansion = AsyncExpansion(declarations, declared: declared, written: written, state: state)
    for (problem, problemNode) in expansion.problems { error(problem, problemNode) }
    read.statusFields = expansion.statusFields
    var result = expansion.actions(expanding: written)
    for index in result.indices {
      for (name, item) in cancelNodes[result[index].name] ?? [] {
        // A trigger of follow-ups: its waiting ones and timers, once follow-ups are read (an
        // async trigger's requests too, by its scope).
        if read.followUpNodes[name] != nil {
          let isScope = expansion.scope(cancelledBy: name) != nil
          read.followUpCancels[result[index].name, default: []].append((name, item, isScope))
        }
        guard let scope = expansion.scope(cancelledBy: name) else {
          if read.followUpNodes[name] != nil { continue }
          error(
            .unknownEffectScope(name, suggestion: closestMatch(to: name, in: expansion.cancellable.sorted())), item)
          continue
        }
        if !result[index].cancels.contains(scope) { result[index].cancels.append(scope) }
      }
    }
    let tags = Set(declarations.flatMap(\.provides).map(\.name))
    var providedArgumentTypes: [String: Set<SpecType>] = [:]
    for (tag, type) in declarations.flatMap(\.providedTypes) { providedArgumentTypes[tag, default: []].insert(type) }
    for index in result.indices {
      for (tag, type, item) in invalidateNodes[result[index].name] ?? [] {
        guard tags.contains(tag.name) else {
          error(.cache(.unknownTag(tag.name, suggestion: closestMatch(to: tag.name, in: tags.sorted()))), item)
          continue
        }
        // An argument equals only one of the type its requests provide it with.
        if let type, let provided = providedArgumentTypes[tag.name], !provided.contains(type) {
          let expected = provided.map(\.swiftName).sorted().joined(separator: " or ")
          error(.cache(.tagArgumentMismatch(tag: tag.name, type: type.swiftName, provided: expected)), item)
          continue
        }
        if !result[index].invalidates.contains(tag) { result[index].invalidates.append(tag) }
      }
    }
    for declaration in declarations {
      // `onSuccess` with an existing outcome action is reported above; its own `reduce` stays.
      if declaration.successAction == nil { reduceNodes[declaration.successActionName] = declaration.onSuccess }
      if declaration.failureAction == nil { reduceNodes[declaration.failureActionName] = declaration.onFailure }
    }
    for declaration in declarations {
      if let keys = declaration.apiKeys { read.apiKeys[declaration.request] = keys }
      // Only a request sent under a condition on its payload may end without an outcome and
      // keep a status: `checkAPI` reads the condition, `settleOptionalStatus` the rest.
      if declaration.isOptional, let status = declaration.status { read.optionalStatus[declaration.request] = status.node }
    }
    read.reduceNodes = reduceNodes
    read.actions = result
    return read
  }

  /// The actions with their reduce operations, bindings and follow-ups read, last: an operation
  /// may read any payload, reach any state field (request statuses included), and a condition
  /// may read derived values.
  mutating func checkReduce(_ read: ReadActions) -> [Action] {
    var checked = actions
    for index in checked.indices {
      if let reduceNode = read.reduceNodes[checked[index].name] {
        checked[index].reduce = reduceOperations(reduceNode, action: checked[index])
      }
    }
    checkBindings(&checked, nodes: read.bindingNodes)
    checkFollowUps(&checked, nodes: read.followUpNodes)
    checkFollowUpCancels(&checked, read.followUpCancels)
    checkHandlers(&checked, nodes: read.fromNodes)
    return checked
  }

  /// One operation or a list of them. A mapping (an item of the list, or `reduce` itself) is a
  /// condition: `if CONDITION: OPERATIONS`, then maybe `else if CONDITION: ...` and `else: ...`,
  /// as keys of one mapping or of the items that follow.
  mutating func reduceOperations(_ node: YAMLNode, action: Action, nested: Bool = false) -> [ReduceOperation] {
    let items: [YAMLNode]
    switch node.kind {
    case .scalar, .mapping: items = [node]
    case .sequence(let nodes): items = nodes
    }
    // Each operation, or each key of a mapping item, in order.
    var entries: [(key: YAMLNode?, node: YAMLNode)] = []
    for item in items {
      if case .mapping(let pairs) = item.kind {
        entries += pairs.map { ($0.key, $0.value) }
      } else {
        entries.append((nil, item))
      }
    }
    var operations: [ReduceOperation] = []
    // The `if` being read: each condition with its operations, then the `else` operations.
    var branches: [(Predicate, [ReduceOperation])] = []
    var otherwise: [ReduceOperation]?
    var chainIsValid = true
    // Whether an `if` opened the chain, even one whose condition was refused: an `else` after
    // it is no error of its own.
    var chainIsOpen = false
    func endChain() {
      defer { (branches, otherwise, chainIsValid, chainIsOpen) = ([], nil, true, false) }
      guard chainIsValid else { return }
      var rest = otherwise ?? []
      for (condition, then) in branches.reversed() {
        rest = [ReduceOperation(ConditionalOperation(condition: condition, then: then, otherwise: rest))]
      }
      operations += rest
    }
    for (key, value) in entries {
      guard let key else {
        endChain()
        if let operation = reduceOperation(value, action: action) { operations.append(operation) }
        continue
      }
      guard let (isElse, condition) = branchKey(key) else {
        endChain()
        error(.notConditional(key.scalar ?? ""), key)
        continue
      }
      // `else` goes on the `if` before it; after an `else`, the chain has ended.
      if isElse, !chainIsOpen || otherwise != nil {
        error(.elseWithoutIf, key)
        chainIsValid = false
        continue
      }
      if !isElse { endChain() }
      chainIsOpen = true
      // `- if x:` with nothing after it: its operations were most likely indented too little.
      if case .scalar(let text, _) = value.kind, text.trimmingSpaces.isEmpty {
        error(.branchWithoutOperations(key.scalar ?? ""), key)
        chainIsValid = false
        continue
      }
      let body = reduceOperations(value, action: action, nested: true)
      if case .sequence(let nodes) = value.kind, nodes.isEmpty {
        error(.expected(.atLeastOneOperation, found: "none"), value)
        chainIsValid = false
      }
      guard var condition else {
        otherwise = body
        continue
      }
      if let predicate = actionCondition(&condition, key: key, action: action) {
        branches.append((predicate, body))
      } else {
        chainIsValid = false
      }
    }
    endChain()
    // `custom` is the whole reducer: never beside another operation, nor under a condition.
    let conditionHoldsCustom = items.contains { item in
      if case .mapping = item.kind { return firstCustom(item) != nil }
      return false
    }
    if !nested, conditionHoldsCustom || (operations.count > 1 && operations.contains(where: \.isCustom)),
      let custom = firstCustom(node)
    {
      error(.customNotAlone, custom)
    }
    return operations
  }

  /// The first `custom` among the operations of `node`, at any depth.
  private func firstCustom(_ node: YAMLNode) -> YAMLNode? {
    switch node.kind {
    case .scalar: node.scalar?.trimmingSpaces == "custom" ? node : nil
    case .sequence(let items): items.lazy.compactMap(firstCustom).first
    case .mapping(let pairs): pairs.lazy.compactMap { firstCustom($0.value) }.first
    }
  }

  /// Whether a key of a `reduce` mapping is an `else`, and the tokens of its condition (nil for
  /// `else`): `if CONDITION`, `else if CONDITION` or `else`; nil when it is none of them.
  private func branchKey(_ key: YAMLNode) -> (isElse: Bool, condition: TokenStream?)? {
    guard let text = key.scalar else { return nil }
    // A condition that doesn't lex is the condition's error, reported by `actionCondition`.
    let tokens: [Token]
    switch ExpressionLexer.tokens(text) {
    case .success(let lexed): tokens = lexed
    case .failure(let token):
      // The words before the text that doesn't lex say whether the key is a condition.
      let before = String(String.UnicodeScalarView(text.unicodeScalars.prefix(token.offset)))
      guard case .success(let lexed) = ExpressionLexer.tokens(before) else { return nil }
      tokens = lexed
    }
    var stream = TokenStream(tokens)
    let isElse = stream.takeWord("else")
    if stream.takeWord("if") { return (isElse, stream) }
    return isElse && stream.isAtEnd ? (true, nil) : nil
  }

  /// The condition of an `if` key (`if allCompleted`, the key's tokens after `if`), its names
  /// read from the payload, then the state, derived values and filter results; state names
  /// come out as `state.NAME`.
  mutating func actionCondition(_ tokens: inout TokenStream, key: YAMLNode, action: Action) -> Predicate? {
    let origin = key.textLocation
    if case .failure(let token) = ExpressionLexer.tokens(key.scalar ?? "") {
      error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
      return nil
    }
    if tokens.isAtEnd {
      error(.expectedToken(.ifCondition, found: "nothing"), at: origin.advanced(by: tokens.peek.offset))
      return nil
    }
    // The payload first, then the state, its derived values and filter results.
    let scope = readingScope(own: action.payload, filterResults: true)
    let (predicate, failure) = PredicateParser.condition(
      from: &tokens, over: scope.root, models: scope.models, enumCases: enumCaseNames,
      rootContext: .conditionScope(of: action.name), stateModel: scope.stateModel)
    if let (problem, problemOffset) = failure { error(problem, at: origin.advanced(by: problemOffset)) }
    return predicate.map(scope.qualified)
  }

  /// What an action's `async` declares, as written.
  private mutating func asyncDeclaration(
    of request: String, _ node: YAMLNode, keys: CheckedKeys, payload: [Field]
  ) -> AsyncDeclaration? {
    let context: Subject = .async(of: request)
    guard let pairs = mapping(node, what: context) else { return nil }
    let asyncKeys = checkKeys(pairs, allowed: SpecKeys.async, context: context)
    let apiKeys = asyncKeys.filter { Self.apiKeys.contains($0.key) }
    var declaration = AsyncDeclaration(request: request, node: node, payload: payload)
    if !apiKeys.isEmpty { declaration.apiKeys = apiKeys }
    if let policyNode = asyncKeys["policy"], let word = text(policyNode, what: .key("policy")) {
      if let known = EffectPolicy(rawValue: word) {
        declaration.policy = known
        declaration.policyNode = policyNode
      } else {
        let meant = EffectPolicy.meanings[word.lowercased()]?.rawValue
        error(
          .unknownPolicy(word, suggestion: meant ?? closestMatch(to: word, in: EffectPolicy.allCases.map(\.rawValue))),
          policyNode)
      }
    }
    if let scopeNode = asyncKeys["scope"], let name = identifier(scopeNode, what: .a(.effectScope)) {
      declaration.scope = (name, scopeNode)
    }
    declaration.timing = timing(asyncKeys)
    // An outcome is a payload (a new action) or the name of an action the spec declares.
    for (key, nameKey) in [("success", "successName"), ("failure", "failureName")] {
      let isSuccess = key == "success"
      if let nameNode = asyncKeys[nameKey], let name = identifier(nameNode, what: .a(.action)) {
        if asyncKeys[key]?.scalar != nil {
          error(
            .exclusiveKeys(
              key, nameKey, reason: "'\(key): ACTION' makes an action the spec declares the outcome, '\(nameKey)' names a new one"),
            nameNode)
        } else if isSuccess {
          declaration.successName = (name, nameNode)
        } else {
          declaration.failureName = (name, nameNode)
        }
      }
      guard let outcomeNode = asyncKeys[key] else { continue }
      if outcomeNode.scalar != nil, !outcomeNode.isNull {
        guard let name = identifier(outcomeNode, what: .a(.action)) else { continue }
        let onKey = isSuccess ? "onSuccess" : "onFailure"
        if let onNode = keys[onKey] {
          error(.unfitOutcome(name, request: request, reason: .hasOnKey(onKey)), onNode)
        }
        if isSuccess { declaration.successAction = (name, outcomeNode) } else { declaration.failureAction = (name, outcomeNode) }
      } else if isSuccess {
        declaration.successPayload = fields(outcomeNode, context: .success(of: request), isPayload: true)
      } else {
        declaration.failurePayload = fields(outcomeNode, context: .failure(of: request), isPayload: true)
        declaration.failureWritten = true
        checkTypedFailureOwner(declaration.failurePayload, request: request, outcomeNode)
      }
    }
    if let carryNode = asyncKeys["carry"] {
      let items = carryNode.scalar != nil ? [carryNode] : sequence(carryNode, what: .key("carry")) ?? []
      for item in items {
        guard let name = identifier(item, what: .a(.parameter)) else { continue }
        if name == "error" {
          error(
            .reservedName(
              name, what: .a(.parameter),
              reason: .generated("the effects' failure methods call what the effect threw 'error', so it can't be carried")),
            item)
        } else if !payload.contains(where: { $0.name == name }) {
          error(.unknownParameter(name, action: request, suggestion: closestMatch(to: name, in: payload.map(\.name))), item)
        } else if !declaration.carried.contains(where: { $0.name == name }) {
          declaration.carried.append((name, item))
        }
      }
    }
    if let effectNode = asyncKeys["effect"], let name = identifier(effectNode, what: .a(.effectMethod)) {
      declaration.effect = (name, effectNode)
    }
    if let readsNode = asyncKeys["readsState"], let reads = flag(readsNode, what: .key("readsState")) {
      // A payload parameter can't be called `state` (the reducer's), so the effect's `state` is free.
      declaration.readsState = reads
    }
    if let optionalNode = asyncKeys["optional"], let optional = flag(optionalNode, what: .key("optional")) {
      declaration.isOptional = optional
    }
    if let freshNode = asyncKeys["fresh"], let written = text(freshNode, what: .key("fresh")) {
      if let milliseconds = Self.milliseconds(written) {
        declaration.freshFor = milliseconds
      } else {
        error(.invalidDuration(written), freshNode)
      }
    }
    if let providesNode = asyncKeys["provides"] {
      let items = providesNode.scalar != nil ? [providesNode] : sequence(providesNode, what: .key("provides")) ?? []
      for item in items {
        guard let (tag, type) = cacheTag(item, payload: declaration.payload, action: request) else { continue }
        declaration.provides.append(tag)
        if let type { declaration.providedTypes.append((tag.name, type)) }
      }
      if asyncKeys["fresh"] == nil {
        error(.cache(.providesWithoutFresh(request)), providesNode)
      }
    }
    if let statusNode = asyncKeys["status"], let name = identifier(statusNode, what: .a(.stateField)) {
      declaration.status = (name, statusNode)
    }
    if let streamNode = asyncKeys["stream"], let isStream = flag(streamNode, what: .key("stream")), isStream {
      declaration.stream = streamNode
      // What a single answer means has no meaning for a stream of them.
      let reasons: [(key: String, reason: String)] = [
        ("status", "a request status moves once, to succeeded or failed, and a stream gives many values; keep what you need in the state from its actions"),
        ("optional", "a stream that has nothing to give finishes without a value"),
        ("fresh", "a stream's values aren't one answer to keep"),
        ("provides", "a stream's values aren't one answer to keep"),
      ] + Self.apiKeys.sorted().map { ($0, "an API operation answers once; a stream's effect is written by hand") }
      for (key, reason) in reasons {
        if let node = asyncKeys[key] { error(.exclusiveKeys("stream", key, reason: reason), node) }
      }
    }
    declaration.onSuccess = keys["onSuccess"]
    declaration.onFailure = keys["onFailure"]
    return declaration
  }

  /// `debounce: 300ms` or `throttle: 1s`, one of them.
  private mutating func timing(_ keys: CheckedKeys) -> (EffectTiming, YAMLNode)? {
    var found: (EffectTiming, YAMLNode)?
    for kind in EffectTiming.Kind.allCases {
      guard let node = keys[kind.rawValue], let written = text(node, what: .key(kind.rawValue)) else { continue }
      guard let milliseconds = Self.milliseconds(written) else {
        error(.invalidDuration(written), node)
        continue
      }
      if found != nil {
        error(
          .exclusiveKeys(
            "debounce", "throttle",
            reason: "a debounced request waits for a quiet time, a throttled one starts at most once per interval"),
          node)
      } else {
        found = (EffectTiming(kind: kind, milliseconds: milliseconds), node)
      }
    }
    return found
  }

  /// The whole milliseconds of `300ms` or `1.5s`: above zero, at most a day; nil otherwise.
  static func milliseconds(_ text: String) -> Int? {
    let trimmed = text.trimmingSpaces
    let isMilliseconds = trimmed.hasSuffix("ms")
    guard isMilliseconds || trimmed.hasSuffix("s") else { return nil }
    let number = trimmed.dropLast(isMilliseconds ? 2 : 1)
    let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.count <= 9, whole.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    var fraction = parts.count > 1 ? parts[1] : ""
    guard parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    // Seconds take up to three decimals; milliseconds none (trailing zeros aside).
    while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
    let decimals = isMilliseconds ? 0 : 3
    guard fraction.count <= decimals else { return nil }
    let padded = fraction + String(repeating: "0", count: decimals - fraction.count)
    guard let value = Int(whole + padded), value > 0, value <= 86_400_000 else { return nil }
    return value
  }

  /// `failure: { error: T }` types the request's error only when T is this spec's model or enum:
  /// one a used spec declares is refused, saying so, rather than left untyped without a word.
  mutating func checkTypedFailureOwner(_ payload: [Field], request: String, _ node: YAMLNode) {
    guard payload.count == 1, payload[0].name == "error" else { return }
    let name: String
    switch payload[0].type {
    case .model(let written), .enumeration(let written): name = written
    default: return
    }
    guard !models.contains(where: { $0.name == name }), !symbols.entries.modelNames.contains(name),
      !enums.contains(where: { $0.name == name }), let owner = usedTypeDeclarations()[name]
    else { return }
    var at = node
    if case .mapping(let pairs) = node.kind, let pair = pairs.first(where: { $0.key.scalar == "error" }) { at = pair.value }
    error(.typedFailureFromUsedSpec(request: request, type: name, feature: owner), at)
  }

  /// Whether the tokens start `NAME = ` or `NAME.FIELD = `: a value given to a field, not an
  /// operation.
  static func isAssignment(_ tokens: [Token]) -> Bool {
    var index = 0
    while index + 1 < tokens.count, case .identifier = tokens[index].kind {
      if tokens[index + 1].kind == .symbol("=") { return true }
      guard tokens[index + 1].kind == .symbol(".") else { return false }
      index += 2
    }
    return false
  }

  /// Parses and checks one operation such as `toggle tasks[id].isCompleted`.
  mutating func reduceOperation(_ node: YAMLNode, action: Action) -> ReduceOperation? {
    guard let source = text(node, what: .a(.reduceOperation)) else { return nil }
    let origin = node.textLocation
    switch ExpressionLexer.tokens(source) {
    case .failure(let token):
      error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
      return nil
    case .success(let tokens):
      var parser = ReduceParser(
        tokens: TokenStream(tokens), action: action, state: state, stateByName: stateByName, models: expressionModelsByName,
        filters: filters, literals: literals)
      parser.derivedNames = Set((derived + selectors).map(\.name))
      let checker = self
      parser.makeValueScope = { checker.readingScope(own: action.payload, filterResults: true) }
      parser.stacks = Dictionary(symbols.entries.stacks.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
      parser.presented = Dictionary(
        symbols.entries.children.filter { !$0.isList }.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
      let operation = parser.parse()
      if operation == nil, let (found, offset) = parser.failure {
        var problem = found
        // `date = date` alone: the rest of `present x with id = id, date = date`, which a flow
        // list split at its comma.
        if case .unknownOperation = problem, Self.isAssignment(tokens) {
          problem = .operationSplitAtComma(source.trimmingSpaces)
        }
        error(problem, at: origin.advanced(by: offset))
      }
      return operation
    }
  }
}

/// Reads `operation PATH [= VALUE] [by VALUE]` and checks it against the state and payload.
extension SpecChecker {
  /// A cache tag (`collection`, `volume(book.id)`): a name, maybe with an argument read from
  /// `payload` (a parameter, then fields of its models), and the argument's type; nil, with a
  /// located error, otherwise.
  mutating func cacheTag(_ node: YAMLNode, payload: [Field], action: String) -> (tag: CacheTag, type: SpecType?)? {
    guard let written = node.scalar, let open = written.firstIndex(of: "(") else {
      return identifier(node, what: .a(.cacheTag)).map { (CacheTag($0), nil) }
    }
    let name = String(written[..<open])
    guard written.hasSuffix(")"), identifierProblem(name) == nil else {
      error(.cache(.malformedTag(written)), node)
      return nil
    }
    let inside = written[written.index(after: open)..<written.index(before: written.endIndex)]
    let path = inside.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let parameter = payload.first(where: { $0.name == path[0] }) else {
      let suggestion = closestMatch(to: path[0], in: payload.map(\.name))
      error(.cache(.unknownTagArgument(path[0], tag: name, action: action, suggestion: suggestion)), node)
      return nil
    }
    var type = parameter.type
    for field in path.dropFirst() {
      let fields: [Field]? = if case .model(let model) = type { modelsByName[model]?.fields } else { nil }
      guard let found = fields?.first(where: { $0.name == field }) else {
        let suggestion = fields.flatMap { closestMatch(to: field, in: $0.map(\.name)) }
        error(.cache(.tagArgumentField(field, of: type.swiftName, suggestion: suggestion)), node)
        return nil
      }
      type = found.type
    }
    switch type.unwrapped {
    case .enumeration(let enumName) where expressionModelsByName[enumName] != nil:
      error(.enumCarriesValues(enumName, use: "tag a cache entry with"), node)
      return nil
    case .scalar, .enumeration:
      return (CacheTag(name, argument: path), type)
    default:
      error(.cache(.tagArgumentType(String(inside), type: type.swiftName)), node)
      return nil
    }
  }
}

/// The actions as the actions pass read them, and the parts of each that later passes read once
/// what those parts refer to is known.
struct ReadActions {
  var actions: [Action] = []
  /// The state fields holding requests' statuses (`status: loading`), which join the state.
  var statusFields: [Field] = []
  /// Each action's `reduce` (an outcome's `onSuccess`/`onFailure` too), read once derived values
  /// are known (`checkReduce`).
  var reduceNodes: [String: YAMLNode] = [:]
  /// Where each action says `binding: true`, checked once its reduce operations are known.
  var bindingNodes: [String: YAMLNode] = [:]
  /// Each action's `then:`, read once every action and derived value is known.
  var followUpNodes: [String: YAMLNode] = [:]
  /// Each action's `cancels:` naming a trigger of follow-ups rather than an effect scope, checked
  /// once follow-ups are known (the trigger's must wait).
  var followUpCancels: [String: [(name: String, node: YAMLNode, isScope: Bool)]] = [:]
  /// Each action's `from:` (a child's action it reduces), read once follow-ups are known.
  var fromNodes: [String: YAMLNode] = [:]
  /// The keys of each `async` that binds it to an operation (`operation:`), read with the API
  /// document (`checkAPI`).
  var apiKeys: [String: CheckedKeys] = [:]
  /// The `status:` of each request that is also `optional`, kept where its operation's condition
  /// decides the status; refused otherwise (`settleOptionalStatus`).
  var optionalStatus: [String: YAMLNode] = [:]
}
