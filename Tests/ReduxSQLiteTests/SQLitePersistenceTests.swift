import Foundation
import GRDB
import ReduxRuntime
import Testing

@testable import ReduxSQLite

private struct Item: Identifiable, Codable, Equatable, Sendable {
  var id: Int
  var title: String
  var done = false
}

private struct Board: Equatable, Sendable {
  var items: IdentifiedArrayOf<Item> = []
  var filter = "all"
  var scratch = 0
}

private enum BoardAction: Sendable {
  case add(Item)
  case toggle(Int)
  case remove(Int)
  case moveToFront(Int)
  case filter(String)
  case scribble
}

private let boardReducer: Store<Board, BoardAction>.Reducer = { state, action in
  switch action {
  case .add(let item): state.items.append(item)
  case .toggle(let id): state.items[id: id]?.done.toggle()
  case .remove(let id): state.items.remove(id: id)
  case .moveToFront(let id):
    if let item = state.items.remove(id: id) { state.items.insert(item, at: 0) }
  case .filter(let filter): state.filter = filter
  case .scribble: state.scratch += 1
  }
}

private func boardPersistence(
  _ storage: SQLiteStorage, version: Int = 1, migrations: [PersistenceMigration] = []
) -> SQLitePersistence<Board> {
  SQLitePersistence(
    key: "board", storage: storage, version: version, migrations: migrations,
    fields: [.rows("items", \.items), .value("filter", \.filter)])
}

private func board(_ count: Int) -> Board {
  Board(items: IdentifiedArray(uniqueElements: (1...count).map { Item(id: $0, title: "Item \($0)") }))
}

