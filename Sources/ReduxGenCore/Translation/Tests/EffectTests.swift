// Effect tests through a TestStore: cached answers, the start actions and follow-ups.
extension TestTranslator {
  /// The requests with `fresh:` a derived test pins: their test effects need no failure builder.
  var cachedRequests: [Action] {
    let asyncActions = spec.actions.filter { $0.async != nil }
    let builders = asyncActions.contains { action in
      let own = spec.action(named: action.async!.failure)?.payload.filter { !action.async!.carried.contains($0.name) } ?? []
      let shape = FailureShape(own: own) { name in spec.model(named: name) != nil || spec.enums.contains { $0.name == name } }
      return shape == .builtByEffects
    }
    if builders { return [] }
    return asyncActions.filter { action in
      guard let async = action.async, async.freshFor != nil else { return false }
      // A request whose own success empties what it provides is never answered from the cache twice.
      let emptied = action.invalidates + (spec.action(named: async.success)?.invalidates ?? [])
      return Set(emptied.map(\.name)).isDisjoint(with: async.provides.map(\.name))
        && action.payload.allSatisfy { $0.defaultValue != .newUUID && $0.defaultValue != .now }
    }
  }

  /// For each request with `fresh:`: sent twice through a TestStore, its effect is called once;
  /// after each action that invalidates a tag it provides, once more.
  func cacheTests(names: inout UniqueNames) -> [Declaration] {
    cachedRequests.map { request in
      let async = request.async!
      let store = Expression.name("store")
      let effects = Expression.name("effects")
      let cache = Argument(
        "cache", types.runtime.value("ResponseCache").call([Argument("clock", types.runtime.value("StoppedClock").call())]))
      func returns(_ action: Action) -> Statement {
        let own = spec.action(named: action.async!.success)?.payload.filter { !action.async!.carried.contains($0.name) } ?? []
        let value: Expression =
          switch own.count {
          case 0: .tuple([])
          case 1: types.expression(sample(own[0].type, 3), type: own[0].type)
          default: .tuple(own.enumerated().map { Argument($1.name, types.expression(sample($1.type, 3 + $0), type: $1.type)) })
          }
        return .expression(effects.dot(action.async!.effect).dot("returns").call([Argument(nil, value)]))
      }
      func send(_ action: Action, values: [Value]? = nil) -> [Statement] {
        let arguments =
          values.map { values in
            zip(action.payload, values).map { Argument($0.name, types.expression($1, type: $0.type)) }
          } ?? sampleArguments(action)
        let sent = arguments.isEmpty ? Expression.dot(action.name) : Expression.dot(action.name).call(arguments)
        return [
          .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))),
          .expression(.awaitExpression(store.dot("idle").call())),
        ]
      }
      let calls = effects.dot(async.effect).dot("calls").dot("count")
      var body: [Statement] = [constant("effects", Expression.name(spec.names.testEffects).call()), returns(request)]
      body.append(effectsStore(adding: [cache]))
      body += send(request) + send(request)
      body.append(expect(calls, .equal, .literal(.int(1))))
      var title = "\(request.name) is answered from the cache while fresh"
      // Each action that invalidates a tag it provides, in turn: one more call after each. A tag
      // with an argument on both sides is invalidated with the request's own argument.
      // Where both have one, it is first sent with another argument, which empties nothing.
      let requestValues = sampleValues(request)
      let invalidating = spec.actions.compactMap { action -> (Action, [Value], other: [Value]?)? in
        var values = sampleValues(action)
        // The same payload with every argument another value than the request's.
        var other: [Value]? = values
        var empties = false
        for tag in action.invalidates {
          for provided in async.provides where provided.name == tag.name {
            if tag.argument.isEmpty || provided.argument.isEmpty {
              empties = true
            } else if let argument = value(in: request, requestValues, at: provided.argument),
              let changed = setting(in: action, values, at: tag.argument, to: argument)
            {
              let type = argumentType(in: action, at: tag.argument)
              if let type, let different = (90..<94).lazy.map({ self.sample(type, $0) }).first(where: { $0 != argument }) {
                other = other.flatMap { setting(in: action, $0, at: tag.argument, to: different) }
              } else {
                other = nil
              }
              values = changed
              empties = true
            }
          }
        }
        // No argument changed, or a tag emptied whatever the argument: no other argument to try.
        if other == values || other == sampleValues(action) || action.invalidates.contains(where: { tag in
          tag.argument.isEmpty && async.provides.contains { $0.name == tag.name }
        }) || async.provides.contains(where: { provided in
          provided.argument.isEmpty && action.invalidates.contains { $0.name == provided.name }
        }) {
          other = nil
        }
        return empties ? (action, values, other) : nil
      }
      for (index, (action, values, other)) in invalidating.enumerated() {
        if let other {
          if action.async != nil { body.append(returns(action)) }
          body += send(action, values: other) + send(request)
          body.append(expect(calls, .equal, .literal(.int(index + 1))))
        }
        if action.async != nil { body.append(returns(action)) }
        body += send(action, values: values) + send(request)
        body.append(expect(calls, .equal, .literal(.int(index + 2))))
      }
      if !invalidating.isEmpty {
        title += ", and called again after \(invalidating.map(\.0.name).joined(separator: ", "))"
      }
      body.append(.expression(.awaitExpression(store.dot("finish").call())))
      return test(title, names.make("\(request.name)IsCached"), isAsync: true, body)
    }
  }

  /// `let store = TestStore(...)` of the initial state with the effects middleware alone over
  /// `effects` (the test effects), on an immediate clock where a request waits on one, with
  /// `adding` passed to the middleware too; exhaustivity off.
  func effectsStore(adding extra: [Argument] = []) -> Statement {
    var arguments = [Argument("effects", Expression.name("effects").dot("effects"))]
    if spec.actions.contains(where: { $0.async?.timing != nil }) {
      arguments.append(Argument("clock", types.runtime.value("ImmediateClock").call()))
    }
    return constant(
      "store",
      types.runtime.value("TestStore").call([
        Argument("initialState", Expression.name(spec.stateTypeName).call()),
        Argument("reducer", .name(spec.reducerName)),
        Argument("middleware", .array([Expression.name(spec.names.effectsMiddleware).call(arguments + extra)])),
        Argument("exhaustivity", .dot("off")),
      ]))
  }

  /// Whether `start:` gets a derived test: its actions hold values a test can compare (no fresh
  /// `UUID()` or `Date()`, written, in a model's defaults, or the default of a parameter left out).
  var startIsTested: Bool {
    !spec.start.isEmpty
      && spec.start.allSatisfy { step in
        let given = Set(step.arguments.map(\.name))
        let leftOut = spec.actions.first { $0.name == step.action }?.payload.filter { !given.contains($0.name) } ?? []
        return !step.arguments.contains { hasFreshUUID($0.value) }
          && !leftOut.contains { $0.defaultValue.map(hasFreshUUID) ?? false }
      }
  }

  /// A store made with `<Feature>Start` has received exactly the `start:` actions, in order,
  /// before anything is sent.
  func startTests(names: inout UniqueNames) -> [Declaration] {
    guard startIsTested else { return [] }
    let store = Expression.name("store")
    // The first names the type: `[.load]` alone has no type to find `.load` in.
    let expected = spec.start.enumerated().map { index, step in types.action(step, qualified: index == 0) }
    // With the follow-ups' middleware where the spec has one (a store without it warns), when
    // no start action is followed up: then the store receives exactly the start actions.
    var middleware = [Expression.name(spec.names.start).call()]
    let followed = spec.start.contains { spec.action(named: $0.action)?.followUps.isEmpty == false }
    if spec.actions.contains(where: { !$0.followUps.isEmpty }), !followed {
      middleware.append(followUpsMiddleware())
    }
    let body: [Statement] = [
      constant(
        "store",
        types.runtime.value("TestStore").call([
          Argument("initialState", Expression.name(spec.stateTypeName).call()), Argument("reducer", .name(spec.reducerName)),
          Argument("middleware", .array(middleware)),
          Argument("exhaustivity", .dot("off")),
        ])),
      expect(store.dot("receivedActions"), .equal, .array(expected)),
      .expression(.awaitExpression(store.dot("finish").call())),
    ]
    let list = spec.start.map(\.action).joined(separator: ", ")
    return [test("the store starts with \(list)", names.make("theStoreStarts"), isAsync: true, body)]
  }

  /// The triggers whose follow-ups a derived test pins: every follow-up unconditional and made
  /// of values a test can compare (no fresh `UUID()` or `Date()`).
  var followUpTestCases: [Action] {
    spec.actions.filter { action in
      // Values made as it is sent (`= new`, `= now`) come from the `ActionValues` the test binds.
      guard !action.followUps.isEmpty, followUpWitness(action) != nil else { return false }
      // A value made fresh inside a default (a model's `id` left out, `Song()`) equals no value a
      // test can write: examples pin those follow-ups.
      let madeInside = action.followUps.contains { followUp in
        followUp.arguments.contains { argument in
          guard case .value(let value) = argument.source, value != .newUUID, value != .now else { return false }
          return hasFreshUUID(value)
        }
      }
      if madeInside { return false }
      // A timer a follow-up starts would tick for ever on the immediate clock of its test.
      if !action.followUps.contains(where: \.repeats), startsTimer(after: action) { return false }
      // A follow-up that stops the trigger's own waiting ones (`cancels:`) leaves fewer to receive.
      guard !action.followUps.contains(where: { spec.action(named: $0.action)?.cancelsFollowUps.contains(action.name) == true })
      else { return false }
      // Delayed ones come after the others' own follow-ups: only where there are none is the
      // order the store receives them in known here.
      return !action.followUps.contains { $0.delay != nil }
        || action.followUps.allSatisfy { spec.action(named: $0.action)?.followUps.isEmpty ?? true }
    }
  }

  /// Whether a follow-up of `trigger`, or one of theirs in turn, starts a timer (`every`).
  func startsTimer(after trigger: Action) -> Bool {
    let reached = spec.actions.reached(from: trigger.followUps.map(\.action))
    return spec.actions.contains { reached.contains($0.name) && $0.followUps.contains(where: \.repeats) }
  }

  /// The payload values a trigger is sent with in its follow-up tests: none where its
  /// follow-ups are unconditional; where some wait, values under which every condition holds,
  /// when the conditions read the payload alone and such values are found. Nil: no such test
  /// (examples pin conditional follow-ups, as `if`).
  func followUpWitness(_ action: Action) -> [String: Value]? {
    let conditions = action.followUps.compactMap(\.condition)
    guard let first = conditions.first else { return [:] }
    guard action.followUps.contains(where: { $0.delay != nil }),
      !conditions.contains(where: { PredicateSearch.fields(readBy: $0).contains("state") })
    else { return nil }
    let all = conditions.dropFirst().reduce(first) { .and($0, $1) }
    let payload = Model(name: spec.actionTypeName, doc: nil, fields: action.payload)
    return PredicateSearch(spec: spec, model: payload).witnesses(all).kept
  }

  /// `<Feature>FollowUps()`; where follow-ups wait, on `clock` (an immediate one by default, so
  /// a test that awaits the store's idleness receives them).
  func followUpsMiddleware(clock: String = "ImmediateClock") -> Expression {
    guard spec.hasDelayedFollowUps else { return Expression.name(spec.names.followUps).call() }
    return Expression.name(spec.names.followUps).call([Argument("clock", types.runtime.value(clock).call())])
  }

  /// For each trigger: sent through a TestStore with `<Feature>FollowUps`, it is followed first
  /// by exactly its follow-ups, each with the trigger's parameters and the state after its reduce
  /// (their own follow-ups come after them).
  /// Conditional follow-ups are pinned by examples, as `if` is.
  func followUpTests(names: inout UniqueNames) -> [Declaration] {
    followUpTestCases.flatMap { action -> [Declaration] in
      // Samples, but where a condition needs a value, that value.
      let witness = followUpWitness(action) ?? [:]
      let arguments = sampleArguments(action).map { argument in
        guard let label = argument.label, let value = witness[label],
          let type = action.payload.first(where: { $0.name == label })?.type
        else { return argument }
        return Argument(label, types.expression(value, type: type))
      }
      let sent = arguments.isEmpty ? Expression.dot(action.name) : Expression.dot(action.name).call(arguments)
      let after = Expression.name("after")
      let readsState = action.followUps.contains(where: \.takesStateFields)
      var body: [Statement] = []
      // One state for the store and the expected values: a default that makes a fresh id
      // (`item: Item = {}`) differs each time a state is made.
      var initialState = Expression.name(spec.stateTypeName).call()
      if readsState {
        body.append(constant("initial", initialState))
        initialState = .name("initial")
        body.append(.declaration(VariableDeclaration(name: "after", initializer: initialState)))
        body.append(.expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(after)), Argument(nil, sent)])))
      }
      // The trigger's parameters are the samples it was sent with.
      let sample = { (name: String) in arguments.first { $0.label == name }?.value ?? .name(name) }
      // Values made as a follow-up is sent (`= new`, `= now`) come from the `ActionValues` the
      // test binds: ids counting up from 1 in the order they are made, and one time.
      let makesValues = action.followUps.contains(where: \.makesValues)
      var ids = 0
      let expected = action.followUps.map { followUp in
        followUp.action(in: spec, types: types, parameter: sample, state: after, qualified: true) { value in
          guard value == .newUUID else { return Self.boundTime }
          ids += 1
          return Expression.name("UUID").call([Argument("number", .literal(.int(ids)))])
        }
      }
      let store = Expression.name("store")
      // Delayed ones after the others: on an immediate clock, once the store is idle.
      let isDelayed = action.followUps.map { $0.delay != nil }
      let ordered = zip(expected, isDelayed).filter { !$0.1 }.map(\.0) + zip(expected, isDelayed).filter(\.1).map(\.0)
      func made(on clock: String) -> Statement { madeWith(followUpsMiddleware(clock: clock)) }
      func madeWith(_ middleware: Expression) -> Statement {
        constant(
          "store",
          types.runtime.value("TestStore").call([
            Argument("initialState", initialState), Argument("reducer", .name(spec.reducerName)),
            Argument("middleware", .array([middleware])),
          ] + (makesValues ? [Argument("actionValues", incrementingValues)] : []) + [Argument("exhaustivity", .dot("off"))]))
      }
      // On a clock the test moves: `<Feature>FollowUps(clock: followUpsClock)`.
      let onManualClock = madeWith(
        Expression.name(spec.names.followUps).call([Argument("clock", .name("followUpsClock"))]))
      func received(_ expected: [Expression]) -> Statement {
        expect(
          Expression.name("Array").call([
            Argument(nil, store.dot("receivedActions").dot("prefix").call([Argument(nil, .literal(.int(expected.count)))]))
          ]), .equal, .array(expected))
      }
      let waits = isDelayed.contains(true)
      let targets = action.followUps.map(\.action).joined(separator: ", ")
      var followed: [Statement]
      if let interval = action.followUps.first(where: \.repeats)?.delay {
        // A timer: on a clock moved one interval at a time, its follow-ups come each time.
        let immediate = zip(expected, isDelayed).filter { !$0.1 }.map(\.0)
        let ticking = zip(expected, isDelayed).filter(\.1).map(\.0)
        followed = body + movingTheClock(store: onManualClock, sending: [sent], by: interval) + [
          received(immediate + Array(repeating: ticking, count: Self.timerTicks).flatMap { $0 }),
          .expression(.awaitExpression(store.dot("finish").call())),
        ]
        let repeated = action.followUps.filter(\.repeats).map(\.action).joined(separator: ", ")
        return [
          test(
            "\(action.name) is followed by \(repeated) every time its interval passes",
            names.make("\(action.name)IsFollowedUpEveryInterval"), isAsync: true, followed),
          pausedTest(action: action, sent: sent, body: body, immediate: immediate, made: made, names: &names),
        ] + cancelTests(trigger: action, sent: sent, body: body, immediate: immediate, store: onManualClock, names: &names)
      }
      followed = body + [made(on: "ImmediateClock"), .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)])))]
      if waits { followed.append(.expression(.awaitExpression(store.dot("idle").call()))) }
      // Its own follow-ups come first; theirs (if any) are queued after them.
      followed += [received(ordered), .expression(.awaitExpression(store.dot("finish").call()))]
      var tests = [
        test("\(action.name) is followed by \(targets)", names.make("\(action.name)IsFollowedUp"), isAsync: true, followed)
      ]
      guard waits else { return tests }
      let immediate = zip(expected, isDelayed).filter { !$0.1 }.map(\.0)
      tests.append(pausedTest(action: action, sent: sent, body: body, immediate: immediate, made: made, names: &names))
      return tests
        + cancelTests(trigger: action, sent: sent, body: body, immediate: immediate, store: onManualClock, names: &names)
    }
  }

  /// For each button's action with unconditional follow-ups (`then:`): sent as the button while
  /// its alert is shown, it is followed by exactly them, each with the state after the button;
  /// sent while no alert is shown (a late tap the reducer drops), by nothing.
  func buttonFollowUpTests(names: inout UniqueNames) -> [Declaration] {
    let buttons = spec.actions.filter { action in
      spec.alertActions.contains(action.name) && !action.followUps.isEmpty
        && action.followUps.allSatisfy { $0.condition == nil && $0.delay == nil }
    }
    return buttons.flatMap { action -> [Declaration] in
      guard let alert = spec.alerts.first(where: { $0.buttons.contains { $0.action == action.name } }) else { return [] }
      let sent = Expression.dot(Spec.alertField).call([Argument(nil, .dot(action.name))])
      let store = Expression.name("store")
      let after = Expression.name("after")
      var ids = 0
      let expected = action.followUps.map { followUp in
        followUp.action(in: spec, types: types, parameter: { .name($0) }, state: after, qualified: true) { value in
          guard value == .newUUID else { return Self.boundTime }
          ids += 1
          return Expression.name("UUID").call([Argument("number", .literal(.int(ids)))])
        }
      }
      let makesValues = action.followUps.contains(where: \.makesValues)
      let made = constant(
        "store",
        types.runtime.value("TestStore").call(
          [
            Argument("initialState", .name("initial")), Argument("reducer", .name(spec.reducerName)),
            Argument("middleware", .array([followUpsMiddleware()])),
          ] + (makesValues ? [Argument("actionValues", incrementingValues)] : []) + [Argument("exhaustivity", .dot("off"))]))
      let targets = action.followUps.map(\.action).joined(separator: ", ")
      // The state after the button, where a follow-up reads it.
      let readsState = action.followUps.contains(where: \.takesStateFields)
      let shown: [Statement] =
        [
          .declaration(VariableDeclaration(name: "initial", initializer: .name(spec.stateTypeName).call())),
          .assignment(.name("initial").dot(Spec.alertField), Self.shownAlert(spec, (alert.name, true), types: types)),
        ]
        + (readsState
          ? [
            .declaration(VariableDeclaration(name: "after", initializer: .name("initial"))),
            .expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(after)), Argument(nil, sent)])),
          ] : [])
        + [
          made,
        .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))),
          expect(
            Expression.name("Array").call([
              Argument(nil, store.dot("receivedActions").dot("prefix").call([Argument(nil, .literal(.int(expected.count)))]))
            ]), .equal, .array(expected)),
          .expression(.awaitExpression(store.dot("finish").call())),
        ]
      let unshown: [Statement] = [
        constant("initial", .name(spec.stateTypeName).call()),
        made,
        .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))),
        expect(store.dot("receivedActions").dot("isEmpty"), .equal, .literal(.bool(true))),
        .expression(.awaitExpression(store.dot("finish").call())),
      ]
      return [
        test(
          "\(alert.name)'s button \(action.name) is followed by \(targets)",
          names.make("\(action.name)ButtonIsFollowedUp"), isAsync: true, shown),
        test(
          "\(action.name)'s button while no alert is shown is followed by nothing",
          names.make("\(action.name)ButtonWithoutAlertIsFollowedByNothing"), isAsync: true, unshown),
      ]
    }
  }

  /// For each action that cancels `trigger`'s waiting follow-ups (`cancels: [trigger]`) and
  /// dispatches nothing itself: sent after the trigger, on a clock then moved past three waits,
  /// only the trigger's immediate follow-ups come.
  private func cancelTests(
    trigger: Action, sent: Expression, body: [Statement], immediate: [Expression], store made: Statement,
    names: inout UniqueNames
  ) -> [Declaration] {
    guard let delay = trigger.followUps.compactMap(\.delay).first else { return [] }
    let store = Expression.name("store")
    let cancellers = spec.actions.filter {
      $0.cancelsFollowUps.contains(trigger.name) && $0.followUps.isEmpty && $0.async == nil && $0.cancels.isEmpty
    }
    return cancellers.map { canceller in
      let arguments = sampleArguments(canceller)
      let stop = arguments.isEmpty ? Expression.dot(canceller.name) : Expression.dot(canceller.name).call(arguments)
      let steps = body + movingTheClock(store: made, sending: [sent, stop], by: delay) + [
        expect(store.dot("receivedActions"), .equal, immediate.isEmpty ? .literal(.emptyArray) : .array(immediate)),
        .expression(.awaitExpression(store.dot("finish").call())),
      ]
      let waiting = trigger.followUps.filter { $0.delay != nil }.map(\.action).joined(separator: ", ")
      return test(
        "\(canceller.name) stops \(trigger.name)'s \(waiting)", names.make("\(canceller.name)Stops\(trigger.name.uppercasingFirst)"),
        isAsync: true, steps)
    }
  }

  /// How many intervals a timer's derived test moves its clock on, one at a time.
  static let timerTicks = 3

  /// `followUpsClock`, a ManualClock, and `store` on it; `sending` sent one by one, each let
  /// settle; then the clock moved on `timerTicks` times by `milliseconds`, each let settle.
  private func movingTheClock(store made: Statement, sending: [Expression], by milliseconds: Int) -> [Statement] {
    let store = Expression.name("store")
    let idle = Statement.expression(.awaitExpression(store.dot("idle").call()))
    var steps = [constant("followUpsClock", types.runtime.value("ManualClock").call()), made]
    for sent in sending {
      steps += [.expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))), idle]
    }
    let advance = Expression.name("followUpsClock").dot("advance")
      .call([Argument("by", FeatureTranslator.duration(milliseconds: milliseconds))])
    for _ in 0..<Self.timerTicks { steps += [.expression(advance), idle] }
    return steps
  }

  /// On a clock that never gets there, the delayed ones stay waiting: only the others come.
  private func pausedTest(
    action: Action, sent: Expression, body: [Statement], immediate: [Expression], made: (String) -> Statement,
    names: inout UniqueNames
  ) -> Declaration {
    let store = Expression.name("store")
    let waiting = action.followUps.filter { $0.delay != nil }.map(\.action).joined(separator: ", ")
    return test(
      "\(action.name) waits before \(waiting)", names.make("\(action.name)WaitsToFollowUp"), isAsync: true,
      body + [
        made("PausedClock"), .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))),
        .expression(.awaitExpression(store.dot("idle").call())),
        expect(store.dot("receivedActions"), .equal, immediate.isEmpty ? .literal(.emptyArray) : .array(immediate)),
        .expression(.awaitExpression(store.dot("finish").call())),
      ])
  }
}

