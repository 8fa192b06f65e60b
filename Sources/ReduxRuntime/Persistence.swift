import Foundation

/// Where persisted state lives: bytes by key. Implementations must make `save` atomic: after a
/// crash, `load` returns the old bytes or the new ones, never a mix.
public protocol PersistentStorage: Sendable {
  /// The bytes saved under `key`, or nil when nothing was saved.
  func load(key: String) throws -> Data?
  func save(_ data: Data, key: String) throws
}

/// What goes wrong reading persisted state. The stored file is never changed by a failed read,
/// and after one, saves are refused (`savingRefused`) until the app says what to do with it
/// (`overwriteUnreadable()`, or first `setAsideUnreadable(as:)`).
public enum PersistenceError: Error, Equatable, CustomStringConvertible {
  /// The stored bytes are not a persisted state of this type.
  case unreadable(key: String, reason: String)
  /// The stored state was written by a newer format version than this code reads.
  case futureVersion(key: String, found: Int, supported: Int)
  /// A field of the stored state, of format `version`, doesn't fit today's type (after the
  /// migrations and defaults): `field` is its path in the stored JSON (`tasks[2].title`).
  case incompatible(key: String, version: Int, field: String, reason: String)
  /// A save after the stored state couldn't be restored: it would overwrite that state.
  case savingRefused(key: String)
  case io(path: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let key, let reason):
      "the persisted state '\(key)' can't be read (\(reason)); it was left as it is"
    case .futureVersion(let key, let found, let supported):
      "the persisted state '\(key)' has format version \(found), newer than this app reads (\(supported)); it was left as it is"
    case .incompatible(let key, let version, let field, let reason):
      "the persisted state '\(key)' (format version \(version)) can't be read at '\(field)': \(reason); it was left as it is"
    case .savingRefused(let key):
      "the persisted state '\(key)' couldn't be restored, so it isn't overwritten; "
        + "call overwriteUnreadable() (after setAsideUnreadable(as:) to keep a copy) to save again"
    case .io(let path, let reason):
      "\(path): \(reason)"
    }
  }

  private static func described(_ type: Any.Type) -> String {
    if type == [Any].self { return "a list" }
    if type == [String: Any].self { return "an object" }
    return "\(type)"
  }

  /// A decoding error of stored state of format `version`, with the field it is about.
  package static func decoding(_ error: any Error, key: String, version: Int, within prefix: String = "") -> Self {
    guard let error = error as? DecodingError else { return .unreadable(key: key, reason: "\(error)") }
    let (path, reason): ([any CodingKey], String) =
      switch error {
      case .keyNotFound(let key, let context): (context.codingPath + [key], "it is missing and has no default")
      case .typeMismatch(let type, let context): (context.codingPath, "it isn't \(described(type))")
      case .valueNotFound(let type, let context): (context.codingPath, "it is null, not \(type)")
      case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
      @unknown default: ([], "\(error)")
      }
    var field = prefix
    for component in path {
      if let index = component.intValue {
        field += "[\(index)]"
      } else {
        field += (field.isEmpty ? "" : ".") + component.stringValue
      }
    }
    return .incompatible(key: key, version: version, field: field.isEmpty ? "the whole state" : field, reason: reason)
  }
}

/// Whether a persistence may save: not after its stored state failed to restore, until the app
/// says so. Shared by the copies of a persistence (it is a value) and its saver.
package final class SavingPermission: Sendable {
  private let refused = Locked(false)

  package init() {}

  package func refuse() { refused.withLock { $0 = true } }
  package func allow() { refused.withLock { $0 = false } }

  /// The result of a restore: saves are allowed after it succeeds and refused after it throws,
  /// since what is stored may be good data this code can't read.
  package func restoring<State>(_ restore: () throws -> State) throws -> State {
    do {
      let state = try restore()
      allow()
      return state
    } catch {
      refuse()
      throw error
    }
  }

  /// Throws `savingRefused` while saves are refused.
  package func check(key: String) throws {
    if refused.withLock({ $0 }) { throw PersistenceError.savingRefused(key: key) }
  }
}

/// One JSON file per key in a directory. `save` writes a temporary file, flushes it to disk,
/// renames it over the old file and flushes the directory, so a crash at any point leaves the
/// old file or the new one.
public struct FileStorage: PersistentStorage {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  public func url(forKey key: String) -> URL {
    directory.appending(path: key + ".json")
  }

