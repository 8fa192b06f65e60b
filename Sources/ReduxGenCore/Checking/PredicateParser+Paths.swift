// Reads a condition's paths: a name's steps (`title.trimmed.count`, `rows.first?.id`), a list's
// aggregates, and what follows a value (`[KEY]`, `?.`).
extension PredicateParser {
  mutating func path(startingWith first: String, at offset: Int) -> Typed? {
    var fields = element.fields
    var context: Subject = rootContext ?? .named(.model, element.name)
    var name = first
    var nameOffset = offset
    // `element.NAME`, `payload.NAME`: the scope named; a bare name two scopes give is refused.
    var readsPayload = false
    if let scope = elementScope, let qualifier = scope.qualifier(first), tokens.peek.kind == .symbol(".") {
      _ = tokens.next()
      let next = tokens.next()
      guard case .identifier(let nextName) = next.kind else {
        return fail(.expectedToken(.fieldNameAfterDot, found: next.described), next.offset)
      }
      switch qualifier {
      case .element:
        fields = scope.element.fields
        context = .named(.model, scope.element.name)
      case .payload:
        fields = scope.payload
        context = .payload(of: scope.action ?? "")
        readsPayload = true
      }
      (name, nameOffset) = (nextName, next.offset)
    } else if let problem = elementScope?.ambiguity(of: first) {
      return fail(problem, offset)
    }
    var walk = PathWalk(fields: fields, context: context)
    guard let end = walkSteps(&walk, from: name, at: nameOffset, making: { .path($0, $1) }) else { return nil }
    if let result = end.result { return result }
    var steps = walk.steps
    // A parameter the element's field of its name hides from a bare name.
    if readsPayload, case .field(let parameter)? = steps.first,
      elementScope?.element.fields.contains(where: { $0.name == parameter }) == true
    {
      steps[0] = .parameter(parameter)
    }
    return postfix((.path(steps, walk.type), walk.type), text: walk.text)
  }

  /// A path being read: its steps so far, the type they give, the fields a next name may be.
  private struct PathWalk {
    var steps: [Predicate.PathStep] = []
    var type = SpecType.scalar(.bool)
    var fields: [Field]
    var context: Subject
    /// Whether it went on through `?.`: its value is then optional.
    var chained = false
    /// What it reads on, as the spec writes it, where it is read on a value (`rows[...]`).
    var base: String?

    /// Whether a name next reads a value (a member of text or a list), not a scope.
    var hasValue: Bool { !steps.isEmpty || base != nil }

    /// The path as the spec writes it, for messages.
    var text: String {
      let own = Predicate.PathStep.text(of: steps)
      guard let base else { return own }
      return base + (steps.first == .unwrapped || own.isEmpty ? "" : ".") + own
    }
  }

  /// How reading a path's steps ended: at its last name (the walk holds it), or with the value
  /// of a test its last name called (`title.hasPrefix("A")`).
  private struct WalkEnd {
    var result: Typed?
  }

