/// A 1-based position in a spec file.
package struct SourceLocation: Hashable, Sendable, Comparable {
  /// The file as the user named it (never made absolute).
  package var file: String
  package var line: Int
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The same line, `count` columns to the right.
  package func advanced(by count: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column + count)
  }

  package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}
