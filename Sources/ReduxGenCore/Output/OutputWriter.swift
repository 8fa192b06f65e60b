import Foundation

/// What writing a feature's files would do to one file on disk.
package enum FileChange: Equatable, Sendable {
  case create(String)
  case update(String)
  case unchanged(String)
  /// A scaffold that exists: the user's, left alone.
  case keepScaffold(String)
  /// A file at a generated path that lacks the header: never overwritten.
  case notOurs(String)
  /// A temporary file a killed run left beside a destination: removed.
  case leftover(String)
  /// A spare piece of a part (`GeneratedFile.isSpare`) where no file is: not created.
  case notNeeded(String)

  package var path: String {
    switch self {
    case .create(let path), .update(let path), .unchanged(let path), .keepScaffold(let path), .notOurs(let path),
      .leftover(let path), .notNeeded(let path):
      path
    }
  }
}

package enum OutputError: Error, Equatable, Sendable {
  case notOurs([String])
  case io(path: String, reason: String)

  package var message: String {
    switch self {
    case .notOurs(let paths):
      "refusing to overwrite files that redux-gen did not generate (they lack its header):\n"
        + paths.map { "  \($0)" }.joined(separator: "\n")
    case .io(let path, let reason):
      "can't write \(path): \(reason)"
    }
  }
}

/// Writes generated files: only where bytes change, never over a file that isn't ours, and all
/// of a run's files or none of them.
///
/// A write locks each output directory (`flock` on the directory itself, so nothing is added to
/// it), writes every new file to a temporary `.<name>.<pid>.tmp` beside its destination, and
/// only when all of them are written renames them over their destinations.
package struct OutputWriter: Sendable {
  /// The files a run writes into one output directory.
  package typealias Batch = (files: [GeneratedFile], directory: String)

  /// How old a temporary file of a live process must be to count as left over, in seconds.
  static let leftoverAge: TimeInterval = 600

  package init() {}

  /// What a write would do, file by file, then the leftover temporaries beside the files,
  /// without touching anything.
  package func plan(_ files: [GeneratedFile], in directory: String) -> [FileChange] {
    plan([(files, directory)])[0]
  }

  /// What a write of `batches` would do, batch by batch: one change per file, then the leftover
  /// temporaries beside them. Waits while another run writes one of the directories.
  package func plan(_ batches: [Batch]) -> [[FileChange]] {
    var locks = DirectoryLocks()
    defer { locks.release() }
    // A directory that can't be locked is read unlocked: a check never fails for want of a lock.
    try? locks.acquire(batches.map(\.directory), exclusive: false)
    return changes(batches)
  }

  /// Writes every planned creation and update; writes nothing if any target isn't ours.
  @discardableResult
  package func write(_ files: [GeneratedFile], in directory: String) throws(OutputError) -> [FileChange] {
    try write([(files, directory)])[0]
  }

  /// Writes the files of every batch, or, on any error, none: until every new file is written
  /// beside its destination, no destination is replaced. Removes leftover temporaries.
  @discardableResult
  package func write(_ batches: [Batch]) throws(OutputError) -> [[FileChange]] {
    var locks = DirectoryLocks()
    var transaction = Transaction()
    defer { locks.release() }
    do throws(OutputError) {
      for batch in batches { try transaction.makeDirectory(batch.directory) }
      try locks.acquire(batches.map(\.directory), exclusive: true)
      let changes = changes(batches)
      let foreign = changes.joined().compactMap { change -> String? in
        if case .notOurs(let path) = change { return path }
        return nil
      }
      guard foreign.isEmpty else { throw .notOurs(foreign) }
      for case .leftover(let path) in changes.joined() {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, reason: Self.reason()) }
      }
      for (batch, batchChanges) in zip(batches, changes) {
        for (file, change) in zip(batch.files, batchChanges) {
          if case .create(let path) = change { try transaction.stage(file.contents, at: path) }
          if case .update(let path) = change { try transaction.stage(file.contents, at: path) }
        }
      }
      try transaction.commit()
      return changes
    } catch {
      transaction.abort()
      throw error
    }
  }

  /// Every batch's changes, read without a lock; a leftover is listed once, in its first batch.
  private func changes(_ batches: [Batch]) -> [[FileChange]] {
    var seen: Set<String> = []
    return batches.map { batch in
      let files = batch.files.map { change(for: $0, in: batch.directory) }
      let folders = Set(files.map { Self.parent(of: $0.path) })
      let leftovers = folders.sorted().flatMap(Self.leftovers(in:)).filter { seen.insert($0).inserted }
      return files + leftovers.map(FileChange.leftover)
    }
  }

  /// What writing `file` into `directory` would do to the file there.
  private func change(for file: GeneratedFile, in directory: String) -> FileChange {
    let path = (directory as NSString).appendingPathComponent(file.path)
    guard let data = FileManager.default.contents(atPath: path) else {
      return file.isSpare ? .notNeeded(path) : .create(path)
    }
    switch file.ownership {
    case .scaffold:
      return .keepScaffold(path)
    case .generated:
      if data == Data(file.contents.utf8) { return .unchanged(path) }
      let existing = String(decoding: data.prefix(200), as: UTF8.self)
      let ours = existing.hasPrefix(GeneratedHeader.prefix) || existing.hasPrefix(PersistedShape.header)
      return ours ? .update(path) : .notOurs(path)
    }
  }

  /// The directory holding `path` ("" for a bare name), computed by hand: Foundation's
  /// `deletingLastPathComponent` traps on a one-character path such as `o`.
  package static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// The name of this process's temporary file for `fileName`: `.<fileName>.<pid>.tmp`.
  static func temporaryName(for fileName: String) -> String {
    ".\(fileName).\(getpid()).tmp"
  }

  /// The temporaries in `folder` that a run left behind: named like ours, of a process that is
  /// gone, or older than `leftoverAge`.
  static func leftovers(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().compactMap { name in
      let parts = name.split(separator: ".", omittingEmptySubsequences: false)
      guard name.hasPrefix("."), parts.count >= 4, parts.last == "tmp",
        let pid = pid_t(parts[parts.count - 2]), pid > 0
      else { return nil }
      let path = (folder as NSString).appendingPathComponent(name)
      let isLive = kill(pid, 0) == 0 || errno == EPERM
      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
      let isOld = modified.map { -$0.timeIntervalSinceNow > leftoverAge } ?? false
      return isLive && !isOld ? nil : path
    }
  }

  /// The description of the current `errno`.
  static func reason() -> String {
    String(cString: strerror(errno))
  }
}

