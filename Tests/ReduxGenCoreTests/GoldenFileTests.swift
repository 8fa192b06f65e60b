import Foundation
import Testing

@testable import ReduxGenCore

/// The checked-in Generated/<Feature> sources are the golden files: compiled and tested by
/// `swift test` through their own targets, and compared byte for byte here.
struct GoldenFileTests {
  @Test("Specs/ holds the example specs")
  func specsArePresent() {
    #expect(specNames().contains("tasklist"))
    #expect(specNames().count >= 3)
  }

  @Test(
    "Generated/ is fresh against Specs/, and each example app's against its specs",
    arguments: specNames().map { "Specs/\($0).yaml" } + exampleSpecPaths())
  func generatedSourcesAreFresh(specPath: String) throws {
    let text = try String(contentsOf: packageRoot.appendingPathComponent(specPath), encoding: .utf8)
    let result = try GeneratorPipeline.generate(text, path: specPath, readFile: readPackageFile)
    // Specs/x.yaml generates into Generated/, Examples/SyncUps/Specs/x.yaml into Examples/SyncUps/Generated/.
    let generated = (specPath.split(separator: "/").dropLast(2) + ["Generated"]).joined(separator: "/")
    let directory = packageRoot.appendingPathComponent("\(generated)/\(result.feature)").path
    let command =
      "swift run redux-gen \(specPath)" + (generated == "Generated" ? "" : " --output \(generated)/\(result.feature)")
    if isRecording {
      try OutputWriter().write(result.files, in: directory)
    }
    for file in result.files {
      let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
      let existing = try? String(contentsOf: url, encoding: .utf8)
      switch file.ownership {
      case .generated where file.isSpare && existing == nil:
        break  // a piece the spec doesn't fill, and no file to empty
      case .generated:
        #expect(
          existing == file.contents,
          "\(generated)/\(result.feature)/\(file.path) is stale: run `\(command)` (or REDUX_GEN_RECORD=1 swift test)"
        )
      case .scaffold:
        #expect(existing != nil, "the scaffold \(file.path) is missing: run `\(command)`")
      }
    }
    // The persisted shape of the spec's version, recorded beside it.
    let specs = specPath.split(separator: "/").dropLast().joined(separator: "/")
    for file in result.besideSpec {
      let url = packageRoot.appendingPathComponent(specs).appendingPathComponent(file.path)
      if isRecording { try OutputWriter().write([file], in: packageRoot.appendingPathComponent(specs).path) }
      #expect(
        (try? String(contentsOf: url, encoding: .utf8)) == file.contents,
        "\(specs)/\(file.path) is stale: run `\(command)` and keep it in version control")
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
      "Tests/TaskListReducerTests.swift", "Tests/TaskListReducerTests+2.swift", "Tests/TaskListReducerTests+3.swift",
      "Tests/TaskListReducerTests+4.swift", "Tests/TaskListExampleTests.swift", "Tests/TaskListStoredDataTests.swift", "Sources/TaskListValidation.swift", "Sources/TaskListEnhancement.swift",
    ])
  }
}
