/// The keys each mapping of a spec may have: the one list the checker reads them from (an
/// unknown key is an error with a did-you-mean from the same list, in this order), and the one
/// the JSON Schema (Schema/redux-gen.schema.json) is held to. SchemaTests checks that each `$defs` entry of
/// `byDefinition` has exactly these properties.
enum SpecKeys {
  /// A feature spec's top level.
  static let feature = [
    "feature", "module", "access", "conformances", "imports", "uses", "children", "doc", "models", "enums", "state", "filters", "derived", "actions",
    "start", "events", "middleware", "persist", "examples", "api", "alerts",
  ]
  /// An alert or confirmation dialog of `alerts:`.
  static let alert = ["title", "message", "dialog", "values", "buttons"]
  /// A button of an alert.
  static let alertButton = ["label", "role", "action"]
  /// A field holding child features: `tallies: { each: tally.yaml }`.
  static let child = ["each", "presents", "dismissOn", "stack", "shows"]
  /// A model: `Name: { doc, fields }`.
  static let model = ["doc", "conformances", "fields"]
  /// An enum's long form: `Name: { doc, cases }`.
  static let enumeration = ["doc", "cases"]
  /// A field's long form: `name: { type, default, doc, json }`.
  static let field = ["type", "default", "doc", "json", "secret"]
  /// An action.
  static let action = [
    "doc", "payload", "reduce", "async", "onSuccess", "onFailure", "cancels", "invalidates", "binding", "then",
    "delegate", "from",
  ]
  /// An action's `async`.
  static let async = [
    "success", "failure", "status", "policy", "scope", "debounce", "throttle", "carry", "successName", "failureName",
    "effect", "readsState", "optional", "fresh", "provides", "stream", "operation", "request", "response", "errors",
  ]
  /// A middleware.
  static let middleware = ["doc", "on", "dispatches", "emits"]
  /// An example.
  static let example = ["name", "given", "when", "then", "through", "effects", "receive", "middleware"]
  /// A filter.
  static let filter = ["over", "selected", "default", "result", "cases", "sort"]
  /// `persist`.
  static let persist = ["fields", "key", "storage", "version", "migrations"]
  /// A selector of any expression under `derived:`.
  static let selector = ["parameters", "value"]
  /// A step of a migration: one of its kinds (`rename`, `add`, `remove`, `retype`), and what the
  /// kind takes with it.
  static let migrationStep = SpecChecker.RawStep.Kind.allCases.map(\.rawValue) + ["to", "value", "fallback"]
  /// An app document's top level.
  static let app = ["app", "module", "doc", "features", "shared", "derived"]

  /// Each list by the name of the schema's definition (`$defs`) of that mapping.
  static let byDefinition: [String: [String]] = [
    "feature": Self.feature, "model": Self.model, "enumeration": Self.enumeration, "field": Self.field,
    "action": Self.action, "async": Self.async, "middleware": Self.middleware, "example": Self.example,
    "filter": Self.filter, "persist": Self.persist, "migrationStep": Self.migrationStep, "app": Self.app,
    "child": Self.child, "selector": Self.selector,
    "alert": Self.alert,
    "alertButton": Self.alertButton,
  ]
}
