// Reducer tests: one per reduce operation, batched per part file, and the creators' tests.
extension TestTranslator {
  // MARK: Reducer and filter tests

  /// The most actions whose operations' tests are made in one go (`operationTests(of:)`): a
  /// large spec's are made on every core.
  static let actionsPerTestBatch = 400

  /// The ranges of `spec.actions` whose operations' tests are made apart, in order.
  var operationTestBatches: [Range<Int>] {
    let count = spec.actions.count
    return stride(from: 0, to: Swift.max(count, 1), by: Self.actionsPerTestBatch).map {
      $0..<Swift.min($0 + Self.actionsPerTestBatch, count)
    }
  }

  /// The tests of the operations of `spec.actions[range]`, their names proposed but not yet made
  /// apart: `reducerTests` does that, in the order of the actions, so batches made on several
  /// cores name their tests as one pass would.
  func operationTests(of range: Range<Int>) -> ProposedTests {
    var tests: [Declaration] = []
    var names = UniqueNames.proposing
    for action in spec.actions[range] {
      for (position, operation) in action.reduce.enumerated() {
        // Another operation on the same state field would mix its effect into this one's test:
        // examples cover such actions.
        guard let root = operation.path?.root else { continue }
        let others = action.reduce.enumerated().filter { $0.offset != position }.flatMap(\.element.paths).compactMap(\.root)
        guard !others.contains(root) else { continue }
        // A request's outcome sets its status after its operations: one on the status field
        // is overwritten, and its test would expect what the reducer no longer leaves.
        guard action.status?.field != root else { continue }
        tests += operationTests(operation, action: action, names: &names)
      }
    }
    // A batch this large makes the suite one of arguments, whose checks call helpers (`suite`):
    // rewritten here, on the batch's core, they are left as they are there.
    let callHelpers = Self.certainlyAsArguments(tests)
    if callHelpers { tests = tests.map(ExpectationHelpers.calling) }
    return ProposedTests(tests: tests, names: names, checksCallHelpers: callHelpers)
  }

  /// The reducer's tests; `operations`, the tests of each of `operationTestBatches`, when they
  /// are already made.
  func reducerTests(operations: [ProposedTests]? = nil) -> [Declaration] {
    var names = UniqueNames(reserving: [spec.reducerName])
    let operations = operations ?? operationTestBatches.map(operationTests(of:))
    // Names are made for the batches' tests first, then the defaults' (as one pass always made
    // them); the suite still lists the defaults' tests first.
    let operationTests = operations.map { (tests: $0.named(&names), checksCallHelpers: $0.checksCallHelpers) }
    let defaults = defaultsTests(names: &names)
    var tests = spec.models.compactMap { jsonKeysTest($0, names: &names) }
    if let test = secretFieldsTest(names: &names) { tests.append(test) }
    // Only the actions these tests are for are copied out of the list.
    let actions = spec.actions
    for index in actions.indices
    where actions[index].status != nil || actions[index].binding != nil || actions[index].elementBinding != nil {
      tests += statusTests(actions[index], names: &names)
      if let test = bindingTest(actions[index], names: &names) { tests.append(test) }
    }
    for filter in spec.filters {
      for filterCase in filter.cases {
        if let test = filterTest(filter, filterCase, names: &names) { tests.append(test) }
      }
      tests += sortTests(filter, names: &names)
    }
    let derived = DerivedTranslator(types: types, access: nil)
    tests += (spec.derived + spec.selectors).compactMap { derived.test($0, kit: self, names: &names) }
    for index in actions.indices where actions[index].payload.contains(where: \.madeByCreator) {
      if let test = creatorTest(actions[index], names: &names) { tests.append(test) }
    }
    tests += childTests(names: &names)
    tests += stackTests(names: &names)
    tests += alertTests(names: &names)
    tests += equalityTests(names: &names)
    let parts =
      [(tests: defaults, checksCallHelpers: false)] + operationTests + [(tests: tests, checksCallHelpers: false)]
    // A suite of arguments: what the batches didn't rewrite is rewritten here, not walked again.
    // A batch that rewrote its checks holds enough plain tests on its own: nothing is counted.
    let callHelpers =
      operationTests.contains(where: \.checksCallHelpers)
      || Self.runsAsArguments(plainTests: parts.reduce(0) { $0 + Self.plainTestCount($1.tests) })
    let all = parts.flatMap { part in
      callHelpers && !part.checksCallHelpers ? part.tests.map(ExpectationHelpers.calling) : part.tests
    }
    return suite(spec.names.reducerTests, all, checksCallHelpers: callHelpers)
  }

