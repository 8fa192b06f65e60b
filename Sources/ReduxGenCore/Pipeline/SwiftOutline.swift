/// A light reading of hand-written Swift: the types a file declares or extends and the functions
/// directly in their bodies, with their argument labels and where they are. Comments and string
/// literals are skipped; nothing is type-checked. Enough to tell whether a hand-written type
/// still has what its generated protocol requires (`HandWrittenRequirements`).
struct SwiftOutline: Equatable, Sendable {
  /// `struct TaskListValidation: TaskListValidationProtocol`, or an extension of a type.
  struct TypeDeclaration: Equatable, Sendable {
    var name: String
    var isExtension: Bool
    /// The inherited types' names, without generic arguments.
    var inherits: [String]
    /// The position (1-based) of the type's name.
    var line: Int
    var column: Int
  }

  /// A function declared directly in a type's or an extension's body.
  struct Function: Equatable, Sendable {
    /// The type (or extension) whose body holds it.
    var owner: String
    var name: String
    /// The argument labels, `_` for none: `["_", "from", "to"]`.
    var labels: [String]
    /// Each parameter's type as written, without spaces: `inoutShowcaseState`.
    var parameterTypes: [String]
    var isStatic: Bool
    /// `private` or `fileprivate`: not callable through a protocol.
    var isPrivate: Bool
    var isAsync: Bool
    /// The return type as written, spaced as Swift spaces it (`AsyncThrowingStream<String, any
    /// Error>`); nil when there is none.
    var returnType: String? = nil
    /// The position (1-based) of `func`.
    var line: Int
    var column: Int
  }

  var types: [TypeDeclaration] = []
  var functions: [Function] = []

  init(_ source: String) {
    var reader = Reader(tokens: Self.tokens(of: Self.code(of: source)))
    reader.read(into: &self)
  }

  // MARK: Tokens

  /// A word (an identifier or keyword, backticks removed) or one punctuation character.
  struct Token: Equatable, Sendable {
    var text: String
    var isWord: Bool
    var line: Int
    var column: Int
  }

  /// `source` with every comment and the inside of every string literal made spaces, lines kept.
  static func code(of source: String) -> [Unicode.Scalar] {
    let scalars = Array(source.unicodeScalars)
    var code = scalars
    var index = 0
    func blank(_ range: Range<Int>) {
      for i in range where code[i] != "\n" { code[i] = " " }
    }
    func starts(_ text: String, at i: Int) -> Bool {
      let pattern = Array(text.unicodeScalars)
      return i + pattern.count <= scalars.count && Array(scalars[i..<i + pattern.count]) == pattern
    }
    while index < scalars.count {
      if starts("//", at: index) {
        let end = scalars[index...].firstIndex(of: "\n") ?? scalars.count
        blank(index..<end)
        index = end
      } else if starts("/*", at: index) {
        var depth = 0
        var end = index
        while end < scalars.count {
          if starts("/*", at: end) {
            depth += 1
            end += 2
          } else if starts("*/", at: end) {
            depth -= 1
            end += 2
            if depth == 0 { break }
          } else {
            end += 1
          }
        }
        blank(index..<min(end, scalars.count))
        index = end
      } else if scalars[index] == "#" || scalars[index] == "\"" {
        // `#"..."#` and `"""..."""`: the string ends at the same quotes and number of `#`.
        var hashes = 0
        while index + hashes < scalars.count && scalars[index + hashes] == "#" { hashes += 1 }
        guard index + hashes < scalars.count, scalars[index + hashes] == "\"" else {
          index += max(hashes, 1)
          continue
        }
        let quotes = starts("\"\"\"", at: index + hashes) ? "\"\"\"" : "\""
        let closing = quotes + String(repeating: "#", count: hashes)
        var end = index + hashes + quotes.unicodeScalars.count
        while end < scalars.count && !starts(closing, at: end) {
          // An escaped quote doesn't end a string without `#`; a line break ends a broken one.
          if hashes == 0 && scalars[end] == "\\" { end += 1 }
          if quotes == "\"" && end < scalars.count && scalars[end] == "\n" { break }
          end += 1
        }
        let contents = index + hashes + quotes.unicodeScalars.count
        blank(contents..<min(end, scalars.count))
        index = min(end + closing.unicodeScalars.count, scalars.count)
      } else {
        index += 1
      }
    }
    return code
  }

