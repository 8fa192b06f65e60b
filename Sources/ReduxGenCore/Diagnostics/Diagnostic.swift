/// One problem found in a spec, with where it is.
package struct Diagnostic: Hashable, Sendable {
  package enum Severity: String, Sendable {
    case error
    case warning
  }

  package var severity: Severity
  package var message: String
  package var location: SourceLocation

  package init(_ severity: Severity, _ message: String, at location: SourceLocation) {
    self.severity = severity
    self.message = message
    self.location = location
  }

  /// `path:line:col: error: message`, the form editors link.
  package var summary: String {
    "\(location.file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }
}

/// Collects every problem so all are reported in one run.
package struct DiagnosticCollector: Sendable {
  package private(set) var diagnostics: [Diagnostic] = []

  package init() {}

  package var hasErrors: Bool {
    diagnostics.contains { $0.severity == .error }
  }

  package mutating func error(_ problem: SpecProblem, at location: SourceLocation) {
    diagnostics.append(Diagnostic(.error, problem.message, at: location))
  }

  package mutating func warning(_ problem: SpecProblem, at location: SourceLocation) {
    diagnostics.append(Diagnostic(.warning, problem.message, at: location))
  }

  package mutating func append(contentsOf other: [Diagnostic]) {
    diagnostics.append(contentsOf: other)
  }

  /// The diagnostics in source order, each reported once.
  package var sorted: [Diagnostic] {
    var seen = Set<Diagnostic>()
    return diagnostics.enumerated()
      .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
      .filter { seen.insert($0).inserted }
  }
}

/// Thrown when a stage can't go on; carries everything found so far.
package struct DiagnosticsError: Error, Sendable {
  package var diagnostics: [Diagnostic]

  package init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }
}
