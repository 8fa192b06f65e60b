import Testing

@testable import ReduxGenCore

/// `Codable` and `Hashable` only where a spec uses them or asks for them (`conformances:`).
struct ConformanceTests {
  static let spec = """
    feature: Shelf
    models:
      Book:
        fields:
          id: String
          author: Author
      Author:
        fields:
          name: String
      Query:
        fields:
          text: String
          page: Page?
      Page:
        fields:
          number: Int
      Answer:
        fields:
          total: { type: Int, json: total_items }
      Label:
        conformances: [Hashable]
        fields:
          text: String
          color: Color
      Color:
        fields:
          name: String
      Loose:
        fields:
          text: String
    state:
      books: [Book]
      loose: [Loose]
      labels: [Label]
    actions:
      search:
        payload: { query: Query }
        async:
          success: { books: [Book] }
          fresh: 60s
        onSuccess: set books = books
    persist:
      fields: [books]
      key: shelf
    """

  func needed(_ text: String = spec) throws -> NeededConformances {
    try #require(try GeneratorPipeline.generate(text, path: "shelf.yaml").spec).neededConformances
  }

  @Test("Codable for what is persisted or has JSON keys, and the models they hold")
  func codable() throws {
    let needed = try needed()
    #expect(needed.codableModels == ["Book", "Author", "Answer"])
    #expect(needed.reasons[.codable]?["Author"] == .heldBy(model: "Book"))
    #expect(needed.reasons[.codable]?["Book"] == .persisted(field: "books"))
    #expect(!needed.codableStateAndAction)
  }

  @Test("Hashable for a cached request's payload and what a model asks, and the models they hold")
  func hashable() throws {
    let needed = try needed()
    #expect(needed.hashableModels == ["Query", "Page", "Label", "Color"])
    #expect(needed.reasons[.hashable]?["Query"] == .cachedPayload(action: "search"))
  }

  @Test("conformances: on the feature gives every model both, and the state and action Codable")
  func askedByFeature() throws {
    let needed = try needed(Self.spec.replacingOccurrences(of: "feature: Shelf\n", with: "feature: Shelf\nconformances: [Codable, Hashable]\n"))
    let all: Set<String> = ["Book", "Author", "Query", "Page", "Answer", "Label", "Color", "Loose"]
    #expect(needed.codableModels == all)
    #expect(needed.hashableModels == all)
    #expect(needed.codableStateAndAction)
  }

  @Test("the generated models say so, and a model needing nothing is only Equatable and Sendable")
  func generatedModels() throws {
    let files = try GeneratorPipeline.generate(Self.spec, path: "shelf.yaml").files
    let models = try #require(files.first { $0.path.hasSuffix("ShelfModels.swift") }).contents
    #expect(models.contains("struct Book: Equatable, Codable, Sendable, Identifiable {"))
    #expect(models.contains("struct Query: Equatable, Hashable, Sendable {"))
    #expect(models.contains("struct Loose: Equatable, Sendable {"))
    let state = try #require(files.first { $0.path.hasSuffix("ShelfState.swift") }).contents
    #expect(state.contains("struct ShelfState: Equatable, Sendable {"))
  }
}
