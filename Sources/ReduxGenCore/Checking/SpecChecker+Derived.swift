extension SpecChecker {
  /// The words that start a derived value, for messages and suggestions.
  static let derivationWords = ["count", "all", "any", "isEmpty", "sum"]
  /// Words a user may reach for, and the derived value that does what they mean.
  static let derivationMeanings = [
    "every": "all", "allSatisfy": "all", "some": "any", "contains": "any", "exists": "any", "empty": "isEmpty",
    "total": "sum", "size": "count", "length": "count", "number": "count",
  ]

  /// `derived:` a mapping of names to values computed from the state, and the selectors among
  /// them: a name with a parameter (`product(id)`) makes a value of the State that takes one,
  /// the key of its lookup.
  mutating func checkDerived(_ node: YAMLNode) -> (values: [DerivedValue], selectors: [DerivedValue]) {
    guard let pairs = mapping(node, what: .key("derived")) else { return ([], []) }
    var selectors: [DerivedValue] = []
    var taken = Set(state.map(\.name) + filters.map(\.result))
    var result: [DerivedValue] = []
    let written = Set(pairs.compactMap { $0.key.scalar.map { String($0.prefix { $0 != "(" }) } })
    // The values that take parameters: no derived value reads one.
    let selectorNames = Set(
      pairs.compactMap { pair -> String? in
        guard let key = pair.key.scalar else { return nil }
        if case .mapping = pair.value.kind { return key }
        return key.contains("(") ? String(key.prefix { $0 != "(" }) : nil
      })
    for pair in pairs {
      guard let (name, parameter) = derivedName(pair.key) else { continue }
      guard taken.insert(name).inserted else {
        error(.derivedNameTaken(name), pair.key)
        continue
      }
      // `isSelected: { parameters: { id: Int }, value: selectedID == id }`: a selector whose
      // value is any expression of its parameters and the state.
      if parameter == nil, case .mapping = pair.value.kind {
        // An app's values read its features' fields (`counter.count`) by the derivation reader only.
        guard qualifiedNames.isEmpty else {
          error(.selectorInApp(name), pair.key)
          continue
        }
        let earlier = Dictionary(result.map { ($0.name, $0) }) { first, _ in first }
        if let selector = typedSelector(name, pair.value, earlier: earlier, written: written, selectors: selectorNames) {
          selectors.append(selector)
        }
        continue
      }
      guard let source = text(pair.value, what: .a(.derivedValue)) else { continue }
      let origin = pair.value.textLocation
      switch ExpressionLexer.tokens(source) {
      case .failure(let token):
        error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
      case .success(let tokens):
        var parser = DerivedParser(
          tokens: TokenStream(ExpressionLexer.joining(tokens, qualifiedNames)), state: stateByName, stateFields: state, models: expressionModelsByName,
          enumCases: enumCaseNames, parameter: parameter, literals: literals)
        parser.arithmeticNames = (name, Dictionary(result.map { ($0.name, $0) }) { first, _ in first }, written)
        let parsed = parser.parse()
        if parsed == nil, parameter == nil, qualifiedNames.isEmpty, let (problem, offset) = parser.failure {
          // Not a count, a sum, a lookup or arithmetic: any value of the expression language.
          // Where neither reads it, the expression's problem where it read further and the
          // derivation's reader didn't know the form at all; the reader's otherwise.
          let earlier = Dictionary(result.map { ($0.name, $0) }) { first, _ in first }
          switch derivedExpression(tokens, name: name, earlier: earlier, written: written, selectors: selectorNames) {
          case .success(let value):
            result.append(value)
            continue
          case .failure(let expressionProblem)
          where expressionProblem.offset > offset && Self.unknownForm(problem)
            || expressionProblem.offset >= offset && Self.isCaseProblem(expressionProblem.problem):
            error(expressionProblem.problem, at: origin.advanced(by: expressionProblem.offset))
            continue
          case .failure:
            error(problem, at: origin.advanced(by: offset))
            continue
          }
        }
        if let (kind, list, type) = parsed {
          var value = DerivedValue(name: name, list: list, kind: kind, type: type)
          value.parameter = parameter
          value.fallback = parser.fallback
          value.pathRoots = parser.pathRoots
          value.listReads = parser.listReads
          value.conditionReads = parser.conditionReads.filter { $0 != list }
          if parameter == nil { result.append(value) } else { selectors.append(value) }
        } else if let (problem, offset) = parser.failure {
          error(problem, at: origin.advanced(by: offset))
        }
      }
    }
    return (result, selectors)
  }

  /// Whether the problem is one of an enum's case, which only the expression language reads
  /// (`mode is playing`): its words say more than the derivation reader's.
  static func isCaseProblem(_ problem: SpecProblem) -> Bool {
    switch problem {
    case .caseNeedsValues, .caseValuesMismatch, .caseTestOnNonEnum: true
    default: false
    }
  }

  /// Whether the derivation's reader failed on the value's form rather than on what it reads.
  static func unknownForm(_ problem: SpecProblem) -> Bool {
    switch problem {
    case .notAField, .lookupInsideField, .expectedToken, .unknownDerivation, .unexpectedText: true
    default: false
    }
  }

  /// The types a selector's parameter may have: values its view store remembers a result by.
  static func isSelectorParameterType(_ type: SpecType) -> Bool {
    switch type {
    case .scalar, .enumeration: true
    case .optional(let wrapped): isSelectorParameterType(wrapped)
    default: false
    }
  }

  /// `{ parameters: { id: Int }, value: EXPR }` under `derived:`: a selector taking typed
  /// parameters whose value is any expression of them, the state's fields and the derived values
  /// written before it; a parameter hides a state name it shares (`state.NAME` reaches it). Nil,
  /// reported, otherwise.
  private mutating func typedSelector(
    _ name: String, _ node: YAMLNode, earlier: [String: DerivedValue], written: Set<String>, selectors: Set<String>
  ) -> DerivedValue? {
    guard let pairs = mapping(node, what: .a(.derivedValue)) else { return nil }
    let keys = checkKeys(pairs, allowed: SpecKeys.selector, context: .a(.derivedValue))
    guard let parametersNode = keys["parameters"], let valueNode = keys["value"] else {
      for key in ["parameters", "value"] where keys[key] == nil { missing(key, in: .a(.derivedValue), node) }
      return nil
    }
    guard let pairs = mapping(parametersNode, what: .key("parameters")) else { return nil }
    let parameters = fields(parametersNode, context: .payload(of: name), isPayload: true)
    guard parameters.count == pairs.count, !parameters.isEmpty else {
      if pairs.isEmpty { error(.selectorWithoutParameters(name), parametersNode) }
      return nil
    }
    var sound = true
    for (parameter, pair) in zip(parameters, pairs) {
      let typed = Self.isSelectorParameterType(parameter.type)
      // A default written (`Int = 0`, `default:`), not one a type implies (nil, a new UUID).
      var hasDefault = pair.value.scalar?.contains("=") == true
      if case .mapping(let inner) = pair.value.kind, inner.contains(where: { $0.key.scalar == "default" }) { hasDefault = true }
      if hasDefault || !typed {
        error(.selectorParameter(parameter.name, type: parameter.type.swiftName, hasDefault: typed), pair.value)
        sound = false
      }
    }
    guard sound, let source = text(valueNode, what: .a(.derivedValue)) else { return nil }
    let origin = valueNode.textLocation
    switch ExpressionLexer.tokens(source) {
    case .failure(let token):
      error(.unexpectedText(token.text), at: origin.advanced(by: token.offset))
      return nil
    case .success(let tokens):
      switch derivedExpression(tokens, name: name, earlier: earlier, written: written, selectors: selectors, parameters: parameters) {
      case .success(var value):
        value.parameters = parameters
        return value
      case .failure(let failure):
        error(failure.problem, at: origin.advanced(by: failure.offset))
        return nil
      }
    }
  }

  /// A derived value that is any value of the expression language over the state's fields and
  /// the derived values written before it (and a selector's `parameters`, first): its kind, list
  /// (the first state field it reads) and type; or the problem, at its offset.
  private func derivedExpression(
    _ tokens: [Token], name: String, earlier: [String: DerivedValue], written: Set<String>, selectors: Set<String>,
    parameters: [Field] = []
  ) -> Result<DerivedValue, ExpressionFailure> {
    let stateName = GeneratedNames(feature: feature).state
    let hidden = Set(parameters.map(\.name))
    var fields = parameters.map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
    fields += state.filter { !hidden.contains($0.name) }.map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
    fields += earlier.values.sorted { $0.name < $1.name }.filter { !hidden.contains($0.name) }
      .map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
    if !parameters.isEmpty {
      // `state.NAME`: the state's own field where a parameter hides it.
      let stateFields = state.map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
        + earlier.values.sorted { $0.name < $1.name }.map { Field(name: $0.name, type: $0.type, defaultValue: nil, doc: nil) }
      if !hidden.contains("state") { fields.append(Field(name: "state", type: .model(stateName), defaultValue: nil, doc: nil)) }
      return selectorExpression(tokens, name: name, root: Model(name: stateName + "Selector", doc: nil, fields: fields),
        state: Model(name: stateName, doc: nil, fields: stateFields), earlier: earlier, written: written, selectors: selectors,
        parameters: hidden)
    }
    let root = Model(name: stateName, doc: nil, fields: fields)
    var parser = PredicateParser(
      tokens: TokenStream(tokens), element: root, models: expressionModels + [root], enumCases: enumCaseNames,
      rootContext: .theState, stateModel: stateName)
    guard let (predicate, type) = parser.parse() else {
      return .failure(Self.derivedFailure(parser.failure, name: name, written: written, selectors: selectors))
    }
    // The state fields it depends on, through the derived values it reads.
    var reads: [String] = []
    for read in PredicateSearch.fields(readBy: predicate) {
      for input in earlier[read]?.inputs ?? [read] where !reads.contains(input) { reads.append(input) }
    }
    guard let first = reads.first else { return .failure(ExpressionFailure(.derivedReadsNothing(name), 0)) }
    let qualified = predicate.qualifyingPaths(with: "state") { _ in true }
    return .success(DerivedValue(name: name, list: first, kind: .expression(qualified, reads: reads), type: type))
  }

  /// The problem of a derived value's expression, its words the derived value's where it reads
  /// a name written under `derived:` that it can't read: one written after it, or a selector.
  private static func derivedFailure(
    _ failure: (SpecProblem, Int)?, name: String, written: Set<String>, selectors: Set<String>
  ) -> ExpressionFailure {
    guard case (var problem, let offset)? = failure else { return ExpressionFailure(.unexpectedText(""), 0) }
    if case .unknownField(let unknown, _, _) = problem, selectors.contains(unknown), unknown != name {
      problem = .readsSelector(unknown, value: name)
    } else if case .unknownField(let unknown, _, _) = problem, written.contains(unknown), unknown != name {
      problem = .derivedReadsLater(unknown, value: name)
    }
    return ExpressionFailure(problem, offset)
  }

  /// A selector's value over `root` (its parameters, the state's names they don't hide, and
  /// `state`): its paths through the state read `state.NAME`, its parameters bare.
  private func selectorExpression(
    _ tokens: [Token], name: String, root: Model, state stateModel: Model, earlier: [String: DerivedValue],
    written: Set<String>, selectors: Set<String>, parameters: Set<String>
  ) -> Result<DerivedValue, ExpressionFailure> {
    var parser = PredicateParser(
      tokens: TokenStream(tokens), element: root, models: expressionModels + [root, stateModel], enumCases: enumCaseNames,
      rootContext: .theState, stateModel: root.name)
    guard let (predicate, type) = parser.parse() else {
      return .failure(Self.derivedFailure(parser.failure, name: name, written: written, selectors: selectors))
    }
    // `state.NAME` as written, and a bare state name, both read the state.
    let qualified = predicate.qualifyingPaths(with: "state") { !parameters.contains($0) && $0 != "state" }
    var reads: [String] = []
    func visit(_ predicate: Predicate) {
      guard case .path(let steps, _) = predicate else { return predicate.operands.forEach(visit) }
      guard steps.count >= 2, steps[0] == .field("state"), case .field(let read) = steps[1] else { return }
      for input in earlier[read]?.inputs ?? [read] where !reads.contains(input) { reads.append(input) }
    }
    visit(qualified)
    guard let first = reads.first else { return .failure(ExpressionFailure(.derivedReadsNothing(name), 0)) }
    return .success(DerivedValue(name: name, list: first, kind: .expression(qualified, reads: reads), type: type))
  }

  /// A derived value's name, and its parameter when written `NAME(PARAMETER)`.
  private mutating func derivedName(_ node: YAMLNode) -> (String, String?)? {
    guard let text = node.scalar, let open = text.firstIndex(of: "(") else {
      return identifier(node, what: .a(.stateField)).map { ($0, nil) }
    }
    let name = String(text[..<open])
    let inside = text[text.index(after: open)...]
    guard inside.hasSuffix(")") else {
      error(.derivedParameterSyntax(text), node)
      return nil
    }
    let parameter = inside.dropLast().trimmingCharacters(in: .whitespaces)
    for (part, what) in [(name, Subject.a(.derivedValue)), (parameter, .a(.parameter))] {
      if let reason = identifierProblem(part) {
        error(part.isEmpty ? .derivedParameterSyntax(text) : .invalidIdentifier(part, what: what, reason: reason), node)
        return nil
      }
    }
    return (name, parameter)
  }
}

