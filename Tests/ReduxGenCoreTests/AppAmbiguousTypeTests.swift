import Testing

@testable import ReduxGenCore

/// Two features of an app that each declare a model of one name (`Item`): the app's generated
/// tests name each through its module, where a bare `Item` would be ambiguous.
struct AppAmbiguousTypeTests {
  static func feature(_ name: String, field: String) -> String {
    """
    feature: \(name)
    access: public
    models:
      Item:
        fields: { id: Int, \(field): Int = 0 }
    state:
      items: "[Item]"
    actions:
      add:
        payload: { item: Item }
        reduce: append items
    """
  }

  static let app = """
    app: Both
    features:
      alpha: alpha.yaml
      beta: beta.yaml
    """

  @Test("each feature's model is named through its module in the app's tests")
  func qualified() throws {
    let result = try GeneratorPipeline.generate(Self.app, path: "app.yaml") { path in
      switch path {
      case "alpha.yaml": Array(Self.feature("Alpha", field: "size").utf8)
      case "beta.yaml": Array(Self.feature("Beta", field: "weight").utf8)
      default: nil
      }
    }
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.summary))")
    let tests = try #require(result.files.first { $0.path.hasSuffix("BothReducerTests.swift") }).contents
    #expect(tests.contains(".alpha(.add(item: Alpha.Item("))
    #expect(tests.contains(".beta(.add(item: Beta.Item("))
    #expect(!tests.contains("(item: Item("))
  }
}
