/// What generated reducers use to reach `list[id]`: a lookup by id without a closure for the
/// compiler to infer (a feature with hundreds of actions type-checks much faster this way).
extension Array where Element: Identifiable {
  /// The position of the first element with this id.
  @inlinable
  public func firstIndex(id: Element.ID) -> Int? {
    firstIndex { $0.id == id }
  }

  /// Removes every element with this id.
  @inlinable
  public mutating func removeAll(id: Element.ID) {
    removeAll { $0.id == id }
  }
}
