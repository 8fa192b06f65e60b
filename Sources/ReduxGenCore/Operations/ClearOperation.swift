/// `clear COLLECTION`: removes every element of a list or entry of a dictionary, or every screen
/// of a navigation stack (back to its root).
struct ClearOperation: ReduceOperationKind, Equatable {
  static let words = ["clear"]
  static let meanings = ["empty": "clear", "removeAll": "clear", "purge": "clear"]
  var target: StatePath

  static func parse(_ word: String, _ parser: inout ReduceParser) -> ClearOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    switch path.type {
    case .array, .dictionary, .stack: return ClearOperation(target: path)
    default: return parser.fail(.notCollection(path.text, type: path.type.swiftName), offset)
    }
  }

  var description: String { "clear \(target.text)" }
  var path: StatePath? { target }
  func keepsElements(of list: String) -> Bool { target.steps == [.field(list)] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { [.expression($0.dot(target.type.isStack ? "popToRoot" : "removeAll").call())] }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let filled: Statement
    if target.type.isStack {
      guard let screen = kit.defaultScreen(of: target.type) else { return [] }
      filled = .expression(context.target.dot("push").call([Argument(nil, screen)]))
    } else {
      filled = .assignment(context.target, kit.types.expression(kit.sample(target.type, 1), type: target.type))
    }
    let (lets, arguments) = kit.arguments(action, [:])
    let body =
      [kit.newState(), filled] + lets
      + [kit.reduce(action.name, arguments), kit.expect(context.target.dot("isEmpty"), .equal, .literal(.bool(true)))]
    return [
      context.test("\(action.name) clears \(target.text)", "\(action.name)Clears\(target.text.identifierWords)", body)
    ]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    [("drop", nil)]
  }
}
