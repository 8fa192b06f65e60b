/// Builds the generated tests: one per reduce operation, one per filter case, one per example.
struct TestTranslator {
  var types: TypeTranslator
  var spec: Spec { types.spec }

  init(spec: Spec) {
    var types = TypeTranslator(spec: spec)
    types.usesUUIDHelper = true
    self.types = types
  }

  private var state: Expression { .name("state") }

  func newState() -> Statement {
    .declaration(VariableDeclaration(name: "state", initializer: .name(spec.stateTypeName).call()))
  }

  func constant(_ name: String, _ value: Expression, type: SpecType? = nil) -> Statement {
    .declaration(VariableDeclaration(isConstant: true, name: name, type: type.map(types.typeName), initializer: value))
  }

  /// Runs the reducer on `state` through `reportingHelper`, which also expects the action to
  /// report each field it changed.
  func reduce(_ action: String, _ arguments: [Argument]) -> Statement {
    let value: Expression = arguments.isEmpty ? .dot(action) : Expression.dot(action).call(arguments)
    return .expression(.name(Self.reportingHelperName).call([Argument(nil, .inoutArgument(state)), Argument(nil, value)]))
  }

  static let reportingHelperName = "reduceReporting"

  /// `reduceReporting(&state, action)`: the reducer, then an expectation for each state field
  /// that changed that the action's `changedFields` names it, as a store's observers of that
  /// field rely on. A report that leaves out a field fails every test that changes it.
  private func reportingHelper() -> [Declaration] {
    let stateType = TypeName.named(spec.stateTypeName)
    var parts: [Declaration] = []
    var body: [Statement] = [
      constant("before", .name("state")),
      .expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(state)), Argument(nil, .name("action"))])),
    ]
    // Names gathered, then one `#expect` each: a failure lists the fields (the calling test
    // names the action), and a state of hundreds of fields expands two macros, not hundreds.
    // Over `checksPerPart` checks, they go to functions of their own (`unreported1(_:_:_:)`,
    // ...), each quick to type-check, whose lists are joined.
    func gathered(_ list: String, _ checks: [(name: String, failed: Expression)]) -> [Statement] {
      guard !checks.isEmpty else { return [] }
      let names = Expression.name(list)
      func collecting(_ checks: ArraySlice<(name: String, failed: Expression)>) -> [Statement] {
        [.declaration(VariableDeclaration(name: list, type: .array(.named("String")), initializer: .literal(.emptyArray)))]
          + checks.map { check in
            .ifElse(check.failed, [.expression(names.dot("append").call([Argument(nil, .literal(.string(check.name)))]))], nil)
          }
      }
      let expectation = Statement.expression(.macro("expect", [Argument(nil, .binary(names, .equal, .literal(.emptyArray)))]))
      guard checks.count > Self.checksPerPart else { return collecting(checks[...]) + [expectation] }
      let chunks = checks.chunks(of: Self.checksPerPart)
      var calls: [Expression] = []
      for (number, chunk) in chunks.enumerated() {
        let name = "\(list)\(number + 1)"
        parts.append(
          .function(
            FunctionDeclaration(
              doc: number == 0 ? "The `\(list)` checks of `\(Self.reportingHelperName)`, in parts." : nil, access: .private,
              kind: .function(name),
              parameters: [
                Parameter(label: "_", name: "state", type: stateType), Parameter(label: "_", name: "before", type: stateType),
                Parameter(label: "_", name: "action", type: .named(spec.actionTypeName)),
              ],
              returnType: .array(.named("String")), body: collecting(chunk[...]) + [.returnStatement(names)])))
        calls.append(.name(name).call([Argument(nil, state), Argument(nil, .name("before")), Argument(nil, .name("action"))]))
      }
      // One part a line: a sum of them all could outgrow a line that can't be broken.
      return [.declaration(VariableDeclaration(name: list, initializer: calls[0]))]
        + calls.dropFirst().map { Statement.compoundAssignment(names, .plus, $0) } + [expectation]
    }
    // Each field it changed that its `changedFields` leaves out.
    body += gathered(
      "unreported",
      spec.state.map { field in
        let reported = Expression.name("action").dot("changedFields").dot("overlaps").call([
          Argument(nil, .type(stateType).dot("fields").call([Argument("readBy", .keyPath(field.name))]))
        ])
        return (field.name, .binary(.binary(state.dot(field.name), .notEqual, .name("before").dot(field.name)), .and, .prefix(.not, reported)))
      })
    // Each list of models with an id: a report of changes in place names every element that
    // changed, and no action that adds, removes or moves one reports one (the harness's mutants
    // regenerate the sources only, so every such list is checked, reported in place or not).
    body += gathered(
      "misreported",
      spec.state.enumerated().filter { types.isIdentifiedList($0.element.type) }.map { index, field in
        let accounts = Expression.name("action").dot("changedElements").dot("accounts").call([
          Argument("for", .literal(.int(index))), Argument("from", .name("before").dot(field.name)),
          Argument("to", state.dot(field.name)),
        ])
        return (field.name, .prefix(.not, accounts))
      })
    if spec.state.isEmpty { body[0] = .assignment(.name("_"), .name("state")) }
    return [
      .function(
      FunctionDeclaration(
        doc: "The reducer, and each field it changed among those the action reports to observers.",
        access: .private, kind: .function(Self.reportingHelperName),
        parameters: [
          Parameter(label: "_", name: "state", type: stateType, isInout: true),
          Parameter(label: "_", name: "action", type: .named(spec.actionTypeName)),
        ],
        body: body))
    ] + parts
  }

  /// The most change-report checks one function of the generated tests holds.
  static let checksPerPart = 40

  func expect(_ lhs: Expression, _ op: BinaryOperator = .equal, _ rhs: Expression) -> Statement {
    .expression(.macro("expect", [Argument(nil, .binary(lhs, op, rhs))]))
  }

  func test(
    _ title: String, _ name: String, isAsync: Bool = false, throwing: Bool = false, _ body: [Statement]
  ) -> Declaration {
    .function(
      FunctionDeclaration(
        attributes: [.attribute("Test", [Argument(nil, .literal(.string(Self.fitted(title))))])],
        kind: .function(name), isAsync: isAsync, isThrowing: throwing, body: body))
  }

  /// The longest test title: `  @Test("...")` must fit swift-format's 100 columns, and a string
  /// literal can't be broken. Examples' own names are checked against it; derived titles, made
  /// from spec names, are shortened.
  static let maximumTitleLength = 80

  private static func fitted(_ title: String) -> String {
    guard title.count > maximumTitleLength else { return title }
    return String(title.prefix(maximumTitleLength - 3)) + "..."
  }

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
    // Only the actions these tests are for are copied out of the list.
    let actions = spec.actions
    for index in actions.indices where actions[index].status != nil || actions[index].binding != nil {
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

  /// Two samples of `type` that differ, each written whole (a model with every field), so
  /// values that differ here differ in Swift too; nil when none are found.
  private func differingPair(_ type: SpecType, _ number: Int) -> (Value, Value)? {
    let first = distinctSample(type, number)
    for next in (number + 1)...(number + 6) {
      let second = distinctSample(type, next)
      if second != first { return (first, second) }
    }
    return nil
  }

  /// For a State or Action whose `==` is written out in parts (`EqualityTranslator`): two states
  /// that differ in one field only are unequal, for every field; each action equals itself and
  /// differs from the same case with another first value (or, without values, the next case).
  private func equalityTests(names: inout UniqueNames) -> [Declaration] {
    var tests: [Declaration] = []
    if EqualityTranslator.writesOut(spec.state.count) {
      let base = Expression.name("base")
      let (one, other) = (Expression.name("one"), Expression.name("other"))
      var body: [Statement] = [
        constant("base", .name(spec.stateTypeName).call()),
        .declaration(VariableDeclaration(name: "one", initializer: base)),
        .declaration(VariableDeclaration(name: "other", initializer: base)),
        expect(one, .equal, other),
      ]
      for (number, field) in spec.state.enumerated() {
        guard let (first, second) = differingPair(field.type, number + 3) else { continue }
        if number > 0 { body += [.assignment(one, base), .assignment(other, base)] }
        body.append(.assignment(one.dot(field.name), types.expression(first, type: field.type)))
        body.append(.assignment(other.dot(field.name), types.expression(second, type: field.type)))
        body.append(expect(one, .notEqual, other))
      }
      tests.append(test("== tells every field of the state apart", names.make("stateEqualityTellsEveryFieldApart"), body))
    }
    if EqualityTranslator.writesOut(spec.actions.count) {
      func action(_ action: Action, _ number: Int, otherFirst: Bool = false) -> Expression? {
        guard !action.payload.isEmpty else { return .dot(action.name) }
        var arguments: [Argument] = []
        for (position, parameter) in action.payload.enumerated() {
          var value = distinctSample(parameter.type, number + position)
          if otherFirst, position == 0 {
            guard let (_, second) = differingPair(parameter.type, number) else { return nil }
            value = second
          }
          arguments.append(Argument(parameter.name, types.expression(value, type: parameter.type)))
        }
        return Expression.dot(action.name).call(arguments)
      }
      let actions = spec.actions
      let samples = actions.enumerated().map { action($1, $0 + 3)! }
      let others = actions.enumerated().map { index, item in
        (item.payload.isEmpty ? nil : action(item, index + 3, otherFirst: true))
          ?? action(actions[(index + 1) % actions.count], (index + 1) % actions.count + 3)!
      }
      let list = TypeName.array(.named(spec.actionTypeName))
      let samplesName = Expression.name("samples")
      let element = Expression.subscripted(samplesName, .name("index"))
      let body: [Statement] = [
        .declaration(VariableDeclaration(isConstant: true, name: "samples", type: list, initializer: .array(samples))),
        .declaration(VariableDeclaration(isConstant: true, name: "others", type: list, initializer: .array(others))),
        .forIn(
          "index", samplesName.dot("indices"), where: nil,
          [
            expect(element, .equal, element),
            expect(element, .notEqual, .subscripted(.name("others"), .name("index"))),
          ]),
      ]
      tests.append(
        test("== tells every action apart, by case and by value", names.make("actionEqualityTellsEveryActionApart"), body))
    }
    return tests
  }

  /// An action's creator, given incrementing ids and a fixed clock, makes the action with ids
  /// 1, 2 ... in the order of its parameters and that time.
  /// The time the `ActionValues` a test binds tell (`incrementingValues`).
  static let boundTime = Expression.name("Date").call([Argument("timeIntervalSince1970", .literal(.int(86_400)))])

  /// `ActionValues.incrementing(now: ...)`: ids counting up from 1, and `boundTime`.
  var incrementingValues: Expression {
    types.runtime.value("ActionValues").dot("incrementing").call([Argument("now", Self.boundTime)])
  }

  private func creatorTest(_ action: Action, names: inout UniqueNames) -> Declaration? {
    guard action.payload.contains(where: \.madeByCreator) else { return nil }
    let time = Self.boundTime
    var given: [Argument] = []
    var expected: [Argument] = []
    var ids = 0
    for (position, parameter) in action.payload.enumerated() {
      if parameter.madeByCreator {
        // Ids are made in the order of the parameters.
        if parameter.type == .scalar(.uuid) { ids += 1 }
        let value =
          parameter.type == .scalar(.uuid) ? Expression.name("UUID").call([Argument("number", .literal(.int(ids)))]) : time
        expected.append(Argument(parameter.name, value))
      } else {
        let value = types.expression(sample(parameter.type, position + 1), type: parameter.type)
        given.append(Argument(parameter.name, value))
        expected.append(Argument(parameter.name, value))
      }
    }
    given.append(Argument("using", .name("values")))
    let body = [
      constant("values", incrementingValues),
      constant("action", Expression.name(spec.actionTypeName).dot(action.name).call(given)),
      expect(.name("action"), .equal, Expression.dot(action.name).call(expected)),
    ]
    return test("\(action.name)(...) makes its new values", names.make("\(action.name)CreatorMakesNewValues"), body)
  }

  /// `checksCallHelpers`: `tests` already call the helpers for their checks, as the tests of a
  /// suite of arguments do; the caller has made sure the suite is one (`runsAsArguments`).
  private func suite(_ name: String, _ tests: [Declaration], checksCallHelpers: Bool = false) -> [Declaration] {
    // A large suite's checks call two functions instead of expanding `#expect` each. Its helpers
    // are the suite's own: its tests may be spread over several files (`GeneratedPart.pieces`).
    // Rewritten before the suite's enum and the test running it are made: those check nothing.
    let checked =
      !checksCallHelpers && Self.certainlyAsArguments(tests) ? tests.map(ExpectationHelpers.calling) : tests
    guard let members = Self.asArguments(checked, suite: name) else {
      assert(!checksCallHelpers, "tests that call the helpers are in a suite without them")
      return [.structure(TypeDeclaration(doc: nil, name: name, members: tests))] + helpers(tests)
    }
    // The tests are what calls a helper: the enum and the test running it call none.
    let shared = (helpers(checked) + ExpectationHelpers.declarations).map { declaration -> Declaration in
      guard case .function(var function) = declaration else { return declaration }
      function.access = nil
      return .function(function)
    }
    return [
      .structure(TypeDeclaration(doc: nil, name: name, members: members)),
      .extensionDeclaration(ExtensionDeclaration(extendedType: .named(name), members: shared)),
    ]
  }

  private func helpers(_ tests: [Declaration]) -> [Declaration] {
    var declarations: [Declaration] = []
    if tests.contains(where: { $0.calls("uuid") }) { declarations.append(uuidHelper()) }
    if tests.contains(where: { $0.calls(Self.reportingHelperName) }) { declarations += reportingHelper() }
    return declarations
  }

  /// The most `@Test` functions a suite declares: a suite of more runs them as the arguments of
  /// one parameterized test (each macro expansion costs the compiler about 10 ms per build job).
  static let testsBeforeArguments = 40

  /// The name and title of a plain `@Test("title")` function without parameters; nil for any
  /// other function.
  static func plainTest(_ function: FunctionDeclaration) -> (name: String, title: String)? {
    guard function.parameters.isEmpty, case .function(let name) = function.kind, function.attributes.count == 1,
      case .attribute("Test", let arguments) = function.attributes[0], arguments.count == 1,
      arguments[0].label == nil, case .literal(.string(let title)) = arguments[0].value
    else { return nil }
    return (name, title)
  }

  /// Whether a suite holding `tests` certainly runs them as arguments (`asArguments`), whatever
  /// else it holds.
  static func certainlyAsArguments(_ tests: [Declaration]) -> Bool {
    runsAsArguments(plainTests: plainTestCount(tests))
  }

  /// Whether a suite of `plainTests` plain `@Test("title")` functions runs them as arguments: the
  /// one rule `asArguments` and every caller that rewrites checks ahead of it go by.
  static func runsAsArguments(plainTests: Int) -> Bool { plainTests > testsBeforeArguments }

  /// How many of `tests` are plain `@Test("title")` functions (`plainTest`).
  static func plainTestCount(_ tests: [Declaration]) -> Int {
    tests.count { test in
      guard case .function(let function) = test else { return false }
      return plainTest(function) != nil
    }
  }

  /// When more than `testsBeforeArguments` of `tests` are plain `@Test("title")` functions,
  /// those functions without their attributes, run by one `@Test(arguments:)` over an enum of
  /// them whose description is each title, so a failure still names its test; else nil.
  static func asArguments(_ tests: [Declaration], suite: String) -> [Declaration]? {
    var plain: [(name: String, title: String, isAsync: Bool, isThrowing: Bool)] = []
    var members: [Declaration] = []
    for member in tests {
      guard case .function(var function) = member, let (name, title) = plainTest(function) else {
        members.append(member)
        continue
      }
      plain.append((name, title, function.isAsync, function.isThrowing))
      function.attributes = []
      members.append(.function(function))
    }
    guard runsAsArguments(plainTests: plain.count) else { return nil }
    let caseType = GeneratedNames.suiteTests
    let description = VariableDeclaration(
      name: "testDescription", type: .named("String"),
      getter: [
        .switchStatement(
          .name("self"),
          plain.map { SwitchCase(patterns: [Pattern(caseName: $0.name, bindings: [])], body: [.returnStatement(.literal(.string($0.title)))]) })
      ])
    let cases = Declaration.enumeration(
      TypeDeclaration(
        doc: "The suite's tests, each an argument of `run(_:)`, described by its title.", name: caseType,
        // Through its module: a spec may declare a type of that name.
        inherits: ["CaseIterable", "Sendable", .qualified(module: "Testing", name: .named("CustomTestStringConvertible"))],
        members: plain.map { .enumCase(EnumCaseDeclaration(name: $0.name)) } + [.variable(description)]))
    let isAsync = plain.contains(where: \.isAsync)
    let isThrowing = plain.contains(where: \.isThrowing)
    let run = FunctionDeclaration(
      attributes: [
        .attribute(
          "Test",
          [Argument(nil, .literal(.string("each test of the suite"))), Argument("arguments", Expression.name(caseType).dot("allCases"))])
      ],
      kind: .function("run"), parameters: [Parameter(label: "_", name: "test", type: .named(caseType))],
      isAsync: isAsync, isThrowing: isThrowing,
      body: [
        .switchStatement(
          .name("test"),
          plain.map { test in
            // Through `self`: the parameter may be named like a test.
            var call = Expression.name("self").dot(test.name).call([])
            if test.isAsync { call = .awaitExpression(call) }
            if test.isThrowing { call = .tryExpression(call) }
            return SwitchCase(patterns: [Pattern(caseName: test.name, bindings: [])], body: [.expression(call)])
          })
      ])
    return [cases, .function(run)] + members
  }

  /// A sample element of a model: id `number`, its required fields filled, the rest defaulted.
  /// With `allFields`, every field gets a sample unlike its default, so the element differs
  /// from one built from defaults.
  func element(_ model: Model, _ number: Int, overrides: [String: Value] = [:], allFields: Bool = false) -> Value {
    var fields: [(name: String, value: Value)] = []
    // Each field read in place, not copied whole: every test's sample elements come here.
    let declared = model.fields
    for index in declared.indices {
      let name = declared[index].name
      if !overrides.isEmpty, let value = overrides[name] {
        fields.append((name, value))
      } else if name == "id" || declared[index].defaultValue == nil {
        fields.append((name, sample(declared[index].type, number)))
      } else if allFields {
        fields.append((name, sample(differentFrom: declared[index].defaultValue, declared[index].type, number)))
      }
    }
    return .model(model.name, fields)
  }

  /// A sample of `type` whose fields all hold samples of their own (nested models' too), each
  /// numbered apart, so reading one field for another gives another value.
  func distinctSample(_ type: SpecType, _ number: Int, depth: Int = 0) -> Value {
    guard case .model(let name) = type, let model = spec.model(named: name), depth < 3 else {
      return sample(type, number)
    }
    // Bool fields (and two-case enums) take turns through the four pairs of values two samples
    // (numbers of different parity) can hold, so fields next to each other differ.
    let turns = [(0, 1), (1, 0), (1, 1), (0, 0)]
    return .model(
      name,
      model.fields.enumerated().map { index, field in
        var fieldNumber = number + index * 12
        if field.type == .scalar(.bool) || (spec.cases(of: field.type)?.count ?? 0) == 2 {
          let turn = turns[index % 4]
          fieldNumber = number % 2 == 0 ? turn.0 : turn.1
        }
        if case .model = field.type { return (field.name, distinctSample(field.type, fieldNumber, depth: depth + 1)) }
        return (field.name, sample(field.type, fieldNumber))
      })
  }

  /// What reading `fields` of `value` gives; nil when a field isn't in it.
  func value(_ value: Value, through fields: [String]) -> Value? {
    fields.reduce(Optional(value)) { value, field in
      guard case .model(_, let values)? = value else { return nil }
      return values.first { $0.name == field }?.value
    }
  }

  /// The numbers arithmetic's tests read, in turn: none 0 or 1 and no two equal, so a swapped
  /// operator or operand shows; odd and even mixed, so a whole-number division that drops a
  /// `- 1` shows too (`(7 - 1) / 2` and `7 / 2` are both 3).
  static let arithmeticNumbers = [7, 4, 5, 10, 3, 12, 13, 6, 17, 8, 19, 22, 23, 14]

  /// `arithmeticNumbers` but those written in `literals` (`limit / 4` with `limit` 4 would not
  /// tell `4 / limit` from it).
  static func arithmeticNumbers(besides literals: [Value]) -> [Int] {
    arithmeticNumbers.filter { number in !literals.contains { $0.number.map(abs) == Double(number) } }
  }

  /// Arguments for the payload values arithmetic reads, each a distinct number
  /// (`arithmeticNumbers`), and the value it makes of them, computed as the generated code
  /// computes it; nil when it can't be computed.
  func arithmeticSample(_ arithmetic: Arithmetic<Operand>, in action: Action) -> (arguments: [String: Value], written: Value)? {
    let numbers = Self.arithmeticNumbers(besides: arithmetic.literals)
    var arguments: [String: Value] = [:]
    var numbered: [String: Value] = [:]
    for (index, leaf) in arithmetic.leaves.enumerated() where numbered[leaf.text] == nil {
      guard index < numbers.count, let name = leaf.parameter,
        let parameterType = action.payload.first(where: { $0.name == name })?.type,
        let type = SpecMutator.operandType(leaf, of: action, in: spec)
      else { return nil }
      let number: Value = type == .scalar(.double) ? .double(Double(numbers[index]) + 0.5) : .int(numbers[index])
      numbered[leaf.text] = number
      let argument = arguments[name] ?? distinctSample(parameterType, 7)
      guard let patched = Self.replacing(leaf.fields, in: argument, with: number) else { return nil }
      arguments[name] = patched
    }
    guard let written = arithmetic.evaluate({ numbered[$0.text] }) else { return nil }
    return (arguments, written)
  }

  /// `value` with the value at the path `fields` replaced by `replacement`.
  private static func replacing(_ fields: [String], in value: Value, with replacement: Value) -> Value? {
    guard let field = fields.first else { return replacement }
    guard case .model(let name, var values) = value, let index = values.firstIndex(where: { $0.name == field }),
      let inner = replacing(Array(fields.dropFirst()), in: values[index].value, with: replacement)
    else { return nil }
    values[index].value = inner
    return .model(name, values)
  }

  /// A sample for the parameter `operand` reads (two elements for `list[].field`, every field
  /// distinct), and what the operand makes of it written at `type`; nil for a literal or an
  /// unknown parameter. The one place an operation's test picks a value read through fields.
  func operandSample(_ operand: Operand, in action: Action, as type: SpecType) -> OperandSample? {
    guard let parameter = operand.parameter,
      let parameterType = action.payload.first(where: { $0.name == parameter })?.type
    else { return nil }
    let argument: Value
    let written: Value?
    switch operand {
    case .literal, .arithmetic: return nil
    case .parameter(_, let fields):
      argument = distinctSample(parameterType, 7)
      written = value(argument, through: fields)
    case .eachElement(_, let fields):
      guard let element = parameterType.elementType else { return nil }
      let elements = [distinctSample(element, 2), distinctSample(element, 3)]
      let values = elements.compactMap { value($0, through: fields) }
      argument = .array(elements)
      written = values.count == elements.count ? .array(values) : nil
    }
    // A fresh UUID in what is read equals nothing written here: expect the operand itself.
    let expected = written.flatMap { hasFreshUUID($0) ? nil : types.expression($0, type: type) }
    return OperandSample(
      parameter: parameter, value: argument, argument: types.expression(argument, type: parameterType),
      written: written, expected: expected)
  }

  /// Sample `number` of `type`, a model's element with `overrides` on its fields.
  func sample(_ type: SpecType, _ number: Int, overrides: [String: Value]) -> Value {
    if case .model(let name) = type, let model = spec.model(named: name) {
      return element(model, number, overrides: overrides)
    }
    return sample(type, number)
  }

  /// `let name = value`, typed unless it is a model's (an enum case alone, `.done`, needs its type).
  func sampleConstant(_ name: String, _ value: Value, type: SpecType) -> Statement {
    let isModel = if case .model = type { true } else { false }
    return constant(name, types.expression(value, type: type), type: isModel ? nil : type)
  }

  /// A value of `type` that differs with `number`.
  func sample(_ type: SpecType, _ number: Int) -> Value {
    switch type {
    case .scalar(let scalar):
      switch scalar {
      case .string: return .string("text \(number)")
      case .int, .int64: return .int(number + 1)
      case .double, .float, .decimal: return .double(Double(number) + 0.5)
      case .bool: return .bool(number % 2 == 1)
      case .uuid: return .uuid(smallUUID(number))
      case .date: return .date(Double(1_700_000_000 + number * 86_400))
      case .url: return .url("https://example.com/\(number)")
      case .data: return .data("data \(number)")
      }
    case .model(let name):
      return spec.model(named: name).map { element($0, number) } ?? .null
    case .enumeration:
      let cases = spec.cases(of: type) ?? []
      return cases.isEmpty ? .null : .enumCase(cases[number % cases.count])
    case .optional(let wrapped):
      return sample(wrapped, number)
    case .array(let elementType):
      return .array([sample(elementType, number)])
    case .dictionary(let key, let value):
      return .dictionary([(sample(key, number), sample(value, number))])
    case .requestStatus:
      return .enumCase(["loading", "succeeded"][number % 2])
    case .indexSet:
      return .array([.int(number % 3)])
    }
  }

  /// A sample that is not the field's default, so a change is visible.
  func sample(differentFrom defaultValue: Value?, _ type: SpecType, _ number: Int) -> Value {
    for attempt in number..<(number + 4) {
      let value = sample(type, attempt)
      if value != defaultValue { return value }
    }
    return sample(type, number)
  }

  /// Two values of a sortable type, the first before the second in ascending order; nil for an
  /// enum of one case.
  func orderedPair(_ type: SpecType) -> (low: Value, high: Value)? {
    switch type {
    case .scalar(.bool): return (.bool(false), .bool(true))
    case .enumeration:
      let cases = spec.cases(of: type) ?? []
      return cases.count < 2 ? nil : (.enumCase(cases[0]), .enumCase(cases[1]))
    default: return (sample(type, 1), sample(type, 2))
    }
  }

  /// A value of `type` unlike `value` (and not empty), for a test to start from; nil when none is found.
  func startValue(unlike value: Value?, _ type: SpecType) -> Value? {
    for number in 4..<10 {
      let candidate: Value
      if case .model(let name) = type.unwrapped, let model = spec.model(named: name) {
        candidate = element(model, number, allFields: true)
      } else {
        candidate = sample(type, number)
      }
      if candidate != value && candidate != .array([]) && candidate != .dictionary([]) { return candidate }
    }
    return nil
  }

  /// Whether the value is or holds a fresh `UUID()` (written, or a model field's default left
  /// out), which no expected value can equal.
  func hasFreshUUID(_ value: Value) -> Bool {
    switch value {
    case .newUUID, .now: return true
    case .array(let values): return values.contains(where: hasFreshUUID)
    case .dictionary(let entries): return entries.contains { hasFreshUUID($0.key) || hasFreshUUID($0.value) }
    case .model(let name, let fields):
      if fields.contains(where: { hasFreshUUID($0.value) }) { return true }
      let given = Set(fields.map(\.name))
      let omitted = spec.model(named: name)?.fields.filter { !given.contains($0.name) } ?? []
      return omitted.contains { $0.defaultValue.map(hasFreshUUID) ?? false }
    case .modelDefault(let name):
      return spec.model(named: name)?.fields.contains { $0.defaultValue.map(hasFreshUUID) ?? false } ?? false
    default: return false
    }
  }

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
  /// from what each side's fields must hold, when their ids differ; nil when no case does.
  func viewFrame(
    _ view: String, _ make: (_ model: Model, _ shown: [String: Value], _ hidden: [String: Value]) -> [Value]
  ) -> (model: Model, select: [Statement], elements: [Value])? {
    guard let filter = spec.filters.first(where: { $0.result == view }), let model = spec.model(named: filter.element)
    else { return nil }
    let search = PredicateSearch(spec: spec, model: model)
    for filterCase in filter.cases {
      let (matching, other, state) = search.witnesses(filterCase.predicate, settingState: settableState(of: filter))
      guard let matching, let other else { continue }
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

  /// The locals derived tests declare besides the payload's.
  static let helperLocals: Set<String> = [
    "state", "existing", "first", "second", "before", "replacement", "kept", "dropped", "tie", "tieToo", "last", "entry",
    "other", "matching", "one", "two", "three", "hidden", "shown",
  ]

  /// The local holding a payload parameter's value: its own name unless a helper local has it.
  static func local(_ parameter: String) -> String {
    helperLocals.contains(parameter) || (parameter.hasPrefix("e") && Int(parameter.dropFirst()) != nil)
      ? parameter + "Argument" : parameter
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

  /// The derived tests of one operation: the frame (a field, an element found by id, a dictionary
  /// entry) is chosen here; what the operation must do in it comes from its kind.
  private func operationTests(_ operation: ReduceOperation, action: Action, names: inout UniqueNames) -> [Declaration] {
    guard let path = operation.path else { return [] }
    if path.steps.contains(where: { if case .key = $0 { true } else { false } }) {
      return dictionaryEntryTests(operation, path: path, action: action, names: &names)
    }
    let elementSteps = path.steps.filter {
      if case .element = $0 { return true }
      return false
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

  private func operationContext(_ action: Action, _ path: StatePath, names: UniqueNames) -> OperationTestContext {
    let target = path.steps.reduce(state) { base, step in
      if case .field(let name) = step { return base.dot(name) }
      return base
    }
    return OperationTestContext(
      kit: self, action: action, target: target, reducer: ReduceTranslator(types: types, action: action),
      names: names)
  }

  /// Operations on `list[id]...`: the matching element changes, the other does not, an unknown id changes nothing.
  private func elementOperationTests(
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
      kit: self, action: action, reducer: ReduceTranslator(types: types, action: action), current: firstField, selector: idParameter, selectorHasFields: false, isEntry: false,
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

  /// Operations on `d[k]...`: the entry under the key changes as the operation says, another
  /// entry does not; numbers and flags changed in place start from 0 and false when the key is absent.
  private func dictionaryEntryTests(
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
      kit: self, action: action, reducer: ReduceTranslator(types: types, action: action), current: current, selector: keyName, selectorHasFields: !keyFields.isEmpty, isEntry: true, chosen: chosen)
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
          .type(types.typeName(path.type)).call([Argument(nil, absentExpected)])
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

  private func listStepsType(_ steps: [StatePath.Step]) -> SpecType? {
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

  /// The request status an async action's request, success or failure moves to, from another;
  /// for a request sent under a condition, also `idle` where it doesn't hold.
  private func statusTests(_ action: Action, names: inout UniqueNames) -> [Declaration] {
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

  private func statusTest(_ action: Action, names: inout UniqueNames, chosen: [String: Expression]) -> Declaration? {
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
  private func bindingTest(_ action: Action, names: inout UniqueNames) -> Declaration? {
    guard let field = action.binding, let stateField = spec.state.first(where: { $0.name == field }) else { return nil }
    let member = GeneratedNames.bindingMember(field)
    let store = types.runtime.value("Store").call([
      Argument("initialState", .name(spec.stateTypeName).call()), Argument("reducer", .name(spec.reducerName)),
    ])
    let viewStore = Expression.name("viewStore")
    let body: [Statement] = [
      constant("viewStore", types.runtime.value("ViewStore").call([Argument(nil, store)])),
      constant(
        "value", types.expression(sample(differentFrom: stateField.defaultValue, stateField.type, 2), type: stateField.type),
        type: stateField.type),
      .assignment(viewStore.dot(member).dot("wrappedValue"), .name("value")),
      expect(viewStore.dot(member).dot("wrappedValue"), .equal, .name("value")),
      expect(viewStore.dot("read").call([Argument(nil, .keyPath(field))]), .equal, .name("value")),
    ]
    guard case .function(var function) = test(
      "\(member) sets \(field) through \(action.name)", names.make("\(member)SetsThrough\(action.name.uppercasingFirst)"),
      body)
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
  private func value(in action: Action, _ values: [Value], at path: [String]) -> Value? {
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
  private func argumentType(in action: Action, at path: [String]) -> SpecType? {
    guard var type = action.payload.first(where: { $0.name == path.first })?.type else { return nil }
    for name in path.dropFirst() {
      guard let field = spec.fields(of: type)?.first(where: { $0.name == name }) else { return nil }
      type = field.type
    }
    return type
  }

  /// `values` with the payload path (`book.id`) holding `new`; nil where it can't.
  private func setting(in action: Action, _ values: [Value], at path: [String], to new: Value) -> [Value]? {
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

  /// The most `#expect`s one defaults test holds: each costs a few milliseconds to type-check,
  /// and a test function should take under 100 ms (CompileBenchmark).
  static let expectationsPerTest = 8

  /// A new state holds the defaults the spec writes (new UUIDs and models built from their own
  /// defaults aside): one test, or one per `expectationsPerTest` fields in a large state.
  private func defaultsTests(names: inout UniqueNames) -> [Declaration] {
    var checks: [Statement] = []
    for field in spec.state {
      guard let value = field.defaultValue else { continue }
      if case .modelDefault = value { continue }
      guard !hasFreshUUID(value) else { continue }
      if value == .array([]) || value == .dictionary([]), !field.type.isOptional {
        // `isEmpty`, not `== []`: the literal's type inference made this test the slowest
        // function of a large feature to type-check.
        checks.append(.expression(.macro("expect", [Argument(nil, state.dot(field.name).dot("isEmpty"))])))
        continue
      }
      checks.append(expect(state.dot(field.name), .equal, types.expression(value, type: field.type)))
    }
    let newState = Statement.declaration(
      VariableDeclaration(isConstant: true, name: "state", initializer: .name(spec.stateTypeName).call()))
    let parts = checks.chunks(of: Self.expectationsPerTest)
    return parts.enumerated().map { offset, part in
      let which = parts.count == 1 ? "" : " (part \(offset + 1) of \(parts.count))"
      let suffix = parts.count == 1 ? "" : "Part\(offset + 1)"
      return test("a new state holds the spec's defaults\(which)", names.make("newStateHoldsDefaults\(suffix)"), [newState] + part)
    }
  }

  /// For a model whose fields have JSON keys: a value with every field set is encoded under
  /// those keys and decoded back equal.
  private func jsonKeysTest(_ model: Model, names: inout UniqueNames) -> Declaration? {
    let keyed = model.fields.filter { $0.jsonKey != nil }
    guard !keyed.isEmpty else { return nil }
    let encode = Expression.name("JSONEncoder").call([]).dot("encode").call([Argument(nil, .name("value"))])
    var body: [Statement] = [
      constant("value", types.expression(element(model, 1, allFields: true), type: .model(model.name))),
      constant("data", .tryExpression(encode)),
      constant("json", .name("String").call([Argument("decoding", .name("data")), Argument("as", .metatype(.named("UTF8")))])),
    ]
    for field in keyed {
      // As JSONEncoder writes the key: `"`, `\` and `/` escaped.
      let encoded = field.codingKey.reduce(into: "") { text, character in
        if "\"\\/".contains(character) { text.append("\\") }
        text.append(character)
      }
      let written = Expression.name("json").dot("contains").call([Argument(nil, .literal(.string("\"\(encoded)\":")))])
      body.append(.expression(.macro("expect", [Argument(nil, written)])))
    }
    let decoded = Expression.tryExpression(
      .name("JSONDecoder").call([]).dot("decode").call([
        Argument(nil, .metatype(types.typeName(.model(model.name)))), Argument("from", .name("data")),
      ]))
    body.append(expect(decoded, .equal, .name("value")))
    return test(
      "\(model.name) is read and written under its JSON keys", names.make("\(model.name.lowercasingFirst)UsesItsJSONKeys"),
      throwing: true, body)
  }

  /// Elements on both sides of the case's predicate, and what the result must keep.
  private func filterTest(_ filter: Filter, _ filterCase: Filter.Case, names: inout UniqueNames) -> Declaration? {
    let model = spec.model(named: filter.element)!
    let search = PredicateSearch(spec: spec, model: model)
    let (kept, dropped, stateValues) = search.witnesses(filterCase.predicate, settingState: settableState(of: filter))
    // Without an element on either side the test could not fail: examples cover such a case.
    guard kept != nil || dropped != nil else { return nil }
    var body: [Statement] = [newState()]
    var all: [Expression] = []
    var keptNames: [Expression] = []
    var values: [Value] = []
    for (index, fields) in [dropped, kept].enumerated() {
      guard let fields else { continue }
      let name = index == 0 ? "dropped" : "kept"
      values.append(element(model, index + 1, overrides: fields))
      body.append(constant(name, types.expression(values[values.count - 1], type: .model(model.name))))
      all.append(.name(name))
      if index == 1 { keptNames.append(.name(name)) }
    }
    // Elements that differ in what the other cases read: a case that keeps everything (`all:
    // true`) must keep both values of a Bool another case reads, not only one element.
    var others = spread(filter, except: filterCase, from: kept ?? [:], search: search, state: stateValues)
    if !distinctIDs(values + others.map(\.element)) { others = [] }
    for (offset, spread) in others.enumerated() {
      let name = "other\(offset + 1)"
      body.append(constant(name, types.expression(spread.element, type: .model(model.name))))
      all.append(.name(name))
      if spread.kept { keptNames.append(.name(name)) }
    }
    body.append(.assignment(state.dot(filter.over), .array(all)))
    body.append(.assignment(state.dot(filter.selected), .dot(filterCase.name)))
    body += stateAssignments(stateValues)
    body.append(expect(state.dot(filter.result), .equal, keptNames.isEmpty ? .literal(.emptyArray) : .array(keptNames)))
    return test(
      "\(filter.name).\(filterCase.name) keeps exactly the matching \(filter.over)",
      names.make("\(filter.selected)\(filterCase.name.uppercasingFirst)KeepsMatching\(filter.over.uppercasingFirst)"), body)
  }

  /// For a case's test, besides its own witnesses: its kept element (`kept`) changed in each
  /// field the filter's other cases read (each value of a Bool, nil, the first cases of an enum),
  /// and those cases' own witnesses, each with whether `filterCase` keeps it in the state
  /// `stateValues`. A case that also dropped elements where another field holds some value
  /// (`all` dropping the done ones) drops one of these.
  /// None for a sorted filter (the order of several kept elements is the sort tests' to check)
  /// or where the search can't tell.
  private func spread(
    _ filter: Filter, except filterCase: Filter.Case, from kept: [String: Value], search: PredicateSearch,
    state stateValues: [String: Value]
  ) -> [(element: Value, kept: Bool)] {
    guard filter.sort.isEmpty, let model = spec.model(named: filter.element) else { return [] }
    let settable = settableState(of: filter)
    let others = filter.cases.filter { $0.name != filterCase.name }
    var candidates: [[String: Value]] = []
    // An element each near miss of the case's arithmetic (`count % 2` for `count / 2`) would
    // keep or drop otherwise.
    for (_, nearMiss) in filterCase.predicate.arithmeticNearMisses() {
      if let element = search.distinguishing(filterCase.predicate, from: nearMiss, state: stateValues) {
        candidates.append(element)
      }
    }
    for name in others.flatMap({ search.elementFields(readBy: $0.predicate) }).uniqued {
      guard let field = model.fields.first(where: { $0.name == name }), name != "id" else { continue }
      let values: [Value]
      switch field.type.unwrapped {
      case .scalar(.bool): values = [.bool(false), .bool(true)]
      case .enumeration: values = (spec.cases(of: field.type.unwrapped) ?? []).prefix(3).map { .enumCase($0) }
      default: values = []
      }
      candidates += (field.type.isOptional ? [.null] + values : values).map { value in
        kept.merging([name: value]) { _, new in new }
      }
    }
    for other in others {
      let witnesses = search.witnesses(other.predicate, settingState: settable)
      candidates += [witnesses.dropped, witnesses.kept].compactMap { $0 }
    }
    var found: [(element: Value, kept: Bool)] = []
    var seen: [[String: Value]] = []
    for overrides in candidates where !seen.contains(overrides) {
      seen.append(overrides)
      // Numbered after the case's own two, so ids differ.
      let number = found.count + 3
      var fields: [String: Value] = [:]
      for field in model.fields {
        fields[field.name] =
          overrides[field.name]
          ?? (field.name == "id" || field.defaultValue == nil ? sample(field.type, number) : field.defaultValue)
      }
      guard let kept = search.holds(filterCase.predicate, element: fields, state: stateValues) else { return [] }
      found.append((element(model, number, overrides: overrides), kept))
      if found.count == 6 { return found }
    }
    return found
  }

  /// Values of a sort key's type in the key's order (ascending, or reversed when descending).
  private func orderedValues(_ key: SortKey) -> [Value]? {
    let ascending: [Value]
    switch key.type {
    case .scalar(.bool): ascending = [.bool(false), .bool(true)]
    case .scalar(.string): ascending = [.string("a"), .string("b"), .string("c")]
    case .scalar(.date): ascending = [.date(1), .date(2), .date(3)]
    case .scalar(let scalar) where scalar.isNumeric: ascending = [.int(1), .int(2), .int(3)]
    case .enumeration: ascending = (spec.cases(of: key.type) ?? []).prefix(3).map { .enumCase($0) }
    default: return nil
    }
    guard ascending.count >= 2 else { return nil }
    return key.descending ? Array(ascending.reversed()) : ascending
  }

  /// One test per sort key: elements that tie on the keys before it, in mixed order on it, come
  /// out sorted by it, equal ones in list order. The keys after it run against its order, so a
  /// sort that put them first (or dropped or reversed this one) fails.
  private func sortTests(_ filter: Filter, names: inout UniqueNames) -> [Declaration] {
    guard let keepAll = filter.cases.first(where: { $0.predicate == .constant(true) }),
      let model = spec.model(named: filter.element)
    else { return [] }
    // In a list of models with an id, no two elements share it: ids never tie.
    let uniqueIDs = types.isIdentifiedList(over: filter)
    var tests: [Declaration] = []
    for (index, key) in filter.sort.enumerated() {
      guard let ordered = orderedValues(key) else { continue }
      // After the id, no key decides anything.
      if uniqueIDs, filter.sort[..<index].contains(where: { $0.field == "id" }) { continue }
      // Unique ids never tie, and an id among the later keys breaks every tie.
      let ties = !(uniqueIDs && filter.sort[index...].contains { $0.field == "id" })
      // Listed: highest, lowest (twice, to show ties keep their order), then the rest.
      let last = ordered.count - 1
      let listed: [(name: String, rank: Int)] =
        [("e1", last), ("e2", 0)] + ordered.indices.dropFirst().dropLast().map { ("e\($0 + 2)", $0) }
        + (ties ? [("tie", 0)] : [])
      var body: [Statement] = [newState()]
      for (offset, entry) in listed.enumerated() {
        var overrides: [String: Value] = [key.field: ordered[entry.rank]]
        for earlier in filter.sort[..<index] where earlier.field != key.field {
          overrides[earlier.field] = sample(earlier.type, 0)
        }
        // A later id keeps each element's own (it would tie equal ranks).
        for later in filter.sort[(index + 1)...] where overrides[later.field] == nil && !(uniqueIDs && later.field == "id") {
          guard let values = orderedValues(later) else {
            overrides[later.field] = sample(later.type, 0)
            continue
          }
          // Against this key's order; elements of equal rank get equal values (true ties).
          overrides[later.field] = values[min(last - entry.rank, values.count - 1)]
        }
        let value = element(model, offset + 1, overrides: overrides)
        body.append(constant(entry.name, types.expression(value, type: .model(model.name))))
      }
      let expected = listed.enumerated().sorted { a, b in
        a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
      }.map { Expression.name($0.element.name) }
      body.append(.assignment(state.dot(filter.over), .array(listed.map { .name($0.name) })))
      body.append(.assignment(state.dot(filter.selected), .dot(keepAll.name)))
      body.append(expect(state.dot(filter.result), .equal, .array(expected)))
      let direction = key.descending ? "descending" : "ascending"
      let after = index == 0 ? "" : " after the keys before it"
      tests.append(
        test(
          "\(filter.result) is sorted by \(key.field), \(direction)\(after)\(ties ? ", ties in list order" : "")",
          names.make("\(filter.result)SortedBy\(key.field.uppercasingFirst)"), body))
    }
    return tests
  }

  // MARK: Examples

  func exampleTests() -> [Declaration] {
    var names = UniqueNames(reserving: [spec.reducerName])
    let tests = spec.examples.map { example -> Declaration in
      let name = names.make(example.name.identifierWords.lowercasingFirst)
      if example.throughStore { return storeExampleTest(example, name: name) }
      var body: [Statement] = [newState()] + givenAssignments(example)
      for step in example.when {
        let value = types.action(step)
        body.append(.expression(.name(Self.reportingHelperName).call([Argument(nil, .inoutArgument(state)), Argument(nil, value)])))
      }
      let (checks, throwing) = expectations(example.then)
      // A state nothing changes is a constant (a `var` never mutated is a warning), and one
      // nothing reads is only built (an unused constant is a warning too).
      if example.given.isEmpty && example.when.isEmpty {
        body = [
          checks.isEmpty
            ? .assignment(.name("_"), .name(spec.stateTypeName).call())
            : .declaration(
              VariableDeclaration(isConstant: true, name: "state", initializer: .name(spec.stateTypeName).call()))
        ]
      }
      // Given fields nothing reads: read once, or the `var` is written and never read.
      if !example.given.isEmpty && example.when.isEmpty && checks.isEmpty {
        body.append(.assignment(.name("_"), .name("state")))
      }
      return test(example.name, name, throwing: throwing, body + checks)
    }
    return suite(
      spec.names.exampleTests,
      tests + followUpTests(names: &names) + startTests(names: &names) + cacheTests(names: &names))
  }

  /// Whether the example tests file needs ReduxTesting: store examples, follow-up or start tests.
  var exampleTestsUseTestStore: Bool {
    spec.examples.contains(where: \.throughStore) || !followUpTestCases.isEmpty || startIsTested
      || !cachedRequests.isEmpty
  }

  /// The requests with `fresh:` a derived test pins: their test effects need no failure builder.
  private var cachedRequests: [Action] {
    let asyncActions = spec.actions.filter { $0.async != nil }
    let builders = asyncActions.contains { action in
      let own = spec.action(named: action.async!.failure)?.payload.filter { !action.async!.carried.contains($0.name) } ?? []
      let shape = FailureShape(own: own) { name in spec.model(named: name) != nil || spec.enums.contains { $0.name == name } }
      return shape == .builtByEffects
    }
    if builders { return [] }
    return asyncActions.filter { action in
      guard let async = action.async, async.freshFor != nil else { return false }
      // A request whose own success empties what it provides is never answered from the cache twice.
      let emptied = action.invalidates + (spec.action(named: async.success)?.invalidates ?? [])
      return Set(emptied.map(\.name)).isDisjoint(with: async.provides.map(\.name))
        && action.payload.allSatisfy { $0.defaultValue != .newUUID && $0.defaultValue != .now }
    }
  }

  /// For each request with `fresh:`: sent twice through a TestStore, its effect is called once;
  /// after each action that invalidates a tag it provides, once more.
  private func cacheTests(names: inout UniqueNames) -> [Declaration] {
    cachedRequests.map { request in
      let async = request.async!
      let store = Expression.name("store")
      let effects = Expression.name("effects")
      var middlewareArguments = [Argument("effects", effects.dot("effects"))]
      if spec.actions.contains(where: { $0.async?.timing != nil }) {
        middlewareArguments.append(Argument("clock", types.runtime.value("ImmediateClock").call()))
      }
      middlewareArguments.append(
        Argument(
          "cache",
          types.runtime.value("ResponseCache").call([Argument("clock", types.runtime.value("StoppedClock").call())])))
      func returns(_ action: Action) -> Statement {
        let own = spec.action(named: action.async!.success)?.payload.filter { !action.async!.carried.contains($0.name) } ?? []
        let value: Expression =
          switch own.count {
          case 0: .tuple([])
          case 1: types.expression(sample(own[0].type, 3), type: own[0].type)
          default: .tuple(own.enumerated().map { Argument($1.name, types.expression(sample($1.type, 3 + $0), type: $1.type)) })
          }
        return .expression(effects.dot(action.async!.effect).dot("returns").call([Argument(nil, value)]))
      }
      func send(_ action: Action, values: [Value]? = nil) -> [Statement] {
        let arguments =
          values.map { values in
            zip(action.payload, values).map { Argument($0.name, types.expression($1, type: $0.type)) }
          } ?? sampleArguments(action)
        let sent = arguments.isEmpty ? Expression.dot(action.name) : Expression.dot(action.name).call(arguments)
        return [
          .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))),
          .expression(.awaitExpression(store.dot("idle").call())),
        ]
      }
      let calls = effects.dot(async.effect).dot("calls").dot("count")
      var body: [Statement] = [constant("effects", Expression.name(spec.names.testEffects).call()), returns(request)]
      body.append(
        constant(
          "store",
          types.runtime.value("TestStore").call([
            Argument("initialState", Expression.name(spec.stateTypeName).call()),
            Argument("reducer", .name(spec.reducerName)),
            Argument("middleware", .array([Expression.name(spec.names.effectsMiddleware).call(middlewareArguments)])),
            Argument("exhaustivity", .dot("off")),
          ])))
      body += send(request) + send(request)
      body.append(expect(calls, .equal, .literal(.int(1))))
      var title = "\(request.name) is answered from the cache while fresh"
      // Each action that invalidates a tag it provides, in turn: one more call after each. A tag
      // with an argument on both sides is invalidated with the request's own argument.
      // Where both have one, it is first sent with another argument, which empties nothing.
      let requestValues = sampleValues(request)
      let invalidating = spec.actions.compactMap { action -> (Action, [Value], other: [Value]?)? in
        var values = sampleValues(action)
        // The same payload with every argument another value than the request's.
        var other: [Value]? = values
        var empties = false
        for tag in action.invalidates {
          for provided in async.provides where provided.name == tag.name {
            if tag.argument.isEmpty || provided.argument.isEmpty {
              empties = true
            } else if let argument = value(in: request, requestValues, at: provided.argument),
              let changed = setting(in: action, values, at: tag.argument, to: argument)
            {
              let type = argumentType(in: action, at: tag.argument)
              if let type, let different = (90..<94).lazy.map({ self.sample(type, $0) }).first(where: { $0 != argument }) {
                other = other.flatMap { setting(in: action, $0, at: tag.argument, to: different) }
              } else {
                other = nil
              }
              values = changed
              empties = true
            }
          }
        }
        // No argument changed, or a tag emptied whatever the argument: no other argument to try.
        if other == values || other == sampleValues(action) || action.invalidates.contains(where: { tag in
          tag.argument.isEmpty && async.provides.contains { $0.name == tag.name }
        }) || async.provides.contains(where: { provided in
          provided.argument.isEmpty && action.invalidates.contains { $0.name == provided.name }
        }) {
          other = nil
        }
        return empties ? (action, values, other) : nil
      }
      for (index, (action, values, other)) in invalidating.enumerated() {
        if let other {
          if action.async != nil { body.append(returns(action)) }
          body += send(action, values: other) + send(request)
          body.append(expect(calls, .equal, .literal(.int(index + 1))))
        }
        if action.async != nil { body.append(returns(action)) }
        body += send(action, values: values) + send(request)
        body.append(expect(calls, .equal, .literal(.int(index + 2))))
      }
      if !invalidating.isEmpty {
        title += ", and called again after \(invalidating.map(\.0.name).joined(separator: ", "))"
      }
      body.append(.expression(.awaitExpression(store.dot("finish").call())))
      return test(title, names.make("\(request.name)IsCached"), isAsync: true, body)
    }
  }

  /// Whether `start:` gets a derived test: its actions hold values a test can compare (no fresh
  /// `UUID()` or `Date()`, written, in a model's defaults, or the default of a parameter left out).
  private var startIsTested: Bool {
    !spec.start.isEmpty
      && spec.start.allSatisfy { step in
        let given = Set(step.arguments.map(\.name))
        let leftOut = spec.actions.first { $0.name == step.action }?.payload.filter { !given.contains($0.name) } ?? []
        return !step.arguments.contains { hasFreshUUID($0.value) }
          && !leftOut.contains { $0.defaultValue.map(hasFreshUUID) ?? false }
      }
  }

  /// A store made with `<Feature>Start` has received exactly the `start:` actions, in order,
  /// before anything is sent.
  private func startTests(names: inout UniqueNames) -> [Declaration] {
    guard startIsTested else { return [] }
    let store = Expression.name("store")
    // The first names the type: `[.load]` alone has no type to find `.load` in.
    let expected = spec.start.enumerated().map { index, step in types.action(step, qualified: index == 0) }
    // With the follow-ups' middleware where the spec has one (a store without it warns), when
    // no start action is followed up: then the store receives exactly the start actions.
    var middleware = [Expression.name(spec.names.start).call()]
    let followed = spec.start.contains { spec.action(named: $0.action)?.followUps.isEmpty == false }
    if spec.actions.contains(where: { !$0.followUps.isEmpty }), !followed {
      middleware.append(followUpsMiddleware())
    }
    let body: [Statement] = [
      constant(
        "store",
        types.runtime.value("TestStore").call([
          Argument("initialState", Expression.name(spec.stateTypeName).call()), Argument("reducer", .name(spec.reducerName)),
          Argument("middleware", .array(middleware)),
          Argument("exhaustivity", .dot("off")),
        ])),
      expect(store.dot("receivedActions"), .equal, .array(expected)),
      .expression(.awaitExpression(store.dot("finish").call())),
    ]
    let list = spec.start.map(\.action).joined(separator: ", ")
    return [test("the store starts with \(list)", names.make("theStoreStarts"), isAsync: true, body)]
  }

  /// The triggers whose follow-ups a derived test pins: every follow-up unconditional and made
  /// of values a test can compare (no fresh `UUID()` or `Date()`).
  private var followUpTestCases: [Action] {
    spec.actions.filter { action in
      // Values made as it is sent (`= new`, `= now`) come from the `ActionValues` the test binds.
      guard !action.followUps.isEmpty, followUpWitness(action) != nil else { return false }
      // Delayed ones come after the others' own follow-ups: only where there are none is the
      // order the store receives them in known here.
      return !action.followUps.contains { $0.delay != nil }
        || action.followUps.allSatisfy { spec.action(named: $0.action)?.followUps.isEmpty ?? true }
    }
  }

  /// The payload values a trigger is sent with in its follow-up tests: none where its
  /// follow-ups are unconditional; where some wait, values under which every condition holds,
  /// when the conditions read the payload alone and such values are found. Nil: no such test
  /// (examples pin conditional follow-ups, as `if`).
  private func followUpWitness(_ action: Action) -> [String: Value]? {
    let conditions = action.followUps.compactMap(\.condition)
    guard let first = conditions.first else { return [:] }
    guard action.followUps.contains(where: { $0.delay != nil }),
      !conditions.contains(where: { PredicateSearch.fields(readBy: $0).contains("state") })
    else { return nil }
    let all = conditions.dropFirst().reduce(first) { .and($0, $1) }
    let payload = Model(name: spec.actionTypeName, doc: nil, fields: action.payload)
    return PredicateSearch(spec: spec, model: payload).witnesses(all).kept
  }

  /// `<Feature>FollowUps()`; where follow-ups wait, on `clock` (an immediate one by default, so
  /// a test that awaits the store's idleness receives them).
  func followUpsMiddleware(clock: String = "ImmediateClock") -> Expression {
    guard spec.hasDelayedFollowUps else { return Expression.name(spec.names.followUps).call() }
    return Expression.name(spec.names.followUps).call([Argument("clock", types.runtime.value(clock).call())])
  }

  /// For each trigger: sent through a TestStore with `<Feature>FollowUps`, it is followed first
  /// by exactly its follow-ups, each with the trigger's parameters and the state after its reduce
  /// (their own follow-ups come after them).
  /// Conditional follow-ups are pinned by examples, as `if` is.
  private func followUpTests(names: inout UniqueNames) -> [Declaration] {
    followUpTestCases.flatMap { action -> [Declaration] in
      // Samples, but where a condition needs a value, that value.
      let witness = followUpWitness(action) ?? [:]
      let arguments = sampleArguments(action).map { argument in
        guard let label = argument.label, let value = witness[label],
          let type = action.payload.first(where: { $0.name == label })?.type
        else { return argument }
        return Argument(label, types.expression(value, type: type))
      }
      let sent = arguments.isEmpty ? Expression.dot(action.name) : Expression.dot(action.name).call(arguments)
      let after = Expression.name("after")
      let readsState = action.followUps.contains(where: \.takesStateFields)
      var body: [Statement] = []
      // One state for the store and the expected values: a default that makes a fresh id
      // (`item: Item = {}`) differs each time a state is made.
      var initialState = Expression.name(spec.stateTypeName).call()
      if readsState {
        body.append(constant("initial", initialState))
        initialState = .name("initial")
        body.append(.declaration(VariableDeclaration(name: "after", initializer: initialState)))
        body.append(.expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(after)), Argument(nil, sent)])))
      }
      // The trigger's parameters are the samples it was sent with.
      let sample = { (name: String) in arguments.first { $0.label == name }?.value ?? .name(name) }
      // Values made as a follow-up is sent (`= new`, `= now`) come from the `ActionValues` the
      // test binds: ids counting up from 1 in the order they are made, and one time.
      let makesValues = action.followUps.contains(where: \.makesValues)
      var ids = 0
      let expected = action.followUps.map { followUp in
        followUp.action(in: spec, types: types, parameter: sample, state: after, qualified: true) { value in
          guard value == .newUUID else { return Self.boundTime }
          ids += 1
          return Expression.name("UUID").call([Argument("number", .literal(.int(ids)))])
        }
      }
      let store = Expression.name("store")
      // Delayed ones after the others: on an immediate clock, once the store is idle.
      let isDelayed = action.followUps.map { $0.delay != nil }
      let ordered = zip(expected, isDelayed).filter { !$0.1 }.map(\.0) + zip(expected, isDelayed).filter(\.1).map(\.0)
      func made(on clock: String) -> Statement {
        constant(
          "store",
          types.runtime.value("TestStore").call([
            Argument("initialState", initialState), Argument("reducer", .name(spec.reducerName)),
            Argument("middleware", .array([followUpsMiddleware(clock: clock)])),
          ] + (makesValues ? [Argument("actionValues", incrementingValues)] : []) + [Argument("exhaustivity", .dot("off"))]))
      }
      func received(_ expected: [Expression]) -> Statement {
        expect(
          Expression.name("Array").call([
            Argument(nil, store.dot("receivedActions").dot("prefix").call([Argument(nil, .literal(.int(expected.count)))]))
          ]), .equal, .array(expected))
      }
      let waits = isDelayed.contains(true)
      var followed = body + [made(on: "ImmediateClock"), .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)])))]
      if waits { followed.append(.expression(.awaitExpression(store.dot("idle").call()))) }
      // Its own follow-ups come first; theirs (if any) are queued after them.
      followed += [received(ordered), .expression(.awaitExpression(store.dot("finish").call()))]
      let targets = action.followUps.map(\.action).joined(separator: ", ")
      var tests = [
        test("\(action.name) is followed by \(targets)", names.make("\(action.name)IsFollowedUp"), isAsync: true, followed)
      ]
      guard waits else { return tests }
      // On a clock that never gets there, the delayed ones stay waiting: only the others come.
      let immediate = zip(expected, isDelayed).filter { !$0.1 }.map(\.0)
      let waiting = action.followUps.filter { $0.delay != nil }.map(\.action).joined(separator: ", ")
      tests.append(
        test(
          "\(action.name) waits before \(waiting)", names.make("\(action.name)WaitsToFollowUp"), isAsync: true,
          body + [
            made(on: "PausedClock"), .expression(.awaitExpression(store.dot("send").call([Argument(nil, sent)]))),
            .expression(.awaitExpression(store.dot("idle").call())),
            expect(store.dot("receivedActions"), .equal, immediate.isEmpty ? .literal(.emptyArray) : .array(immediate)),
            .expression(.awaitExpression(store.dot("finish").call())),
          ]))
      return tests
    }
  }

  /// `state.field = value` for each field the example gives.
  private func givenAssignments(_ example: Example, to target: Expression = .name("state")) -> [Statement] {
    example.given.map { given in
      let type = spec.stateField(named: given.field)?.type ?? .scalar(.string)
      return .assignment(target.dot(given.field), types.expression(given.value, type: type))
    }
  }

  /// A step's action as a value: `.fetchUser(id: "u1")`.
  private func stepAction(_ step: Example.Step) -> Expression {
    types.action(step)
  }

  /// `#expect`s of the paths in `then`, on `state`; whether one of them can throw (an index
  /// `#require`s its list to be long enough).
  private func expectations(_ then: [Example.Expectation]) -> ([Statement], throwing: Bool) {
    var body: [Statement] = []
    var throwing = false
    for expectation in then {
      var target = state
      var chained = false
      for step in expectation.path {
        switch step {
        case .field(let name): target = target.dot(name)
        case .unwrap:
          target = .optionalChain(target)
          chained = true
        case .count: target = target.dot("count")
        case .isEmpty: target = target.dot("isEmpty")
        case .key(let key, let keyType): target = .subscripted(target, types.expression(key, type: keyType))
        case .index(let index):
          // Check the index first, so a short list fails the test instead of crashing it.
          var contains = target.dot("indices").dot("contains").call([Argument(nil, .literal(.int(index)))])
          // Through optional chaining the check is a `Bool?`: only `true` passes.
          if chained { contains = .binary(contains, .equal, .literal(.bool(true))) }
          body.append(.expression(.tryExpression(.macro("require", [Argument(nil, contains)]))))
          throwing = true
          target = .subscripted(target, .literal(.int(index)))
        }
      }
      body.append(expect(target, .equal, types.expression(expectation.value, type: expectation.type)))
    }
    return (body, throwing)
  }

  /// An example run through a TestStore (ReduxTesting): the spec's middleware in order, then the
  /// effects middleware over the test effects on an immediate clock. Each action is sent and its
  /// effects awaited before the next; the actions received must be exactly `receive`.
  private func storeExampleTest(_ example: Example, name: String) -> Declaration {
    let names = spec.names
    var body: [Statement] = []
    var initial: Expression = Expression.name(spec.stateTypeName).call()
    if !example.given.isEmpty {
      let given = Expression.name("given")
      body = [.declaration(VariableDeclaration(name: "given", initializer: .name(spec.stateTypeName).call()))]
      body += givenAssignments(example, to: given)
      initial = given
    }
    // Each made with `init()`: `middleware:` leaves out one whose initializer takes arguments.
    let chosen = spec.middleware.filter { example.middleware?.contains($0.name) ?? true }
    var middleware = chosen.map { Expression.name($0.name).call() }
    // Delayed follow-ups wait on a clock the example lets run once each step has settled: they
    // come after everything else the step dispatched, in every run.
    let followUpsClock = Expression.name("followUpsClock")
    if spec.hasDelayedFollowUps {
      body.append(constant("followUpsClock", types.runtime.value("ManualClock").call()))
      middleware.append(Expression.name(spec.names.followUps).call([Argument("clock", followUpsClock)]))
    } else if spec.actions.contains(where: { !$0.followUps.isEmpty }) {
      middleware.append(followUpsMiddleware())
    }
    let asyncActions = spec.actions.filter { $0.async != nil }
    if !asyncActions.isEmpty {
      body.append(constant("effects", Expression.name(names.testEffects).call()))
      for result in example.effects {
        guard let action = spec.action(named: result.action), let async = action.async else { continue }
        let double = Expression.name("effects").dot(async.effect)
        body.append(.expression(double.dot(effectSetter(result.outcome)).call([effectArgument(result.outcome, of: action)])))
      }
      var arguments = [Argument("effects", Expression.name("effects").dot("effects"))]
      if asyncActions.contains(where: { $0.async?.timing != nil }) {
        arguments.append(Argument("clock", types.runtime.value("ImmediateClock").call()))
      }
      middleware.append(Expression.name(names.effectsMiddleware).call(arguments))
    }
    // What creators and follow-ups make as the middleware run (`= new`, `= now`) comes from the
    // values the store binds, so `receive` can name it: ids 1, 2, 3... in order, one time.
    let madeValues =
      spec.actions.contains { $0.payload.contains(where: \.madeByCreator) }
      ? [Argument("actionValues", incrementingValues)] : []
    let store = Expression.name("store")
    body.append(
      constant(
        "store",
        types.runtime.value("TestStore").call([
          Argument("initialState", initial), Argument("reducer", .name(spec.reducerName)),
          Argument("middleware", .array(middleware)),
        ] + madeValues + [Argument("exhaustivity", .dot("off"))])))
    for step in example.when {
      body.append(.expression(.awaitExpression(store.dot("send").call([Argument(nil, stepAction(step))]))))
      body.append(.expression(.awaitExpression(store.dot("idle").call())))
      if spec.hasDelayedFollowUps {
        body.append(.expression(followUpsClock.dot("advancePastEverything").call()))
        body.append(.expression(.awaitExpression(store.dot("idle").call())))
      }
    }
    body.append(expect(store.dot("receivedActions"), .equal, .array(example.receive.map(stepAction))))
    body.append(.expression(.awaitExpression(store.dot("finish").call())))
    let (checks, throwing) = expectations(example.then)
    if !checks.isEmpty { body.append(constant("state", store.dot("state"))) }
    return test(example.name, name, isAsync: true, throwing: throwing, body + checks)
  }

  private func effectSetter(_ outcome: Example.EffectResult.Outcome) -> String {
    switch outcome {
    case .returns, .returnsNil: "returns"
    case .fails: "fails"
    }
  }

  /// The value an example's effect returns or throws.
  private func effectArgument(_ outcome: Example.EffectResult.Outcome, of action: Action) -> Argument {
    let async = action.async!
    switch outcome {
    case .returnsNil:
      return Argument(nil, .literal(.nilLiteral))
    case .returns(let values):
      let own = spec.action(named: async.success)?.payload.filter { !async.carried.contains($0.name) } ?? []
      let expressions = zip(own, values).map { field, value in (field.name, types.expression(value, type: field.type)) }
      switch expressions.count {
      case 0: return Argument(nil, .tuple([]))
      case 1: return Argument(nil, expressions[0].1)
      default: return Argument(nil, .tuple(expressions.map { Argument($0.0, $0.1) }))
      }
    case .fails(let value):
      let own = spec.action(named: async.failure)?.payload.filter { !async.carried.contains($0.name) } ?? []
      let shape = FailureShape(own: own) { name in spec.model(named: name) != nil || spec.enums.contains { $0.name == name } }
      if case .typed(let name) = shape {
        let type: SpecType = spec.model(named: name) != nil ? .model(name) : .enumeration(name)
        return Argument("with", types.expression(value, type: type))
      }
      let message = types.expression(value, type: .scalar(.string))
      return Argument("with", types.runtime.value("ExampleFailure").call([Argument(nil, message)]))
    }
  }

  /// `uuid(n)`: the UUID whose last digits are `n`, as the spec writes small ids.
  func uuidHelper() -> Declaration {
    let digits = Expression.name("String").call([Argument(nil, .name("number"))])
    let padding = Expression.name("String").call([
      Argument("repeating", .literal(.string("0"))),
      Argument("count", .binary(.literal(.int(12)), .minus, .name("digits").dot("count"))),
    ])
    let text = Expression.binary(
      .binary(.literal(.string("00000000-0000-0000-0000-")), .plus, .name("padding")), .plus, .name("digits"))
    return .function(
      FunctionDeclaration(
        doc: "The UUID whose last digits are `number`, as the spec's examples write ids.", access: .private,
        kind: .function("uuid"), parameters: [Parameter(label: "_", name: "number", type: .named("Int"))],
        returnType: .named("UUID"),
        body: [
          constant("digits", digits), constant("padding", padding),
          .returnStatement(.forceUnwrap(.name("UUID").call([Argument("uuidString", text)]))),
        ]))
  }
}

