/// One kind of reduce operation (`set`, `toggle`, ...). Everything redux-gen knows about an
/// operation lives in its conformance, in one file of this folder: how it reads itself from a
/// spec (with its diagnostics), where it writes (for change tracking), the reducer statements it
/// generates, the derived tests that pin it, and its near misses for the mutation harness.
///
/// docs/architecture.md walks through adding one.
protocol ReduceOperationKind: Sendable {
  /// The words that start it in a spec (`increment` and `decrement` share a type).
  static var words: [String] { get }

  /// Other words a user may reach for, and which of `words` does what they mean
  /// (`insert` -> `prepend`): a "did you mean" by meaning, not spelling.
  static var meanings: [String: String] { get }

  /// Whether this kind reads an operation whose `word` it shares with a later kind in
  /// `ReduceOperation.kinds` (`set tasks[].done` is `SetEachOperation`'s, `set done` is
  /// `SetOperation`'s); `tokens` start after the word.
  static func claims(_ tokens: TokenStream) -> Bool

  /// Reads the rest of the operation after its `word`; a problem goes to `parser.fail`.
  static func parse(_ word: String, _ parser: inout ReduceParser) -> Self?

  /// The operation as a spec writes it, for mutant descriptions: `increment count by amount`.
  var description: String { get }

  /// Where it writes; nil when it is not known (`custom`).
  var path: StatePath? { get }

  /// Every path it may write: its `path`, or those of the operations it holds (`if`).
  var paths: [StatePath] { get }

  /// The values it reads besides the ids and keys of its path.
  var operands: [Operand] { get }

  /// The payload parameters it reads, its path's ids and keys included.
  var parameters: [String] { get }

  func isEqual(to other: any ReduceOperationKind) -> Bool

  /// The reducer's statements for it.
  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement]

  /// Whether it leaves each element the state's list `list` holds as it was, where it writes
  /// the list: it removes or reorders elements, but changes none and adds none (what `shows:`
  /// needn't bring to the screens showing the list's elements; an added element may have the id
  /// of one a screen still shows).
  func keepsElements(of list: String) -> Bool

  /// The derived tests of the operation at a path through fields only (`count`, `form.name`).
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration]

  /// What the operation makes of one element (`tasks[id]...`) or dictionary entry (`d[k]...`);
  /// nil when such tests are left to examples.
  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange?

  /// Arguments with which the action surely changes a new state, for routing tests; nil when
  /// the operation can't promise a change.
  func changingArguments(_ context: OperationTestContext) -> [String: Value]?

  /// Its near misses: a short kind and the operation to put in its place (nil: drop it).
  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)]
}

extension ReduceOperationKind where Self: Equatable {
  func isEqual(to other: any ReduceOperationKind) -> Bool { (other as? Self) == self }
}

extension ReduceOperationKind {
  static var meanings: [String: String] { [:] }
  static func claims(_ tokens: TokenStream) -> Bool { true }
  var operands: [Operand] { [] }
  var paths: [StatePath] { path.map { [$0] } ?? [] }

  var parameters: [String] {
    var operands = operands
    for step in path?.steps ?? [] {
      if case .element(let operand) = step { operands.append(operand) }
      if case .key(let operand) = step { operands.append(operand) }
      if case .offset(let operand) = step { operands.append(operand) }
    }
    return operands.flatMap(\.parameters)
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] { [] }
  func keepsElements(of list: String) -> Bool { false }
  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange? { nil }
  func changingArguments(_ context: OperationTestContext) -> [String: Value]? { nil }
}

/// A checked reduce operation, whatever its kind.
package struct ReduceOperation: Sendable, Equatable, CustomStringConvertible {
  /// Every kind of operation: the one list the parser reads words from.
  static let kinds: [any ReduceOperationKind.Type] = [
    SetEachOperation.self, SetOperation.self, AppendOperation.self, UpsertOperation.self, RemoveOperation.self, UpdateOperation.self,
    ToggleOperation.self, CountOperation.self, SortOperation.self, MoveOperation.self, ResetOperation.self, ClearOperation.self, CustomOperation.self,
    ConditionalOperation.self, PushOperation.self, PopOperation.self, PresentOperation.self,
  ]

  /// Every word that starts an operation, for messages and suggestions.
  static var words: [String] {
    var seen: Set<String> = []
    return kinds.flatMap { $0.words }.filter { seen.insert($0).inserted }
  }

  /// The kind that reads the operation `word` starts, the rest being `tokens`.
  static func kind(for word: String, _ tokens: TokenStream) -> (any ReduceOperationKind.Type)? {
    kinds.first { $0.words.contains(word) && $0.claims(tokens) }
  }

  /// The operation a word that isn't one means, else the one spelled most like it.
  static func suggestion(for word: String) -> String? {
    for kind in kinds {
      if let meant = kind.meanings[word] ?? kind.meanings[word.lowercased()] { return meant }
    }
    return closestMatch(to: word, in: words)
  }

  let kind: any ReduceOperationKind

  init(_ kind: any ReduceOperationKind) { self.kind = kind }

  /// Calls the hand-written reducer function of the action.
  package static let custom = ReduceOperation(CustomOperation())

  package var isCustom: Bool { kind is CustomOperation }

  /// Where the operation writes; nil for `custom`.
  var path: StatePath? { kind.path }

  package var description: String { kind.description }

  /// Every path it may write (`if` writes those of the operations it holds).
  var paths: [StatePath] { kind.paths }

  /// The payload parameters the operation reads, its path's ids and keys included.
  var parameters: [String] { kind.parameters }

  package static func == (lhs: ReduceOperation, rhs: ReduceOperation) -> Bool { lhs.kind.isEqual(to: rhs.kind) }
}

/// A payload parameter assigned to a field of an element, by `update`.
struct Assignment: Sendable, Equatable {
  var field: String
  var parameter: String
}

extension Operand {
  /// The operand as a spec writes it.
  var text: String {
    switch self {
    case .parameter(let name, let fields): ([name] + fields).joined(separator: ".")
    case .eachElement(let name, let fields): ([name + "[]"] + fields).joined(separator: ".")
    case .literal(let value): SpecMutator.describe(value)
    case .arithmetic(let arithmetic): arithmetic.text(\.text)
    case .expression(let predicate): SpecMutator.describe(predicate)
    }
  }
}
