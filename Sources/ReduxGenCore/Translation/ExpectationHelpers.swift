/// A large suite's checks as calls of two private functions, `expectEqual(_:_:)` and
/// `expectTrue(_:)`, in place of an `#expect` macro each: every expansion costs the compiler
/// about 9 ms to type-check and a closure to compile, which a feature of 500 actions pays over a
/// thousand times. A failure reports both values (or the false condition) at the check's line,
/// in the test its argument names.
enum ExpectationHelpers {
  static let equal = "expectEqual"
  static let isTrue = "expectTrue"

  /// The declaration with each `#expect(a == b)` statement calling `expectEqual(a, b)`, and each
  /// other `#expect(condition)` calling `expectTrue(condition)`.
  static func calling(_ declaration: Declaration) -> Declaration {
    switch declaration {
    case .function(var function):
      function.body = function.body.map(rewritten)
      return .function(function)
    case .structure(var type):
      type.members = type.members.map(calling)
      return .structure(type)
    case .extensionDeclaration(var ext):
      ext.members = ext.members.map(calling)
      return .extensionDeclaration(ext)
    default:
      return declaration
    }
  }

  private static func rewritten(_ statements: [Statement]) -> [Statement] {
    statements.map { statement in
      switch statement {
      case .expression(.macro("expect", let arguments)) where arguments.count == 1 && arguments[0].label == nil:
        if case .binary(let lhs, .equal, let rhs) = arguments[0].value {
          return .expression(Expression.name(equal).call([Argument(nil, lhs), Argument(nil, rhs)]))
        }
        return .expression(Expression.name(isTrue).call([Argument(nil, arguments[0].value)]))
      case .ifLet(let name, let value, let body, let otherwise):
        return .ifLet(name, value, rewritten(body), else: otherwise.map(rewritten))
      case .ifElse(let condition, let body, let otherwise):
        return .ifElse(condition, rewritten(body), otherwise.map(rewritten))
      case .switchStatement(let subject, let cases):
        return .switchStatement(subject, cases.map { SwitchCase(patterns: $0.patterns, body: rewritten($0.body)) })
      case .forIn(let name, let sequence, let condition, let body):
        return .forIn(name, sequence, where: condition, rewritten(body))
      default:
        return statement
      }
    }
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