  public func load(key: String) throws -> Data? {
    let url = url(forKey: key)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw PersistenceError.io(path: url.path, reason: "\(error)")
    }
  }

  public func save(_ data: Data, key: String) throws {
    let url = url(forKey: key)
    // One temporary file per save, so concurrent saves of a key (two savers, two threads) don't
    // rename each other's file away.
    let unique = "\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8))"
    let temporary = directory.appending(path: ".\(key).json.\(unique).tmp")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try write(data, to: temporary.path)
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary.path)
      throw PersistenceError.io(path: url.path, reason: reason)
    }
    synchronizeDirectory()
  }

  /// Writes and flushes a new file.
  func write(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw PersistenceError.io(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw PersistenceError.io(path: path, reason: String(cString: strerror(errno)))
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else { throw PersistenceError.io(path: path, reason: String(cString: strerror(errno))) }
  }

  /// Flushes the directory entry of the rename; best effort (some file systems refuse it).
  private func synchronizeDirectory() {
    let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = fsync(descriptor)
  }
}

/// Restores some fields of a store's state when the app starts, and saves them in the
/// background after actions change them (generated from `persist` in a spec).
///
/// The fields are stored as JSON in a versioned envelope: `{"version": 1, "value": ...}`. A
/// file of an older version is brought up to date by the migrations on restore (and rewritten
/// in the new version by the next save); a file of a newer version is refused and kept.
public struct Persistence<State: Sendable, Fields: Codable & Equatable & Sendable>: Sendable {
  /// The format version this code writes and the newest it reads.
  public let version: Int
  /// The format changes from version 1 up to `version`.
  public let migrations: [PersistenceMigration]
  public let key: String
  public let storage: any PersistentStorage
  let fields: @Sendable (State) -> Fields
  let restore: @Sendable (inout State, Fields) -> Void
  let reading: StateFields
  let permission = SavingPermission()

  public init(
    key: String, storage: any PersistentStorage, version: Int = 1, migrations: [PersistenceMigration] = [],
    reading: StateFields = .all, fields: @escaping @Sendable (State) -> Fields,
    restore: @escaping @Sendable (inout State, Fields) -> Void
  ) {
    self.key = key
    self.version = version
    self.migrations = migrations
    self.storage = storage
    self.reading = reading
    self.fields = fields
    self.restore = restore
  }

  private struct Envelope<Value: Codable>: Codable {
    var version: Int
    var value: Value
  }

  private struct Version: Codable {
    var version: Int
  }

  /// The envelope's value, left as JSON, for migrating it.
  private struct RawEnvelope: Decodable {
    var value: JSONValue
  }

  /// `initial` with the saved fields put back; `initial` itself when nothing was saved.
  ///
  /// Fields missing from the stored state take their defaults (a field added since it was
  /// saved); a state of an older version is migrated first. Throws `PersistenceError` for an
  /// unreadable, incompatible or newer file, which stays untouched; this persistence then
  /// refuses to save over it until `overwriteUnreadable()`.
  public func restoredState(_ initial: State) throws -> State {
    try permission.restoring { try restoring(initial) }
  }

  private func restoring(_ initial: State) throws -> State {
    guard let data = try storage.load(key: key) else { return initial }
    let decoder = JSONDecoder()
    let version: Int
    do {
      version = try decoder.decode(Version.self, from: data).version
    } catch {
      throw PersistenceError.unreadable(key: key, reason: "no format version")
    }
    guard version <= self.version else {
      throw PersistenceError.futureVersion(key: key, found: version, supported: self.version)
    }
    var state = initial
    do {
      if version < self.version {
        let value = try JSONValue.encoder.encode(try decoder.decode(RawEnvelope.self, from: data).value)
        restore(&state, try decoder.decode(Fields.self, from: PersistenceMigration.migrate(value, from: version, with: migrations)))
      } else {
        restore(&state, try decoder.decode(Envelope<Fields>.self, from: data).value)
      }
    } catch {
      // The envelope's own keys are not the fields': say where in the value it failed.
      if let decoding = error as? DecodingError, Self.path(of: decoding).first?.stringValue == "value" {
        throw PersistenceError.decoding(Self.dropping(decoding), key: key, version: version)
      }
      throw PersistenceError.decoding(error, key: key, version: version)
    }
    return state
  }