  /// An action's creator, given incrementing ids and a fixed clock, makes the action with ids
  /// 1, 2 ... in the order of its parameters and that time.
  /// The time the `ActionValues` a test binds tell (`incrementingValues`).
  static let boundTime = Expression.name("Date").call([Argument("timeIntervalSince1970", .literal(.int(86_400)))])

  /// `ActionValues.incrementing(now: ...)`: ids counting up from 1, and `boundTime`.
  var incrementingValues: Expression {
    types.runtime.value("ActionValues").dot("incrementing").call([Argument("now", Self.boundTime)])
  }

  func creatorTest(_ action: Action, names: inout UniqueNames) -> Declaration? {
    guard action.payload.contains(where: \.madeByCreator) else { return nil }
    let time = Self.boundTime
    var given: [Argument] = []
    var expected: [Argument] = []
    var constants: [Statement] = []
    var ids = 0
    for (position, parameter) in action.payload.enumerated() {
      if parameter.madeByCreator {
        // Ids are made in the order of the parameters.
        if parameter.type == .scalar(.uuid) { ids += 1 }
        let value =
          parameter.type == .scalar(.uuid) ? Expression.name("UUID").call([Argument("number", .literal(.int(ids)))]) : time
        expected.append(Argument(parameter.name, value))
      } else if holdsModel(parameter.type) {
        // Made once: a model's default may make a new id each time it is built.
        let name = "given" + parameter.name.prefix(1).uppercased() + parameter.name.dropFirst()
        constants.append(sampleConstant(name, sample(parameter.type, position + 1), type: parameter.type))
        given.append(Argument(parameter.name, .name(name)))
        expected.append(Argument(parameter.name, .name(name)))
      } else {
        let value = types.expression(sample(parameter.type, position + 1), type: parameter.type)
        given.append(Argument(parameter.name, value))
        expected.append(Argument(parameter.name, value))
      }
    }
    given.append(Argument("using", .name("values")))
    let body =
      constants + [
      constant("values", incrementingValues),
      constant("action", Expression.name(spec.actionTypeName).dot(action.name).call(given)),
      expect(.name("action"), .equal, Expression.dot(action.name).call(expected)),
    ]
    return test("\(action.name)(...) makes its new values", names.make("\(action.name)CreatorMakesNewValues"), body)
  }

  /// Whether a value of `type` holds a model (whose defaults may make new values).
  func holdsModel(_ type: SpecType) -> Bool {
    switch type {
    case .model: true
    case .optional(let wrapped), .array(let wrapped): holdsModel(wrapped)
    case .dictionary(_, let value): holdsModel(value)
    default: false
    }
  }

