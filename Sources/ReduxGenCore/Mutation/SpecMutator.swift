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
///
/// `custom` reducers are hand-written and not mutated. Examples are kept as they are.
package enum SpecMutator {
  package static func mutants(of spec: Spec) -> [Mutant] {
    var mutants =
      operationMutants(spec) + statusMutants(spec) + filterMutants(spec) + defaultMutants(spec) + derivedMutants(spec)
      + jsonKeyMutants(spec) + reportMutants(spec) + persistenceMutants(spec) + followUpMutants(spec) + startMutants(spec)
      + apiMutants(spec) + cacheMutants(spec)
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

  // MARK: Reduce operations

  private static func operationMutants(_ spec: Spec) -> [Mutant] {
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

  private static func persistenceMutants(_ spec: Spec) -> [Mutant] {
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

  // MARK: Derived values

  /// The mutants of an app's values over its features (`derived:`): those of a feature's
  /// derived values, each with the app it makes (the app values in `spec`, its `derivedScope`).
  package static func mutants(of app: AppSpec) -> [(mutant: Mutant, app: AppSpec)] {
    guard let scope = app.derivedScope else { return [] }
    return derivedMutants(scope).map { mutant in
      var mutated = app
      mutated.derivedScope = mutant.spec
      mutated.derived = mutant.spec.derived
      return (mutant, mutated)
    }
  }

  private static func derivedMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, value) in spec.derived.enumerated() {
      var edits: [(String, DerivedValue.Kind)] = []
      switch value.kind {
      case .count(let predicate?):
        edits = [("negate", .count(.not(predicate))), ("every", .count(nil))]
      case .all(let predicate):
        edits = [("negate", .all(.not(predicate))), ("any", .any(predicate))]
      case .any(let predicate):
        edits = [("negate", .any(.not(predicate))), ("all", .all(predicate))]
      case .sum(let field, let predicate?):
        edits = [("negate", .sum(field: field, .not(predicate))), ("every", .sum(field: field, nil))]
      case .sumOfProducts(let field, let times, let predicate):
        if let predicate {
          edits = [
            ("negate", .sumOfProducts(field: field, times: times, .not(predicate))),
            ("every", .sumOfProducts(field: field, times: times, nil)),
          ]
        }
        // The first field squared, where its type is the product's.
        if spec.derivedFieldType(value.list, field) == value.type {
          edits.append(("square", .sumOfProducts(field: field, times: field, predicate)))
        }
      case .lookupMany(let keys):
        // The keys of another list of the same type.
        let type = spec.stateType(path: keys)
        edits = spec.statePaths.filter { $0.path != keys && $0.type == type }.map {
          ("keys \($0.path)", .lookupMany(keys: $0.path))
        }
      case .sumWeighted(let field, let weights, let key, let predicate):
        if let predicate {
          edits = [
            ("negate", .sumWeighted(field: field, weights: weights, key: key, .not(predicate))),
            ("every", .sumWeighted(field: field, weights: weights, key: key, nil)),
          ]
        }
        // Each element counted once, where the plain sum has the value's type.
        if spec.derivedFieldType(value.list, field) == value.type {
          edits.append(("unweighted", .sum(field: field, predicate)))
        }
        // Over a dictionary: weighed by the element's field where it was the entry's key, and
        // by the entry's key where it was a field of the key's type.
        if spec.listType(value.list)?.dictionaryKey != nil, let keyType = spec.stateType(path: weights)?.dictionaryKey,
          let element = spec.derivedElementType(value.list), let fields = spec.fields(of: element)
        {
          let others = [DerivedValue.entryKey] + fields.filter { $0.type == keyType }.map(\.name)
          for other in others where other != key && spec.derivedFieldType(value.list, other) == keyType {
            edits.append(("key \(other)", .sumWeighted(field: field, weights: weights, key: other, predicate)))
          }
        }
        // Another dictionary of the same type.
        let type = spec.stateField(named: weights)?.type
        for other in spec.state where other.name != weights && other.type == type {
          edits.append(("weights \(other.name)", .sumWeighted(field: field, weights: other.name, key: key, predicate)))
        }
      case .arithmetic(let arithmetic, let reads):
        edits = uniqueKinds(arithmetic.nearMisses()).map { ($0.kind, .arithmetic($0.expression, reads: reads)) }
      case .lookup(let key) where key != value.parameter:
        // The key read from another field of its type (`shelf.selectedID` for `chosenBookID`).
        let type = spec.stateType(path: key)
        edits = spec.statePaths.filter { $0.path != key && $0.type == type }.map {
          ("key \($0.path)", .lookup(key: $0.path))
        }
      case .count(nil), .sum(_, nil), .isEmpty, .lookup:
        edits = []
      }
      for (kind, edit) in edits {
        var mutated = spec
        // A path inside a field (`shelf.ids`) is read from the field it starts at.
        if case .lookup(let key) = edit, key.contains(".") { mutated.derived[index].pathRoots[key] = DerivedValue.firstName(key) }
        if case .lookupMany(let keys) = edit, keys.contains(".") {
          mutated.derived[index].pathRoots[keys] = DerivedValue.firstName(keys)
        }
        mutated.derived[index].kind = edit
        // Arithmetic's near misses are shown as written: `budget - spent -> budget + spent`.
        var description = "derived \(value.name): \(kind)"
        if case .arithmetic(let before, _) = value.kind, case .arithmetic(let after, _) = edit {
          description = "derived \(value.name): \(before.text { $0 }) -> \(after.text { $0 })"
        }
        mutants.append(Mutant(id: "derived:\(value.name):\(kind)", description: description, spec: mutated))
      }
    }
    mutants += lookupCollectionMutants(spec)
    return mutants
  }

  /// Near misses with a number after a kind already taken (`minus`, `minus2`): one id each.
  static func uniqueKinds<T>(_ misses: [(kind: String, expression: T)]) -> [(kind: String, expression: T)] {
    var seen: [String: Int] = [:]
    return misses.map { miss in
      seen[miss.kind, default: 0] += 1
      let count = seen[miss.kind]!
      return (count == 1 ? miss.kind : "\(miss.kind)\(count)", miss.expression)
    }
  }

  /// A lookup (with a parameter or not) that reads another collection of the same type, or
  /// gives nil where it had a fallback.
  private static func lookupCollectionMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for values in [\Spec.derived, \Spec.selectors] {
      for (index, value) in spec[keyPath: values].enumerated() {
        switch value.kind {
        case .lookup, .lookupMany: break
        default: continue
        }
        func mutant(_ kind: String, _ edit: (inout DerivedValue) -> Void) {
          var mutated = spec
          edit(&mutated[keyPath: values][index])
          mutants.append(
            Mutant(id: "derived:\(value.name):\(kind)", description: "derived \(value.name): \(kind)", spec: mutated))
        }
        if value.fallback != nil {
          // Nothing found is nil again, as without `?? VALUE`.
          mutant("no fallback") { unfallen in
            unfallen.fallback = nil
            unfallen.type = .optional(value.type)
          }
        }
        let type = spec.stateType(path: value.list)
        for other in spec.statePaths where other.path != value.list && other.type == type {
          mutant("reads \(other.path)") { mutated in
            mutated.list = other.path
            if other.path.contains(".") { mutated.pathRoots[other.path] = DerivedValue.firstName(other.path) }
          }
        }
      }
    }
    return mutants
  }

  /// The type of a payload parameter (and its fields); nil for literals.
  static func operandType(_ operand: Operand, of action: Action, in spec: Spec) -> SpecType? {
    let fields: [String]
    var type: SpecType
    switch operand {
    case .literal: return nil
    case .arithmetic(let arithmetic): return arithmetic.type
    case .parameter(let name, let path):
      guard let parameter = action.payload.first(where: { $0.name == name }) else { return nil }
      (type, fields) = (parameter.type, path)
    case .eachElement(let name, let path):
      guard let element = action.payload.first(where: { $0.name == name })?.type.elementType else { return nil }
      (type, fields) = (element, path)
    }
    for field in fields {
      guard let next = spec.fields(of: type)?.first(where: { $0.name == field })?.type else { return nil }
      type = next
    }
    if case .eachElement = operand { return .array(type) }
    return type
  }

  // MARK: Async status

  /// Each follow-up dropped, and a conditional one's condition negated or dropped.
  private static func followUpMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, action) in spec.actions.enumerated() {
      for (position, followUp) in action.followUps.enumerated() {
        let waits = followUp.delay.map { " after \($0)ms" } ?? ""
        let before = "then \(followUp.action)\(waits)" + (followUp.condition.map { " if " + describe($0) } ?? "")
        func mutant(_ kind: String, _ after: String, _ change: (inout [FollowUp]) -> Void) {
          var changed = spec
          change(&changed.actions[index].followUps)
          // The original's tests make the follow-ups middleware on a clock: it keeps one.
          changed.followUpsKeepClock = spec.hasDelayedFollowUps
          mutants.append(
            Mutant(
              id: "\(action.name)#then\(position):\(kind)", description: "\(action.name): \(before) -> \(after)",
              spec: changed))
        }
        mutant("drop", "nothing") { $0.remove(at: position) }
        // A delayed follow-up dispatched at once: the test on a clock that never gets there kills it.
        if followUp.delay != nil { mutant("now", "then \(followUp.action) at once") { $0[position].delay = nil } }
        guard let condition = followUp.condition else { continue }
        mutant("negate", "then \(followUp.action)\(waits) if !(\(describe(condition)))") { $0[position].condition = .not(condition) }
        mutant("always", "then \(followUp.action)\(waits)") { $0[position].condition = nil }
      }
    }
    return mutants
  }

  /// Near misses of cached answers: `fresh` dropped, an invalidated tag dropped, a tag's argument
  /// dropped.
  private static func cacheMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, action) in spec.actions.enumerated() {
      if let freshFor = action.async?.freshFor {
        var changed = spec
        changed.actions[index].async?.freshFor = nil
        mutants.append(
          Mutant(
            id: "\(action.name)#fresh:drop", description: "\(action.name): fresh \(freshFor) ms -> not kept",
            spec: changed))
      }
      for (position, tag) in action.invalidates.enumerated() {
        var changed = spec
        changed.actions[index].invalidates.remove(at: position)
        mutants.append(
          Mutant(
            id: "\(action.name)#invalidates\(position):drop", description: "\(action.name): invalidates \(tag) -> not",
            spec: changed))
        // Its argument dropped: every argument's answers emptied.
        if !tag.argument.isEmpty {
          var plain = spec
          plain.actions[index].invalidates[position].argument = []
          mutants.append(
            Mutant(
              id: "\(action.name)#invalidates\(position):all",
              description: "\(action.name): invalidates \(tag) -> \(tag.name)", spec: plain))
        }
      }
      for (position, tag) in (action.async?.provides ?? []).enumerated() where !tag.argument.isEmpty {
        // Provided without its argument: emptied by any argument's invalidation.
        var plain = spec
        plain.actions[index].async?.provides[position].argument = []
        mutants.append(
          Mutant(
            id: "\(action.name)#provides\(position):all", description: "\(action.name): provides \(tag) -> \(tag.name)",
            spec: plain))
      }
    }
    return mutants
  }

  /// Near misses of requests bound to OpenAPI operations (`APIBinding`).
  private static func apiMutants(_ spec: Spec) -> [Mutant] {
    guard let api = spec.api else { return [] }
    var mutants: [Mutant] = []
    for action in spec.actions {
      guard let binding = api.requests[action.name] else { continue }
      func mutant(_ kind: String, _ description: String, _ change: (inout APIBinding) -> Void) {
        var changed = spec
        change(&changed.api!.requests[action.name]!)
        mutants.append(
          Mutant(id: "\(action.name)#api:\(kind)", description: "\(action.name): \(description)", spec: changed))
      }
      for (index, input) in binding.inputs.enumerated() {
        switch input.source {
        case .parameter(let names) where names.count == 1:
          let type = action.payload.first { $0.name == names[0] }?.type
          if let other = action.payload.first(where: { $0.name != names[0] && $0.type == type }) {
            mutant("input\(index):other", "\(input.member) = \(names[0]) -> \(other.name)") {
              $0.inputs[index].source = .parameter([other.name])
            }
          }
        case .parameter(let names) where names.count > 1:
          // A field of a model parameter: another field of its type (`place.latitude` -> `.longitude`).
          var type = action.payload.first { $0.name == names[0] }?.type
          var model: Model?
          for name in names.dropFirst() {
            guard case .model(let modelName)? = type, let found = spec.model(named: modelName) else { break }
            model = found
            type = found.fields.first { $0.name == name }?.type
          }
          let last = names[names.count - 1]
          if let model, let other = model.fields.first(where: { $0.name != last && $0.type == type }) {
            mutant("input\(index):field", "\(input.member) = \(names.joined(separator: ".")) -> .\(other.name)") {
              $0.inputs[index].source = .parameter(Array(names.dropLast()) + [other.name])
            }
          }
        case .literal(let literal):
          let other: APIValueSource.Literal =
            switch literal {
            case .string(let text): .string(text + "x")
            case .int(let number): .int(number + 1)
            case .double(let number): .double(number + 1)
            case .bool(let flag): .bool(!flag)
            }
          mutant("input\(index):literal", "\(input.member): another constant") { $0.inputs[index].source = .literal(other) }
        default:
          break
        }
      }
      for (valueIndex, read) in binding.success.values.enumerated() {
        for (path, kind) in swappableReads(read.value, path: []) {
          mutant("read\(valueIndex).\(path.map(String.init).joined(separator: ".")):swap", kind) { binding in
            binding.success.values[valueIndex].value = swapping(binding.success.values[valueIndex].value, at: path)
          }
        }
      }
      if let typed = action.async.flatMap({ spec.action(named: $0.failure) })?.payload.first(where: { $0.name == "error" }),
        case .enumeration(let name) = typed.type, let cases = spec.enums.first(where: { $0.name == name })?.cases
      {
        for (index, error) in binding.errors.enumerated() {
          guard let current = error.typedCase, let other = cases.first(where: { $0 != current }) else { continue }
          mutant("error\(error.status.written):case", "\(error.status.written) -> \(other) instead of \(current)") {
            $0.errors[index].typedCase = other
          }
        }
        if let otherwise = binding.otherwiseCase, let other = cases.first(where: { $0 != otherwise }) {
          mutant("default:case", "default -> \(other) instead of \(otherwise)") { binding in
            binding.otherwiseCase = other
            for index in binding.errors.indices where binding.errors[index].typedCase == otherwise {
              binding.errors[index].typedCase = other
            }
          }
        }
      }
      if let condition = binding.condition {
        mutant("negate", "sent if !(\(describe(condition)))") { $0.condition = .not(condition) }
        mutant("always", "sent whatever the condition") { $0.condition = nil }
      }
    }
    return mutants
  }

  /// The models (by their position through `fields`) with two fields of one type read from
  /// properties, each with words for the swap.
  private static func swappableReads(_ value: APIReadValue, path: [Int]) -> [([Int], String)] {
    switch value {
    case .value: return []
    case .list(_, let element): return swappableReads(element, path: path)
    case .model(let name, _, let fields):
      var found: [([Int], String)] = []
      for first in fields.indices {
        guard case .value = fields[first].value else { continue }
        if let second = fields.indices.first(where: { other in other > first && swappable(fields[first], fields[other]) }) {
          found.append(
            (path + [first], "\(name).\(fields[first].field.name) and .\(fields[second].field.name) read from each other's properties"))
        }
      }
      for (index, field) in fields.enumerated() {
        found += swappableReads(field.value, path: path + [index])
      }
      return found
    }
  }

  /// Two plain reads of one type whose paths are both optional or both not: read from each
  /// other's properties, the generated code still compiles.
  private static func swappable(_ a: APIRead, _ b: APIRead) -> Bool {
    guard case .value(let first) = a.value, case .value(let second) = b.value else { return false }
    return a.field.type == b.field.type && first.isOptional == second.isOptional
      && (a.field.defaultValue == nil) == (b.field.defaultValue == nil)
  }

  /// `value` with the read at `path` (the last index: the first of the two fields) swapped with
  /// the next field of its type.
  private static func swapping(_ value: APIReadValue, at path: [Int]) -> APIReadValue {
    switch value {
    case .value: return value
    case .list(let arrayPath, let element): return .list(arrayPath, element: swapping(element, at: path))
    case .model(let name, let objectPath, var fields):
      guard let index = path.first else { return value }
      if path.count == 1 {
        if let second = fields.indices.first(where: { other in other > index && swappable(fields[index], fields[other]) }) {
          let first = fields[index].value
          fields[index].value = fields[second].value
          fields[second].value = first
        }
      } else {
        fields[index].value = swapping(fields[index].value, at: Array(path.dropFirst()))
      }
      return .model(name, objectPath, fields: fields)
    }
  }

  /// `start:`'s near misses: a step dropped (where another is left: the generated middleware
  /// goes with the last), dispatched twice, or swapped with the next one when they differ.
  private static func startMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    let before = spec.start.map(\.action).joined(separator: ", ")
    func mutant(_ kind: String, _ change: (inout [Example.Step]) -> Void) {
      var changed = spec
      change(&changed.start)
      let after = changed.start.map(\.action).joined(separator: ", ")
      mutants.append(Mutant(id: "start:\(kind)", description: "start: [\(before)] -> [\(after)]", spec: changed))
    }
    for (position, step) in spec.start.enumerated() {
      if spec.start.count > 1 { mutant("\(position):drop") { $0.remove(at: position) } }
      mutant("\(position):twice") { $0.insert(step, at: position) }
      if position + 1 < spec.start.count, spec.start[position + 1] != step {
        mutant("\(position):swap") { $0.swapAt(position, position + 1) }
      }
    }
    return mutants
  }

  private static func statusMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, action) in spec.actions.enumerated() {
      guard let status = action.status else { continue }
      let before =
        "\(status.field) = \(describe(status.phase, action: action.name))"
        + (status.condition.map { " if " + describe($0) } ?? "")
      func mutant(_ kind: String, _ after: String, _ change: (inout StatusUpdate?) -> Void) {
        var changed = spec
        change(&changed.actions[index].status)
        mutants.append(
          Mutant(id: "\(action.name)#status:\(kind)", description: "\(action.name): \(before) -> \(after)", spec: changed))
      }
      mutant("drop", "nothing") { $0 = nil }
      if case .failed(message: _?) = status.phase {
        let after = "\(status.field) = \(describe(.failed(message: nil), action: action.name))"
        mutant("fixed-message", after) { $0?.phase = .failed(message: nil) }
      }
      if let condition = status.condition {
        // `loading` where the request is sent, `idle` where it isn't: the condition negated or dropped.
        mutant("negate", "if !(\(describe(condition)))") { $0?.condition = .not(condition) }
        mutant("always", "always") { $0?.condition = nil }
      }
    }
    return mutants
  }

  // MARK: Filters

  /// Each field an action changes, left out of its change report (`changedFields`): observers
  /// of that field would miss the change.
  private static func reportMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, action) in spec.actions.enumerated() {
      for field in action.changedStateFields ?? [] {
        var mutated = spec
        mutated.actions[index].unreportedField = field
        mutants.append(
          Mutant(
            id: "\(action.name):report-\(field)", description: "\(action.name): changedFields leaves out \(field)",
            spec: mutated))
      }
      // changedElements: naming no element, or calling a removal or replacement a change in place.
      for (kind, mutant) in [("drops-ids", ElementReportMutant.dropsIDs), ("claims-in-place", .claimsInPlace)] {
        var mutated = spec
        mutated.actions[index].elementReportMutant = mutant
        guard mutated.elementChange(by: mutated.actions[index]) != spec.elementChange(by: action) else { continue }
        mutants.append(
          Mutant(
            id: "\(action.name):elements-\(kind)",
            description: "\(action.name): changedElements \(kind == "drops-ids" ? "names no element" : "says the list changes in place")",
            spec: mutated))
      }
    }
    return mutants
  }

  private static func filterMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (filterIndex, filter) in spec.filters.enumerated() {
      func mutant(_ id: String, _ description: String, _ change: (inout Filter) -> Void) {
        var mutated = spec
        change(&mutated.filters[filterIndex])
        mutants.append(
          Mutant(id: "filter:\(filter.name).\(id)", description: "\(filter.name): \(description)", spec: mutated))
      }
      for (index, filterCase) in filter.cases.enumerated() {
        let negated: Predicate
        switch filterCase.predicate {
        case .not(let inner): negated = inner
        case .constant(let flag): negated = .constant(!flag)
        default: negated = .not(filterCase.predicate)
        }
        mutant(
          "\(filterCase.name):negate",
          ".\(filterCase.name) keeps \(describe(filterCase.predicate)) -> \(describe(negated))"
        ) { $0.cases[index].predicate = negated }
        for (kind, nearMiss) in filterCase.predicate.arithmeticNearMisses() {
          mutant(
            "\(filterCase.name):\(kind)",
            ".\(filterCase.name) keeps \(describe(filterCase.predicate)) -> \(describe(nearMiss))"
          ) { $0.cases[index].predicate = nearMiss }
        }
        // Also dropping the elements where a Bool another case reads (and this one doesn't) is
        // true. A sorted filter's case tests list one element a side (its sort tests several),
        // so only an unsorted filter's.
        let element = spec.model(named: filter.element)
        let readHere = Set(PredicateSearch.fields(readBy: filterCase.predicate))
        let readByOthers = filter.cases.filter { $0.name != filterCase.name }.flatMap {
          PredicateSearch.fields(readBy: $0.predicate)
        }.uniqued.filter { !readHere.contains($0) && filter.sort.isEmpty }
        for name in readByOthers where element?.fields.first(where: { $0.name == name })?.type == .scalar(.bool) {
          let narrowed = Predicate.and(filterCase.predicate, .not(.path([.field(name)], .scalar(.bool))))
          mutant(
            "\(filterCase.name):narrow-\(name)",
            ".\(filterCase.name) keeps \(describe(filterCase.predicate)) -> \(describe(narrowed))"
          ) { $0.cases[index].predicate = narrowed }
        }
      }
      for first in filter.cases.indices {
        for second in filter.cases.indices where second > first {
          let (a, b) = (filter.cases[first], filter.cases[second])
          guard a.predicate != b.predicate else { continue }
          mutant(
            "\(a.name)<->\(b.name):swap",
            "the predicates of .\(a.name) (\(describe(a.predicate))) and .\(b.name) (\(describe(b.predicate))) swapped"
          ) {
            $0.cases[first].predicate = b.predicate
            $0.cases[second].predicate = a.predicate
          }
        }
      }
      for (index, key) in filter.sort.enumerated() {
        mutant("sort.\(key.field):reverse", "sort by \(describe(key)) -> \(describe(reversed(key)))") {
          $0.sort[index].descending.toggle()
        }
        mutant("sort.\(key.field):drop", "sort by \(describe(key)) -> not sorted by \(key.field)") {
          $0.sort.remove(at: index)
        }
        if index + 1 < filter.sort.count {
          let next = filter.sort[index + 1]
          mutant(
            "sort.\(key.field)<->\(next.field):swap",
            "sort by \(describe(key)) then \(describe(next)) -> \(describe(next)) then \(describe(key))"
          ) { $0.sort.swapAt(index, index + 1) }
        }
      }
    }
    return mutants
  }

  private static func reversed(_ key: SortKey) -> SortKey {
    var key = key
    key.descending.toggle()
    return key
  }

  // MARK: State defaults

  private static func jsonKeyMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (modelIndex, model) in spec.models.enumerated() {
      for (fieldIndex, field) in model.fields.enumerated() {
        guard let key = field.jsonKey else { continue }
        var mutated = spec
        mutated.models[modelIndex].fields[fieldIndex].jsonKey = nil
        mutants.append(
          Mutant(
            id: "model:\(model.name).\(field.name):json",
            description: "\(model.name).\(field.name): json \(key) -> \(field.name)", spec: mutated))
      }
    }
    return mutants
  }

  private static func defaultMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, field) in spec.state.enumerated() {
      guard let value = field.defaultValue, let other = otherValue(than: value, type: field.type, in: spec) else {
        continue
      }
      var mutated = spec
      mutated.state[index].defaultValue = .some(other)
      // A filter's selected case is a state field; keep the filter's own record of it in step.
      for filterIndex in mutated.filters.indices where mutated.filters[filterIndex].selected == field.name {
        if case .enumCase(let name) = other { mutated.filters[filterIndex].defaultCase = name }
      }
      mutants.append(
        Mutant(
          id: "state:\(field.name):default",
          description: "state: \(field.name) = \(describe(value)) -> \(field.name) = \(describe(other))",
          spec: mutated))
    }
    return mutants
  }

  /// A value of `type` near `value` but unlike it; nil when there is none worth trying (new UUIDs,
  /// models, empty collections).
  static func otherValue(than value: Value, type: SpecType, in spec: Spec) -> Value? {
    switch value {
    case .bool(let flag): return .bool(!flag)
    case .int(let number): return .int(number &+ 1)
    case .double(let number): return .double(number + 1)
    case .string(let text): return .string("x" + text)
    case .data(let text): return .data("x" + text)
    case .date(let seconds): return .date(seconds + 86_400)
    case .url(let text): return .url(text.hasSuffix("/") ? text + "mutant" : text + "/mutant")
    case .uuid(let text):
      guard let last = text.last else { return nil }
      return .uuid(String(text.dropLast()) + (last == "0" ? "1" : "0"))
    case .enumCase(let name):
      if type.unwrapped == .requestStatus { return .enumCase(name == "idle" ? "loading" : "idle") }
      guard let cases = spec.cases(of: type.unwrapped), cases.count > 1, let position = cases.firstIndex(of: name)
      else { return nil }
      return .enumCase(cases[(position + 1) % cases.count])
    case .null:
      guard case .optional(let wrapped) = type else { return nil }
      switch wrapped {
      case .scalar(.bool): return .bool(false)
      case .scalar(.string): return .string("x")
      case .scalar(.int), .scalar(.int64): return .int(0)
      case .scalar(.double), .scalar(.float), .scalar(.decimal): return .double(0)
      case .scalar(.date): return .date(0)
      case .scalar(.url): return .url("https://example.com/mutant")
      case .scalar(.data): return .data("x")
      case .scalar(.uuid): return .uuid(smallUUID(1))
      case .enumeration:
        return spec.cases(of: wrapped)?.first.map { .enumCase($0) }
      default: return nil
      }
    case .array(let elements):
      return elements.isEmpty ? nil : .array(Array(elements.dropLast()))
    case .dictionary(let entries):
      return entries.isEmpty ? nil : .dictionary(Array(entries.dropLast()))
    case .failed(let message):
      return .failed("x" + message)
    case .newUUID, .now, .model, .modelDefault:
      return nil
    }
  }

  // MARK: Descriptions

  static func describe(_ value: Value) -> String {
    switch value {
    case .bool(let flag): String(flag)
    case .int(let number): String(number)
    case .double(let number): String(number)
    case .string(let text): "\"\(text)\""
    case .uuid(let text): "UUID(\(text))"
    case .newUUID: "UUID()"
    case .now: "Date()"
    case .date(let seconds): "Date(\(seconds))"
    case .url(let text): "URL(\(text))"
    case .data(let text): "Data(\"\(text)\")"
    case .enumCase(let name): ".\(name)"
    case .null: "nil"
    case .array(let elements): "[\(elements.map(describe).joined(separator: ", "))]"
    case .dictionary(let entries):
      entries.isEmpty ? "[:]" : "[\(entries.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", "))]"
    case .model(let name, let fields):
      "\(name)(\(fields.map { "\($0.name): \(describe($0.value))" }.joined(separator: ", ")))"
    case .modelDefault(let name): "\(name)()"
    case .failed(let message): ".failed(\"\(message)\")"
    }
  }

  static func describe(_ predicate: Predicate) -> String {
    /// In parentheses unless it binds tighter than the operator it is an operand of.
    func grouped(_ predicate: Predicate, within op: String = "!") -> String {
      switch predicate {
      case .constant, .path, .literal, .not, .contains, .lookup, .extremum: describe(predicate)
      case .arithmetic where op == "==": describe(predicate)
      case .compare where op == "&&" || op == "||": describe(predicate)
      case .and where op == "&&" || op == "||": describe(predicate)
      case .or where op == "||": describe(predicate)
      default: "(\(describe(predicate)))"
      }
    }
    switch predicate {
    case .constant(let flag): return String(flag)
    case .path(let steps, _):
      return steps.map { step in
        switch step {
        case .field(let name): name
        case .count: "count"
        case .isEmpty: "isEmpty"
        case .trimmed: "trimmed"
        }
      }.joined(separator: ".")
    case .literal(let value, _): return describe(value)
    case .arithmetic: return predicate.arithmetic.text { grouped($0) }
    case .extremum(let which, let lhs, let rhs, _): return "\(which.rawValue)(\(describe(lhs)), \(describe(rhs)))"
    
    case .not(let operand): return "!" + grouped(operand)
    case .and(let lhs, let rhs): return "\(grouped(lhs, within: "&&")) && \(grouped(rhs, within: "&&"))"
    case .or(let lhs, let rhs): return "\(grouped(lhs, within: "||")) || \(grouped(rhs, within: "||"))"
    case .compare(let lhs, let op, let rhs): return "\(grouped(lhs, within: "==")) \(op.rawValue) \(grouped(rhs, within: "=="))"
    case .contains(let list, let value): return "\(describe(list)).contains(\(describe(value)))"
    case .lookup(let collection, let key, _): return "\(describe(collection))[\(describe(key))]"
    }
  }

  static func describe(_ key: SortKey) -> String { (key.descending ? "-" : "") + key.field }

  static func describe(_ phase: StatusUpdate.Phase, action: String) -> String {
    switch phase {
    case .loading: ".loading"
    case .succeeded: ".succeeded"
    case .failed(let message?): ".failed(\(message))"
    case .failed(nil): ".failed(\"\(action)\")"
    }
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
    case .literal, .arithmetic: return nil
    }
  }

}
