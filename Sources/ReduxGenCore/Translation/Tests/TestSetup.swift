// Test set-up: states, elements, view frames, witnesses of conditions and action arguments.
extension TestTranslator {
  /// Whether the action's one reduce operation is all it changes (no other operation, no status).
  func changesOnlyThrough(_ action: Action) -> Bool {
    action.reduce.count == 1 && action.status == nil
  }

  /// An id no sample element of `model` has, of the model's id type (UUID, Int, String ...).
  func unknownID(_ model: Model) -> Expression {
    let type = model.idField?.type ?? .scalar(.uuid)
    return types.expression(sample(type, 99), type: type)
  }

  func model(of path: StatePath) -> Model? {
    guard case .model(let name)? = path.type.elementType else { return nil }
    return spec.model(named: name)
  }

  /// A new state whose `list` holds `first` and `second`, two sample elements of `model`.
  func twoElements(_ model: Model, in list: Expression) -> [Statement] {
    let type = SpecType.model(model.name)
    return [
      newState(), constant("first", types.expression(element(model, 1), type: type)),
      constant("second", types.expression(element(model, 2), type: type)),
      .assignment(list, .array([.name("first"), .name("second")])),
    ]
  }

  /// A derived test's body on a whole list: a new state, `setup` (which declares the elements),
  /// the list `target` holding `before`, the action with `chosen` arguments (samples for the
  /// rest), and `target` expected to hold `after`.
  func listChange(
    _ action: Action, _ target: Expression, setup: [Statement], before: [Expression],
    chosen: [String: Expression] = [:], after: [Expression]
  ) -> [Statement] {
    let (lets, arguments) = arguments(action, chosen)
    return [newState()] + setup + [.assignment(target, .array(before))] + lets + [
      reduce(action.name, arguments), expect(target, .equal, after.isEmpty ? .literal(.emptyArray) : .array(after)),
    ]
  }

  /// `count` (at most three) different sample elements of the list `path` ends at, as locals
  /// `one`, `two` and `three`; nil when its element type has fewer values.
  func elements(_ count: Int = 3, of path: StatePath) -> (setup: [Statement], names: [Expression])? {
    guard let elementType = path.type.elementType else { return nil }
    let model = model(of: path)
    let values = (1...count).map { number in model.map { element($0, number) } ?? sample(elementType, number) }
    guard Set(values.map { SpecMutator.describe($0) }).count == count, distinctIDs(values) else { return nil }
    let names = ["one", "two", "three"].prefix(count)
    let setup = zip(names, values).map { sampleConstant($0, $1, type: elementType) }
    return (setup, names.map { .name($0) })
  }

  /// A state for offsets in the filter result `view`: the first case of its filter that both
  /// shows an element and hides one, the statement selecting it, and the elements `make` builds
  /// from what each side's fields must hold, when their ids differ; nil when no case does, or
  /// when `action` writes the selected case or a state field the case reads (`reset filter`
  /// before the operation): the test would select it too early, and examples cover it.
  func viewFrame(
    _ view: String, in action: Action,
    _ make: (_ model: Model, _ shown: [String: Value], _ hidden: [String: Value]) -> [Value]
  ) -> (model: Model, select: [Statement], elements: [Value])? {
    guard let filter = spec.filters.first(where: { $0.result == view }), let model = spec.model(named: filter.element)
    else { return nil }
    let written = Set(action.reduce.flatMap(\.paths).compactMap(\.root) + (action.status.map { [$0.field] } ?? []))
    guard !written.contains(filter.selected) else { return nil }
    let search = PredicateSearch(spec: spec, model: model)
    for filterCase in filter.cases {
      let (matching, other, state) = search.witnesses(filterCase.predicate, settingState: settableState(of: filter))
      guard let matching, let other, !state.keys.contains(where: written.contains) else { continue }
      let elements = make(model, matching, other)
      guard distinctIDs(elements) else { continue }
      let select = Statement.assignment(
        .name("state").dot(filter.selected),
        types.expression(.enumCase(filterCase.name), type: .enumeration(filter.name)))
      return (model, [select] + stateAssignments(state), elements)
    }
    return nil
  }

  /// The state fields a test may set for a filter case that reads them: all but the filter's
  /// list and selected case, which the test sets itself.
  func settableState(of filter: Filter) -> [String: SpecType] {
    var fields: [String: SpecType] = [:]
    for field in spec.state where field.name != filter.over && field.name != filter.selected {
      fields[field.name] = field.type
    }
    return fields
  }

