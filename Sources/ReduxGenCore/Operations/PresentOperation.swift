/// `present CHILD [with FIELD = VALUE, ...]`: a presented child feature (`children: { editing: {
/// presents: form.yaml } }`) shown with its default state, or with those fields of its state
/// given: a payload value, a field of the state (`present editing with syncUp = syncUp`, the
/// detail's sync-up in its form), or the element of a list of the state found by a payload id
/// (nothing presented when no element has it). TCA's `state.destination = .edit(Form.State(syncUp:
/// state.syncUp))`, without a view making the child's state.
struct PresentOperation: ReduceOperationKind, Equatable {
  static let words = ["present"]
  var target: StatePath
  /// The child's state type (`SyncUpFormState`).
  var stateType: String
  /// `with FIELD = VALUE`: fields of the child's state, in the child's field order.
  var given: [(field: String, value: PushOperation.Given)] = []

  static func == (lhs: PresentOperation, rhs: PresentOperation) -> Bool {
    lhs.target == rhs.target && lhs.stateType == rhs.stateType
      && lhs.given.elementsEqual(rhs.given) { $0.field == $1.field && $0.value == $1.value }
  }

  static func parse(_ word: String, _ parser: inout ReduceParser) -> PresentOperation? {
    let token = parser.tokens.next()
    guard case .identifier(let name) = token.kind else {
      return parser.fail(.expectedToken(.stateField, found: token.described), token.offset)
    }
    guard let field = parser.state[name] else {
      return parser.fail(
        .unknownField(name, context: .theState, suggestion: closestMatch(to: name, in: parser.stateFields.map(\.name))), token.offset)
    }
    guard let child = parser.presented[name] else {
      return parser.fail(.notPresented(name, type: field.type.swiftName), token.offset)
    }
    let target = StatePath(steps: [.field(name)], type: field.type, defaultValue: field.defaultValue, text: name)
    var operation = PresentOperation(target: target, stateType: child.spec.stateTypeName)
    if parser.tokens.takeWord("with") {
      guard let given = PushOperation.parseGiven(child.spec, &parser) else { return nil }
      operation.given = given
    }
    return operation
  }

  var description: String {
    "present \(target.text)"
      + (given.isEmpty ? "" : " with " + PushOperation.givenText(given))
  }

  var path: StatePath? { target }

  var operands: [Operand] { PushOperation.operands(of: given) }

  /// The element a `with` looks up, if any: the child is presented only when found.
  var lookedUp: (list: String, key: String)? { PushOperation.lookedUp(in: given) }

  func statements(_ reducer: ReduceTranslator, state: Expression) -> [Statement] {
    reducer.at(target, state) { field in
      let presented = Statement.assignment(
        field,
        PushOperation.givenState(
          stateType, given, types: reducer.types, parameter: { .name($0) }, found: .name("found"), state: state))
      guard let (list, key) = lookedUp else { return [presented] }
      // Nothing presented when no element has the id (it was removed while the action was on its way).
      return [.ifLet("found", .subscriptedByLabel(state.dot(list), label: "id", .name(key)), [presented], else: nil)]
    }
  }

  /// The child holds what it is given (the payload's values, the state's, the element found);
  /// with a lookup, an id no element has presents nothing.
  func fieldTests(_ context: inout OperationTestContext) -> [Declaration] {
    let kit = context.kit
    let action = context.action
    let (lets, arguments) = kit.arguments(action, [:])
    var setUp = [kit.newState()] + lets
    let found: Expression = .name("found")
    if let lookedUp {
      guard let lookup = PushOperation.lookupSetUp(lookedUp, action, kit) else { return [] }
      setUp += lookup
    }
    setUp += PushOperation.givenStateSamples(given, kit)
    // The state the child is given is read before the action (the action may change it).
    let leaves = PushOperation.leaves(of: given)
    if leaves.contains(where: { !PushOperation.stateRead(by: $0.value).isEmpty }),
      !PushOperation.readChangedElsewhere(given, action: action, operation: self, spec: kit.spec)
    {
      setUp.append(kit.constant("before", .name("state")))
    }
    // Each field given, one by one: a default of another field may be made fresh (a UUID).
    let before = Expression.name("before")
    // A field another operation of the action may write: what the child got depends on the
    // operations' order, left to examples.
    let readElsewhere = PushOperation.readChangedElsewhere(given, action: action, operation: self, spec: kit.spec)
    let checks = leaves.compactMap { path, value -> Statement? in
      let expected: Expression
      switch value {
      case .parameter(let name, let fields): expected = fields.reduce(kit.argument(name)) { $0.dot($1) }
      case .state(let name, let fields):
        guard !readElsewhere else { return nil }
        expected = fields.reduce(before.dot(name)) { $0.dot($1) }
      case .element: expected = found
      case .expression(let predicate):
        // Read from the state before the action, as the reducer read it.
        guard !readElsewhere else { return nil }
        expected = PredicateTranslator(
          types: kit.types, element: before, root: { $0 == "state" ? before : kit.argument($0) }
        ).expression(predicate)
      case .built, .builtList: return nil
      }
      return kit.expect(PushOperation.Step.expression(path, from: .optionalChain(context.target)), .equal, expected)
    }
    var tests = [
      context.test(
        given.isEmpty
          ? "\(action.name) presents \(target.text)" : "\(action.name) presents \(target.text) holding what it is given",
        "\(action.name)Presents\(target.text.identifierWords)" + (given.isEmpty ? "" : "Given"),
        setUp + [kit.reduce(action.name, arguments), kit.expect(context.target, .notEqual, .literal(.nilLiteral))] + checks)
    ]
    if let (list, _) = lookedUp {
      tests.append(
        context.test(
          "\(action.name) presents nothing for an id \(list) doesn't hold",
          "\(action.name)PresentsNothingForAMissing\(list.uppercasingFirst)",
          [kit.newState()] + lets + [
            kit.reduce(action.name, arguments), kit.expect(context.target, .equal, .literal(.nilLiteral)),
          ]))
    }
    return tests
  }

  func mutants(_ context: MutationContext) -> [(kind: String, replacement: (any ReduceOperationKind)?)] {
    // Each field given left out: the child takes that field's default.
    [("drop", nil)]
      + given.indices.map { index in
        var without = self
        without.given.remove(at: index)
        return ("without-\(given[index].field)", without)
      }
  }
}
