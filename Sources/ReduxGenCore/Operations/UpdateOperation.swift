/// `update LIST[id]`: assigns each payload parameter (but the id) to the element's field of the
/// same name.
struct UpdateOperation: ReduceOperationKind, Equatable {
  static let words = ["update"]
  /// Ends at the element.
  var target: StatePath
  var assignments: [Assignment]

  static func parse(_ word: String, _ parser: inout ReduceParser) -> UpdateOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    guard case .element? = path.steps.last, case .model(let name) = path.type, let model = parser.models[name] else {
      return parser.fail(.elementPathNeedsID(path.text), offset)
    }
    let idParameters = Set(
      path.steps.compactMap { step -> String? in
        if case .element(.parameter(let parameter, _)) = step { return parameter }
        if case .key(.parameter(let parameter, _)) = step { return parameter }
        return nil
      })
    var assignments: [Assignment] = []
    for parameter in parser.action.payload where !idParameters.contains(parameter.name) {
      guard let field = model.fields.first(where: { $0.name == parameter.name }) else {
        return parser.fail(model.unknownField(parameter.name), offset)
      }
      guard parser.fits(parameter.type, into: field.type) else {
        return parser.fail(
          .typeMismatch(
            expected: field.type.swiftName, found: parameter.type.swiftName, what: .parameter(parameter.name)),
          offset)
      }
      if field.name == "id" { return parser.fail(.elementIDChanged(list: path.listText), offset) }
      assignments.append(Assignment(field: field.name, parameter: parameter.name))
    }
    guard !assignments.isEmpty else { return parser.fail(.needsValue(operation: word, action: parser.action.name), offset) }
    return UpdateOperation(target: path, assignments: assignments)
  }

  var description: String {
    "update \(target.text) (\(assignments.map { "\($0.field) = \($0.parameter)" }.joined(separator: ", ")))"
  }

  var path: StatePath? { target }
  var operands: [Operand] { assignments.map { .parameter($0.parameter, fields: []) } }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { element in
      assignments.map { .assignment(element.dot($0.field), .name($0.parameter)) }
    }
  }

  func inPlaceChange(_ context: inout InPlaceTestContext) -> InPlaceChange? {
    guard !context.isEntry else { return nil }
    // Each assigned field gets a value unlike the element's own.
    for (position, assignment) in assignments.enumerated() {
      guard let field = context.action.payload.first(where: { $0.name == assignment.parameter }) else { continue }
      context.chosen[assignment.parameter] = context.kit.types.expression(
        context.kit.sample(field.type, 11 + position), type: field.type)
    }
    return InPlaceChange(verb: "updates", expected: .literal(.nilLiteral), assignments: assignments)
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [("drop", nil)]
    if assignments.count > 1 {
      for (index, assignment) in assignments.enumerated() {
        var fewer = assignments
        fewer.remove(at: index)
        mutants.append(("without-\(assignment.field)", UpdateOperation(target: target, assignments: fewer)))
      }
    }
    return mutants
  }
}