  /// The derived tests of one operation: the frame (a field, an element found by id, a dictionary
  /// entry) is chosen here; what the operation must do in it comes from its kind.
  func operationTests(_ operation: ReduceOperation, action: Action, names: inout UniqueNames) -> [Declaration] {
    guard let path = operation.path else { return [] }
    if path.steps.contains(where: { if case .key = $0 { true } else { false } }) {
      return dictionaryEntryTests(operation, path: path, action: action, names: &names)
    }
    let elementSteps = path.steps.filter {
      if case .element = $0 { return true }
      return false
    }
    let offsetSteps = path.steps.filter {
      if case .offset = $0 { return true }
      return false
    }
    if !offsetSteps.isEmpty {
      // One offset, a parameter's, into a list of the state; other paths are covered by examples.
      guard offsetSteps.count == 1, elementSteps.isEmpty, path.steps.count >= 2,
        case .offset(.parameter(let offsetName, [])) = path.steps[1]
      else { return [] }
      return offsetOperationTests(operation, action: action, offsetParameter: offsetName, names: &names)
    }
    // Paths through more than one element, or elements found by a field of a parameter, are covered by examples.
    guard elementSteps.count <= 1 else { return [] }
    if case .element(let id)? = elementSteps.first {
      guard case .parameter(let idName, []) = id else { return [] }
      return elementOperationTests(operation, action: action, idParameter: idName, names: &names)
    }
    var context = operationContext(action, path, names: UniqueNames())
    // The names move into the context and back: a copy per operation would make tests quadratic.
    swap(&context.names, &names)
    let tests = operation.kind.fieldTests(&context)
    swap(&context.names, &names)
    return tests
  }

  func operationContext(_ action: Action, _ path: StatePath, names: UniqueNames) -> OperationTestContext {
    let target = path.steps.reduce(state) { base, step in
      if case .field(let name) = step { return base.dot(name) }
      return base
    }
    return OperationTestContext(
      kit: self, action: action, target: target, reducer: ReduceTranslator(types: types, action: action, readsTestLocals: true),
      names: names)
  }

  /// Operations on `list[id]...`: the matching element changes, the other does not, an unknown id changes nothing.
  func elementOperationTests(
    _ operation: ReduceOperation, action: Action, idParameter: String, names: inout UniqueNames
  ) -> [Declaration] {
    guard let path = operation.path,
      let position = path.steps.firstIndex(where: { if case .element = $0 { return true } else { return false } })
    else { return [] }
    let listSteps = path.steps[..<position]
    let list = listSteps.reduce(state) { base, step in
      if case .field(let name) = step { return base.dot(name) }
      return base
    }
    guard case .model(let modelName)? = listStepsType(Array(listSteps)), let model = spec.model(named: modelName) else {
      return []
    }
    let fieldPath = path.steps[(position + 1)...].compactMap { step -> String? in
      if case .field(let name) = step { return name }
      return nil
    }
    let setup = twoElements(model, in: list)
    let changedField = fieldPath.reduce(Expression.subscripted(list, .literal(.int(0)))) { $0.dot($1) }
    let firstField = fieldPath.reduce(Expression.name("first")) { $0.dot($1) }
    var context = InPlaceTestContext(
      kit: self, action: action, reducer: ReduceTranslator(types: types, action: action, readsTestLocals: true), current: firstField, selector: idParameter, selectorHasFields: false, isEntry: false,
      chosen: [idParameter: .name("first").dot("id")])
    guard let change = operation.kind.inPlaceChange(&context) else { return [] }
    let chosen = context.chosen
    let verb = change.verb
    let (lets, arguments) = self.arguments(action, chosen)
    var changes = setup + lets + [reduce(action.name, arguments)]
    if let assignments = change.assignments {
      let element = Expression.subscripted(list, .literal(.int(0)))
      changes += assignments.map { expect(element.dot($0.field), .equal, argument($0.parameter)) }
    } else {
      changes.append(expect(changedField, .equal, change.expected))
    }
    if change.flipsBack {
      changes += [reduce(action.name, arguments), expect(changedField, .equal, firstField)]
    }
    changes.append(expect(.subscripted(list, .literal(.int(1))), .equal, .name("second")))
    let (unknownLets, unknownArguments) = self.arguments(
      action, chosen.merging([idParameter: unknownID(model)]) { $1 })
    var ignores = setup + [constant("before", state)] + unknownLets + [reduce(action.name, unknownArguments)]
    ignores.append(expect(state, .equal, .name("before")))
    var tests = [
      test("\(action.name) \(verb) \(path.text) of the matching element only", names.make("\(action.name)\(verb.uppercasingFirst)MatchingElement"), changes)
    ]
    // The whole state stays as it was only when this operation is all the action does.
    if changesOnlyThrough(action) {
      tests.append(test("\(action.name) ignores an id that matches nothing", names.make("\(action.name)IgnoresUnknownID"), ignores))
    }
    return tests
  }

