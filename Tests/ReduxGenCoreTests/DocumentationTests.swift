import Foundation
import Testing

@testable import ReduxGenCore

/// The YAML examples of a page of docs/ (docs/spec-language.md unless told) that are whole specs
/// (features and apps).
func documentedSpecs(_ page: String = "docs/spec-language.md") throws -> [String] {
  let text = try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
  var specs: [String] = []
  var current: [Substring]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line == "```yaml" {
      current = []
    } else if let lines = current, line == "```" {
      let spec = lines.joined(separator: "\n")
      if spec.hasPrefix("feature:") || spec.hasPrefix("app:") { specs.append(spec) }
      current = nil
    } else {
      current?.append(line)
    }
  }
  return specs
}

struct DocumentationTests {
  @Test(
    "every whole spec of a page checks and generates",
    arguments: [("docs/spec-language.md", 6), ("docs/features-of-features.md", 4)])
  func documentedSpecsGenerate(page: String, least: Int) throws {
    let specs = try documentedSpecs(page)
    #expect(specs.count >= least)
    for (index, spec) in specs.enumerated() {
      do {
        // The specs an example names (`uses:`, an app's features) are those of Specs/.
        let result = try GeneratorPipeline.generate(spec, path: "\(page)#\(index + 1)") { path in
          let name = path.hasPrefix("docs/") ? String(path.dropFirst(5)) : path
          return FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Specs/\(name)").path)
            .map { Array($0) }
        }
        #expect(!result.files.isEmpty)
        #expect(result.diagnostics.isEmpty, "example \(index + 1): \(result.diagnostics.map(\.summary))")
      } catch {
        Issue.record("example \(index + 1) does not check: \(error.diagnostics.map(\.summary))")
      }
    }
  }
}
