/// Text in double quotes inside a spec's plain scalars: a default (`note: String = "a\\b"`) or
/// a value in a reduce operation, a condition or a `then` path. Its escapes are YAML's
/// double-quoted ones, so `"back\\slash"` holds one backslash wherever it is written, as the
/// same text does as a YAML double-quoted scalar (`default: "back\\slash"`). The checker reads
/// such text here and nowhere else; the renderer alone escapes it again, as Swift.
package enum QuotedText {
  /// What the text between the quotes says, its escapes read; nil at an escape YAML doesn't
  /// have (or a `\` ending the text).
  static func contents(_ inner: some StringProtocol) -> String? {
    var result = ""
    var scalars = inner.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard let escape = scalars.next() else { return nil }
      if let simple = simpleEscapes[escape] {
        result.unicodeScalars.append(simple)
        continue
      }
      let digits: Int
      switch escape {
      case "x": digits = 2
      case "u": digits = 4
      case "U": digits = 8
      default: return nil
      }
      var hex = ""
      for _ in 0..<digits {
        guard let digit = scalars.next(), digit.properties.isASCIIHexDigit else { return nil }
        hex.unicodeScalars.append(digit)
      }
      guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
      result.unicodeScalars.append(decoded)
    }
    return result
  }

  /// Whether `text` is in double quotes with an escape `contents` can't read.
  static func hasUnknownEscape(_ text: String) -> Bool {
    text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") && contents(text.dropFirst().dropLast()) == nil
  }

  /// `value` between double quotes, escaped so that `contents` reads it back unchanged.
  package static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// YAML's one-character escapes and what each stands for.
  private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
    "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}",
    "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
    "L": "\u{2028}", "P": "\u{2029}",
  ]
}
