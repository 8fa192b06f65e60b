// The models, enums and filters' enums of a feature's generated sources: their declarations, and
// the Codable conformance written out where defaults or JSON keys need it.
extension FeatureTranslator {
  func modelsFile() -> [Declaration] {
    // Once for the file: the types some request throws, typed, conform to `Swift.Error`.
    let errors = typedErrors
    return spec.enums.map { enumeration($0, errors) } + spec.models.map { model($0, errors) }
      + spec.filters.map(filterEnum) + alertText() + types.capturedTypeAliases(access: access)
      + spec.models.flatMap { secretsExtension($0.name, keys: secretKeys($0.fields)) }
  }

  func model(_ model: Model, _ typedErrors: Set<String>) -> Declaration {
    let codable = needed.has(.codable, model: model.name)
    var inherits: [TypeName] = ["Equatable"]
    if needed.has(.hashable, model: model.name) { inherits.append("Hashable") }
    if codable { inherits.append("Codable") }
    inherits.append("Sendable")
    if model.idField != nil { inherits.append("Identifiable") }
    // Through its module: the spec may declare a type named `Error`.
    if typedErrors.contains(model.name) { inherits.append(.qualified(module: "Swift", name: "Error")) }
    // An internal struct without defaults gets exactly this initializer from the compiler.
    let needsInit = access != nil || model.fields.contains { $0.defaultValue != nil }
    return .structure(
      TypeDeclaration(
        doc: model.doc, access: access, name: model.name, inherits: inherits,
        members: storedProperties(model.fields) + (needsInit ? [memberwiseInit(model.fields)] : [])
          + (codable
            ? codingKeys(model.fields, always: Self.decodesDefaults(model.fields, identified: true))
              + decodingInit(model.fields, identified: true, withoutDefault: model.decodesWithoutDefault) : [])))
  }

  /// Whether some field has a default that the synthesized `init(from:)` wouldn't give when
  /// its key is missing (anything but an optional's nil); an identified model's `id` never
  /// defaults, as a stored element without one isn't the element it was.
  static func decodesDefaults(_ fields: [Field], identified: Bool) -> Bool {
    fields.contains { defaultWhenMissing($0, identified: identified) != nil }
  }

  static func defaultWhenMissing(_ field: Field, identified: Bool) -> Value? {
    guard let value = field.defaultValue, value != .null, !(identified && field.name == "id") else { return nil }
    return value
  }

  /// `init(from:)` that gives a field missing from stored data its default, so data saved
  /// before the field existed still decodes (a `persist` of an older release, a recording);
  /// none when the synthesized one already does.
  func decodingInit(_ fields: [Field], identified: Bool, withoutDefault: String? = nil) -> [Declaration] {
    guard Self.decodesDefaults(fields, identified: identified) else { return [] }
    let container = Expression.name("container")
    let body: [Statement] =
      [
        .declaration(
          VariableDeclaration(
            isConstant: true, name: "container",
            initializer: .tryExpression(
              .name("decoder").dot("container").call([Argument("keyedBy", .metatype(.named("CodingKeys")))]))))
      ]
      + fields.map { field in
        let key = Argument("forKey", .dot(field.name))
        let target = Expression.name("self").dot(field.name)
        let wrapped = field.type.isOptional ? field.type.unwrapped : field.type
        guard let value = Self.defaultWhenMissing(field, identified: identified), field.name != withoutDefault else {
          let method = field.type.isOptional ? "decodeIfPresent" : "decode"
          return .assignment(
            target, .tryExpression(container.dot(method).call([Argument(nil, .metatype(types.typeName(wrapped))), key])))
        }
        let defaultValue = types.expression(value, type: field.type)
        guard field.type.isOptional else {
          return .assignment(
            target,
            .tryExpression(
              container.dot("decode").call([
                Argument(nil, .metatype(types.typeName(wrapped))), key, Argument("default", defaultValue),
              ])))
        }
        // An optional with another default: a stored null stays nil; only a missing key defaults.
        return .ifElse(
          container.dot("contains").call([Argument(nil, .dot(field.name))]),
          [
            .assignment(
              target,
              .tryExpression(
                container.dot("decodeIfPresent").call([Argument(nil, .metatype(types.typeName(wrapped))), key])))
          ],
          [.assignment(target, defaultValue)])
      }
    return [
      .function(
        FunctionDeclaration(
          access: access, kind: .initializer,
          parameters: [Parameter(label: "from", name: "decoder", type: .existential(.named("Decoder")))],
          isThrowing: true, body: body))
    ] + encodingFunction(fields, identified: identified)
  }

