/// A checked app document: features composed into one state tree.
package struct AppSpec: Sendable, Equatable {
  package struct Feature: Sendable, Equatable {
    /// The field of `AppState` and case of `AppAction` for it.
    package var name: String
    package var spec: Spec
  }

  /// One action of several features (`shared: { addToCart: [products, cart] }`): sent to any
  /// of them, it reaches each one's reducer and middleware.
  package struct SharedAction: Sendable, Equatable {
    package var name: String
    /// The features' field names, in the app's order.
    package var features: [String]
    /// The payload, the same in each feature.
    package var payload: [Field]
  }

  package var path: String
  package var name: String
  package var features: [Feature]
  package var shared: [SharedAction] = []
  /// The Swift module the app's generated sources are built into, when not named like the app.
  package var module: String?
  /// Values computed over the features' state (`derived:`), read as `FEATURE.FIELD`.
  package var derived: [DerivedValue] = []
  /// What those values read, as one feature's spec: the features' state fields named
  /// `FEATURE.FIELD`, and their models and enums. Translators type app values through it.
  package var derivedScope: Spec?

  /// The shared actions `feature` (a field name) takes part in.
  package func shared(by feature: String) -> [SharedAction] {
    shared.filter { $0.features.contains(feature) }
  }
}

/// Checks `app: Name` with `features: { name: path }`, and each feature spec it names.
struct AppChecker {
  var checker: SpecChecker

  /// `readFile` reads a file by the path diagnostics show; nil when it can't be read.
  mutating func check(
    _ pairs: [YAMLNode.Pair], root: YAMLNode, readFile: (String) -> [UInt8]?
  ) -> AppSpec? {
    let keys = checker.checkKeys(pairs, allowed: SpecKeys.app, context: .theApp)
    let name: String
    if let nameNode = keys["app"] {
      name = checker.typeName(nameNode, what: .a(.app)) ?? "App"
    } else {
      checker.missing("app", in: .theApp, root)
      name = "App"
    }
    guard let featuresNode = keys["features"] else {
      checker.missing("features", in: .theApp, root)
      return nil
    }
    var features: [AppSpec.Feature] = []
    var featureTypes: Set<String> = []
    for pair in checker.mapping(featuresNode, what: .key("features")) ?? [] {
      guard let fieldName = checker.identifier(pair.key, what: .a(.featureField)),
        let relative = checker.text(pair.value, what: .featureSpecPath)
      else { continue }
      if GeneratedNames.viewStoreMembers.contains(fieldName) {
        checker.error(
          .reservedName(
            fieldName, what: .kind(.featureField),
            reason: .generated("the app's ViewStore has a '\(fieldName)' of its own, beside the feature's store of that name")),
          pair.key)
        continue
      }
      let path = SpecChecker.resolve(relative, from: checker.path)
      guard let bytes = readFile(path) else {
        checker.error(.unreadableFeature(relative), pair.value)
        continue
      }
      do {
        let text = try SpecText.decode(bytes, path: path)
        let (spec, warnings) = try DocumentChecking.checkFeature(text, path: path, readFile: readFile)
        checker.diagnostics.append(contentsOf: warnings)
        if !featureTypes.insert(spec.feature).inserted {
          checker.error(.duplicateName(spec.feature, what: .kind(.feature)), pair.value)
        }
        // The app is generated into its own module, which imports each feature's.
        if spec.access != .public {
          checker.error(.appFeatureNotPublic(spec.feature), pair.value)
        }
        features.append(AppSpec.Feature(name: fieldName, spec: spec))
      } catch {
        checker.diagnostics.append(contentsOf: error.diagnostics)
      }
    }
    if features.isEmpty && !checker.diagnostics.hasErrors {
      checker.error(.expected(.atLeastOneFeature, found: "none"), featuresNode)
    }
    var app = AppSpec(path: checker.path, name: name, features: features)
    app.module = keys["module"].flatMap { checker.identifier($0, what: .key("module")) }
    if let sharedNode = keys["shared"], !checker.diagnostics.hasErrors {
      app.shared = checkShared(sharedNode, features: features)
    }
    if let derivedNode = keys["derived"], !checker.diagnostics.hasErrors {
      (app.derived, app.derivedScope) = checkDerived(derivedNode, app: app)
    }
    return app
  }