  /// The words and punctuation of code from `code(of:)`.
  static func tokens(of code: [Unicode.Scalar]) -> [Token] {
    var tokens: [Token] = []
    var line = 1
    var lineStart = 0
    var index = 0
    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
    while index < code.count {
      let scalar = code[index]
      if scalar == "\n" {
        line += 1
        index += 1
        lineStart = index
      } else if scalar.properties.isWhitespace {
        index += 1
      } else if isWordScalar(scalar) || scalar == "`" {
        let start = index
        let quoted = scalar == "`"
        index += 1
        while index < code.count && isWordScalar(code[index]) { index += 1 }
        if quoted && index < code.count && code[index] == "`" { index += 1 }
        let text = String(String.UnicodeScalarView(code[start..<index])).filter { $0 != "`" }
        tokens.append(Token(text: text, isWord: true, line: line, column: start - lineStart + 1))
      } else {
        tokens.append(Token(text: String(scalar), isWord: false, line: line, column: index - lineStart + 1))
        index += 1
      }
    }
    return tokens
  }

  // MARK: Declarations

  /// Reads declarations from tokens, keeping the bodies it is in.
  private struct Reader {
    let tokens: [Token]
    var index = 0
    /// For each open `{`: the type whose body it opens, or nil for any other block.
    var bodies: [String?] = []
    /// A type declared since the last `{`: its body is the next one.
    var pendingType: String?

    init(tokens: [Token]) {
      self.tokens = tokens
    }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    static let modifiers: Set<String> = [
      "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final",
      "mutating", "nonmutating", "nonisolated", "override", "dynamic", "isolated", "consuming", "borrowing",
    ]

    func token(_ offset: Int = 0) -> Token? {
      tokens.indices.contains(index + offset) ? tokens[index + offset] : nil
    }

    mutating func read(into outline: inout SwiftOutline) {
      while let token = token() {
        switch token.text {
        case "{":
          bodies.append(pendingType)
          pendingType = nil
          index += 1
        case "}":
          _ = bodies.popLast()
          index += 1
        case "func" where token.isWord:
          // Only a type's own functions: not those of functions, closures or protocols.
          if let found = function(owner: bodies.last ?? nil) { outline.functions.append(found) }
        // `.class` is a member and `import struct M.T` an import, not declarations.
        case let keyword
        where token.isWord && Self.typeKeywords.contains(keyword) && ![".", "import"].contains(self.token(-1)?.text):
          if let type = typeDeclaration() { outline.types.append(type) }
        default:
          index += 1
        }
      }
    }

    /// `struct Name<T>: A, B<C> where ...`, read up to its body; nil for `class func` and the like.
    mutating func typeDeclaration() -> TypeDeclaration? {
      let keyword = tokens[index]
      guard let nameToken = token(1), nameToken.isWord, !Self.modifiers.contains(nameToken.text),
        !["func", "var", "let", "subscript", "init", "case"].contains(nameToken.text)
      else {
        index += 1
        return nil
      }
      index += 2
      var name = nameToken.text
      while token()?.text == ".", let next = token(1), next.isWord {
        name += "." + next.text
        index += 2
      }
      if token()?.text == "<" { skip(open: "<", close: ">") }
      // `: A, ReduxRuntime.B<C>, @unchecked Sendable`: each one's last word outside `<...>`.
      var inherits: [String] = []
      if token()?.text == ":" {
        index += 1
        var depth = 0
        var last: String?
        while let token = token(), !["{", "}"].contains(token.text), !(token.text == "where" && depth == 0) {
          index += 1
          if token.text == "<" { depth += 1 }
          if token.text == ">" { depth -= 1 }
          if depth == 0 && token.isWord { last = token.text }
          if depth == 0 && token.text == "," {
            inherits += last.map { [$0] } ?? []
            last = nil
          }
        }
        inherits += last.map { [$0] } ?? []
      }
      pendingType = keyword.text == "protocol" ? nil : name
      return TypeDeclaration(
        name: name, isExtension: keyword.text == "extension", inherits: inherits, line: nameToken.line,
        column: nameToken.column)
    }

