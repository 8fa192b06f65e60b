import Testing

@testable import ReduxGenCore

/// The derived test of `start:` compares the actions the store received with the spec's: only
/// when every one of them is the same each time it is made.
@Suite struct StartTestTests {
  /// The example tests of a spec whose `start:` is `start`.
  private func exampleTests(start: String) throws -> String {
    let text = """
      feature: Radio
      models:
        User:
          fields: { id: UUID, name: String = "" }
      state:
        users: '[String: User]'
      actions:
        setUser:
          payload: { key: String, value: 'User = {}' }
          reduce: set users[key] = value
      start:
      \(start)
      """
    let spec = try DocumentChecking.checkFeature(text, path: "radio.yaml").0
    let files = GeneratorPipeline.files(for: spec)
    return try #require(files.first { $0.part == .exampleTests }).contents
  }

  @Test("values given in full are compared")
  func givenValues() throws {
    let tests = try exampleTests(start: "  - setUser: { key: a, value: { id: 1, name: Ann } }")
    #expect(tests.contains("the store starts with setUser"))
  }

  @Test("no test when a value left out defaults to a fresh UUID (a model's id), nor when one is written fresh")
  func freshValues() throws {
    #expect(try !exampleTests(start: "  - setUser: { key: a }").contains("the store starts with"))
    #expect(try !exampleTests(start: "  - setUser: { key: a, value: { name: Ann } }").contains("the store starts with"))
  }
}
