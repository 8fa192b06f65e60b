extension SpecChecker {
  /// Reads the actions as written, then expands what `async` implies (`AsyncExpansion`), then
  /// checks every reduce operation against the expanded actions and state.
  mutating func checkActions(_ node: YAMLNode) -> [Action] {
    guard let pairs = mapping(node, what: .key("actions")) else { return [] }
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
      let action = Action(
        name: name, doc: keys["doc"].flatMap { text($0, what: .key("doc")) }, payload: payload, reduce: [])
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
        pendingBindings[name] = actionPairs.first(where: { $0.key.scalar == "binding" })?.key ?? bindingNode
      }
      if let thenNode = keys["then"] { pendingFollowUps[name] = thenNode }
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
    state += expansion.statusFields
    var result = expansion.actions(expanding: written)
    for index in result.indices {
      for (name, item) in cancelNodes[result[index].name] ?? [] {
        guard let scope = expansion.scope(cancelledBy: name) else {
          error(
            .unknownEffectScope(name, suggestion: closestMatch(to: name, in: expansion.cancellable.sorted())), item)
          continue
        }
        if !result[index].cancels.contains(scope) { result[index].cancels.append(scope) }
      }
    }
    let tags = Set(declarations.flatMap(\.provides).map(\.name))
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
    // Read by `checkReduce` once derived values are known too.
    pendingReduce = reduceNodes
    return result
  }

  /// Reads every action's reduce operations, last: an operation may read any payload, reach any
  /// state field (request statuses included), and a condition may read derived values.
  mutating func checkReduce() {
    // Changed in a copy and stored once: each change of `actions` itself rebuilds its index by
    // name (`didSet`), which per action made checking quadratic in the number of actions.
    var checked = actions
    for index in checked.indices {
      if let reduceNode = pendingReduce[checked[index].name] {
        checked[index].reduce = reduceOperations(reduceNode, action: checked[index])
      }
    }
    checkBindings(&checked)
    checkFollowUps(&checked)
    actions = checked
    pendingReduce = [:]
  }

  /// `then: ACTION [if CONDITION]`, one or a list: the actions dispatched after an action's
  /// reduce. Each parameter of the follow-up is the trigger's parameter of its name, else the
  /// state field of its name (after the reduce), else its default; the condition reads the
  /// trigger's payload and the new state. Follow-ups may not loop.
  mutating func checkFollowUps(_ checked: inout [Action]) {
    // Only this reads follow-ups: without any, there is nothing to check or to loop.
    guard !pendingFollowUps.isEmpty else { return }
    let names = checked.map(\.name)
    let index = firstIndices(names)
    var itemNodes: [String: [YAMLNode]] = [:]
    for position in checked.indices {
      let trigger = checked[position]
      guard let node = pendingFollowUps[trigger.name] else { continue }
      let items = node.scalar != nil ? [node] : sequence(node, what: .key("then")) ?? []
      for item in items {
        guard let source = text(item, what: .key("then")) else { continue }
        let origin = item.textLocation
        var tokens: TokenStream
        switch ExpressionLexer.tokens(source) {
        case .failure(let token):
          error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
          continue
        case .success(let lexed):
          tokens = TokenStream(lexed)
        }
        let first = tokens.next()
        guard case .identifier(let name) = first.kind else {
          error(.expectedToken(.followUp, found: first.described), at: origin.advanced(by: first.offset))
          continue
        }
        guard let targetIndex = index[name] else {
          error(.unknownAction(name, suggestion: closestMatch(to: name, in: names)), at: origin.advanced(by: first.offset))
          continue
        }
        // `after 300ms`: a duration as `debounce` takes it, its number and unit side by side.
        var delay: Int?
        if tokens.peek.kind == .identifier("after") {
          _ = tokens.next()
          let number = tokens.next()
          let unit = tokens.peek
          var written = number.text
          if case .number = number.kind, case .identifier(let name) = unit.kind,
            unit.offset == number.offset + number.text.unicodeScalars.count
          {
            written += name
            _ = tokens.next()
          }
          guard case .number = number.kind, let milliseconds = Self.milliseconds(written) else {
            error(.invalidDuration(written), at: origin.advanced(by: number.offset))
            continue
          }
          delay = milliseconds
        }
        var condition: Predicate?
        if tokens.peek.kind == .identifier("if") {
          _ = tokens.next()
          guard let read = actionCondition(&tokens, key: item, action: trigger) else { continue }
          condition = read
        }
        guard tokens.isAtEnd else {
          error(.expectedToken(.followUp, found: tokens.peek.described), at: origin.advanced(by: tokens.peek.offset))
          continue
        }
        var arguments: [FollowUp.Argument] = []
        var complete = true
        for parameter in checked[targetIndex].payload {
          if let own = trigger.payload.first(where: { $0.name == parameter.name }), own.type == parameter.type {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .parameter(own.name)))
          } else if let field = state.first(where: { $0.name == parameter.name }), field.type == parameter.type,
            !trigger.payload.contains(where: { $0.name == parameter.name })
          {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .state(field.name)))
          } else if let value = parameter.defaultValue {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .value(value)))
          } else {
            error(
              .followUpValue(parameter.name, type: parameter.type.swiftName, action: name, trigger: trigger.name),
              at: origin.advanced(by: first.offset))
            complete = false
          }
        }
        guard complete else { continue }
        // One wait for a trigger's delayed follow-ups: they are dispatched together, in order.
        if let delay, let other = checked[position].followUps.compactMap(\.delay).first, other != delay {
          error(.followUpDelays(trigger: trigger.name), at: origin.advanced(by: first.offset))
          continue
        }
        checked[position].followUps.append(
          FollowUp(action: name, arguments: arguments, condition: condition, delay: delay))
        itemNodes[trigger.name, default: []].append(item)
      }
    }
    // A loop of follow-ups would dispatch for ever: each trigger's chain must end.
    var reported: Set<String> = []
    for start in checked where !start.followUps.isEmpty && !reported.contains(start.name) {
      var path = [start.name]
      func visit(_ name: String) -> [String]? {
        guard let action = index[name].map({ checked[$0] }) else { return nil }
        for followUp in action.followUps {
          if followUp.action == start.name { return path + [start.name] }
          if path.contains(followUp.action) { continue }
          path.append(followUp.action)
          if let loop = visit(followUp.action) { return loop }
          path.removeLast()
        }
        return nil
      }
      if let loop = visit(start.name) {
        loop.forEach { reported.insert($0) }
        if let node = itemNodes[start.name]?.first { error(.followUpLoop(loop), node) }
      }
    }
    pendingFollowUps = [:]
  }

  /// `binding: true`: the action sets one state field to its one payload parameter, which a
  /// `ViewStore` then binds (`<field>Binding`), one action per field.
  mutating func checkBindings(_ checked: inout [Action]) {
    var bound: [String: String] = [:]
    let taken = Set(state.map(\.name) + derived.map(\.name) + selectors.map(\.name) + filters.map(\.result))
    for index in checked.indices {
      let action = checked[index]
      guard let node = pendingBindings[action.name] else { continue }
      guard action.async == nil, action.payload.count == 1, action.reduce.count == 1,
        let set = action.reduce[0].kind as? SetOperation, set.target.steps.count == 1,
        case .field(let field) = set.target.steps[0], set.value == .parameter(action.payload[0].name, fields: []),
        let fieldType = state.first(where: { $0.name == field })?.type
      else {
        error(.bindingNotASetter(action: action.name), node)
        continue
      }
      if let other = bound[field] {
        error(.bindingTaken(field: field, action: other), node)
        continue
      }
      if fieldType != action.payload[0].type {
        error(
          .bindingTypeDiffers(
            action: action.name, field: field, fieldType: fieldType.swiftName, payloadType: action.payload[0].type.swiftName),
          node)
        continue
      }
      let member = GeneratedNames.bindingMember(field)
      if taken.contains(member) {
        error(.bindingNameTaken(member, field: field), node)
        continue
      }
      bound[field] = action.name
      checked[index].binding = field
    }
    pendingBindings = [:]
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
    if !apiKeys.isEmpty { pendingAPI[request] = apiKeys }
    var declaration = AsyncDeclaration(request: request, node: node, payload: payload)
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
        if let type { providedArgumentTypes[tag.name, default: []].insert(type) }
      }
      if asyncKeys["fresh"] == nil {
        error(.cache(.providesWithoutFresh(request)), providesNode)
      }
    }
    if let statusNode = asyncKeys["status"], let name = identifier(statusNode, what: .a(.stateField)) {
      declaration.status = (name, statusNode)
      // Only a request sent under a condition on its payload may end without an outcome and
      // keep a status: `checkAPI` reads the condition, `settleOptionalStatus` the rest.
      if declaration.isOptional { optionalStatus[request] = statusNode }
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
        tokens: TokenStream(tokens), action: action, state: state, stateByName: stateByName, models: modelsByName,
        filters: filters, literals: literals)
      parser.derivedNames = Set((derived + selectors).map(\.name))
      let operation = parser.parse()
      if operation == nil, let (problem, offset) = parser.failure {
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
    case .scalar, .enumeration:
      return (CacheTag(name, argument: path), type)
    default:
      error(.cache(.tagArgumentType(String(inside), type: type.swiftName)), node)
      return nil
    }
  }
}