/// Reads one derived value: `count tasks where done`, `sum items.price`, `users[selectedID]`.
struct DerivedParser {
  var tokens: TokenStream
  let state: [String: Field]
  let stateFields: [Field]
  let models: [String: Model]
  let enumCases: [String: [String]]
  /// The parameter of a value that takes one (`product(id)`): the key of its lookup.
  let parameter: String?
  private(set) var failure: (SpecProblem, Int)?
  /// A lookup's value when its key names nothing (`?? 0`).
  private(set) var fallback: Value?
  /// The state fields a `where` reads besides the list.
  private(set) var conditionReads: [String] = []
  /// For each path a lookup reads inside a state field (`shelf.entities[shelf.selectedID]`),
  /// the state field it starts at.
  private(set) var pathRoots: [String: String] = [:]
  /// Where the list is a derived value written before: the state fields it reads.
  private(set) var listReads: [String]?
  /// Where the list is a dictionary (its values are read): the type of its keys.
  private var entryKeyType: SpecType?
  let literals: LiteralReader
  /// For arithmetic: the value's own name, the derived values written before it, and every
  /// derived value's name.
  var arithmeticNames: (value: String, earlier: [String: DerivedValue], all: Set<String>) = ("", [:], [])

  init(
    tokens: TokenStream, state: [String: Field], stateFields: [Field], models: [String: Model],
    enumCases: [String: [String]], parameter: String?, literals: LiteralReader
  ) {
    self.parameter = parameter
    self.literals = literals
    self.tokens = tokens
    self.state = state
    self.stateFields = stateFields
    self.models = models
    self.enumCases = enumCases
  }

