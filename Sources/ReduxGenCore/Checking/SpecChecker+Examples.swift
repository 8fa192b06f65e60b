/// Examples: steps, `then` paths and values, checked against the state and actions.
extension SpecChecker {
  mutating func checkExamples(_ node: YAMLNode, middleware: [Middleware]) -> [Example] {
    var result: [Example] = []
    for item in sequence(node, what: .key("examples")) ?? [] {
      guard let pairs = mapping(item, what: .a(.example)) else { continue }
      let keys = checkKeys(pairs, allowed: SpecKeys.example, context: .a(.example))
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
      var waitNodes: [(node: YAMLNode, milliseconds: Int)] = []
      let steps = whenItems.compactMap { item -> Example.Step? in
        let step = exampleStep(item, waits: true)
        if let wait = step?.wait { waitNodes.append((item, wait)) }
        return step
      }
      var then: [Example.Expectation] = []
      for pair in keys["then"].flatMap({ mapping($0, what: .key("then")) }) ?? [] {
        guard let (path, type) = examplePath(pair.key) else { continue }
        if let value = exampleValue(pair.value, type: type) {
          then.append(Example.Expectation(path: path, value: value, type: type))
        }
      }
      var example = Example(name: name, given: given, when: steps, then: then)
      checkStoreRun(of: &example, keys, middleware: middleware)
      // A wait moves the clock the follow-ups middleware waits on: a store's, and one some wait on.
      if let node = waitNodes.first?.node {
        if !example.throughStore {
          error(.waitOutsideStore, node)
        } else if !actions.contains(where: { $0.followUps.contains { $0.delay != nil } })
          && !descendantSpecs.contains(where: \.hasDelayedFollowUps)
        {
          error(.waitWithoutDelays, node)
        } else {
          checkWaits(waitNodes, of: example)
        }
      }
      result.append(example)
    }
    return result
  }

  /// `through`, `effects`, `receive` and `middleware`: an example run through a TestStore.
  private mutating func checkStoreRun(of example: inout Example, _ keys: CheckedKeys, middleware: [Middleware]) {
    var through: String?
    if let node = keys["through"], let mode = text(node, what: .key("through")) {
      if mode == "store" || mode == "reducer" {
        through = mode
      } else {
        error(.expected(.exampleRun, found: "'\(mode)'"), node)
      }
    }
    let storeKeyName = ["effects", "receive", "middleware"].first { keys[$0] != nil } ?? "effects"
    let storeKey = keys[storeKeyName]
    if through == "reducer", let storeKey {
      error(.storeOnlyKey(storeKeyName), storeKey)
    }
    example.throughStore = through == "store" || (through == nil && storeKey != nil)
    guard example.throughStore else { return }
    // The test effects can't stand in for failure actions the effects type builds by hand.
    if let built = actions.first(where: { failureShape($0) == .builtByEffects }), let async = built.async {
      error(.storeExampleNeedsDerivedFailure(failure: async.failure, request: built.name), storeKey ?? keys["through"]!)
    }
    let asyncActions = actions.filter { $0.async != nil }
    // Children one of whose effects was refused where it is given: their outcomes received are
    // not reported again.
    var refusedChildEffects: Set<String> = []
    for pair in keys["effects"].flatMap({ mapping($0, what: .key("effects")) }) ?? [] {
      guard let effect = text(pair.key, what: .a(.effectMethod)) else { continue }
      // `tallies.loadFact`: a child's effect, its double in the child's chain.
      if let dot = effect.firstIndex(of: "."),
        let list = symbols.entries.children.first(where: { $0.field == effect[..<dot] })
      {
        if let result = childEffect(String(effect[effect.index(after: dot)...]), of: list, pair) {
          example.effects.append(result)
        } else {
          refusedChildEffects.insert(list.field)
        }
        continue
      }
      guard let action = asyncActions.first(where: { $0.async?.effect == effect }) else {
        // The action's name where its effect has another one is the likely slip.
        let byAction = asyncActions.first { $0.name == effect }?.async?.effect
        let suggestion = byAction ?? closestMatch(to: effect, in: asyncActions.compactMap(\.async?.effect))
        error(.unknownEffect(effect, suggestion: suggestion), pair.key)
        continue
      }
      if let outcome = effectOutcome(pair.value, of: action) {
        example.effects.append(Example.EffectResult(action: action.name, outcome: outcome))
      }
    }
    var receiveItems: [YAMLNode] = []
    if let node = keys["receive"], !node.isNull {
      receiveItems = node.scalar != nil ? [node] : sequence(node, what: .key("receive")) ?? []
    }
    let answered = Set(example.effects.compactMap { result in result.child.map { "\($0).\(result.action)" } })
    example.receive = receiveItems.compactMap { item in
      guard let step = exampleStep(item, received: true) else { return nil }
      checkReceivedChildStep(step, item, answered: answered, refused: refusedChildEffects)
      return step
    }
    if let node = keys["middleware"] { example.middleware = exampleMiddleware(node, declared: middleware) }
  }