  private static func path(of error: DecodingError) -> [any CodingKey] {
    switch error {
    case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      context.codingPath
    @unknown default: []
    }
  }

  /// The error with the envelope's `value` key taken off its path.
  private static func dropping(_ error: DecodingError) -> DecodingError {
    func trimmed(_ context: DecodingError.Context) -> DecodingError.Context {
      DecodingError.Context(
        codingPath: Array(context.codingPath.dropFirst()), debugDescription: context.debugDescription,
        underlyingError: context.underlyingError)
    }
    switch error {
    case .keyNotFound(let key, let context): return .keyNotFound(key, trimmed(context))
    case .typeMismatch(let type, let context): return .typeMismatch(type, trimmed(context))
    case .valueNotFound(let type, let context): return .valueNotFound(type, trimmed(context))
    case .dataCorrupted(let context): return .dataCorrupted(trimmed(context))
    @unknown default: return error
    }
  }

  /// After `restoredState` threw: saves may overwrite the stored state again. Call it once the
  /// app has decided the stored state can go (after keeping a copy, say).
  public func overwriteUnreadable() {
    permission.allow()
  }

  /// After `restoredState` threw: copies the stored bytes, as they are, under `copyKey` of the
  /// same storage (to send with a bug report, or to read with a later release), then lets
  /// saves overwrite the original.
  public func setAsideUnreadable(as copyKey: String) throws {
    if let data = try storage.load(key: key) { try storage.save(data, key: copyKey) }
    permission.allow()
  }

  /// Saves the fields now, on this thread; throws `savingRefused` after a failed restore.
  public func save(_ state: State) throws {
    try save(fields: fields(state))
  }

  private func save(fields value: Fields) throws {
    try permission.check(key: key)
    try storage.save(try Self.encode(value, version: version), key: key)
  }

  /// The bytes saved for `value`: its envelope, keys sorted, so equal fields are equal bytes.
  static func encode(_ value: Fields, version: Int) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(Envelope(version: version, value: value))
  }

  /// Saves the fields in the background after actions that changed them, until the saver is
  /// cancelled; see `PersistenceSaver` for what is saved when and what a crash can lose.
  ///
  /// - Parameters:
  ///   - store: The store whose persisted fields are saved; the saver holds it weakly.
  ///   - window: How long a change waits for more changes before they are written together;
  ///     the latest fields win. Without `flush()`, a crash loses at most this much.
  ///   - onError: Called on the saver's queue with each failed save (by default, it prints to
  ///     standard error). The change stays pending and is retried with the next change or
  ///     `flush()`; `status` says `.failed` until a save succeeds.
  @discardableResult
  public func attach<Action>(
    to store: Store<State, Action>, coalescing window: Duration = PersistenceSaver.defaultWindow,
    onError: @escaping @Sendable (any Error) -> Void = PersistenceSaver.printError
  ) -> PersistenceSaver {
    let (fields, storage, key, version, permission) = (self.fields, self.storage, self.key, self.version, self.permission)
    // Touched only by the saver's writes, one at a time on its queue.
    let lastWritten = Locked<Data?>(nil)
    return PersistenceSaver.attach(
      to: store, reading: reading, label: key, coalescing: window, onError: onError,
      save: { [weak store] in
        // Only the fields are read under the store's lock; encoding happens here, off it.
        // Without the store, its last changes are gone with it.
        guard let value = store?.read(fields) else { return }
        let data = try Self.encode(value, version: version)
        guard data != lastWritten.withLock({ $0 }) else { return }
        try permission.check(key: key)
        try storage.save(data, key: key)
        lastWritten.withLock { $0 = data }
      })
  }
}

extension KeyedDecodingContainer {
  /// The value under `key`, or `defaultValue` when the key is missing: how generated models and
  /// persisted fields read data saved before a field existed. A value that is there but of the
  /// wrong type is still an error.
  public func decode<T: Decodable>(_ type: T.Type, forKey key: Key, default defaultValue: @autoclosure () -> T) throws
    -> T
  {
    try decodeIfPresent(type, forKey: key) ?? defaultValue()
  }
}
