import Testing

@testable import ReduxGenCore

/// The Swift names generated effects call swift-openapi-generator's `Client` by: its default
/// (defensive) naming of the document's names.
struct OpenAPINamesTests {
  @Test(
    "a document's name as the Client spells it",
    arguments: [
      ("searchVolumes", "searchVolumes"),
      ("search/repos", "search_sol_repos"),
      ("X-GitHub-Api-Version", "X_hyphen_GitHub_hyphen_Api_hyphen_Version"),
      ("$nake\u{2026}", "_dollar_nake_x2026_"),
      ("default", "_default"),
      ("type", "_type"),
      ("1st", "_1st"),
      ("", "_empty"),
      ("_", "_underscore_"),
      ("user_id", "user_id"),
      ("a b", "a_space_b"),
    ])
  func swiftName(documented: String, swift: String) {
    #expect(OpenAPINames.swiftName(documented) == swift)
  }

  @Test("an operation written as Swift names it finds the document's name")
  func camelCased() {
    #expect(OpenAPINames.camelCased("search/repos") == "searchRepos")
    #expect(OpenAPINames.camelCased("repos-list-for-user") == "reposListForUser")
  }
}
