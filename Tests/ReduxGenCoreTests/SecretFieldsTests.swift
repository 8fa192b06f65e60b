import Testing

@testable import ReduxGenCore

/// `secret: true`: the fields an inspector never sees, in the state, models and payloads, kept
/// by the outcomes of a request that carries them.
struct SecretFieldsTests {
  static let spec = """
    feature: Account
    models:
      Profile:
        fields:
          name: String
          email: { type: String?, secret: true, json: e_mail }
    state:
      profile: Profile?
      token: { type: String?, secret: true }
      count: Int = 0
    actions:
      signIn:
        payload: { name: String, password: { type: String, secret: true } }
        async:
          success: { token: String }
          carry: [password]
        onSuccess: set token
      bump:
        reduce: increment count
    """

  @Test("the checker reads the mark where it is written, and a carried secret stays secret in the outcomes")
  func checked() throws {
    let spec = try #require(try GeneratorPipeline.generate(Self.spec, path: "account.yaml").spec)
    #expect(spec.state.filter(\.secret).map(\.name) == ["token"])
    #expect(spec.models.first?.fields.filter(\.secret).map(\.name) == ["email"])
    let secretParameters = spec.actions.flatMap { action in action.payload.filter(\.secret).map { "\(action.name).\($0.name)" } }
    #expect(secretParameters == ["signIn.password", "signInSucceeded.password", "signInFailed.password"])
  }

  @Test("each type with a secret field lists them by coding key, and its test compares the list")
  func generated() throws {
    let files = try GeneratorPipeline.generate(Self.spec, path: "account.yaml").files
    func file(_ suffix: String) throws -> String { try #require(files.first { $0.path.hasSuffix(suffix) }).contents }
    #expect(try file("AccountModels.swift").contains("extension Profile: InspectorSecrets {"))
    #expect(try file("AccountModels.swift").contains("[\"e_mail\"]"))
    #expect(try file("AccountState.swift").contains("extension AccountState: InspectorSecrets {"))
    #expect(try file("AccountAction.swift").contains("[\"signIn.password\", \"signInFailed.password\", \"signInSucceeded.password\"]"))
    let tests = try file("AccountReducerTests.swift")
    #expect(tests.contains("#expect(inspectorSecrets(of: AccountState.self) == [\"token\"])"))
  }

  @Test("secret takes true or false, and says where it doesn't")
  func refused() {
    let wrong = Self.spec.replacingOccurrences(of: "token: { type: String?, secret: true }", with: "token: { type: String?, secret: maybe }")
    #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(wrong, path: "account.yaml") }
    do {
      _ = try GeneratorPipeline.generate(wrong, path: "account.yaml")
    } catch {
      #expect(error.diagnostics.map { "\($0.location.line):\($0.location.column)" } == ["9:35"])
    }
  }
}