  /// Operations on `list[offset]...` (elements without an id): the element at the offset changes
  /// as the operation says, the other does not; an offset past the end changes nothing.
  func offsetOperationTests(
    _ operation: ReduceOperation, action: Action, offsetParameter: String, names: inout UniqueNames
  ) -> [Declaration] {
    guard let path = operation.path, case .field(let field) = path.steps[0],
      case .array(let elementType)? = spec.stateField(named: field)?.type
    else { return [] }
    var rest: [String] = []
    for step in path.steps.dropFirst(2) {
      guard case .field(let name) = step else { return [] }
      rest.append(name)
    }
    func value(_ number: Int) -> Value {
      if case .model(let name) = elementType, let model = spec.model(named: name) {
        return element(model, number, allFields: true)
      }
      return sample(elementType, number)
    }
    guard value(1) != value(2) else { return [] }
    let list = state.dot(field)
    let setup: [Statement] = [
      newState(), constant("first", types.expression(value(1), type: elementType), type: elementType),
      constant("second", types.expression(value(2), type: elementType), type: elementType),
      .assignment(list, .array([.name("first"), .name("second")])),
    ]
    let atOffset = Expression.subscripted(list, .literal(.int(0)))
    var context = InPlaceTestContext(
      kit: self, action: action, reducer: ReduceTranslator(types: types, action: action, readsTestLocals: true),
      current: rest.reduce(Expression.name("first")) { $0.dot($1) }, selector: offsetParameter, selectorHasFields: false,
      isEntry: false, chosen: [offsetParameter: .literal(.int(0))])
    guard let change = operation.kind.inPlaceChange(&context), change.assignments == nil else { return [] }
    let changed = rest.reduce(atOffset) { $0.dot($1) }
    let (lets, arguments) = self.arguments(action, context.chosen)
    var changes = setup + lets + [reduce(action.name, arguments), expect(changed, .equal, change.expected)]
    if change.flipsBack {
      changes += [reduce(action.name, arguments), expect(changed, .equal, rest.reduce(Expression.name("first")) { $0.dot($1) })]
    }
    changes.append(expect(.subscripted(list, .literal(.int(1))), .equal, .name("second")))
    var tests = [
      test(
        "\(action.name) \(change.verb) \(path.text) at the offset only",
        names.make("\(action.name)\(change.verb.uppercasingFirst)AtOffset"), changes)
    ]
    // The whole state stays as it was only when this operation is all the action does.
    if changesOnlyThrough(action) {
      let (pastLets, pastArguments) = self.arguments(action, context.chosen.merging([offsetParameter: .literal(.int(2))]) { $1 })
      let ignores = setup + [constant("before", state)] + pastLets + [reduce(action.name, pastArguments)]
        + [expect(state, .equal, .name("before"))]
      tests.append(
        test("\(action.name) ignores an offset past the end", names.make("\(action.name)IgnoresOffsetPastTheEnd"), ignores))
    }
    return tests
  }

