// Example tests: each spec example as a reducer test or a TestStore test, and the UUID helper.
extension TestTranslator {
  // MARK: Examples

  func exampleTests() -> [Declaration] {
    var names = UniqueNames(reserving: [spec.reducerName])
    let tests = spec.examples.map { example -> Declaration in
      let name = names.make(example.name.identifierWords.lowercasingFirst)
      if example.throughStore { return storeExampleTest(example, name: name) }
      var body: [Statement] = [newState()] + givenAssignments(example)
      for step in example.when {
        let value = types.action(step)
        body.append(.expression(.name(Self.reportingHelperName).call([Argument(nil, .inoutArgument(state)), Argument(nil, value)])))
      }
      let (checks, throwing) = expectations(example.then)
      // A state nothing changes is a constant (a `var` never mutated is a warning), and one
      // nothing reads is only built (an unused constant is a warning too).
      if example.given.isEmpty && example.when.isEmpty {
        body = [
          checks.isEmpty
            ? .assignment(.name("_"), .name(spec.stateTypeName).call())
            : .declaration(
              VariableDeclaration(isConstant: true, name: "state", initializer: .name(spec.stateTypeName).call()))
        ]
      }
      // Given fields nothing reads: read once, or the `var` is written and never read.
      if !example.given.isEmpty && example.when.isEmpty && checks.isEmpty {
        body.append(.assignment(.name("_"), .name("state")))
      }
      return test(example.name, name, throwing: throwing, body + checks)
    }
    return suite(
      spec.names.exampleTests,
      tests + followUpTests(names: &names) + buttonFollowUpTests(names: &names) + startTests(names: &names) + cacheTests(names: &names)
        + streamTests(names: &names))
  }

  /// Whether the example tests file needs ReduxTesting: store examples, follow-up or start tests.
  var exampleTestsUseTestStore: Bool {
    spec.examples.contains(where: \.throughStore) || !followUpTestCases.isEmpty || startIsTested
      || spec.actions.contains { spec.alertActions.contains($0.name) && !$0.followUps.isEmpty }
      || !cachedRequests.isEmpty || !streamedRequests.isEmpty
  }

  /// `state.field = value` for each field the example gives.
  func givenAssignments(_ example: Example, to target: Expression = .name("state")) -> [Statement] {
    example.given.map { given in
      let type = spec.stateField(named: given.field)?.type ?? .scalar(.string)
      return .assignment(target.dot(given.field), types.expression(given.value, type: type))
    }
  }

  /// A step's action as a value: `.fetchUser(id: "u1")`.
  func stepAction(_ step: Example.Step) -> Expression {
    types.action(step)
  }

  /// `#expect`s of the paths in `then`, on `state`; whether one of them can throw (an index
  /// `#require`s its list to be long enough).
  func expectations(_ then: [Example.Expectation]) -> ([Statement], throwing: Bool) {
    var body: [Statement] = []
    var throwing = false
    for expectation in then {
      var target = state
      var chained = false
      for step in expectation.path {
        switch step {
        case .field(let name): target = target.dot(name)
        case .unwrap:
          target = .optionalChain(target)
          chained = true
        case .count: target = target.dot("count")
        case .isEmpty: target = target.dot("isEmpty")
        case .key(let key, let keyType): target = .subscripted(target, types.expression(key, type: keyType))
        case .index(let index):
          // Check the index first, so a short list fails the test instead of crashing it.
          var contains = target.dot("indices").dot("contains").call([Argument(nil, .literal(.int(index)))])
          // Through optional chaining the check is a `Bool?`: only `true` passes.
          if chained { contains = .binary(contains, .equal, .literal(.bool(true))) }
          body.append(.expression(.tryExpression(.macro("require", [Argument(nil, contains)]))))
          throwing = true
          target = .subscripted(target, .literal(.int(index)))
        }
      }
      body.append(expect(target, .equal, types.expression(expectation.value, type: expectation.type)))
    }
    return (body, throwing)
  }

