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

extension IdentifiedArray where Element: Identifiable & Equatable, ID == Element.ID {
  /// Writes `element`, when given, over the element with its id when the array holds one that
  /// differs, and says whether it did; an element the array doesn't hold is not added. What a
  /// screen's change of the element it shows (`shows:`) does to its parent's list.
  @discardableResult
  @inlinable
  public mutating func writeBack(_ element: Element?) -> Bool {
    guard let element, let held = self[id: element.id], held != element else { return false }
    self[id: element.id] = element
    return true
  }
}
