// The fields a spec marks `secret: true`: each state, model and action that has one conforms to
// ReduxRuntime's `InspectorSecrets`, listing their coding keys (an action's as
// `case.parameter`), which ReduxDebugging's inspector never sends.
extension FeatureTranslator {
  /// `extension TYPE: InspectorSecrets { static var secretFields: Set<String> { [...] } }`, or
  /// nothing when `keys` is empty.
  func secretsExtension(_ typeName: String, keys: [String]) -> [Declaration] {
    guard !keys.isEmpty else { return [] }
    let list = Expression.array(keys.sorted().map { .literal(.string($0)) })
    let property = VariableDeclaration(
      doc: "The fields the spec marks `secret`, which an inspector never sends.", access: access, isStatic: true,
      name: "secretFields", type: .generic("Set", [.named("String")]), getter: [.expression(list)])
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(typeName), conformances: [types.runtime.type("InspectorSecrets")],
          members: [.variable(property)]))
    ]
  }

  /// The model's secret fields, by coding key.
  func secretKeys(_ fields: [Field]) -> [String] {
    fields.filter(\.secret).map(\.codingKey)
  }

  /// The action's secret payload parameters, as `case.parameter`.
  var secretActionKeys: [String] {
    spec.actions.flatMap { action in action.payload.filter(\.secret).map { "\(action.name).\($0.name)" } }
  }
}
