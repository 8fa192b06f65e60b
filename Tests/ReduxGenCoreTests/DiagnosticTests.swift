import Foundation
import Testing

@testable import ReduxGenCore

/// Tests/BrokenSpecs holds one broken spec per file, `NAME.yaml`, with the exact diagnostics it
/// must produce, one a line, in `NAME.expected`.
let brokenSpecsDirectory = packageRoot.appendingPathComponent("Tests/BrokenSpecs")

func brokenSpecNames() -> [String] {
  let files = (try? FileManager.default.contentsOfDirectory(atPath: brokenSpecsDirectory.path)) ?? []
  return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
}

/// What checking a spec file reports, as the CLI prints each summary line.
func diagnostics(forFile name: String, bytes: [UInt8]) -> [Diagnostic] {
  do {
    let text = try SpecText.decode(bytes, path: name)
    // App documents name feature specs relative to themselves: here, to Tests/BrokenSpecs.
    let result = try GeneratorPipeline.generate(text, path: name) { path in
      FileManager.default.contents(atPath: brokenSpecsDirectory.appendingPathComponent(path).path).map { Array($0) }
    }
    return result.diagnostics
  } catch {
    return error.diagnostics
  }
}

struct DiagnosticTests {
  @Test("there are broken specs for every kind of error")
  func enoughBrokenSpecs() {
    #expect(brokenSpecNames().count >= 40)
  }

  @Test("a broken spec gives exactly its diagnostics, and at least one error", arguments: brokenSpecNames())
  func brokenSpec(name: String) throws {
    let spec = try Data(contentsOf: brokenSpecsDirectory.appendingPathComponent("\(name).yaml"))
    let expected = try String(
      contentsOf: brokenSpecsDirectory.appendingPathComponent("\(name).expected"), encoding: .utf8)
    let found = diagnostics(forFile: "\(name).yaml", bytes: Array(spec))
    #expect(found.map(\.summary) == expected.split(separator: "\n").map(String.init))
    #expect(found.contains { $0.severity == .error })
  }

  @Test("the source line and a caret follow each diagnostic")
  func rendersExcerpt() throws {
    let text = "feature: X\nstate:\n  count: Int = abc\nactions: { a: {} }\n"
    let found = diagnostics(forFile: "bad.yaml", bytes: Array(text.utf8))
    let renderer = DiagnosticRenderer(sources: ["bad.yaml": text], colored: false)
    #expect(
      found.map(renderer.render) == [
        "bad.yaml:3:16: error: default 'abc' is not a value of type Int\n  count: Int = abc\n               ^"
      ])
  }

  @Test("warnings don't stop generation; untested actions get one")
  func untestedActionWarning() throws {
    let text = "feature: X\nstate: {}\nactions:\n  load: {}\n"
    let result = try GeneratorPipeline.generate(text, path: "w.yaml")
    #expect(
      result.diagnostics.map(\.summary) == [
        "w.yaml:4:3: warning: no generated test or example exercises action 'load'; add an example that dispatches it"
      ])
    #expect(!result.files.isEmpty)
  }

  @Test("the example specs check without problems", arguments: specNames())
  func exampleSpecsAreClean(spec: String) throws {
    let path = "Specs/\(spec).yaml"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    let (_, warnings) = try DocumentChecking.check(text, path: path, readFile: readPackageFile)
    #expect(warnings.isEmpty)
  }
}
