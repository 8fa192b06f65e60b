/// Derived values (`derived:` in a spec): the State's read-only property for each, and the
/// derived test that pins it. Change tracking reads `DerivedValue.inputs`.
struct DerivedTranslator {
  let types: TypeTranslator
  let access: AccessModifier?

  /// The type of the state field `name`, or of the field a path inside one names (`shelf.entities`).
  func stateType(_ name: String) -> SpecType? {
    types.spec.stateType(path: name)
  }

  /// A state field, or a path inside one (`shelf.entities`), read on `base` (nil: the state
  /// itself, inside its own property).
  func read(_ path: String, on base: Expression?) -> Expression {
    let names = path.split(separator: ".").map(String.init)
    let start = base.map { $0.dot(names[0]) } ?? .name(names[0])
    return names.dropFirst().reduce(start) { $0.dot($1) }
  }

  /// `public var remaining: Int { tasks.count(where: { !$0.isCompleted }) }`; for a value
  /// with a parameter, `public func product(id: Int) -> Product? { products[id: id] }`.
  func property(_ value: DerivedValue) -> Declaration {
    // `func isSelected(id: Int) -> Bool { selectedID == id }`: a selector of any expression.
    if !value.parameters.isEmpty {
      let names = value.parameters.map(\.name).joined(separator: ", ")
      return .function(
        FunctionDeclaration(
          doc: "`\(value.name)(\(names))`, derived from `\(value.inputs.joined(separator: "` and `"))`.", access: access,
          kind: .function(value.name),
          parameters: value.parameters.map { Parameter(name: $0.name, type: types.typeName($0.type)) },
          returnType: types.typeName(value.type), body: [.returnStatement(expression(value, over: nil))]))
    }
    if let (parameter, parameterType) = types.spec.parameter(of: value) {
      return .function(
        FunctionDeclaration(
          doc: "`\(value.name)(\(parameter))`, derived from `\(value.list)`.", access: access, kind: .function(value.name),
          parameters: [Parameter(name: parameter, type: types.typeName(parameterType))],
          returnType: types.typeName(value.type), body: [.returnStatement(expression(value, over: nil))]))
    }
    // Elements looked up by many keys are a plain array, as a filter's result is: the keys may
    // name one element twice.
    let type: TypeName =
      if case .lookupMany = value.kind, let element = value.type.elementType {
        .array(types.typeName(element))
      } else {
        types.typeName(value.type)
      }
    return .variable(
      VariableDeclaration(
        doc: "`\(value.name)`, derived from `\(value.inputs.joined(separator: "` and `"))`.", access: access,
        name: value.name, type: type, getter: [.returnStatement(expression(value, over: nil))]))
  }

  /// The value computed over the state `base` (nil: the state itself, inside its own property),
  /// with a lookup's fallback (`quantities[id] ?? 0`).
  func expression(_ value: DerivedValue, over base: Expression?) -> Expression {
    let computed = computedExpression(value, over: base)
    guard let fallback = value.fallback else { return computed }
    return .binary(computed, .nilCoalescing, types.expression(fallback, type: value.type))
  }