// Stream tests through a TestStore: each value of a stream's request dispatched in order, and
// the stream ended by what cancels it.
extension TestTranslator {
  /// The stream requests (`stream: true`) a derived test pins: values a test can compare, test
  /// effects that need no failure builder, and outcomes that cancel nothing (which would end
  /// the stream under test).
  var streamedRequests: [Action] {
    spec.actions.streamedRequests { name in spec.model(named: name) != nil || spec.enums.contains { $0.name == name } }
  }

  /// For each stream request: yielding two values then throwing, it is followed by its success
  /// action for each value, in order, then its failure; and for each action that cancels it
  /// (dispatching nothing itself), the stream sent one value, then the action, is ended: no
  /// stream is left open and nothing more comes.
  func streamTests(names: inout UniqueNames) -> [Declaration] {
    streamedRequests.flatMap { request -> [Declaration] in
      let async = request.async!
      let store = Expression.name("store")
      let effects = Expression.name("effects")
      let double = effects.dot(async.effect)
      let made = effectsStore()
      let arguments = sampleArguments(request)
      let sent = arguments.isEmpty ? Expression.dot(request.name) : Expression.dot(request.name).call(arguments)
      // The request's carried parameters as it was sent; the value's own fields, samples.
      let carried = { (name: String) in arguments.first { $0.label == name }?.value ?? .name(name) }
      let success = spec.action(named: async.success)!
      let own = success.payload.filter { !async.carried.contains($0.name) }
      func value(_ seed: Int) -> (yielded: Expression, received: Expression) {
        let values = own.enumerated().map { index, field in
          (field.name, types.expression(sample(field.type, seed + index), type: field.type))
        }
        let yielded: Expression =
          switch values.count {
          case 0: .tuple([])
          case 1: values[0].1
          default: .tuple(values.map { Argument($0.0, $0.1) })
          }
        let received = success.payload.map { field in
          Argument(field.name, async.carried.contains(field.name) ? carried(field.name) : values.first { $0.0 == field.name }!.1)
        }
        let action = Expression.name(spec.actionTypeName).dot(async.success)
        return (yielded, received.isEmpty ? action : action.call(received))
      }
      let first = value(3)
      let second = value(5)
      // A failure whose message is the error's description, or that holds carried values alone.
      let failureAction = spec.action(named: async.failure)!
      let message = "stream ended"
      let failure = failureAction.payload.map { field in
        Argument(field.name, async.carried.contains(field.name) ? carried(field.name) : .literal(.string(message)))
      }
      let failed = failure.isEmpty
        ? Expression.name(spec.actionTypeName).dot(async.failure)
        : Expression.name(spec.actionTypeName).dot(async.failure).call(failure)
      let send = { (action: Expression) in Statement.expression(.awaitExpression(store.dot("send").call([Argument(nil, action)]))) }
      let idle = Statement.expression(.awaitExpression(store.dot("idle").call()))
      let finish = Statement.expression(.awaitExpression(store.dot("finish").call()))
      var tests = [
        test(
          "each value of \(request.name)'s stream becomes \(async.success), in order, and its error \(async.failure)",
          names.make("\(request.name)StreamsItsValues"), isAsync: true,
          [
            constant("effects", Expression.name(spec.names.testEffects).call()),
            .expression(
              double.dot("yields").call([
                Argument(nil, .array([first.yielded, second.yielded])),
                Argument(
                  "thenFails",
                  types.runtime.value("ExampleFailure").call([Argument(nil, .literal(.string(message)))])),
              ])),
            made, send(sent), idle,
            expect(store.dot("receivedActions"), .equal, .array([first.received, second.received, failed])),
            finish,
          ])
      ]
      for canceller in spec.actions.streamCancellers(of: request) {
        let stopArguments = sampleArguments(canceller)
        let stop = stopArguments.isEmpty ? Expression.dot(canceller.name) : Expression.dot(canceller.name).call(stopArguments)
        tests.append(
          test(
            "\(canceller.name) ends \(request.name)'s stream", names.make("\(canceller.name)Ends\(request.name.uppercasingFirst)"),
            isAsync: true,
            [
              constant("effects", Expression.name(spec.names.testEffects).call()),
              .expression(double.dot("streams").call()),
              made, send(sent),
              .expression(.awaitExpression(double.dot("yield").call([Argument(nil, first.yielded)]))),
              .expression(.awaitExpression(store.dot("receive").call([Argument(nil, first.received)]))),
              send(stop), idle,
              expect(double.dot("openCount"), .equal, .literal(.int(0))),
              expect(store.dot("receivedActions"), .equal, .array([first.received])),
              finish,
            ]))
      }
      return tests
    }
  }
}
