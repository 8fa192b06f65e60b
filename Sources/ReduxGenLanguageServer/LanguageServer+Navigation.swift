import Foundation
import ReduxGenCore

/// Go to definition, find references, rename and hover: a name at a place read as the
/// declaration it means, through the specs of its tree (`SpecWorkspace`).
extension LanguageServer {
  /// The spec and the place (line from 0, character from 0) a request's `textDocument` and
  /// `position` name, the character counted in characters of the line.
  func place(_ params: [String: Any]) -> (path: String, line: Int, character: Int)? {
    guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String, let path = Self.path(of: uri),
      let position = params["position"] as? [String: Any], let line = position["line"] as? Int,
      let units = position["character"] as? Int
    else { return nil }
    let text = workspace.index(path)?.lines
    let written = line >= 0 && line < (text?.count ?? 0) ? text?[line] ?? "" : ""
    return (path, line, Self.characters(fromUTF16: units, in: written))
  }

  /// LSP's `Location` of a span of a spec.
  func location(_ path: String, _ span: TextSpan) -> [String: Any] {
    ["uri": Self.uri(of: path), "range": range(path, span)]
  }

  func range(_ path: String, _ span: TextSpan) -> [String: Any] {
    let written = workspace.index(path)?.lines
    let line = span.line >= 0 && span.line < (written?.count ?? 0) ? written?[span.line] ?? "" : ""
    return [
      "start": ["line": span.line, "character": Self.utf16(span.start, in: line)],
      "end": ["line": span.line, "character": Self.utf16(span.end, in: line)],
    ]
  }

  static func utf16(_ characters: Int, in line: String) -> Int {
    line.prefix(characters).utf16.count
  }

  static func characters(fromUTF16 units: Int, in line: String) -> Int {
    var count = 0
    var used = 0
    for character in line {
      let width = character.utf16.count
      if used + width > units { break }
      used += width
      count += 1
    }
    return count
  }

  // MARK: - Definition and references

  /// `textDocument/definition`: a name's declaration (in a child's spec for `from:
  /// child.action`), a linked spec's first line.
  func definition(_ params: [String: Any]) -> Any {
    guard let place = place(params) else { return NSNull() }
    if let file = workspace.link(at: place.line, place.character, in: place.path) {
      return location(file, TextSpan(line: 0, start: 0, end: 0))
    }
    guard let occurrence = workspace.occurrence(at: place.line, place.character, in: place.path),
      let declaration = workspace.declaration(of: occurrence.symbol)
    else { return NSNull() }
    return location(declaration.file, declaration.span)
  }

  /// `textDocument/references`: every place of the tree that writes the name, its declaration
  /// too when the context asks for it.
  func references(_ params: [String: Any]) -> [[String: Any]] {
    guard let place = place(params), let occurrence = workspace.occurrence(at: place.line, place.character, in: place.path) else { return [] }
    let includeDeclaration = (params["context"] as? [String: Any])?["includeDeclaration"] as? Bool ?? true
    return workspace.references(of: occurrence.symbol, from: place.path)
      .filter { includeDeclaration || !$0.isDeclaration }
      .sorted { ($0.file, $0.span) < ($1.file, $1.span) }
      .map { location($0.file, $0.span) }
  }

  // MARK: - Rename

  /// Why a symbol can't be renamed here, nil when it can.
  enum RenameRefusal: Error {
    case notRenamable(String)
    case persisted(String)
    case invalidName(String)
    case breaks(String)

    var message: String {
      switch self {
      case .notRenamable(let text), .persisted(let text), .invalidName(let text), .breaks(let text): text
      }
    }
  }

  /// `textDocument/prepareRename`: the name's range, or nil where nothing can be renamed.
  func prepareRename(_ params: [String: Any]) -> Any {
    guard let place = place(params), let occurrence = workspace.occurrence(at: place.line, place.character, in: place.path),
      occurrence.symbol.kind != .feature
    else { return NSNull() }
    return ["range": range(place.path, occurrence.span), "placeholder": occurrence.symbol.name]
  }

