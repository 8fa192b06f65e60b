import Testing

@testable import ReduxGenCore

/// A large document is parsed on a core of its own while its nodes are built: the nodes and the
/// problems are those of one core, and a load stopped early by a problem returns.
struct YAMLLoaderTests {
  /// A document of `entries` mappings, with anchors, aliases, flow and block collections, quoted
  /// and block scalars; `tail` is appended as written.
  static func document(entries: Int, tail: String = "") -> String {
    var text = "feature: Large\nshared: &shared { a: 1, b: [x, y] }\nitems:\n"
    for index in 0..<entries {
      text += "  item\(index):\n    name: \"item \(index)\"\n    tags: [t\(index), u\(index)]\n"
      text += "    same: *shared\n    note: |\n      line \(index)\n      second line\n"
    }
    return text + tail
  }

  /// Loads `text` pipelined (from 64 KB, on any number of cores) and on one core; both results.
  /// The pipelined load must have ended its parsing thread before it returned.
  static func bothWays(_ text: String, limits: YAMLLimits = YAMLLimits()) -> [(YAMLNode?, [Diagnostic])] {
    [YAMLLoader.pipelinedFrom, Int.max].map { threshold in
      var loader = YAMLLoader()
      loader.limits = limits
      loader.pipelinedBytes = threshold
      let ended = Slots<Int, Bool>()
      loader.parsingThreadEnded = { ended.set(0, true) }
      var diagnostics = DiagnosticCollector()
      let node = loader.load(text, path: "large.yaml", diagnostics: &diagnostics)
      #expect(ended[0] == (threshold == YAMLLoader.pipelinedFrom ? true : nil))
      return (node, diagnostics.diagnostics)
    }
  }

  @Test("a large document gives the same nodes parsed on a core of its own as on one")
  func sameNodes() throws {
    let text = Self.document(entries: 3_000)
    #expect(text.utf8.count > 4 * YAMLLoader.pipelinedFrom)
    let results = Self.bothWays(text)
    let pipelined = try #require(results[0].0)
    #expect(results[0].1.isEmpty)
    #expect(pipelined == results[1].0)
    guard case .mapping(let pairs) = pipelined.kind, case .mapping(let items) = pairs[2].value.kind else {
      Issue.record("not the document's mappings: \(pipelined.kind)")
      return
    }
    #expect(items.count == 3_000)
    // Seven lines an entry, after three.
    #expect(items.last?.key.location.line == 4 + 2_999 * 7)
  }

  @Test("a syntax error at the end of a large document is reported where it is, as on one core")
  func syntaxErrorAtTheEnd() {
    let text = Self.document(entries: 2_000, tail: "broken: [unclosed\n")
    let results = Self.bothWays(text)
    #expect(results[0].0 == nil)
    #expect(results[0].1.count == 1)
    #expect(results[0].1 == results[1].1)
    #expect(results[0].1.first?.location.line ?? 0 > 2_000 * 7)
  }

  @Test(
    "a problem early in a large document stops the load at once, the parsing thread too",
    arguments: ["depth", "size"])
  func stoppedEarly(_ limit: String) {
    var limits = YAMLLimits()
    if limit == "depth" { limits.maxDepth = 3 } else { limits.maxNodes = 50 }
    let text = Self.document(entries: 2_000)
    for _ in 0..<20 {
      let results = Self.bothWays(text, limits: limits)
      #expect(results[0].0 == nil)
      #expect(results[0].1.count == 1)
      #expect(results[0].1 == results[1].1)
    }
  }
}
