/// A checked document: a feature spec or an app made of feature specs.
package enum CheckedDocument: Sendable {
  case feature(Spec)
  case app(AppSpec)
}

/// Stage 2, text -> checked document: loads the YAML (located nodes) and checks it; throws every
/// problem found when there are errors, returns the warnings otherwise.
package enum DocumentChecking {
  /// An app document is checked with the feature specs it names, read through `readFile`.
  /// A feature spec's `uses:` are read through `readFile` too; `usedBy` are the specs whose
  /// `uses:` led here, outermost first.
  package static func check(
    _ text: String, path: String, readFile: (String) -> [UInt8]? = { _ in nil }, usedBy: [String] = []
  ) throws(DiagnosticsError) -> (CheckedDocument, [Diagnostic]) {
    var diagnostics = DiagnosticCollector()
    guard let root = YAMLLoader().load(text, path: path, diagnostics: &diagnostics) else {
      throw DiagnosticsError(diagnostics.sorted)
    }
    if case .mapping(let pairs) = root.kind, pairs.contains(where: { $0.key.scalar == "app" }) {
      var checker = AppChecker(checker: SpecChecker(path: path))
      checker.checker.diagnostics = diagnostics
      let app = checker.check(pairs, root: root, readFile: readFile)
      guard let app, !checker.checker.diagnostics.hasErrors else {
        throw DiagnosticsError(checker.checker.diagnostics.sorted)
      }
      return (.app(app), checker.checker.diagnostics.sorted)
    }
    guard let spec = SpecChecker.check(root, path: path, diagnostics: &diagnostics, readFile: readFile, usedBy: usedBy),
      !diagnostics.hasErrors
    else {
      throw DiagnosticsError(diagnostics.sorted)
    }
    return (.feature(spec), diagnostics.sorted)
  }

  /// Checks a feature spec; an app document here is an error.
  package static func checkFeature(
    _ text: String, path: String, readFile: (String) -> [UInt8]? = { _ in nil }, usedBy: [String] = []
  ) throws(DiagnosticsError) -> (Spec, [Diagnostic]) {
    let (document, warnings) = try check(text, path: path, readFile: readFile, usedBy: usedBy)
    switch document {
    case .feature(let spec):
      return (spec, warnings)
    case .app:
      var diagnostics = DiagnosticCollector()
      diagnostics.error(.appNotFeature, at: SourceLocation(file: path, line: 1, column: 1))
      throw DiagnosticsError(diagnostics.sorted)
    }
  }
}