  /// `textDocument/rename`: the edit of every spec of the tree that writes the name. Refused,
  /// with the reason, for a persisted field (saved data would no longer read) and for a new
  /// name the specs would not accept.
  func rename(_ params: [String: Any]) throws(RenameRefusal) -> [String: Any] {
    guard let place = place(params), let newName = params["newName"] as? String,
      let occurrence = workspace.occurrence(at: place.line, place.character, in: place.path)
    else { throw .notRenamable("there is no name of the spec here to rename") }
    let symbol = occurrence.symbol
    guard symbol.kind != .feature else { throw .notRenamable("a feature is renamed by its `feature:` key and its file") }
    guard Self.isIdentifier(newName) else { throw .invalidName("'\(newName)' is not a name: a letter or _, then letters, digits or _") }
    if let persisted = persistence(of: symbol) { throw .persisted(persisted) }
    let places = workspace.references(of: symbol, from: place.path)
    var byFile: [String: Set<TextSpan>] = [:]
    for found in places { byFile[found.file, default: []].insert(found.span) }
    var newTexts: [String: String] = [:]
    for (file, spans) in byFile {
      guard let lines = workspace.index(file)?.lines else { continue }
      var edited = lines
      for span in spans.sorted(by: >) {
        var characters = Array(edited[span.line])
        characters.replaceSubrange(span.start..<span.end, with: Array(newName))
        edited[span.line] = String(characters)
      }
      newTexts[file] = edited.joined(separator: "\n")
    }
    try verify(symbol, renamedTo: newName, edits: byFile, texts: newTexts, tree: workspace.tree(of: place.path))
    // The first new error of the renamed name's spec, else of another spec edited: the cause,
    // not what a parent says of a child that has errors.
    let preferred = [symbol.file] + byFile.keys.sorted().filter { $0 != symbol.file }
    if let problem = newProblem(after: newTexts, tree: workspace.tree(of: place.path), preferring: preferred) { throw .breaks(problem) }
    var changes: [String: [[String: Any]]] = [:]
    for (file, spans) in byFile {
      changes[Self.uri(of: file)] = Set(spans).sorted().map { ["range": range(file, $0), "newText": newName] }
    }
    return ["changes": changes]
  }

  /// Refuses a rename that would change what any other name of the tree means, or leave one
  /// written where its place isn't known: every name of the renamed texts must read as it did
  /// (the renamed ones as the renamed symbol), and none may newly read as the renamed symbol.
  func verify(_ symbol: SpecSymbol, renamedTo newName: String, edits: [String: Set<TextSpan>], texts: [String: String], tree: [String])
    throws(RenameRefusal)
  {
    for file in edits.keys.sorted() where workspace.index(file)?.readsAsYAML != true {
      throw .notRenamable("\(Self.name(file)) doesn't read as YAML as it is: fix it, then rename")
    }
    for file in tree {
      guard let index = workspace.index(file) else { continue }
      for string in index.unplaced where Self.containsWord(symbol.name, string.text) {
        throw .notRenamable(
          "'\(symbol.name)' is written at \(Self.name(file)):\(string.line + 1) in a string whose places aren't known (a block, a folded line or "
            + "escapes): write it on one line, or rename it there by hand")
      }
    }
    let after = workspace.overlaid(texts)
    let delta = newName.count - symbol.name.count
    func moved(_ file: String, _ span: TextSpan) -> TextSpan {
      let before = (edits[file] ?? []).filter { $0.line == span.line && $0.end <= span.start }.count
      var span = span
      span.start += before * delta
      span.end += before * delta + ((edits[file] ?? []).contains(span) ? delta : 0)
      return span
    }
    func renamed(_ other: SpecSymbol) -> SpecSymbol {
      var other = other
      if other == symbol { other.name = newName }
      if other.file == symbol.file, let container = other.container {
        var parts = container.split(separator: ".").map(String.init)
        if parts[0] == symbol.name, [.model, .enumeration, .filter, .action, .derived].contains(symbol.kind) { parts[0] = newName }
        if parts.count > 1, parts[1] == symbol.name, symbol.kind == .enumCase, parts[0] == symbol.container { parts[1] = newName }
        other.container = parts.joined(separator: ".")
      }
      return other
    }
    for file in tree {
      var now: [TextSpan: SpecSymbol] = [:]
      for occurrence in after.occurrences(in: file) { now[occurrence.span] = occurrence.symbol }
      var expected: Set<TextSpan> = []
      for occurrence in workspace.occurrences(in: file) {
        let span = moved(file, occurrence.span)
        expected.insert(span)
        let meant = renamed(occurrence.symbol)
        guard now[span] != meant else { continue }
        let word = now[span].map { "\($0.kind.rawValue) '\($0.name)'" } ?? "nothing"
        throw .breaks(
          "the rename would change what \(Self.name(file)):\(span.line + 1):\(span.start + 1) reads: \(word), not \(meant.kind.rawValue) '\(meant.name)'")
      }
      for (span, meaning) in now where meaning == renamed(symbol) && !expected.contains(span) {
        throw .breaks("the rename would make \(Self.name(file)):\(span.line + 1):\(span.start + 1) read the renamed \(symbol.kind.rawValue) too")
      }
    }
  }

