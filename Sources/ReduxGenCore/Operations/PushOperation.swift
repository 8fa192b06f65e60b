/// `push STACK.DESTINATION [= PARAMETER]`: a screen of that destination on top of a navigation
/// stack (`children: { path: { stack: [...] } }`), with the destination's default state or the
/// payload's (`push path.detail = detail`); or, `with FIELD = VALUE, ...`, the default state with
/// those fields given: a payload value, or the element of a list of the state found by a payload
/// id (`push path.detail with syncUp = syncUps[id]`, nothing pushed when no element has it).
struct PushOperation: ReduceOperationKind, Equatable {
  /// What a `with` gives a field of the new screen.
  enum Given: Equatable, Sendable {
    /// A payload parameter, or a field of one.
    case parameter(String, fields: [String])
    /// The element of the state's list `list` whose id is the payload parameter `key`.
    case element(list: String, key: String)
    /// A field of the state, or a field of one (a name no payload parameter has).
    case state(String, fields: [String])
    /// A new model built from fields given inside it (`with syncUp.id = id`): its other fields
    /// take their defaults.
    case built(model: String, parts: [Part], optional: Bool)
    /// A new list of models built from fields given inside its elements, in order
    /// (`with syncUp.attendees[0].id = attendee`).
    case builtList(model: String, elements: [[Part]], optional: Bool, identified: Bool = false)
    /// Any other value of the expression language, of the action's scope (the payload, then the
    /// state, `state.NAME` in it): `with title = name.uppercased`, `with count = tries + 1`.
    case expression(Predicate)
  }
  /// A field given inside a built model, and what it is given.
  struct Part: Equatable, Sendable {
    var field: String
    var value: Given
  }
  static let words = ["push"]
  static let meanings = ["navigate": "push", "show": "push"]
  var target: StatePath
  var destination: String
  /// The destination's state type (`DetailState`).
  var stateType: String
  /// The payload parameter holding the screen's state; nil for the destination's defaults.
  var value: String?
  /// `with FIELD = VALUE`: fields of the new screen's state, in the destination's field order.
  var given: [(field: String, value: Given)] = []

  static func == (lhs: PushOperation, rhs: PushOperation) -> Bool {
    lhs.target == rhs.target && lhs.destination == rhs.destination && lhs.stateType == rhs.stateType
      && lhs.value == rhs.value && lhs.given.elementsEqual(rhs.given) { $0.field == $1.field && $0.value == $1.value }
  }

  static func parse(_ word: String, _ parser: inout ReduceParser) -> PushOperation? {
    guard let (stack, target, _) = parser.stackPath() else { return nil }
    guard parser.tokens.take(".") else {
      return parser.fail(.stackPushNeedsDestination(target.text, destinations: stack.destinations.map(\.name)), parser.tokens.peek.offset)
    }
    let token = parser.tokens.next()
    guard case .identifier(let name) = token.kind, let destination = stack.destination(named: name) else {
      return parser.fail(
        .unknownDestination(token.text, stack: target.text, suggestion: closestMatch(to: token.text, in: stack.destinations.map(\.name))),
        token.offset)
    }
    var value: String?
    if parser.tokens.take("=") {
      let valueToken = parser.tokens.next()
      guard case .identifier(let parameter) = valueToken.kind,
        let field = parser.action.payload.first(where: { $0.name == parameter })
      else {
        return parser.fail(
          ReduceParser.notInPayload(valueToken.text, action: parser.action, state: parser.state), valueToken.offset)
      }
      guard field.type == .model(destination.spec.stateTypeName) else {
        return parser.fail(
          .typeMismatch(expected: destination.spec.stateTypeName, found: field.type.swiftName, what: .parameter(parameter)), valueToken.offset)
      }
      value = parameter
    }
    var operation = PushOperation(target: target, destination: name, stateType: destination.spec.stateTypeName, value: value)
    if value == nil, parser.tokens.takeWord("with") {
      guard let given = parseGiven(destination.spec, &parser) else { return nil }
      operation.given = given
    }
    return operation
  }

