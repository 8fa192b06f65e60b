import Foundation
import GRDB
import ReduxRuntime

/// Restores some fields of a store's state from a `SQLiteStorage` and saves them in the
/// background, writing only the rows an action changed (generated from `persist` with
/// `storage: sqlite` in a spec).
///
/// A collection of identified models (`.rows`) is one row per element: a write inserts the new
/// elements, updates the changed ones, deletes the removed ones and moves only the elements
/// whose order changed; any other field (`.value`) is one row. Each write is one transaction.
/// Saving is `PersistenceSaver`'s write-behind: never on the dispatching thread, coalesced,
/// `flush()` to write what is pending.
///
/// A database of an older format version is migrated on restore, in one transaction; one of a
/// newer version is refused (`ReduxRuntime.PersistenceError.futureVersion`) and left as it is.
public struct SQLitePersistence<State: Sendable>: Sendable {
  public let key: String
  public let storage: SQLiteStorage
  /// The format version this code writes and the newest it reads.
  public let version: Int
  public let migrations: [PersistenceMigration]
  let reading: StateFields
  let fields: [SQLiteField<State>]
  /// What was last read or written, by field name: what the next write compares with.
  let snapshots: Snapshots
  let permission = SavingPermission()

  public init(
    key: String, storage: SQLiteStorage, version: Int = 1, migrations: [PersistenceMigration] = [],
    reading: StateFields = .all, fields: [SQLiteField<State>]
  ) {
    self.key = key
    self.storage = storage
    self.version = version
    self.migrations = migrations
    self.reading = reading
    self.fields = fields
    snapshots = Snapshots()
  }

  /// `initial` with the saved fields put back; `initial` itself when nothing was saved.
  ///
  /// Fields missing from stored rows take their defaults; rows of an older version are migrated
  /// first. Throws `PersistenceError` for a newer, unreadable or incompatible database, which
  /// stays untouched; this persistence then refuses to save over it until
  /// `overwriteUnreadable()`.
  public func restoredState(_ initial: State) throws -> State {
    try permission.restoring { try restoring(initial) }
  }

  /// After `restoredState` threw: deletes what is stored under the key (rows, values and
  /// version), so saves start afresh. Call it once the app has decided the stored state can go.
  public func overwriteUnreadable() throws {
    let key = self.key
    try storage.database.write { db in
      try db.execute(sql: "DELETE FROM redux_rows WHERE key = ?", arguments: [key])
      try db.execute(sql: "DELETE FROM redux_values WHERE key = ?", arguments: [key])
      try db.execute(sql: "DELETE FROM redux_versions WHERE key = ?", arguments: [key])
    }
    snapshots.replace(with: [:])
    permission.allow()
  }

  private func restoring(_ initial: State) throws -> State {
    let (fields, key, version, migrations) = (self.fields, self.key, self.version, self.migrations)
    let restored = try storage.database.write { db -> (State, [String: any Sendable], Int) in
      guard let stored = try storage.version(db, key: key) else { return (initial, [:], 0) }
      guard stored <= version else {
        throw ReduxRuntime.PersistenceError.futureVersion(key: key, found: stored, supported: version)
      }
      var state = initial
      var snapshots: [String: any Sendable] = [:]
      var migrated = 0
      for field in fields {
        let migrate: Migrate? =
          stored < version
          ? Migrate(version: stored, migrations: migrations, rewrite: true) : nil
        do {
          let (snapshot, rows) = try field.restore(db, key, &state, migrate)
          snapshots[field.name] = snapshot
          migrated += rows
        } catch let error as ReduxRuntime.PersistenceError {
          throw error
        } catch {
          throw ReduxRuntime.PersistenceError.decoding(error, key: key, version: stored, within: field.name)
        }
      }
      if stored < version {
        try db.execute(sql: "UPDATE redux_versions SET version = ? WHERE key = ?", arguments: [version, key])
      }
      return (state, snapshots, migrated)
    }
    storage.count(restored.2)
    snapshots.replace(with: restored.1)
    return restored.0
  }

  /// Saves the fields now, on this thread, in one transaction: only what differs from what was
  /// last read or written.
  public func save(_ state: State) throws {
    try permission.check(key: key)
    let (fields, key, version, snapshots) = (self.fields, self.key, self.version, self.snapshots)
    let rows = try storage.database.write { db -> Int in
      try db.execute(
        sql: "INSERT OR REPLACE INTO redux_versions (key, version) VALUES (?, ?)", arguments: [key, version])
      var rows = 0
      var written: [String: any Sendable] = [:]
      for field in fields {
        let (snapshot, count) = try field.write(db, key, state, snapshots.snapshot(field.name))
        written[field.name] = snapshot
        rows += count
      }
      // Only once the transaction holds: a failed one leaves the old snapshots, so the retry
      // compares with what is really stored.
      snapshots.pending(written)
      return rows
    }
    snapshots.commit()
    storage.count(rows)
  }

  /// Saves the fields in the background after actions that changed them, until the saver is
  /// cancelled; `PersistenceSaver` says what is saved when and what a crash can lose.
  @discardableResult
  public func attach<Action>(
    to store: Store<State, Action>, coalescing window: Duration = PersistenceSaver.defaultWindow,
    onError: @escaping @Sendable (any Error) -> Void = PersistenceSaver.printError
  ) -> PersistenceSaver {
    let persistence = self
    return PersistenceSaver.attach(
      to: store, reading: reading, label: key, coalescing: window, onError: onError,
      save: { [weak store] in
        guard let state = store?.state else { return }
        try persistence.save(state)
      })
  }
}

/// How a restore brings older stored JSON up to date.
@usableFromInline
struct Migrate {
  @usableFromInline var version: Int
  @usableFromInline var migrations: [PersistenceMigration]
  /// Write the migrated rows back (in the restore's transaction).
  @usableFromInline var rewrite: Bool
}

/// The last stored form of each field, shared by a persistence's restores and saves (which
/// run one at a time: on the saver's queue, or before attaching).
final class Snapshots: Sendable {
  private let state = Locked<(current: [String: any Sendable], pending: [String: any Sendable])>(([:], [:]))

  func snapshot(_ name: String) -> (any Sendable)? {
    state.withLock { $0.current[name] }
  }

  func replace(with snapshots: [String: any Sendable]) {
    state.withLock { $0 = (snapshots, [:]) }
  }

  func pending(_ snapshots: [String: any Sendable]) {
    state.withLock { $0.pending = snapshots }
  }

  func commit() {
    state.withLock { state in
      state.current.merge(state.pending) { $1 }
      state.pending = [:]
    }
  }
}
