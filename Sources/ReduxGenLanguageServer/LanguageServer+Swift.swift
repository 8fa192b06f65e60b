import Foundation
import ReduxGenCore

/// The Swift a spec generates, for hover: generated once per text of a spec that checks, and
/// read for the declaration a symbol makes (`case rename(name: String)`).
extension LanguageServer {
  /// The declaration the generator writes for a symbol, with its doc comment; nil when the spec
  /// doesn't check or the symbol makes none of its own.
  func generatedSwift(for symbol: SpecSymbol) -> String? {
    guard let files = generatedFiles(of: symbol.file) else { return nil }
    let sources = files.filter { !$0.path.contains("Tests/") && $0.ownership == .generated }
    let target: (file: (String) -> Bool, after: String?, starts: [String])
    switch symbol.kind {
    case .action: target = ({ $0.hasSuffix("Action.swift") }, "enum ", ["case \(symbol.name)(", "case \(symbol.name)"])
    case .parameter:
      guard let action = symbol.container else { return nil }
      target = ({ $0.hasSuffix("Action.swift") }, "enum ", ["case \(action)(", "func \(action)("])
    case .stateField, .derived, .child:
      target = ({ $0.hasSuffix("State.swift") }, "struct ", ["var \(symbol.name):", "let \(symbol.name):", "func \(symbol.name)("])
    case .model: target = ({ _ in true }, nil, ["struct \(symbol.name)"])
    case .enumeration, .filter: target = ({ _ in true }, nil, ["enum \(symbol.name)"])
    case .field: target = ({ _ in true }, "struct \(symbol.container ?? "")", ["var \(symbol.name):", "let \(symbol.name):"])
    case .enumCase: target = ({ _ in true }, "enum \(symbol.container ?? "")", ["case \(symbol.name)(", "case \(symbol.name)"])
    default: return nil
    }
    // A name Swift reserves is written in backquotes (`var `default`: Int`).
    let starts = target.starts + target.starts.map { $0.replacingOccurrences(of: " \(symbol.name)", with: " `\(symbol.name)`") }
    for file in sources where target.file(file.path) {
      let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      var inside = target.after == nil
      for (number, line) in lines.enumerated() {
        let bare = Self.withoutModifiers(line.trimmingCharacters(in: .whitespaces))
        if let after = target.after, bare.hasPrefix(after) { inside = true }
        guard inside, starts.contains(where: { Self.declares(bare, $0) }) else { continue }
        var start = number
        while start > 0, lines[start - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { start -= 1 }
        let indentation = line.prefix { $0 == " " }.count
        return lines[start...number].map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
          .replacingOccurrences(of: " {", with: "", options: [.anchored, .backwards])
      }
    }
    return nil
  }

  /// Whether a line (without modifiers) starts the declaration `start` names: `case add(` and
  /// `var x:` as written, `case add` and `struct Task` as whole words.
  static func declares(_ line: String, _ start: String) -> Bool {
    guard line.hasPrefix(start) else { return false }
    if start.hasSuffix("(") || start.hasSuffix(":") { return true }
    let next = line.dropFirst(start.count).first
    return next == nil || next == " " || next == ":" || next == "<" || next == ","
  }

  /// `public var x` is `var x`, for matching.
  static func withoutModifiers(_ line: String) -> String {
    var line = Substring(line)
    for modifier in ["public ", "package ", "internal ", "nonisolated ", "static ", "indirect "] where line.hasPrefix(modifier) {
      line = line.dropFirst(modifier.count)
    }
    return String(line)
  }

  /// The files a spec generates, when it checks; made once per text (and texts it reads).
  func generatedFiles(of path: String) -> [GeneratedFile]? {
    guard let index = workspace.index(path), !index.isApp else { return nil }
    let text = index.lines.joined(separator: "\n")
    // Made again when the spec or a spec it reads (uses, holds) changes.
    var read = [text]
    var visited: Set<String> = [path]
    var queue = index.reachedFiles
    while !queue.isEmpty {
      let file = queue.removeFirst()
      guard visited.insert(file).inserted, let other = workspace.index(file) else { continue }
      read.append(other.lines.joined(separator: "\n"))
      queue += other.reachedFiles
    }
    let key = read.joined(separator: "\u{0}")
    if let cached = generated[path], cached.text == key { return cached.files }
    let readFile = { (file: String) -> [UInt8]? in
      self.workspace.index(URL(fileURLWithPath: file).standardizedFileURL.path)?.lines.joined(separator: "\n").utf8.map { $0 }
    }
    let files = (try? DocumentChecking.checkFeature(text, path: path, readFile: readFile)).map { GeneratorPipeline.files(for: $0.0) }
    generated[path] = (key, files)
    return files
  }
}
