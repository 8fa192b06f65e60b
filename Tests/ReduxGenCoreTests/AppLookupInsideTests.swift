import Testing

@testable import ReduxGenCore

/// An app's derived lookup inside a feature's model field (`shelf.slice.entities[...]`): the
/// app's state field is the feature's (`shelf`), read through the slice, and an optional key or a
/// list of models looked up as a feature's own lookup would be.
struct AppLookupInsideTests {
  static let feature = """
    feature: Shelf
    access: public
    models:
      Book:
        fields:
          id: String
          title: String
      Slice:
        fields:
          entities: "[String: Book]"
          selected: String?
          books: [Book]
    state:
      slice: { type: Slice, default: { entities: {}, books: [] } }
    actions:
      pick:
        payload: { id: String? }
        reduce: set slice.selected = id
    """

  static let app = """
    app: Library
    features:
      shelf: shelf.yaml
    derived:
      chosen: shelf.slice.entities[shelf.slice.selected]
      chosenBook: shelf.slice.books[shelf.slice.selected]
    """

  @Test("an optional key inside a feature's slice is unwrapped, and a list of models is looked up by id")
  func lookupsInsideAFeature() throws {
    let result = try GeneratorPipeline.generate(Self.app, path: "app.yaml") { path in
      path == "shelf.yaml" ? Array(Self.feature.utf8) : nil
    }
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.summary))")
    let state = try #require(result.files.first { $0.path.hasSuffix("LibraryState.swift") }).contents
    #expect(state.contains("shelf.slice.selected.flatMap { shelf.slice.entities[$0] }"))
    #expect(state.contains("shelf.slice.selected.flatMap { shelf.slice.books[id: $0] }"))
    // Observed as reading the feature's field.
    let reducer = try #require(result.files.first { $0.path.hasSuffix("LibraryReducer.swift") }).contents
    #expect(reducer.contains("\\.chosen: StateFields(0)"))
  }
}
