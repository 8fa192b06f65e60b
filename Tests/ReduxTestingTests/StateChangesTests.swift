import ReduxDebugging
import ReduxRuntime
import Testing

private struct Item: Equatable, Sendable, Identifiable {
  var id: Int
  var title: String
  var done = false
}

private enum Phase: Equatable, Sendable {
  case idle
  case failed(String)
}

private struct Profile: Equatable, Sendable {
  var name: String
  var tags: [String] = []
}

private struct Board: Equatable, Sendable {
  var items: IdentifiedArrayOf<Item> = []
  var counts: [String: Int] = [:]
  var profile: Profile? = nil
  var phase = Phase.idle
  var total = 0
}

@Suite private struct StateChangesTests {
  let board = Board(
    items: [Item(id: 1, title: "a"), Item(id: 2, title: "b")], counts: ["x": 1],
    profile: Profile(name: "Ada"))

  @Test func nothingChangedIsEmpty() {
    #expect(stateChanges(from: board, to: board).isEmpty)
  }

  @Test func aNestedFieldOfAnElementIsFoundByID() {
    var after = board
    after.items[id: 2]?.done = true
    after.total = 3
    #expect(stateChanges(from: board, to: after).map(\.description) == ["items[id: 2].done: false → true", "total: 0 → 3"])
  }

  @Test func elementsAddedRemovedAndMovedByID() {
    var after = board
    after.items.remove(id: 1)
    after.items.append(Item(id: 3, title: "c"))
    after.items.swapAt(0, 1)
    let changes = stateChanges(from: board, to: after).map(\.description)
    #expect(changes.contains { $0.hasPrefix("items[id: 3]: (added) → Item(") })
    #expect(changes.contains { $0.hasPrefix("items[id: 1]: Item(") && $0.hasSuffix("→ (removed)") })
    #expect(!changes.contains { $0.contains("order") })
    var moved = board
    moved.items.swapAt(0, 1)
    #expect(stateChanges(from: board, to: moved).map(\.description) == ["items (order of ids): 1, 2 → 2, 1"])
  }

  @Test func dictionaryEntriesOptionalsAndEnums() {
    var after = board
    after.counts["x"] = 2
    after.counts["y"] = 5
    after.profile?.tags.append("new")
    after.phase = .failed("offline")
    #expect(
      stateChanges(from: board, to: after).map(\.description) == [
        #"counts["x"]: 1 → 2"#, #"counts["y"]: (added) → 5"#, #"profile.tags[0]: (added) → "new""#,
        #"phase: Phase.idle → Phase.failed("offline")"#,
      ])
    var cleared = board
    cleared.profile = nil
    #expect(stateChanges(from: board, to: cleared).map(\.path) == ["profile"])
  }

  @Test func printingChangesReportsTheActionsItIsAskedFor() {
    let printed = Locked<[String]>([])
    let reducer: Store<Board, Int>.Reducer = { state, amount in state.total += amount }
    let store = Store(
      initialState: Board(),
      reducer: printingChanges(of: reducer, where: { $0 != 0 }, to: { text in printed.withLock { $0.append(text) } }))
    store.dispatch(2)
    store.dispatch(0)
    store.dispatch(-2)
    #expect(store.state.total == 0)
    #expect(printed.withLock { $0 } == ["2\n  total: 0 → 2", "-2\n  total: 2 → 0"])
  }
}
