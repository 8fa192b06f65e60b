/// `reset FIELD`: back to the default the spec gives the field.
struct ResetOperation: ReduceOperationKind, Equatable {
  static let words = ["reset"]
  static let meanings = ["restore": "reset", "default": "reset"]
  var target: StatePath

  static func parse(_ word: String, _ parser: inout ReduceParser) -> ResetOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    // A stack emptied anew would give old ids to new screens.
    if path.type.isStack { return parser.fail(.resetStack(path.text), offset) }
    guard path.defaultValue != nil else { return parser.fail(.noDefaultToReset(path.text), offset) }
    return ResetOperation(target: path)
  }

  var description: String { "reset \(target.text)" }
  var path: StatePath? { target }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    let value = target.defaultValue.map { reducer.types.expression($0, type: target.type) } ?? .literal(.nilLiteral)
    return reducer.at(target, state) { [.assignment($0, value)] }
  }

  /// The default of the field the path ends at (a nested field's own, not the state's); a fresh
  /// `UUID()` equals no other, so such a default can't be tested.
  private func testableDefault(_ kit: TestTranslator) -> Expression? {
    guard let value = target.defaultValue, !kit.hasFreshUUID(value) else { return nil }
    return kit.types.expression(value, type: target.type)
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let changed = kit.sample(differentFrom: target.defaultValue, target.type, 3)
    let (lets, arguments) = kit.arguments(action, [:])
    guard let defaultValue = testableDefault(kit) else { return [] }
    let body =
      [kit.newState(), .assignment(context.target, kit.types.expression(changed, type: target.type))] + lets
      + [kit.reduce(action.name, arguments), kit.expect(context.target, .equal, defaultValue)]
    return [
      context.test(
        "\(action.name) resets \(target.text) to its default", "\(action.name)Resets\(target.text.identifierWords)",
        body)
    ]
  }

  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange? {
    testableDefault(context.kit).map { InPlaceChange(verb: "resets", expected: $0) }
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    [("drop", nil)]
  }
}