  static func name(_ file: String) -> String {
    URL(fileURLWithPath: file).lastPathComponent
  }

  /// Whether `word` is written in `text` as a whole name.
  static func containsWord(_ word: String, _ text: String) -> Bool {
    var rest = Substring(text)
    while let range = rest.range(of: word) {
      let before = rest[..<range.lowerBound].last
      let after = rest[range.upperBound...].first
      let isName = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if !isName(before) && !isName(after) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_", name != "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  /// What a rename of a persisted state field would do to saved data, or of a field or enum
  /// case of a type a persisted field holds (through models, lists, optionals, the specs it
  /// uses or holds); nil for any other name.
  func persistence(of symbol: SpecSymbol) -> String? {
    guard [.stateField, .field, .enumCase].contains(symbol.kind) else { return nil }
    // The persisting specs: the symbol's own, and every spec of its tree (a model of a used or
    // child spec can be held by another spec's persisted field).
    for file in workspace.tree(of: symbol.file) {
      guard let index = workspace.index(file), !index.persistedFields.isEmpty else { continue }
      if symbol.kind == .stateField, file == symbol.file, index.persistedFields.contains(symbol.name) {
        return Self.persistedMessage("the state field '\(symbol.name)'")
      }
      var types: Set<SpecSymbol> = []
      var queue = index.persistedFields.compactMap { index.declarations(named: $0, [.stateField]).first?.detail }.compactMap {
        workspace.findType(SpecWorkspace.baseType($0), in: index)
      }
      while let type = queue.popLast() {
        guard types.insert(type).inserted, let owner = workspace.index(type.file) else { continue }
        for declaration in owner.declarations where declaration.symbol.kind == .field {
          guard declaration.symbol.container?.split(separator: ".").first.map(String.init) == type.name, let detail = declaration.detail else { continue }
          if let next = workspace.findType(SpecWorkspace.baseType(detail), in: owner) { queue.append(next) }
        }
      }
      let holder = symbol.container?.split(separator: ".").first.map(String.init)
      if types.contains(where: { $0.file == symbol.file && $0.name == holder }) {
        let what = symbol.kind == .enumCase ? "case '\(symbol.name)' of \(holder ?? "")" : "field '\(symbol.name)' of \(holder ?? "")"
        return Self.persistedMessage("the \(what)" + (file == symbol.file ? "" : " (persisted by \(Self.name(file)))"))
      }
    }
    return nil
  }

  static func persistedMessage(_ what: String) -> String {
    "\(what) is persisted (`persist: fields:`): renamed alone, data saved by earlier releases would no longer read. "
      + "Rename it with a new `persist: version:` and a migration step `- rename: PATH` `to: NEW` (docs/spec-language.md, "
      + "Persisted state across releases and Versions and migrations)."
  }

  /// The first error the specs of the tree would have with these texts that they don't have
  /// now, nil when there is none.
  func newProblem(after texts: [String: String], tree: [String], preferring: [String] = []) -> String? {
    let roots = tree.filter { workspace.index($0)?.featureName != nil }
    func errors(_ overlay: [String: String]) -> Set<Problem> {
      var found: Set<Problem> = []
      for root in roots {
        guard let text = overlay[root] ?? workspace.index(root)?.lines.joined(separator: "\n") else { continue }
        let readFile = { (file: String) -> [UInt8]? in
          let path = URL(fileURLWithPath: file).standardizedFileURL.path
          if let edited = overlay[path] { return Array(edited.utf8) }
          return self.workspace.index(path)?.lines.joined(separator: "\n").utf8.map { $0 }
        }
        do {
          _ = try DocumentChecking.check(text, path: root, readFile: readFile)
        } catch {
          for diagnostic in error.diagnostics where diagnostic.severity == .error {
            found.insert(Problem(file: URL(fileURLWithPath: diagnostic.location.file).standardizedFileURL.path, message: diagnostic.message))
          }
        }
      }
      return found
    }
    let before = errors([:])
    let rank = { (problem: Problem) in preferring.firstIndex(of: problem.file) ?? preferring.count }
    let new = errors(texts).subtracting(before).sorted { (rank($0), $0.file, $0.message) < (rank($1), $1.file, $1.message) }
    return new.first.map { "the rename would make the specs wrong: \(URL(fileURLWithPath: $0.file).lastPathComponent): \($0.message)" }
  }

  struct Problem: Hashable {
    var file: String
    var message: String
  }
}