  /// `FIELD = VALUE, ...` after `with`, in the destination's field order. A field may be a path
  /// into a model (`syncUp.id = id`), that model built new from what is given in it, each other
  /// field its default; or into a list's elements, given in order from the first (`syncUp.attendees[0].id
  /// = attendee`), the list made of those elements. A model built needs its id (a made `UUID`)
  /// and every field without a default.
  static func parseGiven(_ child: Spec, _ parser: inout ReduceParser) -> [(field: String, value: Given)]? {
    var parts: [Part] = []
    // The destination's own state fields (not its children's or its alert).
    let own = child.state.filter { field in
      !child.children.contains { $0.field == field.name } && !child.stacks.contains { $0.field == field.name }
        && field.name != Spec.alertField
    }
    let models = parser.models.merging(child.models.map { ($0.name, $0) }) { known, _ in known }
    var builtAt: [String: Int] = [:]
    repeat {
      let fieldToken = parser.tokens.next()
      guard case .identifier(let fieldName) = fieldToken.kind else {
        return parser.fail(.expectedToken(.fieldName, found: fieldToken.described), fieldToken.offset)
      }
      guard var field = own.first(where: { $0.name == fieldName }) else {
        return parser.fail(
          .pushedFieldUnknown(fieldName, feature: child.feature, suggestion: closestMatch(to: fieldName, in: own.map(\.name))),
          fieldToken.offset)
      }
      // The path's steps, each with the model built there (a list's: its elements').
      var path: [(step: Step, built: String?)] = [(.field(fieldName, optional: field.type.isOptional), nil)]
      while true {
        if parser.tokens.take(".") {
          let stepToken = parser.tokens.next()
          guard case .identifier(let stepName) = stepToken.kind, case .model(let modelName) = field.type.unwrapped,
            let inner = models[modelName]?.fields.first(where: { $0.name == stepName })
          else {
            return parser.fail(.notAField(stepToken.text, type: field.type.swiftName), stepToken.offset)
          }
          path[path.count - 1].built = modelName
          path.append((.field(stepName, optional: inner.type.isOptional), nil))
          field = inner
        } else if parser.tokens.peek.kind == .symbol("[") {
          let bracket = parser.tokens.next()
          guard case .array(.model(let element)) = field.type.unwrapped, models[element] != nil else {
            return parser.fail(.builtElementNotInList(Step.text(path.map(\.step)), type: field.type.swiftName), bracket.offset)
          }
          let indexToken = parser.tokens.next()
          guard case .number(let digits) = indexToken.kind, let index = Int(digits), index >= 0 else {
            return parser.fail(.expectedToken(.elementPosition, found: indexToken.described), indexToken.offset)
          }
          guard parser.tokens.take("]") else {
            return parser.fail(.expectedToken(.closingBracket, found: parser.tokens.peek.described), parser.tokens.peek.offset)
          }
          guard parser.tokens.peek.kind == .symbol(".") else {
            return parser.fail(.expectedToken(.fieldNameAfterDot, found: parser.tokens.peek.described), parser.tokens.peek.offset)
          }
          path[path.count - 1].built = element
          path.append((.element(index), element))
          field = Field(name: field.name, type: .model(element))
        } else {
          break
        }
      }
      guard parser.tokens.take("=") else {
        return parser.fail(.expectedToken(.withEquals, found: parser.tokens.peek.described), parser.tokens.peek.offset)
      }
      guard let value = parseValue(of: field, &parser) else { return nil }
      do {
        try insert(value, at: path[...], into: &parts)
      } catch {
        switch error {
        case .twice: return parser.fail(.pushedFieldTwice(Step.text(path.map(\.step))), fieldToken.offset)
        case .elementOutOfOrder(let given, let next): return parser.fail(.builtElementOutOfOrder(given, next: next), fieldToken.offset)
        }
      }
      if path.count > 1, builtAt[fieldName] == nil { builtAt[fieldName] = fieldToken.offset }
    } while parser.tokens.take(",")
    // A list built gives each element another id: one value twice would be two elements of one id.
    for part in parts {
      guard let offset = builtAt[part.field], let path = repeatedID(in: part.value, at: [.field(part.field, optional: false)]) else {
        continue
      }
      return parser.fail(.builtElementIDTwice(path), offset)
    }
    // Each model built holds its id and every field without a default.
    for part in parts {
      guard let offset = builtAt[part.field],
        let (path, missing, type, modelName) = missingField(in: part.value, at: [.field(part.field, optional: false)], models: models)
      else { continue }
      return parser.fail(.builtFieldMissing(path, field: missing, type: type, model: modelName), offset)
    }
    return sorted(parts, order: own.map(\.name), models: models).map { ($0.field, $0.value) }
  }

