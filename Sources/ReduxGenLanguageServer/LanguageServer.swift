import Foundation
import ReduxGenCore

/// `redux-gen lsp`: a language server for specs, over LSP 3.17's JSON-RPC. It checks each open
/// document's unsaved text with the checker `redux-gen` runs, so the editor shows the CLI's
/// errors and warnings, in the CLI's words, at their places: a child spec's in the child's file.
///
/// One message in, the messages it makes out: the stream is the caller's (`run(reader:write:)`),
/// so tests drive the server without a process.
package final class LanguageServer {
  /// An open document: its text as the editor has it, and its version.
  private struct Document {
    var text: String
    var version: Int
  }

  private var documents: [String: Document] = [:]
  /// The documents each open document's check published diagnostics to (itself, the specs it
  /// holds or uses): cleared there when the check no longer finds any.
  private var published: [String: Set<String>] = [:]
  /// The files each open document's check read (the specs it holds or uses, directly or not):
  /// a change to one checks the document again.
  private var readBy: [String: Set<String>] = [:]
  private var shutdownRequested = false
  /// Reads a file the editor doesn't have open.
  private let readDisk: (String) -> [UInt8]?
  /// The specs' names: open documents as typed, the others as saved.
  private(set) var workspace: SpecWorkspace!
  /// Each open document's texts before its last change, newest first (a few): completion reads
  /// names from the newest that reads as YAML while the one being typed doesn't.
  private var earlierTexts: [String: [String]] = [:]
  /// The files each spec generated when last asked (hover), with the text they were made from.
  var generated: [String: (text: String, files: [GeneratedFile]?)] = [:]

  package init(readDisk: @escaping (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { Array($0) } }) {
    self.readDisk = readDisk
    workspace = SpecWorkspace(
      read: { [unowned self] path in
        if let open = self.documents[Self.uri(of: path)] { return open.text }
        return self.readDisk(path).map { String(decoding: $0, as: UTF8.self) }
      },
      open: { [unowned self] in self.documents.keys.sorted().compactMap(Self.path(of:)) },
      history: { [unowned self] path in self.earlierTexts[Self.uri(of: path)] ?? [] })
  }

  /// The exit code once `exit` arrives: 0 after `shutdown`, 1 otherwise (LSP's rule).
  package private(set) var exitCode: Int32?

  /// Reads messages until `exit` or the end of the stream, writing each reply and notification.
  /// The stream is read on a thread of its own; what it read while the server worked is handled
  /// as one batch (`handle(batch:)`).
  package func run(read: @escaping @Sendable (Int) -> Data?, write: (Data) -> Void) {
    let inbox = MessageInbox()
    let reading = Thread {
      var reader = MessageReader(read: read)
      while let body = reader.next() { inbox.put(body) }
      inbox.finish()
    }
    reading.start()
    while exitCode == nil, let batch = inbox.takeAll() {
      for message in handle(batch: batch) { write(framed(message)) }
    }
  }

  /// The messages a batch of messages makes. A request cancelled in the batch is answered
  /// "cancelled" (LSP's -32800) without being worked; a document changed several times is
  /// checked once, in its last text, after the batch's requests are answered.
  package func handle(batch: [Data]) -> [Data] {
    let messages = batch.map { body in (body, (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) }
    let cancelled = Set(
      messages.compactMap { _, message -> String? in
        guard message?["method"] as? String == "$/cancelRequest", let params = message?["params"] as? [String: Any], let id = params["id"] else {
          return nil
        }
        return "\(id)"
      })
    var out: [Data] = []
    var changed: [String] = []
    for (body, message) in messages {
      guard exitCode == nil else { break }
      if let message, let id = message["id"], message["method"] != nil, cancelled.contains("\(id)") {
        let error: [String: Any] = ["code": -32800, "message": "cancelled"]
        out.append(Self.encode(["jsonrpc": "2.0", "id": id, "error": error]))
      } else if let message, message["method"] as? String == "textDocument/didChange", let uri = apply(change: message["params"] as? [String: Any] ?? [:]) {
        if !changed.contains(uri) { changed.append(uri) }
      } else {
        out += handle(body)
      }
    }
    for uri in changed { out += recheck(uri).map(Self.encode) }
    return out
  }

  /// The messages one message's body makes: a reply to a request, notifications.
  package func handle(_ body: Data) -> [Data] {
    guard let object = try? JSONSerialization.jsonObject(with: body), let message = object as? [String: Any] else {
      let error: [String: Any] = ["code": -32700, "message": "not a JSON object"]
      return [Self.encode(["jsonrpc": "2.0", "id": NSNull(), "error": error])]
    }
    let method = message["method"] as? String ?? ""
    let id = message["id"]
    let params = message["params"] as? [String: Any] ?? [:]
    var out: [[String: Any]] = []
    func reply(_ result: Any) { out.append(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": result]) }
    func fail(_ code: Int, _ text: String) {
      let error: [String: Any] = ["code": code, "message": text]
      out.append(["jsonrpc": "2.0", "id": id ?? NSNull(), "error": error])
    }
    switch method {
    case "initialize":
      let sync: [String: Any] = ["openClose": true, "change": 1]
      let completion: [String: Any] = ["triggerCharacters": [".", " ", "[", ":", "{", ","]]
      let capabilities: [String: Any] = [
        "textDocumentSync": sync, "positionEncoding": "utf-16", "documentSymbolProvider": true, "completionProvider": completion,
        "hoverProvider": true, "definitionProvider": true, "referencesProvider": true, "renameProvider": ["prepareProvider": true],
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      ]
      let result: [String: Any] = ["capabilities": capabilities, "serverInfo": ["name": "redux-gen"]]
      reply(result)
    case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
      break
    case "shutdown":
      shutdownRequested = true
      reply(NSNull())
    case "exit":
      exitCode = shutdownRequested ? 0 : 1
    case "textDocument/didOpen":
      guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
        let text = item["text"] as? String
      else { break }
      documents[uri] = Document(text: text, version: item["version"] as? Int ?? 0)
      out += check(uri)
    case "textDocument/didChange":
      if let uri = apply(change: params) { out += recheck(uri) }
    case "textDocument/documentSymbol":
      // The outline of the document as the editor has it (as saved, if it isn't open).
      guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String, let path = Self.path(of: uri)
      else { return [Self.encode(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": [[String: Any]]()])] }
      let text = documents[uri]?.text ?? readDisk(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
      reply(DocumentSymbols.symbols(text, path: path))
    case "textDocument/completion":
      reply(completion(params))
    case "textDocument/hover":
      reply(hover(params))
    case "textDocument/definition":
      reply(definition(params))
    case "textDocument/references":
      reply(references(params))
    case "textDocument/prepareRename":
      reply(prepareRename(params))
    case "textDocument/rename":
      do {
        reply(try rename(params))
      } catch {
        fail(-32803, error.message)
      }
    case "textDocument/codeAction":
      reply(codeActions(params))
    case "textDocument/didClose":
      guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else { break }
      documents[uri] = nil
      earlierTexts[uri] = nil
      readBy[uri] = nil
      for target in (published.removeValue(forKey: uri) ?? []).sorted() where !isPublished(target) {
        out.append(Self.diagnostics(uri: target, []))
      }
    default:
      // A request this server doesn't answer; a notification is let go.
      if id != nil { fail(-32601, "redux-gen's language server has no method '\(method)'") }
    }
    return out.map(Self.encode)
  }

  /// Takes a document's new text (full sync); its URI, nil for a change that isn't one.
  private func apply(change params: [String: Any]) -> String? {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
      let changes = params["contentChanges"] as? [[String: Any]], let text = changes.last?["text"] as? String
    else { return nil }
    if let earlier = documents[uri]?.text, earlier != text {
      earlierTexts[uri] = Array(([earlier] + (earlierTexts[uri] ?? [])).prefix(8))
    }
    documents[uri] = Document(text: text, version: item["version"] as? Int ?? 0)
    return uri
  }

  /// Checks a changed document, then the open specs that hold or use it (they see it as it is
  /// now).
  private func recheck(_ uri: String) -> [[String: Any]] {
    var out = check(uri)
    for other in documents.keys.sorted() where other != uri && readBy[other]?.contains(uri) == true {
      out += check(other)
    }
    return out
  }

  /// Whether another open document's check still shows diagnostics in `target`.
  private func isPublished(_ target: String) -> Bool {
    published.values.contains { $0.contains(target) }
  }

  /// The diagnostics of the open document `uri`, each file's on its own URI, and an empty list
  /// for a file that had some and has none now.
  private func check(_ uri: String) -> [[String: Any]] {
    guard let document = documents[uri], let path = Self.path(of: uri) else { return [] }
    var read: Set<String> = []
    let readFile = { (file: String) -> [UInt8]? in
      let fileURI = Self.uri(of: file)
      read.insert(fileURI)
      if let open = self.documents[fileURI] { return Array(open.text.utf8) }
      return self.readDisk(file)
    }
    var found: [Diagnostic]
    do {
      found = try DocumentChecking.check(document.text, path: path, readFile: readFile).1
    } catch {
      found = error.diagnostics
    }
    readBy[uri] = read
    var byURI: [String: [Diagnostic]] = [uri: []]
    for diagnostic in found { byURI[Self.uri(of: diagnostic.location.file), default: []].append(diagnostic) }
    var out: [[String: Any]] = []
    var objects: [String: [[String: Any]]] = [:]
    for (target, diagnostics) in byURI {
      let text = documents[target]?.text ?? Self.path(of: target).flatMap(readDisk).map { String(decoding: $0, as: UTF8.self) } ?? ""
      let lines = DiagnosticRanges.lines(of: text)
      objects[target] = diagnostics.map { DiagnosticRanges.object($0, lines: lines) }
    }
    // A spec's error that a child's errors cause ("the child feature's spec 'tally.yaml' has
    // errors") points to each of them.
    for (target, list) in objects {
      objects[target] = list.map { object in
        guard let message = object["message"] as? String else { return object }
        let causes = objects.filter { other in
          other.key != target && Self.path(of: other.key).map { message.contains("'\(URL(fileURLWithPath: $0).lastPathComponent)'") } == true
        }
        guard !causes.isEmpty else { return object }
        var linked = object
        linked["relatedInformation"] = causes.sorted { $0.key < $1.key }.flatMap { cause in
          cause.value.map { ["location": ["uri": cause.key, "range": $0["range"] ?? [:]], "message": $0["message"] ?? ""] as [String: Any] }
        }
        return linked
      }
    }
    for (target, list) in objects.sorted(by: { $0.key < $1.key }) {
      out.append(Self.diagnostics(uri: target, list))
    }
    let before = published[uri] ?? []
    published[uri] = Set(byURI.keys)
    for target in before.subtracting(byURI.keys).sorted() where !isPublished(target) {
      out.append(Self.diagnostics(uri: target, []))
    }
    return out
  }

  private static func diagnostics(uri: String, _ diagnostics: [[String: Any]]) -> [String: Any] {
    let params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
    return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params]
  }

  private static func encode(_ message: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  }

  /// The file a `file:` URI names; nil for another scheme.
  package static func path(of uri: String) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    return url.standardizedFileURL.path
  }

  /// The `file:` URI of a path (made absolute from the working directory).
  package static func uri(of path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.absoluteString
  }
}