/// A database file in a new temporary directory, removed afterwards.
private func withDatabase<Result>(_ body: (String) throws -> Result) throws -> Result {
  let directory = FileManager.default.temporaryDirectory.appending(path: "ReduxSQLiteTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory.appending(path: "state.sqlite").path)
}

@Suite struct SQLitePersistenceTests {
  @Test("nothing saved restores the initial state; a save restores in order, in a new connection")
  func roundTrip() throws {
    try withDatabase { path in
      let persistence = boardPersistence(try SQLiteStorage(path: path))
      #expect(try persistence.restoredState(Board(scratch: 3)) == Board(scratch: 3))
      var state = board(5)
      state.filter = "done"
      state.items.swapAt(0, 4)
      try persistence.save(state)
      let restored = try boardPersistence(try SQLiteStorage(path: path)).restoredState(Board(scratch: 7))
      #expect(restored.items == state.items)
      #expect(restored.filter == "done")
      #expect(restored.scratch == 7)
    }
  }

  @Test("a write touches only the rows an action changed")
  func rowsWritten() throws {
    let storage = try SQLiteStorage.inMemory()
    let persistence = boardPersistence(storage)
    var state = board(1_000)
    try persistence.save(state)
    #expect(storage.rowsWritten == 1_001)
    func written(_ change: (inout Board) -> Void) throws -> Int {
      let before = storage.rowsWritten
      change(&state)
      try persistence.save(state)
      return storage.rowsWritten - before
    }
    #expect(try written { $0.items[id: 500]?.done = true } == 1)
    #expect(try written { _ in } == 0)
    #expect(try written { $0.scratch += 1 } == 0)
    #expect(try written { $0.filter = "open" } == 1)
    #expect(try written { $0.items.append(Item(id: 1_001, title: "new")) } == 1)
    #expect(try written { $0.items.remove(id: 3) } == 1)
    #expect(try written { $0.items.insert(Item(id: 0, title: "first"), at: 0) } == 1)
    #expect(try written { $0.items.insert(Item(id: 2_000, title: "middle"), at: 400) } == 1)
    #expect(try written { boardReducer(&$0, .moveToFront(700)) } == 1)
    #expect(try written { $0.items[id: 1]?.title = "renamed"; $0.items.remove(id: 2) } == 2)
    let restored = try boardPersistence(storage).restoredState(Board())
    #expect(restored.items == state.items)
  }

  @Test("random edits, saved now and then, always restore to the state saved last")
  func randomEdits() throws {
    var random = SystemRandomNumberGenerator()
    let storage = try SQLiteStorage.inMemory()
    let persistence = boardPersistence(storage)
    var state = board(50)
    var next = 51
    for round in 0..<300 {
      let ids = state.items.ids
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        state.items.insert(Item(id: next, title: "\(next)"), at: Int.random(in: 0...state.items.count, using: &random))
        next += 1
      case 1: if let id = ids.randomElement(using: &random) { state.items.remove(id: id) }
      case 2: if let id = ids.randomElement(using: &random) { boardReducer(&state, .moveToFront(id)) }
      case 3:
        if state.items.count > 1 {
          let from = Int.random(in: 0..<state.items.count, using: &random)
          let item = state.items.remove(at: from)
          state.items.insert(item, at: Int.random(in: 0...state.items.count, using: &random))
        }
      case 4: if let id = ids.randomElement(using: &random) { state.items[id: id]?.done.toggle() }
      default: state.filter = "f\(round)"
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        try persistence.save(state)
        let restored = try boardPersistence(storage).restoredState(Board())
        #expect(restored.items == state.items, "round \(round)")
        #expect(restored.filter == state.filter)
      }
    }
  }

  @Test("positions: the longest run in order keeps its positions; no room between renumbers")
  func positions() throws {
    typealias Snapshot = RowsSnapshot<Item>
    let gap = Snapshot.gap
    #expect(Snapshot.positions([nil, nil], between: nil, and: nil) == [gap, 2 * gap])
    // 1 moved from the front to the back: the others keep theirs.
    #expect(Snapshot.positions([20, 30, 10], between: nil, and: nil) == [20, 30, 30 + gap])
    // A new element between two kept ones, and before the first.
    #expect(Snapshot.positions([nil, 10, nil, 20], between: nil, and: nil) == [10 - gap, 10, 15, 20])
    // Inside bounds; an old position outside them can't stay.
    #expect(Snapshot.positions([5, 50], between: 10, and: 100) == [30, 50])
    // Neighbours one apart: no room.
    #expect(Snapshot.positions([10, nil, 11], between: nil, and: nil) == nil)
    let kept = Snapshot.longestIncreasing([3, nil, 1, 2, 5, 4])
    #expect(kept.enumerated().filter(\.element).count == 3)
  }

  @Test("an insertion where there is no room renumbers the collection, and it still restores in order")
  func renumbering() throws {
    let storage = try SQLiteStorage.inMemory()
    let persistence = boardPersistence(storage)
    var state = board(3)
    try persistence.save(state)
    // Halving the gap between the first two each time: about 20 insertions fill it.
    for id in 100..<140 {
      state.items.insert(Item(id: id, title: "\(id)"), at: 1)
      try persistence.save(state)
    }
    #expect(try boardPersistence(storage).restoredState(Board()).items == state.items)
  }

  @Test("attached, it saves behind the dispatching thread; one toggle in 10,000 writes one row")
  func attached() throws {
    let storage = try SQLiteStorage.inMemory()
    let persistence = boardPersistence(storage)
    let store = Store(initialState: try persistence.restoredState(board(10_000)), reducer: boardReducer)
    let saver = persistence.attach(to: store, coalescing: .seconds(3600)) { error in
      Issue.record("saving failed: \(error)")
    }
    store.dispatch(.toggle(1))
    #expect(storage.rowsWritten == 0)
    try saver.flush()
    #expect(storage.rowsWritten == 10_001)
    store.dispatch(.toggle(5_000))
    store.dispatch(.scribble)
    try saver.flush()
    #expect(storage.rowsWritten == 10_002)
    #expect(saver.status == .saved)
    #expect(try boardPersistence(storage).restoredState(Board()).items == store.state.items)
  }

  @Test("rows that don't fit today's types name the field and version, are kept, and saves wait for the app")
  func incompatibleRows() throws {
    let storage = try SQLiteStorage.inMemory()
    let stored = StoredSample("a title that is a number", version: 1, value: #"{"items":[{"id":1,"title":7}]}"#, expected: "{}")
    try storage.store(stored, key: "board", rows: ["items": "id"])
    let persistence = boardPersistence(storage)
    #expect(throws: PersistenceError.incompatible(key: "board", version: 1, field: "items[0].title", reason: "it isn't String")) {
      try persistence.restoredState(Board())
    }
    #expect(throws: PersistenceError.savingRefused(key: "board")) { try persistence.save(board(2)) }
    #expect(try storage.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM redux_rows") } == 1)
    // The app lets them go: the rows are deleted, and saves write afresh.
    try persistence.overwriteUnreadable()
    try persistence.save(board(2))
    #expect(try boardPersistence(storage).restoredState(Board()) == board(2))
  }

  @Test("a newer database is refused and kept; an older one is migrated on restore, in place")
  func versions() throws {
    try withDatabase { path in
      // Version 1 stored `done` as "yes"/"no" under the name `finished`, and a `note`.
      let storage = try SQLiteStorage(path: path)
      try storage.database.write { db in
        try db.execute(sql: "INSERT INTO redux_versions VALUES ('board', 1)")
        try db.execute(
          sql: """
            INSERT INTO redux_rows VALUES ('board', 'items', '1', 10, '{"finished":"true","id":1,"note":"x"}');
            INSERT INTO redux_rows VALUES ('board', 'items', '2', 20, '{"finished":"maybe","id":2,"note":"y"}');
            INSERT INTO redux_values VALUES ('board', 'filter', '"all"');
            """)
      }
      let migrations = [
        PersistenceMigration(version: 2, [.rename(["items", "finished"], to: "done"), .remove(["items", "note"])]),
        PersistenceMigration(
          version: 3, [.retype(["items", "done"], to: .bool, fallback: "false"), .add(["items", "title"], json: #""untitled""#)]),
      ]
      let persistence = boardPersistence(storage, version: 3, migrations: migrations)
      let restored = try persistence.restoredState(Board())
      #expect(
        Array(restored.items) == [Item(id: 1, title: "untitled", done: true), Item(id: 2, title: "untitled", done: false)])
      // Rewritten in place: a second restore reads version 3 without migrating.
      let again = try boardPersistence(try SQLiteStorage(path: path), version: 3).restoredState(Board())
      #expect(again.items == restored.items)

      let older = boardPersistence(try SQLiteStorage(path: path), version: 2)
      #expect(throws: ReduxRuntime.PersistenceError.futureVersion(key: "board", found: 3, supported: 2)) {
        try older.restoredState(Board())
      }
      #expect(try boardPersistence(try SQLiteStorage(path: path), version: 3).restoredState(Board()) == restored)
    }
  }
}
