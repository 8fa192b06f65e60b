/// `toggle FLAG`: flips a Bool (an absent dictionary entry counts as false).
struct ToggleOperation: ReduceOperationKind, Equatable {
  static let words = ["toggle"]
  static let meanings = ["flip": "toggle", "invert": "toggle", "negate": "toggle"]
  var target: StatePath

  static func parse(_ word: String, _ parser: inout ReduceParser) -> ToggleOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    guard path.type == .scalar(.bool) else { return parser.fail(.notBool(path.text, type: path.type.swiftName), offset) }
    return ToggleOperation(target: path)
  }

  var description: String { "toggle \(target.text)" }
  var path: StatePath? { target }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { [.expression($0.dot("toggle").call())] }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    let (lets, arguments) = kit.arguments(action, [:])
    let body =
      [kit.newState(), kit.constant("before", target)] + lets
      + [
        kit.reduce(action.name, arguments), kit.expect(target, .equal, .prefix(.not, .name("before"))),
        kit.reduce(action.name, arguments), kit.expect(target, .equal, .name("before")),
      ]
    return [
      context.test(
        "\(action.name) flips \(self.target.text)", "\(action.name)Flips\(self.target.text.identifierWords)", body)
    ]
  }

  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange? {
    // Flipped back by a second toggle: a reducer that sets a constant fails one of the two.
    InPlaceChange(verb: "flips", expected: .prefix(.not, context.current), absent: .literal(.bool(true)), flipsBack: true)
  }

  func changingArguments(_ context: OperationTestContext) -> [String: Value]? { [:] }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    [
      ("set-true", SetOperation(target: target, value: .literal(.bool(true)))),
      ("set-false", SetOperation(target: target, value: .literal(.bool(false)))),
    ]
  }
}
