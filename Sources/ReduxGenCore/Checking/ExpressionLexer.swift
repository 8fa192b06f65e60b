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
    case .string(let text): "\"\(text)\""
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
  private static let symbols = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "=", ".", "[", "]", "(", ")", "-", ":"]

  static func tokens(_ text: String) -> Result<[Token], Token> {
    let characters = Array(text)
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " {
        index += 1
        continue
      }
      let start = index
      if character.isLetter || character == "_" {
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
          index += 1
        }
        tokens.append(Token(kind: .identifier(String(characters[start..<index])), offset: start))
      } else if character.isNumber {
        while index < characters.count, characters[index].isNumber || characters[index] == "." || characters[index] == "_" {
          // A dot followed by a letter is member access, not a decimal point.
          if characters[index] == ".", index + 1 < characters.count, !characters[index + 1].isNumber { break }
          index += 1
        }
        tokens.append(Token(kind: .number(String(characters[start..<index])), offset: start))
      } else if character == "\"" {
        index += 1
        var value = ""
        while index < characters.count, characters[index] != "\"" {
          if characters[index] == "\\", index + 1 < characters.count { index += 1 }
          value.append(characters[index])
          index += 1
        }
        guard index < characters.count else {
          return .failure(Token(kind: .symbol("\""), offset: start))
        }
        index += 1
        tokens.append(Token(kind: .string(value), offset: start))
      } else if let symbol = symbols.first(where: { matches($0, characters, at: index) }) {
        index += symbol.count
        tokens.append(Token(kind: .symbol(symbol), offset: start))
      } else {
        return .failure(Token(kind: .symbol(String(character)), offset: start))
      }
    }
    tokens.append(Token(kind: .end, offset: characters.count))
    return .success(tokens)
  }

  private static func matches(_ symbol: String, _ characters: [Character], at index: Int) -> Bool {
    var position = index
    for character in symbol {
      guard position < characters.count, characters[position] == character else { return false }
      position += 1
    }
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

  /// Consumes the identifier `word` if it comes next.
  mutating func takeWord(_ word: String) -> Bool {
    if peek.kind == .identifier(word) {
      _ = next()
      return true
    }
    return false
  }
}
