/// Generated state keeps a list of models with an `id` as an `IdentifiedArrayOf<Model>`: an
/// ordered collection with an index by id, so `tasks[id]` operations take constant time at any
/// size. Re-exported, so generated code and the targets that use it need no other import.
@_exported import IdentifiedCollections

extension IdentifiedArray {
  /// Inserts at the start, in their order, the elements whose ids the array doesn't hold yet
  /// (the first of each id): what `prepend LIST = ELEMENTS` does to a list of models with an id.
  public mutating func prepend(contentsOf newElements: some Sequence<Element>) {
    var position = startIndex
    for element in newElements where insert(element, at: position).inserted {
      position += 1
    }
  }
}
