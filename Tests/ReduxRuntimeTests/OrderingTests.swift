import Foundation
import ReduxRuntime
import Testing

private enum Size: String, CaseIterable, Equatable {
  case small, large, medium
}

private struct Item: Identifiable, Equatable {
  var id: Int
  var done = false
  var size = Size.small
  var rank = 0
}

struct OrderingTests {
  @Test("sortStably orders by the first key, then the next, and keeps ties in their order")
  func sortsByKeysStably() {
    var items: IdentifiedArrayOf<Item> = [
      Item(id: 1, done: true, rank: 2), Item(id: 2, rank: 1), Item(id: 3, done: true, rank: 1),
      Item(id: 4, rank: 1), Item(id: 5, rank: 3),
    ]
    items.sortStably(by: [.ascending(\.done), .descending(\.rank)])
    #expect(items.ids == [5, 2, 4, 1, 3])
    // The index by id follows the elements.
    #expect(items[id: 3]?.rank == 1)
    #expect(items.index(id: 4) == 2)
  }

  @Test("Bool sorts false first, enums in declared order, either way round")
  func boolsAndEnums() {
    var items = [
      Item(id: 1, size: .medium), Item(id: 2, done: true, size: .small), Item(id: 3, size: .large),
    ]
    items.sortStably(by: [.ascending(\.size)])
    #expect(items.map(\.id) == [2, 3, 1])
    items.sortStably(by: [.descending(\.size)])
    #expect(items.map(\.id) == [1, 3, 2])
    items.sortStably(by: [.descending(\.done)])
    #expect(items.map(\.id) == [2, 1, 3])
    items.sortStably(by: [.ascending(\.done)])
    #expect(items.map(\.id) == [1, 3, 2])
  }

  @Test("a long list with many ties sorts as Swift's sort of the positions does")
  func manyTies() {
    let values = (0..<500).map { ($0 * 7919) % 13 }
    var sorted = values.enumerated().map { Item(id: $0.offset, rank: $0.element) }
    sorted.sortStably(by: [.ascending(\.rank)])
    let expected = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
    #expect(sorted.map(\.id) == expected)
  }

  @Test("moveElements moves the offsets before the destination, in their order, as SwiftUI's onMove does")
  func moves() {
    var letters = ["a", "b", "c", "d", "e"]
    letters.moveElements(fromOffsets: [1, 3], toOffset: 5)
    #expect(letters == ["a", "c", "e", "b", "d"])
    letters.moveElements(fromOffsets: [4], toOffset: 0)
    #expect(letters == ["d", "a", "c", "e", "b"])
    letters.moveElements(fromOffsets: [0, 1], toOffset: 3)
    #expect(letters == ["c", "d", "a", "e", "b"])
    var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    items.moveElements(fromOffsets: [2], toOffset: 0)
    #expect(items.ids == [3, 1, 2])
    #expect(items.index(id: 1) == 1)
  }

  @Test("a stale move (offsets past the end, a destination out of range) moves what it can and never traps")
  func staleMoves() {
    var letters = ["a", "b", "c"]
    letters.moveElements(fromOffsets: [7], toOffset: 0)
    #expect(letters == ["a", "b", "c"])
    letters.moveElements(fromOffsets: [0, 9], toOffset: 42)
    #expect(letters == ["b", "c", "a"])
    letters.moveElements(fromOffsets: [2], toOffset: -3)
    #expect(letters == ["a", "b", "c"])
  }

  @Test("removeElements removes the offsets, keeps the rest in order and ignores offsets past the end")
  func removesAtOffsets() {
    var letters = ["a", "b", "c", "d"]
    letters.removeElements(atOffsets: [0, 2, 9])
    #expect(letters == ["b", "d"])
    letters.removeElements(atOffsets: [5])
    #expect(letters == ["b", "d"])
    var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    items.removeElements(atOffsets: [1])
    #expect(items.ids == [1, 3])
    #expect(items.index(id: 3) == 1)
  }

  @Test("offsets of a filtered view find their elements by id: a delete removes them, a move passes hidden ones")
  func offsetsOfAView() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2, done: true), Item(id: 3), Item(id: 4, done: true)]
    let shown = items.elements.filter { !$0.done }
    var deleted = items
    deleted.removeElements(atOffsets: [1, 6], of: shown)
    #expect(deleted.ids == [1, 2, 4])
    // The first shown goes after the last shown; hidden elements keep their places among the others.
    var moved = items
    moved.moveElements(fromOffsets: [0], toOffset: 2, of: shown)
    #expect(moved.ids == [2, 3, 1, 4])
    // Before the element shown at the destination.
    items.moveElements(fromOffsets: [1], toOffset: 0, of: shown)
    #expect(items.ids == [3, 1, 2, 4])
    items.moveElements(fromOffsets: [8], toOffset: 0, of: shown)
    #expect(items.ids == [3, 1, 2, 4])
  }
}
