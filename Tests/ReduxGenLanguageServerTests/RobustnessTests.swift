import Foundation
import Testing

@testable import ReduxGenLanguageServer

/// Any text, any place: every spec of Specs/ mutated at random (cut, typed into, lines doubled
/// and swapped) and asked every request the server answers, at random places (past the end
/// too). Each request must get its reply, and the server must go on.
struct RobustnessTests {
  /// SplitMix64: the same mutations on every run, another set by seed.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let typed = Array("abz:- []{}\"'#,.\n\t =!<>?()é0129_")

  static func mutate(_ text: String, _ random: inout Generator) -> String {
    var characters = Array(text)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    switch Int.random(in: 0..<5, using: &random) {
    case 0 where !characters.isEmpty:
      let start = Int.random(in: 0..<characters.count, using: &random)
      characters.removeSubrange(start..<min(characters.count, start + Int.random(in: 1...40, using: &random)))
      return String(characters)
    case 1:
      let at = Int.random(in: 0...characters.count, using: &random)
      let inserted = (0..<Int.random(in: 1...6, using: &random)).map { _ in typed.randomElement(using: &random)! }
      characters.insert(contentsOf: inserted, at: at)
      return String(characters)
    case 2 where !lines.isEmpty:
      let line = Int.random(in: 0..<lines.count, using: &random)
      lines.insert(lines[line], at: line)
    case 3 where lines.count > 1:
      lines.swapAt(Int.random(in: 0..<lines.count, using: &random), Int.random(in: 0..<lines.count, using: &random))
    default:
      if !characters.isEmpty {
        characters[Int.random(in: 0..<characters.count, using: &random)] = typed.randomElement(using: &random)!
      }
      return String(characters)
    }
    return lines.joined(separator: "\n")
  }

  @Test("every spec of Specs/, mutated at random, gets an answer to every request at random places")
  func randomMutations() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let specs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Specs").path)
      .filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(specs.count > 10)
    let server = LanguageServer()
    var random = Generator(state: 72)
    var requests = 0
    var answered = 0
    var id = 0
    for name in specs {
      let path = root.appendingPathComponent("Specs/\(name)").path
      let uri = LanguageServer.uri(of: path)
      var text = try String(contentsOfFile: path, encoding: .utf8)
      _ = server.handle(Self.body(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "version": 0, "text": text]]]))
      for version in 1...24 {
        text = Self.mutate(text, &random)
        let change: [String: Any] = ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]]
        let published = server.handle(Self.body(["method": "textDocument/didChange", "params": change]))
        #expect(!published.isEmpty)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var methods = [
          "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
          "textDocument/prepareRename", "textDocument/documentSymbol", "textDocument/codeAction",
        ]
        if version % 6 == 0 { methods.append("textDocument/rename") }
        for method in methods {
          id += 1
          let position = ["line": Int.random(in: 0...(lineCount + 1), using: &random), "character": Int.random(in: 0...90, using: &random)]
          let range = ["start": position, "end": position]
          let params: [String: Any] = [
            "textDocument": ["uri": uri], "position": position, "newName": "renamed", "range": range,
            "context": ["includeDeclaration": true, "diagnostics": [["range": range, "message": "unknown field 'x'; did you mean 'y'?"]]],
          ]
          requests += 1
          let replies = server.handle(Self.body(["id": id, "method": method, "params": params]))
          let reply = replies.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }.first { $0["id"] as? Int == id }
          if reply?["result"] != nil || reply?["error"] != nil { answered += 1 }
        }
      }
    }
    #expect(answered == requests)
    #expect(requests > 1_500)
  }

  static func body(_ message: [String: Any]) -> Data {
    var message = message
    message["jsonrpc"] = "2.0"
    return try! JSONSerialization.data(withJSONObject: message)
  }
}
