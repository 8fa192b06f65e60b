/// Builds the generated tests: one per reduce operation, one per filter case, one per example.
/// Each kind of test is built in a file of its own beside this one (Translation/Tests/).
struct TestTranslator {
  var types: TypeTranslator
  var spec: Spec { types.spec }

  /// The values a view store keeps element by element (`KeptValueTranslator`), found once: each
  /// filter and derived test asks.
  let keptNames: [String]

  init(spec: Spec) {
    var types = TypeTranslator(spec: spec)
    types.usesUUIDHelper = true
    self.types = types
    keptNames = KeptValueTranslator(types: types, access: nil).kept.map(\.name)
  }

  var state: Expression { .name("state") }

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
  func reportingHelper() -> [Declaration] {
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
      }
        // What a binding into a model reads: a view of it is told when the model changes.
        + spec.bindingReads.map { read in
          let reported = Expression.name("action").dot("changedFields").dot("overlaps").call([
            Argument(nil, .type(stateType).dot("fields").call([Argument("readBy", .keyPath(read.path))]))
          ])
          let steps = read.path.split(separator: ".").map(String.init)
          let now = steps.reduce(state) { $0.dot($1) }
          let then = steps.reduce(Expression.name("before")) { $0.dot($1) }
          return (read.path, .binary(.binary(now, .notEqual, then), .and, .prefix(.not, reported)))
        })
    // Each list of models with an id: a report of changes in place names every element that
    // changed, and no action that adds, removes or moves one reports one (the harness's mutants
    // regenerate the sources only, so every such list is checked, reported in place or not).
    body += gathered(
      "misreported",
      spec.state.enumerated().filter { index, field in
        if case .stack = field.type { return true }
        return types.isIdentifiedList(field.type)
      }.map { index, field in
        let accounts = Expression.name("action").dot("changedElements").dot("accounts").call([
          Argument("for", .literal(.int(index))), Argument("from", .name("before").dot(field.name)),
          Argument("to", state.dot(field.name)),
        ])
        return (field.name, .prefix(.not, accounts))
      })
    // Each value a view store keeps element by element: kept across the action, it equals the
    // state's own property (`IncrementallyDerived.unfollowedValues`).
    if !keptNames.isEmpty {
      let unfollowed = Expression.type(stateType).dot("unfollowedValues").call([
        Argument(nil, .array(keptNames.map { .keyPath($0) })), Argument("after", .name("action")),
        Argument("from", .name("before")), Argument("to", state),
      ])
      body.append(.declaration(VariableDeclaration(isConstant: true, name: "unfollowed", initializer: unfollowed)))
      body.append(expect(.name("unfollowed"), .equal, .literal(.emptyArray)))
    }
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

  /// `body`, with a check after each expectation of the value `name` that a view store keeping it
  /// element by element (`IncrementallyDerived.keepsValue(_:of:)`) shows the same; `body` as it
  /// is when the value isn't kept.
  func checkingKept(_ name: String, _ body: [Statement]) -> [Statement] {
    guard keptNames.contains(name) else { return body }
    let keeps = Expression.type(.named(spec.stateTypeName)).dot("keepsValue").call([
      Argument(nil, .keyPath(name)), Argument("of", state),
    ])
    let check = Statement.expression(.macro("expect", [Argument(nil, keeps)]))
    return body.flatMap { statement -> [Statement] in
      guard case .expression(.macro("expect", let arguments)) = statement, case .binary(let lhs, .equal, _)? = arguments.first?.value,
        lhs == state.dot(name)
      else { return [statement] }
      return [statement, check]
    }
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

  static func fitted(_ title: String) -> String {
    guard title.count > maximumTitleLength else { return title }
    return String(title.prefix(maximumTitleLength - 3)) + "..."
  }
}
