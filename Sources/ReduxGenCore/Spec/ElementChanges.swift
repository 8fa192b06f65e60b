/// Which elements of a list an action changes in place: what the generated `changedElements`
/// reports, so that a `ViewStore` tells only those elements' rows.
package struct ElementChange: Sendable, Equatable {
  /// The list field, by declaration order.
  package var field: Int
  /// The payload values that are the changed elements' ids (`id`, `task.id`).
  package var ids: [Operand]
}

/// A near miss of an element report, for the mutation harness.
package enum ElementReportMutant: Sendable, Equatable {
  /// The report names no element although the action changes one.
  case dropsIDs
  /// The report says the list changes in place although the action removes or replaces an
  /// element by id.
  case claimsInPlace
}

extension Spec {
  /// The list of models with an `id` that `action` changes only in place, element by element,
  /// with the ids taken from its payload: every write to that field is to a field other than
  /// `id` of `LIST[ID]`, where ID is a non-optional payload parameter (or its `id`). Nil when
  /// no list field is changed that way.
  package func elementChange(by action: Action) -> ElementChange? {
    // What `changedStateFields` is nil for (a custom reducer), without making the list.
    guard !action.reduce.contains(where: \.isCustom) else { return nil }
    let writes = Self.writes(of: action.reduce)
    // The fields written, in order, each once: looked up by name, not searched for (a search
    // of the state per action made generation quadratic in the spec's size).
    var fieldNames: [String] = []
    for write in writes {
      if case .field(let name)? = write.path.steps.first, !fieldNames.contains(name) { fieldNames.append(name) }
    }
    for name in fieldNames {
      guard let index = stateFieldIndex(named: name) else { continue }
      let field = state[index]
      guard case .array(.model(let element)) = field.type, model(named: element)?.idField != nil,
        action.status?.field != field.name
      else { continue }
      let onField = writes.filter { $0.path.steps.first == .field(field.name) }
      var ids: [Operand] = []
      var inPlace = true
      for (path, isUpdate) in onField {
        guard let id = elementID(of: path, in: action, isUpdate: isUpdate) else {
          inPlace = false
          break
        }
        if !ids.contains(id) { ids.append(id) }
      }
      if inPlace { return ElementChange(field: index, ids: action.elementReportMutant == .dropsIDs ? [] : ids) }
      // The near miss: a payload parameter of the id's type taken for the one element changed.
      if action.elementReportMutant == .claimsInPlace, let id = model(named: element)?.idField,
        let parameter = action.payload.first(where: { $0.type == id.type })
      {
        return ElementChange(field: index, ids: [.parameter(parameter.name, fields: [])])
      }
    }
    return nil
  }

  /// Every path the operations write, and whether an `update` writes it (which assigns fields of
  /// the element it ends at, never its id), through conditions.
  private static func writes(of operations: [ReduceOperation]) -> [(path: StatePath, isUpdate: Bool)] {
    operations.flatMap { operation -> [(path: StatePath, isUpdate: Bool)] in
      if let condition = operation.kind as? ConditionalOperation {
        return writes(of: condition.then) + writes(of: condition.otherwise)
      }
      return operation.kind.paths.map { ($0, operation.kind is UpdateOperation) }
    }
  }

  /// The payload operand naming the one element `path` writes inside of (or, for an `update`,
  /// at), when it is usable as an id.
  private func elementID(of path: StatePath, in action: Action, isUpdate: Bool) -> Operand? {
    guard path.steps.count >= 2, case .element(let operand) = path.steps[1] else { return nil }
    if path.steps.count == 2 {
      guard isUpdate else { return nil }
    } else {
      guard case .field(let name) = path.steps[2], name != "id" else { return nil }
    }
    guard case .parameter(let name, let fields) = operand,
      let parameter = action.payload.first(where: { $0.name == name })
    else { return nil }
    switch (parameter.type, fields) {
    case (.optional, _): return nil
    case (_, []): return operand
    case (.model(let model), ["id"]) where self.model(named: model)?.idField?.type.isOptional == false: return operand
    default: return nil
    }
  }
}
