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

/// Runs the child with `arguments`; kills it after `killAfter` microseconds unless nil. Returns
/// what it printed, by line.
private func runChild(_ child: URL, _ arguments: [String], killAfter: UInt32?) throws -> [Substring] {
  let process = Process()
  process.executableURL = child
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  if let killAfter {
    usleep(killAfter)
    kill(process.processIdentifier, SIGKILL)
  }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(separator: "\n")
}

/// Durability under SIGKILL: a child process saving through write-behind (a JSON file through
/// `FileStorage`, or SQLite row by row) is killed at random points, then restored as a
/// restart would, by the same program.
@Suite struct PersistenceCrashTests {
  @Test(
    "killed at random points while saving, a restart finds a whole state, never older than the last flush()",
    .serialized, arguments: ["file", "sqlite"])
  func killedWhileSaving(storage: String) throws {
    let child = try #require(crashChild, "persistence-crash-child is built with the tests (swift build --build-tests)")
    let directory = FileManager.default.temporaryDirectory.appending(path: "persistence-crash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    var previous = 0
    var roundsWithAFlush = 0
    // Sixty rounds, and more while fewer than twenty got to flush: on a loaded machine the child
    // starts slower, so the window it may be killed in widens with each round.
    var round = 0
    while round < 60 || (roundsWithAFlush < 20 && round < 200) {
      defer { round += 1 }
      let latest = 200_000 + UInt32(round) * 5_000
      let lines = try runChild(child, [directory.path, storage], killAfter: UInt32.random(in: 20_000...latest))
      #expect(!lines.contains { $0.hasPrefix("error") }, "round \(round): \(lines.filter { $0.hasPrefix("error") })")
      let flushed = lines.compactMap { $0.hasPrefix("flushed ") ? Int($0.dropFirst(8)) : nil }.last
      if flushed != nil { roundsWithAFlush += 1 }
      // A restart: it restores (an unreadable file or database is an error line), whole.
      let check = try runChild(child, [directory.path, storage, "check"], killAfter: nil)
      guard let line = check.first(where: { $0.hasPrefix("state ") }) else {
        Issue.record("round \(round): the restart failed: \(check)")
        continue
      }
      let words = line.split(separator: " ")
      let count = Int(words[1]) ?? -1
      #expect(words.last == "whole", "round \(round): \(line)")
      // Never older than what was flushed, nor than the last restart's state.
      #expect(count >= (flushed ?? 0), "round \(round): \(count) < flushed \(flushed ?? 0)")
      #expect(count >= previous, "round \(round): \(count) < \(previous) before")
      previous = count
    }
    // Most rounds get to flush at least once; otherwise this test tested little.
    #expect(roundsWithAFlush >= 20)
    #expect(previous > 0)
  }
}
