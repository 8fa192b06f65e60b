import Foundation
import ReduxGenCore

/// A stretch of an inspected session turned into what a developer keeps: a ReduxDebugging
/// recording (JSON lines), an `examples:` entry of the spec, or a Swift Testing test replaying
/// the recording (what `redux-gen SPEC --replay-test` writes).
///
/// `actions` are the log's action events (`sequence`, `path`, `action`, `before`, `state`), in
/// order, with no jump or skip between them.
struct SessionExport {
  var spec: Spec
  var actions: [[String: Any]]

  // MARK: Recording

  var recording: String {
    guard let first = actions.first else { return "" }
    var lines = [
      json([
        "recording": "redux-gen", "version": 1, "feature": spec.feature, "state": first["before"] ?? NSNull(),
      ])
    ]
    for event in actions {
      lines.append(json(["action": event["action"] ?? NSNull(), "state": event["state"] ?? NSNull()]))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func test(name: String) throws(DiagnosticsError) -> String {
    try ReplayTests.file(
      for: spec, recording: recording, path: "\(spec.feature).recording.jsonl", name: name, testedModule: nil
    ).contents
  }

  private func json(_ object: [String: Any]) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  // MARK: Example

  /// The entry, indented as an item of `examples:` (two spaces), and what it couldn't say.
  func example(name: String) -> (text: String, notes: [String]) {
    var notes: [String] = []
    guard let first = actions.first, let last = actions.last,
      let before = first["before"] as? [String: Any], let after = last["state"] as? [String: Any]
    else { return ("", ["no actions to export"]) }
    var lines = ["  - name: \(YAMLText.scalar(name))"]
    // Given: the state fields that hold something.
    var given: [String] = []
    // A stack's screens and the children's states are the children's to set: `then` counts them.
    let childFields = Set(spec.stacks.map(\.field) + spec.children.map(\.field))
    let fields = spec.state.filter { !childFields.contains($0.name) }
    for field in fields {
      guard let value = before[field.codingKey], !YAMLText.isEmpty(value), !YAMLText.matches(value, field.defaultValue)
      else { continue }
      if YAMLText.containsSecret(value) {
        notes.append("'\(field.name)' is secret: write its value in 'given' by hand")
        continue
      }
      given.append("      \(field.name): \(YAMLText.value(value, type: field.type, spec: spec))")
    }
    if !given.isEmpty { lines += ["    given:"] + given }
    // Where effects answered, the example runs through the store: what each effect gave becomes
    // `effects:`, its outcome action `receive:`.
    let store = throughStore()
    if let store {
      if !spec.middleware.isEmpty { lines.append("    middleware: []") }
      lines.append("    effects:")
      for (effect, result) in store.effects { lines.append("      \(effect): \(result)") }
    } else if let note = throughStoreNote {
      notes.append(note)
    }
    lines.append("    when:")
    var received: [String] = []
    for (index, event) in actions.enumerated() {
      let step = whenStep(event)
      if let note = step.note { notes.append(note) }
      if store?.outcomes.contains(index) == true {
        received.append("      - \(step.text)")
      } else {
        lines.append("      - \(step.text)")
      }
    }
    if !received.isEmpty { lines += ["    receive:"] + received }
    var then: [String] = []
    for field in fields {
      let old = before[field.codingKey] ?? NSNull()
      let new = after[field.codingKey] ?? NSNull()
      guard !YAMLText.same(old, new) else { continue }
      if YAMLText.containsSecret(new) {
        notes.append("'\(field.name)' is secret: its value after isn't known")
        continue
      }
      then.append("      \(field.name): \(YAMLText.value(new, type: field.type, spec: spec))")
    }
    for field in spec.stacks.map(\.field) + spec.children.map(\.field) {
      let old = before[field] ?? NSNull()
      let new = after[field] ?? NSNull()
      guard !YAMLText.same(old, new) else { continue }
      let list = ((new as? [String: Any])?["screens"] as? [Any]) ?? (new as? [Any])
      if let list {
        then.append("      \(field).count: \(list.count)")
      } else if new is NSNull {
        then.append("      \(field): nil")
      }
    }
    if then.isEmpty {
      // Nothing changed: the example still says so.
      if let field = fields.first(where: { !YAMLText.containsSecret(after[$0.codingKey] ?? NSNull()) }) {
        then.append(
          "      \(field.name): \(YAMLText.value(after[field.codingKey] ?? NSNull(), type: field.type, spec: spec))")
      }
    }
    if !then.isEmpty { lines += ["    then:"] + then }
    return (lines.joined(separator: "\n") + "\n", notes)
  }

  /// An async action's outcome: the request's action, and whether it succeeded.
  private var outcomes: [String: (action: Action, succeeded: Bool)] {
    var outcomes: [String: (action: Action, succeeded: Bool)] = [:]
    for action in spec.actions {
      guard let async = action.async, !async.isStream else { continue }
      outcomes[async.success] = (action, true)
      outcomes[async.failure] = (action, false)
    }
    return outcomes
  }

  /// The effects' results and the positions of the outcome actions, when the stretch holds
  /// outcomes of this feature's requests that `effects:` can say (one result per effect).
  private func throughStore() -> (effects: [(String, String)], outcomes: Set<Int>)? {
    let outcomes = self.outcomes
    var results: [(String, String)] = []
    var positions = Set<Int>()
    for (index, event) in actions.enumerated() {
      let path = event["path"] as? String ?? ""
      guard let (action, succeeded) = outcomes[path] else { continue }
      // Its request must be a step of the example, before it.
      guard actions[..<index].contains(where: { $0["path"] as? String == action.name }) else { return nil }
      guard let async = action.async,
        let payload = (event["action"] as? [String: Any])?[path] as? [String: Any],
        let result = effectResult(payload, of: async, succeeded: succeeded)
      else { continue }
      if let known = results.first(where: { $0.0 == async.effect }) {
        // One result per effect: a second, different one can't be said.
        guard known.1 == result else { return nil }
      } else {
        results.append((async.effect, result))
      }
      positions.insert(index)
    }
    return positions.isEmpty ? nil : (results, positions)
  }

  /// Why outcomes in the stretch are exported as steps through the reducer, if they are.
  private var throughStoreNote: String? {
    let outcomes = self.outcomes
    let held = actions.contains { outcomes[$0["path"] as? String ?? ""] != nil }
    return held
      ? "an effect answered twice differently (or in a way 'effects:' can't say): its outcomes are steps of 'when'"
      : nil
  }

  /// `succeeds`, `{ returns: ... }` or `{ fails: ... }`: what the effect gave, read from its
  /// outcome's payload (the fields the request carries left out).
  private func effectResult(_ payload: [String: Any], of async: AsyncOutcomes, succeeded: Bool) -> String? {
    guard let outcome = spec.actions.first(where: { $0.name == (succeeded ? async.success : async.failure) }) else {
      return nil
    }
    let own = outcome.payload.filter { !async.carried.contains($0.name) }
    guard !YAMLText.containsSecret(payload) else { return nil }
    if succeeded {
      switch own.count {
      case 0: return "succeeds"
      case 1:
        guard let value = payload[own[0].name] else { return nil }
        return "{ returns: \(YAMLText.value(value, type: own[0].type, spec: spec)) }"
      default:
        let parts = own.compactMap { field in
          payload[field.name].map { "\(field.name): \(YAMLText.value($0, type: field.type, spec: spec))" }
        }
        return "{ returns: { \(parts.joined(separator: ", ")) } }"
      }
    }
    guard own.count == 1, let value = payload[own[0].name] else { return nil }
    return "{ fails: \(YAMLText.value(value, type: own[0].type, spec: spec)) }"
  }

  /// One `when:` step: the action's path with positions for ids (`path[1].tally.increment`),
  /// and its payload.
  private func whenStep(_ event: [String: Any]) -> (text: String, note: String?) {
    let path = event["path"] as? String ?? ""
    var node: Any? = event["action"]
    var state: Any? = event["before"]
    var written: [String] = []
    var note: String?
    let segments = path.split(separator: ".").map(String.init)
    for (index, segment) in segments.enumerated() {
      var name = segment
      var id: String?
      if let open = segment.firstIndex(of: "["), segment.hasSuffix("]") {
        name = String(segment[..<open])
        id = String(segment[segment.index(after: open)..<segment.index(before: segment.endIndex)])
      }
      let value = (node as? [String: Any])?[name]
      if let id {
        // The element's position among its list's (or the stack's screens') at that moment.
        let held = (state as? [String: Any])?[name]
        let list = ((held as? [String: Any])?["screens"] as? [Any]) ?? (held as? [Any]) ?? []
        let position = list.firstIndex { element in
          ((element as? [String: Any])?["id"]).map { "\($0)" == id } ?? false
        }
        if let position {
          written.append("\(name)[\(position)]")
          let element = list[position] as? [String: Any]
          state = element?["screen"] ?? element
        } else {
          note = "\(path): no element with id \(id) before it"
          written.append("\(name)[\(id)]")
          state = nil
        }
      } else {
        written.append(name)
        let held = (state as? [String: Any])?[name]
        state = ((held as? [String: Any])?["_0"]) ?? held
      }
      if index == segments.count - 1 {
        node = value
      } else {
        let object = value as? [String: Any]
        node = object?["action"] ?? object?["_0"] ?? value
      }
    }
    var text = written.joined(separator: ".")
    if let payload = node as? [String: Any], !payload.isEmpty {
      if YAMLText.containsSecret(payload) { note = "\(path): a secret payload value is to be written by hand" }
      let ownAction = segments.count == 1 ? spec.actions.first { $0.name == path } : nil
      let parts = payload.keys.sorted().map { key -> String in
        let type = ownAction?.payload.first { $0.name == key }?.type
        return "\(key): \(type.map { YAMLText.value(payload[key]!, type: $0, spec: spec) } ?? YAMLText.value(payload[key]!))"
      }
      text += ": { \(parts.joined(separator: ", ")) }"
    }
    return (text, note)
  }
}

/// JSON values written as YAML flow text the spec's examples read.
enum YAMLText {
  static func isEmpty(_ value: Any) -> Bool {
    switch value {
    case is NSNull: true
    case let list as [Any]: list.isEmpty
    case let object as [String: Any]: object.isEmpty
    default: false
    }
  }

  /// Whether `value` is the field's default, where the default is a plain value.
  static func matches(_ value: Any, _ defaultValue: Value?) -> Bool {
    switch defaultValue {
    case .bool(let expected)?: (value as? NSNumber)?.boolValue == expected && String(cString: (value as! NSNumber).objCType) == "c"
    case .int(let expected)?: (value as? NSNumber)?.doubleValue == Double(expected)
    case .double(let expected)?: (value as? NSNumber)?.doubleValue == expected
    case .enumCase(let expected)?:
      // A case without values; Codable writes a `RequestStatus` case as `{"idle": {}}`.
      value as? String == expected
        || ((value as? [String: Any]).map { $0.count == 1 && ($0[expected] as? [String: Any])?.isEmpty == true } ?? false)
    case .string(let expected)?, .uuid(let expected)?, .url(let expected)?: value as? String == expected
    case .null?: value is NSNull
    case .array(let items)?: items.isEmpty && (value as? [Any])?.isEmpty == true
    case .dictionary(let items)?: items.isEmpty && YAMLText.isEmpty(value)
    default: false
    }
  }

  static func containsSecret(_ value: Any) -> Bool {
    switch value {
    case let text as String: text == "‹secret›"
    case let list as [Any]: list.contains(where: containsSecret)
    case let object as [String: Any]: object.values.contains(where: containsSecret)
    default: false
    }
  }

  static func same(_ left: Any, _ right: Any) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    return (try? JSONSerialization.data(withJSONObject: left, options: options))
      == (try? JSONSerialization.data(withJSONObject: right, options: options))
  }

  /// A value as its type reads it: a model's fields by name, a dictionary whose keys aren't
  /// text (encoded as a list of keys and values) as a mapping.
  static func value(_ value: Any, type: SpecType, spec: Spec) -> String {
    switch type {
    case .optional(let wrapped):
      return value is NSNull ? "nil" : Self.value(value, type: wrapped, spec: spec)
    case .array(let element):
      guard let list = value as? [Any] else { return Self.value(value) }
      return "[" + list.map { Self.value($0, type: element, spec: spec) }.joined(separator: ", ") + "]"
    case .dictionary(let key, let element):
      if let object = value as? [String: Any] {
        return "{ " + object.keys.sorted().map { "\(scalar($0)): \(Self.value(object[$0]!, type: element, spec: spec))" }
          .joined(separator: ", ") + " }"
      }
      if let list = value as? [Any], list.count % 2 == 0 {
        let pairs = stride(from: 0, to: list.count, by: 2).map {
          "\(Self.value(list[$0], type: key, spec: spec)): \(Self.value(list[$0 + 1], type: element, spec: spec))"
        }
        return pairs.isEmpty ? "{}" : "{ " + pairs.joined(separator: ", ") + " }"
      }
      return Self.value(value)
    case .model:
      guard let object = value as? [String: Any], let fields = spec.fields(of: type) ?? modelFields(type, spec) else {
        return Self.value(value)
      }
      let parts = fields.compactMap { field -> String? in
        guard let held = object[field.codingKey] else { return nil }
        // A field at nothing is left to its default.
        if held is NSNull, case .optional = field.type { return nil }
        return "\(field.name): \(Self.value(held, type: field.type, spec: spec))"
      }
      return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    case .requestStatus:
      // `idle`, `loading`, `succeeded`, or `{ failed: message }`, as Codable writes the cases.
      guard let object = value as? [String: Any], object.count == 1, let (name, held) = object.first else {
        return Self.value(value)
      }
      if let values = held as? [String: Any], let message = values["_0"] { return "{ \(name): \(Self.value(message)) }" }
      return scalar(name)
    default:
      return Self.value(value)
    }
  }

  private static func modelFields(_ type: SpecType, _ spec: Spec) -> [Field]? {
    guard case .model(let name) = type else { return nil }
    for used in spec.usedSpecs {
      if let model = used.models.first(where: { $0.name == name }) { return model.fields }
    }
    return nil
  }

  /// A value without its type: mappings, lists, numbers, booleans, `nil`, text.
  static func value(_ value: Any) -> String {
    switch value {
    case is NSNull: return "nil"
    case let number as NSNumber:
      if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
      return number.stringValue
    case let text as String: return scalar(text)
    case let list as [Any]: return "[" + list.map { Self.value($0) }.joined(separator: ", ") + "]"
    case let object as [String: Any]:
      if object.isEmpty { return "{}" }
      return "{ " + object.keys.sorted().map { "\(scalar($0)): \(Self.value(object[$0]!))" }.joined(separator: ", ") + " }"
    default: return scalar("\(value)")
    }
  }

  /// Text as a plain scalar where YAML reads it back as the same text, else double-quoted.
  static func scalar(_ text: String) -> String {
    let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "nil", "y", "n", "~"]
    let plain =
      !text.isEmpty && text.first!.isLetter && text.last != " "
      && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" || $0 == "-" || $0 == "." }
      && !reserved.contains(text.lowercased())
    // As the checker reads a double-quoted scalar back.
    return plain ? text : QuotedText.quoted(text)
  }
}