  /// Reads `walk`'s steps from the name `first` on, each name and `.` or `?.` after it; `make`
  /// makes the value a test is called on from the steps so far. Nil with `failure`.
  private mutating func walkSteps(
    _ walk: inout PathWalk, from first: String, at offset: Int, making make: ([Predicate.PathStep], SpecType) -> Predicate
  ) -> WalkEnd? {
    var (name, nameOffset) = (first, offset)
    while true {
      let type = walk.type
      if let field = walk.fields.first(where: { $0.name == name }) {
        walk.steps.append(.field(name))
        walk.type = field.type
      } else if walk.hasValue, name == "count" || name == "isEmpty", isCountable(type) {
        walk.steps.append(name == "count" ? .count : .isEmpty)
        walk.type = name == "count" ? .scalar(.int) : .scalar(.bool)
      } else if walk.hasValue, name == "trimmed", type == .scalar(.string) {
        walk.steps.append(.trimmed)
      } else if walk.hasValue, name == "lowercased" || name == "uppercased", type == .scalar(.string) {
        walk.steps.append(name == "lowercased" ? .lowercased : .uppercased)
      } else if walk.hasValue, ["contains", "hasPrefix", "hasSuffix"].contains(name), type == .scalar(.string) {
        let chained = walk.chained
        guard let result = textTest((make(walk.steps, type), type), method: name, at: nameOffset) else { return nil }
        return WalkEnd(result: chainedResult(result, chained))
      } else if walk.hasValue, name == "first" || name == "last", case .array(let elementType) = type,
        !elementType.isOptional
      {
        walk.steps.append(name == "first" ? .first : .last)
        walk.type = .optional(elementType)
      } else if walk.hasValue, ["sum", "min", "max"].contains(name), case .array(let elementType) = type {
        guard let step = aggregate(name, of: elementType, on: walk.text, at: nameOffset) else { return nil }
        walk.steps.append(step.step)
        walk.type = step.type
      } else if walk.hasValue, name == "rounded", type == .scalar(.double) {
        walk.steps.append(.rounded)
      } else if walk.hasValue, name == "first" || name == "last", type == .indexSet {
        // An index set's smallest or largest offset (`offsets.first`).
        walk.steps.append(name == "first" ? .first : .last)
        walk.type = .optional(.scalar(.int))
      } else if walk.hasValue, name == "contains", case .array(let elementType) = type {
        let chained = walk.chained
        guard let result = membership(in: (make(walk.steps, type), type), of: elementType, at: nameOffset) else {
          return nil
        }
        return WalkEnd(result: chainedResult(result, chained))
      } else if walk.hasValue, name == "contains", isCountable(type) {
        _ = fail(.membershipInCondition(walk.text, type: type.swiftName), nameOffset)
        return nil
      } else if walk.hasValue, case .optional(let wrapped) = type, case .model = wrapped {
        _ = fail(.readThroughOptional(name, path: walk.text, type: type.swiftName), nameOffset)
        return nil
      } else if walk.hasValue, walk.fields.isEmpty {
        _ = fail(.notAField(name, type: type.swiftName), nameOffset)
        return nil
      } else {
        let suggestion = closestMatch(to: name, in: walk.fields.map(\.name))
        _ = fail(.unknownField(name, context: walk.context, suggestion: suggestion), nameOffset)
        return nil
      }
      // `?.`: on through an optional, the rest of the path optional.
      if tokens.peek.kind == .symbol("?.") {
        guard case .optional(let wrapped) = walk.type else {
          _ = fail(.notOptionalChained(walk.text, type: walk.type.swiftName), tokens.peek.offset)
          return nil
        }
        _ = tokens.next()
        walk.steps.append(.unwrapped)
        walk.type = wrapped
        walk.chained = true
      } else if !tokens.take(".") {
        break
      }
      guard let next = nextName(after: &walk) else { return nil }
      (name, nameOffset) = next
    }
    // Read through `?.`: optional, as Swift's optional chaining makes it.
    if walk.chained, !walk.type.isOptional { walk.type = .optional(walk.type) }
    return WalkEnd(result: nil)
  }

  /// The name after a `.` or `?.` of `walk`, whose fields become those of the model it reads.
  private mutating func nextName(after walk: inout PathWalk) -> (String, Int)? {
    let next = tokens.next()
    guard case .identifier(let nextName) = next.kind else {
      _ = fail(.expectedToken(.fieldNameAfterDot, found: next.described), next.offset)
      return nil
    }
    if case .model(let modelName) = walk.type, let model = models.first(where: { $0.name == modelName }) {
      walk.fields = model.fields
      walk.context = modelName == stateModel ? .theState : .named(.model, modelName)
    } else if case .enumeration(let enumName) = walk.type, let model = models.first(where: { $0.name == enumName }) {
      // An enum whose cases carry values: a case's name reads its values (`mode.playing?.progress`).
      walk.fields = model.fields
      walk.context = .named(.enumeration, enumName)
    } else {
      walk.fields = []
    }
    return (nextName, next.offset)
  }

