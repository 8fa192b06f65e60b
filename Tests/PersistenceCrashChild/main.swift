// persistence-crash-child DIRECTORY: the process PersistenceCrashTests kills at random points.
//
// It restores a ledger from DIRECTORY, then dispatches changes without end, saving them through
// `Persistence.attach(to:)` and `FileStorage` with a 2 ms coalescing window, and now and then
// calls `flush()`, printing "flushed N" once it returns: N actions are then promised to be on
// disk. Every state is recognizable: `entries` holds 20,000 copies of `count`, so a torn or
// mixed file can't pass for a whole one.
import Foundation
import ReduxRuntime

struct Ledger: Sendable {
  var count = 0
  var entries: [Int] = []
}

struct SavedLedger: Codable, Equatable, Sendable {
  var count: Int
  var entries: [Int]
}

enum Step: Sendable {
  case next
}

let directory = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
let persistence = Persistence<Ledger, SavedLedger>(
  key: "ledger", storage: FileStorage(directory: directory),
  fields: { SavedLedger(count: $0.count, entries: $0.entries) },
  restore: { state, saved in
    state.count = saved.count
    state.entries = saved.entries
  })

func say(_ line: String) {
  // Unbuffered: what was said before the kill reaches the parent.
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

do {
  let store = Store(
    initialState: try persistence.restoredState(Ledger()),
    reducer: { (state: inout Ledger, _: Step) in
      state.count += 1
      state.entries = Array(repeating: state.count, count: 20_000)
    })
  let saver = persistence.attach(to: store, coalescing: .milliseconds(2)) { error in
    say("error \(error)")
  }
  say("restored \(store.state.count)")
  while true {
    for _ in 0..<20 { store.dispatch(.next) }
    if Int.random(in: 0..<3) == 0 {
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
