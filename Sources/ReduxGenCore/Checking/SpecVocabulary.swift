/// The words of the spec language an editor offers (the language server's completion and
/// hover). Keys, operations and derivation words are the checker's own lists, so the two never
/// differ; the expression language's functions and members are listed here as
/// docs/spec-language.md's Expressions table gives them.
package enum SpecVocabulary {
  /// The keys a mapping may have, by the name of the schema's definition of that mapping
  /// (`feature`, `action`, `model`...): `SpecKeys`, the checker's one list.
  package static func keys(of definition: String) -> [String]? {
    SpecKeys.byDefinition[definition]
  }

  /// Every word that starts a reduce operation (`set`, `append`, `toggle`...).
  package static var operationWords: [String] {
    ReduceOperation.words
  }

  /// The words of a derived value's short forms (`count tasks where done`).
  package static var derivationWords: [String] {
    SpecChecker.derivationWords
  }

  /// The functions and members of the expression language (docs/spec-language.md's
  /// Expressions).
  package static let functions = ["min", "max", "abs"]
  package static let members = [
    "count", "isEmpty", "trimmed", "lowercased", "uppercased", "contains", "hasPrefix", "hasSuffix", "first", "last", "sum",
    "min", "max", "rounded",
  ]
  /// The scopes a name can be written with (`element.NAME`, `payload.NAME`, `state.NAME`) and
  /// the literals.
  package static let scopeWords = ["element", "payload", "state"]
  package static let literals = ["true", "false", "nil"]

  /// The types every spec knows (`String`, `Int`, `UUID`...), and `IndexSet`.
  package static var scalarTypes: [String] {
    SpecType.Scalar.allCases.map(\.rawValue) + ["IndexSet"]
  }
}
