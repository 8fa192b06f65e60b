import Foundation

/// Where a place of a spec is in its structure, read from the lines above it (indentation and
/// `- `), so that a spec being typed, which may not read as YAML yet, is read too.
struct SpecPosition: Equatable {
  /// The keys from the top to the mapping the place is in; `-` for an item of a list.
  var path: [String]
  /// The key whose value the place is in (`reduce` in `reduce: set |`); nil where a key goes.
  var key: String?
  /// The word typed before the place (what completion narrows to).
  var word: String
  /// The line's text before the place.
  var before: String

  var isKey: Bool { key == nil }

  init(lines: [String], line: Int, character: Int) {
    let current = line >= 0 && line < lines.count ? Array(lines[line]) : []
    before = String(current.prefix(character))
    word = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    let head = String(before.dropLast(word.count))
    let layout = Self.layout(of: head)
    let written = String(head.dropFirst(layout.keyColumn))
    // The value this place is in, on its own line: `KEY: ...`, the flow collections opened on
    // the line (`{ a: x, b: |`), or `- ...` in a list under a key.
    var inner: [String] = []
    var key: String?
    if Self.isInsideFlow(written) {
      let flow = Self.flowKeys(written)
      inner = flow.keyPlace ? flow.keys : Array(flow.keys.dropLast())
      key = flow.keyPlace ? nil : flow.keys.last ?? ""
    } else if let colon = Self.keyEnd(in: written) {
      key = String(written.prefix(colon)).trimmingCharacters(in: .whitespaces)
    } else if layout.dashColumn != nil {
      key = ""
    }
    // The keys of the lines above, each less indented than the one below it.
    var above: [String] = []
    var limit = layout.keyColumn
    if let dash = layout.dashColumn {
      if key != "" { above.append("-") }
      limit = dash
    }
    var index = line - 1
    while limit > 0, index >= 0 {
      let other = Self.layout(of: lines[index])
      index -= 1
      guard let otherKey = other.key else { continue }
      if other.keyColumn < limit, !otherKey.isEmpty {
        above.append(otherKey)
        limit = other.keyColumn
      }
      if let dash = other.dashColumn, dash < limit {
        above.append("-")
        limit = dash
      }
    }
    var path = above.reversed() + inner
    if key == "" {
      // An item of a block list: the key the list is the value of.
      key = path.last ?? ""
      path = Array(path.dropLast())
    }
    self.path = path
    self.key = key
  }

  /// The keys written at `column` in the block around `line` (the mapping a new key at that
  /// place joins), that line's own excepted.
  static func siblingKeys(lines: [String], line: Int, column: Int) -> Set<String> {
    var keys: Set<String> = []
    for step in [-1, 1] {
      var index = line + step
      while index >= 0, index < lines.count {
        let other = layout(of: lines[index])
        index += step
        guard let key = other.key else { continue }
        if other.keyColumn < column { break }
        guard other.keyColumn == column else { continue }
        // `- key:` starts a list item: going up, the item's first key; going down, the next item.
        let startsItem = other.dashColumn.map { $0 < column } ?? false
        if startsItem && step == 1 { break }
        if !key.isEmpty { keys.insert(key) }
        if startsItem { break }
      }
    }
    return keys
  }

  /// A line's shape: where its `- ` marks are, where its key starts, the key.
  static func layout(of line: String) -> (dashColumn: Int?, keyColumn: Int, key: String?) {
    let characters = Array(line)
    var column = 0
    var dash: Int?
    while column < characters.count {
      if characters[column] == " " {
        column += 1
      } else if characters[column] == "-", column + 1 >= characters.count || characters[column + 1] == " " {
        dash = column
        column += 1
      } else {
        break
      }
    }
    let rest = String(characters[column...])
    if rest.hasPrefix("#") || rest.isEmpty { return (dash, column, nil) }
    guard let end = keyEnd(in: rest) else { return (dash, column, dash == nil ? nil : "") }
    let key = String(rest.prefix(end)).trimmingCharacters(in: .whitespaces)
    return (dash, column, key.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
  }

  /// The end of `KEY` in `KEY: ...` or `KEY:` (outside quotes and flow collections).
  static func keyEnd(in text: String) -> Int? {
    let characters = Array(text)
    var quote: Character?
    var depth = 0
    for (offset, character) in characters.enumerated() {
      if let open = quote {
        if character == open { quote = nil }
        continue
      }
      switch character {
      case "\"", "'": if offset == 0 { quote = character }
      case "{", "[": depth += 1
      case "}", "]": depth -= 1
      case "#" where offset > 0 && characters[offset - 1] == " ": return nil
      case ":" where depth == 0 && (offset + 1 == characters.count || characters[offset + 1] == " "):
        return offset
      default: break
      }
    }
    return nil
  }

  /// The keys of the flow collections open at the end of `text`, and whether a key of a flow
  /// mapping goes there: `payload: { task: ` is `[payload, task]`, a value; `payload: { ` is
  /// `[payload]`, a key's place; `on: [` is `[on]`, a value.
  static func flowKeys(_ text: String) -> (keys: [String], keyPlace: Bool) {
    var keys: [String] = []
    var stack: [(count: Int, isMapping: Bool)] = []
    var word = ""
    var lastKey: String?
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil }
        continue
      }
      switch character {
      case "\"", "'":
        quote = character
      case ":":
        lastKey = word.trimmingCharacters(in: .whitespaces)
        word = ""
      case "{", "[":
        stack.append((keys.count, character == "{"))
        if let lastKey { keys.append(lastKey) }
        lastKey = nil
        word = ""
      case "}", "]":
        if let open = stack.popLast() { keys.removeSubrange(open.count...) }
        lastKey = nil
        word = ""
      case ",":
        lastKey = nil
        word = ""
      default:
        word.append(character)
      }
    }
    if let lastKey { return (keys + [lastKey], false) }
    return (keys, stack.last?.isMapping ?? false)
  }

  static func isInsideFlow(_ text: String) -> Bool {
    text.filter { $0 == "{" || $0 == "[" }.count > text.filter { $0 == "}" || $0 == "]" }.count
  }

  /// The schema's definition of the mapping the path leads to (`action` for `[actions, add]`).
  static func definition(of path: [String], isApp: Bool) -> String? {
    switch path.count {
    case 0: return isApp ? "app" : "feature"
    case 1: return path[0] == "persist" ? "persist" : nil
    case 2:
      switch path[0] {
      case "models": return "model"
      case "enums": return "enumeration"
      case "state": return "field"
      case "derived": return "selector"
      case "filters": return "filter"
      case "actions": return "action"
      case "middleware": return "middleware"
      case "examples": return path[1] == "-" ? "example" : nil
      case "children": return "child"
      case "alerts": return "alert"
      default: return nil
      }
    case 3:
      if path[0] == "actions", path[2] == "async" { return "async" }
      if path[0] == "actions", path[2] == "payload" { return nil }
      return nil
    case 4:
      if path[0] == "models", path[2] == "fields" { return "field" }
      if path[0] == "alerts", path[2] == "buttons", path[3] == "-" { return "alertButton" }
      return nil
    case 5:
      if path[0] == "persist", path[1] == "migrations", path[4] == "-" { return "migrationStep" }
      return nil
    default:
      return nil
    }
  }
}