  /// A step of a path a `with` gives: a field, or a list's element by its position.
  enum Step: Equatable, Sendable {
    /// A field, and whether it is optional (a path through it chains with `?`).
    case field(String, optional: Bool)
    case element(Int)

    /// `syncUp.attendees[0].id`.
    static func text(_ steps: [Step]) -> String {
      steps.enumerated().map { index, step in
        switch step {
        case .field(let name, _): index == 0 ? name : ".\(name)"
        case .element(let position): "[\(position)]"
        }
      }.joined()
    }

    /// `base.syncUp.attendees.first?.id` (`dropFirst(1).first?` for `[1]`): a list too short
    /// is nil, not a trap, for a test to fail on.
    static func expression(_ steps: [Step], from base: Expression) -> Expression {
      steps.reduce(base) { expression, step in
        switch step {
        case .field(let name, let optional): optional ? .optionalChain(expression.dot(name)) : expression.dot(name)
        case .element(0): .optionalChain(expression.dot("first"))
        case .element(let position):
          .optionalChain(expression.dot("dropFirst").call([Argument(nil, .literal(.int(position)))]).dot("first"))
        }
      }
    }
  }

  private enum InsertFailure: Error {
    /// The field, or one on the way, is given already.
    case twice
    /// An element given before the one before it (the path to it, the position expected).
    case elementOutOfOrder(String, next: Int)
  }

  /// Puts `value` at `path` (its last step the field given), making the models and lists built
  /// on the way.
  private static func insert(
    _ value: Given, at path: ArraySlice<(step: Step, built: String?)>, into parts: inout [Part], above: [Step] = []
  ) throws(InsertFailure) {
    guard let first = path.first, case .field(let name, let optional) = first.step else { throw .twice }
    let index = parts.firstIndex { $0.field == name }
    let here = above + [first.step]
    guard let modelName = first.built else {
      guard index == nil else { throw .twice }
      parts.append(Part(field: name, value: value))
      return
    }
    let rest = path.dropFirst()
    let built: Given
    if let next = rest.first, case .element(let position) = next.step {
      // A list built of elements given in order.
      var elements: [[Part]] = []
      if let index {
        guard case .builtList(_, let existing, _, _) = parts[index].value else { throw .twice }
        elements = existing
      }
      guard position <= elements.count else { throw .elementOutOfOrder(Step.text(here + [next.step]), next: elements.count) }
      if position == elements.count { elements.append([]) }
      try insert(value, at: rest.dropFirst(), into: &elements[position], above: here + [next.step])
      built = .builtList(model: modelName, elements: elements, optional: optional)
    } else {
      var inner: [Part] = []
      if let index {
        guard case .built(_, let existing, _) = parts[index].value else { throw .twice }
        inner = existing
      }
      try insert(value, at: rest, into: &inner, above: here)
      built = .built(model: modelName, parts: inner, optional: optional)
    }
    if let index { parts[index] = Part(field: name, value: built) } else { parts.append(Part(field: name, value: built)) }
  }

  /// The first field a model built in `value` needs and isn't given: the path to the model, the
  /// field, its type and the model's name.
  private static func missingField(in value: Given, at path: [Step], models: [String: Model]) -> (String, String, String, String)? {
    switch value {
    case .built(let modelName, let parts, _):
      guard let built = models[modelName] else { return nil }
      for field in built.fields where !parts.contains(where: { $0.field == field.name }) {
        if field.name == "id" || field.defaultValue == nil {
          return (Step.text(path), field.name, field.type.swiftName, modelName)
        }
      }
      return parts.lazy.compactMap { missingField(in: $0.value, at: path + [.field($0.field, optional: false)], models: models) }.first
    case .builtList(let modelName, let elements, _, _):
      return elements.enumerated().lazy.compactMap { position, parts in
        missingField(in: .built(model: modelName, parts: parts, optional: false), at: path + [.element(position)], models: models)
      }.first
    case .parameter, .state, .element, .expression:
      return nil
    }
  }

