/// `remove LIST[id]` removes the element with that id; `remove LIST where CONDITION` the elements
/// the condition holds for (`remove todos where isCompleted`); `remove DICTIONARY[key]` the entry;
/// `remove LIST at OFFSETS [in RESULT]` the elements at the offsets (an `IndexSet` parameter, as
/// SwiftUI's `onDelete` gives it) of the list, or of a filter's result over it, matched by id.
struct RemoveOperation: ReduceOperationKind, Equatable {
  enum Selector: Equatable {
    /// The elements whose id equals the operand.
    case id(Operand)
    /// The dictionary entry under the operand.
    case key(Operand)
    /// The elements of a list of models the condition holds for, as a filter's case says it.
    case matching(Predicate)
    /// Every element equal to the operand, in a list whose elements have no `id`
    /// (`remove tags[tag]`).
    case value(Operand)
    /// The elements at the offsets, an `IndexSet` parameter, of the list or of `view`, the
    /// result of a filter over it.
    case offsets(String, view: String?)
  }

  static let words = ["remove"]
  static let meanings = ["delete": "remove", "drop": "remove", "erase": "remove"]
  /// The list or dictionary itself (the path without its last `[...]`).
  var target: StatePath
  var selector: Selector
  /// What a `where` reads besides the element: `WhereReads`.
  var reads = WhereReads()

  static func parse(_ word: String, _ parser: inout ReduceParser) -> RemoveOperation? {
    guard let (path, offset) = parser.targetPath(stopsAtValue: true) else { return nil }
    // The path stopped before `[`: a list of plain values (or of models without an id).
    if let element = path.type.elementType, parser.tokens.peek.kind == .symbol("[") {
      // `remove tags[offsets]` with an IndexSet: positions, which `at` reads.
      if case .identifier(let name) = parser.tokens.peekSecond.kind,
        parser.action.payload.contains(where: { $0.name == name && $0.type == .indexSet })
      {
        return parser.fail(.offsetsInBrackets(path.text, offsets: name), parser.tokens.peekSecond.offset)
      }
      guard let value = parser.bracketedValue(of: element) else { return nil }
      return RemoveOperation(target: path, selector: .value(value))
    }
    if case .array(let element) = path.type, !path.endsInElement, parser.tokens.peek.kind == .identifier("where") {
      let whereOffset = parser.tokens.next().offset
      guard case .model(let name) = element, let model = parser.models[name] else {
        return parser.fail(.conditionNeedsFields(path.text, type: element.swiftName), whereOffset)
      }
      guard let predicate = parser.condition(over: model) else { return nil }
      return RemoveOperation(target: path, selector: .matching(predicate), reads: WhereReads(predicate, over: model))
    }
    if case .array = path.type, !path.endsInElement, parser.tokens.takeWord("at") {
      guard let offsets = parser.offsetsParameter() else { return nil }
      var view: String?
      if parser.tokens.takeWord("in") {
        guard let result = parser.filterResult(over: path) else { return nil }
        view = result
      }
      return RemoveOperation(target: path, selector: .offsets(offsets, view: view))
    }
    var container = path
    let selector: Selector
    switch path.steps.last {
    case .key(let key)?:
      // The path now ends at the dictionary itself.
      if let containerType = parser.containerType { container.type = containerType }
      selector = .key(key)
    case .element(let id)?:
      container.type = .array(path.type)
      selector = .id(id)
    default:
      return parser.fail(.elementPathNeedsID(path.text), offset)
    }
    container.steps.removeLast()
    container.defaultValue = nil
    container.text = path.listText
    return RemoveOperation(target: container, selector: selector)
  }

  var description: String {
    switch selector {
    case .id(let operand), .key(let operand), .value(let operand): "remove \(target.text)[\(operand.text)]"
    case .matching(let predicate): "remove \(target.text) where \(SpecMutator.describe(predicate))"
    case .offsets(let offsets, let view): "remove \(target.text) at \(offsets)" + (view.map { " in \($0)" } ?? "")
    }
  }

