/// `custom`: the reducer calls a hand-written function for the action (alone in its `reduce`).
struct CustomOperation: ReduceOperationKind, Equatable {
  static let words = ["custom"]

  static func parse(_ word: String, _ parser: inout ReduceParser) -> CustomOperation? { CustomOperation() }

  var description: String { "custom" }
  var path: StatePath? { nil }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    let action = reducer.action
    let arguments = [Argument(nil, .inoutArgument(state))] + action.payload.map { Argument($0.name, .name($0.name)) }
    return [.expression(.name(reducer.types.spec.customReducerName).dot(action.name).call(arguments))]
  }

  /// Hand-written: not mutated.
  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] { [] }
}
