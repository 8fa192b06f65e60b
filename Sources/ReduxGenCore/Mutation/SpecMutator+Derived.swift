extension SpecMutator {
  // MARK: Derived values

  /// The mutants of an app's values over its features (`derived:`): those of a feature's
  /// derived values, each with the app it makes (the app values in `spec`, its `derivedScope`),
  /// and the near misses of those a view store keeps element by element.
  package static func mutants(of app: AppSpec) -> [(mutant: Mutant, app: AppSpec)] {
    guard let scope = app.derivedScope else { return [] }
    return (derivedMutants(scope) + keptValueMutants(scope)).map { mutant in
      var mutated = app
      mutated.derivedScope = mutant.spec
      mutated.derived = mutant.spec.derived
      return (mutant, mutated)
    }
  }

  static func derivedMutants(_ spec: Spec) -> [Mutant] {
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
      case .expression(let predicate, let reads):
        // A condition negated; each near miss of its arithmetic, `min`, `first` and the rest.
        if value.type == .scalar(.bool) { edits.append(("negate", .expression(.not(predicate), reads: reads))) }
        edits += (predicate.arithmeticNearMisses() + predicate.boundaryNearMisses()).map {
          ($0.kind, .expression($0.predicate, reads: reads))
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
    // A selector of any expression (`affords(id, count)`): the near misses of its expression.
    for (index, value) in spec.selectors.enumerated() {
      guard case .expression(let predicate, let reads) = value.kind else { continue }
      var edits: [(String, Predicate)] = value.type == .scalar(.bool) ? [("negate", .not(predicate))] : []
      edits += (predicate.arithmeticNearMisses() + predicate.boundaryNearMisses()).map { ($0.kind, $0.predicate) }
      for (kind, edit) in edits {
        var mutated = spec
        mutated.selectors[index].kind = .expression(edit, reads: reads)
        mutants.append(Mutant(id: "derived:\(value.name):\(kind)", description: "derived \(value.name): \(kind)", spec: mutated))
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
  static func lookupCollectionMutants(_ spec: Spec) -> [Mutant] {
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
    case .expression(let predicate): return predicate.type
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
}

extension SpecMutator {
  // MARK: Kept values

  /// Near misses of the values a view store keeps element by element, the state's properties
  /// left as written: a filter's case negated (an element that should leave stays), a sorted
  /// filter kept in list order (a changed element goes to the wrong place), a count's or sum's
  /// condition negated, a sum's part subtracted (each change moves the total the wrong way).
  static func keptValueMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    func mutant(_ name: String, _ kind: KeptValueMutant.Kind, _ id: String, _ description: String) {
      var mutated = spec
      mutated.keptValueMutant = KeptValueMutant(value: name, kind: kind)
      mutants.append(Mutant(id: "kept:\(name).\(id)", description: "kept \(name): \(description)", spec: mutated))
    }
    let kept = Set(KeptValueTranslator(types: TypeTranslator(spec: spec), access: nil).kept.map(\.name))
    for filter in spec.filters where kept.contains(filter.result) {
      for (index, filterCase) in filter.cases.enumerated() {
        mutant(filter.result, .negatedCase(index), "\(filterCase.name):negate", ".\(filterCase.name) negated")
      }
      if !filter.sort.isEmpty { mutant(filter.result, .unsorted, "unsorted", "kept in list order") }
    }
    for value in spec.derived where kept.contains(value.name) {
      switch value.kind {
      case .count(_?), .all, .any, .sum(_, _?), .sumOfProducts(_, _, _?):
        mutant(value.name, .negatedCondition, "negate", "condition negated")
      default: break
      }
      switch value.kind {
      case .sum, .sumOfProducts: mutant(value.name, .negatedPart, "subtract", "each part subtracted")
      default: break
      }
    }
    return mutants
  }
}
