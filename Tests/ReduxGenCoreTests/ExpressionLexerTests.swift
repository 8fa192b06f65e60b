import Testing

@testable import ReduxGenCore

/// Pins how `ExpressionLexer` splits the text of a reduce operation or a filter predicate into
/// tokens (their kinds, texts and offsets in Unicode scalars, the end token after the last one,
/// the first character it can't read) and how `TokenStream` walks them.
@Suite struct ExpressionLexerTests {
  /// The tokens of `source`; an issue when the lexer fails.
  private func tokens(
    _ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> [Token] {
    switch ExpressionLexer.tokens(source) {
    case .success(let tokens):
      return tokens
    case .failure(let token):
      Issue.record(
        "'\(source)' failed at \(token.offset): \(token.kind)", sourceLocation: sourceLocation)
      return []
    }
  }

  /// The first token the lexer can't read in `source`; an issue when it reads it all.
  private func failure(
    _ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Token? {
    switch ExpressionLexer.tokens(source) {
    case .success(let tokens):
      Issue.record("'\(source)' lexed as \(tokens)", sourceLocation: sourceLocation)
      return nil
    case .failure(let token):
      return token
    }
  }

  private func token(_ kind: Token.Kind, _ offset: Int) -> Token {
    Token(kind: kind, offset: offset)
  }

  @Test("identifiers: a letter or _ first, then letters, digits and _; the end token follows")
  func identifiers() {
    #expect(tokens("isCompleted") == [token(.identifier("isCompleted"), 0), token(.end, 11)])
    #expect(
      tokens("_tag2 x9 Title")
        == [
          token(.identifier("_tag2"), 0), token(.identifier("x9"), 6),
          token(.identifier("Title"), 9),
          token(.end, 14),
        ])
    // A digit can't start an identifier: `2x` is a number, then a name.
    #expect(tokens("2x") == [token(.number("2"), 0), token(.identifier("x"), 1), token(.end, 2)])
  }

  @Test("non-ASCII letters are identifier characters")
  func unicodeIdentifiers() {
    #expect(
      tokens("café == naïve")
        == [
          token(.identifier("café"), 0), token(.symbol("=="), 5), token(.identifier("naïve"), 8),
          token(.end, 13),
        ])
  }

  @Test(
    "numbers: integers, decimals and digit groups are one token",
    arguments: ["0", "42", "3.14", "0.5", "1_000_000", "10.25"])
  func numbers(_ source: String) {
    #expect(tokens(source) == [token(.number(source), 0), token(.end, source.count)])
  }