struct ReduceParser {
  var tokens: TokenStream
  let action: Action
  /// The state's fields in order (for suggestions), and by name.
  let stateFields: [Field]
  let state: [String: Field]
  let models: [String: Model]
  /// The filters, whose results `remove LIST at OFFSETS in RESULT` reads.
  let filters: [Filter]
  let literals: LiteralReader
  private(set) var failure: (SpecProblem, Int)?
  /// The type of the list or dictionary the path's last `[...]` step entered.
  private(set) var containerType: SpecType?
  /// The derived values' names, which a `where` doesn't read.
  var derivedNames: Set<String> = []

  init(
    tokens: TokenStream, action: Action, state: [Field], stateByName: [String: Field], models: [String: Model],
    filters: [Filter], literals: LiteralReader
  ) {
    self.tokens = tokens
    self.action = action
    stateFields = state
    self.state = stateByName
    self.models = models
    self.filters = filters
    self.literals = literals
  }

  /// A name an operation's value reads that the payload lacks: a state field of that name is
  /// said to be one (a value reads the payload and literals), unless a parameter is close to it.
  static func notInPayload(_ name: String, action: Action, state: [String: Field]) -> SpecProblem {
    let suggestion = closestMatch(to: name, in: action.payload.map(\.name))
    guard suggestion == nil, let field = state[name] else {
      return .unknownParameter(name, action: action.name, suggestion: suggestion)
    }
    return .stateReadAsParameter(name, action: action.name, numeric: ArithmeticOperator.isArithmetic(field.type))
  }

