extension SpecMutator {
  // MARK: Async status

  /// Each follow-up dropped, and a conditional one's condition negated or dropped.
  static func followUpMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (index, action) in spec.actions.enumerated() {
      for (position, followUp) in action.followUps.enumerated() {
        let waits = followUp.delay.map { " \(followUp.repeats ? "every" : "after") \($0)ms" } ?? ""
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
        // A value written for a parameter: its arithmetic's near misses (`*` for `+`, ...).
        for (argumentIndex, argument) in followUp.arguments.enumerated() {
          guard case .expression(let value) = argument.source else { continue }
          for (kind, nearMiss) in value.arithmeticNearMisses() {
            mutant("\(argument.parameter)-\(kind)", "then \(followUp.action)(\(argument.parameter): \(describe(nearMiss)))") {
              $0[position].arguments[argumentIndex].source = .expression(nearMiss)
            }
          }
        }
        // A timer that ticks once: the trigger's timers become one wait (they wait alike).
        if followUp.repeats, action.followUps.firstIndex(where: \.repeats) == position, let delay = followUp.delay {
          mutant("once", "then \(followUp.action) after \(delay)ms, once") { followUps in
            for other in followUps.indices { followUps[other].repeats = false }
          }
        }
        guard let condition = followUp.condition else { continue }
        mutant("negate", "then \(followUp.action)\(waits) if !(\(describe(condition)))") { $0[position].condition = .not(condition) }
        mutant("always", "then \(followUp.action)\(waits)") { $0[position].condition = nil }
      }
      // A stop that doesn't stop: the trigger's timer (or waiting follow-ups) go on.
      for (position, trigger) in action.cancelsFollowUps.enumerated() {
        var changed = spec
        changed.actions[index].cancelsFollowUps.remove(at: position)
        changed.followUpsKeepClock = spec.hasDelayedFollowUps
        mutants.append(
          Mutant(
            id: "\(action.name)#cancels-\(trigger):drop",
            description: "\(action.name): cancels \(trigger)'s waiting follow-ups -> nothing", spec: changed))
      }
    }
    return mutants
  }

  /// Near misses of streams: a stream treated as one answer (its first value dispatched, the
  /// rest dropped), and an action that no longer cancels a stream's scope (the stream goes on).
  static func streamMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    let streamScopes = Set(spec.actions.compactMap { $0.async.flatMap { $0.isStream ? $0.scope : nil } })
    for (index, action) in spec.actions.enumerated() {
      if action.async?.isStream == true {
        var changed = spec
        changed.actions[index].async!.takesFirstValueOnly = true
        mutants.append(
          Mutant(
            id: "\(action.name):stream-first-only",
            description: "\(action.name): each value of the stream -> its first value only", spec: changed))
      }
      for (position, scope) in action.cancels.enumerated() where streamScopes.contains(scope) {
        var changed = spec
        changed.actions[index].cancels.remove(at: position)
        mutants.append(
          Mutant(
            id: "\(action.name)#cancels-\(scope):drop",
            description: "\(action.name): cancels the stream of \(scope) -> nothing", spec: changed))
      }
    }
    return mutants
  }

  /// Near misses of cached answers: `fresh` dropped, an invalidated tag dropped, a tag's argument
  /// dropped.
  static func cacheMutants(_ spec: Spec) -> [Mutant] {
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
  static func apiMutants(_ spec: Spec) -> [Mutant] {
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
  static func swappableReads(_ value: APIReadValue, path: [Int]) -> [([Int], String)] {
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
  static func swappable(_ a: APIRead, _ b: APIRead) -> Bool {
    guard case .value(let first) = a.value, case .value(let second) = b.value else { return false }
    return a.field.type == b.field.type && first.isOptional == second.isOptional
      && (a.field.defaultValue == nil) == (b.field.defaultValue == nil)
  }

  /// `value` with the read at `path` (the last index: the first of the two fields) swapped with
  /// the next field of its type.
  static func swapping(_ value: APIReadValue, at path: [Int]) -> APIReadValue {
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
  static func startMutants(_ spec: Spec) -> [Mutant] {
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

  static func statusMutants(_ spec: Spec) -> [Mutant] {
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
}
