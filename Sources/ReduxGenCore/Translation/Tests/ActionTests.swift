// Tests of what an action does besides its operations: its status field and its binding.
extension TestTranslator {
  /// The request status an async action's request, success or failure moves to, from another;
  /// for a request sent under a condition, also `idle` where it doesn't hold.
  func statusTests(_ action: Action, names: inout UniqueNames) -> [Declaration] {
    guard let status = action.status else { return [] }
    guard let condition = status.condition else { return statusTest(action, names: &names, chosen: [:]).map { [$0] } ?? [] }
    let payload = Model(name: spec.actionTypeName, doc: nil, fields: action.payload)
    let found = PredicateSearch(spec: spec, model: payload).witnesses(condition)
    func chosen(_ values: [String: Value]) -> [String: Expression] {
      var chosen: [String: Expression] = [:]
      for parameter in action.payload {
        if let value = values[parameter.name] { chosen[parameter.name] = types.expression(value, type: parameter.type) }
      }
      return chosen
    }
    var tests: [Declaration] = []
    if let kept = found.kept, let test = statusTest(action, names: &names, chosen: chosen(kept)) { tests.append(test) }
    if let dropped = found.dropped {
      let target = state.dot(status.field)
      let (lets, arguments) = self.arguments(action, chosen(dropped))
      let body =
        [newState(), .assignment(target, .dot("succeeded"))] + lets
        + [reduce(action.name, arguments), expect(target, .equal, .dot("idle"))]
      tests.append(
        test(
          "\(action.name) not sent, where its condition doesn't hold, moves \(status.field) to idle",
          names.make("\(action.name)NotSentMoves\(status.field.uppercasingFirst)ToIdle"), body))
    }
    return tests
  }

  func statusTest(_ action: Action, names: inout UniqueNames, chosen: [String: Expression]) -> Declaration? {
    guard let status = action.status else { return nil }
    let target = state.dot(status.field)
    let (lets, arguments) = self.arguments(action, chosen)
    let start: Expression
    let expected: Expression
    let word: String
    switch status.phase {
    case .loading:
      start = .dot("succeeded")
      expected = .dot("loading")
      word = "loading"
    case .succeeded:
      start = .dot("loading")
      expected = .dot("succeeded")
      word = "succeeded"
    case .failed(let message):
      start = .dot("loading")
      expected = Expression.dot("failed").call([
        Argument(nil, message.map(argument) ?? .literal(.string(action.name)))
      ])
      word = "failed"
    }
    let body = [newState(), .assignment(target, start)] + lets + [reduce(action.name, arguments), expect(target, .equal, expected)]
    return test(
      "\(action.name) moves \(status.field) to \(word)",
      names.make("\(action.name)Moves\(status.field.uppercasingFirst)To\(word.uppercasingFirst)"), body)
  }

  /// A `binding: true` action's `ViewStore` binding: setting it dispatches the action, and
  /// reading it right after (on the main actor) gives the new value.
  func bindingTest(_ action: Action, names: inout UniqueNames) -> Declaration? {
    if let binding = action.elementBinding { return elementBindingTest(action, binding, names: &names) }
    guard let path = action.binding, let field = spec.field(atPath: path),
      let first = path.split(separator: ".").first, let stateField = spec.stateField(named: String(first))
    else { return nil }
    let current = Self.value(atPath: path.split(separator: ".").dropFirst().map(String.init), in: stateField.defaultValue, fieldsOf: stateField.type, spec: spec)
    let member = GeneratedNames.bindingMember(path)
    let store = types.runtime.value("Store").call([
      Argument("initialState", .name(spec.stateTypeName).call()), Argument("reducer", .name(spec.reducerName)),
    ])
    let viewStore = Expression.name("viewStore")
    let body: [Statement] = [
      constant("viewStore", types.runtime.value("ViewStore").call([Argument(nil, store)])),
      constant(
        "value", types.expression(sample(differentFrom: current, field.type, 2), type: field.type), type: field.type),
      .assignment(viewStore.dot(member).dot("wrappedValue"), .name("value")),
      expect(viewStore.dot(member).dot("wrappedValue"), .equal, .name("value")),
      expect(viewStore.dot("read").call([Argument(nil, .keyPath(path))]), .equal, .name("value")),
    ]
    let words = path.split(separator: ".").map { String($0).uppercasingFirst }.joined()
    guard case .function(var function) = test(
      "\(member) sets \(path) through \(action.name)",
      names.make(path.contains(".") ? "\(member)Sets\(words)Through\(action.name.uppercasingFirst)" : "\(member)SetsThrough\(action.name.uppercasingFirst)"),
      body)
    else { return nil }
    function.attributes = [ViewStoreCode.availability, .attribute("MainActor", [])] + function.attributes
    return .function(function)
  }

  /// The value a path of fields reaches in `value`, a model's (or the field's default, where
  /// the model's value leaves the field out).
  static func value(atPath path: [String], in value: Value?, fieldsOf type: SpecType, spec: Spec) -> Value? {
    var current = value
    var type = type
    for name in path {
      guard case .model(let modelName) = type, let field = spec.model(named: modelName)?.fields.first(where: { $0.name == name })
      else { return nil }
      if case .model(_, let fields)? = current, let written = fields.first(where: { $0.name == name }) {
        current = written.value
      } else {
        current = field.defaultValue
      }
      type = field.type
    }
    return current
  }

