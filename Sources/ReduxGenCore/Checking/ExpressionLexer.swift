/// A token of a reduce operation or a filter predicate, with its column offset in the scalar.
struct Token: Equatable, Error {
  enum Kind: Equatable {
    case identifier(String)
    case number(String)
    case string(String)
    case symbol(String)
    case end
  }

  var kind: Kind
  /// Characters from the start of the scalar's text.
  var offset: Int

  var text: String {
    switch kind {
    case .identifier(let text), .number(let text), .symbol(let text): text
    // Quoted and escaped again, so a literal read from it (`literalValue`) is the same string.
    case .string(let text): QuotedText.quoted(text)
    case .end: "end of text"
    }
  }

  /// How the token reads in "found ..." messages.
  var described: String {
    kind == .end ? "end of text" : "'\(text)'"
  }
}

/// Splits expression text into tokens; reports the first character it can't read.
enum ExpressionLexer {
  /// Longest first, so `==` is never read as `=`; each with its scalars.
  private static let symbols = [
    "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "<", ">", "!", "=", ".", "[", "]", "(", ")", "-", ":", ",", "*", "+", "/", "%",
  ].map { (text: $0, scalars: Array($0.unicodeScalars)) }

  /// `tokens` with each `NAME . NAME` whose first name starts one of `names` read as one
  /// identifier (`cart.items`, a feature's field in an app's derived value; `cart.itemz` too, so
  /// its error names it whole).
  static func joining(_ tokens: [Token], _ names: Set<String>) -> [Token] {
    guard !names.isEmpty else { return tokens }
    let prefixes = Set(names.compactMap { $0.split(separator: ".").first.map(String.init) })
    var joined: [Token] = []
    var index = 0
    while index < tokens.count {
      if index + 2 < tokens.count, case .identifier(let first) = tokens[index].kind, tokens[index + 1].kind == .symbol("."),
        case .identifier(let second) = tokens[index + 2].kind, prefixes.contains(first)
      {
        joined.append(Token(kind: .identifier(first + "." + second), offset: tokens[index].offset))
        index += 3
      } else {
        joined.append(tokens[index])
        index += 1
      }
    }
    return joined
  }

  static func tokens(_ source: String) -> Result<[Token], Token> {
    let scalars = Array(source.unicodeScalars)
    // In ASCII text a scalar is a byte: a token's text is copied from the bytes at once.
    let asciiBytes = source.utf8.count == scalars.count ? Array(source.utf8) : nil
    var tokens: [Token] = []
    tokens.reserveCapacity(8)
    var index = 0
    func text(_ range: Range<Int>) -> String {
      if let asciiBytes { return String(decoding: asciiBytes[range], as: UTF8.self) }
      var result = ""
      result.unicodeScalars.append(contentsOf: scalars[range])
      return result
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == " " {
        index += 1
        continue
      }
      let start = index
      if isIdentifierStart(scalar) {
        while index < scalars.count, isIdentifierStart(scalars[index]) || isDigit(scalars[index]) {
          index += 1
        }
        tokens.append(Token(kind: .identifier(text(start..<index)), offset: start))
      } else if isDigit(scalar) {
        while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." || scalars[index] == "_" {
          // A dot followed by a letter is member access, not a decimal point.
          if scalars[index] == ".", index + 1 < scalars.count, !isDigit(scalars[index + 1]) { break }
          index += 1
        }
        tokens.append(Token(kind: .number(text(start..<index)), offset: start))
      } else if scalar == "\"" {
        index += 1
        let inner = index
        while index < scalars.count, scalars[index] != "\"" {
          if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
          index += 1
        }
        // Its escapes are YAML's, read as a quoted default's are (`QuotedText`).
        guard index < scalars.count, let value = QuotedText.contents(text(inner..<index)) else {
          return .failure(Token(kind: .symbol("\""), offset: start))
        }
        index += 1
        tokens.append(Token(kind: .string(value), offset: start))
      } else if let symbol = symbols.first(where: { matches($0.scalars, scalars, at: index) }) {
        index += symbol.scalars.count
        tokens.append(Token(kind: .symbol(symbol.text), offset: start))
      } else {
        return .failure(Token(kind: .symbol(String(Character(scalar))), offset: start))
      }
    }
    tokens.append(Token(kind: .end, offset: scalars.count))
    return .success(tokens)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }

  private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    return scalar.properties.isAlphabetic
  }

  private static func matches(_ symbol: [Unicode.Scalar], _ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard index + symbol.count <= scalars.count else { return false }
    for (offset, scalar) in symbol.enumerated() where scalars[index + offset] != scalar { return false }
    return true
  }
}

