/// `append LIST [= VALUE]`: adds an element at the end; a list of models with an `id` holds one
/// element per id, so an element whose id is taken is not added (upsert replaces it).
struct AppendOperation: ReduceOperationKind, Equatable {
  static let words = ["append"]
  var target: StatePath
  var value: Operand

  static func parse(_ word: String, _ parser: inout ReduceParser) -> AppendOperation? {
    guard let (path, offset) = parser.targetPath(), let elementPath = parser.elementOfList(path, at: offset),
      let value = parser.assignedValue(for: elementPath, operation: word, at: offset)
    else { return nil }
    return AppendOperation(target: path, value: value)
  }

  var description: String { "append \(value.text) to \(target.text)" }
  var path: StatePath? { target }
  var operands: [Operand] { [value] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    let element = target.type.elementType ?? target.type
    return reducer.at(target, state) {
      [.expression($0.dot("append").call([Argument(nil, reducer.operand(value, type: element))]))]
    }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard let model = kit.model(of: self.target), case .parameter(let parameter, []) = value else { return [] }
    let modelType = SpecType.model(model.name)
    let existing = kit.types.expression(kit.element(model, 1), type: modelType)
    let setup = [kit.newState(), kit.constant("existing", existing), .assignment(target, .array([.name("existing")]))]
    let expected = Expression.array([.name("existing"), kit.argument(parameter)])
    let (lets, arguments) = kit.arguments(action, [parameter: kit.types.expression(kit.element(model, 2), type: modelType)])
    let body = setup + lets + [kit.reduce(action.name, arguments), kit.expect(target, .equal, expected)]
    let appends = context.test(
      "\(action.name) appends to the end of \(self.target.text)",
      "\(action.name)AppendsTo\(self.target.text.identifierWords)", body)
    guard let idField = model.idField else { return [appends] }
    // Append is not upsert: an element whose id is taken leaves the list as it was.
    let sameID = kit.element(model, 2, overrides: ["id": kit.sample(idField.type, 1)], allFields: true)
    let (sameLets, sameArguments) = kit.arguments(action, [parameter: kit.types.expression(sameID, type: modelType)])
    let duplicate =
      setup + sameLets + [kit.reduce(action.name, sameArguments), kit.expect(target, .equal, .array([.name("existing")]))]
    return [
      appends,
      context.test(
        "\(action.name) keeps \(self.target.text) as it was when the id is taken", "\(action.name)IgnoresTakenID",
        duplicate),
    ]
  }

  func changingArguments(_ context: OperationTestContext) -> [String: Value]? {
    guard case .parameter(let name, []) = value,
      let parameter = context.action.payload.first(where: { $0.name == name })
    else { return nil }
    return [name: context.kit.sample(differentFrom: target.defaultValue, parameter.type, 2)]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    if case .model(let name)? = target.type.elementType, context.spec.model(named: name)?.idField != nil {
      mutants.append(("upsert", UpsertOperation(target: target, value: value)))
    }
    return mutants
  }
}
