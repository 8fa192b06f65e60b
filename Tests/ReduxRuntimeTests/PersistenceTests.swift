import Foundation
import Synchronization
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

  private let contents: Mutex<Contents>

  init(failing failures: Int = 0) {
    contents = Mutex(Contents(failuresLeft: failures))
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

  @Test("attached, it saves the fields in a versioned envelope; restoring puts them back")
  func saveAndRestore() throws {
    try withTemporaryDirectory { directory in
      let storage = FileStorage(directory: directory)
      let store = Store(initialState: Settings(), reducer: settingsReducer)
      settingsPersistence(storage).attach(to: store) { error in Issue.record("saving failed: \(error)") }
      // Attaching saves nothing.
      #expect(try storage.load(key: "settings") == nil)
      store.dispatch(.rename("Ada"))
      store.dispatch(.setVolume(7))
      store.dispatch(.scribble)
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

  @Test("it saves only after actions that changed the persisted fields")
  func savesOnlyChanges() {
    let storage = MemoryStorage()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    settingsPersistence(storage).attach(to: store)
    store.dispatch(.scribble)
    store.dispatch(.scribble)
    #expect(storage.saves == 0)
    store.dispatch(.rename("Ada"))
    #expect(storage.saves == 1)
    store.dispatch(.rename("Ada"))
    #expect(storage.saves == 1)
    store.dispatch(.setVolume(1))
    #expect(storage.saves == 2)
  }

  @Test("told the fields it reads, it selects them only after actions that can change them")
  func readingFields() {
    let reads = ReadCounter()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    settingsPersistence(MemoryStorage(), reading: StateFields(0, 1), reads: reads).attach(to: store)
    let afterAttaching = reads.value
    store.dispatch(.scribble)
    store.dispatch(.scribble)
    #expect(reads.value == afterAttaching)
    store.dispatch(.setVolume(4))
    #expect(reads.value == afterAttaching + 1)
  }

  @Test("a failed save goes to onError and is retried with the next change")
  func failedSaveIsRetried() throws {
    let storage = MemoryStorage(failing: 1)
    let errors = Log<String>()
    let store = Store(initialState: Settings(), reducer: settingsReducer)
    let persistence = settingsPersistence(storage)
    persistence.attach(to: store) { error in errors.append("\(type(of: error))") }
    store.dispatch(.rename("first"))
    #expect(errors.values == ["Failure"])
    #expect(try storage.load(key: "settings") == nil)
    store.dispatch(.rename("second"))
    #expect(errors.values == ["Failure"])
    #expect(try persistence.restoredState(Settings()).name == "second")
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
          } else if case .unreadable(let key, _) = error {
            #expect(key == "settings")
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
