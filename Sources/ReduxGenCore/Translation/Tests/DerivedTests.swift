// Derived tests: each derived value pinned by states on both sides of its condition, a key found
// and one not, or the numbers its arithmetic reads.
extension DerivedTranslator {
  /// The derived test of a value: states on both sides of its condition (or with and without
  /// elements, or with the key found and not), and the value each must give.
  func test(_ value: DerivedValue, kit: TestTranslator, names: inout UniqueNames) -> Declaration? {
    let state = Expression.name("state")
    let list = read(value.list, on: state)
    let derived = state.dot(value.name)
    // A list a derived value written before gives, when it looks up many (`cartProducts:
    // products[cart.addedIds]`): its collection and its keys are filled instead.
    var through: (collection: String, keys: String, keyValues: [Expression]?)?
    if value.listReads != nil {
      guard let earlier = types.spec.derived.first(where: { $0.name == value.list }),
        case .lookupMany(let keys) = earlier.kind, let collectionType = stateType(earlier.list),
        types.spec.lookupShape(of: collectionType) != nil
      else { return nil }
      if case .dictionary(let keyType, _) = collectionType {
        guard let keyValues = Self.entryKeys(keyType, kit: kit) else { return nil }
        through = (earlier.list, keys, keyValues.map { types.expression($0, type: keyType) })
      } else {
        through = (earlier.list, keys, nil)
      }
    }
    guard let listType = through == nil ? stateType(value.list) : types.spec.listType(value.list) else { return nil }
    // A dictionary's values: each element under a key of its own, not its id (a value weighed by
    // the element's id, not the entry's key, finds no weight).
    var entryKeys: [Expression]?
    if case .dictionary(let keyType, _) = listType {
      guard let keys = Self.entryKeys(keyType, kit: kit) else { return nil }
      entryKeys = keys.map { types.expression($0, type: keyType) }
    }
    var body = [kit.newState()]
    /// The list made of these elements, in order.
    func assignList(_ elements: [Expression]) -> [Statement] {
      if let entryKeys {
        return [.assignment(list, .dictionary(zip(entryKeys, elements).map { DictionaryEntry(key: $0, value: $1) }))]
      }
      guard let through else { return [.assignment(list, .array(elements))] }
      let (collection, keys) = (read(through.collection, on: state), read(through.keys, on: state))
      guard let allKeys = through.keyValues else {
        // A list of models by id: the elements, and their ids as the keys.
        return [.assignment(collection, .array(elements)), .assignment(keys, .array(elements.map { $0.dot("id") }))]
      }
      let keyValues = Array(allKeys.prefix(elements.count))
      return [
        .assignment(collection, .dictionary(zip(keyValues, elements).map { DictionaryEntry(key: $0, value: $1) })),
        .assignment(keys, .array(keyValues)),
      ]
    }
    /// Declares sample elements (`overrides` per element) and puts them in the list, in order.
    func fill(_ elements: [(name: String, overrides: [String: Value])]) {
      let type = listType.elementType ?? listType.dictionaryValue ?? listType
      for (number, element) in elements.enumerated() {
        body.append(kit.sampleConstant(element.name, kit.sample(type, number + 1, overrides: element.overrides), type: type))
      }
      body += assignList(elements.map { .name($0.name) })
    }
    // A `where` that reads state fields: the state fields it reads hold one value for the
    // whole test, set before the elements (every search of one test must agree on it).
    var conditionState: [String: Value]?
    func witnesses(_ predicate: Predicate) -> (matching: [String: Value]?, other: [String: Value]?) {
      guard case .model(let modelName)? = listType.elementType ?? listType.dictionaryValue,
        let model = types.spec.model(named: modelName)
      else {
        return (nil, nil)
      }
      var settable: [String: SpecType] = [:]
      for field in types.spec.state where field.name != value.list && field.name != through?.collection && field.name != through?.keys {
        if case .sumWeighted(_, let weights, _, _) = value.kind, weights == field.name { continue }
        settable[field.name] = field.type
      }
      let (matching, other, state) = PredicateSearch(spec: types.spec, model: model).witnesses(
        predicate, settingState: settable)
      if let conditionState, conditionState != state { return (nil, nil) }
      conditionState = state
      return (matching, other)
    }
    let what: String
    switch value.kind {
    case .count(nil):
      fill([("first", [:]), ("second", [:])])
      body.append(kit.expect(derived, .equal, .literal(.int(2))))
      what = "counts the elements of \(value.list)"
    case .count(let predicate?):
      let (matching, other) = witnesses(predicate)
      guard let matching, let other else { return nil }
      // Two matching elements and one other: neither all three nor the one other make 2.
      // (Two elements with one id can't share a list: a condition on the id leaves one.)
      let pair = matching["id"] == nil
      fill([("matching", matching)] + (pair ? [("matchingToo", matching)] : []) + [("other", other)])
      body.append(kit.expect(derived, .equal, .literal(.int(pair ? 2 : 1))))
      what = "counts the elements of \(value.list) where \(SpecMutator.describe(predicate))"
    case .all(let predicate), .any(let predicate):
      let (matching, other) = witnesses(predicate)
      guard let matching, let other else { return nil }
      let isAll = if case .all = value.kind { true } else { false }
      fill([("matching", matching), ("other", other)])
      body.append(kit.expect(derived, .equal, .literal(.bool(!isAll))))
      // Only the matching element (all) or only the other one (any).
      body += assignList([.name(isAll ? "matching" : "other")])
      body.append(kit.expect(derived, .equal, .literal(.bool(isAll))))
      what = "says whether \(SpecMutator.describe(predicate)) holds for \(isAll ? "every" : "any") element of \(value.list)"
    case .isEmpty:
      // The list's default may hold elements: emptied first.
      body += assignList([])
      body.append(kit.expect(derived, .equal, .literal(.bool(true))))
      fill([("first", [:])])
      body.append(kit.expect(derived, .equal, .literal(.bool(false))))
      what = "says whether \(value.list) is empty"
    case .sum(let field, let predicate):
      let (low, high) = (kit.sample(value.type, 1), kit.sample(value.type, 2))
      if let predicate {
        let (matching, other) = witnesses(predicate)
        guard var matching, var other else { return nil }
        if matching[field] == nil { matching[field] = low }
        if other[field] == nil { other[field] = high }
        fill([("matching", matching), ("other", other)])
        body.append(kit.expect(derived, .equal, .name("matching").dot(field)))
        what = "adds up \(field) of the elements of \(value.list) where \(SpecMutator.describe(predicate))"
      } else {
        fill([("first", [field: low]), ("second", [field: high])])
        body.append(kit.expect(derived, .equal, .binary(.name("first").dot(field), .plus, .name("second").dot(field))))
        what = "adds up \(field) of the elements of \(value.list)"
      }
    case .sumOfProducts(let field, let times, let predicate):
      let (low, high) = (kit.sample(.scalar(.int), 2), kit.sample(.scalar(.int), 3))
      // Small whole numbers, of the field's type: a product of them is exact as a Double too.
      func sample(_ name: String, _ number: Value) -> Value {
        guard types.spec.derivedFieldType(value.list, name) == .scalar(.double), case .int(let whole) = number else {
          return number
        }
        return .double(Double(whole))
      }
      if let predicate {
        // The other element's product must not be 0, or summing it too would go unseen: its
        // fields are sought where the condition is false and both are above 0.
        let notPositive = { (name: String) -> Predicate in
          let type = types.spec.derivedFieldType(value.list, name) ?? .scalar(.int)
          // Written `0` as a spec would: the search compares numbers of either kind.
          return .compare(.path([.field(name)], type), .lessOrEqual, .literal(.int(0), type))
        }
        let (matching, _) = witnesses(predicate)
        let (_, other) = witnesses(.or(predicate, .or(notPositive(field), notPositive(times))))
        guard var matching, var other else { return nil }
        for name in [field, times] {
          if matching[name] == nil { matching[name] = sample(name, low) }
          if other[name] == nil { other[name] = sample(name, high) }
        }
        fill([("matching", matching), ("other", other)])
        body.append(kit.constant("expected", product(.name("matching"), value, field, times)))
        body.append(kit.expect(derived, .equal, .name("expected")))
        what = "adds up \(field) times \(times) of the elements of \(value.list) where \(SpecMutator.describe(predicate))"
      } else {
        // A field times itself takes one value.
        func values(_ first: Value, _ second: Value) -> [String: Value] {
          Dictionary([(field, sample(field, first)), (times, sample(times, second))]) { first, _ in first }
        }
        fill([("first", values(low, high)), ("second", values(high, .int(5)))])
        // One product a line: the whole sum could outgrow a line that can't be broken.
        body.append(kit.constant("firstProduct", product(.name("first"), value, field, times)))
        body.append(kit.constant("secondProduct", product(.name("second"), value, field, times)))
        body.append(kit.expect(derived, .equal, .binary(.name("firstProduct"), .plus, .name("secondProduct"))))
        what = "adds up \(field) times \(times) of the elements of \(value.list)"
      }
    case .sumWeighted(let field, let weights, let key, let predicate):
      // The first element weighs 3, the second 5 under a condition it fails, or nothing: an
      // unweighted sum, a weight of 1 or the other element's weight all give another total.
      let (fieldType, weightType) = (types.spec.derivedFieldType(value.list, field), stateType(weights)?.dictionaryValue)
      func number(_ whole: Int, _ type: SpecType?) -> Value { type == .scalar(.double) ? .double(Double(whole) + 0.5) : .int(whole) }
      var (first, second): ([String: Value], [String: Value]) = ([:], [:])
      if let predicate {
        let (matching, other) = witnesses(predicate)
        guard let matching, let other else { return nil }
        (first, second) = (matching, other)
        // A condition that fixes the summed field at 0 hides the weights: an element on the same
        // side whose field isn't 0, where the candidates hold one.
        if case .model(let modelName)? = listType.elementType ?? listType.dictionaryValue,
          let model = types.spec.model(named: modelName)
        {
          let search = PredicateSearch(spec: types.spec, model: model)
          let state = conditionState ?? [:]
          if first[field]?.isZero == true, let found = search.witness(predicate, holding: true, state: state, nonZero: field),
            found["id"] == nil || found["id"] != second["id"]
          {
            first = found
          }
          if second[field]?.isZero == true, let found = search.witness(predicate, holding: false, state: state, nonZero: field),
            found["id"] == nil || found["id"] != first["id"]
          {
            second = found
          }
        }
      }
      // Two keys, or the weights' literal would hold one twice and the second element would be
      // weighed too: a key the condition leaves free takes a sample the other key isn't (a
      // field's default would give both one key). Entries' keys differ already.
      let byEntry = types.spec.weighsByEntryKey(value.list, key)
      guard byEntry || distinctKeys(&first, &second, key: key, list: value.list, kit: kit) else { return nil }
      if first[field] == nil { first[field] = number(7, fieldType) }
      if second[field] == nil { second[field] = number(4, fieldType) }
      fill([("first", first), ("second", second)])
      let weighed = [number(3, weightType)] + (predicate == nil ? [] : [number(5, weightType)])
      // Each element's weight under its entry's key, or under its own `key` field.
      guard let weightKeys = byEntry ? entryKeys : ["first", "second"].map({ Expression.name($0).dot(key) }) else { return nil }
      body.append(
        .assignment(
          state.dot(weights),
          .dictionary(
            zip(weightKeys, weighed).map { key, weight in
              DictionaryEntry(key: key, value: types.expression(weight, type: weightType ?? .scalar(.int)))
            })))
      guard let firstValue = first[field], let total = Arithmetic<String>.apply(.times, firstValue, number(3, weightType), type: value.type)
      else { return nil }
      body.append(kit.expect(derived, .equal, types.expression(total, type: value.type)))
      what = "adds up \(field) times \(weights)[\(key)] of the elements of \(value.list)"
        + (predicate.map { " where \(SpecMutator.describe($0))" } ?? "")
    case .lookup(let key), .lookupMany(let key):
      guard let found = lookupTest(value, key: key, kit: kit, into: &body) else { return nil }
      what = found
    case .expression(let predicate, _):
      // Each state field it reads a distinct value, and each parameter of a selector; the value
      // computed here.
      let parameters = value.parameters.isEmpty ? nil : Action(name: value.name, doc: nil, payload: value.parameters, reduce: [])
      guard let sample = kit.expressionSample(predicate, in: parameters, others: []) else { return nil }
      body += kit.stateSetup(sample)
      var read = derived
      if !value.parameters.isEmpty {
        read = derived.call(
          value.parameters.enumerated().map { position, parameter in
            let given = sample.arguments[parameter.name] ?? kit.sample(parameter.type, position + 2)
            return Argument(parameter.name, types.expression(given, type: parameter.type))
          })
      }
      body.append(kit.expect(read, .equal, types.expression(sample.written, type: value.type)))
      // `state.NAME` as the value reads it: bare, but where a selector's parameter hides it.
      let hidden = Set(value.parameters.map(\.name))
      let described = predicate.mappingPaths { steps in
        guard steps.first == .field("state") else { return steps }
        if case .field(let name)? = steps.dropFirst().first, hidden.contains(name) { return steps }
        return Array(steps.dropFirst())
      }
      what = "computes \(SpecMutator.describe(described))"
    case .arithmetic(let arithmetic, _):
      guard let expected = ArithmeticSamples(types: types, kit: kit).expected(arithmetic, into: &body) else { return nil }
      body.append(kit.expect(derived, .equal, types.expression(expected, type: value.type)))
      what = "computes \(arithmetic.text { $0 })"
    }
    body.insert(contentsOf: kit.stateAssignments(conditionState ?? [:]), at: 1)
    return kit.test("\(value.name) \(what)", names.make("\(value.name)IsDerived"), kit.checkingKept(value.name, body))
  }