  /// An example run through a TestStore (ReduxTesting): the spec's middleware in order, then the
  /// effects middleware over the test effects on an immediate clock. Each action is sent and its
  /// effects awaited before the next; the actions received must be exactly `receive`.
  func storeExampleTest(_ example: Example, name: String) -> Declaration {
    let names = spec.names
    var body: [Statement] = []
    var initial: Expression = Expression.name(spec.stateTypeName).call()
    if !example.given.isEmpty {
      let given = Expression.name("given")
      body = [.declaration(VariableDeclaration(name: "given", initializer: .name(spec.stateTypeName).call()))]
      body += givenAssignments(example, to: given)
      initial = given
    }
    // Each made with `init()`: `middleware:` leaves out one whose initializer takes arguments.
    let chosen = spec.middleware.filter { example.middleware?.contains($0.name) ?? true }
    var middleware = chosen.map { Expression.name($0.name).call() }
    // Delayed follow-ups wait on a clock the example lets run once each step has settled: they
    // come after everything else the step dispatched, in every run.
    let followUpsClock = Expression.name("followUpsClock")
    // One clock for the feature's delays and its children's: a child's timer ticks as a `wait:`
    // moves it.
    if spec.treeHasDelayedFollowUps {
      body.append(constant("followUpsClock", types.runtime.value("ManualClock").call()))
    }
    middleware += Self.followUpsChain(of: spec, clock: followUpsClock)
    let asyncActions = spec.actions.filter { $0.async != nil }
    if !asyncActions.isEmpty {
      body.append(constant("effects", Expression.name(names.testEffects).call()))
      for result in example.effects where result.child == nil {
        guard let action = spec.action(named: result.action), let async = action.async else { continue }
        let double = Expression.name("effects").dot(async.effect)
        body.append(.expression(double.dot(effectSetter(result.outcome)).call(effectArguments(result.outcome, of: action))))
      }
      var arguments = [Argument("effects", Expression.name("effects").dot("effects"))]
      if asyncActions.contains(where: { $0.async?.timing != nil }) {
        arguments.append(Argument("clock", types.runtime.value("ImmediateClock").call()))
      }
      middleware.append(Expression.name(names.effectsMiddleware).call(arguments))
    }
    // What creators and follow-ups make as the middleware run (`= new`, `= now`) comes from the
    // values the store binds, so `receive` can name it: ids 1, 2, 3... in order, one time.
    let madeValues =
      ([spec] + spec.descendantSpecs).contains { $0.actions.contains { $0.payload.contains(where: \.madeByCreator) } }
      ? [Argument("actionValues", incrementingValues)] : []
    // A child's effects the example gives (`effects: { tallies.loadFact: ... }`): the child's
    // doubles, shared by its elements, each element's chain running its effects middleware.
    var childEffects: [String: Expression] = [:]
    for list in spec.children {
      let results = example.effects.filter { $0.child == list.field }
      guard !results.isEmpty else { continue }
      let kit = TestTranslator(spec: list.spec)
      let doubles = Expression.name(list.field + "Effects")
      body.append(constant(list.field + "Effects", Expression.name(list.spec.names.testEffects).call()))
      for result in results {
        guard let action = list.spec.action(named: result.action), let async = action.async else { continue }
        body.append(
          .expression(
            doubles.dot(async.effect).dot(kit.effectSetter(result.outcome)).call(kit.effectArguments(result.outcome, of: action))))
      }
      var arguments = [Argument("effects", doubles.dot("effects"))]
      if list.spec.actions.contains(where: { $0.async?.timing != nil }) {
        arguments.append(Argument("clock", types.runtime.value("ImmediateClock").call()))
      }
      childEffects[list.field] = Expression.name(list.spec.names.effectsMiddleware).call(arguments)
    }
    // The children's chains last, as an app adds them: each child's follow-ups and timers (and
    // its effects where the example gives them), and its children's in turn.
    var chain = Expression.array(middleware)
    if let children = Self.childrenChains(of: spec, clock: followUpsClock, effects: childEffects) {
      body.append(constant("children", children))
      chain = middleware.isEmpty ? .name("children") : .binary(chain, .plus, .name("children"))
    }
    let store = Expression.name("store")
    body.append(
      constant(
        "store",
        types.runtime.value("TestStore").call([
          Argument("initialState", initial), Argument("reducer", .name(spec.reducerName)),
          Argument("middleware", chain),
        ] + madeValues + [Argument("exhaustivity", .dot("off"))])))
    for step in example.when {
      if let wait = step.wait {
        // The clock moved on: what is due by then comes (a timer's ticks, one after another).
        body.append(
          .expression(followUpsClock.dot("advance").call([Argument("by", FeatureTranslator.duration(milliseconds: wait))])))
        body.append(.expression(.awaitExpression(store.dot("idle").call())))
        continue
      }
      body.append(.expression(.awaitExpression(store.dot("send").call([Argument(nil, stepAction(step))]))))
      body.append(.expression(.awaitExpression(store.dot("idle").call())))
      // Where a timer ticks, the clock moves only when a step waits; elsewhere what waits comes
      // once the step has settled.
      if spec.treeHasDelayedFollowUps && !spec.treeHasRepeatingFollowUps {
        body.append(.expression(followUpsClock.dot("advancePastEverything").call()))
        body.append(.expression(.awaitExpression(store.dot("idle").call())))
      }
    }
    body.append(expect(store.dot("receivedActions"), .equal, .array(example.receive.map(stepAction))))
    body.append(.expression(.awaitExpression(store.dot("finish").call())))
    let (checks, throwing) = expectations(example.then)
    if !checks.isEmpty { body.append(constant("state", store.dot("state"))) }
    return test(example.name, name, isAsync: true, throwing: throwing, body + checks)
  }

  /// A feature's follow-ups middleware as an example through the store runs it: on `clock`
  /// where a follow-up waits; none without follow-ups.
  static func followUpsChain(of spec: Spec, clock: Expression) -> [Expression] {
    if spec.hasDelayedFollowUps { return [Expression.name(spec.names.followUps).call([Argument("clock", clock)])] }
    return spec.hasFollowUps ? [Expression.name(spec.names.followUps).call()] : []
  }

