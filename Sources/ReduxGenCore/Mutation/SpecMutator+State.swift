extension SpecMutator {
  // MARK: State defaults

  static func jsonKeyMutants(_ spec: Spec) -> [Mutant] {
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

  /// Each `secret: true` left out: the field would reach the inspector.
  static func secretMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    func mutant(_ id: String, _ mutate: (inout Spec) -> Void) {
      var mutated = spec
      mutate(&mutated)
      mutants.append(Mutant(id: "\(id):secret", description: "\(id): secret -> sent to the inspector", spec: mutated))
    }
    for (index, field) in spec.state.enumerated() where field.secret {
      mutant("state:\(field.name)") { $0.state[index].secret = false }
    }
    for (modelIndex, model) in spec.models.enumerated() {
      for (fieldIndex, field) in model.fields.enumerated() where field.secret {
        mutant("model:\(model.name).\(field.name)") { $0.models[modelIndex].fields[fieldIndex].secret = false }
      }
    }
    for (actionIndex, action) in spec.actions.enumerated() {
      for (fieldIndex, field) in action.payload.enumerated() where field.secret {
        mutant("action:\(action.name).\(field.name)") { $0.actions[actionIndex].payload[fieldIndex].secret = false }
      }
    }
    return mutants
  }

  static func defaultMutants(_ spec: Spec) -> [Mutant] {
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
      // The next case that is a name alone (one with values needs them).
      let next = (cases[(position + 1)...] + cases[..<position]).first { spec.caseValues(of: type, case: $0) == nil }
      return next.map { .enumCase($0) }
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
        return spec.cases(of: wrapped)?.first { spec.caseValues(of: wrapped, case: $0) == nil }.map { .enumCase($0) }
      default: return nil
      }
    case .array(let elements):
      return elements.isEmpty ? nil : .array(Array(elements.dropLast()))
    case .dictionary(let entries):
      return entries.isEmpty ? nil : .dictionary(Array(entries.dropLast()))
    case .failed(let message):
      return .failed("x" + message)
    case .caseWithValues(let name, let values):
      // The case with its first value changed, where that value has another.
      guard let first = values.first, let field = spec.caseValues(of: type, case: name)?.first,
        let other = otherValue(than: first.value, type: field.type, in: spec)
      else { return nil }
      return .caseWithValues(name, [(first.name, other)] + values.dropFirst())
    case .newUUID, .now, .model, .modelDefault:
      return nil
    }
  }
}