  /// `derived:` values over the features' state, each feature's fields read as `FEATURE.FIELD`
  /// (`cartTotal: sum products.products.price * inventory`): the forms of a feature's derived
  /// values, checked as one spec whose state fields are every feature's, so their errors and
  /// generated code are a feature's.
  private mutating func checkDerived(_ node: YAMLNode, app: AppSpec) -> ([DerivedValue], Spec) {
    let specs = Spec.flattened(app.features.map(\.spec))
    var models: [Model] = []
    var enums: [EnumType] = []
    for spec in specs {
      models += spec.models.filter { model in !models.contains { $0.name == model.name } }
      enums += spec.enums.filter { type in !enums.contains { $0.name == type.name } }
    }
    let state = app.features.flatMap { feature in
      feature.spec.state.map { field in
        var qualified = field
        qualified.name = feature.name + "." + field.name
        return qualified
      }
    }
    var entries = SymbolTable.Entries()
    entries.feature = app.name
    entries.models = models
    entries.enums = enums
    for type in enums { entries.enumCaseNames[type.name] = type.cases }
    entries.state = state
    entries.qualifiedNames = Set(state.map(\.name))
    var scope = SpecChecker(path: checker.path, symbols: SymbolTable(entries))
    let (derived, selectors) = scope.checkDerived(node)
    checker.diagnostics.append(contentsOf: scope.diagnostics.diagnostics)
    // A type two features' specs declare (each their `Item`): the scope knows only the first.
    var owners: [String: [String]] = [:]
    for spec in specs {
      for name in spec.models.map(\.name) + spec.enums.map(\.name) where !(owners[name]?.contains(spec.feature) ?? false) {
        owners[name, default: []].append(spec.feature)
      }
    }
    if owners.values.contains(where: { $0.count > 1 }), case .mapping(let pairs) = node.kind {
      for value in derived + selectors {
        guard let key = pairs.first(where: { $0.key.scalar == value.name })?.key else { continue }
        for input in value.inputs {
          guard let field = state.first(where: { $0.name == input }),
            let type = field.type.typeNames.first(where: { (owners[$0]?.count ?? 0) > 1 })
          else { continue }
          checker.error(.appValueTypeAmbiguous(type, features: owners[type] ?? [], field: input), key)
          break
        }
      }
    }
    var spec = Spec(
      path: checker.path, feature: app.name, access: .public, imports: [], doc: nil, models: models, enums: enums,
      state: state, filters: [], actions: [], middleware: [], examples: [], events: [], persist: nil)
    spec.derived = derived
    spec.selectors = selectors
    for (index, feature) in app.features.enumerated() {
      for change in Set(feature.spec.actions.compactMap({ feature.spec.elementChange(by: $0)?.field })) {
        spec.listsInFeatures[feature.name + "." + feature.spec.state[change].name] = ListInFeature(
          feature: index, field: change)
      }
    }
    return (derived, spec)
  }

  /// `shared: { ACTION: [feature, feature] }`: each feature declares the action, with one payload.
  private mutating func checkShared(_ node: YAMLNode, features: [AppSpec.Feature]) -> [AppSpec.SharedAction] {
    var shared: [AppSpec.SharedAction] = []
    for pair in checker.mapping(node, what: .key("shared")) ?? [] {
      guard let name = checker.identifier(pair.key, what: .a(.action)),
        let items = checker.sequence(pair.value, what: .sharedFeatures(of: name))
      else { continue }
      var named: [(feature: AppSpec.Feature, action: Action)] = []
      for item in items {
        guard let fieldName = checker.text(item, what: .a(.featureField)) else { continue }
        guard let feature = features.first(where: { $0.name == fieldName }) else {
          let suggestion = closestMatch(to: fieldName, in: features.map(\.name))
          checker.error(.unknownAppFeature(fieldName, suggestion: suggestion), item)
          continue
        }
        guard !named.contains(where: { $0.feature.name == fieldName }) else {
          checker.error(.duplicateName(fieldName, what: .kind(.featureField)), item)
          continue
        }
        guard let action = feature.spec.action(named: name) else {
          let suggestion = closestMatch(to: name, in: feature.spec.actions.map(\.name))
          checker.error(
            .sharedActionMissing(name, feature: fieldName, type: feature.spec.feature, suggestion: suggestion), item)
          continue
        }
        if let first = named.first, payload(of: first.action, in: first.feature.spec) != payload(of: action, in: feature.spec) {
          checker.error(
            .sharedPayloadsDiffer(
              name, feature: first.feature.name, payload: payload(of: first.action, in: first.feature.spec),
              otherFeature: fieldName, otherPayload: payload(of: action, in: feature.spec)), item)
          continue
        }
        named.append((feature, action))
      }
      if items.count < 2 {
        checker.error(.sharedActionNeedsFeatures(name), pair.value)
      }
      guard named.count >= 2, let payload = named.first?.action.payload else { continue }
      let order = features.map(\.name)
      shared.append(
        AppSpec.SharedAction(
          name: name, features: order.filter { field in named.contains { $0.feature.name == field } },
          payload: payload))
    }
    return shared
  }

  /// An action's payload as Swift reads it, types by module: `(product: Products.Product)`.
  private func payload(of action: Action, in spec: Spec) -> String {
    func typeName(_ type: SpecType) -> String {
      switch type {
      case .model(let name), .enumeration(let name): "\(spec.module(declaring: name) ?? spec.feature).\(name)"
      case .optional(let wrapped): typeName(wrapped) + "?"
      case .array(let element): "[\(typeName(element))]"
      case .dictionary(let key, let value): "[\(typeName(key)): \(typeName(value))]"
      default: type.swiftName
      }
    }
    return "(" + action.payload.map { "\($0.name): \(typeName($0.type))" }.joined(separator: ", ") + ")"
  }
}
