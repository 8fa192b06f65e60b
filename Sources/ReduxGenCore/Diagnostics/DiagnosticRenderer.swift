/// Turns diagnostics into the text printed on stderr.
package struct DiagnosticRenderer: Sendable {
  /// The text of each file, by the name diagnostics use, for the source excerpt.
  package var sources: [String: String]
  package var colored: Bool

  package init(sources: [String: String], colored: Bool) {
    self.sources = sources
    self.colored = colored
  }

  package func render(_ diagnostic: Diagnostic) -> String {
    var summary = diagnostic.summary
    if colored {
      let color = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m"
      summary = "\u{1B}[1m\(diagnostic.location.file):\(diagnostic.location.line):"
        + "\(diagnostic.location.column): \u{1B}[0m\(color)\(diagnostic.severity.rawValue):"
        + "\u{1B}[0m\u{1B}[1m \(diagnostic.message)\u{1B}[0m"
    }
    guard let line = sourceLine(diagnostic.location) else { return summary }
    let prefix = line.prefix(max(0, diagnostic.location.column - 1))
    // Keep tabs so the caret lines up under the same column in a terminal.
    let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
    let caret = colored ? "\u{1B}[1;32m^\u{1B}[0m" : "^"
    return "\(summary)\n\(line)\n\(padding)\(caret)"
  }

  private func sourceLine(_ location: SourceLocation) -> String? {
    guard let text = sources[location.file], location.line >= 1 else { return nil }
    var current = 1
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == location.line { return String(line.trimmingSuffix("\r")) }
      current += 1
    }
    return nil
  }
}

extension Substring {
  fileprivate func trimmingSuffix(_ suffix: Character) -> Substring {
    last == suffix ? dropLast() : self
  }
}
