extension SpecChecker {
  // MARK: Enums, models and fields

  /// `Name: [a, b]` or `Name: { doc: text, cases: [a, b] }`.
  mutating func checkEnum(_ pair: YAMLNode.Pair) -> EnumType? {
    guard let name = pair.key.scalar else { return nil }
    var doc: String?
    var casesNode = pair.value
    if case .mapping(let pairs) = pair.value.kind {
      let keys = checkKeys(pairs, allowed: SpecKeys.enumeration, context: .named(.enumeration, name))
      doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
      guard let node = keys["cases"] else {
        missing("cases", in: .named(.enumeration, name), pair.value)
        return nil
      }
      casesNode = node
    }
    var cases: [String] = []
    var caseValues: [String: [Field]] = [:]
    for item in sequence(casesNode, what: .cases(of: name)) ?? [] {
      // `NAME` or, for a case that carries values, `NAME: { LABEL: Type, ... }`.
      var keyNode = item
      var values: [Field]?
      if case .mapping(let pairs) = item.kind, pairs.count == 1 {
        keyNode = pairs[0].key
        values = caseValueFields(pairs[0].value, enumName: name, caseName: pairs[0].key.scalar ?? "")
      }
      guard let caseName = identifier(keyNode, what: .a(.enumCase)) else { continue }
      if cases.contains(caseName) {
        error(.duplicateName(caseName, what: .kind(.caseName)), keyNode)
      } else {
        cases.append(caseName)
        if let values, !values.isEmpty { caseValues[caseName] = values }
      }
    }
    guard !cases.isEmpty else {
      error(.noCases(name), casesNode)
      return nil
    }
    // Each case's values are a struct inside the enum named like the case (`Playing`), read by a
    // property named as the case: neither may meet another member's name.
    for caseName in cases where caseValues[caseName] != nil {
      let typeName = EnumType.valuesTypeName(caseName)
      let clash: String? =
        if caseName.first?.isUppercase == true {
          "would be named as the case itself (start the case with a lower-case letter)"
        } else if ["Type", "Protocol", "Self", "CodingKeys", "Any"].contains(typeName) {
          "is a name Swift keeps for itself"
        } else if cases.contains(typeName) {
          "is the name of its case '\(typeName)'"
        } else if cases.contains(where: { $0 != caseName && caseValues[$0] != nil && EnumType.valuesTypeName($0) == typeName }) {
          "is another case's too"
        } else {
          nil
        }
      guard let clash else { continue }
      let node = sequence(casesNode, what: .cases(of: name))?.first { item in
        if case .mapping(let pairs) = item.kind { return pairs.first?.key.scalar == caseName }
        return false
      }
      // The values are kept: what reads and makes the case isn't refused again.
      error(.caseValuesClash(caseName, enumName: name, type: typeName, clash: clash), node ?? casesNode)
    }
    // Inside the enum that struct's name would hide a type of that name the values hold.
    let heldTypes = Set(caseValues.values.flatMap { $0.flatMap { Self.namesWritten($0.type) } })
    for caseName in cases where caseValues[caseName] != nil && heldTypes.contains(EnumType.valuesTypeName(caseName)) {
      let node = sequence(casesNode, what: .cases(of: name))?.first { item in
        if case .mapping(let pairs) = item.kind { return pairs.first?.key.scalar == caseName }
        return false
      }
      if let node { error(.caseHidesType(caseName, enumName: name, type: EnumType.valuesTypeName(caseName)), node) }
      caseValues[caseName] = nil
    }
    return EnumType(name: name, doc: doc, cases: cases, caseValues: caseValues)
  }

  /// The values of a case `NAME: { LABEL: Type, ... }`: at least one, none with a default
  /// written, each of a type an enum that is Codable and Hashable can hold.
  mutating func caseValueFields(_ node: YAMLNode, enumName: String, caseName: String, isAlert: Bool = false) -> [Field] {
    let owner = isAlert ? "alert '\(caseName)'" : "case '\(caseName)'"
    let context = Subject.named(.enumCase, "\(enumName).\(caseName)")
    let values = fields(node, context: context)
    if case .mapping(let pairs) = node.kind, pairs.isEmpty {
      error(.caseWithoutValues(caseName, enumName: enumName), node)
    }
    let nodes: [String: YAMLNode] =
      if case .mapping(let pairs) = node.kind {
        Dictionary(pairs.compactMap { pair in pair.key.scalar.map { ($0, pair.value) } }, uniquingKeysWith: { a, _ in a })
      } else { [:] }
    // A case is made with all its values: the default a list or an optional takes is dropped. A
    // value refused is kept, so what reads it isn't refused again.
    for field in values {
      guard let fieldNode = nodes[field.name] else { continue }
      if field.defaultValue != nil, field.defaultValue != implicitDefault(field.name, field.type) {
        error(.caseValueWithDefault(field.name, owner: owner), fieldNode)
      } else if !Self.isCaseValueType(field.type) {
        error(.caseValueType(field.name, owner: owner, type: field.type.swiftName), fieldNode)
      }
    }
    return values.map { field in
      var value = field
      value.defaultValue = nil
      return value
    }
  }