extension StatePath {
  /// The state field the path starts at.
  var root: String? {
    if case .field(let name)? = steps.first { return name }
    return nil
  }
}

/// Test names that stay unique within a file.
struct UniqueNames {
  private var used: Set<String> = []
  /// Names a test may not take: the members a large suite declares beside its tests
  /// (`asArguments`, `ExpectationHelpers`, the helpers), and, given, the functions its tests call
  /// (the reducer), which a test of that name would hide.
  private var reserved: Set<String> = [
    "run", "allCases", "testDescription", "uuid", ExpectationHelpers.equal, ExpectationHelpers.isTrue,
    TestTranslator.reportingHelperName,
  ]

  /// The names asked of a proposing instance, in order: each `make` there records its base and
  /// returns a placeholder for it, which `ProposedTests.named` replaces.
  fileprivate private(set) var proposed: [String]?

  init(reserving names: [String] = []) {
    reserved.formUnion(names)
  }

  /// Names that are only proposed: `make` answers a placeholder (`ProposedTests`).
  static var proposing: UniqueNames {
    var names = UniqueNames()
    names.proposed = []
    return names
  }

  /// The placeholder of the `index`th name proposed: no Swift name starts with U+0001.
  fileprivate static let placeholderMark: Character = "\u{1}"

  /// Whether a test may be named `name`: not reserved, nor a change report's helper
  /// (`unreported2`, `misreported3`).
  private func isFree(_ name: String) -> Bool {
    guard !reserved.contains(name) else { return false }
    // Most names start with no prefix's first letter: no prefix is compared.
    guard let first = name.utf8.first, Self.helperPrefixes.contains(where: { $0.utf8.first == first }) else { return true }
    for prefix in Self.helperPrefixes where name.hasPrefix(prefix) {
      if name.dropFirst(prefix.count).allSatisfy(\.isNumber) { return false }
    }
    return true
  }

