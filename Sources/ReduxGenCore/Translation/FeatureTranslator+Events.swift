extension FeatureTranslator {
  // MARK: Events

  var eventTypeName: String { spec.names.event }

  /// `store.events()` for a store of this feature.
  func eventsStoreExtension() -> [Declaration] {
    guard !spec.events.isEmpty else { return [] }
    let events = FunctionDeclaration(
      doc: "The events this feature's middleware emit from now on; each reaches every listener present when it is emitted.",
      access: access, kind: .function("events"),
      returnType: .generic("AsyncStream", [.named(eventTypeName)]),
      body: [.returnStatement(.name("events").call([Argument("of", .metatype(.named(eventTypeName)))]))])
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: types.runtime.type("Store"),
          requirements: [
            SameTypeRequirement(lhs: "State", rhs: .named(spec.stateTypeName)),
            SameTypeRequirement(lhs: "Action", rhs: .named(spec.actionTypeName)),
          ],
          members: [.function(events)]))
    ]
  }

  /// The type through which a middleware emits: one method per event it declares, nothing else.
  func emitterName(_ middleware: Middleware) -> String { GeneratedNames.emitter(middleware.name) }

  func emitter(_ middleware: Middleware) -> Declaration {
    let methods = middleware.emits.compactMap { name in spec.events.first { $0.name == name } }.map { event in
      let value = Expression.name(eventTypeName).dot(event.name)
      let argument =
        event.payload.isEmpty ? value : value.call(event.payload.map { Argument($0.name, .name($0.name)) })
      return Declaration.function(
        FunctionDeclaration(
          doc: "Emits `\(event.name)`.", access: access, kind: .function(event.name),
          parameters: event.payload.map { Parameter(name: $0.name, type: types.typeName($0.type)) },
          body: [.expression(.name("context").dot("emit").call([Argument(nil, argument)]))]))
    }
    return .structure(
      TypeDeclaration(
        doc: "The events `\(middleware.name)` may emit (its `emits` in the spec).", access: access,
        name: emitterName(middleware), inherits: ["Sendable"],
        members: [.variable(VariableDeclaration(isConstant: true, name: "context", type: contextType))] + methods))
  }
}