  /// Records the first problem; always nil, so a parse can `return fail(...)`.
  mutating func fail<T>(_ problem: SpecProblem, _ offset: Int) -> T? {
    if failure == nil { failure = (problem, offset) }
    return nil
  }

  mutating func parse() -> ReduceOperation? {
    let wordToken = tokens.next()
    guard case .identifier(let word) = wordToken.kind else {
      return fail(.expectedToken(.operation, found: wordToken.described), wordToken.offset)
    }
    guard let kind = ReduceOperation.kind(for: word, tokens) else {
      return fail(.unknownOperation(word, suggestion: ReduceOperation.suggestion(for: word)), wordToken.offset)
    }
    let pathOffset = tokens.peek.offset
    guard let operation = kind.parse(word, &self) else { return nil }
    guard tokens.isAtEnd else { return fail(.unexpectedText(tokens.peek.text), tokens.peek.offset) }
    if let path = operation.path, let list = path.listWhoseElementIDEnds {
      return fail(.elementIDChanged(list: list), pathOffset)
    }
    return ReduceOperation(operation)
  }

  /// The path an operation writes, and where it starts in the text.
  /// With `stopsAtValue`, a path stops before `[` after a list whose elements have no `id`
  /// (`tags` in `remove tags[tag]`), for the operation to read the value itself.
  mutating func targetPath(stopsAtValue: Bool = false) -> (StatePath, Int)? {
    let offset = tokens.peek.offset
    return statePath(stopsAtValue: stopsAtValue).map { ($0, offset) }
  }

