import Foundation

/// The Swift names swift-openapi-generator's default (defensive) naming gives a document's names
/// (SOAR-0001): an operationId, a parameter's name. A name that is already an identifier and no
/// keyword keeps its spelling (`searchVolumes`); every other character becomes its HTML entity
/// name, or its code point in hex, between underscores (`search/repos` is `search_sol_repos`,
/// `X-GitHub-Api-Version` is `X_hyphen_GitHub_hyphen_Api_hyphen_Version`); a leading digit gets
/// an underscore before it, and a keyword one before it (`_default`). Generated code calls the
/// `Client` by these names; a spec writes the document's.
package enum OpenAPINames {
  package static func swiftName(_ documented: String) -> String {
    guard !documented.isEmpty else { return "_empty" }
    var name = ""
    let (first, other) = (firstCharacters, otherCharacters)
    for (index, scalar) in documented.unicodeScalars.enumerated() {
      let allowed = index == 0 ? first : other
      if allowed.contains(scalar) {
        name.unicodeScalars.append(scalar)
      } else if index == 0 && CharacterSet.decimalDigits.contains(scalar) {
        name += "_"
        name.unicodeScalars.append(scalar)
      } else {
        name += "_" + (entities[scalar] ?? "x" + String(scalar.value, radix: 16, uppercase: true)) + "_"
      }
    }
    if name == "_" { return "_underscore_" }
    return keywords.contains(name) ? "_" + name : name
  }

  private static var firstCharacters: CharacterSet { CharacterSet.letters.union(CharacterSet(charactersIn: "_")) }
  private static var otherCharacters: CharacterSet { CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_")) }

  /// The name's words run together, each after the first capitalized (`search/repos` is
  /// `searchRepos`): how a user may write an operation swift-openapi-generator's idiomatic naming
  /// would call so, for a did-you-mean.
  package static func camelCased(_ documented: String) -> String {
    let words = documented.split { !($0.isLetter || $0.isNumber) }
    guard let first = words.first else { return documented }
    return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The printable ASCII characters that aren't part of an identifier, by their HTML entity names.
  private static let entities: [Unicode.Scalar: String] = [
    " ": "space", "!": "excl", "\"": "quot", "#": "num", "$": "dollar", "%": "percnt", "&": "amp", "'": "apos",
    "(": "lpar", ")": "rpar", "*": "ast", "+": "plus", ",": "comma", "-": "hyphen", ".": "period", "/": "sol",
    ":": "colon", ";": "semi", "<": "lt", "=": "equals", ">": "gt", "?": "quest", "@": "commat", "[": "lbrack",
    "\\": "bsol", "]": "rbrack", "^": "hat", "`": "grave", "{": "lcub", "|": "verbar", "}": "rcub", "~": "tilde",
  ]

  /// The names the defensive naming escapes with a leading underscore: Swift's keywords and a
  /// few of the standard library's type names.
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let", "operator",
    "precedencegroup", "protocol", "struct", "subscript", "typealias", "var", "fileprivate", "internal", "private",
    "public", "static", "defer", "if", "guard", "do", "repeat", "else", "for", "in", "while", "return", "break",
    "continue", "fallthrough", "switch", "case", "default", "where", "catch", "throw", "as", "Any", "false", "is",
    "nil", "rethrows", "super", "self", "Self", "true", "try", "throws", "yield", "String", "Error", "Int", "Bool",
    "Array", "Type", "type", "Protocol", "await",
  ]
}
