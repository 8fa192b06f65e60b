// The messages of problems with warnings.
extension SpecProblem {
  /// The message, when the problem is one of warnings; nil otherwise.
  var warningsMessage: String? {
    switch self {
    case .untested(let name):
      "no generated test or example exercises action '\(name)'; add an example that dispatches it"
    case .middlewareHandlesNothing(let name):
      "middleware '\(name)' handles no action; list the actions it handles in 'on'"
    default: nil
    }
  }
}