/// Advisory locks (`flock`) on open descriptors of directories: exclusive for a write, shared
/// for a check. Closing a descriptor releases its lock, so a killed run holds none.
struct DirectoryLocks {
  private var descriptors: [Int32] = []

  /// Locks each directory once (however it is spelled), in order of device and inode so that
  /// two runs locking the same directories can't deadlock. A shared lock skips a missing directory.
  mutating func acquire(_ directories: [String], exclusive: Bool) throws(OutputError) {
    var opened: [(key: [UInt64], descriptor: Int32, directory: String)] = []
    defer { descriptors += opened.map(\.descriptor) }  // released by `release()`, whatever happens
    for directory in directories {
      let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if descriptor < 0 && errno == ENOENT && !exclusive { continue }
      var info = stat()
      guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
        let error = OutputError.io(path: directory, reason: OutputWriter.reason())
        if descriptor >= 0 { close(descriptor) }
        throw error
      }
      let key = [UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino)]
      if opened.contains(where: { $0.key == key }) {
        close(descriptor)
      } else {
        opened.append((key, descriptor, directory))
      }
    }
    opened.sort { $0.key.lexicographicallyPrecedes($1.key) }
    for entry in opened {
      while flock(entry.descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
        guard errno == EINTR else { throw .io(path: entry.directory, reason: OutputWriter.reason()) }
      }
    }
  }

  /// Releases every lock.
  mutating func release() {
    descriptors.forEach { close($0) }
    descriptors = []
  }
}

/// A run's writes in flight: the directories it created and the temporaries it wrote, so that
/// it can put them all in place or take them all away.
struct Transaction {
  /// A new file written beside its destination, and what the destination held before.
  private struct Staged {
    var temporary: String
    var destination: String
    var previous: Data?
  }

  private var created: [String] = []
  private var staged: [Staged] = []

  /// Creates `directory` and its missing ancestors, remembering them for `abort()`.
  mutating func makeDirectory(_ directory: String) throws(OutputError) {
    var missing: [String] = []
    var path = directory
    while !path.isEmpty && path != "/" && !FileManager.default.fileExists(atPath: path) {
      missing.append(path)
      path = OutputWriter.parent(of: path)
    }
    for path in missing.reversed() {
      if mkdir(path, 0o777) == 0 {
        created.append(path)
      } else if errno != EEXIST {
        throw .io(path: path, reason: OutputWriter.reason())
      }
    }
  }

  /// Writes `contents` to a temporary file beside `destination`.
  mutating func stage(_ contents: String, at destination: String) throws(OutputError) {
    guard !staged.contains(where: { $0.destination == destination }) else {
      throw .io(path: destination, reason: "the run writes it twice")
    }
    let folder = OutputWriter.parent(of: destination)
    try makeDirectory(folder)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .io(path: destination, reason: "it is a directory")
    }
    let temporary = (folder as NSString).appendingPathComponent(
      OutputWriter.temporaryName(for: (destination as NSString).lastPathComponent))
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw .io(path: destination, reason: OutputWriter.reason()) }
    staged.append(Staged(temporary: temporary, destination: destination, previous: nil))
    let bytes = Array(contents.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let error = OutputError.io(path: destination, reason: OutputWriter.reason())
        close(descriptor)
        throw error
      }
      written += count
    }
    guard close(descriptor) == 0 else { throw .io(path: destination, reason: OutputWriter.reason()) }
    staged[staged.count - 1].previous = FileManager.default.contents(atPath: destination)
  }

  /// Renames every temporary over its destination. If a rename fails, puts back what the earlier
  /// ones replaced from the copies kept in memory. That is best effort: restoring can fail too.
  mutating func commit() throws(OutputError) {
    for index in staged.indices {
      guard rename(staged[index].temporary, staged[index].destination) != 0 else { continue }
      let error = OutputError.io(path: staged[index].destination, reason: OutputWriter.reason())
      for done in staged[..<index].reversed() {
        if let previous = done.previous {
          try? previous.write(to: URL(fileURLWithPath: done.destination), options: .atomic)
        } else {
          unlink(done.destination)
        }
      }
      staged.removeFirst(index)  // still temporaries: `abort()` removes them
      throw error
    }
    staged = []
    created = []
  }

  /// Removes every temporary not yet renamed, then the directories this run created.
  mutating func abort() {
    staged.forEach { unlink($0.temporary) }
    created.reversed().forEach { rmdir($0) }
    staged = []
    created = []
  }
}
