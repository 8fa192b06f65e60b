import Foundation
import Testing

@testable import ReduxGenCore

/// The repository's root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Every spec in Specs/, by name without `.yaml`: each must generate, compile and pass its tests.
/// A file by its path relative to the package, for app specs that name feature specs.
func readPackageFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: packageRoot.appendingPathComponent(path).path).map { Array($0) }
}

func specNames() -> [String] {
  let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Specs").path)) ?? []
  return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
}

/// Set to 1 to rewrite Generated/ from Specs/ instead of comparing.
let isRecording = ProcessInfo.processInfo.environment["REDUX_GEN_RECORD"] == "1"

/// The checked-in Generated/<Feature> sources are the golden files: compiled and tested by
/// `swift test` through their own targets, and compared byte for byte here.
struct GoldenFileTests {
  @Test("Specs/ holds the example specs")
  func specsArePresent() {
    #expect(specNames().contains("tasklist"))
    #expect(specNames().count >= 3)
  }

  @Test("Generated/ is fresh against Specs/", arguments: specNames())
  func generatedSourcesAreFresh(spec: String) throws {
    let specPath = "Specs/\(spec).yaml"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(specPath), encoding: .utf8)
    let result = try GeneratorPipeline.generate(text, path: specPath, readFile: readPackageFile)
    let directory = packageRoot.appendingPathComponent("Generated/\(result.feature)").path
    if isRecording {
      try OutputWriter().write(result.files, in: directory)
    }
    for file in result.files {
      let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
      let existing = try? String(contentsOf: url, encoding: .utf8)
      switch file.ownership {
      case .generated:
        #expect(
          existing == file.contents,
          "Generated/\(result.feature)/\(file.path) is stale: run `swift run redux-gen \(specPath)` (or REDUX_GEN_RECORD=1 swift test)"
        )
      case .scaffold:
        #expect(existing != nil, "the scaffold \(file.path) is missing: run `swift run redux-gen \(specPath)`")
      }
    }
  }

  @Test("the same spec gives the same bytes")
  func deterministic() throws {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("Specs/tasklist.yaml"), encoding: .utf8)
    let first = try GeneratorPipeline.generate(text, path: "Specs/tasklist.yaml").files
    let second = try GeneratorPipeline.generate(text, path: "Specs/tasklist.yaml").files
    #expect(first == second)
    #expect(first.map(\.path) == [
      "Sources/TaskListModels.swift", "Sources/TaskListState.swift", "Sources/TaskListAction.swift",
      "Sources/TaskListReducer.swift", "Sources/TaskListMiddleware.swift", "Sources/TaskListPersistence.swift",
      "Tests/TaskListReducerTests.swift",
      "Tests/TaskListExampleTests.swift", "Sources/TaskListValidation.swift", "Sources/TaskListEnhancement.swift",
    ])
  }
}

struct OutputWriterTests {
  private func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("redux-gen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  private let spec = """
    feature: Counter
    state: { count: Int = 0 }
    actions:
      increase: { reduce: increment count }
    middleware:
      Logger: { on: [increase] }
    """

  @Test("writes once, then only what changed; scaffolds are never rewritten")
  func writesOnlyChanges() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try GeneratorPipeline.generate(spec, path: "c.yaml").files
    let first = try OutputWriter().write(files, in: directory)
    #expect(first.allSatisfy { if case .create = $0 { true } else { false } })

    let scaffold = directory + "/Sources/Logger.swift"
    try "// my own code\n".write(toFile: scaffold, atomically: true, encoding: .utf8)
    let state = directory + "/Sources/CounterState.swift"
    try (String(contentsOfFile: state, encoding: .utf8) + "// edited\n").write(toFile: state, atomically: true, encoding: .utf8)

    let second = try OutputWriter().write(files, in: directory)
    #expect(second.filter { if case .update = $0 { true } else { false } }.map(\.path) == [state])
    #expect(try String(contentsOfFile: scaffold, encoding: .utf8) == "// my own code\n")
    #expect(!(try String(contentsOfFile: state, encoding: .utf8)).contains("// edited"))
    let third = OutputWriter().plan(files, in: directory)
    #expect(third.allSatisfy { if case .unchanged = $0 { true } else if case .keepScaffold = $0 { true } else { false } })
  }

  @Test("a file without the header is never overwritten, and then nothing is written")
  func refusesForeignFiles() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try GeneratorPipeline.generate(spec, path: "c.yaml").files
    try FileManager.default.createDirectory(atPath: directory + "/Sources", withIntermediateDirectories: true)
    let foreign = directory + "/Sources/CounterReducer.swift"
    try "// written by hand\n".write(toFile: foreign, atomically: true, encoding: .utf8)
    #expect(throws: OutputError.notOurs([foreign])) {
      try OutputWriter().write(files, in: directory)
    }
    #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "// written by hand\n")
    #expect(!FileManager.default.fileExists(atPath: directory + "/Sources/CounterState.swift"))
  }
}