  var path: StatePath? { target }
  func keepsElements(of list: String) -> Bool { target.steps == [.field(list)] }
  var operands: [Operand] {
    switch selector {
    case .id(let operand), .key(let operand), .value(let operand): [operand]
    case .matching: reads.parameters.map { .parameter($0, fields: []) }
    case .offsets(let offsets, _): [.parameter(offsets, fields: [])]
    }
  }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    switch selector {
    case .id(let id):
      return reducer.at(target, state) {
        [.expression($0.dot("remove").call([Argument("id", reducer.operand(id, type: .scalar(.uuid)))]))]
      }
    case .key(let key):
      return reducer.at(target, state) {
        [.expression($0.dot("removeValue").call([Argument("forKey", reducer.operand(key, type: .scalar(.string)))]))]
      }
    case .value(let value):
      return reducer.at(target, state) {
        let element = target.type.elementType ?? target.type
        let closure = Closure(parameters: [], body: .binary(.name("$0"), .equal, reducer.operand(value, type: element)))
        return [.expression(.call($0.dot("removeAll"), [], trailingClosure: closure))]
      }
    case .matching(let predicate):
      // The state fields the condition reads are read before the list changes, into locals:
      // the closure can't read the state while `removeAll` changes it.
      let (locals, condition) = reads.hoisted(predicate, reducer, state: state)
      let removes = reducer.at(target, state) {
        [
          .expression(
            .call(
              $0.dot("removeAll"), [],
              trailingClosure: Closure(
                parameters: reads.readsElement ? [] : ["_"],
                body: PredicateTranslator(types: reducer.types, element: .name("$0"), root: reads.root(on: .name("$0"))).expression(
                  condition))))
        ]
      }
      return locals.isEmpty ? removes : [.doBlock(locals + removes)]
    case .offsets(let offsets, let view):
      return reducer.at(target, state) {
        var arguments = [Argument("atOffsets", reducer.operand(.parameter(offsets, fields: []), type: .indexSet))]
        // The result is read before the list changes: the offsets are positions in it.
        if let view { arguments.append(Argument("of", state.dot(view))) }
        return [.expression($0.dot("removeElements").call(arguments))]
      }
    }
  }

  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    switch selector {
    case .id(let id): elementTests(id, &context)
    case .key(let key): entryTests(key, &context)
    case .matching(let predicate): matchingTests(predicate, &context)
    case .value(let value): valueTests(value, &context)
    case .offsets(let offsets, nil): offsetsTests(offsets, &context)
    case .offsets(let offsets, let view?): viewTests(offsets, view, &context)
    }
  }

  /// Every element equal to the value goes, the other stays.
  private func valueTests(_ value: Operand, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard let element = target.type.elementType, let items = kit.elements(2, of: target) else { return [] }
    var chosen: [String: Expression] = [:]
    let list = [items.names[0], items.names[1], items.names[0]]
    switch value {
    case .parameter(let name, []): chosen[name] = items.names[0]
    case .parameter, .eachElement, .arithmetic, .expression: return []
    case .literal(let literal):
      // The literal value twice, with another value between.
      let other = kit.sample(differentFrom: literal, element, 1)
      guard other != literal else { return [] }
      let written = kit.types.expression(literal, type: element)
      let body = kit.listChange(
        action, context.target, setup: [kit.sampleConstant("other", other, type: element)],
        before: [written, .name("other"), written], after: [.name("other")])
      return [
        context.test(
          "\(action.name) removes every \(value.text) from \(target.text)",
          "\(action.name)RemovesValueFrom\(target.text.identifierWords)", body)
      ]
    }
    let body = kit.listChange(
      action, context.target, setup: items.setup, before: list, chosen: chosen, after: [items.names[1]])
    return [
      context.test(
        "\(action.name) removes every element of \(target.text) equal to the value",
        "\(action.name)RemovesValueFrom\(target.text.identifierWords)", body)
    ]
  }

  /// Of three elements, the first and the last go.
  private func offsetsTests(_ offsets: String, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard let items = kit.elements(of: target) else { return [] }
    let chosen = [offsets: kit.types.expression(.array([.int(0), .int(2)]), type: .indexSet)]
    let body = kit.listChange(
      action, context.target, setup: items.setup, before: items.names, chosen: chosen, after: [items.names[1]])
    return [
      context.test(
        "\(action.name) removes elements of \(target.text) at the offsets",
        "\(action.name)RemovesAtOffsetsOf\(target.text.identifierWords)", body)
    ]
  }

  /// With a case selected that hides the first element, offset 0 of the result is the second
  /// element of the list: it goes, the hidden one stays.
  private func viewTests(_ offsets: String, _ view: String, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard
      let frame = kit.viewFrame(
        view, in: action, { model, shown, hidden in [kit.element(model, 1, overrides: hidden), kit.element(model, 2, overrides: shown)] })
    else {
      // No case both shows and hides an element: examples cover it.
      return []
    }
    let type = SpecType.model(frame.model.name)
    let chosen = [offsets: kit.types.expression(.array([.int(0)]), type: .indexSet)]
    let constants = zip(["hidden", "shown"], frame.elements).map { kit.constant($0, kit.types.expression($1, type: type)) }
    let body = kit.listChange(
      action, context.target, setup: frame.select + constants, before: [.name("hidden"), .name("shown")],
      chosen: chosen, after: [.name("hidden")])
    return [
      context.test(
        "\(action.name) removes elements of \(target.text) at offsets of \(view)",
        "\(action.name)RemovesAtOffsetsOf\(view.uppercasingFirst)", body)
    ]
  }

  /// An element the condition holds for goes, one it doesn't hold for stays.
  private func matchingTests(_ predicate: Predicate, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    guard let model = kit.model(of: target),
      let (matching, other, stateSetup, chosen) = kit.whereWitnesses(
        predicate, over: model, reads: reads, in: action, list: target.root)
    else { return [] }
    // Without an element on either side the test could not fail: examples cover such a condition.
    guard matching != nil || other != nil else { return [] }
    let type = SpecType.model(model.name)
    var setup: [Statement] = stateSetup
    var listed: [Expression] = []
    var kept: [Expression] = []
    for (number, (name, fields)) in [("matching", matching), ("other", other)].enumerated() {
      guard let fields else { continue }
      setup.append(kit.constant(name, kit.types.expression(kit.element(model, number + 1, overrides: fields), type: type)))
      listed.append(.name(name))
      if name == "other" { kept.append(.name(name)) }
    }
    let body = kit.listChange(action, context.target, setup: setup, before: listed, chosen: chosen, after: kept)
    return [
      context.test(
        "\(action.name) removes the elements of \(target.text) where \(SpecMutator.describe(predicate))",
        "\(action.name)RemovesMatching\(target.text.identifierWords)", body)
    ]
  }

  /// The matching element goes, the other stays; an unknown id removes nothing.
  private func elementTests(_ id: Operand, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard let model = kit.model(of: self.target), case .parameter(let parameter, let fields) = id else { return [] }
    let setup = kit.twoElements(model, in: target)
    // `remove books[book.id]` with a `book: Book`: the first element itself is the argument.
    let isElement =
      fields.count == 1 && fields[0] == model.idField?.name
      && action.payload.first { $0.name == parameter }?.type == .model(model.name)
    guard fields.isEmpty || isElement else { return [] }
    let (lets, arguments) = kit.arguments(action, [parameter: isElement ? .name("first") : .name("first").dot("id")])
    let removes =
      setup + lets + [kit.reduce(action.name, arguments), kit.expect(target, .equal, .array([.name("second")]))]
    guard fields.isEmpty else {
      return [
        context.test(
          "\(action.name) removes only the matching element of \(self.target.text)", "\(action.name)RemovesMatching",
          removes)
      ]
    }
    let (unknownLets, unknownArguments) = kit.arguments(action, [parameter: kit.unknownID(model)])
    let ignores =
      setup + unknownLets
      + [
        kit.reduce(action.name, unknownArguments),
        kit.expect(target, .equal, .array([.name("first"), .name("second")])),
      ]
    var tests = [
      context.test(
        "\(action.name) removes only the matching element of \(self.target.text)", "\(action.name)RemovesMatching",
        removes)
    ]
    if kit.changesOnlyThrough(action) {
      tests.append(
        context.test("\(action.name) ignores an id that matches nothing", "\(action.name)IgnoresUnknownID", ignores))
    }
    return tests
  }

  /// The entry under the key goes, another stays.
  private func entryTests(_ key: Operand, _ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let target = context.target
    guard case .dictionary(let keyType, let valueType) = self.target.type, case .parameter(let parameter, []) = key
    else { return [] }
    let keyValue = kit.types.expression(kit.sample(keyType, 1), type: keyType)
    let value = kit.types.expression(kit.sample(valueType, 1), type: valueType)
    var entries = [DictionaryEntry(key: keyValue, value: value)]
    // Another entry stays, when the key type has a second value (a one-case enum has not).
    if kit.sample(keyType, 2) != kit.sample(keyType, 1) {
      entries.append(DictionaryEntry(key: kit.types.expression(kit.sample(keyType, 2), type: keyType), value: value))
    }
    let (lets, arguments) = kit.arguments(action, [parameter: keyValue])
    let body =
      [kit.newState(), .assignment(target, .dictionary(entries))] + lets
      + [
        kit.reduce(action.name, arguments),
        kit.expect(.subscripted(target, kit.argument(parameter)), .equal, .literal(.nilLiteral)),
        kit.expect(target.dot("count"), .equal, .literal(.int(entries.count - 1))),
      ]
    return [
      context.test(
        "\(action.name) removes the entry of \(self.target.text)",
        "\(action.name)RemovesEntryOf\(self.target.text.identifierWords)", body)
    ]
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    var mutants: [(kind: String, replacement: (any ReduceOperationKind)?)] = [
      ("drop", nil), ("clear", ClearOperation(target: target)),
    ]
    if case .matching(let predicate) = selector {
      mutants.append(("negate", RemoveOperation(target: target, selector: .matching(.not(predicate)), reads: reads)))
    }
    if case .offsets(let offsets, _?) = selector {
      mutants.append(("whole-list", RemoveOperation(target: target, selector: .offsets(offsets, view: nil))))
    }
    return mutants
  }
}