  private func unknownStateField(_ name: String) -> SpecProblem {
    // Another derived value where a state field is read: say what is, rather than "unknown".
    if arithmeticNames.all.contains(name) { return .derivedReadAsStateField(name) }
    return .unknownField(name, context: .theState, suggestion: closestMatch(to: name, in: stateFields.map(\.name)))
  }

  private mutating func fail<T>(_ problem: SpecProblem, _ offset: Int) -> T? {
    if failure == nil { failure = (problem, offset) }
    return nil
  }

  mutating func parse() -> (DerivedValue.Kind, String, SpecType)? {
    if parameter == nil, startsArithmetic { return arithmetic() }
    let wordToken = tokens.next()
    guard case .identifier(let word) = wordToken.kind else {
      return fail(.expectedToken(.derivation, found: wordToken.described), wordToken.offset)
    }
    if tokens.peek.kind == .symbol("[") { return lookup(word, at: wordToken.offset) }
    // `shelf.entities[shelf.selectedId]`: a lookup inside a state field of a model.
    if tokens.peek.kind == .symbol("."), state[word] != nil {
      guard let (path, type) = fieldPath(startingWith: word, at: wordToken.offset) else { return nil }
      guard tokens.peek.kind == .symbol("[") else { return fail(.lookupInsideField(word), wordToken.offset) }
      return lookup(path, type: type, at: wordToken.offset)
    }
    if let parameter {
      return fail(.derivedParameterNeedsLookup(parameter), wordToken.offset)
    }
    guard SpecChecker.derivationWords.contains(word) else {
      let suggestion =
        SpecChecker.derivationMeanings[word] ?? closestMatch(to: word, in: SpecChecker.derivationWords)
      return fail(.unknownDerivation(word, suggestion: suggestion), wordToken.offset)
    }
    guard let (list, element, offset) = listField() else { return nil }
    let result: (DerivedValue.Kind, SpecType)?
    switch word {
    case "count":
      result = condition(over: element, list, required: false).map { (.count($0), .scalar(.int)) }
    case "all", "any":
      guard case .some(.some(let predicate)) = condition(over: element, list, required: true) else { return nil }
      result = (word == "all" ? .all(predicate) : .any(predicate), .scalar(.bool))
    case "isEmpty":
      result = (.isEmpty, .scalar(.bool))
    default:
      guard let (field, type) = summedField(of: element, list, at: offset) else { return nil }
      guard tokens.peek.kind == .symbol("*") else {
        result = condition(over: element, list, required: false).map { (.sum(field: field, $0), type) }
        break
      }
      // `* FIELD` (or `* LIST.FIELD`): another numeric field of the same element.
      let times = tokens.next()
      if case .identifier(let dictionary) = tokens.peek.kind, tokens.peekSecond.kind == .symbol("[") {
        // `* WEIGHTS[KEY]`: the number a dictionary field holds under the element's KEY.
        guard let (weights, key, weightType) = weightLookup(dictionary, element: element, list) else { return nil }
        guard let product = Self.productType(type, weightType) else {
          return fail(.cannotMultiply(type.swiftName, weightType.swiftName), times.offset)
        }
        result = condition(over: element, list, required: false).map {
          (.sumWeighted(field: field, weights: weights, key: key, $0), product)
        }
        break
      }
      if case .identifier(list) = tokens.peek.kind, tokens.peekSecond.kind == .symbol(".") { _ = tokens.next() }
      guard let (factor, factorType) = summedField(of: element, list, at: offset, dotted: false) else { return nil }
      guard let product = Self.productType(type, factorType) else {
        return fail(.cannotMultiply(type.swiftName, factorType.swiftName), times.offset)
      }
      result = condition(over: element, list, required: false).map {
        (.sumOfProducts(field: field, times: factor, $0), product)
      }
    }
    guard let (kind, type) = result else { return nil }
    guard tokens.isAtEnd else {
      // `count items + 1`: arithmetic reads values, and a count or sum becomes one by its name.
      if ["+", "-", "*", "/", "%"].contains(tokens.peek.text) {
        return fail(.arithmeticAfterAggregate(tokens.peek.text), tokens.peek.offset)
      }
      return fail(.unexpectedText(tokens.peek.text), tokens.peek.offset)
    }
    return (kind, list, type)
  }