  /// What follows a value: `[KEY]` (a lookup or an offset) and, after a `]` or a `)`, the steps
  /// of a path read on it (`rows[id]?.title`, `(first + last).count`).
  mutating func postfix(_ value: Typed, text: String) -> Typed? {
    var (current, text) = (value, text)
    while true {
      if tokens.peek.kind == .symbol("[") {
        // After `?.` the Swift chain goes on (`rows.first?.tags`), its list not optional in it:
        // what `[...]` makes of an optional list would be written wrong there.
        if Self.isChained(current.0) { return fail(.subscriptAfterChain(text), tokens.peek.offset) }
        guard let next = subscripted(current, path: text) else { return nil }
        (current, text) = (next, text + "[...]")
        continue
      }
      guard case .path = current.0 else {
        guard tokens.peek.kind == .symbol("?.") || tokens.peek.kind == .symbol(".") else { return current }
        return member(of: current, text: text)
      }
      return current
    }
  }

  /// Whether the value is a path, or steps read on a value, that went on through `?.`.
  static func isChained(_ predicate: Predicate) -> Bool {
    switch predicate {
    case .path(let steps, _), .member(_, let steps, _): steps.contains(.unwrapped)
    default: false
    }
  }

  /// The steps of a path read on `base`'s value, from the `.` or `?.` after it.
  mutating func member(of base: Typed, text: String) -> Typed? {
    var walk = PathWalk(fields: [], context: .named(.model, element.name), base: text)
    walk.type = base.1
    if tokens.peek.kind == .symbol("?.") {
      guard case .optional(let wrapped) = base.1 else {
        return fail(.notOptionalChained(text, type: base.1.swiftName), tokens.peek.offset)
      }
      _ = tokens.next()
      walk.steps.append(.unwrapped)
      walk.type = wrapped
      walk.chained = true
    } else {
      guard case .identifier(let next) = tokens.peekSecond.kind else {
        return fail(.expectedToken(.fieldNameAfterDot, found: tokens.peekSecond.described), tokens.peekSecond.offset)
      }
      if base.1.isOptional {
        return fail(.readThroughOptional(next, path: text, type: base.1.swiftName), tokens.peekSecond.offset)
      }
      _ = tokens.next()
    }
    guard let (name, offset) = nextName(after: &walk) else { return nil }
    guard let end = walkSteps(&walk, from: name, at: offset, making: { .member(base.0, $0, $1) }) else { return nil }
    if let result = end.result { return result }
    return postfix((.member(base.0, walk.steps, walk.type), walk.type), text: walk.text)
  }

  /// `LIST.sum`, `LIST.min`, `LIST.max` over a list of numbers (or, for `min` and `max`, of
  /// ordered values), or with `(FIELD.FIELD...)` over a field of its models: the step, and
  /// its type (a sum of the values' type, a `min` or `max` optional).
  mutating func aggregate(_ name: String, of elementType: SpecType, on path: String, at offset: Int)
    -> (step: Predicate.PathStep, type: SpecType)?
  {
    var fields: [String] = []
    var valueType = elementType
    if tokens.take("(") {
      repeat {
        let token = tokens.next()
        guard case .identifier(let fieldName) = token.kind else {
          _ = fail(.expectedToken(.fieldNameAfterDot, found: token.described), token.offset)
          return nil
        }
        guard case .model(let modelName) = valueType, let model = models.first(where: { $0.name == modelName }) else {
          _ = fail(.notAField(fieldName, type: valueType.swiftName), token.offset)
          return nil
        }
        guard let field = model.fields.first(where: { $0.name == fieldName }) else {
          let suggestion = closestMatch(to: fieldName, in: model.fields.map(\.name))
          _ = fail(.unknownField(fieldName, context: .named(.model, modelName), suggestion: suggestion), token.offset)
          return nil
        }
        fields.append(fieldName)
        valueType = field.type
      } while tokens.take(".")
      guard tokens.take(")") else {
        _ = fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
        return nil
      }
    }
    let described = "'\(path)' (\(SpecType.array(elementType).swiftName))"
    if name == "sum" {
      guard ArithmeticOperator.isArithmetic(valueType) else {
        _ = fail(.cannotApply("sum", to: described, takes: fields.isEmpty ? "a list of numbers" : "a number field"), offset)
        return nil
      }
      return (.sum(fields), valueType)
    }
    guard valueType.isOrdered, !valueType.isOptional else {
      _ = fail(.cannotApply(name, to: described, takes: fields.isEmpty ? "a list of ordered values" : "an ordered field"), offset)
      return nil
    }
    return (name == "min" ? .minimum(fields) : .maximum(fields), .optional(valueType))
  }

