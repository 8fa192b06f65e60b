import Foundation
import ReduxGenCore
import Testing

@testable import ReduxGenLanguageServer

/// The language server driven message by message, as an editor drives it: what it publishes
/// must be what the checker (and so the CLI) says, at the same places.
struct LanguageServerTests {
  static let directory = "/specs"

  /// A server whose disk is `files` (absolute paths).
  func server(_ files: [String: String] = [:]) -> LanguageServer {
    LanguageServer(readDisk: { files[$0].map { Array($0.utf8) } })
  }

  func send(_ server: LanguageServer, _ method: String, id: Int? = nil, _ params: [String: Any]) -> [[String: Any]] {
    var message: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
    if let id { message["id"] = id }
    let body = try! JSONSerialization.data(withJSONObject: message)
    return server.handle(body).map { try! JSONSerialization.jsonObject(with: $0) as! [String: Any] }
  }

  func open(_ server: LanguageServer, _ name: String, _ text: String) -> [[String: Any]] {
    let item: [String: Any] = ["uri": "file://\(Self.directory)/\(name)", "languageId": "yaml", "version": 1, "text": text]
    return send(server, "textDocument/didOpen", ["textDocument": item])
  }

  func change(_ server: LanguageServer, _ name: String, _ text: String, version: Int = 2) -> [[String: Any]] {
    changeURI(server, "file://\(Self.directory)/\(name)", text, version: version)
  }

  func changeURI(_ server: LanguageServer, _ uri: String, _ text: String, version: Int) -> [[String: Any]] {
    let item: [String: Any] = ["uri": uri, "version": version]
    return send(server, "textDocument/didChange", ["textDocument": item, "contentChanges": [["text": text]]])
  }

  /// Each published file's diagnostics: (line, character, message), in order.
  func published(_ messages: [[String: Any]]) -> [String: [(Int, Int, String)]] {
    var result: [String: [(Int, Int, String)]] = [:]
    for message in messages where message["method"] as? String == "textDocument/publishDiagnostics" {
      let params = message["params"] as! [String: Any]
      let diagnostics = params["diagnostics"] as! [[String: Any]]
      result[params["uri"] as! String] = diagnostics.map { diagnostic in
        let start = (diagnostic["range"] as! [String: Any])["start"] as! [String: Int]
        return (start["line"]!, start["character"]!, diagnostic["message"] as! String)
      }
    }
    return result
  }

  static let broken = """
    feature: Bad
    state:
      count: Int = abc
    actions: { up: { reduce: incremnt count } }
    """

  @Test("a spec's errors as the checker words and places them, on open; cleared once fixed")
  func errorsAsTheCheckerSaysThem() throws {
    let server = server()
    let uri = "file://\(Self.directory)/bad.yaml"
    let found = try #require(published(open(server, "bad.yaml", Self.broken))[uri])
    // The checker's own diagnostics, from 1, as the CLI prints them.
    var expected: [Diagnostic] = []
    do { _ = try DocumentChecking.check(Self.broken, path: "\(Self.directory)/bad.yaml") } catch { expected = error.diagnostics }
    #expect(expected.count == 2)
    #expect(found.map(\.2) == expected.map(\.message))
    #expect(found.map(\.0) == expected.map { $0.location.line - 1 })
    #expect(found.map(\.1) == expected.map { $0.location.column - 1 })
    let fixed = Self.broken.replacingOccurrences(of: "abc", with: "0").replacingOccurrences(of: "incremnt", with: "increment")
    let cleared = try #require(published(change(server, "bad.yaml", fixed))[uri])
    #expect(cleared.isEmpty)
  }

  @Test("a range covers the word the diagnostic points at, in UTF-16 code units")
  func ranges() {
    let text = "a: 1\nstate: { ünïcode: Int = abc }\n"
    // `abc`, after two letters of two bytes each (one UTF-16 unit each).
    let range = DiagnosticRanges.range(line: 2, column: 25, in: text)
    #expect(range.start == (1, 24) && range.end == (1, 27))
    let emoji = DiagnosticRanges.range(line: 1, column: 3, in: "😀 word")
    #expect(emoji.start == (0, 3) && emoji.end == (0, 7))
    let pastEnd = DiagnosticRanges.range(line: 9, column: 1, in: text)
    #expect(pastEnd.start == pastEnd.end)
  }

  @Test("a child spec's errors on the child's own file, the parent's consequence on the parent's; both cleared when the child is fixed")
  func childErrorsOnTheChild() throws {
    let child = "feature: Namer\naccess: public\nstate:\n  draft: String = \"\"\nactions:\n  save: { reduce: reset draf }\n"
    let parent = "feature: Shelf\nchildren:\n  namer: { presents: namer.yaml }\nstate:\n  title: String = \"\"\nactions:\n  show: { reduce: present namer }\n"
    let server = server(["\(Self.directory)/namer.yaml": child])
    let found = published(open(server, "shelf.yaml", parent))
    let childErrors = try #require(found["file://\(Self.directory)/namer.yaml"])
    #expect(childErrors.contains { $0.0 == 5 && $0.2.contains("draf") })
    let parentErrors = try #require(found["file://\(Self.directory)/shelf.yaml"])
    #expect(parentErrors.contains { $0.2.contains("has errors") })
    // The child opened and fixed: the parent is checked again against the unsaved text.
    _ = open(server, "namer.yaml", child)
    let fixed = published(change(server, "namer.yaml", child.replacingOccurrences(of: "draf }", with: "draft }")))
    #expect(fixed["file://\(Self.directory)/namer.yaml"]?.isEmpty == true)
    #expect(fixed["file://\(Self.directory)/shelf.yaml"]?.isEmpty == true)
  }