  /// Three keys of `keyType`, each its own, for a dictionary's entries in a test (which holds
  /// three elements at most); nil where the type has fewer (a Bool, a short enum). Drawn far
  /// from the samples elements take, so an entry's key isn't its element's id.
  static func entryKeys(_ keyType: SpecType, kit: TestTranslator) -> [Value]? {
    var keyValues: [Value] = []
    for number in 60..<72 where keyValues.count < 3 && !keyValues.contains(kit.sample(keyType, number)) {
      keyValues.append(kit.sample(keyType, number))
    }
    return keyValues.count == 3 ? keyValues : nil
  }

  /// Gives the two elements' `key` fields values that differ, where the overrides leave them
  /// free; false when they can't differ (a condition fixes both alike, an enum of one case).
  func distinctKeys(
    _ first: inout [String: Value], _ second: inout [String: Value], key: String, list: String, kit: TestTranslator
  ) -> Bool {
    guard let keyType = types.spec.derivedFieldType(list, key)?.unwrapped else { return false }
    if first[key] == nil {
      first[key] = (1...4).lazy.map { kit.sample(keyType, $0) }.first { $0 != second[key] }
    }
    if second[key] == nil {
      second[key] = (2...5).lazy.map { kit.sample(keyType, $0) }.first { $0 != first[key] }
    }
    guard let firstKey = first[key], let secondKey = second[key] else { return false }
    return firstKey != secondKey
  }