  /// The path of a list built whose elements are given one id value twice, if any.
  private static func repeatedID(in value: Given, at path: [Step]) -> String? {
    switch value {
    case .built(_, let parts, _):
      return parts.lazy.compactMap { repeatedID(in: $0.value, at: path + [.field($0.field, optional: false)]) }.first
    case .builtList(_, let elements, _, _):
      var seen: [Given] = []
      for parts in elements {
        guard let id = parts.first(where: { $0.field == "id" })?.value else { continue }
        if seen.contains(id) { return Step.text(path) }
        seen.append(id)
      }
      return elements.enumerated().lazy.compactMap { position, parts in
        parts.lazy.compactMap { repeatedID(in: $0.value, at: path + [.element(position), .field($0.field, optional: false)]) }.first
      }.first
    case .parameter, .state, .element, .expression:
      return nil
    }
  }

  /// `parts` in the order of `order` (the fields' declaration order), models built inside in
  /// their model's field order.
  private static func sorted(_ parts: [Part], order: [String], models: [String: Model]) -> [Part] {
    parts.map { part in
      switch part.value {
      case .built(let modelName, let inner, let optional):
        let fields = models[modelName]?.fields.map(\.name) ?? []
        return Part(
          field: part.field, value: .built(model: modelName, parts: sorted(inner, order: fields, models: models), optional: optional))
      case .builtList(let modelName, let elements, let optional, _):
        let fields = models[modelName]?.fields.map(\.name) ?? []
        let sortedElements = elements.map { sorted($0, order: fields, models: models) }
        let identified = models[modelName]?.idField != nil
        return Part(
          field: part.field, value: .builtList(model: modelName, elements: sortedElements, optional: optional, identified: identified))
      case .parameter, .state, .element, .expression:
        return part
      }
    }
    .sorted { (order.firstIndex(of: $0.field) ?? 0) < (order.firstIndex(of: $1.field) ?? 0) }
  }

  /// Each value given with the path it is given to (`syncUp.attendees[0].id`), inside models and
  /// lists built.
  static func leaves(of given: [(field: String, value: Given)]) -> [(path: [Step], value: Given)] {
    given.flatMap { field, value -> [(path: [Step], value: Given)] in
      switch value {
      case .built(_, let parts, let optional):
        return leaves(of: parts.map { ($0.field, $0.value) }).map { ([.field(field, optional: optional)] + $0.path, $0.value) }
      case .builtList(_, let elements, let optional, _):
        return elements.enumerated().flatMap { position, parts in
          leaves(of: parts.map { ($0.field, $0.value) }).map { ([.field(field, optional: optional), .element(position)] + $0.path, $0.value) }
        }
      case .parameter, .state, .element, .expression:
        return [([.field(field, optional: false)], value)]
      }
    }
  }

  /// A payload parameter or a state field (or a field of one), or `LIST[KEY]`, read as before;
  /// else any value of the expression language of the action's scope, to the next `,`: of
  /// `field`'s type. The problem shown where neither reads it: the one that read further.
  private static func parseValue(of field: Field, _ parser: inout ReduceParser) -> Given? {
    let (start, startFailure) = (parser.tokens, parser.failure)
    let simple = simpleValue(of: field, &parser)
    let ends = { (parser: ReduceParser) in parser.tokens.isAtEnd || parser.tokens.peek.kind == .symbol(",") }
    if simple != nil, ends(parser) { return simple }
    guard parser.makeValueScope != nil else { return simple }
    let after = (parser.tokens, parser.failure)
    let simpleOffset = parser.failure?.1 ?? parser.tokens.peek.offset
    (parser.tokens, parser.failure) = (start, startFailure)
    if case .expression(let predicate)? = parser.expression(expected: field.type), ends(parser) {
      return .expression(predicate)
    }
    let expressionFailure = parser.failure ?? (SpecProblem.unexpectedText(parser.tokens.peek.text), parser.tokens.peek.offset)
    (parser.tokens, parser.failure) = after
    if simple != nil || expressionFailure.1 > simpleOffset || parser.isStateRead(parser.failure) {
      parser.failure = expressionFailure
      return nil
    }
    return nil
  }