  /// A row's binding (`isCompletedBinding(_:)`): setting it for the one element of the list
  /// dispatches the action, and reading it right after (on the main actor) gives the new value,
  /// which the state holds.
  func elementBindingTest(_ action: Action, _ binding: ElementBinding, names: inout UniqueNames) -> Declaration? {
    guard let field = spec.field(atPath: binding.field, inModel: binding.model),
      let listType = spec.field(atPath: binding.list)?.type
    else { return nil }
    let element = sample(.model(binding.model), 3)
    let current = Self.value(
      atPath: binding.field.split(separator: ".").map(String.init), in: element, fieldsOf: .model(binding.model), spec: spec)
    let member = GeneratedNames.bindingMember(binding.field)
    let viewStore = Expression.name("viewStore")
    let bound = viewStore.dot(member).call([Argument(nil, .name("row"))])
    let store = types.runtime.value("Store").call([
      Argument("initialState", state), Argument("reducer", .name(spec.reducerName)),
    ])
    let list = binding.list.split(separator: ".").reduce(state) { $0.dot(String($1)) }
    let read = binding.field.split(separator: ".").reduce(
      Expression.subscripted(viewStore.dot("read").call([Argument(nil, .keyPath(binding.list))]), .literal(.int(0)))
    ) { $0.dot(String($1)) }
    let body: [Statement] = [
      newState(),
      .assignment(list, types.expression(.array([element]), type: listType)),
      constant("viewStore", types.runtime.value("ViewStore").call([Argument(nil, store)])),
      constant("row", .subscripted(viewStore.dot("rows").call([Argument(nil, .keyPath(binding.list))]), .literal(.int(0)))),
      constant("value", types.expression(sample(differentFrom: current, field.type, 2), type: field.type), type: field.type),
      .assignment(bound.dot("wrappedValue"), .name("value")),
      expect(bound.dot("wrappedValue"), .equal, .name("value")),
      expect(read, .equal, .name("value")),
    ]
    guard case .function(var function) = test(
      "\(member) sets a row's \(binding.field) through \(action.name)",
      names.make("\(member)SetsARowThrough\(action.name.uppercasingFirst)"), body)
    else { return nil }
    function.attributes = [ViewStoreCode.availability, .attribute("MainActor", [])] + function.attributes
    return .function(function)
  }

  /// An action and arguments that surely change a new state (a toggle, a count, an append, a set
  /// to something other than the default, at the top of the state), for routing tests; nil when
  /// no action surely does.
  /// Sample arguments for each of `action`'s parameters, as a test sends it.
  /// The values `sampleArguments` gives the payload, in its order.
  func sampleValues(_ action: Action) -> [Value] {
    action.payload.enumerated().map { position, parameter in sample(parameter.type, position + 7) }
  }

  /// The value a payload path (`book.id`) reads in `values`, the action's payload values; a
  /// model's field left out holds its default.
  func value(in action: Action, _ values: [Value], at path: [String]) -> Value? {
    guard let index = action.payload.firstIndex(where: { $0.name == path.first }) else { return nil }
    var (current, type) = (values[index], action.payload[index].type)
    for name in path.dropFirst() {
      guard case .model(let modelName, let fields) = current, let field = spec.model(named: modelName)?.fields.first(where: { $0.name == name })
      else { return nil }
      guard let next = fields.first(where: { $0.name == name })?.value ?? field.defaultValue else { return nil }
      (current, type) = (next, field.type)
    }
    // A value made as the payload is (`UUID()`, `Date()`) is another each time it is written.
    guard type.unwrapped == type, current != .newUUID, current != .now else { return nil }
    return current
  }

  /// The type a payload path (`book.id`) reads.
  func argumentType(in action: Action, at path: [String]) -> SpecType? {
    guard var type = action.payload.first(where: { $0.name == path.first })?.type else { return nil }
    for name in path.dropFirst() {
      guard let field = spec.fields(of: type)?.first(where: { $0.name == name }) else { return nil }
      type = field.type
    }
    return type
  }

  /// `values` with the payload path (`book.id`) holding `new`; nil where it can't.
  func setting(in action: Action, _ values: [Value], at path: [String], to new: Value) -> [Value]? {
    guard let index = action.payload.firstIndex(where: { $0.name == path.first }) else { return nil }
    func set(_ value: Value, _ rest: ArraySlice<String>) -> Value? {
      guard let name = rest.first else { return new }
      guard case .model(let modelName, var fields) = value, let declared = spec.model(named: modelName)?.fields,
        let field = declared.first(where: { $0.name == name })
      else { return nil }
      let position = fields.firstIndex { $0.name == name }
      guard let inner = position.map({ fields[$0].value }) ?? field.defaultValue, let changed = set(inner, rest.dropFirst())
      else { return nil }
      if let position { fields[position].value = changed } else { fields.append((name, changed)) }
      // In the order the model declares them, as its initializer takes them.
      let order = declared.map(\.name)
      fields.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
      return .model(modelName, fields)
    }
    guard let changed = set(values[index], path.dropFirst()[...]) else { return nil }
    var result = values
    result[index] = changed
    return result
  }

  func sampleArguments(_ action: Action) -> [Argument] {
    action.payload.enumerated().map { position, parameter in
      Argument(parameter.name, types.expression(sample(parameter.type, position + 7), type: parameter.type))
    }
  }

  func stateChangingAction(excluding excluded: Set<String> = []) -> (name: String, arguments: [Argument])? {
    for action in spec.actions where !excluded.contains(action.name) {
      for operation in action.reduce {
        guard let path = operation.path, path.steps.allSatisfy({ if case .field = $0 { true } else { false } }) else {
          continue
        }
        guard let chosen = operation.kind.changingArguments(operationContext(action, path, names: UniqueNames())) else {
          continue
        }
        let arguments = action.payload.enumerated().map { position, parameter in
          Argument(
            parameter.name,
            types.expression(chosen[parameter.name] ?? sample(parameter.type, position + 7), type: parameter.type))
        }
        return (action.name, arguments)
      }
    }
    return nil
  }
}