  @Test("requests it doesn't answer get an error; shutdown then exit ends with 0")
  func lifecycle() {
    let server = server()
    let initialized = send(server, "initialize", id: 1, ["capabilities": [:] as [String: Any]])
    let capabilities = (initialized.first?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
    #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 1)
    let unknown = send(server, "textDocument/formatting", id: 2, [:])
    #expect((unknown.first?["error"] as? [String: Any])?["code"] as? Int == -32601)
    #expect(server.handle(Data("not json".utf8)).count == 1)
    _ = send(server, "shutdown", id: 3, [:])
    _ = send(server, "exit", [:])
    #expect(server.exitCode == 0)
  }

  @Test("messages are read whatever chunks the stream gives them in")
  func framing() {
    let bodies = [#"{"a":1}"#, #"{"b":"\u00e9"}"#]
    var stream = Data()
    for body in bodies { stream.append(framed(Data(body.utf8))) }
    var offset = 0
    var reader = MessageReader { _ in
      guard offset < stream.count else { return nil }
      let chunk = stream[offset..<min(offset + 3, stream.count)]
      offset += 3
      return Data(chunk)
    }
    var read: [String] = []
    while let body = reader.next() { read.append(String(decoding: body, as: UTF8.self)) }
    #expect(read == bodies)
  }

  @Test("every spec of Specs/, cut at every other line and at every 173rd character, gets its diagnostics and completion where it ends")
  func everyPrefixAnswered() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let specs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Specs").path)
      .filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(specs.count > 10)
    let server = LanguageServer()
    var answered = 0
    var completed = 0
    for name in specs {
      let path = root.appendingPathComponent("Specs/\(name)").path
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let characters = Array(text)
      var cuts = Set(stride(from: 0, to: characters.count, by: 173))
      var line = 0
      for (index, character) in characters.enumerated() where character == "\n" {
        line += 1
        if line % 2 == 0 { cuts.insert(index) }
      }
      let uri = LanguageServer.uri(of: path)
      for (version, cut) in cuts.sorted().enumerated() {
        let prefix = String(characters[..<cut])
        let messages = changeURI(server, uri, prefix, version: version)
        if messages.contains(where: { ($0["params"] as? [String: Any])?["uri"] as? String == uri }) { answered += 1 }
        // Completion where the text ends: where the user is typing.
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        let end: [String: Any] = ["line": lines.count - 1, "character": lines.last.map { $0.utf16.count } ?? 0]
        let completion = send(server, "textDocument/completion", id: version, ["textDocument": ["uri": uri], "position": end])
        if completion.contains(where: { $0["id"] as? Int == version && $0["result"] is [String: Any] }) { completed += 1 }
      }
    }
    #expect(answered > 500)
    #expect(completed == answered)
  }
}

/// The outline: each section of a spec, its entries, and theirs.
struct DocumentSymbolTests {
  @Test("a spec's outline: models and their fields, state, actions and their parameters, examples")
  func outline() throws {
    let text = """
      feature: Todos
      models:
        Todo:
          fields:
            id: Int
            title: String
      state:
        todos: [Todo]
      actions:
        add:
          payload: { todo: Todo }
          reduce: append todos
      examples:
        - name: adding
          when: [add: { todo: { id: 1, title: A } }]
          then: { todos.count: 1 }
      """
    let symbols = DocumentSymbols.symbols(text, path: "/specs/todos.yaml")
    #expect(symbols.map { $0["name"] as? String } == ["Todos", "models", "state", "actions", "examples"])
    let models = try #require(symbols[1]["children"] as? [[String: Any]])
    #expect(models.map { $0["name"] as? String } == ["Todo"])
    let fields = try #require(models[0]["children"] as? [[String: Any]])
    #expect(fields.map { $0["name"] as? String } == ["id", "title"])
    let actions = try #require(symbols[3]["children"] as? [[String: Any]])
    #expect((actions[0]["children"] as? [[String: Any]])?.map { $0["name"] as? String } == ["todo"])
    let add = try #require(actions.first)
    let range = try #require(add["range"] as? [String: [String: Int]])
    #expect(range["start"]?["line"] == 9 && range["end"]?["line"] == 11)
    let examples = try #require(symbols[4]["children"] as? [[String: Any]])
    #expect(examples.map { $0["name"] as? String } == ["adding"])
  }

  @Test("text that isn't a spec's YAML has no outline, and no crash")
  func notYAML() {
    #expect(DocumentSymbols.symbols("feature: [", path: "/a.yaml").isEmpty)
    #expect(DocumentSymbols.symbols("- a\n- b", path: "/a.yaml").isEmpty)
  }
}