  /// The body of a lookup's derived test: the collection holds two samples; the key (a state
  /// field, the parameter, or each key of a list field) names one, then nothing. Returns what the
  /// test says it checks.
  private func lookupTest(_ value: DerivedValue, key: String, kit: TestTranslator, into body: inout [Statement])
    -> String?
  {
    let state = Expression.name("state")
    let list = read(value.list, on: state)
    guard let listType = stateType(value.list) else { return nil }
    let isParameter = value.parameter == key
    let isMany = if case .lookupMany = value.kind { true } else { false }
    guard let keyFieldType = isParameter ? types.spec.parameter(of: value)?.type : stateType(key) else { return nil }
    let keyType = isMany ? (keyFieldType.elementType ?? keyFieldType) : keyFieldType.unwrapped
    /// The value derived for `keyValue`: set into the key field, or passed as the argument.
    func derived(_ keyValue: Expression) -> Expression {
      guard isParameter else {
        body.append(.assignment(read(key, on: state), keyValue))
        return state.dot(value.name)
      }
      return state.dot(value.name).call([Argument(key, keyValue)])
    }
    // Distinct keys only: an enum of one case has one.
    var used: [Value] = []
    for number in [1, 2] where !used.contains(kit.sample(keyType, number)) { used.append(kit.sample(keyType, number)) }
    // (key, expected value) of each sample in the collection.
    var samples: [(key: Expression, value: Expression)] = []
    // A key that names nothing finds nothing (nil, or a value no sample took, when there is one).
    var unknownValue = (99..<103).map { kit.sample(keyType, $0) }.first { !used.contains($0) }
    switch listType {
    case .dictionary(_, let valueType):
      // Every key of its type taken (an enum's cases): the last is left out, to name nothing.
      if unknownValue == nil, used.count > 1, !isMany { unknownValue = used.removeLast() }
      let entries = used.enumerated().map { offset, keyValue in
        DictionaryEntry(
          key: types.expression(keyValue, type: keyType),
          value: types.expression(kit.sample(valueType, offset + 1), type: valueType))
      }
      body.append(.assignment(list, .dictionary(entries)))
      samples = entries.map { ($0.key, $0.value) }
    default:
      guard used.count == 2, let element = listType.elementType else { return nil }
      for (number, name) in ["first", "second"].enumerated() {
        body.append(kit.sampleConstant(name, kit.sample(element, number + 1), type: element))
      }
      body.append(.assignment(list, .array([.name("first"), .name("second")])))
      samples = ["first", "second"].map { (Expression.name($0).dot("id"), Expression.name($0)) }
    }
    let unknownKey = unknownValue.map { types.expression($0, type: keyType) }
    if isMany {
      // The keys in another order than the samples', one naming nothing between them: the
      // values come in the keys' order, and the unknown one is skipped.
      let keys = [samples.last?.key, unknownKey, samples.count > 1 ? samples.first?.key : nil].compactMap { $0 }
      let expected = ([samples.last] + (samples.count > 1 ? [samples.first] : [])).compactMap { $0?.value }
      body.append(kit.expect(derived(.array(keys)), .equal, .array(expected)))
      return "finds the elements of \(value.list) that \(key) names, in its order"
    }
    guard let last = samples.last else { return nil }
    body.append(kit.expect(derived(last.key), .equal, last.value))
    // Nothing found: nil, or the fallback.
    let nothing = value.fallback.map { types.expression($0, type: value.type) } ?? .literal(.nilLiteral)
    if keyFieldType.isOptional && !isParameter {
      body.append(kit.expect(derived(.literal(.nilLiteral)), .equal, nothing))
    } else if let unknownKey {
      body.append(kit.expect(derived(unknownKey), .equal, nothing))
    }
    return "finds the element of \(value.list) that \(isParameter ? "its parameter" : key) names"
  }
}