  /// Whether the value is arithmetic: it starts with a number, `(` or `-`, or a name an
  /// arithmetic operator follows.
  private var startsArithmetic: Bool {
    switch tokens.peek.kind {
    case .number, .symbol("("), .symbol("-"): true
    // A name or a path of fields (`syncUp.minutes * 60`) an arithmetic operator follows.
    case .identifier: tokens.nameThen(["+", "-", "*", "/", "%"])
    default: false
    }
  }

  /// `budget - spent`: arithmetic over numeric state fields, the fields of models they hold
  /// (`syncUp.minutes`), and earlier derived values.
  private mutating func arithmetic() -> (DerivedValue.Kind, String, SpecType)? {
    let (name, earlier, all) = arithmeticNames
    let (state, models) = (self.state, self.models)
    let fieldNames = stateFields.map(\.name) + earlier.keys.sorted()
    let parser = ArithmeticParser<String>(
      leaf: { token, tokens in
        var leaf = token.text
        var type: SpecType
        if let field = state[leaf] {
          type = field.type
          // `syncUp.minutes`: a field of the model a state field holds, read through its path.
          while tokens.peek.kind == .symbol("."), case .identifier(let fieldName) = tokens.peekSecond.kind {
            let fieldToken = tokens.peekSecond
            guard case .model(let modelName) = type, let model = models[modelName] else {
              if case .optional(.model) = type {
                return .failure(.init(.readThroughOptional(fieldName, path: leaf, type: type.swiftName), fieldToken.offset))
              }
              return .failure(.init(.notAField(fieldName, type: type.swiftName), fieldToken.offset))
            }
            guard let field = model.fields.first(where: { $0.name == fieldName }) else {
              return .failure(.init(model.unknownField(fieldName), fieldToken.offset))
            }
            _ = tokens.next()
            _ = tokens.next()
            leaf += "." + fieldName
            type = field.type
          }
        } else if let value = earlier[leaf] {
          type = value.type
        } else if all.contains(leaf) {
          return .failure(.init(.derivedReadsLater(leaf, value: name), token.offset))
        } else {
          let suggestion = closestMatch(to: leaf, in: fieldNames)
          return .failure(.init(.unknownField(leaf, context: .theState, suggestion: suggestion), token.offset))
        }
        guard ArithmeticOperator.isArithmetic(type) else {
          return .failure(.init(.notArithmeticValue(leaf, type: type.swiftName), token.offset))
        }
        return .success((leaf, type))
      }, leafText: { $0 })
    let start = tokens.peek.offset
    switch parser.parse(&tokens) {
    case .failure(let failure):
      return fail(failure.problem, failure.offset)
    case .success(let expression):
      guard tokens.isAtEnd else { return fail(.unexpectedText(tokens.peek.text), tokens.peek.offset) }
      // The state fields it depends on, through the derived values it reads; a path's first.
      var reads: [String] = []
      for leaf in expression.leaves {
        // The longest start of the path that is a state field (an app's `cart.shelf` is one).
        let names = leaf.split(separator: ".")
        let root =
          earlier[leaf] != nil
          ? leaf
          : (1...names.count).reversed().lazy.map { names.prefix($0).joined(separator: ".") }.first { state[$0] != nil }
            ?? leaf
        if root != leaf { pathRoots[leaf] = root }
        for input in earlier[leaf]?.inputs ?? [root] where !reads.contains(input) { reads.append(input) }
      }
      guard let first = reads.first else { return fail(.derivedReadsNothing(name), start) }
      return (.arithmetic(expression, reads: reads), first, expression.type)
    }
  }

