/// A type some of whose fields a spec marks `secret: true`: what an inspector (ReduxDebugging's
/// `InspectorConnection`) never sends. Generated for each state, model and action that has one.
public protocol InspectorSecrets {
  /// The coding keys of its secret fields; for an action, `case.parameter`.
  static var secretFields: Set<String> { get }
}

/// The secret fields `type` lists (`InspectorSecrets`), or none when it lists none: what a
/// generated test compares with the spec's `secret: true` fields.
public func inspectorSecrets(of type: Any.Type) -> Set<String> {
  (type as? any InspectorSecrets.Type)?.secretFields ?? []
}
