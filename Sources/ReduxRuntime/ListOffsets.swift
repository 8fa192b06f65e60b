/// A list read and written by offset as specs define it: out of range is nil or nothing, never a
/// trap.
extension Collection {
  /// The element `offset` places from the start, or nil where there is none: a spec's
  /// `LIST[OFFSET]` (`board[row][column]`).
  public func element(atOffset offset: Int) -> Element? {
    guard offset >= 0, offset < count else { return nil }
    return self[index(startIndex, offsetBy: offset)]
  }
}
