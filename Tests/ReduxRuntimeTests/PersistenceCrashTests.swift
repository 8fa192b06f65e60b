import Foundation
import Testing

/// The persistence-crash-child executable SwiftPM built beside this test bundle, if found.
private let crashChild: URL? = {
  let starts = [CommandLine.arguments[0]] + Bundle.allBundles.map(\.bundlePath)
  let directories = starts.flatMap { start in
    sequence(first: URL(fileURLWithPath: start)) { $0.path == "/" ? nil : $0.deletingLastPathComponent() }.prefix(4)
  }
  return directories.map { $0.appendingPathComponent("persistence-crash-child") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
}()

/// The ledger the child saves (see Tests/PersistenceCrashChild/main.swift), as stored.
private struct StoredLedger: Decodable {
  struct Ledger: Decodable {
    var count: Int
    var entries: [Int]
  }
  var version: Int
  var value: Ledger
}

/// Durability under SIGKILL: a child process saving through `Persistence.attach(to:)` and
/// `FileStorage` is killed at random points, then the file is read back as a restart would.
@Suite struct PersistenceCrashTests {
  @Test("killed at random points while saving, a restart finds a whole state, never older than the last flush()")
  func killedWhileSaving() throws {
    let child = try #require(crashChild, "persistence-crash-child is built with the tests (swift build --build-tests)")
    let directory = FileManager.default.temporaryDirectory.appending(path: "persistence-crash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "ledger.json")

    var previous = 0
    var roundsWithAFlush = 0
    for round in 0..<60 {
      let process = Process()
      process.executableURL = child
      process.arguments = [directory.path]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      usleep(UInt32.random(in: 10_000...120_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .split(separator: "\n")
      #expect(!lines.contains { $0.hasPrefix("error") }, "round \(round): \(lines.filter { $0.hasPrefix("error") })")
      let flushed = lines.compactMap { $0.hasPrefix("flushed ") ? Int($0.dropFirst(8)) : nil }.last
      if flushed != nil { roundsWithAFlush += 1 }
      guard FileManager.default.fileExists(atPath: file.path) else {
        #expect(flushed == nil, "round \(round): flushed, yet nothing is on disk")
        continue
      }
      // A whole version: it decodes, and every entry says the same count.
      let stored = try JSONDecoder().decode(StoredLedger.self, from: Data(contentsOf: file))
      #expect(stored.version == 1)
      #expect(stored.value.entries.count == 20_000 && stored.value.entries.allSatisfy { $0 == stored.value.count })
      // Never older than what was flushed, nor than the last restart's state.
      #expect(stored.value.count >= (flushed ?? 0), "round \(round): \(stored.value.count) < flushed \(flushed ?? 0)")
      #expect(stored.value.count >= previous)
      previous = stored.value.count
    }
    // Most rounds get to flush at least once; otherwise this test tested little.
    #expect(roundsWithAFlush >= 20)
    #expect(previous > 0)
  }
}