  @Test("a dot after a number is member access unless a digit follows it")
  func numberThenMember() {
    #expect(
      tokens("2.count")
        == [
          token(.number("2"), 0), token(.symbol("."), 1), token(.identifier("count"), 2),
          token(.end, 7),
        ])
    #expect(
      tokens("tasks[0].title").map(\.kind) == [
        .identifier("tasks"), .symbol("["), .number("0"), .symbol("]"), .symbol("."),
        .identifier("title"), .end,
      ])
  }

  @Test("a negative number is a '-' symbol and the number: the parser joins them")
  func negativeNumbers() {
    #expect(tokens("-5") == [token(.symbol("-"), 0), token(.number("5"), 1), token(.end, 2)])
    #expect(
      tokens("priority > -2.5")
        == [
          token(.identifier("priority"), 0), token(.symbol(">"), 9), token(.symbol("-"), 11),
          token(.number("2.5"), 12), token(.end, 15),
        ])
  }

  @Test("strings: the value without quotes, at the offset of the opening quote")
  func strings() {
    #expect(
      tokens(#"title == "Buy milk""#)
        == [
          token(.identifier("title"), 0), token(.symbol("=="), 6), token(.string("Buy milk"), 9),
          token(.end, 19),
        ])
    #expect(tokens(#""""#) == [token(.string(""), 0), token(.end, 2)])
    // Symbols and spaces inside quotes are text.
    #expect(tokens(#""a && (b) @""#) == [token(.string("a && (b) @"), 0), token(.end, 12)])
  }

  @Test("strings: escapes are YAML's double-quoted ones, as in a quoted default (QuotedText)")
  func stringEscapes() {
    #expect(tokens(#""say \"hi\"""#) == [token(.string(#"say "hi""#), 0), token(.end, 12)])
    #expect(tokens(#""a\\b""#) == [token(.string(#"a\b"#), 0), token(.end, 6)])
    #expect(
      tokens(#""\"" == x"#).map(\.kind) == [.string("\""), .symbol("=="), .identifier("x"), .end])
    #expect(tokens(#""a\nb\tc\u00E9\x41\/""#).map(\.kind) == [.string("a\nb\tc\u{E9}A/"), .end])
    // An escape YAML doesn't have fails at the opening quote.
    #expect(failure(#"x == "a\qb""#) == token(.symbol("\""), 5))
    // A string token's text reads back as the same string.
    for text in ["a\\b", "say \"hi\"", "line\nbreak", "\u{1}", ""] {
      #expect(QuotedText.contents(QuotedText.quoted(text).dropFirst().dropLast()) == text)
      #expect(Token(kind: .string(text), offset: 0).text == QuotedText.quoted(text))
    }
  }

  @Test("an unterminated string fails at its opening quote")
  func unterminatedString() {
    #expect(failure(#"title == "Buy"#) == token(.symbol("\""), 9))
    // An escaped quote doesn't close it, nor does a backslash at the end.
    #expect(failure(#""a\""#) == token(.symbol("\""), 0))
    #expect(failure(#"x "abc\"#) == token(.symbol("\""), 2))
  }

  @Test(
    "every symbol is one token",
    arguments: [
      "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "=", ".", "[", "]", "(", ")", "-", ":", ",", "*", "+", "/", "%",
    ])
  func symbols(_ symbol: String) {
    #expect(tokens(symbol) == [token(.symbol(symbol), 0), token(.end, symbol.count)])
    #expect(
      tokens("a\(symbol)b")
        == [
          token(.identifier("a"), 0), token(.symbol(symbol), 1),
          token(.identifier("b"), 1 + symbol.count),
          token(.end, 2 + symbol.count),
        ])
  }

  @Test("two-character symbols are read before their one-character prefixes")
  func longestSymbol() {
    #expect(
      tokens("a<=b").map(\.kind) == [.identifier("a"), .symbol("<="), .identifier("b"), .end])
    #expect(tokens("!==").map(\.kind) == [.symbol("!="), .symbol("="), .end])
    #expect(
      tokens("a&&!b").map(\.kind) == [
        .identifier("a"), .symbol("&&"), .symbol("!"), .identifier("b"), .end,
      ])
    #expect(tokens("<<").map(\.kind) == [.symbol("<"), .symbol("<"), .end])
    #expect(
      tokens("set count: -1").map(\.kind) == [
        .identifier("set"), .identifier("count"), .symbol(":"), .symbol("-"), .number("1"), .end,
      ])
  }

  @Test("spaces separate tokens and are skipped; offsets count them")
  func spaces() {
    #expect(
      tokens("  a   ==  b  ")
        == [
          token(.identifier("a"), 2), token(.symbol("=="), 6), token(.identifier("b"), 10),
          token(.end, 13),
        ])
    #expect(tokens("") == [token(.end, 0)])
    #expect(tokens("   ") == [token(.end, 3)])
  }

  @Test("offsets count Unicode scalars, the unit of libyaml's columns")
  func scalarOffsets() {
    // 👍🏽 is one character of two scalars.
    #expect(
      tokens(#""👍🏽" == x"#) == [
        token(.string("👍🏽"), 0), token(.symbol("=="), 5), token(.identifier("x"), 8), token(.end, 9),
      ])
    #expect(failure(#""👍🏽" @"#) == token(.symbol("@"), 5))
  }

  @Test(
    "the first character that starts no token fails, with its offset",
    arguments: [
      ("count @ 2", "@", 6),
      ("a & b", "&", 2),
      ("a | b", "|", 2),
      ("priority > 2;", ";", 12),
      ("a # b @", "#", 2),
      ("x == 'y'", "'", 5),
      ("a\tb", "\t", 1),
      ("a ^ 1", "^", 2),
    ])
  func unexpectedCharacter(_ source: String, _ character: String, _ offset: Int) {
    #expect(failure(source) == token(.symbol(character), offset))
  }

  @Test("a token's text and how messages describe it")
  func texts() {
    #expect(token(.identifier("title"), 0).text == "title")
    #expect(token(.identifier("title"), 0).described == "'title'")
    #expect(token(.number("2.5"), 0).text == "2.5")
    #expect(token(.symbol("&&"), 0).described == "'&&'")
    #expect(token(.string("Buy milk"), 0).text == #""Buy milk""#)
    #expect(token(.string("Buy milk"), 0).described == #"'"Buy milk"'"#)
    #expect(token(.end, 4).text == "end of text")
    #expect(token(.end, 4).described == "end of text")
  }

  @Test("TokenStream: peek, next, take a symbol, take a word, and stay at the end")
  func stream() {
    var stream = TokenStream(tokens("toggle tasks[id].isCompleted"))
    #expect(stream.peek == token(.identifier("toggle"), 0))
    #expect(!stream.isAtEnd)
    // An identifier is not a symbol, and a word other than the next one is not taken.
    let wordAsSymbol = stream.take("toggle")
    let laterWord = stream.takeWord("tasks")
    #expect(!wordAsSymbol && !laterWord)
    #expect(stream.peek == token(.identifier("toggle"), 0))
    let toggle = stream.takeWord("toggle")
    let tasks = stream.takeWord("tasks")
    let symbolAsWord = stream.takeWord("[")
    let bracket = stream.take("[")
    #expect(toggle && tasks && !symbolAsWord && bracket)
    let id = stream.next()
    #expect(id == token(.identifier("id"), 13))
    let dotBeforeBracket = stream.take(".")
    let closing = stream.take("]")
    let dot = stream.take(".")
    #expect(!dotBeforeBracket && closing && dot)
    #expect(stream.peek == token(.identifier("isCompleted"), 17))
    let field = stream.takeWord("isCompleted")
    #expect(field)
    #expect(stream.isAtEnd)
    #expect(stream.peek == token(.end, 28))
    // The end token is returned again and again, and nothing more is taken.
    let end = stream.next()
    let endAgain = stream.next()
    #expect(end == token(.end, 28) && endAgain == token(.end, 28))
    #expect(stream.isAtEnd)
    let emptySymbol = stream.take("")
    let emptyWord = stream.takeWord("")
    #expect(!emptySymbol && !emptyWord)
  }

  @Test("TokenStream: take matches a whole symbol, never a prefix of a longer one")
  func takeWholeSymbol() {
    var stream = TokenStream(tokens("a <= b"))
    let word = stream.takeWord("a")
    let prefix = stream.take("<")
    let symbol = stream.take("<=")
    #expect(word && !prefix && symbol)
    let last = stream.next()
    #expect(last.kind == .identifier("b"))
    #expect(stream.isAtEnd)
  }

  @Test("TokenStream over the end token alone is at its end")
  func emptyStream() {
    var stream = TokenStream(tokens(""))
    #expect(stream.isAtEnd)
    let end = stream.next()
    #expect(end == token(.end, 0))
    #expect(stream.isAtEnd)
  }
}