/// A cursor over tokens.
struct TokenStream {
  private let tokens: [Token]
  private var position = 0

  init(_ tokens: [Token]) {
    self.tokens = tokens
  }

  var peek: Token { tokens[position] }
  var isAtEnd: Bool { peek.kind == .end }

  /// Whether the next tokens are `[` `]`.
  var startsEveryElement: Bool {
    position + 1 < tokens.count && peek.kind == .symbol("[") && tokens[position + 1].kind == .symbol("]")
  }

  /// The token after the next one.
  var peekSecond: Token { tokens[min(position + 1, tokens.count - 1)] }

  /// Whether `[` followed by `]` comes before the end or the first `=`: a path through every
  /// element of a list (`tasks[].isCompleted`).
  var reachesEveryElement: Bool {
    var index = position
    while index + 1 < tokens.count, tokens[index].kind != .symbol("="), tokens[index].kind != .end {
      if tokens[index].kind == .symbol("["), tokens[index + 1].kind == .symbol("]") { return true }
      index += 1
    }
    return false
  }

  /// Whether a name comes next, maybe a path of fields (`syncUp.minutes`), then one of `symbols`.
  func nameThen(_ symbols: [String]) -> Bool {
    guard case .identifier = peek.kind else { return false }
    var index = position + 1
    while index + 1 < tokens.count, tokens[index].kind == .symbol("."), case .identifier = tokens[index + 1].kind {
      index += 2
    }
    return index < tokens.count && symbols.contains { tokens[index].kind == .symbol($0) }
  }

  /// Whether an arithmetic operator comes before the end or a `where` (whose condition may hold
  /// a negative number, `where seen > -3`): `+`, `*`, `/`, or a `-` after the first token (`-5`
  /// alone is a literal).
  var reachesArithmetic: Bool {
    for (offset, token) in tokens[position...].enumerated() {
      if (offset > 0 && token.kind == .identifier("where")) || token.kind == .end { return false }
      if [.symbol("+"), .symbol("*"), .symbol("/")].contains(token.kind) || (offset > 0 && token.kind == .symbol("-")) {
        return true
      }
    }
    return false
  }

  mutating func next() -> Token {
    let token = tokens[position]
    if position < tokens.count - 1 { position += 1 }
    return token
  }

  /// Consumes `symbol` if it comes next.
  mutating func take(_ symbol: String) -> Bool {
    if peek.kind == .symbol(symbol) {
      _ = next()
      return true
    }
    return false
  }

  /// The text of one literal written inline, `first` its first token (read): a number, text or
  /// word, `.case`, `-5`, `[]` or `[:]`. What `LiteralReader.literalValue` then reads.
  mutating func literalText(after first: Token) -> String {
    var text = first.text
    if first.kind == .symbol(".") || first.kind == .symbol("-") || first.kind == .symbol("[") {
      let next = next()
      text += next.text
      if first.kind == .symbol("["), take("]") { text += "]" }
      if first.kind == .symbol("[") && next.kind == .symbol(":") && take("]") { text += "]" }
    }
    return text
  }

  /// Consumes the identifier `word` if it comes next.
  mutating func takeWord(_ word: String) -> Bool {
    if peek.kind == .identifier(word) {
      _ = next()
      return true
    }
    return false
  }
}
