/// `upsert LIST [= VALUE]`: replaces the element with the same id, or appends.
struct UpsertOperation: ReduceOperationKind, Equatable {
  static let words = ["upsert"]
  static let meanings = ["replace": "upsert", "save": "upsert", "merge": "upsert"]
  var target: StatePath
  var value: Operand

  static func parse(_ word: String, _ parser: inout ReduceParser) -> UpsertOperation? {
    guard let (path, offset) = parser.targetPath(), let elementPath = parser.elementOfList(path, at: offset) else {
      return nil
    }
    guard case .model(let name) = elementPath.type, parser.models[name]?.idField != nil else {
      return parser.fail(.noIDField(elementPath.type.swiftName), offset)
    }
    guard let value = parser.assignedValue(for: elementPath, operation: word, at: offset) else { return nil }
    return UpsertOperation(target: path, value: value)
  }

  var description: String { "upsert \(value.text) into \(target.text)" }
  var path: StatePath? { target }
  var operands: [Operand] { [value] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    let item = reducer.operand(value, type: target.type.elementType ?? target.type)
    // The list's subscript by id replaces the element with the same id in place, else appends.
    return reducer.at(target, state) { list in
      [.assignment(.subscriptedByLabel(list, label: "id", item.dot("id")), item)]
    }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard let model = kit.model(of: self.target), case .parameter(let parameter, []) = value else { return [] }
    let modelType = SpecType.model(model.name)
    let setup = kit.twoElements(model, in: target)
    // The replacement has the id of `second` and differs in every other field that can differ.
    let idType = model.idField?.type ?? .scalar(.uuid)
    let replacement = kit.element(model, 5, overrides: ["id": kit.sample(idType, 2)], allFields: true)
    let (lets, arguments) = kit.arguments(action, [parameter: .name("replacement")])
    let replaces =
      setup + [kit.constant("replacement", kit.types.expression(replacement, type: modelType))] + lets
      + [
        kit.reduce(action.name, arguments),
        kit.expect(target, .equal, .array([.name("first"), .name("replacement")])),
      ]
    let (newLets, newArguments) = kit.arguments(
      action, [parameter: kit.types.expression(kit.element(model, 3), type: modelType)])
    let appends =
      setup + newLets
      + [
        kit.reduce(action.name, newArguments),
        kit.expect(target, .equal, .array([.name("first"), .name("second"), kit.argument(parameter)])),
      ]
    return [
      context.test(
        "\(action.name) replaces the element of \(self.target.text) with the same id", "\(action.name)ReplacesSameID",
        replaces),
      context.test(
        "\(action.name) appends an element with a new id to \(self.target.text)", "\(action.name)AppendsNewID", appends),
    ]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    [("append", AppendOperation(target: target, value: value))]
  }
}
