/// `move LIST [from OFFSETS to DESTINATION]`: moves the elements at the offsets (an `IndexSet`
/// parameter) before the destination (an `Int` parameter or number), in their order, as
/// SwiftUI's `onMove` reports a drag (ReduxRuntime's `moveElements(fromOffsets:toOffset:)`:
/// stale offsets are ignored and the destination is clamped). Without `from ... to ...`, the
/// action's only `IndexSet` and only `Int` parameters. With `in RESULT`, the offsets and the
/// destination are positions in a filter's (unsorted) result over the list.
struct MoveOperation: ReduceOperationKind, Equatable {
  static let words = ["move"]
  static let meanings = ["reorder": "move", "drag": "move", "relocate": "move"]
  var target: StatePath
  var offsets: String
  var destination: Operand
  /// The result of a filter over the list whose offsets these are, when not the list's own.
  var view: String?

  static func parse(_ word: String, _ parser: inout ReduceParser) -> MoveOperation? {
    // `move shownBooks`: a filter's result is a view of a list, which `in` names.
    if case .identifier(let name) = parser.tokens.peek.kind, let filter = parser.filters.first(where: { $0.result == name }) {
      return parser.fail(.moveInResult(name, list: filter.over), parser.tokens.peek.offset)
    }
    guard let (path, offset) = parser.targetPath(), parser.elementOfList(path, at: offset) != nil else { return nil }
    var operation: MoveOperation
    if parser.tokens.takeWord("from") {
      guard let offsets = parser.offsetsParameter() else { return nil }
      guard parser.tokens.takeWord("to") else {
        return parser.fail(.expectedToken(.moveDestination, found: parser.tokens.peek.described), parser.tokens.peek.offset)
      }
      guard let destination = parser.operand(expected: .scalar(.int)) else { return nil }
      operation = MoveOperation(target: path, offsets: offsets, destination: destination)
    } else {
      let offsets = parser.action.payload.filter { $0.type == .indexSet }
      let destinations = parser.action.payload.filter { $0.type == .scalar(.int) }
      guard offsets.count == 1, destinations.count == 1 else {
        let problem = SpecProblem.moveNeedsParameters(
          action: parser.action.name, offsets: offsets.map(\.name), destinations: destinations.map(\.name))
        return parser.fail(problem, offset)
      }
      operation = MoveOperation(
        target: path, offsets: offsets[0].name, destination: .parameter(destinations[0].name, fields: []))
    }
    if parser.tokens.takeWord("in") {
      guard let view = parser.filterResult(over: path, unsorted: true) else { return nil }
      operation.view = view
    }
    return operation
  }

  var description: String {
    "move \(target.text) from \(offsets) to \(destination.text)" + (view.map { " in \($0)" } ?? "")
  }
  var path: StatePath? { target }
  func keepsElements(of list: String) -> Bool { target.steps == [.field(list)] }
  var operands: [Operand] { [.parameter(offsets, fields: []), destination] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) {
      var arguments = [
        Argument("fromOffsets", reducer.operand(.parameter(offsets, fields: []), type: .indexSet)),
        Argument("toOffset", reducer.operand(destination, type: .scalar(.int))),
      ]
      // The result is read before the list changes: the offsets are positions in it.
      if let view { arguments.append(Argument("of", state.dot(view))) }
      return [.expression($0.dot("moveElements").call(arguments))]
    }
  }

  /// Three elements, one moved: they end in the order `onMove` promises.
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    if let view { return viewTests(view, &context) }
    let kit = context.kit
    let action = context.action
    guard let items = kit.elements(of: target) else { return [] }
    var chosen: [String: Expression] = [:]
    let moved: Int
    let to: Int
    switch destination {
    case .parameter(let name, []):
      (moved, to) = (0, 3)
      chosen[name] = .literal(.int(to))
    case .literal(.int(let number)):
      (moved, to) = number >= 2 ? (0, number) : (2, number)
    default:
      return []
    }
    chosen[offsets] = kit.types.expression(.array([.int(moved)]), type: .indexSet)
    let order = Self.moved([0, 1, 2], from: [moved], to: to)
    guard order != [0, 1, 2] else { return [] }
    let body = kit.listChange(
      action, context.target, setup: items.setup, before: items.names, chosen: chosen, after: order.map { items.names[$0] })
    return [
      context.test(
        "\(action.name) moves elements of \(target.text)", "\(action.name)Moves\(target.text.identifierWords)", body)
    ]
  }

  /// With a case selected that hides the middle of three elements, the first shown moves after
  /// the last shown, past the hidden one; moved in the whole list, it would stay before it.
  private func viewTests(_ view: String, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard case .parameter(let to, []) = destination,
      let frame = kit.viewFrame(
        view, in: action,
        { model, shown, hidden in
          [kit.element(model, 1, overrides: shown), kit.element(model, 2, overrides: hidden), kit.element(model, 3, overrides: shown)]
        })
    else {
      // No case both shows and hides an element: examples cover it.
      return []
    }
    let type = SpecType.model(frame.model.name)
    let chosen = [offsets: kit.types.expression(.array([.int(0)]), type: .indexSet), to: Expression.literal(.int(2))]
    let names = ["one", "hidden", "two"]
    let constants = zip(names, frame.elements).map { kit.constant($0, kit.types.expression($1, type: type)) }
    let body = kit.listChange(
      action, context.target, setup: frame.select + constants, before: names.map { .name($0) }, chosen: chosen,
      after: [.name("hidden"), .name("two"), .name("one")])
    return [
      context.test(
        "\(action.name) moves elements of \(target.text) in \(view)", "\(action.name)MovesIn\(view.uppercasingFirst)", body)
    ]
  }

  /// The order `moveElements(fromOffsets:toOffset:)` makes of `items`.
  static func moved(_ items: [Int], from offsets: [Int], to destination: Int) -> [Int] {
    let moving = offsets.filter { items.indices.contains($0) }
    let target = min(max(destination, 0), items.count)
    let before = (0..<target).filter { !moving.contains($0) }
    let after = (target..<items.count).filter { !moving.contains($0) }
    return (before + moving + after).map { items[$0] }
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    if view != nil {
      var whole = self
      whole.view = nil
      mutants.append(("whole-list", whole))
    }
    return mutants
  }
}