  /// Whether elements of `type` are models with an `id`, found by it in `list[id]`.
  func hasIDField(_ type: SpecType) -> Bool {
    guard case .model(let name) = type else { return false }
    return models[name]?.idField != nil
  }

  /// `[VALUE]` after a list of plain values: a payload parameter or literal of the element type.
  mutating func bracketedValue(of element: SpecType) -> Operand? {
    guard tokens.take("[") else { return nil }
    return bracketed(expected: element)
  }

  /// The list before `[]` in a path through every element (`tasks` in `tasks[].done`), with the
  /// `[]` read; a list inside a dictionary entry is refused.
  mutating func everyElementList() -> (StatePath, Int)? {
    let offset = tokens.peek.offset
    guard let path = statePath(stopsAtEveryElement: true) else { return nil }
    let bracket = tokens.peek.offset
    guard tokens.startsEveryElement else {
      return fail(.expectedToken(.everyElement, found: tokens.peek.described), tokens.peek.offset)
    }
    _ = (tokens.next(), tokens.next())
    if path.steps.contains(where: { if case .key = $0 { true } else { false } }) {
      return fail(.wholeListInEntry(path.text), bracket)
    }
    return (path, offset)
  }

  /// An element of the list `path` ends at (not an element `list[id]` of it), as a path of
  /// the element's type for checking a value against; nil, with a problem, otherwise.
  mutating func elementOfList(_ path: StatePath, at offset: Int) -> StatePath? {
    guard let element = path.type.elementType, !path.endsInElement else {
      return fail(.notCollection(path.text, type: path.type.swiftName), offset)
    }
    return StatePath(steps: path.steps, type: element, defaultValue: nil, text: path.text)
  }

  /// `= VALUE` when written, else the payload parameter the operation implies.
  mutating func assignedValue(for path: StatePath, operation: String, at offset: Int) -> Operand? {
    assignedValue(for: path, operation: operation, at: offset, orList: false)?.operand
  }

  /// Like `assignedValue(for:operation:at:)`; with `orList`, a list of the path's type is taken
  /// too (`append ids = books[].id`, `upsert byId = products`), and `isList` says which it is.
  mutating func assignedValue(for path: StatePath, operation: String, at offset: Int, orList: Bool)
    -> (operand: Operand, isList: Bool)?
  {
    if tokens.take("=") {
      if !orList, ArithmeticOperator.isArithmetic(path.type.unwrapped), tokens.reachesArithmetic {
        return arithmeticOperand(expected: path.type).map { ($0, false) }
      }
      guard orList else { return operand(expected: path.type).map { ($0, false) } }
      // A parameter's type decides; a literal is one element.
      let start = tokens
      if let list = operand(expected: .array(path.type)), list.parameter != nil { return (list, true) }
      tokens = start
      failure = nil
      guard let single = operand(expected: path.type) else {
        // Either would do: the message says so.
        if case (.typeMismatch(let expected, let found, let what), let offset)? = failure {
          failure = (.typeMismatch(expected: "\(expected) or [\(expected)]", found: found, what: what), offset)
        }
        return nil
      }
      return (single, false)
    }
    let lastField = path.steps.reversed().compactMap { step -> String? in
      if case .field(let name) = step { return name }
      return nil
    }.first
    let parameter: Field
    if action.payload.count == 1 {
      parameter = action.payload[0]
    } else if let named = action.payload.first(where: { $0.name == lastField }) {
      parameter = named
    } else if action.payload.isEmpty {
      return fail(.needsValue(operation: operation, action: action.name), offset)
    } else {
      return fail(.ambiguousValue(operation: operation, action: action.name), offset)
    }
    if orList, parameter.type == .array(path.type) { return (.parameter(parameter.name, fields: []), true) }
    guard fits(parameter.type, into: path.type) else {
      return fail(
        .typeMismatch(expected: path.type.swiftName, found: parameter.type.swiftName, what: .parameter(parameter.name)),
        offset)
    }
    return (.parameter(parameter.name, fields: []), false)
  }

  func fits(_ type: SpecType, into target: SpecType) -> Bool {
    type == target || (target.isOptional && type == target.unwrapped)
  }

