import Foundation
import ReduxGenCore

/// What the server knows of a session: the spec, the log of what the app sent (bounded), the
/// commands the page asked for until the app takes them, and the pages to tell.
///
/// Messages to a page are JSON objects with a `type`: `hello` (the spec's forms and the whole
/// log), `events` (new entries and the count dropped so far), `results` (of commands),
/// `cleared`, `export` (a text made from the log) and `problem`.
package actor InspectorHub {
  let spec: Spec
  let specPath: String
  let specText: String
  let readFile: @Sendable (String) -> [UInt8]?
  /// How many entries the log keeps; older ones are dropped and counted.
  let capacity: Int

  private var events: [[String: Any]] = []
  private var dropped = 0
  private var session: String?
  /// The state the app's last action (or jump, or skip) left.
  private var lastState: Any?
  private var lastBatch: Date?
  /// When the pages were last told of the app.
  private var lastTold = Date.distantPast
  private var commands: [[String: Any]] = []
  private var nextCommand = 1
  private var pages: [UUID: AsyncStream<String>.Continuation] = [:]

  /// Checks the spec at `path`; throws its problems, located, when it has errors.
  package init(specPath: String, capacity: Int = 20_000) throws {
    guard let data = FileManager.default.contents(atPath: specPath) else {
      throw DevToolsError("\(specPath): can't read the spec")
    }
    let text = String(decoding: data, as: UTF8.self)
    let readFile: @Sendable (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { Array($0) } }
    do {
      self.spec = try DocumentChecking.checkFeature(text, path: specPath, readFile: readFile).0
    } catch {
      throw DevToolsError(error.diagnostics.map(Self.describe).joined(separator: "\n"))
    }
    self.specPath = specPath
    self.specText = text
    self.readFile = readFile
    self.capacity = max(1, capacity)
  }

  static func describe(_ diagnostic: Diagnostic) -> String {
    let location = diagnostic.location
    return "\(location.file):\(location.line):\(location.column): \(diagnostic.severity): \(diagnostic.message)"
  }

  // MARK: The app

  /// A batch from the app's `InspectorConnection`; answers the status and the commands waiting.
  package func receive(batch data: Data) -> (Int, Data) {
    guard let batch = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return (400, Self.json(["error": "the batch isn't a JSON object"]))
    }
    let feature = batch["feature"] as? String ?? ""
    guard feature == spec.feature else {
      return (
        409, Self.json(["error": "this inspector shows \(spec.feature) (\(specPath)); the app sent \(feature)"])
      )
    }
    lastBatch = Date()
    var new: [[String: Any]] = []
    if let session = batch["session"] as? String, session != self.session {
      self.session = session
      new.append(["kind": "session", "session": session])
    }
    if let hello = batch["hello"] as? [String: Any] {
      new.append(["kind": "hello", "state": hello["state"] ?? NSNull(), "sequence": hello["sequence"] ?? 0])
    }
    if let count = batch["dropped"] as? Int, count > 0 {
      dropped += count
      new.append(["kind": "dropped", "count": count])
    }
    for var event in (batch["events"] as? [[String: Any]]) ?? [] {
      // The app sends a state once: an action's `before` is the state the event before it left.
      if event["kind"] as? String == "action", event["state"] != nil, event["before"] == nil {
        event["before"] = lastState ?? NSNull()
      }
      if ["action", "jump", "skip"].contains(event["kind"] as? String) { lastState = event["state"] }
      new.append(event)
    }
    append(new)
    if let results = batch["results"] as? [[String: Any]], !results.isEmpty {
      broadcast(["type": "results", "results": results])
    }
    if !new.isEmpty {
      broadcast(["type": "events", "events": new, "dropped": dropped])
      lastTold = Date()
    } else if Date().timeIntervalSince(lastTold) > 1 {
      // The page says "no app" when it hears nothing for a while.
      broadcast(["type": "alive"])
      lastTold = Date()
    }
    defer { commands = [] }
    return (200, Self.json(["commands": commands]))
  }

  private func append(_ new: [[String: Any]]) {
    events += new
    if events.count > capacity {
      let over = events.count - capacity
      dropped += events[..<over].filter { $0["kind"] as? String == "action" }.count
      events.removeFirst(over)
    }
  }

  /// Whether an app sent a batch in the last two seconds.
  var isConnected: Bool { lastBatch.map { Date().timeIntervalSince($0) < 2 } ?? false }

  // MARK: Pages

  package func attachPage() -> (UUID, AsyncStream<String>) {
    let id = UUID()
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
    pages[id] = continuation
    continuation.yield(
      Self.text([
        "type": "hello", "feature": spec.feature, "spec": SpecForms.description(of: spec), "specPath": specPath,
        "events": events, "dropped": dropped, "connected": isConnected,
      ]))
    return (id, stream)
  }

  package func detachPage(_ id: UUID) {
    pages.removeValue(forKey: id)?.finish()
  }

  private func broadcast(_ message: [String: Any]) {
    guard !pages.isEmpty else { return }
    let text = Self.text(message)
    for page in pages.values { page.yield(text) }
  }

  /// A message from a page: a command for the app, `clear`, or `export`.
  package func pageSent(_ text: String) {
    guard let message = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let type = message["type"] as? String
    else { return broadcast(["type": "problem", "message": "the page sent something that isn't JSON"]) }
    switch type {
    case "jump", "skip", "dispatch", "replay":
      var command = message
      command.removeValue(forKey: "type")
      command["kind"] = type
      command["id"] = nextCommand
      nextCommand += 1
      commands.append(command)
      var note: [String: Any] = ["type": "queued", "id": command["id"]!, "kind": type]
      if !isConnected { note["warning"] = "no app is connected: the command waits for one" }
      broadcast(note)
    case "clear":
      events = []
      dropped = 0
      broadcast(["type": "cleared"])
    case "export":
      broadcast(export(message))
    default:
      broadcast(["type": "problem", "message": "unknown message '\(type)'"])
    }
  }

  // MARK: Export

  /// `export(_:)` of a JSON request, as JSON text.
  func export(json request: String) -> String {
    let message = (try? JSONSerialization.jsonObject(with: Data(request.utf8)) as? [String: Any]) ?? [:]
    return Self.text(export(message))
  }

  /// The actions from `from` to `to` (sequence numbers, both kept) since the last jump, skip or
  /// new session before `to`, as the `format` asked (`recording`, `example`, `test`).
  func export(_ message: [String: Any]) -> [String: Any] {
    let format = message["format"] as? String ?? "example"
    let from = message["from"] as? Int ?? 0
    let to = message["to"] as? Int ?? Int.max
    let name = (message["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "a session in the inspector"
    var stretch: [[String: Any]] = []
    // A jump (or a new session) between two actions of the stretch starts it again after it.
    var startsAgain = false
    for event in events {
      switch event["kind"] as? String {
      case "action":
        guard let sequence = event["sequence"] as? Int, sequence >= from, sequence <= to else { continue }
        // An action whose states weren't kept (actions before it were dropped) starts it again.
        guard event["state"] != nil else {
          startsAgain = true
          continue
        }
        if startsAgain { stretch = [] }
        startsAgain = false
        stretch.append(event)
      case "jump", "session", "hello", "skip":
        // A skip replays the log without an action: the states after it are another line.
        startsAgain = true
      default: continue
      }
    }
    var answer: [String: Any] = ["type": "export", "format": format, "count": stretch.count]
    guard !stretch.isEmpty else {
      answer["problems"] = ["no actions in that stretch of the log"]
      answer["text"] = ""
      return answer
    }
    let export = SessionExport(spec: spec, actions: stretch)
    switch format {
    case "recording":
      answer["text"] = export.recording
      answer["filename"] = "\(spec.feature).recording.jsonl"
    case "test":
      do {
        answer["text"] = try export.test(name: name)
        answer["filename"] = "\(spec.feature)ReplayTests.swift"
      } catch {
        answer["text"] = ""
        answer["problems"] = error.diagnostics.map(Self.describe)
      }
    default:
      let (text, notes) = export.example(name: name)
      answer["text"] = text
      answer["filename"] = "example.yaml"
      answer["notes"] = notes
      answer["problems"] = check(example: text)
    }
    return answer
  }

  /// The spec with `example` added to its `examples:`, checked: the problems, none when the
  /// checker accepts it.
  func check(example: String) -> [String] {
    let text = Self.adding(example: example, to: specText)
    do {
      _ = try DocumentChecking.checkFeature(text, path: specPath, readFile: readFile)
      return []
    } catch {
      return error.diagnostics.map(Self.describe)
    }
  }

  /// `spec` with `example` (an item indented two spaces) as the last of its `examples:`.
  static func adding(example: String, to spec: String) -> String {
    var lines = spec.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("examples:") }) else {
      return spec + (spec.hasSuffix("\n") ? "" : "\n") + "examples:\n" + example
    }
    var end = start + 1
    while end < lines.count, lines[end].isEmpty || lines[end].hasPrefix(" ") || lines[end].hasPrefix("#") { end += 1 }
    while end > start + 1, lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty { end -= 1 }
    lines.insert(contentsOf: example.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), at: end)
    return lines.joined(separator: "\n")
  }

  // MARK: JSON

  static func json(_ object: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
  }

  static func text(_ object: [String: Any]) -> String {
    String(decoding: json(object), as: UTF8.self)
  }
}
