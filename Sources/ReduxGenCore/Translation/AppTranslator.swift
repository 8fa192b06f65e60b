/// Builds the code model of an app: its state and actions made of its features', the root
/// reducer that routes each action to its feature, and each feature's middleware on its slice.
struct AppTranslator {
  let app: AppSpec

  /// An app's names are a feature's: `<App>State`, `<App>Action`, `<app>Reducer`, ...
  var names: GeneratedNames { GeneratedNames(feature: app.name) }
  var stateName: String { names.state }
  var actionName: String { names.action }
  var reducerName: String { names.reducer }
  var middlewareName: String { names.appMiddleware }
  /// Feature modules are other modules: everything the app declares is public.
  let access = AccessModifier.public

  func stateFile() -> [Declaration] {
    let fields = app.features.map { feature in
      Declaration.variable(
        VariableDeclaration(
          doc: "The \(feature.spec.feature) feature's state.", access: access, name: feature.name,
          type: .named(feature.spec.stateTypeName)))
    }
    let initializer = FunctionDeclaration(
      access: access, kind: .initializer,
      parameters: app.features.map {
        Parameter(
          name: $0.name, type: .named($0.spec.stateTypeName), defaultValue: .name($0.spec.stateTypeName).call())
      },
      body: app.features.map { .assignment(.name("self").dot($0.name), .name($0.name)) })
    return [
      .structure(
        TypeDeclaration(
          doc: "The state of the whole \(app.name): one field per feature.", access: access, name: stateName,
          inherits: ["Equatable", "Sendable"], members: fields + [.function(initializer)]))
    ]
  }

  func actionFile() -> [Declaration] {
    let cases = app.features.map { feature in
      Declaration.enumCase(
        EnumCaseDeclaration(
          doc: "An action of the \(feature.spec.feature) feature.", name: feature.name,
          associatedValues: [.init(label: "_", type: .named(feature.spec.actionTypeName))]))
    }
    let extractors = app.features.map { feature in
      Declaration.variable(
        VariableDeclaration(
          doc: "The \(feature.spec.feature) action this wraps, if it wraps one.", access: access,
          name: feature.name, type: .optional(.named(feature.spec.actionTypeName)),
          getter: [
            .switchStatement(
              .name("self"),
              [SwitchCase(patterns: [Pattern(caseName: feature.name, bindings: ["action"])], body: [.returnStatement(.name("action"))])]
                + (app.features.count > 1 ? [SwitchCase(patterns: [], body: [.returnStatement(.literal(.nilLiteral))])] : []))
          ]))
    }
    return [
      .enumeration(
        TypeDeclaration(
          doc: "Everything that can happen in the \(app.name): a feature's action, wrapped.", access: access,
          name: actionName, inherits: ["Equatable", "Sendable"], members: cases + extractors))
    ]
  }

  func reducerFile() -> [Declaration] {
    let cases = app.features.map { feature in
      SwitchCase(
        patterns: [Pattern(caseName: feature.name, bindings: ["action"])],
        body: [
          .expression(
            .name(feature.spec.reducerName).call([
              Argument(nil, .inoutArgument(.name("state").dot(feature.name))), Argument(nil, .name("action")),
            ]))
        ])
    }
    let reducer = FunctionDeclaration(
      doc: "The \(app.name)'s root reducer: gives each feature's action to that feature's reducer, on its slice.",
      access: access, kind: .function(reducerName),
      parameters: [
        Parameter(label: "_", name: "state", type: .named(stateName), isInout: true),
        Parameter(label: "_", name: "action", type: .named(actionName)),
      ],
      body: [.switchStatement(.name("action"), cases)])

    // A feature's action can change only that feature's field.
    let tracking = ChangeTrackingCode(access: access, stateName: stateName, actionName: actionName).declarations(
      changes: app.features.enumerated().map { index, feature in (feature.name, [index]) },
      reads: app.features.enumerated().map { index, feature in (feature.name, [index]) })
    return [.function(reducer)] + tracking
  }

  func middlewareFile() -> [Declaration] {
    let scoped = app.features.map { feature -> Expression in
      Expression.name("ScopedMiddleware").call([
        Argument(nil, .name(feature.name)),
        Argument("state", .closure(Closure(body: .name("$0").dot(feature.name)))),
        Argument("extract", .closure(Closure(body: .name("$0").dot(feature.name)))),
        Argument("embed", .closure(Closure(body: Expression.dot(feature.name).call([Argument(nil, .name("$0"))])))),
      ])
    }
    let function = FunctionDeclaration(
      doc: "The \(app.name)'s middleware chain: each feature's middleware, in order, on its own slice and actions.",
      access: access, kind: .function(middlewareName),
      parameters: app.features.map { feature in
        Parameter(
          name: feature.name,
          type: .array(.existential(.generic("Middleware", [.named(feature.spec.stateTypeName), .named(feature.spec.actionTypeName)]))),
          defaultValue: .literal(.emptyArray))
      },
      returnType: .array(.existential(.generic("Middleware", [.named(stateName), .named(actionName)]))),
      body: [.returnStatement(.array(scoped))])
    return [.function(function)]
  }

  /// One test per feature: its first action without payload reaches its reducer and no other slice.
  func tests() -> [Declaration] {
    let tests = app.features.compactMap { feature -> Declaration? in
      // An action that surely changes the slice, so a wrong route fails the test.
      var translator = TestTranslator(spec: feature.spec)
      translator.types.usesUUIDHelper = false
      guard let probe = translator.stateChangingAction() else { return nil }
      let action = probe.arguments.isEmpty ? Expression.dot(probe.name) : Expression.dot(probe.name).call(probe.arguments)
      let others = app.features.filter { $0.name != feature.name }
      let body: [Statement] =
        [
          .declaration(VariableDeclaration(name: "state", initializer: .name(stateName).call())),
          // Compared with the state as it was, not a new one: a default may be a fresh UUID.
          .declaration(VariableDeclaration(isConstant: true, name: "before", initializer: .name("state"))),
          .expression(
            .name(reducerName).call([
              Argument(nil, .inoutArgument(.name("state"))),
              Argument(nil, Expression.dot(feature.name).call([Argument(nil, action)])),
            ])),
          .declaration(VariableDeclaration(name: "expected", initializer: .name("before").dot(feature.name))),
          .expression(
            .name(feature.spec.reducerName).call([
              Argument(nil, .inoutArgument(.name("expected"))), Argument(nil, action),
            ])),
          .expression(.macro("expect", [Argument(nil, .binary(.name("state").dot(feature.name), .equal, .name("expected")))])),
        ]
        + others.map { other in
          .expression(
            .macro(
              "expect",
              [Argument(nil, .binary(.name("state").dot(other.name), .equal, .name("before").dot(other.name)))]))
        }
      return .function(
        FunctionDeclaration(
          attributes: [
            .attribute(
              "Test", [Argument(nil, .literal(.string("\(feature.name) actions reach \(feature.spec.reducerName) and no other slice")))])
          ],
          kind: .function("\(feature.name)ActionsAreRouted"), body: body))
    }
    // No feature has an action that surely changes its slice: no test that could not fail.
    guard !tests.isEmpty else { return [] }
    return [
      .structure(TypeDeclaration(name: names.reducerTests, members: tests))
    ]
  }
}
