/// A near-miss edit of a checked spec: one change to what the generated reducer, state or filter
/// does, for measuring whether the generated tests notice it (`mutation-harness`,
/// docs/mutation-testing.md).
package struct Mutant: Sendable, Equatable {
  /// Stable while the spec is unchanged: `toggleTaskCompletion#0:set-true`, `state:count:default`.
  package var id: String
  /// `toggleTaskCompletion: toggle tasks[id].isCompleted -> set tasks[id].isCompleted = true`.
  package var description: String
  /// The spec with the one change made.
  package var spec: Spec
}

/// Makes the mutants of a checked spec by editing the checked model, so every mutant is typed like
/// the original and its generated code compiles.
///
/// One mutation per mutant:
/// - reduce operations: toggle -> set true / set false; set -> nothing, another literal, append
///   (when the value is an element of the list); append -> nothing / upsert; remove -> nothing /
///   clear; increment and decrement -> by 1 / the other one; upsert -> append; update -> nothing /
///   without one assignment; clear, reset and removeValue -> nothing (removeValue also -> clear);
///   set on every element -> nothing / another literal / the condition negated or dropped; sort ->
///   nothing / its first key reversed;
/// - async status updates: dropped; `.failed(message)` -> `.failed("<action>")`; a request's
///   `loading` under its condition -> the condition negated, or always `loading`;
/// - filters: a case's predicate negated, two cases' predicates swapped, a sort key reversed,
///   dropped, or swapped with the next;
/// - state defaults: a literal changed to another value of its type;
/// - derived values: a condition negated or dropped, `all` and `any` swapped;
/// - JSON keys: a model field's key dropped (the field encoded under its name);
/// - change reports: a field an action changes left out of its `changedFields`; a
///   `changedElements` that names no element, or calls a removal a change in place;
/// - persistence: a persisted model's field decoded without its default (stored data that lacks
///   it no longer restores); a migration step dropped;
/// - follow-ups (`then:`): one dropped; its condition negated or dropped (always dispatched);
/// - requests bound to OpenAPI operations: an input given another payload parameter of its type,
///   or another constant; two fields of a model read from each other's properties; a documented
///   error (or `default`) turned into another case of the typed failure; the condition negated
///   or dropped;
/// - cached answers: a request's `fresh` dropped (every request calls its effect); a tag an action
///   invalidates dropped.
/// - values a view store keeps element by element (the state's properties as written): a
///   filter's case negated, a sorted filter kept in list order, a count's or sum's condition
///   negated, a sum's part subtracted.
/// - lists of child features: a child's action given to the list's first element, or dropped.
///
/// `custom` reducers are hand-written and not mutated. Examples are kept as they are.
package enum SpecMutator {
  package static func mutants(of spec: Spec) -> [Mutant] {
    var mutants =
      operationMutants(spec) + statusMutants(spec) + filterMutants(spec) + defaultMutants(spec) + derivedMutants(spec)
      + jsonKeyMutants(spec) + secretMutants(spec) + reportMutants(spec) + persistenceMutants(spec) + followUpMutants(spec) + streamMutants(spec) + startMutants(spec)
      + apiMutants(spec) + cacheMutants(spec) + keptValueMutants(spec) + childMutants(spec) + stackMutants(spec) + alertMutants(spec)
      + childFollowUpMutants(spec)
    // A near miss of behaviour keeps every conformance: a mutant without a JSON key, a persisted
    // field or `fresh` would otherwise drop `Codable` or `Hashable`, and the tests that use them
    // wouldn't build.
    let needed = spec.neededConformances
    for index in mutants.indices {
      for model in mutants[index].spec.models.indices {
        let name = mutants[index].spec.models[model].name
        for conformance in Conformance.allCases where needed.has(conformance, model: name) {
          mutants[index].spec.models[model].conformances.insert(conformance)
        }
      }
    }
    // Ids stay unique even if two edits ever describe themselves alike.
    var seen: [String: Int] = [:]
    for index in mutants.indices {
      let count = seen[mutants[index].id, default: 0]
      seen[mutants[index].id] = count + 1
      if count > 0 { mutants[index].id += "~\(count + 1)" }
    }
    return mutants
  }

  // MARK: Child features

  /// A child's follow-up dropped in the child's own chain, where the parent's examples through
  /// the store receive it (`receive: [rows[0].started]`): the child's module is generated from
  /// the mutated child spec, the parent's from its own, and the parent's examples must notice.
  static func childFollowUpMutants(_ spec: Spec) -> [Mutant] {
    // The child actions a parent example receives, by the field they come through.
    var received: [String: Set<String>] = [:]
    for example in spec.examples where example.throughStore {
      for step in example.receive {
        switch step.element {
        case .element(_, let inner)?: received[step.action, default: []].insert(inner.action)
        case .screen(_, let destination, let inner)?: received["\(step.action).\(destination)", default: []].insert(inner.action)
        case nil: continue
        }
      }
    }
    guard !received.isEmpty else { return [] }
    var mutants: [Mutant] = []
    func add(_ child: Spec, via path: String, replacing: (inout Spec, Spec) -> Void) {
      let heard = received[path] ?? []
      for (index, action) in child.actions.enumerated() {
        // Only a follow-up the parent's examples wait for: another is the child's tests' to kill.
        for (position, followUp) in action.followUps.enumerated() where heard.contains(followUp.action) {
          // Never dispatched (`if false`): the child's follow-ups middleware, which the parent's
          // tests make, stays, on a clock where it had one.
          var mutated = child
          mutated.actions[index].followUps[position].condition = .constant(false)
          mutated.followUpsKeepClock = child.hasDelayedFollowUps
          var changed = spec
          replacing(&changed, mutated)
          changed.uses = changed.uses.map { $0.feature == child.feature ? mutated : $0 }
          let waits = followUp.delay.map { " \(followUp.repeats ? "every" : "after") \($0)ms" } ?? ""
          let before = "then \(followUp.action)\(waits)" + (followUp.condition.map { " if " + describe($0) } ?? "")
          mutants.append(
            Mutant(
              id: "\(path).\(action.name)#then\(position):drop",
              description: "\(path): \(child.feature)'s \(action.name): \(before) -> nothing", spec: changed))
        }
      }
    }
    for (index, list) in spec.children.enumerated() {
      add(list.spec, via: list.field) { changed, mutated in changed.children[index].spec = mutated }
    }
    for (stackIndex, stack) in spec.stacks.enumerated() {
      for (index, destination) in stack.destinations.enumerated() {
        add(destination.spec, via: "\(stack.field).\(destination.name)") { changed, mutated in
          changed.stacks[stackIndex].destinations[index].spec = mutated
        }
      }
    }
    return mutants
  }

  /// A child's action given to the wrong element (the list's first), or to none.
  static func childMutants(_ spec: Spec) -> [Mutant] {
    spec.children.indices.flatMap { index -> [Mutant] in
      let child = spec.children[index]
      let field = child.field
      let kinds: [(ChildRouteMutant, String, String)] =
        child.isList
        ? [
          (.firstElement, "first-element", "a child's action goes to its element -> goes to the list's first element"),
          (.dropped, "dropped", "a child's action goes to its element -> goes to no element"),
        ]
        : [(.dropped, "dropped", "a presented child's action reaches it -> is dropped")]
          + (child.dismissOn.isEmpty
            ? [] : [(.keepsPresented, "keeps-presented", "\(child.dismissOn.joined(separator: ", ")) dismisses -> leaves it presented")])
      let handled =
        spec.handlers(of: field).map { "\(field).\($0.childAction)" } + spec.grandchildHandlers(of: field).map(\.handler.source)
      let delegates: [(ChildRouteMutant, String, String)] =
        handled.isEmpty
        ? [] : [(.handlerDropped, "handler-dropped", "\(handled.joined(separator: ", ")) reaches the parent -> doesn't")]
      let buttons: [(ChildRouteMutant, String, String)] =
        spec.hearsButtons(of: child.spec, field: field, dismissOn: child.isList ? [] : child.dismissOn)
        ? [(.buttonsUnheard, "buttons-unheard", "a button of \(child.spec.feature)'s alert reaches the parent -> doesn't")] : []
      return (kinds + delegates + buttons).map { mutant, id, description in
        var mutated = spec
        mutated.children[index].routeMutant = mutant
        return Mutant(id: "children:\(field):\(id)", description: "\(field): \(description)", spec: mutated)
      }
    }
  }

  /// A screen's action given to the bottom screen, or to none; a destination's action the parent
  /// reduces (`from:`) not handed to it.
  static func stackMutants(_ spec: Spec) -> [Mutant] {
    spec.stacks.indices.flatMap { index -> [Mutant] in
      let field = spec.stacks[index].field
      let handled = spec.handlers(of: field).compactMap { handler in
        handler.action.from?.destination.map { "\(field).\($0).\(handler.childAction)" }
      }
      let kinds: [(ChildRouteMutant, String, String)] =
        [
          (.firstElement, "first-element", "a screen's action goes to its screen -> goes to the bottom screen"),
          (.dropped, "dropped", "a screen's action goes to its screen -> goes to none"),
        ]
        + (handled.isEmpty
          ? [] : [(.handlerDropped, "handler-dropped", "\(handled.joined(separator: ", ")) reaches the parent -> doesn't")])
        + (spec.stacks[index].destinations.contains { spec.hearsButtons(of: $0.spec, field: field, destination: $0.name) }
          ? [(.buttonsUnheard, "buttons-unheard", "a button of a screen's alert reaches the parent -> doesn't")] : [])
        + shownMutants(spec.stacks[index])
      return kinds.map { mutant, id, description in
        var mutated = spec
        mutated.stacks[index].routeMutant = mutant
        return Mutant(id: "stack:\(field):\(id)", description: "\(field): \(description)", spec: mutated)
      }
    }
  }

  /// `shows:`: a screen's change of the element it shows not written into the list; a change of
  /// the list (or one written back) not brought to the screens showing its elements.
  private static func shownMutants(_ stack: StackFeature) -> [(ChildRouteMutant, String, String)] {
    guard !stack.shows.isEmpty else { return [] }
    let fields = stack.shows.map(\.field).joined(separator: ", ")
    let lists = stack.shows.map(\.list).joined(separator: ", ")
    return [
      (.notWrittenBack, "not-written-back", "a screen's change of its \(fields) is written into \(lists) -> isn't"),
      (.notShown, "not-shown", "a change of \(lists) reaches the screens showing its elements -> doesn't"),
    ]
  }

  /// An alert's button that doesn't reduce its action, or leaves the alert shown.
  static func alertMutants(_ spec: Spec) -> [Mutant] {
    guard !spec.alerts.isEmpty else { return [] }
    let kinds: [(AlertMutant, String, String)] =
      // Only where a button's action changes something: one that reduces nothing (a child's
      // delegate action its parent hears) is the same dropped.
      (spec.alertActions.allSatisfy { spec.action(named: $0)?.reduce.isEmpty ?? true }
        ? [] : [(.actionDropped, "action-dropped", "a button reduces its action -> doesn't")])
      + [(.staysShown, "stays-shown", "a button dismisses the alert -> leaves it shown")]
    return kinds.map { mutant, id, description in
      var mutated = spec
      mutated.alertMutant = mutant
      return Mutant(id: "alerts:\(id)", description: "alerts: \(description)", spec: mutated)
    }
  }

  // MARK: Reduce operations

  static func operationMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (actionIndex, action) in spec.actions.enumerated() {
      for (position, operation) in action.reduce.enumerated() {
        func mutant(_ kind: String, _ replacement: ReduceOperation?) {
          var mutated = spec
          if let replacement {
            mutated.actions[actionIndex].reduce[position] = replacement
          } else {
            mutated.actions[actionIndex].reduce.remove(at: position)
          }
          let after = replacement?.description ?? "nothing"
          mutants.append(
            Mutant(
              id: "\(action.name)#\(position):\(kind)", description: "\(action.name): \(operation.description) -> \(after)",
              spec: mutated))
        }
        let context = MutationContext(spec: spec, action: action)
        for (kind, replacement) in operation.kind.mutants(context) {
          mutant(kind, replacement.map(ReduceOperation.init))
        }
      }
    }
    return mutants
  }

  // MARK: Persistence

  static func persistenceMutants(_ spec: Spec) -> [Mutant] {
    guard let persist = spec.persist, let shape = PersistedShape(of: spec) else { return [] }
    var mutants: [Mutant] = []
    for name in StoredSamples.sampledModels(of: shape) {
      guard let index = spec.models.firstIndex(where: { $0.name == name }) else { continue }
      for field in spec.models[index].fields
      where FeatureTranslator.decodesDefaults([field], identified: spec.models[index].idField != nil) {
        var mutated = spec
        mutated.models[index].decodesWithoutDefault = field.name
        mutants.append(
          Mutant(
            id: "persist:\(name).\(field.name):no-default",
            description: "\(name).\(field.name): a stored value without it no longer takes its default", spec: mutated))
      }
    }
    for (migrationIndex, migration) in persist.migrations.enumerated() {
      for (stepIndex, step) in migration.steps.enumerated() where !shape.infers(step) {
        var mutated = spec
        mutated.persist?.migrations[migrationIndex].steps.remove(at: stepIndex)
        mutants.append(
          Mutant(
            id: "persist:v\(migration.version)#\(stepIndex):drop",
            description: "migration to version \(migration.version): \(step.path.joined(separator: ".")) step dropped",
            spec: mutated))
      }
    }
    return mutants
  }
}

