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

  package var path: String {
    switch self {
    case .create(let path), .update(let path), .unchanged(let path), .keepScaffold(let path), .notOurs(let path):
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

/// Writes generated files: only where bytes change, atomically, never over a file that isn't ours.
package struct OutputWriter: Sendable {
  package init() {}

  /// What a write would do, file by file, without touching anything.
  package func plan(_ files: [GeneratedFile], in directory: String) -> [FileChange] {
    files.map { file in
      let path = (directory as NSString).appendingPathComponent(file.path)
      guard let data = FileManager.default.contents(atPath: path) else { return .create(path) }
      switch file.ownership {
      case .scaffold:
        return .keepScaffold(path)
      case .generated:
        if data == Data(file.contents.utf8) { return .unchanged(path) }
        let existing = String(decoding: data.prefix(200), as: UTF8.self)
        return existing.hasPrefix(GeneratorPipeline.headerPrefix) ? .update(path) : .notOurs(path)
      }
    }
  }

  /// Writes every planned creation and update; writes nothing if any target isn't ours.
  @discardableResult
  package func write(_ files: [GeneratedFile], in directory: String) throws(OutputError) -> [FileChange] {
    let changes = plan(files, in: directory)
    let foreign = changes.compactMap { change -> String? in
      if case .notOurs(let path) = change { return path }
      return nil
    }
    guard foreign.isEmpty else { throw .notOurs(foreign) }
    for (file, change) in zip(files, changes) {
      switch change {
      case .create(let path), .update(let path):
        try writeAtomically(file.contents, to: path)
      default:
        continue
      }
    }
    return changes
  }

  /// Writes to a temporary file beside `path`, then renames it over `path`.
  private func writeAtomically(_ contents: String, to path: String) throws(OutputError) {
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let temporary = (directory as NSString).appendingPathComponent(
        ".\((path as NSString).lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
      guard FileManager.default.createFile(atPath: temporary, contents: Data(contents.utf8)) else {
        throw OutputError.io(path: path, reason: "could not create a temporary file")
      }
      if rename(temporary, path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(atPath: temporary)
        throw OutputError.io(path: path, reason: reason)
      }
    } catch let error as OutputError {
      throw error
    } catch {
      throw .io(path: path, reason: error.localizedDescription)
    }
  }
}
