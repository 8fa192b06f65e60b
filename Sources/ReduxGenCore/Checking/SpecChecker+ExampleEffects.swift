// What an example says an effect does: `succeeds`, `{ returns: VALUE }`, `{ fails: ERROR }`, a
// stream's `{ yields: [...] }`, checked against the request's success and failure actions.
extension SpecChecker {
  /// What a failure action holds besides the fields its request carries.
  func failureShape(_ action: Action) -> FailureShape {
    guard let async = action.async, let failure = self.action(named: async.failure) else { return .carriedOnly }
    return FailureShape(own: failure.payload.filter { !async.carried.contains($0.name) }) { name in
      models.contains { $0.name == name } || enums.contains { $0.name == name }
    }
  }

  /// `succeeds`, `{ returns: VALUE }` or `{ fails: ERROR }` for the effect of `action`.
  mutating func effectOutcome(_ node: YAMLNode, of action: Action) -> Example.EffectResult.Outcome? {
    let async = action.async!
    let own = self.action(named: async.success)?.payload.filter { !async.carried.contains($0.name) } ?? []
    let shape = failureShape(action)
    if async.isStream { return streamOutcome(node, of: action, own: own) }
    let expected = Expectation.effectOutcome(effect: async.effect, returnsValue: !own.isEmpty)
    if node.scalar == "succeeds", node.isPlainScalar {
      guard own.isEmpty else {
        error(.expected(expected, found: "'succeeds'"), node)
        return nil
      }
      return .returns([])
    }
    guard case .mapping(let pairs) = node.kind, pairs.count == 1, let key = pairs[0].key.scalar,
      key == "returns" || key == "fails"
    else {
      error(.expected(expected, found: node.scalar.map { "'\($0)'" } ?? node.kindDescription), node)
      return nil
    }
    let value = pairs[0].value
    if key == "fails" {
      if case .typed(let name) = shape {
        let type: SpecType = models.contains { $0.name == name } ? .model(name) : .enumeration(name)
        return exampleValue(value, type: type).map { .fails($0) }
      }
      return exampleValue(value, type: .scalar(.string)).map { .fails($0) }
    }
    if async.isOptional, value.isNull || (value.scalar == "nil" && value.isPlainScalar) { return .returnsNil }
    return successValues(value, of: action, own: own, expected: expected).map { .returns($0) }
  }

  /// `{ yields: [VALUE, ...] }`, maybe with `fails: ERROR` beside it, or `{ fails: ERROR }`, for
  /// the effect of a stream: each value as `returns` writes it.
  mutating func streamOutcome(_ node: YAMLNode, of action: Action, own: [Field]) -> Example.EffectResult.Outcome? {
    let expected = Expectation.streamOutcome(effect: action.async!.effect)
    guard case .mapping(let pairs) = node.kind, !pairs.isEmpty,
      pairs.allSatisfy({ $0.key.scalar == "yields" || $0.key.scalar == "fails" })
    else {
      error(.expected(expected, found: node.scalar.map { "'\($0)'" } ?? node.kindDescription), node)
      return nil
    }
    let failure = pairs.first { $0.key.scalar == "fails" }.map { pair in
      exampleValue(pair.value, type: .scalar(.string))
    }
    guard let yields = pairs.first(where: { $0.key.scalar == "yields" })?.value else {
      return failure?.map { .fails($0) }
    }
    guard let items = sequence(yields, what: .key("yields")) else { return nil }
    var elements: [[Value]] = []
    for item in items {
      guard let values = successValues(item, of: action, own: own, expected: expected) else { return nil }
      elements.append(values)
    }
    if let failure {
      guard let failure else { return nil }
      return .yields(elements, thenFails: failure)
    }
    return .yields(elements, thenFails: nil)
  }

  /// What the effect returns, as its success action's own fields: none, one value, or a mapping
  /// of several.
  mutating func successValues(
    _ value: YAMLNode, of action: Action, own: [Field], expected: Expectation
  ) -> [Value]? {
    let async = action.async!
    switch own.count {
    case 0:
      guard value.isNull else {
        error(.expected(expected, found: value.scalar.map { "'\($0)'" } ?? value.kindDescription), value)
        return nil
      }
      return []
    case 1:
      return exampleValue(value, type: own[0].type).map { [$0] }
    default:
      // Several fields: a mapping of them, as the success action's payload.
      guard let fields = mapping(value, what: .success(of: action.name)) else { return nil }
      var given: [String: YAMLNode] = [:]
      for field in fields {
        guard let name = text(field.key, what: .a(.field)) else { continue }
        guard own.contains(where: { $0.name == name }) else {
          let suggestion = closestMatch(to: name, in: own.map(\.name))
          error(.unknownParameter(name, action: async.success, suggestion: suggestion), field.key)
          continue
        }
        given[name] = field.value
      }
      var values: [Value] = []
      for field in own {
        if let node = given[field.name] {
          guard let converted = exampleValue(node, type: field.type) else { return nil }
          values.append(converted)
        } else if let value = field.defaultValue {
          values.append(value)
        } else {
          error(.missingField(field.name, model: "the payload of \(async.success)"), value)
          return nil
        }
      }
      return values
    }
  }
}
