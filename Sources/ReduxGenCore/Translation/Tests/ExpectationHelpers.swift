/// A large suite's checks as calls of two private functions, `expectEqual(_:_:)` and
/// `expectTrue(_:)`, in place of an `#expect` macro each: every expansion costs the compiler
/// about 9 ms to type-check and a closure to compile, which a feature of 500 actions pays over a
/// thousand times. A failure reports both values (or the false condition) at the check's line,
/// in the test its argument names.
enum ExpectationHelpers {
  static let equal = "expectEqual"
  static let isTrue = "expectTrue"

  /// The declaration with each `#expect(a == b)` statement calling `expectEqual(a, b)`, and each
  /// other `#expect(condition)` calling `expectTrue(condition)`. A declaration with no `#expect`
  /// left is returned as it is, not copied: calling it again costs a walk.
  static func calling(_ declaration: Declaration) -> Declaration {
    rewritten(declaration) ?? declaration
  }

  /// The declaration with its checks rewritten; nil when it holds none.
  private static func rewritten(_ declaration: Declaration) -> Declaration? {
    switch declaration {
    case .function(var function):
      guard let body = function.body, let changed = rewritten(body) else { return nil }
      function.body = changed
      return .function(function)
    case .structure(var type):
      guard let members = changed(type.members, rewritten(_:)) else { return nil }
      type.members = members
      return .structure(type)
    case .extensionDeclaration(var ext):
      guard let members = changed(ext.members, rewritten(_:)) else { return nil }
      ext.members = members
      return .extensionDeclaration(ext)
    default:
      return nil
    }
  }

  /// The statements with their checks rewritten; nil when none is a check or holds one.
  private static func rewritten(_ statements: [Statement]) -> [Statement]? {
    changed(statements, rewritten(_:))
  }

  private static func rewritten(_ statement: Statement) -> Statement? {
    switch statement {
    case .expression(.macro("expect", let arguments)) where arguments.count == 1 && arguments[0].label == nil:
      if case .binary(let lhs, .equal, let rhs) = arguments[0].value {
        return .expression(Expression.name(equal).call([Argument(nil, lhs), Argument(nil, rhs)]))
      }
      return .expression(Expression.name(isTrue).call([Argument(nil, arguments[0].value)]))
    case .ifLet(let name, let value, let body, let otherwise):
      let newBody = rewritten(body)
      let newOtherwise = otherwise.flatMap(rewritten)
      guard newBody != nil || newOtherwise != nil else { return nil }
      return .ifLet(name, value, newBody ?? body, else: newOtherwise ?? otherwise)
    case .ifCase(let matched, let value, let body):
      return rewritten(body).map { .ifCase(matched, value, $0) }
    case .doBlock(let body):
      return rewritten(body).map { .doBlock($0) }
    case .ifElse(let condition, let body, let otherwise):
      let newBody = rewritten(body)
      let newOtherwise = otherwise.flatMap(rewritten)
      guard newBody != nil || newOtherwise != nil else { return nil }
      return .ifElse(condition, newBody ?? body, newOtherwise ?? otherwise)
    case .switchStatement(let subject, let cases):
      guard let newCases = changed(cases, { switchCase in
        rewritten(switchCase.body).map { SwitchCase(patterns: switchCase.patterns, body: $0) }
      }) else { return nil }
      return .switchStatement(subject, newCases)
    case .forIn(let name, let sequence, let condition, let body):
      return rewritten(body).map { .forIn(name, sequence, where: condition, $0) }
    default:
      return nil
    }
  }

  /// `elements` with each element `change` answers replaced; nil when it answers none.
  private static func changed<Element>(_ elements: [Element], _ change: (Element) -> Element?) -> [Element]? {
    var result: [Element]?
    for (index, element) in elements.enumerated() {
      guard let new = change(element) else { continue }
      if result == nil { result = elements }
      result![index] = new
    }
    return result
  }

  /// The two functions, private to the file.
  static var declarations: [Declaration] {
    // Swift Testing's, through its module: a spec may declare a type named `SourceLocation`.
    let location = Parameter(
      name: "sourceLocation", type: .qualified(module: "Testing", name: .named("SourceLocation")),
      defaultValue: .macro("_sourceLocation", []))
    let forward = Argument("sourceLocation", .name("sourceLocation"))
    return [
      .function(
        FunctionDeclaration(
          doc: "`#expect(actual == expected)`, expanded once for the file's checks.", access: .private,
          kind: .function(equal), genericParameters: [GenericParameter(name: "Value", conformance: .named("Equatable"))],
          parameters: [
            Parameter(label: "_", name: "actual", type: .named("Value")),
            Parameter(label: "_", name: "expected", type: .named("Value")), location,
          ],
          body: [
            .expression(
              .macro("expect", [Argument(nil, .binary(.name("actual"), .equal, .name("expected"))), forward]))
          ])),
      .function(
        FunctionDeclaration(
          doc: "`#expect(condition)`, expanded once for the file's checks.", access: .private,
          kind: .function(isTrue),
          parameters: [Parameter(label: "_", name: "condition", type: .named("Bool")), location],
          body: [.expression(.macro("expect", [Argument(nil, .name("condition")), forward]))])),
    ]
  }
}
