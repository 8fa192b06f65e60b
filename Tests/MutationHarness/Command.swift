import Foundation

/// How a command ended.
struct CommandResult {
  var status: Int32
  var seconds: Double
  var timedOut: Bool
}

/// Runs `arguments` (found on PATH) in `directory`, appending stdout and stderr to `log`; with
/// `timeout`, coreutils' `timeout` stops it and its children after that many seconds.
func runCommand(_ arguments: [String], in directory: URL, log: URL, timeout: Double?) -> CommandResult {
  let manager = FileManager.default
  if !manager.fileExists(atPath: log.path) { _ = manager.createFile(atPath: log.path, contents: nil) }
  guard let handle = try? FileHandle(forWritingTo: log) else {
    printError("mutation-harness: can't write \(log.path)")
    return CommandResult(status: 127, seconds: 0, timedOut: false)
  }
  defer { try? handle.close() }
  handle.seekToEndOfFile()
  handle.write(Data("$ \(arguments.joined(separator: " "))\n".utf8))

  var command = arguments
  let limited = timeout != nil && timeoutCommand != nil
  if let timeout, let timeoutCommand {
    command = [timeoutCommand, "--kill-after=10", String(Int(timeout.rounded(.up)))] + command
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = command
  process.currentDirectoryURL = directory
  process.standardOutput = handle
  process.standardError = handle
  process.standardInput = FileHandle.nullDevice
  let start = Date()
  do {
    try process.run()
  } catch {
    handle.write(Data("mutation-harness: can't run: \(error)\n".utf8))
    return CommandResult(status: 127, seconds: 0, timedOut: false)
  }
  process.waitUntilExit()
  let seconds = Date().timeIntervalSince(start)
  let status = process.terminationStatus
  // `timeout` exits 124 when it stopped the command, 137 when it had to kill it.
  let timedOut = limited && (status == 124 || status == 137)
  handle.write(Data("[exit \(status)\(timedOut ? ", timed out" : "") after \(String(format: "%.1f", seconds)) s]\n".utf8))
  return CommandResult(status: status, seconds: seconds, timedOut: timedOut)
}

/// coreutils' `timeout` (`gtimeout` from Homebrew), when installed.
let timeoutCommand: String? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for name in ["timeout", "gtimeout"] {
    for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
      return name
    }
  }
  return nil
}()

func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