  /// The type names `type` is written with: `Date`, `Level` in `[Level: Date]`.
  static func namesWritten(_ type: SpecType) -> [String] {
    switch type {
    case .scalar(let scalar): [scalar.rawValue]
    case .model(let name), .enumeration(let name): [name]
    case .optional(let wrapped), .array(let wrapped): namesWritten(wrapped)
    case .dictionary(let key, let value): namesWritten(key) + namesWritten(value)
    default: []
    }
  }

  /// Whether a case may carry a value of the type: one that needs nothing of a model (numbers,
  /// text, dates, URLs, a String-backed enum, and optionals, lists and dictionaries of them).
  static func isCaseValueType(_ type: SpecType) -> Bool {
    switch type {
    case .scalar: true
    case .enumeration: true
    case .optional(let wrapped), .array(let wrapped): isCaseValueType(wrapped)
    case .dictionary(let key, let value): isCaseValueType(key) && isCaseValueType(value)
    default: false
    }
  }

  mutating func checkModel(_ pair: YAMLNode.Pair) -> Model? {
    guard let name = pair.key.scalar, let pairs = mapping(pair.value, what: .named(.model, name)) else {
      return nil
    }
    let keys = checkKeys(pairs, allowed: SpecKeys.model, context: .named(.model, name))
    guard let fieldsNode = keys["fields"] else {
      missing("fields", in: .named(.model, name), pair.value)
      return nil
    }
    let doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
    var model = Model(name: name, doc: doc, fields: fields(fieldsNode, context: .named(.model, name), model: name))
    model.conformances = keys["conformances"].map { conformanceList($0) } ?? []
    return model
  }

  /// Whether an element's `id` may have the type: a value a list finds its elements by
  /// (Hashable) and tests make apart: any scalar but a `Bool` or `Data` (a URL, a date), or a
  /// model of such fields (a model's own id type, made Hashable). Models are known on the
  /// second reading: the first takes one.
  func isIDType(_ type: SpecType) -> Bool {
    switch type {
    case .scalar(.bool), .scalar(.data): return false
    case .scalar: return true
    case .model(let name):
      guard let model = symbols.models.first(where: { $0.name == name }) else { return true }
      return !model.fields.isEmpty && model.fields.allSatisfy { field in
        if case .scalar(let scalar) = field.type { return scalar != .bool && scalar != .data }
        return false
      }
    default: return false
    }
  }

  /// The fields of a mapping of `name: Type [= default]`.
  mutating func fields(
    _ node: YAMLNode, context: Subject, requireDefaults: Bool = false, isPayload: Bool = false, model: String? = nil
  ) -> [Field] {
    guard let pairs = mapping(node, what: context) else { return [] }
    var result: [Field] = []
    // The field holding each JSON key: a model's few fields are compared one by one, a long list
    // (the state of a large spec) is indexed.
    var codingKeyIndex: [String: String] = [:]
    let indexed = pairs.count > 16
    for pair in pairs {
      guard let name = identifier(pair.key, what: isPayload ? .a(.parameter) : .a(.field)) else {
        if isPayload, let name = pair.key.scalar { refusedParameters[context, default: []].insert(name) }
        continue
      }
      if isPayload, GeneratedNames.reservedParameters.contains(name) {
        error(.reservedName(name, what: .kind(.parameter), reason: .generatedParameter(name)), pair.key)
      }
      guard var field = field(name, pair.value, context: context) else {
        // Reported here, and not again where it is used.
        refusedParameters[context, default: []].insert(name)
        continue
      }
      // Positions in a list mean something only as an action says them (`onMove`, `onDelete`).
      if field.type.mentionsIndexSet, !isPayload || field.type != .indexSet {
        error(.indexSetOutsidePayload(name, type: field.type.swiftName), pair.value)
        if isPayload { refusedParameters[context, default: []].insert(name) }
        continue
      }
      if let model, name == "id", !isIDType(field.type) {
        error(.unsupportedIDType(model: model, type: field.type.swiftName), pair.value)
      }
      if requireDefaults, field.defaultValue == nil {
        if case .model(let model) = field.type, literals.modelHasAllDefaults(model) {
          field.defaultValue = .modelDefault(model)
        } else {
          error(.missingDefault(field: name, type: field.type.swiftName), pair.value)
          continue
        }
      }
      let codingKey = field.codingKey
      if let other = indexed ? codingKeyIndex[codingKey] : result.first(where: { $0.codingKey == codingKey })?.name {
        error(.duplicateJSONKey(codingKey, field: name, other: other), pair.value)
      } else if indexed {
        codingKeyIndex[codingKey] = name
      }
      result.append(field)
    }
    return result
  }

