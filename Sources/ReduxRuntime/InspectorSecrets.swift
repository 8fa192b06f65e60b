/// A type some of whose fields a spec marks `secret: true`: what an inspector (ReduxDebugging's
/// `InspectorConnection`) never sends. Generated for each state, model and action that has one.
public protocol InspectorSecrets {
  /// The coding keys of its secret fields; for an action, `case.parameter`.
  static var secretFields: Set<String> { get }
}
