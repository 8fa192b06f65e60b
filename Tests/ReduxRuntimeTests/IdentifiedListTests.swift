import Testing

@testable import ReduxRuntime

private struct Item: Identifiable, Equatable {
  var id: Int
  var name: String
}

/// `firstIndex(id:)` and `removeAll(id:)`, which generated reducers use to reach `list[id]`.
@Suite struct IdentifiedListTests {
  fileprivate let items = [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 1, name: "c")]

  @Test("firstIndex(id:) finds the first element with the id, nil for none")
  func firstIndex() {
    #expect(items.firstIndex(id: 1) == 0)
    #expect(items.firstIndex(id: 2) == 1)
    #expect(items.firstIndex(id: 3) == nil)
  }

  @Test("removeAll(id:) removes every element with the id and keeps the rest in order")
  func removeAll() {
    var list = items
    list.removeAll(id: 1)
    #expect(list == [Item(id: 2, name: "b")])
    list.removeAll(id: 9)
    #expect(list == [Item(id: 2, name: "b")])
  }
}
