import Observation
import Testing

@testable import ReduxRuntime

/// `ObservedList.replace(with:)` matches the rows kept at either end by id in order and looks up
/// only the rows between: checked against looking up every row (`replaceAll`) over random edits.
@MainActor
@Suite struct ObservedListTests {
  struct Item: Identifiable, Equatable {
    var id: Int
    var value: Int
  }

  /// A small deterministic generator, so a failure shows the same edits again.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(bound, 1)))
    }
  }

  /// One random edit: a value changed, an element inserted, removed or moved, the list
  /// reversed, or (now and then) an id repeated.
  static func edit(_ items: [Item], _ random: inout Generator, nextID: inout Int) -> [Item] {
    var items = items
    switch random.next(7) {
    case 0 where !items.isEmpty: items[random.next(items.count)].value += 1
    case 1:
      nextID += 1
      items.insert(Item(id: nextID, value: 0), at: random.next(items.count + 1))
    case 2 where !items.isEmpty: items.remove(at: random.next(items.count))
    case 3 where items.count > 1:
      let moved = items.remove(at: random.next(items.count))
      items.insert(moved, at: random.next(items.count + 1))
    case 4: items.reverse()
    case 5 where !items.isEmpty && random.next(4) == 0: items.insert(items[random.next(items.count)], at: random.next(items.count + 1))
    default: break
    }
    return items
  }

  @Test func replacingGivesWhatLookingUpEveryRowGives() {
    var random = Generator(state: 42)
    for _ in 0..<300 {
      var nextID = random.next(12)
      var items = (0..<nextID).map { Item(id: $0, value: $0) }
      let list = ObservedList(items)
      let reference = ObservedList(items)
      for _ in 0..<8 {
        let edited = Self.edit(items, &random, nextID: &nextID)
        let before = Dictionary(list.current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let referenceBefore = reference.current.map(\.id)
        let told = Locked(0)
        withObservationTracking { _ = list.elements } onChange: { told.withLock { $0 += 1 } }
        list.replace(with: edited)
        reference.replaceAll(with: edited)
        #expect(list.current.map(\.id) == reference.current.map(\.id))
        // A repeated id is one row (the last value): as looking up every row gives it.
        #expect(list.current.map(\.current) == reference.current.map(\.current))
        if Set(edited.map(\.id)).count == edited.count { #expect(list.current.map(\.current) == edited) }
        #expect(told.withLock { $0 } == (referenceBefore == edited.map(\.id) ? 0 : 1), "\(items.map(\.id)) -> \(edited.map(\.id))")
        // A row that stays is the same object, as the list's `ForEach` needs.
        for row in list.current {
          if let old = before[row.id] { #expect(old === row) }
        }
        #expect(Set(list.byID.keys) == Set(edited.map(\.id)))
        items = edited
      }
    }
  }
}
