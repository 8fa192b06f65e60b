/// How generated code names a library type (`GeneratedNames.qualifiableTypes`: ReduxRuntime's
/// `Store`, `Middleware`, ReduxTesting's `TestStore`, Swift's `Clock`, ...): plainly, or through
/// its module (`ReduxRuntime.Store`) when a type the generated code sees has the same name — the
/// spec's own, or one of the specs or features whose modules it imports — and would shadow it
/// or make it ambiguous. Translators name these types here and nowhere else.
struct RuntimeTypes: Sendable, Equatable {
  /// The library types that a declared type's name hides.
  let shadowed: Set<String>

  /// - Parameter declared: The type names the generated module declares or imports.
  init(declared: some Sequence<String>) {
    shadowed = Set(declared.filter { GeneratedNames.qualifiableTypes[$0] != nil })
  }

  /// The feature's own models, enums and filters and those of the specs it uses.
  init(spec: Spec) {
    self.init(declared: ([spec] + spec.usedSpecs).flatMap(\.declaredTypeNames))
  }

  /// `Store`, or `ReduxRuntime.Store` where the name is shadowed.
  func type(_ name: String) -> TypeName {
    qualified(name, .named(name))
  }

  /// `Middleware<State, Action>`, or `ReduxRuntime.Middleware<State, Action>`.
  func generic(_ name: String, _ arguments: [TypeName]) -> TypeName {
    qualified(name, .generic(name, arguments))
  }

  /// The type as a value, to call or to read a member of: `StateFields(0, 2)`.
  func value(_ name: String) -> Expression {
    guard shadowed.contains(name) else { return .name(name) }
    return .type(type(name))
  }

  private func qualified(_ name: String, _ type: TypeName) -> TypeName {
    guard shadowed.contains(name), let module = GeneratedNames.qualifiableTypes[name] else { return type }
    return .qualified(module: module, name: type)
  }
}

extension Spec {
  /// The type names this spec's module declares: models, enums and filters.
  var declaredTypeNames: [String] {
    models.map(\.name) + enums.map(\.name) + filters.map(\.name)
  }
}
