/// `- if CONDITION: OPERATIONS`, then maybe `- else if CONDITION: ...` and `- else: OPERATIONS`,
/// as items of a `reduce` list: operations that run only when a condition holds as the action
/// arrives. The condition reads the payload, the state's fields, derived values and filter
/// results (`state.NAME` reaches a state name a parameter hides). `else if` is an `if` in `else`.
///
/// The YAML shape (keys, chains of `else`) is read by `SpecChecker.reduceOperations`; the
/// condition by `SpecChecker.actionCondition`.
struct ConditionalOperation: ReduceOperationKind, Equatable {
  static let words = ["if"]
  static let meanings = ["when": "if"]
  /// Paths start with `state` (a state field, derived value or filter result) or a parameter.
  var condition: Predicate
  var then: [ReduceOperation]
  var otherwise: [ReduceOperation]

  /// `if` inside an operation's text: conditions are YAML keys.
  static func parse(_ word: String, _ parser: inout ReduceParser) -> ConditionalOperation? {
    parser.fail(.conditionalAsText, 0)
  }

  var description: String {
    var text = "if \(SpecMutator.describe(condition)): " + then.map(\.description).joined(separator: "; ")
    if !otherwise.isEmpty { text += " else: " + otherwise.map(\.description).joined(separator: "; ") }
    return text
  }

  var path: StatePath? { nil }
  var paths: [StatePath] { (then + otherwise).flatMap(\.paths) }
  func keepsElements(of list: String) -> Bool {
    (then + otherwise).allSatisfy { operation in
      !operation.paths.contains { $0.steps.first == .field(list) } || operation.kind.keepsElements(of: list)
    }
  }

  var parameters: [String] {
    var names = PredicateSearch.fields(readBy: condition).filter { $0 != "state" }
    for operation in then + otherwise {
      for name in operation.parameters where !names.contains(name) { names.append(name) }
    }
    return names
  }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    let condition = PredicateTranslator(types: reducer.types, element: state) { name in
      name == "state" ? state : .name(name)
    }.expression(condition)
    let body = then.flatMap { reducer.statements(for: $0, state: state) }
    let otherwiseBody = otherwise.flatMap { reducer.statements(for: $0, state: state) }
    return [.ifElse(condition, body, otherwiseBody.isEmpty ? nil : otherwiseBody)]
  }

  /// The condition negated or dropped (its operations always run), and each near miss of the
  /// operations it holds. Examples that take each branch kill them.
  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    var negated = self
    negated.condition = .not(condition)
    mutants.append(("negate", negated))
    var always = self
    always.condition = .constant(true)
    mutants.append(("always", always))
    for (kind, nearMiss) in condition.arithmeticNearMisses() {
      var changed = self
      changed.condition = nearMiss
      mutants.append((kind, changed))
    }
    for (branch, operations) in [("then", then), ("else", otherwise)] {
      for (position, operation) in operations.enumerated() {
        for (kind, replacement) in operation.kind.mutants(context) {
          var mutated = branch == "then" ? then : otherwise
          if let replacement {
            mutated[position] = ReduceOperation(replacement)
          } else {
            mutated.remove(at: position)
          }
          var changed = self
          if branch == "then" { changed.then = mutated } else { changed.otherwise = mutated }
          mutants.append(("\(branch)\(position)-\(kind)", changed))
        }
      }
    }
    return mutants
  }
}

extension Predicate {
  /// The predicate with `prefix` before the first name of each path that `qualifies`.
  func qualifyingPaths(with prefix: String, where qualifies: (String) -> Bool) -> Predicate {
    mappingPaths { steps in
      guard case .field(let name)? = steps.first, qualifies(name) else { return steps }
      return [.field(prefix)] + steps
    }
  }

  /// The predicate with each path's steps replaced by what `transform` makes of them.
  func mappingPaths(_ transform: ([PathStep]) -> [PathStep]) -> Predicate {
    switch self {
    case .path(let steps, let type): return .path(transform(steps), type)
    case .not(let inner): return .not(inner.mappingPaths(transform))
    case .and(let lhs, let rhs): return .and(lhs.mappingPaths(transform), rhs.mappingPaths(transform))
    case .or(let lhs, let rhs): return .or(lhs.mappingPaths(transform), rhs.mappingPaths(transform))
    case .compare(let lhs, let op, let rhs): return .compare(lhs.mappingPaths(transform), op, rhs.mappingPaths(transform))
    case .contains(let list, let value): return .contains(list.mappingPaths(transform), value.mappingPaths(transform))
    case .lookup(let collection, let key, let byID):
      return .lookup(collection.mappingPaths(transform), key: key.mappingPaths(transform), byID: byID)
    case .index(let list, let offset, let element):
      return .index(list.mappingPaths(transform), at: offset.mappingPaths(transform), element: element)
    case .member(let base, let steps, let type):
      // Its steps read the base's value, not a scope: they stay.
      return .member(base.mappingPaths(transform), steps, type)
    case .arithmetic(let lhs, let op, let rhs, let type):
      return .arithmetic(lhs.mappingPaths(transform), op, rhs.mappingPaths(transform), type)
    case .extremum(let which, let lhs, let rhs, let type):
      return .extremum(which, lhs.mappingPaths(transform), rhs.mappingPaths(transform), type)
    case .call(let function, let arguments, let type):
      return .call(function, arguments.map { $0.mappingPaths(transform) }, type)
    case .makeCase(let name, let labels, let values, let type):
      return .makeCase(name, labels: labels, values.map { $0.mappingPaths(transform) }, type)
    case .constant, .literal: return self
    }
  }
}
