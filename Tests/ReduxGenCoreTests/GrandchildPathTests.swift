import Testing

@testable import ReduxGenCore

/// A parent's paths reach through a child to a grandchild's field, in examples and operations:
/// the checker knows every held feature's state, not only its children's.
@Suite struct GrandchildPathTests {
  private let files: [String: String] = [
    "login.yaml": """
      feature: Login
      access: public
      children:
        twoFactor: { presents: inner.yaml }
      state:
        user: String = ""
      actions:
        start:
          payload: { form: InnerState }
          reduce: set twoFactor = form
      """,
    "inner.yaml": """
      feature: Inner
      access: public
      state:
        token: String = ""
      actions:
        type:
          payload: { token: String }
          reduce: set token
      """,
  ]

  private func check(_ text: String) throws -> Spec {
    let files = self.files
    return try DocumentChecking.checkFeature(text, path: "app.yaml") { files[$0].map { Array($0.utf8) } }.0
  }

  /// The outer feature presenting Login, with one example: `given`, then `then`.
  private func outer(given: String, then: String) -> String {
    """
    feature: Outer
    children:
      login: { presents: login.yaml }
    state:
      done: Bool = false
    actions:
      finish:
        reduce: set done = true
    examples:
      - name: reads the grandchild
        given: \(given)
        when: [finish]
        then: \(then)
    """
  }

  @Test("an example gives and expects a grandchild's field")
  func exampleReadsGrandchild() throws {
    let spec = try check(outer(given: "{ login: { twoFactor: { token: x } } }", then: "{ login.twoFactor.token: x }"))
    let example = try #require(spec.examples.first)
    // The given reaches the grandchild: not dropped without a word.
    #expect(example.given.count == 1)
    #expect(example.then.count == 1)
  }

  @Test("a misspelled grandchild field in a given is an error, not dropped")
  func misspelledGrandchildField() {
    #expect(throws: DiagnosticsError.self) {
      try check(outer(given: "{ login: { twoFactor: { tokn: x } } }", then: "{ done: true }"))
    }
  }
}