/// The state an arithmetic derived value's test sets up, and the value it must give: each
/// numeric field it reads a distinct number (`TestTranslator.arithmeticNumbers`); each derived value it reads over a list, the list
/// holding two elements its condition holds for, their numeric fields distinct numbers too.
/// The expected value is computed here, in the order the generated code computes it.
private struct ArithmeticSamples {
  let types: TypeTranslator
  let kit: TestTranslator

  /// The expected value, the set-up appended to `body`; nil when a value read can't be set up.
  func expected(_ arithmetic: Arithmetic<String>, into body: inout [Statement]) -> Value? {
    var values: [String: Value] = [:]
    var filledLists: Set<String> = []
    var next = 0
    let numbers = TestTranslator.arithmeticNumbers(besides: arithmetic.literals)
    func number(_ type: SpecType) -> Value? {
      guard next < numbers.count else { return nil }
      defer { next += 1 }
      let whole = numbers[next]
      return type == .scalar(.double) ? .double(Double(whole) + 0.5) : .int(whole)
    }
    func value(of name: String) -> Value? {
      if let known = values[name] { return known }
      let state = Expression.name("state")
      var result: Value?
      if let type = types.spec.stateType(path: name) {
        // A state field, or a field of the model one holds (`syncUp.minutes`).
        result = number(type)
        if let result { body.append(.assignment(path(name, on: state), types.expression(result, type: type))) }
      } else if let derived = types.spec.derived.first(where: { $0.name == name }) {
        result = listValue(derived, state: state)
      }
      values[name] = result
      return result
    }
    /// A derived value over a list: the list filled (once) with two elements.
    func listValue(_ derived: DerivedValue, state: Expression) -> Value? {
      if case .arithmetic(let inner, _) = derived.kind { return inner.evaluate(value(of:)) }
      let (fields, predicate): ([String], Predicate?)
      switch derived.kind {
      case .count(let condition): (fields, predicate) = ([], condition)
      case .sum(let field, let condition): (fields, predicate) = ([field], condition)
      case .sumOfProducts(let field, let times, let condition): (fields, predicate) = ([field, times], condition)
      case .sumWeighted(let field, let weights, _, let condition):
        // The weights: the first element's alone (`weights`, set once the elements are made).
        guard filledLists.insert(weights).inserted else { return nil }
        (fields, predicate) = ([field], condition)
      default: return nil
      }
      guard filledLists.insert(derived.list).inserted,
        let listType = types.spec.stateType(path: derived.list),
        let elementType = listType.elementType ?? listType.dictionaryValue
      else { return nil }
      // A dictionary's values: each under a key of its own.
      var entryKeys: [Expression]?
      if let keyType = listType.dictionaryKey {
        guard let keys = DerivedTranslator.entryKeys(keyType, kit: kit) else { return nil }
        entryKeys = keys.map { types.expression($0, type: keyType) }
      }
      var overrides: [String: Value] = [:]
      if let predicate {
        guard case .model(let modelName) = elementType, let model = types.spec.model(named: modelName),
          let matching = PredicateSearch(spec: types.spec, model: model).witnesses(predicate).kept
        else { return nil }
        overrides = matching
      }
      // Two elements with one id can't share a list: a condition on the id leaves one. Weighed
      // by a key the condition fixes, the second would be weighed too: one element then.
      var weightKey: (name: String, type: SpecType)?
      if case .sumWeighted(_, _, let key, _) = derived.kind, !types.spec.weighsByEntryKey(derived.list, key) {
        guard let keyType = types.spec.derivedFieldType(derived.list, key)?.unwrapped else { return nil }
        weightKey = (key, keyType)
      }
      let keysDiffer = weightKey.map { overrides[$0.name] == nil && kit.sample($0.type, 1) != kit.sample($0.type, 2) } ?? true
      let count = overrides["id"] == nil && keysDiffer ? 2 : 1
      var elements: [Value] = []
      var names: [Expression] = []
      for index in 0..<count {
        var own = overrides
        // Each element its own key (a field's default would give both one).
        if let weightKey, own[weightKey.name] == nil { own[weightKey.name] = kit.sample(weightKey.type, index + 1) }
        for field in fields where own[field] == nil {
          guard let type = types.spec.derivedFieldType(derived.list, field), let sample = number(type) else { return nil }
          own[field] = sample
        }
        let element = kit.sample(elementType, index + 1, overrides: own)
        let name = derived.list.identifierWords.lowercasingFirst + (index == 0 ? "First" : "Second")
        body.append(kit.sampleConstant(name, element, type: elementType))
        elements.append(element)
        names.append(.name(name))
      }
      if let entryKeys {
        body.append(
          .assignment(
            path(derived.list, on: state), .dictionary(zip(entryKeys, names).map { DictionaryEntry(key: $0, value: $1) })))
      } else {
        body.append(.assignment(path(derived.list, on: state), .array(names)))
      }
      var weight: Value?
      if case .sumWeighted(_, let weights, let key, _) = derived.kind {
        guard let weightType = types.spec.state.first(where: { $0.name == weights })?.type.dictionaryValue,
          let number = number(weightType)
        else { return nil }
        weight = number
        let firstKey = types.spec.weighsByEntryKey(derived.list, key) ? entryKeys?.first : names[0].dot(key)
        guard let firstKey else { return nil }
        body.append(
          .assignment(
            state.dot(weights),
            .dictionary([DictionaryEntry(key: firstKey, value: types.expression(number, type: weightType))])))
      }
      // Summed as the generated code sums: from 0, element by element.
      var total: Value = derived.type == .scalar(.double) ? .double(0) : .int(0)
      for (index, element) in elements.enumerated() {
        guard case .model(_, let elementFields) = element else { return nil }
        func field(_ name: String) -> Value? { elementFields.first { $0.name == name }?.value }
        let term: Value?
        switch fields.count {
        case 1 where weight != nil:
          // The second element weighs nothing: it has no entry.
          guard let value = field(fields[0]), let weight else { return nil }
          term = Arithmetic<String>.apply(.times, value, index == 0 ? weight : .int(0), type: derived.type)
        case 0: term = .int(1)
        case 1: term = field(fields[0])
        default:
          guard let lhs = field(fields[0]), let rhs = field(fields[1]) else { return nil }
          term = Arithmetic<String>.apply(.times, lhs, rhs, type: derived.type)
        }
        guard let term, let sum = Arithmetic<String>.apply(.plus, total, term, type: derived.type) else { return nil }
        total = sum
      }
      return total
    }
    return arithmetic.evaluate(value(of:))
  }

  /// `state.syncUp.minutes`: a state field, or a path of fields inside one.
  private func path(_ path: String, on base: Expression) -> Expression {
    path.split(separator: ".").reduce(base) { $0.dot(String($1)) }
  }
}