  /// The specs of the features under this one, each once (`Spec.descendantSpecs`).
  var descendantSpecs: [Spec] {
    Spec.descendants(symbols.entries.children.map(\.spec) + symbols.entries.stacks.flatMap { $0.destinations.map(\.spec) })
  }

  /// `effects: { tallies.loadFact: ... }`: what a child's effect does in this example, read as the
  /// child's own examples read it; nil, reported, otherwise.
  private mutating func childEffect(_ effect: String, of list: ChildFeature, _ pair: YAMLNode.Pair) -> Example.EffectResult? {
    var child = SpecChecker(path: path, symbols: SymbolTable(checked: list.spec))
    child.readFile = readFile
    let asyncActions = list.spec.actions.filter { $0.async != nil }
    guard let action = asyncActions.first(where: { $0.async?.effect == effect }) else {
      let suggestion = closestMatch(to: effect, in: asyncActions.compactMap(\.async?.effect))
      error(.unknownEffect("\(list.field).\(effect)", suggestion: suggestion.map { "\(list.field).\($0)" }), pair.key)
      return nil
    }
    // The child's double can't stand in for a failure its effects build by hand.
    if child.failureShape(action) == .builtByEffects, let async = action.async {
      error(.storeExampleNeedsDerivedFailure(failure: async.failure, request: action.name), pair.key)
      return nil
    }
    let outcome = child.effectOutcome(pair.value, of: action)
    diagnostics.append(contentsOf: child.diagnostics.diagnostics)
    return outcome.map { Example.EffectResult(action: action.name, outcome: $0, child: list.field) }
  }

  /// A received child's action (`rows[0].started`) must be one its chain sends: a follow-up of one
  /// of the child's actions (a timer's tick among them), or the outcome of a request whose effect
  /// the example gives (`effects: { rows.load: ... }`). Another request's outcome or an action
  /// only the view sends can't arrive.
  /// `answered`: the children's requests the example gives effects for (`tallies.loadFact`);
  /// `refused`: the child fields one of whose effects was refused (reported there).
  private mutating func checkReceivedChildStep(
    _ step: Example.Step, _ node: YAMLNode, answered: Set<String>, refused: Set<String>
  ) {
    guard let element = step.element else { return }
    var feature: Spec?
    var current = step
    var inner: Example.ElementStep? = element
    var children = symbols.entries.children
    var stacks = symbols.entries.stacks
    // Down the tree to the feature whose own action it is.
    while let next = inner {
      switch next {
      case .element(_, let childStep):
        feature = children.first { $0.field == current.action }?.spec
        current = childStep
      case .screen(_, let destination, let childStep):
        feature = stacks.first { $0.field == current.action }?.destination(named: destination)?.spec
        current = childStep
      }
      guard let spec = feature else { return }
      children = spec.children
      stacks = spec.stacks
      inner = current.element
    }
    guard let feature, !feature.actions.contains(where: { $0.followUps.contains { $0.action == current.action } }) else {
      return
    }
    let request = feature.actions.first { $0.async?.success == current.action || $0.async?.failure == current.action }
    // An outcome of a direct child's request whose effect this example gives.
    if let request, case .element(_, let inner)? = step.element, inner.element == nil,
      answered.contains("\(step.action).\(request.name)") || refused.contains(step.action)
    {
      return
    }
    let outcome = request != nil
    var written = node.scalar ?? current.action
    if case .mapping(let pairs) = node.kind, let key = pairs.first?.key.scalar { written = key }
    error(.childActionNotReceived(written, feature: feature.feature, outcome: outcome), node)
  }

