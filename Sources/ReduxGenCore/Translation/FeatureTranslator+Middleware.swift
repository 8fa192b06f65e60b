extension FeatureTranslator {
  // MARK: Middleware

  var contextType: TypeName { types.runtime.generic("MiddlewareContext", [stateType, actionType]) }

  func middlewareFile() -> [Declaration] {
    middlewareProtocols() + followUpsMiddleware() + startMiddleware() + childrenMiddleware()
  }

  /// `talliesChildren(tallies:)`: for each list of child features, the child's chain of each
  /// element (`ChildMiddleware`), made from the function a parameter takes. None without
  /// `children:`.
  func childrenMiddleware() -> [Declaration] {
    guard !spec.children.isEmpty || !spec.stacks.isEmpty else { return [] }
    var chains = spec.children.compactMap { list -> Expression? in
      guard let field = spec.stateFieldIndex(named: list.field) else { return nil }
      guard list.isList else {
        return types.runtime.value("PresentedMiddleware").call([
          Argument(nil, .name(list.field)),
          Argument("field", .literal(.int(field))),
          Argument("presented", .closure(Closure(body: .name("$0").dot(list.field)))),
          Argument("extract", .closure(Closure(body: .name("$0").dot(list.field)))),
          Argument("embed", .closure(Closure(body: Expression.dot(list.field).call([Argument(nil, .name("$0"))])))),
          Argument("reducer", .name(spec.reducerName)),
        ])
      }
      return types.runtime.value("ChildMiddleware").call([
        Argument(nil, .name(list.field)),
        Argument("field", .literal(.int(field))),
        Argument("elements", .closure(Closure(body: .name("$0").dot(list.field)))),
        Argument("extract", .closure(Closure(body: .name("$0").dot(list.field)))),
        Argument(
          "embed",
          .closure(Closure(body: Expression.dot(list.field).call([Argument("id", .name("$0")), Argument("action", .name("$1"))])))),
        Argument("reducer", .name(spec.reducerName)),
      ])
    }
    chains += spec.stacks.compactMap(stackChain)
    let function = FunctionDeclaration(
      doc: """
        The middleware of the child features: add what it returns to the store's middleware. A
        list's parameter makes one element's chain from its id, ended (its requests cancelled)
        when an action removes the element; a presented feature's makes its chain when it is
        presented, ended when it is dismissed; a stack's destination's makes a screen's chain from
        its id, ended when the screen is popped.
        """,
      access: access, kind: .function(spec.names.children),
      parameters: spec.children.map { list in
        Parameter(
          name: list.field,
          type: .sendableFunction(
            list.isList ? [types.typeName(list.idType)] : [],
            returns: .array(
              .existential(
                types.runtime.generic("Middleware", [.named(list.spec.stateTypeName), .named(list.spec.actionTypeName)])))))
      } + spec.stacks.flatMap(stackParameters),
      returnType: .array(.existential(types.runtime.generic("Middleware", [stateType, actionType]))),
      body: [.returnStatement(.array(chains))])
    return [.function(function)]
  }

  /// `<Feature>Start`: when the store is made, dispatches the spec's `start:` actions in order;
  /// passes every action on. None without `start:`.
  func startMiddleware() -> [Declaration] {
    guard !spec.start.isEmpty else { return [] }
    let dispatches = spec.start.map { step in
      // Inside the middleware `State` and `Action` are its associated types: the spec's go
      // through their aliases.
      Statement.expression(Expression.name("context").dot("dispatch").call([Argument(nil, effectTypes.action(step))]))
    }
    let start = FunctionDeclaration(
      doc: "Dispatches the spec's `start:` actions, in order, as the store is made.", access: access,
      kind: .function("start"), parameters: [Parameter(name: "context", type: contextType)], body: dispatches)
    let process = processFunction(doc: "Passes every action on.", body: [.returnStatement(.name("action"))])
    return [
      generatedMiddleware(
        spec.names.start,
        doc: "Dispatches the actions the store starts with (`start:` in the spec) when the store is made: add it to the store's middleware.",
        members: [.function(start), .function(process)])
    ]
  }

  /// `<Feature>FollowUps`: after an action with `then:` is reduced, dispatches its follow-ups
  /// whose condition holds (read over its payload and the new state); none without `then:`.
  func followUpsMiddleware() -> [Declaration] {
    let triggers = spec.actions.filter { !$0.followUps.isEmpty || !$0.cancelsFollowUps.isEmpty }
    guard !triggers.isEmpty else { return [] }
    let state = Expression.name("state")
    let cases = triggers.map { action -> SwitchCase in
      // A checked condition reads the state as `state.NAME`; one over the payload alone doesn't.
      let readsState = action.followUps.contains { followUp in
        followUp.takesStateFields || followUp.condition.map { PredicateSearch.fields(readBy: $0).contains("state") } == true
      }
      var used: Set<String> = []
      // `cancels: [start]`: what `start`'s follow-ups wait for (its timer) stops first.
      var body: [Statement] = action.cancelsFollowUps.map { trigger in
        .expression(
          Expression.name("self").dot("runner").dot("cancel").call([Argument(nil, .literal(.string(trigger)))]))
      }
      if readsState {
        body.append(
          .declaration(
            VariableDeclaration(
              isConstant: true, name: "state",
              initializer: Expression.name("context").dot("state").call([
                Argument("after", .name("action")), Argument(nil, .name(spec.reducerName)),
              ]))))
      }
      // The delayed follow-ups are gathered (those whose condition holds) and handed to the
      // runner together, which dispatches them once the wait has passed with no newer trigger
      // (or every time it passes, for a timer: `every`).
      let delay = action.followUps.compactMap(\.delay).first
      var delayedLocal = "delayed"
      while action.payload.contains(where: { $0.name == delayedLocal }) { delayedLocal += "FollowUps" }
      let gathers = action.followUps.contains { $0.delay != nil && $0.condition != nil }
      var delayed: [Expression] = []
      if gathers {
        body.append(
          .declaration(
            VariableDeclaration(name: delayedLocal, type: .array(actionType), initializer: .literal(.emptyArray))))
      }
      for followUp in action.followUps {
        for argument in followUp.arguments {
          switch argument.source {
          case .parameter(let name): used.insert(name)
          case .expression(let predicate): used.formUnion(Operand.expression(predicate).parameters)
          default: break
          }
        }
        let sent = followUp.action(in: spec, types: effectTypes, parameter: { .name($0) }, state: state)
        let dispatch =
          followUp.delay == nil
          ? Statement.expression(Expression.name("context").dot("dispatch").call([Argument(nil, sent)]))
          : .expression(Expression.name(delayedLocal).dot("append").call([Argument(nil, sent)]))
        guard let condition = followUp.condition else {
          if followUp.delay != nil, !gathers { delayed.append(sent) } else { body.append(dispatch) }
          continue
        }
        for name in PredicateSearch.fields(readBy: condition) where name != "state" { used.insert(name) }
        let test = PredicateTranslator(types: effectTypes, element: state) { name in
          name == "state" ? state : .name(name)
        }.expression(condition)
        body.append(.ifElse(test, [dispatch], nil))
      }
      if let delay {
        body.append(
          .expression(
            Expression.name("self").dot("runner").dot("dispatch").call([
              Argument(nil, gathers ? .name(delayedLocal) : .array(delayed)),
              Argument(
                action.followUps.contains(where: \.repeats) ? "every" : "after", Self.duration(milliseconds: delay)),
              Argument("in", .literal(.string(action.name))), Argument("context", .name("context")),
            ])))
      }
      return SwitchCase(
        patterns: [
          Pattern(
            caseName: action.name, bindings: used.isEmpty ? [] : action.payload.map { used.contains($0.name) ? $0.name : nil })
        ],
        body: body)
    }
    // A button's follow-ups: sent when it answers a shown alert (read before the reducer
    // dismisses it); a button while none shows is dropped, and nothing follows.
    let buttons = zip(triggers, cases).filter { spec.alertActions.contains($0.0.name) }.map { action, trigger in
      SwitchCase(patterns: [Pattern(caseName: action.name, bindings: [])], body: trigger.body)
    }
    let buttonCase =
      buttons.isEmpty
      ? []
      : [
        SwitchCase(
          patterns: [Pattern(caseName: Spec.alertField, bindings: ["button"])],
          body: [
            .ifElse(
              .binary(
                Expression.name("context").dot("read").call([
                  Argument(nil, .closure(Closure(body: .name("$0").dot(Spec.alertField))))
                ]),
                .notEqual, .literal(.nilLiteral)),
              [.switchStatement(.name("button"), buttons + [SwitchCase(patterns: [], body: [.breakStatement])])], nil)
          ])
      ]
    let covered = triggers.count == spec.actions.count && spec.children.isEmpty && spec.stacks.isEmpty
      && (spec.alerts.isEmpty || !buttonCase.isEmpty)
    let allCases = cases + buttonCase + (covered ? [] : [SwitchCase(patterns: [], body: [.breakStatement])])
    let process = processFunction(
      doc: "Dispatches the follow-ups of the action, which the store reduces after it; passes the action on.",
      body: [.switchStatement(.name("action"), allCases), .returnStatement(.name("action"))])
    let doc = "Dispatches each action's follow-ups (`then:` in the spec) after its reduce: add it to the store's middleware."
    guard spec.hasDelayedFollowUps else {
      return [generatedMiddleware(spec.names.followUps, doc: doc, members: [.function(process)])]
    }
    let runnerType = types.runtime.generic("EffectRunner", [.named(spec.stateTypeName), .named(spec.actionTypeName)])
    let runner = Declaration.variable(
      VariableDeclaration(
        doc: spec.hasRepeatingFollowUps
          ? "Waits out the delayed follow-ups (`after`) and runs the timers (`every`), a trigger's newest replacing its own."
          : "Waits out the delayed follow-ups (`after`), a trigger's newest replacing those waiting.",
        access: access, isConstant: true, name: "runner", type: runnerType))
    let initializer = FunctionDeclaration(
      doc: "- Parameter clock: What delayed follow-ups wait on; a test passes one it advances.", access: access,
      kind: .initializer, parameters: [clockParameter],
      body: [.assignment(.name("self").dot("runner"), Expression.type(runnerType).call([Argument("clock", .name("clock"))]))])
    let work = runnerWork(
      idle: "Waits until the delayed follow-ups that are due have been dispatched.",
      pending: "The triggers whose delayed follow-ups are waiting.")
    return [
      generatedMiddleware(
        spec.names.followUps, doc: doc + " Delayed follow-ups wait on its clock.", stored: [runner],
        initializer: initializer, members: [.function(process)] + work)
    ]
  }

  /// `clock: any Clock<Duration> = ContinuousClock()`: what a middleware's waits (debounced and
  /// throttled requests, delayed follow-ups) wait on.
  var clockParameter: Parameter {
    Parameter(
      name: "clock", type: .existential(types.runtime.generic("Clock", [types.runtime.type("Duration")])),
      defaultValue: types.runtime.value("ContinuousClock").call([]))
  }

  /// `idle()`, `pendingWork` and `end()` of a middleware whose work is its `runner`'s:
  /// `Store.idle()` and a TestStore wait for that work through them, and a removed child
  /// feature's chain ends it.
  func runnerWork(idle: String, pending: String) -> [Declaration] {
    [
      .function(
        FunctionDeclaration(
          doc: idle, access: access, kind: .function("idle"), isAsync: true, returnType: .named("Bool"),
          body: [.returnStatement(.awaitExpression(Expression.name("runner").dot("idle").call([])))])),
      .variable(
        VariableDeclaration(
          doc: pending, access: access, name: "pendingWork", type: .array(.named("String")),
          getter: [.returnStatement(Expression.name("runner").dot("pendingWork"))])),
      .function(
        FunctionDeclaration(
          doc: "Cancels the requests running, queued or due: none dispatches its outcome.", access: access,
          kind: .function("end"), body: [.expression(Expression.name("runner").dot("cancelAll").call([]))])),
    ]
  }

  /// A middleware redux-gen writes whole (`<Feature>FollowUps`, `<Feature>Start`): a struct of
  /// the feature's access with an initializer a user can call, conforming to `Middleware`.
  /// `stored` properties come first, then `initializer` (by default an empty one a user can
  /// call where the feature's access asks for it), then `members`.
  func generatedMiddleware(
    _ name: String, doc: String, stored: [Declaration] = [], initializer: FunctionDeclaration? = nil,
    members: [Declaration]
  ) -> Declaration {
    let made = initializer ?? access.map { FunctionDeclaration(access: $0, kind: .initializer, body: []) }
    return .structure(
      TypeDeclaration(
        doc: doc, access: access, name: name,
        inherits: [types.runtime.generic("Middleware", [.named(spec.stateTypeName), .named(spec.actionTypeName)])],
        members: stored + (made.map { [Declaration.function($0)] } ?? []) + members))
  }

  func middlewareProtocols() -> [Declaration] {
    spec.middleware.flatMap { middleware -> [Declaration] in
      let handled = middleware.on.compactMap { name in spec.action(named: name) }
      let emitter = middleware.emits.isEmpty ? nil : emitterName(middleware)
      let requirements = handled.map { action in
        Declaration.function(handler(for: action, emitter: emitter, body: nil))
      }
      let doc = (middleware.doc.map { $0 + "\n\n" } ?? "")
        + "Each action in `on` is a requirement; every other action passes on unchanged."
      let protocolDeclaration = Declaration.protocolDeclaration(
        TypeDeclaration(
          doc: doc, access: access, name: middleware.protocolName,
          inherits: [types.runtime.generic("Middleware", [.named(spec.stateTypeName), .named(spec.actionTypeName)])],
          members: requirements))
      var cases = handled.map { action in
        SwitchCase(
          patterns: [Pattern(caseName: action.name, bindings: action.payload.map(\.name))],
          // `self.` so a parameter named like the action can't hide the requirement.
          body: [.returnStatement(.name("self").dot(action.name).call(handlerArguments(action, emitter: emitter)))])
      }
      // Every case of the action enum, a child's, a stack's and the alerts' among them.
      if handled.count < spec.actionCaseCount {
        cases.append(SwitchCase(patterns: [], body: [.returnStatement(.name("action"))]))
      }
      let process = processFunction(
        doc: "Sends each action this middleware handles to its requirement; passes on the rest.",
        body: [.switchStatement(.name("action"), cases)])
      return (emitter == nil ? [] : [self.emitter(middleware)]) + [
        protocolDeclaration,
        .extensionDeclaration(ExtensionDeclaration(extendedType: .named(middleware.protocolName), members: [.function(process)])),
      ]
    }
  }

  /// A generated middleware's `process(_:context:)`: the one place its signature is written.
  func processFunction(doc: String, body: [Statement]) -> FunctionDeclaration {
    FunctionDeclaration(
      doc: doc, access: access, kind: .function("process"),
      parameters: [
        Parameter(label: "_", name: "action", type: actionType),
        Parameter(name: "context", type: contextType),
      ],
      returnType: .optional(actionType), body: body)
  }

  /// `func addTask(task: Task, context: ...) -> TaskListAction?`
  func handler(
    for action: Action, emitter: String? = nil, body: [Statement]?, access: AccessModifier? = nil
  ) -> FunctionDeclaration {
    let doc =
      body == nil
      ? "Handles `\(action.name)`: returns the action to pass on, changed or not, or `nil` to stop it."
      : nil
    return FunctionDeclaration(
      doc: doc, access: access, kind: .function(action.name),
      // Inside a middleware `State` and `Action` are its associated types.
      parameters: action.payload.map { Parameter(name: $0.name, type: types.capturing.typeName($0.type)) }
        + (emitter.map { [Parameter(name: "events", type: .named($0))] } ?? [])
        + [Parameter(name: "context", type: contextType)],
      returnType: .optional(actionType), body: body)
  }

  func handlerArguments(_ action: Action, emitter: String?) -> [Argument] {
    action.payload.map { Argument($0.name, .name($0.name)) }
      + (emitter.map { [Argument("events", .name($0).call([Argument("context", .name("context"))]))] } ?? [])
      + [Argument("context", .name("context"))]
  }

  /// The hand-written type for a middleware, as first created: it passes every action on.
  func scaffold(_ middleware: Middleware) -> [Declaration] {
    let handlers = middleware.on.compactMap { name in spec.action(named: name) }.map { action in
      let passOn = Expression.dot(action.name)
      let value = action.payload.isEmpty ? passOn : passOn.call(action.payload.map { Argument($0.name, .name($0.name)) })
      let emitter = middleware.emits.isEmpty ? nil : emitterName(middleware)
      return Declaration.function(
        handler(for: action, emitter: emitter, body: [.returnStatement(value)], access: access))
    }
    // An internal struct gets its initializer for free; a public or package one needs it spelled out.
    let initializer =
      access.map { [Declaration.function(FunctionDeclaration(access: $0, kind: .initializer, body: []))] } ?? []
    return [
      .structure(
        TypeDeclaration(
          doc: middleware.doc, access: access, name: middleware.name, inherits: [.named(middleware.protocolName)],
          members: initializer + handlers))
    ]
  }
}