  /// A state field that is a list, with its element type and offset.
  private mutating func listField() -> (String, SpecType, Int)? {
    let token = tokens.next()
    guard case .identifier(let name) = token.kind else {
      return fail(.expectedToken(.stateField, found: token.described), token.offset)
    }
    guard let field = state[name] else {
      // A list a derived value written before gives (`cartProducts: products[cart.addedIds]`,
      // then `sum cartProducts.price`): read through the state fields it reads.
      if let earlier = arithmeticNames.earlier[name], case .array(let element) = earlier.type {
        listReads = earlier.inputs
        return (name, element, token.offset)
      }
      return fail(unknownStateField(name), token.offset)
    }
    var (list, type) = (name, field.type)
    if tokens.peek.kind == .symbol("."), case .model = field.type {
      // `syncUp.attendees`: a list inside a state field of a model.
      guard let (path, pathType) = fieldPath(startingWith: name, at: token.offset, endingAtCollection: true) else {
        return nil
      }
      (list, type) = (path, pathType)
    }
    switch type {
    case .array(let element):
      return (list, element, token.offset)
    case .dictionary(let key, let value):
      // A dictionary's values (Redux's `byId`); `[key]` in a weight names each entry's key.
      entryKeyType = key
      return (list, value, token.offset)
    default:
      return fail(.notAggregated(list, type: type.swiftName), token.offset)
    }
  }