  private static func simpleValue(of field: Field, _ parser: inout ReduceParser) -> Given? {
    let token = parser.tokens.next()
    guard case .identifier(let name) = token.kind else {
      return parser.fail(.expectedToken(.fieldName, found: token.described), token.offset)
    }
    if parser.tokens.take("[") {
      // The element of a list of models with an id, by a payload parameter of the id's type.
      guard let list = parser.state[name], case .array(.model(let element)) = list.type,
        let idField = parser.models[element]?.idField
      else { return parser.fail(.pushedElementList(name), token.offset) }
      let keyToken = parser.tokens.next()
      guard case .identifier(let key) = keyToken.kind, let keyField = parser.action.payload.first(where: { $0.name == key }) else {
        return parser.fail(ReduceParser.notInPayload(keyToken.text, action: parser.action, state: parser.state), keyToken.offset)
      }
      guard keyField.type == idField.type else {
        return parser.fail(
          .typeMismatch(expected: idField.type.swiftName, found: keyField.type.swiftName, what: .parameter(key)), keyToken.offset)
      }
      guard parser.tokens.take("]") else {
        return parser.fail(.expectedToken(.closingBracket, found: parser.tokens.peek.described), parser.tokens.peek.offset)
      }
      guard field.type == .model(element) else {
        return parser.fail(.typeMismatch(expected: field.type.swiftName, found: element, what: .quoted("\(name)[\(key)]")), token.offset)
      }
      return .element(list: name, key: key)
    }
    // A payload parameter, else a field of the state.
    let parameter = parser.action.payload.first(where: { $0.name == name })?.type
    guard var type = parameter ?? parser.state[name]?.type else {
      let names = parser.action.payload.map(\.name) + parser.stateFields.map(\.name)
      return parser.fail(
        .unknownParameter(name, action: parser.action.name, suggestion: closestMatch(to: name, in: names)), token.offset)
    }
    var fields: [String] = []
    while parser.tokens.take(".") {
      let fieldToken = parser.tokens.next()
      guard case .identifier(let fieldName) = fieldToken.kind, case .model(let modelName) = type,
        let inner = parser.models[modelName]?.fields.first(where: { $0.name == fieldName })
      else {
        return parser.fail(.notAField(fieldToken.text, type: type.swiftName), fieldToken.offset)
      }
      fields.append(fieldName)
      type = inner.type
    }
    guard type == field.type else {
      let written = ([name] + fields).joined(separator: ".")
      return parser.fail(.typeMismatch(expected: field.type.swiftName, found: type.swiftName, what: .quoted(written)), token.offset)
    }
    return parameter == nil ? .state(name, fields: fields) : .parameter(name, fields: fields)
  }

  var description: String {
    "push \(target.text).\(destination)" + (value.map { " = \($0)" } ?? "")
      + (given.isEmpty ? "" : " with " + Self.givenText(given))
  }

  /// `syncUp = syncUps[id], title.text = title`, as written.
  static func givenText(_ given: [(field: String, value: Given)]) -> String {
    leaves(of: given).map { "\(Step.text($0.path)) = \(text($0.value))" }.joined(separator: ", ")
  }

  static func text(_ value: Given) -> String {
    switch value {
    case .parameter(let name, let fields), .state(let name, let fields): ([name] + fields).joined(separator: ".")
    case .element(let list, let key): "\(list)[\(key)]"
    case .expression(let predicate): SpecMutator.describe(predicate)
    case .built(let model, let parts, _): "\(model)(" + givenText(parts.map { ($0.field, $0.value) }) + ")"
    case .builtList(let model, let elements, _, _):
      "[" + elements.map { "\(model)(" + givenText($0.map { ($0.field, $0.value) }) + ")" }.joined(separator: ", ") + "]"
    }
  }

