/// Builds the code model of an app: its state and actions made of its features', the root
/// reducer that routes each action to its feature, and each feature's middleware on its slice.
struct AppTranslator {
  let app: AppSpec
  /// The library types the app's code names: through their module where a feature's types,
  /// which the app imports, hide them.
  let runtime: RuntimeTypes

  /// The app's values a view store keeps element by element (`IncrementallyDerived`): those over
  /// a feature's list that the feature's actions change in place, found once. Empty when none is.
  private let kept: [(name: String, value: Expression)]
  /// What writes the kept values' conformance; nil when none is kept.
  private let keptValues: KeptValueTranslator?
  /// The features whose lists a kept value reads, by index, each with the lists (the list's
  /// field of the feature's state, and its name).
  private let keptLists: [(feature: Int, lists: [(field: Int, name: String)])]

  init(app: AppSpec) {
    self.app = app
    let specs = Spec.flattened(app.features.map(\.spec))
    runtime = RuntimeTypes(declared: specs.flatMap(\.declaredTypeNames))
    guard let scope = app.derivedScope else {
      (kept, keptValues, keptLists) = ([], nil, [])
      return
    }
    let translator = KeptValueTranslator(types: TypeTranslator(spec: scope), access: .public)
    kept = translator.kept
    keptValues = kept.isEmpty ? nil : translator
    let names = Set(kept.map(\.name))
    let read = Set(scope.derived.filter { names.contains($0.name) }.map(\.list))
    keptLists = app.features.indices.compactMap { index in
      let lists = scope.listsInFeatures.filter { $0.value.feature == index && read.contains($0.key) }
        .map { (field: $0.value.field, name: app.features[index].spec.state[$0.value.field].name) }
        .sorted { $0.field < $1.field }
      return lists.isEmpty ? nil : (index, lists)
    }
  }

