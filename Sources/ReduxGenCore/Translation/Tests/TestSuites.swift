// Suites: a file's tests in one suite, large suites run as arguments through helpers.
extension TestTranslator {
  /// `checksCallHelpers`: `tests` already call the helpers for their checks, as the tests of a
  /// suite of arguments do; the caller has made sure the suite is one (`runsAsArguments`).
  func suite(_ name: String, _ tests: [Declaration], checksCallHelpers: Bool = false) -> [Declaration] {
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

  func helpers(_ tests: [Declaration]) -> [Declaration] {
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
}
