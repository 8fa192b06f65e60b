extension SpecChecker {
  /// `then: ACTION [if CONDITION]`, one or a list: the actions dispatched after an action's
  /// reduce. Each parameter of the follow-up is the trigger's parameter of its name, else the
  /// state field of its name (after the reduce), else its default; the condition reads the
  /// trigger's payload and the new state. Follow-ups may not loop.
  /// `(LABEL: VALUE, ...)` after a follow-up's name, read from its `(`: a value for each
  /// parameter named, an expression of the trigger's scope (its payload, then the state after its
  /// reduce) of the parameter's type. Nil, reported, where one isn't.
  mutating func followUpArguments(
    _ tokens: inout TokenStream, of target: Action, trigger: Action, origin: SourceLocation
  ) -> [String: Predicate]? {
    _ = tokens.next()
    var written: [String: Predicate] = [:]
    let scope = readingScope(own: trigger.payload, filterResults: true)
    repeat {
      let label = tokens.next()
      guard case .identifier(let name) = label.kind, tokens.take(":") else {
        error(.expectedToken(.fieldName, found: label.described), at: origin.advanced(by: label.offset))
        return nil
      }
      guard let parameter = target.payload.first(where: { $0.name == name }) else {
        let suggestion = closestMatch(to: name, in: target.payload.map(\.name))
        error(.unknownParameter(name, action: target.name, suggestion: suggestion), at: origin.advanced(by: label.offset))
        return nil
      }
      guard written[name] == nil else {
        error(.duplicateName(name, what: .kind(.parameter)), at: origin.advanced(by: label.offset))
        return nil
      }
      let valueOffset = tokens.peek.offset
      var parser = PredicateParser(
        tokens: tokens, element: scope.root, models: scope.models, enumCases: enumCaseNames,
        rootContext: .conditionScope(of: trigger.name), stateModel: scope.stateModel)
      switch parameter.type.unwrapped {
      case .enumeration, .array: parser.expectedType = parameter.type
      default: break
      }
      guard var (value, type) = parser.value() else {
        if let (problem, offset) = parser.failure { error(problem, at: origin.advanced(by: offset)) }
        return nil
      }
      tokens = parser.tokens
      if case .literal(let literal, _) = value, let retyped = parser.retype(literal, as: parameter.type) {
        (value, type) = (.literal(retyped, parameter.type.unwrapped), parameter.type.unwrapped)
      } else if case .literal(.null, _) = value, parameter.type.isOptional {
        (value, type) = (.literal(.null, parameter.type), parameter.type)
      }
      guard type == parameter.type || type == parameter.type.unwrapped else {
        error(
          .typeMismatch(expected: parameter.type.swiftName, found: type.swiftName, what: .quoted(SpecMutator.describe(value))),
          at: origin.advanced(by: valueOffset))
        return nil
      }
      written[name] = scope.qualified(value)
    } while tokens.take(",")
    guard tokens.take(")") else {
      error(.expectedToken(.closingParenthesis, found: tokens.peek.described), at: origin.advanced(by: tokens.peek.offset))
      return nil
    }
    return written
  }

  mutating func checkFollowUps(_ checked: inout [Action], nodes followUpNodes: [String: YAMLNode]) {
    // Only this reads follow-ups: without any, there is nothing to check or to loop.
    guard !followUpNodes.isEmpty else { return }
    let names = checked.map(\.name)
    let index = firstIndices(names)
    var itemNodes: [String: [YAMLNode]] = [:]
    for position in checked.indices {
      let trigger = checked[position]
      guard let node = followUpNodes[trigger.name] else { continue }
      let items = node.scalar != nil ? [node] : sequence(node, what: .key("then")) ?? []
      for item in items {
        guard let source = text(item, what: .key("then")) else { continue }
        let origin = item.textLocation
        var tokens: TokenStream
        switch ExpressionLexer.tokens(source) {
        case .failure(let token):
          error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
          continue
        case .success(let lexed):
          tokens = TokenStream(lexed)
        }
        let first = tokens.next()
        guard case .identifier(let name) = first.kind else {
          error(.expectedToken(.followUp, found: first.described), at: origin.advanced(by: first.offset))
          continue
        }
        guard let targetIndex = index[name] else {
          error(.unknownAction(name, suggestion: closestMatch(to: name, in: names)), at: origin.advanced(by: first.offset))
          continue
        }
        // `ACTION(LABEL: VALUE, ...)`: values written for some of its parameters.
        var written: [String: Predicate] = [:]
        if tokens.peek.kind == .symbol("(") {
          guard let read = followUpArguments(&tokens, of: checked[targetIndex], trigger: trigger, origin: origin) else { continue }
          written = read
        }
        // `after 300ms` (once) or `every 1s` (a timer): a duration as `debounce` takes it, its
        // number and unit side by side.
        var delay: Int?
        let repeats = tokens.peek.kind == .identifier("every")
        if tokens.peek.kind == .identifier("after") || repeats {
          _ = tokens.next()
          let number = tokens.next()
          let unit = tokens.peek
          var written = number.text
          if case .number = number.kind, case .identifier(let name) = unit.kind,
            unit.offset == number.offset + number.text.unicodeScalars.count
          {
            written += name
            _ = tokens.next()
          }
          guard case .number = number.kind, let milliseconds = Self.milliseconds(written) else {
            error(.invalidDuration(written), at: origin.advanced(by: number.offset))
            continue
          }
          delay = milliseconds
        }
        var condition: Predicate?
        if tokens.peek.kind == .identifier("if") {
          _ = tokens.next()
          guard let read = actionCondition(&tokens, key: item, action: trigger) else { continue }
          condition = read
        }
        guard tokens.isAtEnd else {
          error(.expectedToken(.followUp, found: tokens.peek.described), at: origin.advanced(by: tokens.peek.offset))
          continue
        }
        var arguments: [FollowUp.Argument] = []
        var complete = true
        for parameter in checked[targetIndex].payload {
          if let value = written[parameter.name] {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .expression(value)))
          } else if let own = trigger.payload.first(where: { $0.name == parameter.name }), own.type == parameter.type {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .parameter(own.name)))
          } else if let field = state.first(where: { $0.name == parameter.name }), field.type == parameter.type,
            !trigger.payload.contains(where: { $0.name == parameter.name })
          {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .state(field.name)))
          } else if let value = parameter.defaultValue {
            arguments.append(FollowUp.Argument(parameter: parameter.name, source: .value(value)))
          } else {
            error(
              .followUpValue(parameter.name, type: parameter.type.swiftName, action: name, trigger: trigger.name),
              at: origin.advanced(by: first.offset))
            complete = false
          }
        }
        guard complete else { continue }
        // One wait for a trigger's delayed follow-ups: they are dispatched together, in order,
        // once or every time.
        if delay != nil, let other = checked[position].followUps.first(where: { $0.delay != nil }),
          other.delay != delay || other.repeats != repeats
        {
          error(.followUpDelays(trigger: trigger.name), at: origin.advanced(by: first.offset))
          continue
        }
        checked[position].followUps.append(
          FollowUp(action: name, arguments: arguments, condition: condition, delay: delay, repeats: repeats))
        itemNodes[trigger.name, default: []].append(item)
      }
    }
    // A loop of follow-ups would dispatch for ever: each trigger's chain must end.
    var reported: Set<String> = []
    for start in checked where !start.followUps.isEmpty && !reported.contains(start.name) {
      var path = [start.name]
      func visit(_ name: String) -> [String]? {
        guard let action = index[name].map({ checked[$0] }) else { return nil }
        for followUp in action.followUps {
          if followUp.action == start.name { return path + [start.name] }
          if path.contains(followUp.action) { continue }
          path.append(followUp.action)
          if let loop = visit(followUp.action) { return loop }
          path.removeLast()
        }
        return nil
      }
      if let loop = visit(start.name) {
        loop.forEach { reported.insert($0) }
        if let node = itemNodes[start.name]?.first { error(.followUpLoop(loop), node) }
      }
    }
  }

  /// `cancels: [TRIGGER]`: stops what `TRIGGER`'s follow-ups wait for (its timer, or those
  /// waiting `after` a duration), which only a trigger whose follow-ups wait has.
  mutating func checkFollowUpCancels(
    _ checked: inout [Action], _ cancels: [String: [(name: String, node: YAMLNode, isScope: Bool)]]
  ) {
    for index in checked.indices {
      for (name, node, isScope) in cancels[checked[index].name] ?? [] {
        guard checked.first(where: { $0.name == name })?.followUps.contains(where: { $0.delay != nil }) == true else {
          // An effect scope named like a trigger whose follow-ups don't wait: its requests alone.
          if !isScope { error(.cancelsFollowUpsThatDontWait(name), node) }
          continue
        }
        if !checked[index].cancelsFollowUps.contains(name) { checked[index].cancelsFollowUps.append(name) }
      }
    }
  }

  /// `binding: true`: the action sets one state field, or a field of a model a state field
  /// holds (`set draft.title`), to its one payload parameter, which a `ViewStore` then binds
  /// (`<field>Binding`, `draftTitleBinding`), one action per field.
  mutating func checkBindings(_ checked: inout [Action], nodes bindingNodes: [String: YAMLNode]) {
    var bound: [String: String] = [:]
    // Each binding's member name, and what it binds.
    var members: [String: String] = [:]
    let taken = Set(state.map(\.name) + derived.map(\.name) + selectors.map(\.name) + filters.map(\.result))
    for index in checked.indices {
      let action = checked[index]
      guard let node = bindingNodes[action.name] else { continue }
      if action.payload.count == 2 {
        if let binding = elementBinding(action, node: node, bound: &bound, members: &members, taken: taken) {
          checked[index].elementBinding = binding
        }
        continue
      }
      guard action.async == nil, action.payload.count == 1, action.reduce.count == 1,
        let set = action.reduce[0].kind as? SetOperation, set.value == .parameter(action.payload[0].name, fields: []),
        let names = Self.fieldNames(set.target.steps),
        let field = fieldChain(names, from: state)?.last
      else {
        error(.bindingNotASetter(action: action.name), node)
        continue
      }
      let path = names.joined(separator: ".")
      if let other = bound[path] {
        error(.bindingTaken(field: path, action: other), node)
        continue
      }
      if field.type != action.payload[0].type {
        error(
          .bindingTypeDiffers(
            action: action.name, field: path, fieldType: field.type.swiftName, payloadType: action.payload[0].type.swiftName),
          node)
        continue
      }
      let member = GeneratedNames.bindingMember(path)
      if taken.contains(member) || members[member] != nil {
        error(.bindingNameTaken(member, field: path), node)
        continue
      }
      bound[path] = action.name
      members[member] = path
      checked[index].binding = path
    }
  }

  /// The names of `steps` when each is a field (`draft.title`); nil when one isn't.
  static func fieldNames(_ steps: ArraySlice<StatePath.Step>) -> [String]? {
    var names: [String] = []
    for step in steps {
      guard case .field(let name) = step else { return nil }
      names.append(name)
    }
    return names.isEmpty ? nil : names
  }

  static func fieldNames(_ steps: [StatePath.Step]) -> [String]? { fieldNames(steps[...]) }

  /// The fields `names` walk from `fields` through models, each but the last a model's (not an
  /// optional one: a binding reads and writes through it); nil where the walk stops.
  func fieldChain(_ names: [String], from fields: [Field]) -> [Field]? {
    var chain: [Field] = []
    var current = fields
    for (position, name) in names.enumerated() {
      guard let field = current.first(where: { $0.name == name }) else { return nil }
      chain.append(field)
      guard position < names.count - 1 else { break }
      guard case .model(let model) = field.type, let next = modelsByName[model] else { return nil }
      current = next.fields
    }
    return chain
  }

  /// `binding: true` on an action that sets one field of an element found by id: its payload the
  /// id and the new value (`set tasks[id].isCompleted`, `set draft.attendees[id].name`). One
  /// binding per model and field: rows of two lists of one model would share its name.
  private mutating func elementBinding(
    _ action: Action, node: YAMLNode, bound: inout [String: String], members: inout [String: String],
    taken: Set<String>
  ) -> ElementBinding? {
    guard action.async == nil, action.reduce.count == 1,
      let set = action.reduce[0].kind as? SetOperation,
      let elementStep = set.target.steps.firstIndex(where: { if case .element = $0 { true } else { false } }),
      case .element(.parameter(let idParameter, [])) = set.target.steps[elementStep],
      let listPath = Self.fieldNames(set.target.steps[..<elementStep]),
      let fieldPath = Self.fieldNames(set.target.steps[(elementStep + 1)...]),
      case .parameter(let valueParameter, []) = set.value, valueParameter != idParameter,
      let value = action.payload.first(where: { $0.name == valueParameter }),
      let listField = fieldChain(listPath, from: state)?.last, case .model(let model)? = listField.type.elementType,
      let elementFields = modelsByName[model]?.fields,
      let fieldType = fieldChain(fieldPath, from: elementFields)?.last?.type
    else {
      error(.bindingNotASetter(action: action.name), node)
      return nil
    }
    let field = fieldPath.joined(separator: ".")
    let key = model + "." + field
    if let other = bound[key] {
      error(.bindingTaken(field: key, action: other), node)
      return nil
    }
    if fieldType != value.type {
      error(
        .bindingTypeDiffers(
          action: action.name, field: key, fieldType: fieldType.swiftName, payloadType: value.type.swiftName),
        node)
      return nil
    }
    // A state field's binding of the same name would clash with the rows' one.
    let member = GeneratedNames.bindingMember(field)
    if taken.contains(member) || members[member] != nil {
      error(.bindingNameTaken(member, field: key), node)
      return nil
    }
    bound[key] = action.name
    members[member] = key
    return ElementBinding(
      list: listPath.joined(separator: "."), model: model, field: field, idParameter: idParameter,
      valueParameter: valueParameter)
  }
}
