/// What an action's `where` reads besides the element (`remove todos where rank < limit`): the
/// state fields it reads (`state.NAME` in the checked condition) and the payload parameters, by
/// name, found once where the operation is read (`ReadingScope.whereCondition`).
struct WhereReads: Equatable, Sendable {
  /// The element's fields, which a path starting with one of them reads.
  var elementFields: [String] = []
  /// The state fields the condition reads, in order.
  var state: [String] = []
  /// The payload parameters it reads, in order.
  var parameters: [String] = []
  /// Whether it reads the element at all (a closure that doesn't takes `_ in`).
  var readsElement = true

  init() {}

  init(_ predicate: Predicate, over model: Model) {
    elementFields = model.fields.map(\.name)
    state = predicate.stateReads(over: model)
    parameters = predicate.parameterReads(over: model)
    readsElement = predicate.readsElement(over: model)
  }

  /// Where a path of the condition starts, on the element `element`: its field, `state` read in
  /// place where one is given (a loop's `where`), or a local of the reducer (a payload
  /// parameter, or a state field read into a local by `hoisted`).
  func root(on element: Expression, state: Expression? = nil) -> (String) -> Expression {
    let fields = elementFields
    return { name in
      if fields.contains(name) { return element.dot(name) }
      if name == "state", let state { return state }
      return .name(name)
    }
  }

  /// Locals holding the state fields the condition reads, read from `state` (`let limit =
  /// state.limit`), and the condition reading those locals: a closure that runs while an
  /// operation changes the state can't read the state itself. A local takes the field's name
  /// followed by `Now` as often as another name has it.
  func hoisted(_ predicate: Predicate, _ reducer: ReduceTranslator, state base: Expression) -> (
    [Statement], Predicate
  ) {
    guard !state.isEmpty else { return ([], predicate) }
    var locals: [String: String] = [:]
    var statements: [Statement] = []
    // Not a payload parameter, a field of the element, a state field (the condition may read it
    // bare), the state, the reducer's element lookups (`index`, `index2`, ...) nor another local.
    var taken = Set(elementFields + reducer.action.payload.map(\.name) + ["state"])
    taken.formUnion(reducer.types.spec.state.map(\.name))
    taken.formUnion(["index"] + (2...9).map { "index\($0)" })
    for name in state {
      var local = name
      while taken.contains(local) { local += "Now" }
      taken.insert(local)
      locals[name] = local
      statements.append(.declaration(VariableDeclaration(isConstant: true, name: local, initializer: base.dot(name))))
    }
    let fields = elementFields
    let rewritten = predicate.mappingPaths { steps in
      guard steps.count > 1, case .field("state") = steps[0], !fields.contains("state"), case .field(let name) = steps[1],
        let local = locals[name]
      else { return steps }
      return [.field(local)] + steps.dropFirst(2)
    }
    return (statements, rewritten)
  }
}