  /// `new` for a `UUID` parameter, `now` for a `Date` one: made by the action's creator.
  static func madeByCreator(_ text: String, _ type: SpecType) -> Value? {
    switch (text, type) {
    case ("new", .scalar(.uuid)): .newUUID
    case ("now", .scalar(.date)): .now
    default: nil
    }
  }

  /// One field from its short form `Type = default` or its long form `{ type, default, doc }`.
  mutating func field(_ name: String, _ node: YAMLNode, context: Subject) -> Field? {
    switch node.kind {
    case .scalar(let text, _):
      // `=` found among the bytes: splitting by characters costs more than the rest of the check.
      let equals = text.utf8.firstIndex(of: UInt8(ascii: "="))
      let typeText = equals.map { text[..<$0] } ?? text[...]
      let leading = typeText.prefix { $0 == " " }.count
      guard let type = resolveType(
        typeText.trimmingSpaces, at: node.textLocation.advanced(by: leading))
      else { return nil }
      var defaultValue = implicitDefault(name, type)
      if let equals {
        let raw = text[text.utf8.index(after: equals)...]
        let offset = typeText.count + 1 + raw.prefix { $0 == " " }.count
        let literal = raw.trimmingSpaces
        if case .payload = context, let made = Self.madeByCreator(literal, type) {
          var field = Field(name: name, type: type, defaultValue: made, doc: nil)
          field.madeByCreator = true
          return field
        } else if let value = literals.literalValue(literal, type: type) {
          defaultValue = value
        } else {
          // Keep the field, so later references to it don't report more errors.
          let problem: SpecProblem =
            isOutOfRange(literal, type)
            ? .valueOutOfRange(literal, type: type.swiftName)
            : QuotedText.hasUnknownEscape(literal)
              ? .unknownEscape(literal) : .invalidDefault(literal, type: type.swiftName)
          error(problem, at: node.textLocation.advanced(by: offset))
          defaultValue = implicitDefault(name, type) ?? placeholderValue
        }
      }
      return Field(name: name, type: type, defaultValue: defaultValue, doc: nil)
    case .sequence:
      guard let type = typeFromNode(node) else { return nil }
      return Field(name: name, type: type, defaultValue: implicitDefault(name, type), doc: nil)
    case .mapping(let pairs):
      let keys = checkKeys(pairs, allowed: SpecKeys.field, context: .field(name))
      guard let typeNode = keys["type"] else {
        missing("type", in: .field(name), node)
        return nil
      }
      guard let type = typeFromNode(typeNode) else { return nil }
      var defaultValue = implicitDefault(name, type)
      let doc = keys["doc"].flatMap { text($0, what: .key("doc")) }
      if let defaultNode = keys["default"] {
        if case .payload = context, defaultNode.isPlainScalar, let text = defaultNode.scalar,
          let made = Self.madeByCreator(text, type)
        {
          var field = Field(name: name, type: type, defaultValue: made, doc: doc)
          field.madeByCreator = true
          return field
        }
        // Keep the field with a stand-in when the default is wrong (the error is reported), as the
        // short form does, so it is never silently left out.
        defaultValue = exampleValue(defaultNode, type: type, isDefault: true) ?? placeholderValue
      }
      var field = Field(name: name, type: type, defaultValue: defaultValue, doc: doc)
      if let jsonNode = keys["json"], let key = text(jsonNode, what: .key("json")) {
        if case .named(.model, _) = context {
          if key.isEmpty { error(.emptyJSONKey(name), jsonNode) } else { field.jsonKey = key }
        } else {
          error(.jsonKeyOutsideModel(name), jsonNode)
        }
      }
      if let secretNode = keys["secret"], flag(secretNode, what: .key("secret")) == true { field.secret = true }
      return field
    }
  }