  /// A new element of `model` built from the payload: each parameter the field of its name,
  /// every field without a default given, an `Int` id left out the largest plus one.
  mutating func builtElement(_ model: Model, at offset: Int) -> AppendOperation.BuiltElement? {
    for parameter in action.payload {
      guard let field = model.fields.first(where: { $0.name == parameter.name }), fits(parameter.type, into: field.type)
      else {
        return fail(.notElementField(parameter.name, action: action.name, model: model.name), offset)
      }
    }
    var given: [String] = []
    var nextID: Int?
    for field in model.fields {
      if action.payload.contains(where: { $0.name == field.name }) {
        given.append(field.name)
      } else if field.name == "id", field.type == .scalar(.int) || field.type == .scalar(.int64) {
        nextID = given.count
      } else if field.name == "id" || field.defaultValue == nil {
        return fail(.elementFieldMissing(field.name, type: field.type.swiftName, model: model.name), offset)
      }
    }
    // An Int id's default is the first id of an empty list.
    var firstID: Value?
    if nextID != nil, let value = model.idField?.defaultValue, case .int = value { firstID = value }
    return AppendOperation.BuiltElement(model: model.name, fields: given, nextID: nextID, firstID: firstID)
  }

  /// `price * quantity`: arithmetic over payload values (parameters and their fields) and
  /// literals, of the expected type.
  mutating func arithmeticOperand(expected: SpecType) -> Operand? {
    let payload = action.payload
    let models = self.models
    let (action, state) = (self.action, self.state)
    let parser = ArithmeticParser<Operand>(
      leaf: { token, tokens in
        let name = token.text
        guard var type = payload.first(where: { $0.name == name })?.type else {
          return .failure(.init(Self.notInPayload(name, action: action, state: state), token.offset))
        }
        var fields: [String] = []
        while tokens.take(".") {
          let fieldToken = tokens.next()
          guard case .identifier(let fieldName) = fieldToken.kind else {
            return .failure(.init(.expectedToken(.fieldNameAfterDot, found: fieldToken.described), fieldToken.offset))
          }
          guard case .model(let modelName) = type, let model = models[modelName] else {
            return .failure(.init(.notAField(fieldName, type: type.swiftName), fieldToken.offset))
          }
          guard let field = model.fields.first(where: { $0.name == fieldName }) else {
            return .failure(.init(model.unknownField(fieldName), fieldToken.offset))
          }
          fields.append(fieldName)
          type = field.type
        }
        let operand = Operand.parameter(name, fields: fields)
        guard ArithmeticOperator.isArithmetic(type) else {
          return .failure(.init(.notArithmeticValue(operand.text, type: type.swiftName), token.offset))
        }
        return .success((operand, type))
      }, leafText: \.text)
    let start = tokens.peek.offset
    switch parser.parse(&tokens) {
    case .failure(let failure):
      return fail(failure.problem, failure.offset)
    case .success(let arithmetic):
      guard arithmetic.type == expected.unwrapped else {
        let text = Operand.arithmetic(arithmetic).text
        return fail(
          .typeMismatch(expected: expected.swiftName, found: arithmetic.type.swiftName, what: .quoted(text)), start)
      }
      return .arithmetic(arithmetic)
    }
  }