  /// The type of a product: two values of one numeric type, or an integer and a `Double`
  /// (`Double`, the integer converted); nil for other mixes (Swift's numbers don't mix).
  static func productType(_ lhs: SpecType, _ rhs: SpecType) -> SpecType? {
    if lhs == rhs { return lhs }
    let integers: [SpecType] = [.scalar(.int), .scalar(.int64)]
    if integers.contains(lhs) && rhs == .scalar(.double) || integers.contains(rhs) && lhs == .scalar(.double) {
      return .scalar(.double)
    }
    return nil
  }

  /// `WEIGHTS[KEY]` after `sum LIST.FIELD *`: a dictionary state field of numbers, keyed by the
  /// type of the element's field KEY; the dictionary, the key and the numbers' type.
  private mutating func weightLookup(_ name: String, element: SpecType, _ list: String) -> (String, String, SpecType)? {
    let nameToken = tokens.next()
    guard let field = state[name] else { return fail(unknownStateField(name), nameToken.offset) }
    guard case .dictionary(let keyType, let valueType) = field.type, valueType.isNumeric else {
      return fail(.notWeights(name, type: field.type.swiftName), nameToken.offset)
    }
    _ = tokens.next()
    let keyToken = tokens.next()
    guard case .identifier(let key) = keyToken.kind else {
      return fail(.expectedToken(.fieldName, found: keyToken.described), keyToken.offset)
    }
    guard case .model(let modelName) = element, let model = models[modelName] else {
      return fail(.notAField(key, type: element.swiftName), keyToken.offset)
    }
    let ownKey = model.fields.first { $0.name == key }?.type
    if key == DerivedValue.entryKey, let entryKeyType {
      // Over a dictionary: each entry's key, unless its values have a field of that name too.
      guard ownKey == nil else { return fail(.entryKeyAmbiguous(list: list, model: modelName), keyToken.offset) }
      guard entryKeyType == keyType else {
        return fail(
          .entryKeyMismatch(list: list, type: entryKeyType.swiftName, weights: name, weightsKey: keyType.swiftName),
          keyToken.offset)
      }
    } else {
      guard let ownKey else {
        if key == DerivedValue.entryKey { return fail(.entryKeyOverList(list, model: modelName), keyToken.offset) }
        return fail(model.unknownField(key), keyToken.offset)
      }
      guard ownKey == keyType else {
        return fail(
          .typeMismatch(expected: keyType.swiftName, found: ownKey.swiftName, what: .quoted("\(list).\(key)")),
          keyToken.offset)
      }
    }
    guard tokens.take("]") else {
      return fail(.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    }
    return (name, key, valueType)
  }

  /// `.FIELD` of the elements (`FIELD` alone when not `dotted`), numeric and not optional.
  private mutating func summedField(of element: SpecType, _ list: String, at offset: Int, dotted: Bool = true)
    -> (String, SpecType)?
  {
    if dotted || tokens.peek.kind == .symbol("."), !tokens.take(".") {
      return fail(.expectedToken(.fieldNameAfterDot, found: tokens.peek.described), tokens.peek.offset)
    }
    let token = tokens.next()
    guard case .identifier(let name) = token.kind else {
      return fail(.expectedToken(.fieldNameAfterDot, found: token.described), token.offset)
    }
    guard case .model(let modelName) = element, let model = models[modelName] else {
      return fail(.notAField(name, type: element.swiftName), token.offset)
    }
    guard let field = model.fields.first(where: { $0.name == name }) else {
      return fail(model.unknownField(name), token.offset)
    }
    guard field.type.isNumeric else { return fail(.notNumeric("\(list).\(name)", type: field.type.swiftName), token.offset) }
    return (name, field.type)
  }

  /// `where CONDITION` over the elements: `.some(nil)` when it is left out and not required.
  private mutating func condition(over element: SpecType, _ list: String, required: Bool) -> Predicate??
  {
    let whereToken = tokens.peek
    guard tokens.takeWord("where") else {
      if required { return fail(.expectedToken(.whereCondition, found: whereToken.described), whereToken.offset) }
      return .some(nil)
    }
    guard case .model(let name) = element, let model = models[name] else {
      return fail(.conditionNeedsFields(list, type: element.swiftName), whereToken.offset)
    }
    // The element's fields, then the state's (`state.NAME` where the element hides one).
    let scope = ReadingScope.whereCondition(over: model, state: stateFields, models: Array(models.values))
    let (predicate, failure) = PredicateParser.condition(
      from: &tokens, over: scope.root, models: scope.models, enumCases: enumCases, stateModel: scope.stateModel,
      elementScope: scope.elementScope)
    if let (problem, offset) = failure {
      let derived = arithmeticNames.all
      let problem = problem.readingOnly(model) { derived.contains($0) ? .a(.derivedValue) : nil }
      return fail(problem.stateHidden(by: model, stateFields: stateFields), offset)
    }
    guard let predicate else { return nil }
    let qualified = scope.qualified(predicate)
    conditionReads = qualified.stateReads(over: model)
    return .some(qualified)
  }

  /// `COLLECTION[FIELD]`: the element or entry a state field names; `COLLECTION[LIST]`, those
  /// each key of a list field names; with a parameter, the element or entry it names.
  /// `shelf.entities`, read from its first name's `.`: a path through state fields of models
  /// that aren't optional, and the type it ends at.
  /// `endingAtCollection`: the path ends at the first list or dictionary (the `.FIELD` after it
  /// is its elements', `sum syncUp.attendees.minutes`).
  private mutating func fieldPath(startingWith first: String, at offset: Int, endingAtCollection: Bool = false)
    -> (String, SpecType)?
  {
    guard var type = state[first]?.type else { return fail(unknownStateField(first), offset) }
    var path = first
    while !(endingAtCollection && (type.elementType != nil || type.dictionaryValue != nil)), tokens.take(".") {
      let nameToken = tokens.next()
      guard case .identifier(let name) = nameToken.kind else {
        return fail(.expectedToken(.fieldNameAfterDot, found: nameToken.described), nameToken.offset)
      }
      guard case .model(let modelName) = type, let model = models[modelName] else {
        switch type {
        case .optional(.model):
          return fail(.readThroughOptional(name, path: path, type: type.swiftName), nameToken.offset)
        case .array, .dictionary:
          // `shelf.entities.count`: only a lookup reads inside a field.
          return fail(.lookupInsideField(first), offset)
        default:
          return fail(.notAField(name, type: type.swiftName), nameToken.offset)
        }
      }
      guard let field = model.fields.first(where: { $0.name == name }) else {
        let suggestion = closestMatch(to: name, in: model.fields.map(\.name))
        return fail(.unknownField(name, context: .named(.model, modelName), suggestion: suggestion), nameToken.offset)
      }
      path += "." + name
      type = field.type
    }
    if path != first { pathRoots[path] = first }
    return (path, type)
  }

  /// `COLLECTION[KEY]`, read from its `[`: `name` the collection's state field or path, of
  /// `type` when a path.
  private mutating func lookup(_ name: String, type pathType: SpecType? = nil, at offset: Int)
    -> (DerivedValue.Kind, String, SpecType)?
  {
    guard let collectionType = pathType ?? state[name]?.type else {
      return fail(unknownStateField(name), offset)
    }
    let models = self.models
    guard let shape = LookupShape(collectionType, idField: { models[$0]?.idField }) else {
      return fail(.notLookup(name, type: collectionType.swiftName), offset)
    }
    let (keyType, valueType) = (shape.key, shape.value)
    _ = tokens.next()
    let keyToken = tokens.next()
    guard case .identifier(var keyName) = keyToken.kind else {
      return fail(.expectedToken(.stateField, found: keyToken.described), keyToken.offset)
    }
    var keyFieldType = state[keyName]?.type
    if parameter == nil, tokens.peek.kind == .symbol("."), state[keyName] != nil {
      // `shelf.entities[shelf.selectedId]`: a key inside a state field of a model.
      guard let (path, type) = fieldPath(startingWith: keyName, at: keyToken.offset) else { return nil }
      (keyName, keyFieldType) = (path, type)
    }
    let kind: DerivedValue.Kind
    var type: SpecType = valueType.isOptional ? valueType : .optional(valueType)
    if let parameter {
      // `product(id): products[id]`: the parameter is the key, of the key's type.
      guard keyName == parameter else { return fail(.derivedParameterUnused(parameter, key: keyName), keyToken.offset) }
      kind = .lookup(key: keyName)
    } else {
      guard let keyFieldType else {
        return fail(unknownStateField(keyName), keyToken.offset)
      }
      if case .array(let element) = keyFieldType, element == keyType {
        // `products[cartIDs]`: each key of a list, in its order.
        kind = .lookupMany(keys: keyName)
        type = .array(valueType)
      } else {
        guard keyFieldType.unwrapped == keyType else {
          return fail(
            .typeMismatch(expected: keyType.swiftName, found: keyFieldType.swiftName, what: .quoted(keyName)),
            keyToken.offset)
        }
        kind = .lookup(key: keyName)
      }
    }
    guard tokens.take("]") else {
      return fail(.expectedToken(.closingBracket, found: tokens.peek.described), tokens.peek.offset)
    }
    let marker = tokens.peek
    if case .lookup = kind, tokens.take("??") {
      // `quantities[id] ?? 0`: the value when the key names nothing, one literal of the value's type.
      let first = tokens.next()
      guard first.kind != .end else { return fail(.expectedToken(.fallbackValue, found: first.described), marker.offset) }
      let text = tokens.literalText(after: first)
      type = type.unwrapped
      guard let value = literals.literalValue(text, type: type), value != .null else {
        return fail(.invalidValue(text, type: type.swiftName), first.offset)
      }
      fallback = value
    }
    guard tokens.isAtEnd else { return fail(.unexpectedText(tokens.peek.text), tokens.peek.offset) }
    return (kind, name, type)
  }
}