/// What an operation's near misses are made from.
struct MutationContext {
  let spec: Spec
  let action: Action

  /// Another value of the type, for a mutant that writes the wrong thing.
  func otherValue(than value: Value, type: SpecType) -> Value? {
    SpecMutator.otherValue(than: value, type: type, in: spec)
  }

  /// The type of a payload parameter (and its fields); nil for literals.
  func type(of operand: Operand) -> SpecType? {
    SpecMutator.operandType(operand, of: action, in: spec)
  }

  /// The operand with its last field swapped for another field of the same type (`books[].id`
  /// for `books[].isbn`), for a mutant that reads the wrong field.
  func otherField(than operand: Operand) -> Operand? {
    // The type the last field is read from: that of the operand without it.
    let shorter: Operand
    switch operand {
    case .parameter(let name, let fields) where !fields.isEmpty: shorter = .parameter(name, fields: Array(fields.dropLast()))
    case .eachElement(let name, let fields) where !fields.isEmpty: shorter = .eachElement(name, fields: Array(fields.dropLast()))
    default: return nil
    }
    guard var owner = type(of: shorter), let last = operand.fields.last else { return nil }
    if case .eachElement = operand, let element = owner.elementType { owner = element }
    guard let siblings = spec.fields(of: owner), let lastType = siblings.first(where: { $0.name == last })?.type,
      let other = siblings.first(where: { $0.name != last && $0.type == lastType })
    else { return nil }
    switch shorter {
    case .eachElement(let name, let fields): return .eachElement(name, fields: fields + [other.name])
    case .parameter(let name, let fields): return .parameter(name, fields: fields + [other.name])
    case .literal, .arithmetic, .expression: return nil
    }
  }

}