  /// The type names two of the features' specs (or the specs they use) declare: the app's code
  /// names them through their module, where a bare name would be ambiguous.
  var ambiguousTypeNames: Set<String> {
    var owners: [String: Set<String>] = [:]
    for spec in Spec.flattened(app.features.map(\.spec)) {
      for name in spec.declaredTypeNames { owners[name, default: []].insert(spec.feature) }
    }
    return Set(owners.filter { $0.value.count > 1 }.keys)
  }

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
          inherits: conformances, members: fields + [.function(initializer)]))
    ]
      + derivedValues()
      + ViewStoreCode(access: access, names: names, runtime: runtime)
      .declarations(members: app.features.map { ViewStoreCode(access: access, names: names, runtime: runtime).scope(feature: $0.name, spec: $0.spec) })
  }

  /// The app's `derived:` values: properties of the app state, written as a feature's are over
  /// `derivedScope` (a feature's field read as `cart.items`).
  private func derivedValues() -> [Declaration] {
    guard let scope = app.derivedScope, !(scope.derived + scope.selectors).isEmpty else { return [] }
    let translator = DerivedTranslator(types: TypeTranslator(spec: scope), access: access)
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(stateName), members: (scope.derived + scope.selectors).map(translator.property)))
    ]
  }

  /// The features an app value reads, by index: what its memo in a view store waits on.
  private func featureIndices(readBy value: DerivedValue) -> [Int] {
    let names = Set(value.inputs.compactMap { $0.split(separator: ".").first.map(String.init) })
    return app.features.indices.filter { names.contains(app.features[$0].name) }
  }

  /// The app state's and action's: `Codable` too when every feature's state and action are.
  private var conformances: [TypeName] {
    let codable = app.features.allSatisfy { $0.spec.conformances.contains(.codable) }
    return ["Equatable", "Sendable"] + (codable ? ["Codable"] : [])
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
          doc: app.shared(by: feature.name).isEmpty
            ? "The \(feature.spec.feature) action this wraps, if it wraps one."
            : "The \(feature.spec.feature) action this wraps, if it wraps one, or carries as a shared action.",
          access: access, name: feature.name, type: .optional(.named(feature.spec.actionTypeName)),
          getter: [.switchStatement(.name("self"), extractorCases(feature))]))
    }
    return [
      .enumeration(
        TypeDeclaration(
          doc: "Everything that can happen in the \(app.name): a feature's action, wrapped.", access: access,
          name: actionName, inherits: conformances, members: cases + extractors))
    ]
  }

  /// The cases of `feature`'s extractor: its own case, and for each other feature it shares
  /// actions with, those actions rebuilt as `feature`'s.
  private func extractorCases(_ feature: AppSpec.Feature) -> [SwitchCase] {
    var cases = [
      SwitchCase(patterns: [Pattern(caseName: feature.name, bindings: ["action"])], body: [.returnStatement(.name("action"))])
    ]
    let sharing = app.shared(by: feature.name)
    for other in app.features where other.name != feature.name {
      let actions = sharing.filter { $0.features.contains(other.name) }
      guard !actions.isEmpty else { continue }
      var inner = actions.map { shared in
        let rebuilt =
          shared.payload.isEmpty
          ? Expression.dot(shared.name)
          : Expression.dot(shared.name).call(shared.payload.map { Argument($0.name, .name($0.name)) })
        return SwitchCase(
          patterns: [Pattern(caseName: shared.name, bindings: shared.payload.map(\.name))],
          body: [.returnStatement(rebuilt)])
      }
      // A default only where it can be reached: Swift warns about one that can't.
      if other.spec.actions.count > actions.count {
        inner.append(SwitchCase(patterns: [], body: [.returnStatement(.literal(.nilLiteral))]))
      }
      cases.append(
        SwitchCase(
          patterns: [Pattern(caseName: other.name, bindings: ["action"])],
          body: [.switchStatement(.name("action"), inner)]))
    }
    if cases.count < app.features.count {
      cases.append(SwitchCase(patterns: [], body: [.returnStatement(.literal(.nilLiteral))]))
    }
    return cases
  }

  func reducerFile() -> [Declaration] {
    // Each feature's reducer runs on the actions its extractor gives it: its own, and the
    // shared actions it takes part in, whichever feature's case carries them.
    let routes = app.features.map { feature in
      Statement.ifLet(
        "action", .name("action").dot(feature.name),
        [
          .expression(
            .name(feature.spec.reducerName).call([
              Argument(nil, .inoutArgument(.name("state").dot(feature.name))), Argument(nil, .name("action")),
            ]))
        ], else: nil)
    }
    let reducer = FunctionDeclaration(
      doc: app.shared.isEmpty
        ? "The \(app.name)'s root reducer: gives each feature's action to that feature's reducer, on its slice."
        : "The \(app.name)'s root reducer: each feature's reducer gets its actions and the ones it shares.",
      access: access, kind: .function(reducerName),
      parameters: [
        Parameter(label: "_", name: "state", type: .named(stateName), isInout: true),
        Parameter(label: "_", name: "action", type: .named(actionName)),
      ],
      body: routes)

    // A feature's action can change only that feature's field; a shared one, each sharer's.
    var wrapped: [String: ChangeTrackingCode.WrappedChanges] = [:]
    let indices = Dictionary(uniqueKeysWithValues: app.features.enumerated().map { ($1.name, $0) })
    for (index, feature) in app.features.enumerated() {
      let sharing = app.shared(by: feature.name)
      guard !sharing.isEmpty else { continue }
      wrapped[feature.name] = ChangeTrackingCode.WrappedChanges(
        cases: sharing.map { ([$0.name], $0.features.compactMap { indices[$0] }.sorted()) },
        otherwise: feature.spec.actions.count > sharing.count ? [index] : nil)
    }
    let tracking = ChangeTrackingCode(access: access, stateName: stateName, actionName: actionName, runtime: runtime)
      .declarations(
      changes: app.features.enumerated().map { index, feature in (feature.name, [index]) }, wrapped: wrapped,
      reads: app.features.enumerated().map { index, feature in (feature.name, [index]) }
        + app.derived.map { ($0.name, featureIndices(readBy: $0)) },
      actionMembers: changedElementsReport().map { [$0] } ?? [])
    return [.function(reducer)] + tracking + (keptValues.map { $0.declarations() } ?? [])
  }

  /// `changedElements`: a feature's report as the app's (`ChangedElements.within(_:changing:)`),
  /// for the features whose lists a kept value reads. Nil when no value is kept.
  private func changedElementsReport() -> Declaration? {
    let features = keptLists.map(\.feature)
    guard !features.isEmpty else { return nil }
    var cases = features.map { index in
      SwitchCase(
        patterns: [Pattern(caseName: app.features[index].name, bindings: ["action"])],
        body: [
          .returnStatement(
            .name("action").dot("changedElements").dot("within").call([
              Argument(nil, .literal(.int(index))),
              Argument("changing", .name("action").dot("changedFields")),
            ]))
        ])
    }
    if features.count < app.features.count {
      cases.append(SwitchCase(patterns: [], body: [.returnStatement(.dot("unknown"))]))
    }
    return .variable(
      VariableDeclaration(
        doc: "The list of a feature this action changes only element by element, and the ids of those elements.",
        access: access, name: "changedElements", type: runtime.type("ChangedElements"),
        getter: [.switchStatement(.name("self"), cases)]))
  }

  func middlewareFile() -> [Declaration] {
    let scoped = app.features.map { feature -> Expression in
      runtime.value("ScopedMiddleware").call([
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
          type: .array(
            .existential(
              runtime.generic("Middleware", [.named(feature.spec.stateTypeName), .named(feature.spec.actionTypeName)]))),
          defaultValue: .literal(.emptyArray))
      },
      returnType: .array(.existential(runtime.generic("Middleware", [.named(stateName), .named(actionName)]))),
      body: [.returnStatement(.array(scoped))])
    return [.function(function)]
  }

  /// One test per feature: its first action without payload reaches its reducer and no other slice.
  func tests() -> [Declaration] {
    let tests = app.features.compactMap { feature -> Declaration? in
      // An action that surely changes the slice, so a wrong route fails the test.
      var translator = TestTranslator(spec: feature.spec)
      translator.types.usesUUIDHelper = false
      translator.types.qualified = ambiguousTypeNames
      // Not a shared action: it changes other slices too.
      let shared = Set(app.shared(by: feature.name).map(\.name))
      guard let probe = translator.stateChangingAction(excluding: shared) else { return nil }
      let action = probe.arguments.isEmpty ? Expression.dot(probe.name) : Expression.dot(probe.name).call(probe.arguments)
      // The whole state compared once: this slice as its reducer makes it, every other as it
      // was (one `#expect` a slice made the tests of an app of forty features slow to compile).
      let body: [Statement] = [
        .declaration(VariableDeclaration(name: "state", initializer: .name(stateName).call())),
        // Compared with the state as it was, not a new one: a default may be a fresh UUID.
        .declaration(VariableDeclaration(isConstant: true, name: "before", initializer: .name("state"))),
        .expression(
          .name(reducerName).call([
            Argument(nil, .inoutArgument(.name("state"))),
            Argument(nil, Expression.dot(feature.name).call([Argument(nil, action)])),
          ])),
        .declaration(VariableDeclaration(name: "expected", initializer: .name("before"))),
        .expression(
          .name(feature.spec.reducerName).call([
            Argument(nil, .inoutArgument(.name("expected").dot(feature.name))), Argument(nil, action),
          ])),
        .expression(.macro("expect", [Argument(nil, .binary(.name("state"), .equal, .name("expected")))])),
      ]
      return .function(
        FunctionDeclaration(
          attributes: [
            .attribute(
              "Test", [Argument(nil, .literal(.string("\(feature.name) actions reach \(feature.spec.reducerName) and no other slice")))])
          ],
          kind: .function("\(feature.name)ActionsAreRouted"), body: body))
    }
    let sharedTests = app.shared.map(sharedTest) + derivedTests() + keptTests()
    // No feature has an action that surely changes its slice: no test that could not fail.
    guard !(tests + sharedTests).isEmpty else { return [] }
    return [
      .structure(TypeDeclaration(name: names.reducerTests, members: tests + sharedTests))
    ]
  }

  /// For each feature list a kept app value reads: the feature's actions that change it in place,
  /// sent through the app over two elements, each checked by `reduceKeeping` (the app's report of
  /// the change, and every kept value against the state's own property after it).
  private func keptTests() -> [Declaration] {
    var tests: [Declaration] = []
    // Each list the tests send changes of: the feature's name and field of the app state, and
    // the list's field of the feature's state and name.
    var reported: [(feature: String, featureField: Int, list: Int, name: String)] = []
    for (index, lists) in keptLists {
      let feature = app.features[index]
      var translator = TestTranslator(spec: feature.spec)
      translator.types.usesUUIDHelper = false
      translator.types.qualified = ambiguousTypeNames
      for list in lists {
        // Only over an element type one feature declares, which the app's tests can name.
        guard case .array(.model(let modelName)) = feature.spec.state[list.field].type,
          app.features.filter({ $0.spec.models.contains { $0.name == modelName } }).count == 1
        else { continue }
        reported.append((feature.name, index, list.field, list.name))
        // Actions whose ids are payload parameters: sent for one element, then the other.
        let actions = feature.spec.actions.compactMap { action -> (Action, Set<String>)? in
          guard let change = feature.spec.elementChange(by: action), change.field == list.field,
            !change.ids.isEmpty, change.ids.allSatisfy({ $0.parameter != nil && $0.fields.isEmpty })
          else { return nil }
          return (action, Set(change.ids.compactMap(\.parameter)))
        }
        guard !actions.isEmpty else { continue }
        let element = SpecType.model(modelName)
        let path = Expression.name("state").dot(feature.name).dot(list.name)
        var body: [Statement] = [
          .declaration(VariableDeclaration(name: "state", initializer: .name(stateName).call())),
          translator.sampleConstant("first", translator.sample(element, 1, overrides: [:]), type: element),
          translator.sampleConstant("second", translator.sample(element, 2, overrides: [:]), type: element),
          .assignment(path, .array([.name("first"), .name("second")])),
        ]
        // Each action for the first element, then for the second with other values (a flag set
        // one way, then the other).
        for (action, ids) in actions {
          for (number, which) in [(7, "first"), (8, "second")] {
            let arguments = action.payload.enumerated().map { position, parameter in
              Argument(
                parameter.name,
                ids.contains(parameter.name)
                  ? Expression.name(which).dot("id")
                  : translator.types.expression(
                    translator.sample(parameter.type, position + number), type: parameter.type))
            }
            let inner = arguments.isEmpty ? Expression.dot(action.name) : Expression.dot(action.name).call(arguments)
            body.append(
              .expression(
                .name("reduceKeeping").call([
                  Argument(nil, .inoutArgument(.name("state"))),
                  Argument(nil, Expression.dot(feature.name).call([Argument(nil, inner)])),
                ])))
          }
        }
        let title = "\(feature.name).\(list.name) changed in place keeps the \(app.name)'s values"
        tests.append(
          .function(
            FunctionDeclaration(
              attributes: [.attribute("Test", [Argument(nil, .literal(.string(title)))])],
              kind: .function(feature.name + list.name.prefix(1).uppercased() + list.name.dropFirst() + "ChangedInPlaceKeepsValues"),
              body: body)))
      }
    }
    guard !tests.isEmpty else { return [] }
    let state = Expression.name("state")
    let before = Expression.name("before")
    var helper: [Statement] = [
      .declaration(VariableDeclaration(isConstant: true, name: "before", initializer: state)),
      .expression(
        .name(reducerName).call([Argument(nil, .inoutArgument(state)), Argument(nil, .name("action"))])),
    ]
    for list in reported {
      let accounts = Expression.name("action").dot("changedElements").dot("accounts").call([
        Argument("for", .literal(.int(list.featureField))), Argument("list", .literal(.int(list.list))),
        Argument("from", before.dot(list.feature).dot(list.name)), Argument("to", state.dot(list.feature).dot(list.name)),
      ])
      helper.append(.expression(.macro("expect", [Argument(nil, accounts)])))
    }
    let unfollowed = Expression.name(stateName).dot("unfollowedValues").call([
      Argument(nil, .array(kept.map { .keyPath($0.name) })), Argument("after", .name("action")),
      Argument("from", before), Argument("to", state),
    ])
    helper.append(.declaration(VariableDeclaration(isConstant: true, name: "unfollowed", initializer: unfollowed)))
    helper.append(.expression(.macro("expect", [Argument(nil, .binary(.name("unfollowed"), .equal, .literal(.emptyArray)))])))
    return tests + [
      .function(
        FunctionDeclaration(
          doc: "The root reducer, the app's report of a feature's elements it changed, and every value the app keeps element by element, followed.",
          access: .private, kind: .function("reduceKeeping"),
          parameters: [
            Parameter(label: "_", name: "state", type: .named(stateName), isInout: true),
            Parameter(label: "_", name: "action", type: .named(actionName)),
          ],
          body: helper))
    ]
  }

  /// The derived tests of the app's values, as a feature's: on the app state, each feature's
  /// fields set through it (`state.cart.items = [...]`).
  private func derivedTests() -> [Declaration] {
    guard let scope = app.derivedScope else { return [] }
    var kit = TestTranslator(spec: scope)
    kit.types.usesUUIDHelper = false
    let translator = DerivedTranslator(types: kit.types, access: nil)
    var names = UniqueNames()
    return (scope.derived + scope.selectors).compactMap { translator.test($0, kit: kit, names: &names) }
  }

  /// A shared action sent through each sharer's case reaches every sharer's reducer, and no
  /// other slice.
  private func sharedTest(_ shared: AppSpec.SharedAction) -> Declaration {
    let sharers = app.features.filter { shared.features.contains($0.name) }
    // Compared with the state as it was, not a new one: a default may be a fresh UUID.
    var body: [Statement] = [
      .declaration(VariableDeclaration(isConstant: true, name: "before", initializer: .name(stateName).call()))
    ]
    for (offset, sender) in sharers.enumerated() {
      var translator = TestTranslator(spec: sender.spec)
      translator.types.usesUUIDHelper = false
      translator.types.qualified = ambiguousTypeNames
      guard let action = sender.spec.action(named: shared.name) else { continue }
      let arguments = translator.sampleArguments(action)
      let value = arguments.isEmpty ? Expression.dot(shared.name) : Expression.dot(shared.name).call(arguments)
      let state = "state\(offset + 1)"
      body.append(.declaration(VariableDeclaration(name: state, initializer: .name("before"))))
      body.append(
        .expression(
          .name(reducerName).call([
            Argument(nil, .inoutArgument(.name(state))),
            Argument(nil, Expression.dot(sender.name).call([Argument(nil, value)])),
          ])))
      for feature in app.features {
        let expected = "\(feature.name)\(offset + 1)"
        let isSharer = shared.features.contains(feature.name)
        body.append(
          .declaration(
            VariableDeclaration(isConstant: !isSharer, name: expected, initializer: .name("before").dot(feature.name))))
        if isSharer {
          body.append(
            .expression(
              .name(feature.spec.reducerName).call([
                Argument(nil, .inoutArgument(.name(expected))), Argument(nil, value),
              ])))
        }
        body.append(
          .expression(
            .macro("expect", [Argument(nil, .binary(.name(state).dot(feature.name), .equal, .name(expected)))])))
      }
    }
    let title = "\(shared.name) sent to any of \(shared.features.joined(separator: ", ")) reaches each of them"
    return .function(
      FunctionDeclaration(
        attributes: [.attribute("Test", [Argument(nil, .literal(.string(title)))])],
        kind: .function("shared\(shared.name.prefix(1).uppercased() + shared.name.dropFirst())ReachesEachSharer"),
        body: body))
  }
}
