public import ReduxRuntime

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// The elements of an answer once per id: a repeated id keeps the first one's place and the
  /// last one's value, where `IdentifiedArray(uniqueElements:)` would trap on a server's repeat.
  public init(answered elements: some Sequence<Element>) {
    self.init(elements, uniquingIDsWith: { _, last in last })
  }
}