  /// A type written as a scalar (`[Task]` quoted) or as YAML's one-element flow list.
  mutating func typeFromNode(_ node: YAMLNode) -> SpecType? {
    switch node.kind {
    case .scalar(let text, _):
      return resolveType(text.trimmingSpaces, at: node.textLocation)
    case .sequence(let items) where items.count == 1 && items[0].scalar != nil:
      return typeFromNode(items[0]).map { .array($0) }
    default:
      error(.expected(.type, found: node.kindDescription), node)
      return nil
    }
  }

  /// The default a field gets when none is written.
  func implicitDefault(_ name: String, _ type: SpecType) -> Value? {
    switch type {
    case .optional: .null
    case .array: .array([])
    case .dictionary: .dictionary([])
    case .scalar(.uuid) where name == "id": .newUUID
    default: nil
    }
  }

  /// Whether `literal` is a number too large for `type` (a Float past 3.4e38, a Double past 1.8e308).
  func isOutOfRange(_ literal: String, _ type: SpecType) -> Bool {
    guard case .scalar(let scalar) = type.unwrapped, scalar == .float || scalar == .double,
      let number = Double(literal.filter { $0 != "_" })
    else { return false }
    return !number.isFinite || (scalar == .float && !Float(number).isFinite)
  }

  /// Stands in for a default that was wrong, once the error is reported.
  var placeholderValue: Value { .null }

  /// Resolves Swift type syntax against the scalar types and the spec's own types.
  mutating func resolveType(_ text: String, at location: SourceLocation) -> SpecType? {
    if text.hasSuffix("?") {
      let wrapped = String(text.dropLast()).trimmingSpaces
      guard !wrapped.hasSuffix("?"), !wrapped.isEmpty else {
        error(.invalidTypeSyntax(text), at: location)
        return nil
      }
      return resolveType(wrapped, at: location).map { .optional($0) }
    }
    if text.hasPrefix("[") && text.hasSuffix("]") {
      let inner = String(text.dropFirst().dropLast())
      if let colon = topLevelColon(inner) {
        let keyText = String(inner[..<colon]).trimmingSpaces
        let valueText = String(inner[inner.index(after: colon)...]).trimmingSpaces
        guard let key = resolveType(keyText, at: location.advanced(by: 1)),
          let value = resolveType(valueText, at: location.advanced(by: 1))
        else { return nil }
        switch key {
        case .scalar(.string), .scalar(.int), .scalar(.uuid), .enumeration: break
        default:
          error(.invalidDictionaryKey(key.swiftName), at: location)
          return nil
        }
        // An absent key already reads as nil; a value that may be nil too makes `d[k]` a `V??`.
        guard !value.isOptional else {
          let suggestion = SpecType.dictionary(key, value.unwrapped).swiftName
          error(.optionalDictionaryValue(text, suggestion: suggestion), at: location)
          return nil
        }
        return .dictionary(key, value)
      }
      return resolveType(inner.trimmingSpaces, at: location.advanced(by: 1)).map { .array($0) }
    }
    if let scalar = SpecType.Scalar(rawValue: text) { return .scalar(scalar) }
    if text == SpecType.indexSet.swiftName { return .indexSet }
    if typeNames.contains(text) {
      return modelsByName[text] != nil || modelNames.contains(text) ? .model(text) : .enumeration(text)
    }
    guard !text.isEmpty, identifierProblem(text) == nil else {
      error(.invalidTypeSyntax(text), at: location)
      return nil
    }
    let known =
      SpecType.Scalar.allCases.map(\.rawValue) + [SpecType.indexSet.swiftName] + modelNames + filterNames
      + usedModels.map(\.name)
    error(.unknownType(text, suggestion: closestMatch(to: text, in: known)), at: location)
    return nil
  }

  func topLevelColon(_ text: String) -> String.Index? {
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "[": depth += 1
      case "]": depth -= 1
      case ":" where depth == 0: return index
      default: break
      }
    }
    return nil
  }
}