  /// Elements on both sides of an action's `where` over `model`, with the state fields and
  /// payload parameters it reads given one value for both (`reads`): the statements setting
  /// those state fields and the arguments chosen. Nil when another of the action's operations,
  /// or its status, writes a state field the condition reads: the test would set it too early.
  func whereWitnesses(_ predicate: Predicate, over model: Model, reads: WhereReads, in action: Action, list: String?)
    -> (matching: [String: Value]?, other: [String: Value]?, setup: [Statement], chosen: [String: Expression])?
  {
    let written = Set(action.reduce.flatMap(\.paths).compactMap(\.root) + (action.status.map { [$0.field] } ?? []))
    guard !reads.state.contains(where: { written.contains($0) && $0 != list }) else { return nil }
    var settable: [String: SpecType] = [:]
    for field in spec.state where field.name != list { settable[field.name] = field.type }
    var parameters: [String: SpecType] = [:]
    for field in action.payload where reads.parameters.contains(field.name) { parameters[field.name] = field.type }
    let found = PredicateSearch(spec: spec, model: model).witnesses(
      predicate, settingState: settable, parameters: parameters)
    var chosen: [String: Expression] = [:]
    for (name, value) in found.arguments {
      if let type = parameters[name] { chosen[name] = types.expression(value, type: type) }
    }
    return (found.kept, found.dropped, stateAssignments(found.state), chosen)
  }

  /// `state.NAME = value` for each field a filter test's search chose, in name order.
  func stateAssignments(_ values: [String: Value]) -> [Statement] {
    values.sorted { $0.key < $1.key }.compactMap { name, value in
      spec.state.first { $0.name == name }.map {
        .assignment(.name("state").dot(name), types.expression(value, type: $0.type))
      }
    }
  }

  /// Whether model values have different ids (or none): a list of models with an id holds
  /// one element per id, and traps on a literal that repeats one.
  func distinctIDs(_ values: [Value]) -> Bool {
    let ids = values.compactMap { value -> String? in
      guard case .model(_, let fields) = value, let id = fields.first(where: { $0.name == "id" }) else { return nil }
      return SpecMutator.describe(id.value)
    }
    return Set(ids).count == ids.count
  }

  /// The names generated tests declare or read besides the payload's: their locals (`before`,
  /// `store`, `expected`, ...), numbered ones by their stem (`other2`, `restored1`, `e3`), and the
  /// names of what they call (`state`, `store`, `effects`).
  static let helperLocals: Set<String> = [
    "action", "actions", "actual", "added", "after", "answer", "answers", "api", "base", "before", "body", "buttons",
    "client", "clock", "condition", "context", "data", "digits", "dropped", "e", "effects", "element", "entry",
    "existing", "expected", "fields", "first", "firstProduct", "followUpsClock", "found", "given", "hidden", "index",
    "initial", "input", "json", "kept", "last", "matching", "matchingToo", "middleware", "number", "one", "other",
    "others", "output", "padding", "persistence", "place", "presented", "pushed", "reduced", "replacement",
    "restored", "row", "sample", "samples", "saved", "screen", "second", "secondProduct", "shown", "state", "storage",
    "store", "stored", "test", "third", "three", "tie", "tieToo", "two", "unfollowed", "value", "values", "viewStore",
  ]

  /// The local holding a payload parameter's value: its own name unless the tests' own names
  /// have it (or its stem, before a number), then the name followed by `Argument`. The one
  /// allocator of parameter locals: the `let`s a test declares and every expression of it that
  /// reads the payload (`ReduceTranslator.readsTestLocals`) ask it.
  static func local(_ parameter: String) -> String {
    if helperLocals.contains(parameter) { return parameter + "Argument" }
    // The stem without trailing digits (`count2`: `count`), made only where there are digits: a
    // test names a local per parameter, thousands in a large spec.
    guard parameter.last?.isNumber == true else { return parameter }
    let stem = String(parameter.reversed().drop(while: \.isNumber).reversed())
    return helperLocals.contains(stem) ? parameter + "Argument" : parameter
  }

  /// The local holding `parameter`'s value, as an expression.
  func argument(_ parameter: String) -> Expression { .name(Self.local(parameter)) }

  /// The arguments of `action`, with `chosen` values for some parameters and samples for the rest.
  func arguments(_ action: Action, _ chosen: [String: Expression]) -> (lets: [Statement], arguments: [Argument]) {
    var lets: [Statement] = []
    var arguments: [Argument] = []
    for (position, parameter) in action.payload.enumerated() {
      // Not `??`: its autoclosure captured `self`, a copy of the translator per parameter.
      let value: Expression
      if let given = chosen[parameter.name] {
        value = given
      } else {
        value = types.expression(sample(parameter.type, position + 7), type: parameter.type)
      }
      lets.append(constant(Self.local(parameter.name), value, type: parameter.type))
      arguments.append(Argument(parameter.name, argument(parameter.name)))
    }
    return (lets, arguments)
  }
}