  /// A payload parameter (maybe with fields, of every element after `[]`) or a literal of the
  /// expected type.
  mutating func operand(expected: SpecType) -> Operand? {
    let token = tokens.next()
    switch token.kind {
    case .identifier(let name) where action.payload.contains { $0.name == name }:
      var type = action.payload.first { $0.name == name }!.type
      var fields: [String] = []
      // `books[].id`: the field of every element, a list in the payload list's order.
      let eachElement = tokens.startsEveryElement
      if eachElement {
        let bracket = tokens.next()
        _ = tokens.next()
        guard case .array(let element) = type else {
          return fail(.notCollection(name, type: type.swiftName), bracket.offset)
        }
        guard tokens.peek.kind == .symbol(".") else {
          return fail(.eachElementNeedsField(name), bracket.offset)
        }
        type = element
      }
      while tokens.take(".") {
        let fieldToken = tokens.next()
        guard case .identifier(let fieldName) = fieldToken.kind else {
          return fail(.expectedToken(.fieldNameAfterDot, found: fieldToken.described), fieldToken.offset)
        }
        guard case .model(let modelName) = type, let model = models[modelName] else {
          return fail(.notAField(fieldName, type: type.swiftName), fieldToken.offset)
        }
        guard let field = model.fields.first(where: { $0.name == fieldName }) else {
          return fail(model.unknownField(fieldName), fieldToken.offset)
        }
        fields.append(fieldName)
        type = field.type
      }
      let value: Operand = eachElement ? .eachElement(name, fields: fields) : .parameter(name, fields: fields)
      if eachElement {
        // A list of models with an id holds one element per id, which a mapped list can't promise.
        if hasIDField(type) { return fail(.eachElementIdentified(value.text, model: type.swiftName), token.offset) }
        type = .array(type)
      }
      guard fits(type, into: expected) else {
        return fail(
          .typeMismatch(expected: expected.swiftName, found: type.swiftName, what: .quoted(value.text)), token.offset)
      }
      return value
    case .identifier(let word) where !["true", "false", "nil"].contains(word) && literals.literalValue(word, type: expected) == nil:
      return fail(Self.notInPayload(word, action: action, state: state), token.offset)
    default:
      let text = tokens.literalText(after: token)
      guard let value = literals.literalValue(text, type: expected) else {
        return fail(.invalidValue(text, type: expected.swiftName), token.offset)
      }
      return .literal(value)
    }
  }

  /// The RESULT of `in RESULT` (`in` read), after an operation on offsets: the result of a
  /// filter over the list `path` (a state field) of models with an id. A sorted result can't
  /// say where a moved element goes (`unsorted`).
  mutating func filterResult(over path: StatePath, unsorted: Bool = false) -> String? {
    let token = tokens.next()
    guard case .identifier(let name) = token.kind else {
      return fail(.expectedToken(.filterResult, found: token.described), token.offset)
    }
    let over = filters.filter { path.steps == [.field($0.over)] }
    guard let filter = over.first(where: { $0.result == name }) else {
      return fail(.notAFilterResult(name, list: path.text, results: over.map(\.result)), token.offset)
    }
    if unsorted, !filter.sort.isEmpty { return fail(.sortedResult(name, filter: filter.name), token.offset) }
    // The result's elements are found in the list by id.
    guard hasIDField(.model(filter.element)) else { return fail(.resultNeedsIDs(name, model: filter.element), token.offset) }
    return name
  }

  /// A payload parameter of type `IndexSet`, after a word such as `at` or `from`.
  mutating func offsetsParameter() -> String? {
    let token = tokens.next()
    guard case .identifier(let name) = token.kind, let parameter = action.payload.first(where: { $0.name == name }) else {
      let offsets = action.payload.filter { $0.type == .indexSet }.map(\.name)
      guard !offsets.isEmpty else { return fail(.needsOffsets(action: action.name), token.offset) }
      if case .identifier(let name) = token.kind {
        return fail(.unknownParameter(name, action: action.name, suggestion: closestMatch(to: name, in: offsets)), token.offset)
      }
      return fail(.expectedToken(.offsetsParameter(offsets), found: token.described), token.offset)
    }
    guard parameter.type == .indexSet else {
      return fail(
        .typeMismatch(expected: SpecType.indexSet.swiftName, found: parameter.type.swiftName, what: .parameter(name)),
        token.offset)
    }
    return name
  }

  /// A condition over the fields of `model`'s elements, to the end of the operation, as a
  /// filter's case writes it.
  mutating func condition(over model: Model) -> Predicate? {
    // The element's fields, then the payload, then the state (`state.NAME` where one of those
    // hides a state field).
    let scope = ReadingScope.whereCondition(
      over: model, payload: action.payload, state: stateFields, models: Array(models.values))
    let (predicate, failure) = PredicateParser.condition(
      from: &tokens, over: scope.root, models: scope.models, enumCases: literals.enumCaseNames,
      stateModel: scope.stateModel)
    if let (problem, offset) = failure {
      let (results, derived) = (Set(filters.map(\.result)), derivedNames)
      let outside: (String) -> Subject? = { name in
        if derived.contains(name) { return .a(.derivedValue) }
        return results.contains(name) ? .a(.filterResult) : nil
      }
      return fail(problem.readingOnly(model, outside: outside).stateHidden(by: model, stateFields: stateFields), offset)
    }
    return predicate.map(scope.qualified)
  }

