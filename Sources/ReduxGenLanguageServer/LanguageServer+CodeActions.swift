import Foundation
import ReduxGenCore

/// Code actions: the checker's suggestions made edits. A diagnostic that says "did you mean
/// 'X'?" offers to replace the word it names with X.
extension LanguageServer {
  /// `textDocument/codeAction`: a quick fix for each diagnostic of the request with a
  /// suggestion.
  func codeActions(_ params: [String: Any]) -> [[String: Any]] {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String, let path = Self.path(of: uri),
      let lines = workspace.index(path)?.lines, let context = params["context"] as? [String: Any],
      let diagnostics = context["diagnostics"] as? [[String: Any]]
    else { return [] }
    var actions: [[String: Any]] = []
    for diagnostic in diagnostics {
      if let action = missingKeyFix(diagnostic, uri: uri, path: path, lines: lines) {
        actions.append(action)
        continue
      }
      guard let message = diagnostic["message"] as? String, let fix = Self.suggestedFix(message),
        let range = diagnostic["range"] as? [String: Any], let start = range["start"] as? [String: Any],
        let line = start["line"] as? Int, let units = start["character"] as? Int, lines.indices.contains(line)
      else { continue }
      // The word the message quotes, at the diagnostic's place or after it on its line.
      let written = Array(lines[line])
      let from = Self.characters(fromUTF16: units, in: lines[line])
      let wrong = Array(fix.wrong)
      guard !wrong.isEmpty,
        let offset = (from..<max(from, written.count - wrong.count + 1)).first(where: { Array(written[$0..<($0 + wrong.count)]) == wrong })
      else { continue }
      let span = TextSpan(line: line, start: offset, end: offset + wrong.count)
      let edit: [String: Any] = ["changes": [uri: [["range": self.range(path, span), "newText": fix.meant]]]]
      actions.append([
        "title": "Change '\(fix.wrong)' to '\(fix.meant)'", "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": true,
        "edit": edit,
      ])
    }
    return actions
  }

  /// "missing required key 'name' in ...": the key written before the mapping's first key (the
  /// diagnostic's place), on a line of its own, where the mapping is written as a block.
  func missingKeyFix(_ diagnostic: [String: Any], uri: String, path: String, lines: [String]) -> [String: Any]? {
    guard let message = diagnostic["message"] as? String, message.hasPrefix("missing required key '"),
      let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Any], let line = start["line"] as? Int,
      let units = start["character"] as? Int, lines.indices.contains(line)
    else { return nil }
    let column = Self.characters(fromUTF16: units, in: lines[line])
    let before = lines[line].prefix(column)
    // A flow mapping (`{ a: 1 }`) gets no fix: its keys aren't lines.
    guard before.allSatisfy({ $0 == " " || $0 == "-" }) else { return nil }
    let key = message.dropFirst("missing required key '".count).prefix { $0 != "'" }
    let insertion = TextSpan(line: line, start: column, end: column)
    let text = key + ": \n" + String(repeating: " ", count: column)
    let edit: [String: Any] = ["changes": [uri: [["range": range(path, insertion), "newText": text]]]]
    return ["title": "Add '\(key):'", "kind": "quickfix", "diagnostics": [diagnostic], "edit": edit]
  }

  /// The word a message names first and the one it suggests: `unknown reduce operation
  /// 'incremnt'; did you mean 'increment'?` is (incremnt, increment).
  static func suggestedFix(_ message: String) -> (wrong: String, meant: String)? {
    guard let suggestion = message.range(of: "did you mean '", options: .backwards) else { return nil }
    let meant = message[suggestion.upperBound...].prefix { $0 != "'" }
    guard let open = message.firstIndex(of: "'"), open < suggestion.lowerBound else { return nil }
    var wrong = String(message[message.index(after: open)...].prefix { $0 != "'" })
    // A path's last name (`tasks[id].titel`) is the word to change.
    if !isIdentifier(wrong), isIdentifier(String(meant)) {
      wrong = String(wrong.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    }
    guard !meant.isEmpty, !wrong.isEmpty, wrong != meant else { return nil }
    return (wrong, String(meant))
  }
}