  /// `encode(to:)` writing `null` for a nil optional whose default isn't nil: the synthesized
  /// one leaves its key out, which `init(from:)` would read as missing and restore as the
  /// default. None when no field has such a default.
  func encodingFunction(_ fields: [Field], identified: Bool) -> [Declaration] {
    let keepsNull = { (field: Field) in field.type.isOptional && Self.defaultWhenMissing(field, identified: identified) != nil }
    guard fields.contains(where: keepsNull) else { return [] }
    let container = Expression.name("container")
    let body: [Statement] =
      [
        .declaration(
          VariableDeclaration(
            isConstant: false, name: "container",
            initializer: .name("encoder").dot("container").call([Argument("keyedBy", .metatype(.named("CodingKeys")))])))
      ]
      + fields.map { field in
        let method = field.type.isOptional && !keepsNull(field) ? "encodeIfPresent" : "encode"
        return .expression(
          .tryExpression(
            container.dot(method).call([Argument(nil, .name("self").dot(field.name)), Argument("forKey", .dot(field.name))])))
      }
    return [
      .function(
        FunctionDeclaration(
          access: access, kind: .function("encode"),
          parameters: [Parameter(label: "to", name: "encoder", type: .existential(.named("Encoder")))],
          isThrowing: true, body: body))
    ]
  }

  /// `CodingKeys` naming the JSON key of every field, when one field's differs from its name
  /// (or `always`, for a hand-written `init(from:)`).
  func codingKeys(_ fields: [Field], always: Bool = false) -> [Declaration] {
    guard always || fields.contains(where: { $0.jsonKey != nil }) else { return [] }
    let cases = fields.map { field in
      Declaration.enumCase(EnumCaseDeclaration(doc: nil, name: field.name, rawValue: field.jsonKey))
    }
    return [
      .enumeration(
        TypeDeclaration(doc: nil, access: .private, name: "CodingKeys", inherits: ["String", "CodingKey"], members: cases))
    ]
  }

  func enumeration(_ enumType: EnumType, _ typedErrors: Set<String>) -> Declaration {
    if enumType.carriesValues { return sumType(enumType, typedErrors) }
    return .enumeration(
      TypeDeclaration(
        doc: enumType.doc, access: access, name: enumType.name,
        inherits: ["String", "CaseIterable", "Codable", "Hashable", "Sendable"]
          + (typedErrors.contains(enumType.name) ? [.qualified(module: "Swift", name: "Error")] : []),
        members: enumType.cases.map { .enumCase(EnumCaseDeclaration(doc: nil, name: $0)) }))
  }

  /// An enum whose cases carry values: each such case with its values, the struct holding them
  /// (`Playing`) and the property reading them, nil in another case (`mode.playing?.progress`).
  func sumType(_ enumType: EnumType, _ typedErrors: Set<String>) -> Declaration {
    var members: [Declaration] = enumType.cases.map { name in
      .enumCase(
        EnumCaseDeclaration(
          doc: nil, name: name,
          associatedValues: (enumType.caseValues[name] ?? []).map {
            EnumCaseDeclaration.AssociatedValue(label: $0.name, type: types.typeName($0.type))
          }))
    }
    for name in enumType.cases {
      guard let values = enumType.caseValues[name] else { continue }
      let valuesType = EnumType.valuesTypeName(name)
      members.append(
        .structure(
          TypeDeclaration(
            doc: "The values of `\(name)`.", access: access, name: valuesType, inherits: ["Hashable", "Sendable"],
            members: storedProperties(values))))
      let made = Expression.type(.named(valuesType)).call(values.map { Argument($0.name, .name($0.name)) })
      members.append(
        .variable(
          VariableDeclaration(
            doc: "The values of `\(name)`; nil in another case.", access: access, name: name,
            type: .optional(.named(valuesType)),
            getter: [
              .ifCase(Pattern(caseName: name, bindings: values.map(\.name)), .name("self"), [.returnStatement(made)]),
              .returnStatement(.literal(.nilLiteral)),
            ])))
    }
    return .enumeration(
      TypeDeclaration(
        doc: enumType.doc, access: access, name: enumType.name,
        inherits: ["Codable", "Hashable", "Sendable"]
          + (typedErrors.contains(enumType.name) ? [.qualified(module: "Swift", name: "Error")] : []),
        members: members))
  }

  func filterEnum(_ filter: Filter) -> Declaration {
    let doc = "The views of `\(filter.over)` that `\(filter.result)` can show."
    let cases = filter.cases.map { filterCase in
      Declaration.enumCase(EnumCaseDeclaration(doc: nil, name: filterCase.name))
    }
    return .enumeration(
      TypeDeclaration(
        doc: doc, access: access, name: filter.name,
        inherits: ["String", "CaseIterable", "Codable", "Hashable", "Sendable"], members: cases))
  }

  func storedProperties(_ fields: [Field]) -> [Declaration] {
    fields.map { field in
      .variable(
        VariableDeclaration(
          doc: field.doc, access: access, name: field.name, type: types.typeName(field.type)))
    }
  }

  /// An initializer whose parameters take the fields' defaults.
  func memberwiseInit(_ fields: [Field]) -> Declaration {
    let parameters = fields.map { field in
      Parameter(
        name: field.name, type: types.typeName(field.type),
        defaultValue: field.defaultValue.map { types.expression($0, type: field.type) })
    }
    let body = fields.map { field in
      Statement.assignment(.name("self").dot(field.name), .name(field.name))
    }
    return .function(
      FunctionDeclaration(
        doc: nil, access: access, kind: .initializer, parameters: parameters, body: body))
  }
}
