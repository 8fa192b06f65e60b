// Hand-written. redux-gen created this file once from Specs/library.yaml
// and never changes it: implement LibraryLiveEffects here.

import Foundation
import ReduxRuntime

/// The Library feature's effects against the real world.
public struct LibraryLiveEffects: LibraryEffects {
  public init() {}

  public func search(query: String) async throws -> IdentifiedArrayOf<Book>? {
    throw UnimplementedEffect("search")
  }

  public func saveToCollection(book: Book) async throws(Refusal) {
    fatalError("saveToCollection is not implemented yet")
  }

  public func removeFromCollection(book: Book) async throws(Refusal) {
    fatalError("removeFromCollection is not implemented yet")
  }

  public func loadCollection(state: LibraryState) async throws -> IdentifiedArrayOf<Book> {
    throw UnimplementedEffect("loadCollection")
  }
}
