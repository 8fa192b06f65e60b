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

/// Set to 1 to rewrite Generated/ and Tests/Snippets/ from their specs instead of comparing.
let isRecording = ProcessInfo.processInfo.environment["REDUX_GEN_RECORD"] == "1"