  /// `talliesChildren(tallies: { _ in [TallyFollowUps(clock: followUpsClock)] }, ...)`: each
  /// child's chain of follow-ups (on the example's clock), then its effects middleware where
  /// `effects` has one for its field (over the doubles the example set up), then its own
  /// children's; nil for a feature whose children have neither follow-ups nor effects here.
  static func childrenChains(of spec: Spec, clock: Expression, effects: [String: Expression] = [:]) -> Expression? {
    guard spec.descendantSpecs.contains(where: \.hasFollowUps) || !effects.isEmpty else { return nil }
    func chain(_ child: Spec, takesID: Bool, effects: Expression? = nil) -> Expression {
      let own = followUpsChain(of: child, clock: clock) + (effects.map { [$0] } ?? [])
      var body = Expression.array(own)
      if let grandchildren = childrenChains(of: child, clock: clock) {
        body = own.isEmpty ? grandchildren : .binary(body, .plus, grandchildren)
      }
      return .closure(Closure(parameters: takesID ? ["_"] : [], body: body))
    }
    let arguments =
      spec.children.map { Argument($0.field, chain($0.spec, takesID: $0.isList, effects: effects[$0.field])) }
      + spec.stacks.flatMap { stack in
        stack.destinations.map { Argument(FeatureTranslator.stackParameter(stack, $0), chain($0.spec, takesID: true)) }
      }
    return Expression.name(spec.names.children).call(arguments)
  }

  func effectSetter(_ outcome: Example.EffectResult.Outcome) -> String {
    switch outcome {
    case .returns, .returnsNil: "returns"
    case .fails: "fails"
    case .yields: "yields"
    }
  }

  /// What the effect returns: the success action's own fields, none, one or a tuple of them.
  private func successValue(_ values: [Value], of action: Action) -> Expression {
    let async = action.async!
    let own = spec.action(named: async.success)?.payload.filter { !async.carried.contains($0.name) } ?? []
    let expressions = zip(own, values).map { field, value in (field.name, types.expression(value, type: field.type)) }
    switch expressions.count {
    case 0: return .tuple([])
    case 1: return expressions[0].1
    default: return .tuple(expressions.map { Argument($0.0, $0.1) })
    }
  }

  /// What an example's effect returns, yields or throws, as the double's setter takes it.
  func effectArguments(_ outcome: Example.EffectResult.Outcome, of action: Action) -> [Argument] {
    switch outcome {
    case .yields(let elements, let failure):
      let values = Argument(nil, .array(elements.map { successValue($0, of: action) }))
      // A stream throws `any Error`: the message's `ExampleFailure`.
      guard let failure else { return [values] }
      let message = types.expression(failure, type: .scalar(.string))
      return [values, Argument("thenFails", types.runtime.value("ExampleFailure").call([Argument(nil, message)]))]
    default:
      return [effectArgument(outcome, of: action)]
    }
  }

  /// The value an example's effect returns or throws.
  func effectArgument(_ outcome: Example.EffectResult.Outcome, of action: Action) -> Argument {
    let async = action.async!
    switch outcome {
    case .returnsNil:
      return Argument(nil, .literal(.nilLiteral))
    case .returns(let values):
      return Argument(nil, successValue(values, of: action))
    case .yields(let elements, _):
      return Argument(nil, .array(elements.map { successValue($0, of: action) }))
    case .fails(let value):
      let own = spec.action(named: async.failure)?.payload.filter { !async.carried.contains($0.name) } ?? []
      let shape = FailureShape(own: own) { name in spec.model(named: name) != nil || spec.enums.contains { $0.name == name } }
      if case .typed(let name) = shape {
        let type: SpecType = spec.model(named: name) != nil ? .model(name) : .enumeration(name)
        return Argument("with", types.expression(value, type: type))
      }
      let message = types.expression(value, type: .scalar(.string))
      return Argument("with", types.runtime.value("ExampleFailure").call([Argument(nil, message)]))
    }
  }

  /// `uuid(n)`: the UUID whose last digits are `n`, as the spec writes small ids.
  func uuidHelper() -> Declaration {
    let digits = Expression.name("String").call([Argument(nil, .name("number"))])
    let padding = Expression.name("String").call([
      Argument("repeating", .literal(.string("0"))),
      Argument("count", .binary(.literal(.int(12)), .minus, .name("digits").dot("count"))),
    ])
    let text = Expression.binary(
      .binary(.literal(.string("00000000-0000-0000-0000-")), .plus, .name("padding")), .plus, .name("digits"))
    return .function(
      FunctionDeclaration(
        doc: "The UUID whose last digits are `number`, as the spec's examples write ids.", access: .private,
        kind: .function("uuid"), parameters: [Parameter(label: "_", name: "number", type: .named("Int"))],
        returnType: .named("UUID"),
        body: [
          constant("digits", digits), constant("padding", padding),
          .returnStatement(.forceUnwrap(.name("UUID").call([Argument("uuidString", text)]))),
        ]))
  }
}
