import Foundation
import Testing

@testable import ReduxRuntime

/// Settings of which the name and the volume are persisted, the scratch field not.
private struct Settings: Equatable, Sendable {
  var name = ""
  var volume = 0
  var scratch = 0
}

private struct SavedSettings: Codable, Equatable, Sendable {
  var name: String
  var volume: Int
}

private enum SettingsAction: ChangeReporting {
  case rename(String)
  case setVolume(Int)
  case scribble

  var changedFields: StateFields {
    switch self {
    case .rename: StateFields(0)
    case .setVolume: StateFields(1)
    case .scribble: StateFields(2)
    }
  }
}

private let settingsReducer: Store<Settings, SettingsAction>.Reducer = { state, action in
  switch action {
  case .rename(let name): state.name = name
  case .setVolume(let volume): state.volume = volume
  case .scribble: state.scratch += 1
  }
}

/// The persistence of `Settings` under the key "settings"; `reads` counts its selections.
private func settingsPersistence(
  _ storage: any PersistentStorage, reading: StateFields = .all, reads: ReadCounter = ReadCounter()
) -> Persistence<Settings, SavedSettings> {
  Persistence(
    key: "settings", storage: storage, reading: reading,
    fields: { state in
      reads.tick()
      return SavedSettings(name: state.name, volume: state.volume)
    },
    restore: { state, saved in
      state.name = saved.name
      state.volume = saved.volume
    })
}

/// Bytes in memory; fails as many saves as it is told to.
private final class MemoryStorage: PersistentStorage {
  struct Failure: Error {}

  private struct Contents {
    var data: [String: Data] = [:]
    var saves = 0
    var failuresLeft = 0
  }

  private let contents: Locked<Contents>

  init(failing failures: Int = 0) {
    contents = Locked(Contents(failuresLeft: failures))
  }

  var saves: Int { contents.withLock { $0.saves } }

  func load(key: String) throws -> Data? {
    contents.withLock { $0.data[key] }
  }

  func save(_ data: Data, key: String) throws {
    try contents.withLock { contents in
      if contents.failuresLeft > 0 {
        contents.failuresLeft -= 1
        throw Failure()
      }
      contents.saves += 1
      contents.data[key] = data
    }
  }
}

/// Waits (up to 10 s, in 5 ms steps) until `condition` holds; fails the test if it never does.
private func eventually(
  _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let deadline = ContinuousClock.now + .seconds(10)
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("the condition never held", sourceLocation: sourceLocation)
      return
    }
    try await _Concurrency.Task.sleep(for: .milliseconds(5))
  }
}

