/// `upsert COLLECTION [= VALUE]`: replaces the element with the same id, or adds it. The
/// collection is a list of models with an `id`, or a dictionary keyed by their id (Redux's
/// `byId`, NgRx's entities); the value is one element or a list of them, each upserted in order
/// (NgRx's `upsertMany`).
struct UpsertOperation: ReduceOperationKind, Equatable {
  static let words = ["upsert"]
  static let meanings = ["replace": "upsert", "save": "upsert", "merge": "upsert"]
  var target: StatePath
  var value: Operand
  /// Whether `value` is a list, each element upserted in order.
  var many = false

  /// Whether the target is a dictionary keyed by the elements' ids.
  var intoDictionary: Bool {
    if case .dictionary = target.type { return true }
    return false
  }

  /// The model of the elements: the list's, or the dictionary's values.
  var elementType: SpecType {
    switch target.type {
    case .dictionary(_, let value): value
    default: target.type.elementType ?? target.type
    }
  }

  static func parse(_ word: String, _ parser: inout ReduceParser) -> UpsertOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    let elementPath: StatePath
    if case .dictionary(let key, let valueType) = path.type {
      guard case .model(let name) = valueType, let id = parser.models[name]?.idField else {
        return parser.fail(.noIDField(valueType.swiftName), offset)
      }
      guard id.type == key else {
        return parser.fail(.upsertKeyNotID(path.text, key: key.swiftName, model: name, id: id.type.swiftName), offset)
      }
      elementPath = StatePath(steps: path.steps, type: valueType, defaultValue: nil, text: path.text)
    } else {
      guard let element = parser.elementOfList(path, at: offset) else { return nil }
      elementPath = element
    }
    guard case .model(let name) = elementPath.type, parser.models[name]?.idField != nil else {
      return parser.fail(.noIDField(elementPath.type.swiftName), offset)
    }
    guard let (value, many) = parser.assignedValue(for: elementPath, operation: word, at: offset, orList: true) else {
      return nil
    }
    return UpsertOperation(target: path, value: value, many: many)
  }

  var description: String { "upsert \(many ? "each of " : "")\(value.text) into \(target.text)" }
  var path: StatePath? { target }
  var operands: [Operand] { [value] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    let item = reducer.operand(value, type: many ? .array(elementType) : elementType)
    // A list's subscript by id replaces the element with the same id in place, else appends; a
    // dictionary's sets the entry under the id.
    let intoDictionary = intoDictionary
    func upsert(_ collection: Expression, _ element: Expression) -> Statement {
      intoDictionary
        ? .assignment(.subscripted(collection, element.dot("id")), element)
        : .assignment(.subscriptedByLabel(collection, label: "id", element.dot("id")), element)
    }
    return reducer.at(target, state) { collection in
      many ? [.forIn("element", item, where: nil, [upsert(collection, .name("element"))])] : [upsert(collection, item)]
    }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard case .model(let modelName) = elementType, let model = kit.spec.model(named: modelName),
      case .parameter(let parameter, []) = value
    else { return [] }
    let modelType = SpecType.model(model.name)
    // The replacement has the id of `second` and differs in every other field that can differ.
    let idType = model.idField?.type ?? .scalar(.uuid)
    let replacement = kit.element(model, 5, overrides: ["id": kit.sample(idType, 2)], allFields: true)
    let added = kit.element(model, 3)
    /// The collection holding these elements (declared constants), as the target's type writes it.
    func collection(_ names: [String]) -> Expression {
      intoDictionary
        ? .dictionary(names.map { DictionaryEntry(key: Expression.name($0).dot("id"), value: .name($0)) })
        : .array(names.map { .name($0) })
    }
    let type = SpecType.model(model.name)
    let setup = [
      kit.newState(), kit.constant("first", kit.types.expression(kit.element(model, 1), type: type)),
      kit.constant("second", kit.types.expression(kit.element(model, 2), type: type)),
      .assignment(target, collection(["first", "second"])),
    ]
    let replacing = kit.constant("replacement", kit.types.expression(replacement, type: modelType))
    let adding = kit.constant("added", kit.types.expression(added, type: modelType))
    let what = intoDictionary ? "entry of \(self.target.text) under the same id" : "element of \(self.target.text) with the same id"
    if many {
      let (lets, arguments) = kit.arguments(action, [parameter: .array([.name("replacement"), .name("added")])])
      return [
        context.test(
          "\(action.name) replaces the \(what) and adds the new ones, for each element of \(parameter)",
          "\(action.name)UpsertsEach",
          setup + [replacing, adding] + lets + [
            kit.reduce(action.name, arguments),
            kit.expect(target, .equal, collection(["first", "replacement", "added"])),
          ])
      ]
    }
    let (lets, arguments) = kit.arguments(action, [parameter: .name("replacement")])
    let (newLets, newArguments) = kit.arguments(action, [parameter: .name("added")])
    return [
      context.test(
        "\(action.name) replaces the \(what)", "\(action.name)ReplacesSameID",
        setup + [replacing] + lets
          + [kit.reduce(action.name, arguments), kit.expect(target, .equal, collection(["first", "replacement"]))]),
      context.test(
        "\(action.name) adds an element with a new id to \(self.target.text)", "\(action.name)AppendsNewID",
        setup + [adding] + newLets + [
          kit.reduce(action.name, newArguments), kit.expect(target, .equal, collection(["first", "second", "added"])),
        ]),
    ]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    // Appending where the element's id is taken adds nothing: a near miss of replacing it.
    guard !intoDictionary else { return [("drop", nil)] }
    return [("append", AppendOperation(target: target, value: value, many: many))]
  }
}