  /// `[Attendee(id: attendee)]`; of two elements or more with ids, an identified array that
  /// keeps the first of elements given one id (two parameters of one value), not a trap.
  private static func builtList(
    _ model: String, _ elements: [[Part]], identified: Bool, types: TypeTranslator,
    parameter: @escaping (String) -> Expression, found: Expression, state: Expression
  ) -> Expression {
    let list = Expression.array(
      elements.map {
        givenState(model, $0.map { ($0.field, $0.value) }, types: types, parameter: parameter, found: found, state: state)
      })
    guard identified, elements.count > 1 else { return list }
    return .name("IdentifiedArray").call([
      Argument(nil, list), Argument("uniquingIDsWith", .closure(Closure(parameters: ["first", "_"], body: .name("first")))),
    ])
  }

  /// The new state with the fields given: `DetailState(syncUp: found, title: title)`; `found`
  /// the element looked up, `state` the state a `.state` value is read from.
  static func givenState(
    _ type: String, _ given: [(field: String, value: Given)], types: TypeTranslator, parameter: @escaping (String) -> Expression,
    found: Expression, state: Expression
  ) -> Expression {
    .name(type).call(
      given.map { field, value in
        switch value {
        case .parameter(let name, let fields): Argument(field, fields.reduce(parameter(name)) { $0.dot($1) })
        case .state(let name, let fields): Argument(field, fields.reduce(state.dot(name)) { $0.dot($1) })
        case .element: Argument(field, found)
        case .expression(let predicate):
          // Its names are the payload's; `state.NAME` reads the state.
          Argument(
            field,
            PredicateTranslator(types: types, element: state, root: { $0 == "state" ? state : parameter($0) }).expression(predicate))
        case .built(let model, let parts, _):
          Argument(
            field,
            givenState(model, parts.map { ($0.field, $0.value) }, types: types, parameter: parameter, found: found, state: state))
        case .builtList(let model, let elements, _, let identified):
          Argument(
            field,
            builtList(model, elements, identified: identified, types: types, parameter: parameter, found: found, state: state))
        }
      })
  }

  var path: StatePath? { target }
  var operands: [Operand] {
    (value.map { [.parameter($0, fields: [])] } ?? []) + Self.operands(of: given)
  }

  /// The payload values a `with` reads: its parameters and the keys of its lookups.
  static func operands(of given: [(field: String, value: Given)]) -> [Operand] {
    leaves(of: given).flatMap { _, value -> [Operand] in
      switch value {
      case .parameter(let name, let fields): [.parameter(name, fields: fields)]
      case .element(_, let key): [.parameter(key, fields: [])]
      case .expression(let predicate): [.expression(predicate)]
      case .state, .built, .builtList: []
      }
    }
  }

  /// The element a `with` looks up, if any: the screen or child is shown only when found.
  static func lookedUp(in given: [(field: String, value: Given)]) -> (list: String, key: String)? {
    leaves(of: given).lazy.compactMap { _, value -> (list: String, key: String)? in
      if case .element(let list, let key) = value { return (list, key) }
      return nil
    }.first
  }

  /// The element a `with` looks up, if any: it is pushed only when found.
  var lookedUp: (list: String, key: String)? { Self.lookedUp(in: given) }

  /// `.detail(detail)`, `.detail(DetailState())`, or `.detail(DetailState(syncUp: found))`.
  func screen(_ types: TypeTranslator, state: Expression) -> Expression {
    let screenState: Expression =
      value.map { .name($0) }
      ?? Self.givenState(stateType, given, types: types, parameter: { .name($0) }, found: .name("found"), state: state)
    return Expression.dot(destination).call([Argument(nil, screenState)])
  }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { stack in
      let push = Statement.expression(stack.dot("push").call([Argument(nil, screen(reducer.types, state: state))]))
      guard let (list, key) = lookedUp else { return [push] }
      // Nothing pushed when no element has the id (it was removed while the action was on its way).
      return [.ifLet("found", .subscriptedByLabel(state.dot(list), label: "id", .name(key)), [push], else: nil)]
    }
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    // Each field given left out: the screen takes that field's default.
    [("drop", nil)]
      + given.indices.map { index in
        var without = self
        without.given.remove(at: index)
        return ("without-\(given[index].field)", without)
      }
  }
}