  private static let helperPrefixes = ["unreported", "misreported"]

  /// Names longer than this are cut: a function's name can't be broken across lines.
  static let maximumLength = 60

  mutating func make(_ base: String) -> String {
    if proposed != nil {
      proposed?.append(base)
      return "\(Self.placeholderMark)\(proposed!.count - 1)"
    }
    // A base of no more bytes than the limit has no more characters: most are taken whole.
    var name = base.isEmpty ? "example" : base.utf8.count <= Self.maximumLength ? base : String(base.prefix(Self.maximumLength))
    if name.first?.isNumber == true { name = "example" + name }
    var candidate = name
    var number = 2
    while !isFree(candidate) || !used.insert(candidate).inserted {
      candidate = "\(name)\(number)"
      number += 1
    }
    return candidate
  }
}

/// Tests whose names are proposed (`UniqueNames.proposing`): made apart from the others only
/// when they join them, in order.
struct ProposedTests: Sendable {
  var tests: [Declaration]
  var names: UniqueNames
  /// Whether the tests' checks already call `ExpectationHelpers`, as the tests of a suite of
  /// arguments do.
  var checksCallHelpers = false

  /// The tests, each named as `names.make` of its proposed name makes it now.
  func named(_ names: inout UniqueNames) -> [Declaration] {
    let made = (self.names.proposed ?? []).map { names.make($0) }
    return tests.map { test in
      guard case .function(var function) = test, case .function(let name) = function.kind,
        name.first == UniqueNames.placeholderMark, let index = Int(name.dropFirst())
      else { return test }
      function.kind = .function(made[index])
      return .function(function)
    }
  }
}

