/// Stage 1, bytes -> text: a spec file's bytes as UTF-8 text, or a located error.
package enum SpecText {
  /// The text of a spec file, or an error at the first byte that is not UTF-8.
  package static func decode(_ bytes: [UInt8], path: String) throws(DiagnosticsError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
      let length = validUTF8Length(bytes, at: index)
      if length == 0 { break }
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += length
    }
    var diagnostics = DiagnosticCollector()
    diagnostics.error(.invalidEncoding, at: SourceLocation(file: path, line: line, column: column))
    throw DiagnosticsError(diagnostics.sorted)
  }

  /// The length of the UTF-8 sequence starting at `index`, or 0 when it is not valid.
  private static func validUTF8Length(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length =
      switch lead {
      case 0x00...0x7F: 1
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0, index + length <= bytes.count else { return 0 }
    return String(validating: bytes[index..<(index + length)], as: UTF8.self) == nil ? 0 : length
  }
}