  /// `LIST.contains(VALUE)`, read from its `(`: the value must be of the element's type.
  mutating func membership(in list: Typed, of elementType: SpecType, at offset: Int) -> Typed? {
    guard tokens.take("(") else {
      return fail(.expectedToken(.openingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    let valueOffset = tokens.peek.offset
    guard let value = operand(expected: elementType) else { return nil }
    guard value.1 == elementType else {
      return fail(.typeMismatch(expected: elementType.swiftName, found: value.1.swiftName, what: .operand(of: "contains")), valueOffset)
    }
    guard tokens.take(")") else {
      return fail(.expectedToken(.closingParenthesis, found: tokens.peek.described), tokens.peek.offset)
    }
    return (.contains(list.0, value.0), .scalar(.bool))
  }

  /// `COLLECTION[KEY]`, read from its `[`: a dictionary by a key of its key type, a list of
  /// models by an id, any list (optional too) by an offset (`Int`, where the ids aren't); optional.
  mutating func subscripted(_ collection: Typed, path: String) -> Typed? {
    let bracketOffset = tokens.next().offset
    let models = self.models
    let shape = LookupShape(collection.1, idField: { name in models.first { $0.name == name }?.idField })
    var listElement: SpecType?
    if case .array(let element) = collection.1.unwrapped { listElement = element }
    // A list of models with ids is read by id, which an optional one isn't: never by offset instead.
    if collection.1.isOptional, LookupShape(collection.1.unwrapped, idField: { name in models.first { $0.name == name }?.idField })?.byID == true {
      return fail(.lookupInCondition(path, type: collection.1.swiftName), bracketOffset)
    }
    guard shape != nil || listElement != nil else {
      return fail(.lookupInCondition(path, type: collection.1.swiftName), bracketOffset)
    }
    let keyOffset = tokens.peek.offset
    let keyType = shape?.key ?? .scalar(.int)
    guard let key = coalescing(expected: keyType) else { return nil }
    guard tokens.take("]") else {
      return fail(.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    }
    if let shape, key.1 == shape.key {
      return (.lookup(collection.0, key: key.0, byID: shape.byID), .optional(shape.value))
    }
    // On a list of models whose ids are numbers, a number is an id, never an offset.
    let numericIDs = shape.map { $0.byID && $0.key.isNumeric } ?? false
    guard let listElement, key.1 == .scalar(.int), !numericIDs else {
      return fail(.typeMismatch(expected: keyType.swiftName, found: key.1.swiftName, what: .lookupKey(of: path)), keyOffset)
    }
    let index = Predicate.index(collection.0, at: key.0, element: listElement)
    return (index, index.type)
  }

  func isCountable(_ type: SpecType) -> Bool {
    switch type {
    case .scalar(.string), .array, .dictionary, .indexSet: true
    default: false
    }
  }
}