  /// Operations on `d[k]...`: the entry under the key changes as the operation says, another
  /// entry does not; numbers and flags changed in place start from 0 and false when the key is absent.
  func dictionaryEntryTests(
    _ operation: ReduceOperation, path: StatePath, action: Action, names: inout UniqueNames
  ) -> [Declaration] {
    guard path.steps.count >= 2, case .field(let field) = path.steps[0],
      case .key(.parameter(let keyName, let keyFields)) = path.steps[1],
      case .dictionary(let keyType, let valueType)? = spec.stateField(named: field)?.type
    else { return [] }
    var rest: [String] = []
    for step in path.steps.dropFirst(2) {
      guard case .field(let name) = step else { return [] }
      rest.append(name)
    }
    let dictionary = state.dot(field)
    let key = sample(keyType, 1)
    let otherKey = sample(keyType, 2)
    let entryValue: Value =
      if case .model(let name) = valueType, let model = spec.model(named: name) {
        element(model, 1, allFields: true)
      } else {
        sample(valueType, 1)
      }
    // The key is a parameter, or a field of one (`users[user.id]`), whose value the sample decides.
    let keyExpression = keyFields.reduce(argument(keyName)) { $0.dot($1) }
    let hasOther = otherKey != key && keyFields.isEmpty
    var setup: [Statement] = [newState(), constant("entry", types.expression(entryValue, type: valueType), type: valueType)]
    var entries = [DictionaryEntry(key: keyExpression, value: .name("entry"))]
    if hasOther {
      setup.append(constant("other", types.expression(sample(valueType, 2), type: valueType), type: valueType))
      entries.append(DictionaryEntry(key: types.expression(otherKey, type: keyType), value: .name("other")))
    }
    var chosen: [String: Expression] = [:]
    if keyFields.isEmpty { chosen[keyName] = types.expression(key, type: keyType) }
    let entry = Expression.subscripted(dictionary, keyExpression)
    let target = rest.isEmpty ? entry : rest.reduce(Expression.optionalChain(entry)) { $0.dot($1) }
    let current = rest.reduce(Expression.name("entry")) { $0.dot($1) }
    var context = InPlaceTestContext(
      kit: self, action: action, reducer: ReduceTranslator(types: types, action: action, readsTestLocals: true), current: current, selector: keyName, selectorHasFields: !keyFields.isEmpty, isEntry: true, chosen: chosen)
    guard let change = operation.kind.inPlaceChange(&context), change.assignments == nil else { return [] }
    let verb = change.verb
    let (lets, arguments) = self.arguments(action, context.chosen)
    var changes = setup + lets + [.assignment(dictionary, .dictionary(entries))]
    changes += [reduce(action.name, arguments), expect(target, .equal, change.expected)]
    if hasOther {
      changes.append(expect(.subscripted(dictionary, types.expression(otherKey, type: keyType)), .equal, .name("other")))
    }
    var tests = [
      test(
        "\(action.name) \(verb) \(path.text)\(hasOther ? ", other entries unchanged" : "")",
        names.make("\(action.name)\(verb.uppercasingFirst)Entry"), changes)
    ]
    // In place on an absent entry: counted from 0 (or false), as docs/spec-language.md says.
    if rest.isEmpty, let absentExpected = change.absent, ReduceTranslator.absentValue(of: path.type) != nil {
      // A literal alone is a Double or an Int to `#expect`, which types each side apart: a
      // Decimal, Float or Int64 entry is compared with the literal converted (a parameter has
      // its type already).
      let expected: Expression =
        switch path.type {
        case .scalar(let scalar) where [.decimal, .float, .int64].contains(scalar) && absentExpected.isNumberLiteral:
          // `Float(-1)`, not `Float(-(1))`: a negated parenthesized literal is ambiguous there.
          .type(types.typeName(path.type)).call([Argument(nil, absentExpected.negationFolded)])
        default: absentExpected
        }
      let body = [newState(), .assignment(dictionary, .literal(.emptyDictionary))] + lets
        + [reduce(action.name, arguments), expect(entry, .equal, expected)]
      tests.append(
        test(
          "\(action.name) \(verb) an absent entry of \(field) from \(path.type == .scalar(.bool) ? "false" : "0")",
          names.make("\(action.name)\(verb.uppercasingFirst)AbsentEntry"), body))
    }
    return tests
  }

  func listStepsType(_ steps: [StatePath.Step]) -> SpecType? {
    var type: SpecType?
    for step in steps {
      guard case .field(let name) = step else { return nil }
      if type == nil {
        type = spec.stateField(named: name)?.type
      } else {
        type = spec.fields(of: type!)?.first { $0.name == name }?.type
      }
    }
    return type?.elementType
  }
}
