import Foundation

/// The repository's root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// A file by its path relative to the package, for app specs that name feature specs.
func readPackageFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: packageRoot.appendingPathComponent(path).path).map { Array($0) }
}

/// Every spec in Specs/, by name without `.yaml`: each must generate, compile and pass its tests.
func specNames() -> [String] {
  let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Specs").path)) ?? []
  return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
}

/// The specs of the example apps (Examples/SyncUps/Specs), by path from the package's root: each
/// generates into its app's Generated/, which its targets build and test.
func exampleSpecPaths() -> [String] {
  let directory = "Examples/SyncUps/Specs"
  let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(directory).path)) ?? []
  return files.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(directory)/\($0)" }
}

/// Set to 1 to rewrite Generated/ and Tests/Snippets/ from their specs instead of comparing.
let isRecording = ProcessInfo.processInfo.environment["REDUX_GEN_RECORD"] == "1"

/// The redux-gen executable SwiftPM built beside this test bundle, if it can be found.
let reduxGenExecutable: URL? = {
  let starts = [CommandLine.arguments[0]] + Bundle.allBundles.map(\.bundlePath)
  let directories = starts.flatMap { start in
    sequence(first: URL(fileURLWithPath: start)) { $0.path == "/" ? nil : $0.deletingLastPathComponent() }.prefix(4)
  }
  return directories.map { $0.appendingPathComponent("redux-gen") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
}()

/// What running redux-gen printed and how it ended.
struct ReduxGenRun {
  var status: Int32
  var output: String
  var errors: String
}

/// Runs redux-gen with `arguments` in `directory`, colour off; a test that calls it is enabled
/// only when `reduxGenExecutable` is found.
func runReduxGen(_ arguments: [String], in directory: String) throws -> ReduxGenRun {
  let process = Process()
  process.executableURL = reduxGenExecutable
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
  // Standard output goes to a file, so that neither pipe can fill up and block the process.
  let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("redux-gen-\(UUID().uuidString).out").path
  _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
  defer { try? FileManager.default.removeItem(atPath: outputPath) }
  let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
  let stderr = Pipe()
  process.standardOutput = output
  process.standardError = stderr
  try process.run()
  let errors = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  try output.close()
  return ReduxGenRun(
    status: process.terminationStatus,
    output: String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self),
    errors: String(decoding: errors, as: UTF8.self))
}
