import Foundation
import ReduxGenCore
import Testing

@testable import ReduxGenLanguageServer

/// Names through a tree of specs, as an editor asks for them: definition, references, rename,
/// completion, hover and quick fixes, on a list whose rows are a feature of their own.
struct NavigationTests {
  static let row = """
    feature: Row
    access: public
    state:
      id: Int = 0
      title: String = ""
    actions:
      started:
        payload: { note: String }
        reduce: set title = note
      renamed:
        payload: { title: String }
        reduce: set title
    """

  static let list = """
    feature: List
    models:
      Item:
        fields:
          id: Int
          name: String
    state:
      items: [Item]
      saved: String = ""
    children:
      rows: { each: row.yaml }
    actions:
      add:
        payload: { item: Item }
        reduce: append items
      addRow:
        reduce: append rows
      rename:
        payload: { id: Int, name: String }
        reduce: set items[id].name = name
      heard:
        from: rows.started
        payload: { note: String }
        reduce: set saved = note
    persist:
      fields: [items]
    examples:
      - name: a row's start is heard
        when:
          - add: { item: { id: 1, name: A } }
          - addRow
          - rows[0].started: { note: hi }
        then:
          saved: hi
          items[0].name: A
    """

  let helper = LanguageServerTests()

  /// A server with the list and its row open (the row's file on its disk too).
  func server() -> LanguageServer {
    let server = helper.server(["/specs/row.yaml": Self.row, "/specs/list.yaml": Self.list])
    _ = helper.open(server, "list.yaml", Self.list)
    _ = helper.open(server, "row.yaml", Self.row)
    return server
  }

