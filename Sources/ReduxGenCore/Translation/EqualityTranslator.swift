/// `==` written out in parts for a large feature's State and Action: Swift's synthesized `==`
/// compares every field or case in one body, which takes hundreds of milliseconds to compile
/// for a few hundred (CompileBenchmark measures it). Each part compares at most
/// `SwitchChain.casesPerFunction` fields or cases, as the reducer's parts switch over as many
/// actions, and through `same(_:_:)`, one generic function, rather than `==`, whose many
/// overloads the type checker weighs at every use: about a third of the synthesized time for a
/// feature of 500 actions. A smaller feature keeps the synthesized `==`.
struct EqualityTranslator {
  let access: AccessModifier?
  let typeName: String

  /// More than one part's worth: written out.
  static func writesOut(_ count: Int) -> Bool { count > SwitchChain.casesPerFunction }

  private var parameters: [Parameter] {
    [Parameter(label: "_", name: "lhs", type: .named(typeName)), Parameter(label: "_", name: "rhs", type: .named(typeName))]
  }

  private func part(_ number: Int) -> String { "equalPart\(number)" }

  private func call(_ number: Int) -> Expression {
    Expression.name(part(number)).call([Argument(nil, .name("lhs")), Argument(nil, .name("rhs"))])
  }

  private func same(_ lhs: Expression, _ rhs: Expression) -> Expression {
    Expression.name("same").call([Argument(nil, lhs), Argument(nil, rhs)])
  }

  /// `same(_:_:)`: `==` of one type, found without weighing `==`'s overloads.
  private var sameFunction: Declaration {
    .function(
      FunctionDeclaration(
        doc: "`==` of one type: the parts call it rather than `==`, which type-checks slower.", access: .private,
        isStatic: true, kind: .function("same"), genericParameters: [GenericParameter(name: "Value", conformance: .named("Equatable"))],
        parameters: [Parameter(label: "_", name: "lhs", type: .named("Value")), Parameter(label: "_", name: "rhs", type: .named("Value"))],
        returnType: .named("Bool"), body: [.returnStatement(.binary(.name("lhs"), .equal, .name("rhs")))]))
  }

  private func equalsOperator(_ body: [Statement]) -> Declaration {
    .function(
      FunctionDeclaration(
        doc: "Written out in parts: the synthesized `==` of this many is slow to type-check.", access: access,
        isStatic: true, kind: .operator("=="),
        parameters: [Parameter(name: "lhs", type: .named(typeName)), Parameter(name: "rhs", type: .named(typeName))],
        returnType: .named("Bool"), body: body))
  }

  /// A struct's `==`: its stored fields compared in order, a part of them per function, each
  /// returning false at the first that differs.
  func structEquality(fields: [String]) -> [Declaration] {
    let parts = fields.chunks(of: SwitchChain.casesPerFunction)
    let all = parts.indices.map { call($0 + 1) }.reduced(.and)
    var declarations = [equalsOperator([.returnStatement(all)]), sameFunction]
    for (offset, names) in parts.enumerated() {
      var body: [Statement] = names.map { name in
        .ifElse(
          .prefix(.not, same(.name("lhs").dot(name), .name("rhs").dot(name))), [.returnStatement(.literal(.bool(false)))],
          nil)
      }
      body.append(.returnStatement(.literal(.bool(true))))
      declarations.append(
        .function(
          FunctionDeclaration(
            doc: "Fields \(offset * SwitchChain.casesPerFunction + 1) to \(offset * SwitchChain.casesPerFunction + names.count) of `==`.",
            access: .private, isStatic: true, kind: .function(part(offset + 1)), parameters: parameters,
            returnType: .named("Bool"), body: body)))
    }
    return declarations
  }

  /// An enum's `==`: a chain of switches over `lhs`, each case comparing `rhs` with the same
  /// case and its values.
  func enumEquality(cases: [(name: String, values: Int)]) -> [Declaration] {
    let switchCases = cases.map { item -> SwitchCase in
      let left = (0..<item.values).map { "l\($0)" }
      let right = (0..<item.values).map { "r\($0)" }
      let equal: Expression = zip(left, right).map { same(.name($0), .name($1)) }.reduced(.and)
      // `if case`, not a switch over `rhs`: a switch is checked for exhaustiveness, per case.
      return SwitchCase(
        patterns: [Pattern(caseName: item.name, bindings: left)],
        body: [
          .ifCase(Pattern(caseName: item.name, bindings: right), .name("rhs"), [.returnStatement(equal)]),
          .returnStatement(.literal(.bool(false))),
        ])
    }
    let switches = SwitchChain.switches(
      over: .name("lhs"), switchCases, unreached: [.returnStatement(.literal(.bool(false)))]
    ) { number in [.returnStatement(call(number))] }
    var declarations = [equalsOperator([switches[0]]), sameFunction]
    for (offset, body) in switches.enumerated().dropFirst() {
      declarations.append(
        .function(
          FunctionDeclaration(
            doc: "The cases `==` passes on, in declaration order.", access: .private, isStatic: true,
            kind: .function(part(offset + 1)), parameters: parameters, returnType: .named("Bool"), body: [body])))
    }
    return declarations
  }
}

extension Array where Element == Expression {
  /// The expressions joined by `op` from the left; `true` for none.
  fileprivate func reduced(_ op: BinaryOperator) -> Expression {
    guard let first else { return .literal(.bool(true)) }
    return dropFirst().reduce(first) { .binary($0, op, $1) }
  }
}