/// Runs `body` with a new directory under the temporary one, removed afterwards.
private func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let directory = FileManager.default.temporaryDirectory.appending(path: "ReduxRuntimeTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

/// Persistence: `FileStorage`, saving after changes, restoring, and what can go wrong.
@Suite struct PersistenceTests {
  @Test("FileStorage keeps one whole file per key, creating its directory, leaving nothing else")
  func fileStorage() throws {
    try withTemporaryDirectory { directory in
      let storage = FileStorage(directory: directory.appending(path: "nested"))
      #expect(try storage.load(key: "a") == nil)
      try storage.save(Data("a long first version".utf8), key: "a")
      try storage.save(Data("short".utf8), key: "a")
      try storage.save(Data("b".utf8), key: "b")
      #expect(try storage.load(key: "a") == Data("short".utf8))
      #expect(try storage.load(key: "b") == Data("b".utf8))
      #expect(storage.url(forKey: "a") == directory.appending(path: "nested/a.json"))
      // No temporary file is left behind.
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.appending(path: "nested").path)
      #expect(files.sorted() == ["a.json", "b.json"])
    }
  }

  @Test("FileStorage: concurrent saves of one key all succeed, and the file is one of them whole")
  func concurrentSaves() throws {
    try withTemporaryDirectory { directory in
      let storage = FileStorage(directory: directory)
      let failures = Log<String>()
      DispatchQueue.concurrentPerform(iterations: 16) { index in
        do {
          try storage.save(Data(String(repeating: "\(index % 10)", count: 10_000).utf8), key: "a")
        } catch {
          failures.append("\(error)")
        }
      }
      #expect(failures.values == [])
      let saved = try #require(try storage.load(key: "a"))
      #expect(saved.count == 10_000 && Set(saved).count == 1)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.json"])
    }
  }

  @Test("attached, it saves nothing until the window ends or flush(); then the fields, enveloped")
  func saveAndRestore() throws {
    try withTemporaryDirectory { directory in
      let storage = FileStorage(directory: directory)
      let store = Store(initialState: Settings(), reducer: settingsReducer)
      let saver = settingsPersistence(storage).attach(to: store, coalescing: .seconds(3600)) { error in
        Issue.record("saving failed: \(error)")
      }
      #expect(saver.status == .saved)
      store.dispatch(.rename("Ada"))
      store.dispatch(.setVolume(7))
      store.dispatch(.scribble)
      // The dispatching thread only marked the saver dirty.
      #expect(try storage.load(key: "settings") == nil)
      #expect(saver.status == .pending)
      try saver.flush()
      #expect(saver.status == .saved)
      let saved = try #require(try storage.load(key: "settings"))
      #expect(String(decoding: saved, as: UTF8.self) == #"{"value":{"name":"Ada","volume":7},"version":1}"#)

      let restored = try settingsPersistence(FileStorage(directory: directory)).restoredState(Settings(scratch: 5))
      #expect(restored == Settings(name: "Ada", volume: 7, scratch: 5))
    }
  }

  @Test("with nothing saved, the restored state is the initial one; save(_:) saves now")
  func restoreNothingThenSaveNow() throws {
    let storage = MemoryStorage()
    let persistence = settingsPersistence(storage)
    #expect(try persistence.restoredState(Settings(volume: 3)) == Settings(volume: 3))
    try persistence.save(Settings(name: "Bo", volume: 2, scratch: 9))
    #expect(try persistence.restoredState(Settings()) == Settings(name: "Bo", volume: 2))
  }

  @Test("changes in one window are one write of the latest fields; the same bytes aren't written again")
  func coalescesChanges() throws {
    let storage = MemoryStorage()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    let saver = settingsPersistence(storage).attach(to: store, coalescing: .seconds(3600))
    for volume in 1...50 { store.dispatch(.setVolume(volume)) }
    store.dispatch(.rename("Ada"))
    try saver.flush()
    #expect(storage.saves == 1)
    #expect(try settingsPersistence(storage).restoredState(Settings()) == Settings(name: "Ada", volume: 50))
    // Nothing pending: nothing written.
    try saver.flush()
    // A change to a field that isn't saved, or back to the same value, writes nothing.
    store.dispatch(.scribble)
    store.dispatch(.rename("Bo"))
    store.dispatch(.rename("Ada"))
    try saver.flush()
    #expect(storage.saves == 1)
    store.dispatch(.setVolume(1))
    try saver.flush()
    #expect(storage.saves == 2)
  }

  @Test("without flush(), a change is written in the background after the window")
  func writesAfterTheWindow() async throws {
    let storage = MemoryStorage()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    let saver = settingsPersistence(storage).attach(to: store, coalescing: .milliseconds(20))
    store.dispatch(.rename("Ada"))
    try await eventually { storage.saves == 1 }
    #expect(saver.status == .saved)
    #expect(try settingsPersistence(storage).restoredState(Settings()).name == "Ada")
  }

  @Test("told the fields it reads, an action that changes only others leaves it saved")
  func readingFields() throws {
    let reads = ReadCounter()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    let saver = settingsPersistence(MemoryStorage(), reading: StateFields(0, 1), reads: reads)
      .attach(to: store, coalescing: .seconds(3600))
    store.dispatch(.scribble)
    store.dispatch(.scribble)
    #expect(saver.status == .saved)
    store.dispatch(.setVolume(4))
    store.dispatch(.setVolume(5))
    #expect(saver.status == .pending)
    // The fields are read once, by the write, not on the dispatching thread.
    #expect(reads.value == 0)
    try saver.flush()
    #expect(reads.value == 1)
  }

  @Test("a failed save goes to onError, shows in status, and is retried by flush() and by the next change")
  func failedSaveIsRetried() async throws {
    let storage = MemoryStorage(failing: 2)
    let errors = Log<String>()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    let persistence = settingsPersistence(storage)
    let saver = persistence.attach(to: store, coalescing: .milliseconds(10)) { error in
      errors.append("\(type(of: error))")
    }
    store.dispatch(.rename("first"))
    try await eventually { errors.values.count == 1 }
    #expect(saver.status == .failed("Failure()"))
    #expect(try storage.load(key: "settings") == nil)
    // flush() retries it, and throws what failed.
    #expect(throws: MemoryStorage.Failure.self) { try saver.flush() }
    #expect(errors.values == ["Failure", "Failure"])
    // The next change retries it without flush().
    store.dispatch(.setVolume(3))
    try await eventually { saver.status == .saved }
    #expect(try persistence.restoredState(Settings()) == Settings(name: "first", volume: 3))
    #expect(errors.values.count == 2)
  }

  @Test("flush() async writes what is pending; after cancel() a new change isn't saved")
  func asyncFlushAndCancel() async throws {
    let storage = MemoryStorage()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    let saver = settingsPersistence(storage).attach(to: store, coalescing: .seconds(3600))
    store.dispatch(.rename("Ada"))
    saver.cancel()
    store.dispatch(.rename("Bo"))
    #expect(saver.status == .pending)
    try await saver.flush()
    // The change made before cancelling is saved; the write reads the fields as they are then.
    #expect(storage.saves == 1)
    store.dispatch(.rename("Cy"))
    #expect(saver.status == .saved)
    try await saver.flush()
    #expect(storage.saves == 1)
  }

  @Test("a saver whose store is gone writes nothing and doesn't fail")
  func storeGone() throws {
    let storage = MemoryStorage()
    var store: Store<Settings, SettingsAction>? = Store(initialState: Settings(), reducer: settingsReducer)
    let saver = settingsPersistence(storage).attach(to: store!, coalescing: .seconds(3600))
    store?.dispatch(.rename("Ada"))
    store = nil
    try saver.flush()
    #expect(storage.saves == 0)
  }

  @Test("an unreadable or newer file is an error naming the key, and the file is left as it is")
  func unreadableFiles() throws {
    try withTemporaryDirectory { directory in
      let storage = FileStorage(directory: directory)
      let persistence = settingsPersistence(storage)
      let cases: [(String, PersistenceError?)] = [
        ("not json", .unreadable(key: "settings", reason: "no format version")),
        (#"{"value":{"name":"Ada","volume":7},"version":2}"#, .futureVersion(key: "settings", found: 2, supported: 1)),
        // The right version, the wrong value: the decoder's reason, whatever it says.
        (#"{"value":{"name":3},"version":1}"#, nil),
      ]
      for (contents, expected) in cases {
        try storage.save(Data(contents.utf8), key: "settings")
        do {
          _ = try persistence.restoredState(Settings())
          Issue.record("\(contents) was restored")
        } catch let error as PersistenceError {
          if let expected {
            #expect(error == expected)
          } else if case .incompatible(let key, let version, let field, _) = error {
            // The field and the version it was stored at are named.
            #expect(key == "settings" && version == 1 && field == "name")
          } else {
            Issue.record("\(contents): \(error)")
          }
          #expect(error.description.contains("'settings'"))
        }
        #expect(try storage.load(key: "settings") == Data(contents.utf8))
      }
    }
  }
}