  private func computedExpression(_ value: DerivedValue, over base: Expression?) -> Expression {
    let collection = read(value.list, on: base)
    // A dictionary's values (`byId.values.count(where:)`); its own count and isEmpty.
    let isDictionary = types.spec.listType(value.list)?.dictionaryKey != nil
    let list = isDictionary ? collection.dot("values") : collection
    let element = types.spec.derivedElementType(value.list).flatMap { types.spec.fields(of: $0) }
    let model = Model(name: value.list, doc: nil, fields: element ?? [])
    /// The condition on `$0` (on `$0.value` where the entries themselves are read).
    func closure(_ predicate: Predicate, entries: Bool = false) -> Closure {
      let element: Expression = entries ? .name("$0").dot("value") : .name("$0")
      // `state.minimum` in a `where` reads this State (or the state the value is computed over).
      let root: (String) -> Expression = { name in
        Predicate.isStateRoot(name, over: model) ? base ?? .name("self") : element.dot(name)
      }
      return Closure(
        parameters: predicate.readsElement(over: model) ? [] : ["_"],
        body: PredicateTranslator(types: types, element: element, root: root).expression(predicate))
    }
    switch value.kind {
    case .count(nil):
      return collection.dot("count")
    case .count(let predicate?):
      return list.dot("count").call([Argument("where", .closure(closure(predicate)))])
    case .all(let predicate):
      return .call(list.dot("allSatisfy"), [], trailingClosure: closure(predicate))
    case .any(let predicate):
      return .call(list.dot("contains"), [], trailingClosure: closure(predicate))
    case .isEmpty:
      return collection.dot("isEmpty")
    case .sum(let field, let predicate):
      let elements = predicate.map { Expression.call(list.dot("filter"), [], trailingClosure: closure($0)) } ?? list
      return .call(
        elements.dot("reduce").call([Argument(nil, .literal(.int(0)))]), [],
        trailingClosure: Closure(body: .binary(.name("$0"), .plus, .name("$1").dot(field))))
    case .sumOfProducts(let field, let times, let predicate):
      let elements = predicate.map { Expression.call(list.dot("filter"), [], trailingClosure: closure($0)) } ?? list
      return .call(
        elements.dot("reduce").call([Argument(nil, .literal(.int(0)))]), [],
        trailingClosure: Closure(body: .binary(.name("$0"), .plus, product(.name("$1"), value, field, times))))
    case .sumWeighted(let field, let weights, let key, let predicate):
      // By each entry's key: the entries themselves (`$1.value.price * (weights[$1.key] ?? 0)`).
      let byEntry = types.spec.weighsByEntryKey(value.list, key)
      let summed = byEntry ? collection : list
      let elements =
        predicate.map { Expression.call(summed.dot("filter"), [], trailingClosure: closure($0, entries: byEntry)) } ?? summed
      let weightList = read(weights, on: base)
      let (element, keyValue): (Expression, Expression) =
        byEntry ? (.name("$1").dot("value"), .name("$1").dot("key")) : (.name("$1"), .name("$1").dot(key))
      return .call(
        elements.dot("reduce").call([Argument(nil, .literal(.int(0)))]), [],
        trailingClosure: Closure(
          body: .binary(.name("$0"), .plus, weighted(element, value, field, weightList, weights, keyValue))))
    case .lookup(let key):
      // A parameter is a name of the function; a state field is read from the state.
      let keyExpression = value.parameter == key ? .name(key) : read(key, on: base)
      guard value.parameter != key, stateType(key)?.isOptional == true else { return found(in: collection, value, keyExpression) }
      return .call(keyExpression.dot("flatMap"), [], trailingClosure: Closure(body: found(in: collection, value, .name("$0"))))
    case .arithmetic(let arithmetic, _):
      return ArithmeticTranslator(types: types).expression(arithmetic) { read($0, on: base) }
    case .expression(let predicate, _):
      // Its paths start at the state (`state.NAME`): inside the state's own property a field is
      // read bare, on `base` through it.
      // A selector's parameter is read bare, and the state's field it hides on `self`.
      let hidden = Set(value.parameters.map(\.name))
      let unqualified = predicate.mappingPaths { steps in
        guard steps.first == .field("state") else { return steps }
        if case .field(let name)? = steps.dropFirst().first, hidden.contains(name) { return [.field("self")] + steps.dropFirst() }
        return Array(steps.dropFirst())
      }
      return PredicateTranslator(types: types, element: base ?? .name("self")) { name in read(name, on: base) }
        .expression(unqualified)
    case .lookupMany(let keys):
      // `cartIDs.compactMap { products[id: $0] }`: the keys' elements in the keys' order.
      let keyList = read(keys, on: base)
      return .call(keyList.dot("compactMap"), [], trailingClosure: Closure(body: found(in: collection, value, .name("$0"))))
    }
  }

  /// `list[id: key]` for a list of models with an id, `list[key]` for a dictionary.
  private func found(in list: Expression, _ value: DerivedValue, _ key: Expression) -> Expression {
    stateType(value.list).flatMap { types.spec.lookupShape(of: $0) }?.byID == true
      ? .subscriptedByLabel(list, label: "id", key) : .subscripted(list, key)
  }
}

extension DerivedTranslator {
  /// `element.price * Double(element.quantity)`: an integer field converted where the product
  /// is a `Double`.
  func product(_ element: Expression, _ value: DerivedValue, _ field: String, _ times: String) -> Expression {
    func operand(_ name: String) -> Expression {
      let type = types.spec.derivedFieldType(value.list, name)
      return value.type == .scalar(.double) && type != .scalar(.double)
        ? Expression.name("Double").call([Argument(nil, element.dot(name))]) : element.dot(name)
    }
    return .binary(operand(field), .times, operand(times))
  }

  /// `element.price * Double(quantities[element.id] ?? 0)`: a field times its weight, each
  /// converted where the product is a `Double`.
  func weighted(
    _ element: Expression, _ value: DerivedValue, _ field: String, _ weightList: Expression, _ weights: String,
    _ key: Expression
  ) -> Expression {
    let fieldType = types.spec.derivedFieldType(value.list, field)
    let weightType = stateType(weights)?.dictionaryValue
    func converted(_ expression: Expression, _ type: SpecType?) -> Expression {
      value.type == .scalar(.double) && type != .scalar(.double)
        ? Expression.name("Double").call([Argument(nil, expression)]) : expression
    }
    let weight = Expression.binary(.subscripted(weightList, key), .nilCoalescing, .literal(.int(0)))
    // `??` binds looser than `*`: the weight in parentheses unless converted.
    let weightOperand = converted(weight, weightType)
    return .binary(
      converted(element.dot(field), fieldType), .times, weightOperand == weight ? .parenthesized(weight) : weightOperand)
  }
}
