import Foundation
import Testing

@testable import ReduxGenCore

/// One YAML-in / Swift-out fixture per reduce operation: `Tests/Snippets/<word>.yaml` uses the
/// operation in each kind of path it takes, and the reducer and derived tests it generates are
/// compared with `<word>.Reducer.swift` and `<word>.ReducerTests.swift` (`REDUX_GEN_RECORD=1 swift
/// test` re-records them). A new operation without a fixture fails here.
struct OperationSnippetTests {
  static let directory = packageRoot.appendingPathComponent("Tests/Snippets")

  static func fixtures() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
  }

  @Test("every operation word has a snippet, and every snippet is an operation's")
  func fixturesMatchOperations() {
    #expect(Self.fixtures() == ReduceOperation.words.sorted())
  }

  @Test("an operation's snippet generates the recorded reducer and tests", arguments: ReduceOperation.words)
  func snippet(word: String) throws {
    let path = "Tests/Snippets/\(word).yaml"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    // A stack's destinations (`push`, `pop`) are features of Specs/.
    let (spec, warnings) = try DocumentChecking.checkFeature(text, path: path, readFile: readPackageFile)
    #expect(warnings.isEmpty, "\(warnings.map(\.message))")
    // Every kind the word starts (`set` starts `set title` and `set tasks[].done`) is used.
    for kind in ReduceOperation.kinds where kind.words.contains(word) {
      let used = spec.actions.flatMap(\.reduce).contains { ObjectIdentifier(type(of: $0.kind)) == ObjectIdentifier(kind) }
      #expect(used, "\(path) does not use '\(word)' as \(kind)")
    }
    let parts = FeaturePartFiles(spec: spec, testedModule: nil)
    for part in [GeneratedPart.reducer, .reducerTests] {
      let rendered = TextRenderer().render(try #require(parts.file(part)))
      let expected = Self.directory.appendingPathComponent("\(word).\(part.rawValue).swift")
      if isRecording { try rendered.write(to: expected, atomically: true, encoding: .utf8) }
      let recorded = try? String(contentsOf: expected, encoding: .utf8)
      #expect(recorded == rendered, "Tests/Snippets/\(word).\(part.rawValue).swift differs (REDUX_GEN_RECORD=1 re-records)")
    }
  }
}
