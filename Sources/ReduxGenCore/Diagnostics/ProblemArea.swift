/// The parts of a spec problems speak of, each worded in a file of its own (Diagnostics/Messages).
package enum ProblemArea: String, CaseIterable, Sendable {
  /// Problems with the file, its YAML, its keys and the names it declares and refers to.
  case document
  /// Problems with types, models, conformances, JSON keys and values written inline.
  case types
  /// Problems with conditions, the expressions in them, and filters.
  case conditions
  /// Problems with derived values.
  case derived
  /// Problems with reduce operations.
  case operations
  /// Problems with actions' effects: requests, their scopes and timing, follow-ups, bindings, events, API bindings and cached answers.
  case actions
  /// Problems with examples.
  case examples
  /// Problems with apps, specs used by others, and the hand-written code a spec needs.
  case modules
  /// Problems with persistence, migrations and persisted shapes.
  case persistence
  /// Problems with warnings.
  case warnings
}
