/// `pop STACK`: the top screen off a navigation stack; `pop STACK to ID`: every screen above the
/// one whose id is the payload's `ID`; `pop STACK from ID`: that screen and those above it.
struct PopOperation: ReduceOperationKind, Equatable {
  enum Reach: String, Equatable, Sendable {
    case top
    case to
    case from
  }

  static let words = ["pop"]
  static let meanings = ["back": "pop", "dismiss": "pop"]
  var target: StatePath
  var reach: Reach = .top
  /// The payload parameter holding the screen's id, for `to` and `from`.
  var id: String?

  static func parse(_ word: String, _ parser: inout ReduceParser) -> PopOperation? {
    guard let (_, target, _) = parser.stackPath() else { return nil }
    guard case .identifier(let word) = parser.tokens.peek.kind, let reach = Reach(rawValue: word), reach != .top else {
      return PopOperation(target: target)
    }
    _ = parser.tokens.next()
    let token = parser.tokens.next()
    guard case .identifier(let parameter) = token.kind, let field = parser.action.payload.first(where: { $0.name == parameter })
    else {
      return parser.fail(ReduceParser.notInPayload(token.text, action: parser.action, state: parser.state), token.offset)
    }
    guard field.type == .scalar(.int) else {
      return parser.fail(.typeMismatch(expected: "Int", found: field.type.swiftName, what: .parameter(parameter)), token.offset)
    }
    return PopOperation(target: target, reach: reach, id: parameter)
  }

  var description: String { "pop \(target.text)" + (id.map { " \(reach.rawValue) \($0)" } ?? "") }
  var path: StatePath? { target }
  var operands: [Operand] { id.map { [.parameter($0, fields: [])] } ?? [] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { stack in
      switch (reach, id) {
      case (.to, let id?): [.expression(stack.dot("pop").call([Argument("to", .name(id))]))]
      case (.from, let id?): [.expression(stack.dot("pop").call([Argument("from", .name(id))]))]
      default: [.expression(stack.dot("pop").call())]
      }
    }
  }

  /// On a stack of three screens (ids 0, 1, 2), of the stack's first destination: popping the
  /// top leaves two; popping to the screen of id 0 leaves one; popping from it leaves none.
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard let screen = kit.defaultScreen(of: target.type) else { return [] }
    let pushes = (0..<3).map { _ in Statement.expression(context.target.dot("push").call([Argument(nil, screen)])) }
    let (lets, arguments) = kit.arguments(action, id.map { [$0: .literal(.int(0))] } ?? [:])
    let left = reach == .top ? 2 : reach == .to ? 1 : 0
    let body =
      [kit.newState()] + pushes + lets
      + [
        kit.reduce(action.name, arguments), kit.expect(context.target.dot("count"), .equal, .literal(.int(left))),
      ]
    let words = reach == .top ? "the top screen off" : reach == .to ? "to a screen of" : "a screen and those above off"
    return [
      context.test(
        "\(action.name) pops \(words) \(target.text)",
        "\(action.name)Pops\(reach.rawValue.uppercasingFirst)\(target.text.identifierWords)", body)
    ]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    if reach == .to { mutants.append(("from", PopOperation(target: target, reach: .from, id: id))) }
    if reach == .from { mutants.append(("to", PopOperation(target: target, reach: .to, id: id))) }
    return mutants
  }
}

extension TestTranslator {
  /// A screen of the first destination of the stack of `type`, in its default state
  /// (`.tally(TallyState())`): what a test pushes before it pops or clears.
  func defaultScreen(of type: SpecType) -> Expression? {
    guard case .stack(let screens) = type,
      let stack = spec.stacks.first(where: { StackFeature.screensTypeName(feature: spec.feature, field: $0.field) == screens }),
      let first = stack.destinations.first
    else { return nil }
    return Expression.dot(first.name).call([Argument(nil, .name(first.spec.stateTypeName).call())])
  }
}
