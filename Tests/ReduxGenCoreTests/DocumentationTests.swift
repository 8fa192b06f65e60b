import Foundation
import Testing

@testable import ReduxGenCore

/// The YAML examples of docs/spec-language.md that are whole specs.
func documentedSpecs() throws -> [String] {
  let text = try String(
    contentsOf: packageRoot.appendingPathComponent("docs/spec-language.md"), encoding: .utf8)
  var specs: [String] = []
  var current: [Substring]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line == "```yaml" {
      current = []
    } else if let lines = current, line == "```" {
      let spec = lines.joined(separator: "\n")
      if spec.hasPrefix("feature:") { specs.append(spec) }
      current = nil
    } else {
      current?.append(line)
    }
  }
  return specs
}

struct DocumentationTests {
  @Test("every whole spec in docs/spec-language.md checks and generates")
  func documentedSpecsGenerate() throws {
    let specs = try documentedSpecs()
    #expect(specs.count >= 6)
    for (index, spec) in specs.enumerated() {
      do {
        let result = try GeneratorPipeline.generate(spec, path: "docs/spec-language.md#\(index + 1)")
        #expect(!result.files.isEmpty)
        #expect(result.diagnostics.isEmpty, "example \(index + 1): \(result.diagnostics.map(\.summary))")
      } catch {
        Issue.record("example \(index + 1) does not check: \(error.diagnostics.map(\.summary))")
      }
    }
  }
}