extension String {
  /// `tasks[id].isCompleted` -> `TasksIdIsCompleted`; `adding a task` -> `AddingATask`.
  var identifierWords: String {
    split { !($0.isLetter || $0.isNumber) }.map { String($0).uppercasingFirst }.joined()
  }
}

/// What an operation's derived tests at a path through fields are built from.
/// A payload argument chosen for an operand read through fields (`item.title`, `books[].id`),
/// and what the reducer writes from it.
struct OperandSample {
  var parameter: String
  /// The argument's value, and as Swift.
  var value: Value
  var argument: Expression
  /// What the operand reads from it, when known.
  var written: Value?
  /// `written` as Swift; nil when unknown or holding a fresh UUID.
  var expected: Expression?
}

struct OperationTestContext {
  /// The test translator, for samples, arguments, `#expect`s and the rest.
  let kit: TestTranslator
  let action: Action
  /// The path's field, reached from `state`.
  let target: Expression
  let reducer: ReduceTranslator
  var names: UniqueNames

  /// A test with a name unique in its file.
  mutating func test(_ title: String, _ name: String, _ body: [Statement]) -> Declaration {
    kit.test(title, names.make(name), body)
  }
}

/// What an operation's derived tests on one element (`tasks[id]...`) or dictionary entry
/// (`d[k]...`) are built from.
struct InPlaceTestContext {
  let kit: TestTranslator
  let action: Action
  let reducer: ReduceTranslator
  /// What the changed place held before the action: `first.isCompleted`, `entry`.
  let current: Expression
  /// The payload parameter that picks the element or entry.
  let selector: String
  /// Whether the key is a field of that parameter (`users[user.id]`).
  let selectorHasFields: Bool
  let isEntry: Bool
  /// The arguments the test passes, by parameter; an operation adds the values it needs.
  var chosen: [String: Expression]
}

/// What an operation makes of one element or entry.
struct InPlaceChange {
  /// `flips`, `sets`, ..., for the test's title and name.
  var verb: String
  /// The changed place's value afterwards.
  var expected: Expression
  /// What an absent dictionary entry becomes (operations that change a value in place).
  var absent: Expression? = nil
  /// For `update`: each field and the parameter it must now hold (`expected` is unused).
  var assignments: [Assignment]? = nil
  /// Whether doing it again restores the value (`toggle`): the test checks that too.
  var flipsBack = false
}