  /// `middleware: [A, B]`: the spec's middleware the example runs (the test makes each with
  /// `init()`, which a middleware whose initializer takes arguments doesn't have).
  private mutating func exampleMiddleware(_ node: YAMLNode, declared: [Middleware]) -> [String] {
    let items = node.isNull ? [] : node.scalar != nil ? [node] : sequence(node, what: .key("middleware")) ?? []
    var names: [String] = []
    for item in items {
      guard let name = text(item, what: .a(.middleware)) else { continue }
      guard declared.contains(where: { $0.name == name }) else {
        error(.unknownMiddleware(name, suggestion: closestMatch(to: name, in: declared.map(\.name))), item)
        continue
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// `actionName` or `actionName: { parameter: value }`.
  /// `start:` the actions the store dispatches when it is made: one, or a list, each written as
  /// an example's step (`loadTodos`, `loadPage: { page: 1 }`).
  mutating func checkStart(_ node: YAMLNode) -> [Example.Step] {
    if node.isNull { return [] }
    let items: [YAMLNode]
    switch node.kind {
    case .sequence(let list): items = list
    case .scalar, .mapping: items = [node]
    }
    return items.compactMap { exampleStep($0) }
  }

  /// - Parameter received: A step of `receive`: a value made as the action is sent (`= new`,
  ///   `= now`) must be given, as the `ActionValues` the example binds make it.
  /// - Parameter waits: Whether `wait: DURATION` may stand here (an example's `when:`).
  private mutating func exampleStep(_ node: YAMLNode, received: Bool = false, waits: Bool = false) -> Example.Step? {
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
    // `wait: 3s`: the follow-ups' clock moved on (an example through the store only).
    if name == Self.waitStep, self.action(named: name) == nil {
      guard waits else {
        error(.waitNotHere, nameNode)
        return nil
      }
      guard let argumentsNode else {
        error(.invalidDuration(""), nameNode)
        return nil
      }
      guard let written = text(argumentsNode, what: .key(Self.waitStep)) else { return nil }
      guard let milliseconds = Self.milliseconds(written) else {
        error(.invalidDuration(written), argumentsNode)
        return nil
      }
      return Example.Step(action: "", arguments: [], wait: milliseconds)
    }
    // `alert.resetAll`: a button of the alert shown, what `<Feature>AlertAction` names.
    let alertPrefix = Spec.alertField + "."
    if name.hasPrefix(alertPrefix), self.action(named: Spec.alertField) == nil,
      let buttons = enumCaseNames[GeneratedNames(feature: feature).alertAction]
    {
      let button = String(name.dropFirst(alertPrefix.count))
      guard buttons.contains(button) else {
        error(.notAButton(button, suggestion: closestMatch(to: button, in: buttons)), nameNode)
        return nil
      }
      if let argumentsNode { error(.alertButtonPayload(button), argumentsNode) }
      return Example.Step(action: Spec.alertField, arguments: [(name: "", value: .enumCase(button))])
    }
    if self.action(named: name) == nil, let routed = childStep(name, nameNode: nameNode, arguments: argumentsNode) {
      // A child's step, or nil when its problems were reported.
      return routed
    }
    guard let action = self.action(named: name) else {
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
      } else if received, parameter.madeByCreator {
        error(.madeValueNotGiven(parameter.name, action: name, isID: parameter.type == .scalar(.uuid)), nameNode)
        return nil
      } else if let value = parameter.defaultValue {
        arguments.append((parameter.name, value))
      } else {
        error(.missingField(parameter.name, model: "the payload of \(name)"), nameNode)
        return nil
      }
    }
    return Example.Step(action: name, arguments: arguments)
  }

  /// The example step that moves the follow-ups' clock on (`wait: 3s`).
  static let waitStep = "wait"

  /// The most ticks of a timer one `wait:` may deliver: a test waits for each.
  static let maximumTicksPerWait = 1_000

  /// An example's waits deliver a bounded number of ticks, in an order the example can write:
  /// the follow-ups of one trigger that waits, at most, where a timer ticks.
  private mutating func checkWaits(_ waits: [(node: YAMLNode, milliseconds: Int)], of example: Example) {
    // A child's timer ticks on the example's clock too.
    let intervals = (actions + descendantSpecs.flatMap(\.actions)).flatMap { $0.followUps.filter(\.repeats).compactMap(\.delay) }
    if let shortest = intervals.min() {
      for wait in waits where wait.milliseconds / shortest > Self.maximumTicksPerWait {
        error(.waitTooLong(ticks: wait.milliseconds / shortest, interval: shortest), wait.node)
      }
    }
    guard !intervals.isEmpty else { return }
    // The triggers with waiting follow-ups the example's actions may reach: sent, followed up,
    // or an outcome of a request sent.
    let reached = actions.reached(from: example.when.map(\.action), outcomes: true)
    let triggers = actions.filter { reached.contains($0.name) && $0.followUps.contains { $0.delay != nil } }.map(\.name)
    if triggers.count > 1, let node = waits.first?.node { error(.waitOrderUnknown(triggers), node) }
  }

  /// `tallies[1].increment` (with its payload, if any): the child's action `increment` for the
  /// element of `tallies` whose id is 1, its payload checked as the child's spec reads it. Nil
  /// when `name` isn't of that shape or names no list of child features (an unknown action,
  /// then); `.some(nil)` when it is a child's step with problems, reported here.
  private mutating func childStep(_ name: String, nameNode: YAMLNode, arguments: YAMLNode?) -> Example.Step?? {
    let list: ChildFeature
    var actionName: String
    var id: Value?
    var destination: String?
    if let open = name.firstIndex(of: "["), let close = name.lastIndex(of: "]"), open < close,
      name[name.index(after: close)...].first == ".",
      let stack = symbols.entries.stacks.first(where: { $0.field == name[..<open] })
    {
      // `path[1].detail.save`: a destination's action for the screen whose id is 1.
      let rest = name[name.index(close, offsetBy: 2)...].split(separator: ".", maxSplits: 1).map(String.init)
      guard rest.count == 2 else {
        error(.unknownDestination(rest.first ?? "", stack: stack.field, suggestion: nil), nameNode)
        return .some(nil)
      }
      guard let found = stack.destination(named: rest[0]) else {
        error(
          .unknownDestination(rest[0], stack: stack.field, suggestion: closestMatch(to: rest[0], in: stack.destinations.map(\.name))),
          nameNode)
        return .some(nil)
      }
      let idNode = YAMLNode(.scalar(String(name[name.index(after: open)..<close]), .plain), at: nameNode.location)
      guard let value = exampleValue(idNode, type: .scalar(.int)) else { return .some(nil) }
      id = value
      destination = found.name
      list = ChildFeature(field: stack.field, spec: found.spec)
      actionName = rest[1]
    } else if let open = name.firstIndex(of: "["), let close = name.lastIndex(of: "]"), open < close,
      name[name.index(after: close)...].first == "."
    {
      guard let found = symbols.entries.children.first(where: { $0.field == name[..<open] && $0.isList }) else { return nil }
      list = found
      actionName = String(name[name.index(close, offsetBy: 2)...])
      let idNode = YAMLNode(.scalar(String(name[name.index(after: open)..<close]), .plain), at: nameNode.location)
      guard let value = exampleValue(idNode, type: list.idType) else { return .some(nil) }
      id = value
    } else if let dot = name.firstIndex(of: "."),
      let found = symbols.entries.children.first(where: { $0.field == name[..<dot] && !$0.isList })
    {
      // `namer.save`: the presented child's action.
      list = found
      actionName = String(name[name.index(after: dot)...])
    } else {
      return nil
    }
    // The child's step, read by a checker of the child's spec: its actions and types.
    var child = SpecChecker(path: path, symbols: SymbolTable(checked: list.spec))
    child.readFile = readFile
    var stepNode = YAMLNode(.scalar(actionName, .plain), at: nameNode.location)
    if let arguments {
      stepNode = YAMLNode(.mapping([YAMLNode.Pair(key: YAMLNode(.scalar(actionName, .plain), at: nameNode.location), value: arguments)]), at: nameNode.location)
    }
    let step = child.exampleStep(stepNode)
    diagnostics.append(contentsOf: child.diagnostics.diagnostics)
    guard let step else { return .some(nil) }
    if let destination, case .int(let screen)? = id {
      return Example.Step(action: list.field, arguments: [], element: .screen(id: screen, destination: destination, step: step))
    }
    return Example.Step(action: list.field, arguments: [], element: .element(id: id ?? .null, step: step))
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
    } else if let value = derived.first(where: { $0.name == rootName }) {
      type = value.type
    } else {
      let names = state.map(\.name) + filters.map(\.result) + derived.map(\.name)
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
        } else if name == "count" || name == "isEmpty", type.elementType != nil || type == .scalar(.string) || isDictionary(type) || type.isStack {
          steps.append(name == "count" ? .count : .isEmpty)
          type = name == "count" ? .scalar(.int) : .scalar(.bool)
        } else if case .model(let modelName) = type, let model = modelsByName[modelName] {
          error(model.unknownField(name), at: fieldAt)
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