  /// The line (from 0) and character of the `offset`th character of `text` in `spec`.
  func position(of text: String, in spec: String, offset: Int = 0) -> (line: Int, character: Int) {
    let lines = spec.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, line) in lines.enumerated() {
      if let range = line.range(of: text) { return (number, line.distance(from: line.startIndex, to: range.lowerBound) + offset) }
    }
    Issue.record("'\(text)' isn't in the spec")
    return (0, 0)
  }

  func request(_ server: LanguageServer, _ method: String, _ file: String, _ at: (line: Int, character: Int), _ extra: [String: Any] = [:]) -> [String: Any] {
    var params: [String: Any] = ["textDocument": ["uri": "file:///specs/\(file)"], "position": ["line": at.line, "character": at.character]]
    params.merge(extra) { $1 }
    return helper.send(server, method, id: 7, params).first { $0["id"] != nil } ?? [:]
  }

  func start(_ location: Any?) -> (String, Int, Int)? {
    guard let location = location as? [String: Any], let uri = location["uri"] as? String,
      let start = (location["range"] as? [String: Any])?["start"] as? [String: Int]
    else { return nil }
    return (URL(string: uri)?.lastPathComponent ?? "", start["line"] ?? -1, start["character"] ?? -1)
  }

  @Test("from: child.action goes to the action in the child's spec; each: goes to the file; a parameter to its declaration")
  func definition() throws {
    let server = server()
    let action = request(server, "textDocument/definition", "list.yaml", position(of: "rows.started", in: Self.list, offset: 6))
    #expect(start(action["result"]).map { [$0.0, "\($0.1)", "\($0.2)"] } == ["row.yaml", "6", "2"])
    let child = request(server, "textDocument/definition", "list.yaml", position(of: "rows.started", in: Self.list, offset: 1))
    #expect(start(child["result"]).map { [$0.0, "\($0.1)", "\($0.2)"] } == ["list.yaml", "10", "2"])
    let file = request(server, "textDocument/definition", "list.yaml", position(of: "row.yaml", in: Self.list))
    #expect(start(file["result"]).map { [$0.0, "\($0.1)"] } == ["row.yaml", "0"])
    let parameter = request(server, "textDocument/definition", "list.yaml", position(of: "= name", in: Self.list, offset: 3))
    #expect(start(parameter["result"]).map { [$0.0, "\($0.1)", "\($0.2)"] } == ["list.yaml", "18", "24"])
    let field = request(server, "textDocument/definition", "list.yaml", position(of: "items[0].name", in: Self.list, offset: 10))
    #expect(start(field["result"]).map { [$0.0, "\($0.1)", "\($0.2)"] } == ["list.yaml", "5", "6"])
    let nothing = request(server, "textDocument/definition", "list.yaml", position(of: "feature", in: Self.list))
    #expect(nothing["result"] is NSNull)
  }

  @Test("the references of a child's action: its declaration, the parent's from: and the parent's example")
  func references() throws {
    let server = server()
    let reply = request(
      server, "textDocument/references", "row.yaml", position(of: "started", in: Self.row), ["context": ["includeDeclaration": true]])
    let found = try #require(reply["result"] as? [Any]).compactMap(start)
    #expect(found.map { "\($0.0):\($0.1):\($0.2)" } == ["list.yaml:21:15", "list.yaml:31:16", "row.yaml:6:2"])
  }

  @Test("a rename of a child's action edits every spec of the tree, and the renamed tree checks")
  func renameAcrossTheTree() throws {
    let server = server()
    let reply = request(server, "textDocument/rename", "list.yaml", position(of: "rows.started", in: Self.list, offset: 7), ["newName": "begun"])
    let changes = try #require((reply["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
    #expect(changes.keys.sorted() == ["file:///specs/list.yaml", "file:///specs/row.yaml"])
    var texts = ["list.yaml": Self.list, "row.yaml": Self.row]
    for (uri, edits) in changes {
      let name = URL(string: uri)!.lastPathComponent
      var lines = texts[name]!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for edit in edits.reversed() {
        let range = edit["range"] as! [String: [String: Int]]
        let line = range["start"]!["line"]!
        var characters = Array(lines[line])
        characters.replaceSubrange(range["start"]!["character"]!..<range["end"]!["character"]!, with: Array(edit["newText"] as! String))
        lines[line] = String(characters)
      }
      texts[name] = lines.joined(separator: "\n")
    }
    #expect(texts["list.yaml"]!.contains("from: rows.begun") && texts["list.yaml"]!.contains("rows[0].begun:"))
    #expect(texts["row.yaml"]!.contains("  begun:"))
    let (_, warnings) = try DocumentChecking.check(
      texts["list.yaml"]!, path: "/specs/list.yaml", readFile: { path in texts[URL(fileURLWithPath: path).lastPathComponent].map { Array($0.utf8) } })
    #expect(warnings.allSatisfy { $0.severity == .warning })
  }

  @Test("a rename is refused with its reason: a persisted field, a name the specs would not accept, not a name")
  func renameRefused() throws {
    let server = server()
    let persisted = request(server, "textDocument/rename", "list.yaml", position(of: "name: String", in: Self.list), ["newName": "label"])
    let message = try #require((persisted["error"] as? [String: Any])?["message"] as? String)
    #expect(message.contains("field 'name' of Item is persisted") && message.contains("migration"))
    let clash = request(server, "textDocument/rename", "list.yaml", position(of: "saved: String", in: Self.list), ["newName": "items"])
    #expect(((clash["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("the rename would make the specs wrong") == true)
    let invalid = request(server, "textDocument/rename", "list.yaml", position(of: "saved: String", in: Self.list), ["newName": "2x"])
    #expect(((invalid["error"] as? [String: Any])?["message"] as? String)?.contains("is not a name") == true)
    let fine = request(server, "textDocument/rename", "list.yaml", position(of: "saved: String", in: Self.list), ["newName": "heardNote"])
    let edits = try #require(((fine["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?["file:///specs/list.yaml"])
    #expect(edits.count == 3)
  }

  /// The reply to a rename at `text` (+ `offset`) in a spec of its own.
  func renameAlone(_ spec: String, at text: String, offset: Int = 0, to newName: String) -> [String: Any] {
    let server = helper.server(["/specs/alone.yaml": spec])
    _ = helper.open(server, "alone.yaml", spec)
    return request(server, "textDocument/rename", "alone.yaml", position(of: text, in: spec, offset: offset), ["newName": newName])
  }

  func refusal(_ reply: [String: Any]) -> String? {
    (reply["error"] as? [String: Any])?["message"] as? String
  }

  @Test("a rename that would change what another name reads is refused (a parameter capturing it, a string whose places aren't known); a case renamed where it is its enum's only")
  func renameKeepsMeanings() throws {
    let captured = renameAlone(
      "feature: A\nstate: { count: Int = 0, total: Int = 0 }\nactions: { add: { payload: { amount: Int }, reduce: set total = count + amount } }\n",
      at: "count: Int", to: "amount")
    #expect(refusal(captured)?.hasPrefix("the rename would change what alone.yaml:3:") == true)
    let escaped = renameAlone(
      "feature: A\nstate: { title: String = \"\", draft: String = \"\" }\nactions:\n  save:\n    payload: { title: String }\n    reduce: \"set draft = title + \\\"!\\\"\"\n",
      at: "title: String }", to: "text")
    #expect(refusal(escaped)?.contains("in a string whose places aren't known") == true)
    let otherEnum = renameAlone(
      "feature: A\nenums: { Priority: [low, high, urgent], Level: [high, top] }\nstate:\n  level: Level = high\n  priority: Priority = low\n"
        + "derived:\n  alarm: level == top && priority == high\n",
      at: "Level: [high", offset: 8, to: "urgent")
    // Level's `high` is renamed where it is Level's (its case and the default), not in `priority == high`.
    let edits = (otherEnum["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]
    #expect(edits?["file:///specs/alone.yaml"]?.compactMap { ($0["range"] as? [String: [String: Int]])?["start"]?["line"] } == [1, 3])
    let fine = renameAlone(
      "feature: A\nstate: { count: Int = 0, total: Int = 0 }\nactions: { add: { payload: { amount: Int }, reduce: set total = count + amount } }\n",
      at: "count: Int", to: "tally")
    #expect(((fine["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?["file:///specs/alone.yaml"]?.count == 2)
  }

  func labels(_ reply: [String: Any]) -> [String] {
    ((reply["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
  }

  @Test("completion: a child's actions after from: child., the names an expression reads, an action's keys, spec files")
  func completion() {
    let server = server()
    let fromChild = labels(request(server, "textDocument/completion", "list.yaml", position(of: "rows.started", in: Self.list, offset: 5)))
    #expect(fromChild == ["started", "renamed"])
    let value = labels(request(server, "textDocument/completion", "list.yaml", position(of: "= note", in: Self.list, offset: 2)))
    #expect(value.starts(with: ["note", "items", "saved", "rows"]))
    #expect(value.contains("min") && value.contains("state") && !value.contains("set"))
    let operation = labels(request(server, "textDocument/completion", "list.yaml", position(of: "set saved", in: Self.list)))
    #expect(operation.contains("set") && operation.contains("append") && operation.contains("toggle"))
    let member = labels(request(server, "textDocument/completion", "list.yaml", position(of: "items[0].name", in: Self.list, offset: 9)))
    #expect(member == ["id", "name"])
    let keys = labels(request(server, "textDocument/completion", "list.yaml", position(of: "    reduce: append rows", in: Self.list, offset: 4)))
    #expect(keys.contains("payload") && keys.contains("reduce") && keys.contains("from"))
    let types = labels(request(server, "textDocument/completion", "list.yaml", position(of: "{ item: Item }", in: Self.list, offset: 8)))
    #expect(types.contains("String") && types.contains("Item"))
  }

  @Test("hover: an action's payload and the Swift case it generates; a key's documentation")
  func hover() throws {
    let server = server()
    let reply = request(server, "textDocument/hover", "list.yaml", position(of: "rows.started", in: Self.list, offset: 8))
    let text = try #require(((reply["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
    #expect(text.contains("**action** `started` in row.yaml"))
    #expect(text.contains("case started(note: String)"))
    let key = request(server, "textDocument/hover", "list.yaml", position(of: "    from: rows", in: Self.list, offset: 5))
    let keyText = try #require(((key["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
    #expect(keyText.hasPrefix("**from** (action)"))
  }

  /// The diagnostics published for list.yaml among `messages`.
  func listDiagnostics(_ messages: [[String: Any]]) -> [[String: Any]]? {
    messages.first { ($0["params"] as? [String: Any])?["uri"] as? String == "file:///specs/list.yaml" }.flatMap {
      ($0["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }
  }

  /// The code actions list.yaml gets for its diagnostics.
  func codeActions(_ server: LanguageServer, for diagnostics: [[String: Any]]) -> [[String: Any]]? {
    let params: [String: Any] = [
      "textDocument": ["uri": "file:///specs/list.yaml"], "range": diagnostics[0]["range"]!, "context": ["diagnostics": diagnostics],
    ]
    return helper.send(server, "textDocument/codeAction", id: 3, params).first { $0["id"] != nil }?["result"] as? [[String: Any]]
  }

  @Test("a did-you-mean diagnostic is offered as a quick fix that writes the name meant")
  func quickFix() throws {
    let server = server()
    let typo = Self.list.replacingOccurrences(of: "reduce: set saved = note", with: "reduce: set savd = note")
    let published = helper.change(server, "list.yaml", typo)
    let diagnostics = try #require(listDiagnostics(published))
    #expect(diagnostics.count == 1)
    let actions = try #require(codeActions(server, for: diagnostics))
    #expect(actions.map { $0["title"] as? String } == ["Change 'savd' to 'saved'"])
    let edit = ((actions[0]["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?["file:///specs/list.yaml"]?.first
    let range = edit?["range"] as? [String: [String: Int]]
    #expect(range?["start"]?["character"] == 16 && range?["end"]?["character"] == 20 && edit?["newText"] as? String == "saved")
  }

  @Test("a missing key is offered as a quick fix that writes it before the mapping's first key")
  func missingKeyFix() throws {
    let server = server()
    let unnamed = Self.list.replacingOccurrences(of: "  - name: a row's start is heard\n    when:", with: "  - when:")
    let published = helper.change(server, "list.yaml", unnamed)
    let diagnostics = try #require(listDiagnostics(published))
    #expect((diagnostics.first?["message"] as? String)?.hasPrefix("missing required key 'name'") == true)
    let actions = try #require(codeActions(server, for: diagnostics))
    #expect(actions.first?["title"] as? String == "Add 'name:'")
    let edit = ((actions.first?["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?["file:///specs/list.yaml"]?.first
    #expect(edit?["newText"] as? String == "name: \n    ")
    #expect((edit?["range"] as? [String: [String: Int]])?["start"] == ["line": 27, "character": 4])
  }

  @Test("a parent's error caused by its child's points to the child's errors")
  func relatedInformation() throws {
    let server = server()
    let published = helper.change(server, "row.yaml", Self.row.replacingOccurrences(of: "set title = note", with: "sett title = note"))
    let list = try #require(listDiagnostics(published))
    let related = try #require(list.first?["relatedInformation"] as? [[String: Any]])
    #expect(related.count == 1)
    #expect((related[0]["location"] as? [String: Any])?["uri"] as? String == "file:///specs/row.yaml")
    #expect((related[0]["message"] as? String)?.hasPrefix("unknown reduce operation 'sett'") == true)
  }

  @Test("a batch: a document changed three times is checked once, in its last text; a cancelled request is answered cancelled")
  func batch() throws {
    let server = server()
    func body(_ message: [String: Any]) -> Data { try! JSONSerialization.data(withJSONObject: message) }
    let changes = (3...5).map { version in
      body([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": [
          "textDocument": ["uri": "file:///specs/row.yaml", "version": version],
          "contentChanges": [["text": version == 5 ? Self.row : "feature: [\(version)"]],
        ] as [String: Any],
      ])
    }
    let hover = body([
      "jsonrpc": "2.0", "id": 9, "method": "textDocument/hover",
      "params": ["textDocument": ["uri": "file:///specs/row.yaml"], "position": ["line": 0, "character": 0]] as [String: Any],
    ])
    let cancel = body(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 9]])
    let out = server.handle(batch: changes + [hover, cancel]).map { try! JSONSerialization.jsonObject(with: $0) as! [String: Any] }
    let rowPublished = out.filter { ($0["params"] as? [String: Any])?["uri"] as? String == "file:///specs/row.yaml" }
    #expect(rowPublished.count == 1)
    #expect(((rowPublished.first?["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true)
    let answer = try #require(out.first { $0["id"] as? Int == 9 })
    #expect((answer["error"] as? [String: Any])?["code"] as? Int == -32800)
  }
}

/// An app document's names: its features, their fields in its derived values, its shared
/// actions, read from Specs/.
struct AppNavigationTests {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func definition(_ spec: String, _ text: String, offset: Int) throws -> (file: String, line: String)? {
    let path = root.appendingPathComponent(spec.contains("/") ? spec : "Specs/\(spec)").path
    let written = try String(contentsOfFile: path, encoding: .utf8)
    let lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = try #require(lines.firstIndex { $0.contains(text) })
    let character = lines[line].distance(from: lines[line].startIndex, to: lines[line].range(of: text)!.lowerBound) + offset
    let server = LanguageServer()
    let item: [String: Any] = ["uri": LanguageServer.uri(of: path), "languageId": "yaml", "version": 1, "text": written]
    _ = server.handle(try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": item]]))
    let request: [String: Any] = [
      "jsonrpc": "2.0", "id": 1, "method": "textDocument/definition",
      "params": ["textDocument": ["uri": LanguageServer.uri(of: path)], "position": ["line": line, "character": character]],
    ]
    let reply = try #require(server.handle(try JSONSerialization.data(withJSONObject: request)).first)
    guard let result = (try JSONSerialization.jsonObject(with: reply) as? [String: Any])?["result"] as? [String: Any],
      let uri = result["uri"] as? String, let target = LanguageServer.path(of: uri),
      let targetLine = ((result["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
    else { return nil }
    let targetLines = try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    return (URL(fileURLWithPath: target).lastPathComponent, targetLines[targetLine].trimmingCharacters(in: .whitespaces))
  }

  @Test("an app's feature goes to its spec; FEATURE.FIELD to the field; a bare name over a feature's list to the element's field")
  func appDerived() throws {
    #expect(try definition("app.yaml", "taskList: tasklist.yaml", offset: 1)?.file == "app.yaml")
    #expect(try definition("app.yaml", "tasklist.yaml", offset: 1)?.file == "tasklist.yaml")
    let field = try definition("app.yaml", "count taskList.tasks", offset: 16)
    #expect(field?.file == "tasklist.yaml" && field?.line == "tasks: [Task]")
    let element = try definition("app.yaml", "where !isCompleted", offset: 8)
    #expect(element?.file == "tasklist.yaml" && element?.line == "isCompleted: Bool = false")
  }

  @Test("names read as the checker reads them: a selector's parameter, an element's field first in a sum, an outcome's payload, a pushed feature's field")
  func scopes() throws {
    let parameter = try definition("edgecases.yaml", "book(id): books[id]", offset: 16)
    #expect(parameter?.line == "book(id): books[id]")
    let elementField = try definition("edgecases.yaml", "cheapTotal: sum lines.count * price", offset: 30)
    #expect(elementField?.line == "price: Double = 1")  // Line's, not the state's `price: Double = 2`
    let elementCount = try definition("tallies.yaml", "total: sum tallies.count", offset: 19)
    #expect(elementCount?.file == "tally.yaml" && elementCount?.line.hasPrefix("count: Int") == true)
    let scoped = try definition("edgecases.yaml", "totalInit: sum tasks.init where element.default", offset: 41)
    #expect(scoped?.line.hasPrefix("default: ") == true)
    let outcome = try definition("edgecases.yaml", "onFailure: set lastAction = error", offset: 28)
    #expect(outcome?.line == "failure: { error: Action }")
    let operand = try definition("tally.yaml", "reduce: increment count", offset: 18)
    #expect(operand?.line.hasPrefix("count: Int") == true)
    let pushed = try definition("Examples/SyncUps/Specs/syncupslist.yaml", "push path.recordMeeting with syncUp = syncUp", offset: 29)
    #expect(pushed?.file == "recordmeeting.yaml" && pushed?.line.hasPrefix("syncUp: ") == true)
    let theme = try definition("Examples/SyncUps/Specs/syncupform.yaml", "theme: Theme = bubblegum", offset: 16)
    #expect(theme?.line.contains("bubblegum") == true && theme?.line.hasPrefix("Theme:") == true)
    let button = try definition("Examples/SyncUps/Specs/syncupdetail.yaml", "alert.deleteConfirmed", offset: 7)
    #expect(button?.line == "deleteConfirmed:")
  }

  @Test("a place a YAML alias repeats counts once: references are unique, and a rename through it answers")
  func aliases() throws {
    let path = root.appendingPathComponent("Examples/SyncUps/Specs/syncupform.yaml").path
    let written = try String(contentsOfFile: path, encoding: .utf8)
    let lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = try #require(lines.firstIndex { $0.hasPrefix("      minutes: Int") })
    let server = LanguageServer()
    let uri = LanguageServer.uri(of: path)
    let item: [String: Any] = ["uri": uri, "languageId": "yaml", "version": 1, "text": written]
    _ = server.handle(try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": item]]))
    func ask(_ method: String, _ extra: [String: Any]) throws -> [String: Any] {
      var params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": 8]]
      params.merge(extra) { $1 }
      let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": 1, "method": method, "params": params] as [String: Any])
      return try #require(server.handle(body).compactMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }.first { $0["id"] != nil })
    }
    let references = try #require(try ask("textDocument/references", ["context": ["includeDeclaration": true]])["result"] as? [[String: Any]])
    let unique = Set(references.map { "\($0["uri"]!)\($0["range"]!)" })
    #expect(references.count == unique.count && references.count >= 3)
    let renamed = try ask("textDocument/rename", ["newName": "m"])
    #expect(renamed["result"] != nil || renamed["error"] != nil)
  }

  /// Completion at the end of `typed`, written over the line of `spec` that contains `replacing`.
  func completion(_ spec: String, replacing: String, with typed: String) throws -> [String] {
    let path = root.appendingPathComponent(spec).path
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = try #require(lines.firstIndex { $0.contains(replacing) })
    lines[line] = typed
    let server = LanguageServer()
    let uri = LanguageServer.uri(of: path)
    // Opened as saved, then typed into (what is typed may not read as YAML yet).
    let item: [String: Any] = ["uri": uri, "languageId": "yaml", "version": 1, "text": try String(contentsOfFile: path, encoding: .utf8)]
    _ = server.handle(try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": item]]))
    let change: [String: Any] = ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": lines.joined(separator: "\n")]]]
    _ = server.handle(try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": change]))
    let params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": typed.utf16.count]]
    let body = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion", "params": params] as [String: Any])
    let reply = try #require(server.handle(body).compactMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }.first { $0["id"] != nil })
    return ((reply["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
  }

  @Test("completion knows the elements after where, the feature pushed after with, an alert's buttons, a child's actions in dismissOn")
  func completionInContext() throws {
    let form = "Examples/SyncUps/Specs/syncupform.yaml"
    let list = "Examples/SyncUps/Specs/syncupslist.yaml"
    let whereNames = try completion(form, replacing: "namedAttendees:", with: "  namedAttendees: count syncUp.attendees where ")
    #expect(whereNames.starts(with: ["id", "name"]))
    #expect(try completion(form, replacing: "namedAttendees:", with: "  namedAttendees: count syncUp.attendees where element.") == ["id", "name"])
    let pushed = try completion(list, replacing: "push path.recordMeeting with", with: "    reduce: push path.recordMeeting with ")
    #expect(pushed == ["syncUp", "speakerIndex", "secondsElapsed", "transcript"])
    let dismiss = try completion(list, replacing: "addSyncUp: { presents:", with: "  addSyncUp: { presents: syncupform.yaml, dismissOn: [")
    #expect(dismiss.contains("done") && dismiss.contains("cancel") && !dismiss.contains("addSyncUp"))
    let theme = try completion(form, replacing: "theme: Theme = bubblegum", with: "      theme: Theme = ")
    #expect(theme.starts(with: ["bubblegum", "buttercup"]))
  }

  @Test("an app's shared action goes to the action of the first feature it lists")
  func sharedAction() throws {
    let action = try definition("shop.yaml", "addToCart: [products, cart]", offset: 2)
    #expect(action?.file == "products.yaml" && action?.line.hasPrefix("addToCart:") == true)
  }
}

/// Where a place is in a spec's structure, read from indentation (a spec being typed too).
struct SpecPositionTests {
  func position(_ text: String) -> SpecPosition {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = lines.firstIndex { $0.contains("|") }!
    let character = Array(lines[line]).firstIndex(of: "|")!
    var cleaned = lines
    cleaned[line] = lines[line].replacingOccurrences(of: "|", with: "")
    return SpecPosition(lines: cleaned, line: line, character: character)
  }

  @Test("keys and values, in blocks, in lists and in flow mappings")
  func positions() {
    let action = position("actions:\n  add:\n    red|")
    #expect(action.path == ["actions", "add"] && action.isKey && action.word == "red")
    let value = position("actions:\n  add:\n    reduce: set co|")
    #expect(value.path == ["actions", "add"] && value.key == "reduce" && value.word == "co")
    let flow = position("actions:\n  add:\n    payload: { item: It|")
    #expect(flow.path == ["actions", "add", "payload"] && flow.key == "item")
    let flowKey = position("actions:\n  add:\n    payload: { |")
    #expect(flowKey.path == ["actions", "add", "payload"] && flowKey.isKey)
    let sequence = position("middleware:\n  Log:\n    on: [add, re|")
    #expect(sequence.path == ["middleware", "Log"] && sequence.key == "on")
    let item = position("examples:\n  - name: x\n    when:\n      - ad|")
    #expect(item.path == ["examples", "-"] && item.key == "when")
    let exampleKey = position("examples:\n  - name: x\n    wh|")
    #expect(exampleKey.path == ["examples", "-"] && exampleKey.isKey)
    let button = position("alerts:\n  A:\n    buttons:\n      - { label: Reset, action: re|")
    #expect(button.key == "action")
    #expect(SpecPosition.definition(of: exampleKey.path, isApp: false) == "example")
  }
}
