/// `sort LIST by KEY, -KEY`: sorts a list of models in place by fields of its elements (`-` for
/// descending), as a filter's `sort` orders its result; `sort LIST [descending]` sorts a list of
/// numbers, text, dates, Bool or enum values. Ties keep their order (ReduxRuntime's `sortStably`).
struct SortOperation: ReduceOperationKind, Equatable {
  static let words = ["sort"]
  static let meanings = ["order": "sort", "arrange": "sort", "sorted": "sort"]
  var target: StatePath
  /// For a list of plain values, one key named `self`.
  var keys: [SortKey]

  static func parse(_ word: String, _ parser: inout ReduceParser) -> SortOperation? {
    guard let (path, offset) = parser.targetPath() else { return nil }
    guard case .array(let element) = path.type, !path.endsInElement else {
      return parser.fail(.notCollection(path.text, type: path.type.swiftName), offset)
    }
    guard case .model(let modelName) = element, let model = parser.models[modelName] else {
      guard SortKey.isSortable(element, expressionModels: parser.models) else { return parser.fail(.notSortable(path.text, type: element.swiftName), offset) }
      let descending = parser.tokens.takeWord("descending")
      return SortOperation(target: path, keys: [SortKey(field: "self", type: element, descending: descending)])
    }
    guard parser.tokens.takeWord("by") else {
      return parser.fail(.expectedToken(.sortKeys, found: parser.tokens.peek.described), parser.tokens.peek.offset)
    }
    var keys: [SortKey] = []
    repeat {
      let descending = parser.tokens.take("-")
      let token = parser.tokens.next()
      guard case .identifier(let name) = token.kind else {
        return parser.fail(.expectedToken(.fieldName, found: token.described), token.offset)
      }
      guard let field = model.fields.first(where: { $0.name == name }) else {
        return parser.fail(model.unknownField(name), token.offset)
      }
      guard SortKey.isSortable(field.type, expressionModels: parser.models) else {
        return parser.fail(.notSortable(name, type: field.type.swiftName), token.offset)
      }
      keys.append(SortKey(field: name, type: field.type, descending: descending))
    } while parser.tokens.take(",")
    return SortOperation(target: path, keys: keys)
  }

  var description: String {
    if keys.first?.field == "self" { return "sort \(target.text)" + (keys[0].descending ? " descending" : "") }
    return "sort \(target.text) by " + keys.map { ($0.descending ? "-" : "") + $0.field }.joined(separator: ", ")
  }

  var path: StatePath? { target }
  func keepsElements(of list: String) -> Bool { target.steps == [.field(list)] }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) {
      [.expression($0.dot("sortStably").call([Argument("by", reducer.types.sortKeys(keys))]))]
    }
  }

  /// A list out of order on the first key, with two elements that tie: sorted, the tied pair
  /// keeps its order.
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard let first = keys.first, let element = target.type.elementType,
      let (low, high) = kit.orderedPair(first.type)
    else { return [] }
    let (before, after) = first.descending ? (high, low) : (low, high)
    // The first key decides: the element holding `after` comes last, ties keep their order.
    var values: [(name: String, value: Value)]
    if case .model(let modelName) = element, let model = kit.spec.model(named: modelName) {
      values = [("last", kit.element(model, 1, overrides: [first.field: after]))]
      // The tied pair ties on every key, so later keys keep it in order too.
      var tied = [first.field: before]
      for key in keys.dropFirst() where tied[key.field] == nil { tied[key.field] = kit.sample(key.type, 2) }
      values.append(("tie", kit.element(model, 2, overrides: tied)))
      // Ids differ: a key on the id leaves no tie.
      if !keys.contains(where: { $0.field == model.idField?.name }) {
        values.append(("tieToo", kit.element(model, 3, overrides: tied)))
      }
    } else {
      values = [("last", after), ("tie", before), ("tieToo", before)]
    }
    let names = values.map { Expression.name($0.name) }
    let body = kit.listChange(
      action, context.target, setup: values.map { kit.sampleConstant($0.name, $0.value, type: element) },
      before: names, after: Array(names.dropFirst()) + [names[0]])
    return [context.test("\(action.name) sorts \(target.text)", "\(action.name)Sorts\(target.text.identifierWords)", body)]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var flipped = self
    flipped.keys[0].descending.toggle()
    return [("drop", nil), ("flip-order", flipped)]
  }
}
