// persistence-crash-child DIRECTORY [file|sqlite] [check]: the process PersistenceCrashTests
// kills at random points; with `check`, it restores, prints "state N whole" (or "torn") and exits.
//
// It restores a ledger from DIRECTORY, then dispatches changes without end, saving them through
// write-behind with a 2 ms coalescing window (`Persistence` and `FileStorage`, or
// `SQLitePersistence`), and now and then calls `flush()`, printing "flushed N" once it returns:
// N actions are then promised to be on disk. Every state is recognizable: every entry (SQLite)
// holds the same count, and the text (a file) repeats it, so a torn file or half a transaction
// can't pass for a whole state. The file is large (about 700 KB) and cheap to encode, so that
// many kills land while it is being written.
import Foundation
import ReduxRuntime
import ReduxSQLite

struct Entry: Identifiable, Codable, Equatable, Sendable {
  var id: Int
  var count: Int
}

struct Ledger: Sendable {
  var count = 0
  var entries: IdentifiedArrayOf<Entry> = []
  var text = ""
}

struct SavedLedger: Codable, Equatable, Sendable {
  var count: Int
  var text: String
}

enum Step: Sendable {
  case next
}

let sqlite = CommandLine.arguments.dropFirst(2).first == "sqlite"
/// Each action changes every entry, in SQLite a transaction of 1,000 rows; or the whole text.
let size = 1_000
func text(_ count: Int) -> String { String(repeating: "\(count);", count: 100_000) }
let reducer: Store<Ledger, Step>.Reducer = { state, _ in
  state.count += 1
  let count = state.count
  if sqlite {
    state.entries = IdentifiedArray(uniqueElements: (0..<size).map { Entry(id: $0, count: count) })
  } else {
    state.text = text(count)
  }
}

func say(_ line: String) {
  // Unbuffered: what was said before the kill reaches the parent.
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let directory = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
do {
  let store: Store<Ledger, Step>
  let saver: PersistenceSaver
  let onError: @Sendable (any Error) -> Void = { error in say("error \(error)") }
  if sqlite {
    let persistence = SQLitePersistence<Ledger>(
      key: "ledger", storage: try SQLiteStorage(path: directory.appending(path: "ledger.sqlite").path),
      fields: [.value("count", \.count), .rows("entries", \.entries)])
    store = Store(initialState: try persistence.restoredState(Ledger()), reducer: reducer)
    saver = persistence.attach(to: store, coalescing: .milliseconds(2), onError: onError)
  } else {
    let persistence = Persistence<Ledger, SavedLedger>(
      key: "ledger", storage: FileStorage(directory: directory),
      fields: { SavedLedger(count: $0.count, text: $0.text) },
      restore: { state, saved in
        state.count = saved.count
        state.text = saved.text
      })
    store = Store(initialState: try persistence.restoredState(Ledger()), reducer: reducer)
    saver = persistence.attach(to: store, coalescing: .milliseconds(2), onError: onError)
  }
  let restored = store.state
  let whole =
    restored.count == 0
    || (sqlite
      ? restored.entries.count == size && restored.entries.allSatisfy { $0.count == restored.count }
      : restored.text == text(restored.count))
  if CommandLine.arguments.dropFirst(3).first == "check" {
    say("state \(restored.count) \(whole ? "whole" : "torn")")
    exit(0)
  }
  var batch = 0
  while true {
    for _ in 0..<5 { store.dispatch(.next) }
    // The first batch always, then one in three, at random.
    batch += 1
    if batch == 1 || Int.random(in: 0..<3) == 0 {
      try saver.flush()
      say("flushed \(store.state.count)")
    } else {
      usleep(500)
    }
  }
} catch {
  say("error \(error)")
  exit(1)
}
