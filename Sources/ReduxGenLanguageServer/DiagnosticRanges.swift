import Foundation
import ReduxGenCore

/// A checker's diagnostic as LSP shows it: its place a range of the document's text, lines and
/// characters from 0, characters counted in UTF-16 code units (LSP's default).
package enum DiagnosticRanges {
  /// The range of the diagnostic at `line` and `column` (from 1, the column counting
  /// characters) in `text`: from that character to the end of the word or path it starts
  /// (`incremnt`, `todos[id].done`), or that one character.
  package static func range(line: Int, column: Int, in text: String) -> (start: (Int, Int), end: (Int, Int)) {
    range(line: line, column: column, lines: lines(of: text))
  }

  /// `range(line:column:in:)` over the text's lines, split once by a caller that asks many.
  package static func range(line: Int, column: Int, lines: [String]) -> (start: (Int, Int), end: (Int, Int)) {
    let lineIndex = max(0, line - 1)
    guard lineIndex < lines.count else { return ((lineIndex, 0), (lineIndex, 0)) }
    let content = lines[lineIndex].hasSuffix("\r") ? Substring(lines[lineIndex].dropLast()) : Substring(lines[lineIndex])
    let characters = Array(content)
    let startIndex = min(max(0, column - 1), characters.count)
    var endIndex = startIndex
    while endIndex < characters.count, isWordCharacter(characters[endIndex]) { endIndex += 1 }
    if endIndex == startIndex, startIndex < characters.count { endIndex += 1 }
    let utf16 = { (count: Int) in characters.prefix(count).reduce(0) { $0 + String($1).utf16.count } }
    return ((lineIndex, utf16(startIndex)), (lineIndex, utf16(endIndex)))
  }

  /// A text's lines as LSP counts them: ended by `\n`, `\r\n` or `\r` (Swift reads `\r\n` as
  /// one character).
  package static func lines(of text: String) -> [String] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The LSP `Diagnostic` object.
  package static func object(_ diagnostic: Diagnostic, text: String) -> [String: Any] {
    object(diagnostic, lines: lines(of: text))
  }

  /// The LSP `Diagnostic` object, over the text's lines split once by a caller with many.
  package static func object(_ diagnostic: Diagnostic, lines: [String]) -> [String: Any] {
    let range = range(line: diagnostic.location.line, column: diagnostic.location.column, lines: lines)
    return [
      "range": [
        "start": ["line": range.start.0, "character": range.start.1],
        "end": ["line": range.end.0, "character": range.end.1],
      ],
      "severity": diagnostic.severity == .error ? 1 : 2,
      "source": "redux-gen",
      "message": diagnostic.message,
    ]
  }
}