    /// The function at `func`, read up to its body; nil for an operator, or without an `owner`.
    mutating func function(owner: String?) -> Function? {
      let funcToken = tokens[index]
      var modifiers: Set<String> = []
      var back = index - 1
      while back >= 0 {
        let previous = tokens[back]
        if previous.isWord && Self.modifiers.contains(previous.text) {
          modifiers.insert(previous.text)
        } else if previous.isWord && back > 0 && tokens[back - 1].text == "@" {
          back -= 1  // an attribute without arguments: `@MainActor`
        } else {
          break
        }
        back -= 1
      }
      index += 1
      guard let nameToken = token(), nameToken.isWord else { return nil }
      index += 1
      if token()?.text == "<" { skip(open: "<", close: ">") }
      guard token()?.text == "(" else { return nil }
      index += 1
      // The parameters, split at commas outside brackets.
      var parameters: [[Token]] = [[]]
      var depth = 0
      while let token = token() {
        index += 1
        let isArrow = token.text == ">" && index >= 2 && tokens[index - 2].text == "-"
        if ["(", "[", "<", "{"].contains(token.text) { depth += 1 }
        if [")", "]", ">", "}"].contains(token.text) && !isArrow {
          if depth == 0 { break }
          depth -= 1
        }
        if token.text == "," && depth == 0 {
          parameters.append([])
        } else {
          parameters[parameters.count - 1].append(token)
        }
      }
      var labels: [String] = []
      var types: [String] = []
      for parameter in parameters where !parameter.isEmpty {
        let colon = parameter.firstIndex { $0.text == ":" } ?? parameter.endIndex
        labels.append(parameter[..<colon].first(where: \.isWord)?.text ?? "_")
        types.append(parameter[min(colon + 1, parameter.endIndex)...].map(\.text).joined())
      }
      // `async` comes before the body, the return type or the next declaration.
      var isAsync = false
      let ends = ["{", "}", ";", "func", "var", "let", "init", "case"]
      while let token = token(), !ends.contains(token.text) {
        if token.text == "-" && self.token(1)?.text == ">" { break }
        if token.text == "async" { isAsync = true }
        index += 1
      }
      // `-> T`: the return type, up to the body (or a `where`), brackets kept whole.
      var returnType: String?
      if token()?.text == "-" && self.token(1)?.text == ">" {
        index += 2
        var text = ""
        var depth = 0
        while let token = token(), depth > 0 || !(ends.contains(token.text) || token.text == "where") {
          let isArrow = token.text == ">" && text.hasSuffix("-")
          if ["(", "[", "<"].contains(token.text) { depth += 1 }
          if [")", "]", ">"].contains(token.text) && !isArrow { depth -= 1 }
          // A space between two words, after a comma and around an arrow.
          if token.isWord, let last = text.last, last.isLetter || last.isNumber || last == "_" { text += " " }
          if token.text == "-" { text += " " }
          text += token.text
          if token.text == "," || (token.text == ">" && isArrow) { text += " " }
          index += 1
        }
        returnType = text
      }
      guard let owner else { return nil }
      return Function(
        owner: owner, name: nameToken.text, labels: labels, parameterTypes: types,
        isStatic: modifiers.contains("static") || modifiers.contains("class"),
        isPrivate: modifiers.contains("private") || modifiers.contains("fileprivate"), isAsync: isAsync,
        returnType: returnType, line: funcToken.line, column: funcToken.column)
    }

    /// Skips from an opening `open` to its closing `close`.
    mutating func skip(open: String, close: String) {
      var depth = 0
      while let token = token() {
        index += 1
        if token.text == open { depth += 1 }
        if token.text == close {
          depth -= 1
          if depth == 0 { return }
        }
      }
    }
  }
}
