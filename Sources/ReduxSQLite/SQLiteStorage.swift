import Foundation
import GRDB
import Atomics
import ReduxRuntime

/// A SQLite database (through GRDB) that holds persisted state row by row: each element of a
/// persisted collection of identified models is a row, written only when an action changed it.
///
/// Tables, all keyed by the persistence key so one database can hold several features:
/// `redux_versions` (the format version of each key), `redux_values` (one JSON value per
/// persisted field that isn't a collection) and `redux_rows` (one JSON value per element, with
/// its id and a position that orders the collection). Writes run in one transaction each, in
/// WAL mode with `synchronous = FULL`: a committed transaction survives a crash.
public final class SQLiteStorage: Sendable {
  let database: DatabaseQueue
  private let rowCount = ManagedAtomic<Int>(0)

  /// Opens (or creates) the database at `path`, creating its tables if they are missing. The
  /// database is in WAL mode: a write appends to the log and syncs it once, readers don't wait.
  public convenience init(path: String) throws {
    var configuration = Configuration()
    configuration.journalMode = .wal
    try self.init(database: DatabaseQueue(path: path, configuration: configuration))
  }

  /// A database in memory, for tests.
  public static func inMemory() throws -> SQLiteStorage {
    try SQLiteStorage(database: DatabaseQueue())
  }

  init(database: DatabaseQueue) throws {
    self.database = database
    // GRDB's WAL setup chooses NORMAL, which a power cut can undo the last commits of; a
    // flushed write must stay.
    try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS redux_versions (key TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL);
          CREATE TABLE IF NOT EXISTS redux_values (
            key TEXT NOT NULL, name TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (key, name));
          CREATE TABLE IF NOT EXISTS redux_rows (
            key TEXT NOT NULL, collection TEXT NOT NULL, id TEXT NOT NULL, position INTEGER NOT NULL,
            value BLOB NOT NULL, PRIMARY KEY (key, collection, id));
          CREATE INDEX IF NOT EXISTS redux_rows_order ON redux_rows (key, collection, position);
          """)
    }
  }

  /// How many rows (elements and values) the saves so far inserted, updated or deleted.
  public var rowsWritten: Int {
    rowCount.load(ordering: .relaxed)
  }

  func count(_ rows: Int) {
    rowCount.wrappingIncrement(by: rows, ordering: .relaxed)
  }

  /// The format version stored for `key`, nil when nothing is stored.
  func version(_ db: Database, key: String) throws -> Int? {
    try Int.fetchOne(db, sql: "SELECT version FROM redux_versions WHERE key = ?", arguments: [key])
  }
}

extension SQLiteStorage {
  /// Stores `sample` under `key` as a persistence of its format version wrote it: each field
  /// named in `rows` a row per element (identified by the element's field `rows[field]`), any
  /// other field one value. What the generated tests of every recorded persisted shape restore.
  public func store(_ sample: StoredSample, key: String, rows: [String: String]) throws {
    guard case .object(let fields) = try JSONDecoder().decode(JSONValue.self, from: Data(sample.value.utf8)) else {
      throw ReduxRuntime.PersistenceError.unreadable(key: key, reason: "the sample isn't a JSON object")
    }
    let encoder = JSONValue.encoder
    try database.write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO redux_versions (key, version) VALUES (?, ?)", arguments: [key, sample.version])
      for (name, value) in fields {
        if let idKey = rows[name], case .array(let elements) = value {
          for (position, element) in elements.enumerated() {
            guard case .object(let elementFields) = element, let id = elementFields[idKey] else { continue }
            try db.execute(
              sql: "INSERT OR REPLACE INTO redux_rows (key, collection, id, position, value) VALUES (?, ?, ?, ?, ?)",
              arguments: [
                key, name, String(decoding: try encoder.encode(id), as: UTF8.self), position, try encoder.encode(element),
              ])
          }
        } else {
          try db.execute(
            sql: "INSERT OR REPLACE INTO redux_values (key, name, value) VALUES (?, ?, ?)",
            arguments: [key, name, try encoder.encode(value)])
        }
      }
    }
  }
}