  /// The operand inside `[...]`, with the closing bracket.
  private mutating func bracketed(expected: SpecType) -> Operand? {
    guard let value = operand(expected: expected) else { return nil }
    guard tokens.take("]") else {
      return fail(.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    }
    return value
  }

  /// A path into the state: `field`, `field.sub`, `list[id].field`.
  private mutating func statePath(stopsAtEveryElement: Bool = false, stopsAtValue: Bool = false) -> StatePath? {
    let first = tokens.next()
    guard case .identifier(let name) = first.kind else {
      return fail(.expectedToken(.stateField, found: first.described), first.offset)
    }
    guard let root = state[name] else {
      let suggestion = closestMatch(to: name, in: stateFields.map(\.name))
      return fail(.unknownField(name, context: .theState, suggestion: suggestion), first.offset)
    }
    var path = StatePath(steps: [.field(name)], type: root.type, defaultValue: root.defaultValue, text: name)
    while true {
      if tokens.take(".") {
        let token = tokens.next()
        guard case .identifier(let fieldName) = token.kind else {
          return fail(.expectedToken(.fieldNameAfterDot, found: token.described), token.offset)
        }
        if case .array = path.type {
          return fail(.elementPathNeedsID(path.text), token.offset - 1)
        }
        guard case .model(let modelName) = path.type, let model = models[modelName] else {
          return fail(.notAField(fieldName, type: path.type.swiftName), token.offset)
        }
        guard let field = model.fields.first(where: { $0.name == fieldName }) else {
          return fail(model.unknownField(fieldName), token.offset)
        }
        path.steps.append(.field(fieldName))
        path.type = field.type
        path.defaultValue = field.defaultValue
        path.text += ".\(fieldName)"
      } else if tokens.peek.kind == .symbol("["), case .dictionary(let keyType, let valueType) = path.type {
        _ = tokens.next()
        guard let key = bracketed(expected: keyType) else { return nil }
        containerType = path.type
        path.enter(.key(key), type: valueType)
      } else if stopsAtEveryElement, tokens.startsEveryElement, case .array = path.type {
        return path
      } else if stopsAtValue, tokens.peek.kind == .symbol("["), !tokens.startsEveryElement,
        case .array(let element) = path.type, !hasIDField(element)
      {
        return path
      } else if tokens.peek.kind == .symbol("[") {
        let bracket = tokens.next()
        guard case .array(let element) = path.type else {
          return fail(.indexOutOfReach(path.text), bracket.offset)
        }
        if tokens.peek.kind == .symbol("]") { return fail(.everyElementUnsupported(path.text), bracket.offset) }
        guard case .model(let modelName) = element,
          let idField = models[modelName]?.idField
        else {
          return fail(.noIDField(element.swiftName), bracket.offset)
        }
        guard let id = bracketed(expected: idField.type) else { return nil }
        containerType = path.type
        path.enter(.element(id), type: element)
      } else {
        return path
      }
    }
  }
}

extension StatePath {
  /// Goes into the dictionary entry or list element `step` selects.
  mutating func enter(_ step: Step, type: SpecType) {
    steps.append(step)
    self.type = type
    defaultValue = nil
    switch step {
    case .key(.parameter(let parameter, let fields)), .element(.parameter(let parameter, let fields)):
      text += "[\(([parameter] + fields).joined(separator: "."))]"
    default:
      text += "[...]"
    }
  }

  var endsInElement: Bool {
    if case .element? = steps.last { return true }
    return false
  }

  /// The text of the list when the path ends at the `id` of one of its elements
  /// (`cards[id].id` gives `cards`), which no operation may change.
  var listWhoseElementIDEnds: String? {
    guard steps.count >= 2, steps[steps.count - 1] == .field("id"), case .element = steps[steps.count - 2] else {
      return nil
    }
    return listText
  }

  /// The path's text before its last `[`: the list or dictionary the last step entered.
  var listText: String {
    guard let bracket = text.lastIndex(of: "[") else { return text }
    return String(text[..<bracket])
  }
}
