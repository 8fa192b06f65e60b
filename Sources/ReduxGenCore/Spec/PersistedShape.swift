/// What a feature's stored data looks like at one format version: the persisted state fields and,
/// recursively, the models and enums they hold, with each field's type, key in the stored JSON
/// and default. Written beside the spec for every version (`tasklist.persisted/3.yaml`), so a
/// later spec is compared with what older releases stored and tests can restore data of every
/// shape.
package struct PersistedShape: Sendable, Equatable {
  package struct Field: Sendable, Equatable {
    package var name: String
    package var type: SpecType
    /// The key the field is stored under.
    package var key: String
    /// The default as the snapshot writes it (`false`, `"[]"`, `new`); nil when there is none.
    package var defaultText: String?
    /// The default as a value, for restoring data that lacks the field; nil in a snapshot read
    /// back (where only its text is kept) and for fields without one.
    package var defaultValue: Value?
    /// A migration step says what becomes of it: compared with any type.
    package var settledByStep = false
    /// Where a snapshot read back writes it.
    package var location: SourceLocation?
  }

  package struct ModelShape: Sendable, Equatable {
    package var name: String
    package var fields: [Field]
  }

  package struct EnumShape: Sendable, Equatable {
    package var name: String
    /// Each case's name; for an enum whose cases carry values, with them: `playing(progress:
    /// Double)`, `notPlaying()`.
    package var cases: [String]

    /// A case as its name and its values' labels and type names (none for a name alone).
    package static func parts(of text: String) -> (name: String, values: [(label: String, type: String)]) {
      guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return (text, []) }
      let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
      var values: [(label: String, type: String)] = []
      var depth = 0
      var current = ""
      for character in inside + "," {
        if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
        if character == ",", depth == 0 {
          if let colon = current.firstIndex(of: ":") {
            values.append(
              (
                current[..<colon].trimmingCharacters(in: .whitespaces),
                current[current.index(after: colon)...].trimmingCharacters(in: .whitespaces)
              ))
          }
          current = ""
        } else {
          current.append(character)
        }
      }
      return (String(text[..<open]), values)
    }
  }

  package var version: Int
  package var key: String
  package var storage: Persist.Storage
  package var fields: [Field]
  package var models: [ModelShape]
  package var enums: [EnumShape]

  package func model(named name: String) -> ModelShape? { models.first { $0.name == name } }

  /// The field at a path of stored keys (a persisted field, then fields of models).
  func field(atKeys path: [String]) -> Field? {
    guard let first = path.first, var field = fields.first(where: { $0.key == first }) else { return nil }
    for key in path.dropFirst() {
      guard let model = field.type.namedTypes.first.flatMap(model(named:)),
        let next = model.fields.first(where: { $0.key == key })
      else { return nil }
      field = next
    }
    return field
  }

  /// Whether today's code does what `step` says without it: stored data keeps a removed field
  /// only until decoding drops it, and a missing field takes its default.
  func infers(_ step: PersistMigration.Step) -> Bool {
    switch step {
    case .remove: return true
    case .add(let path, let json):
      guard let field = field(atKeys: path) else { return false }
      guard let value = field.defaultValue else { return false }
      return SpecChecker.json(value) == json
    case .rename, .retype: return false
    }
  }

  /// The persisted shape of a checked spec.
  package init?(of spec: Spec) {
    guard let persist = spec.persist else { return nil }
    version = persist.version
    key = persist.key
    storage = persist.storage
    fields = persist.fields.compactMap(spec.stateField(named:)).map { Self.field($0, key: $0.name, in: spec) }
    models = []
    enums = []
    var pending = fields.map(\.type)
    var seen: Set<String> = []
    while let type = pending.popLast() {
      for name in type.namedTypes where seen.insert(name).inserted {
        if let model = spec.model(named: name) {
          // An identified model's id never defaults: a stored element without one isn't it.
          let shaped = model.fields.map { field in
            var shaped = Self.field(field, key: field.codingKey, in: spec)
            if field.name == "id" { (shaped.defaultText, shaped.defaultValue) = (nil, nil) }
            return shaped
          }
          models.append(ModelShape(name: name, fields: shaped))
          pending += shaped.map(\.type)
        } else if let enumType = spec.enumType(named: name), enumType.carriesValues {
          // Swift's Codable writes such a case as `{"playing": {"progress": 0.5}}`, one without
          // values as `{"notPlaying": {}}`: each case is kept with its values' labels and types.
          let cases = enumType.cases.map { caseName in
            let values = enumType.caseValues[caseName] ?? []
            return caseName + "(" + values.map { "\($0.name): \($0.type.swiftName)" }.joined(separator: ", ") + ")"
          }
          enums.append(EnumShape(name: name, cases: cases))
          pending += enumType.cases.flatMap { (enumType.caseValues[$0] ?? []).map(\.type) }
        } else if let cases = spec.cases(of: .enumeration(name)) {
          enums.append(EnumShape(name: name, cases: cases))
        }
      }
    }
    models.sort { $0.name < $1.name }
    enums.sort { $0.name < $1.name }
  }

  init(
    version: Int, key: String, storage: Persist.Storage, fields: [Field], models: [ModelShape], enums: [EnumShape]
  ) {
    self.version = version
    self.key = key
    self.storage = storage
    self.fields = fields
    self.models = models
    self.enums = enums
  }

  private static func field(_ field: ReduxGenCore.Field, key: String, in spec: Spec) -> Field {
    var defaultValue = field.defaultValue
    // A case alone of an enum whose cases carry values is written `{"notPlaying":{}}`.
    if case .enumCase(let name)? = defaultValue, spec.carriesValues(field.type) { defaultValue = .caseWithValues(name, []) }
    return Field(
      name: field.name, type: field.type, key: key, defaultText: defaultValue.map(defaultText),
      defaultValue: field.defaultValue)
  }

  /// A default as a snapshot writes it: JSON where it is JSON, else the spec's word for it.
  static func defaultText(_ value: Value) -> String {
    switch value {
    case .newUUID: "new"
    case .now: "now"
    case .modelDefault: "{}"
    default: SpecChecker.json(value) ?? "a value"
    }
  }

  /// The snapshot's path, relative to the spec's directory: `tasklist.persisted/3.yaml` beside
  /// `tasklist.yaml`.
  package static func path(specFile: String, version: Int) -> String {
    let name = specFile.split(separator: "/").last.map(String.init) ?? specFile
    let base = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name.hasSuffix(".yml") ? String(name.dropLast(4)) : name
    return "\(base).persisted/\(version).yaml"
  }
}

extension SpecType {
  /// The models and enums a type names, through optionals and collections.
  var namedTypes: [String] {
    switch self {
    case .model(let name), .enumeration(let name): [name]
    case .optional(let wrapped), .array(let wrapped): wrapped.namedTypes
    case .dictionary(let key, let value): key.namedTypes + value.namedTypes
    case .scalar, .requestStatus, .indexSet, .stack: []
    }
  }
}

// MARK: - The snapshot file

extension PersistedShape {
  /// The first line of a snapshot: redux-gen rewrites only files that start with it.
  package static let header = "# Generated by redux-gen"

  /// The snapshot as YAML: one line per field, `name: Type`, `name: Type = default`, with
  /// `key K` before the default when the stored key isn't the name.
  package func rendered(specPath: String) -> String {
    var lines = [
      "\(Self.header) from \(specPath): the persisted shape of format version \(version).",
      "# Keep it in version control. redux-gen compares the spec with it, and the generated tests",
      "# restore data of this shape. It changes only while the spec stays at this version.",
      "version: \(version)",
      "key: \(Self.quoted(key))",
      "storage: \(storage.rawValue)",
      "fields:",
    ]
    lines += fields.map { "  \(Self.quoted($0.name)): \(Self.quoted(Self.fieldText($0)))" }
    if !models.isEmpty {
      lines.append("models:")
      for model in models {
        lines.append("  \(Self.quoted(model.name)):")
        lines += model.fields.map { "    \(Self.quoted($0.name)): \(Self.quoted(Self.fieldText($0)))" }
      }
    }
    if !enums.isEmpty {
      lines.append("enums:")
      lines += enums.map { "  \(Self.quoted($0.name)): [\($0.cases.map(Self.quoted).joined(separator: ", "))]" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func fieldText(_ field: Field) -> String {
    var text = field.type.swiftName
    if field.key != field.name { text += " key \(field.key)" }
    if let defaultText = field.defaultText { text += " = \(defaultText)" }
    return text
  }

  /// A YAML scalar: plain when it reads back as the same text, else double-quoted.
  static func quoted(_ text: String) -> String {
    let words = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
    let plain =
      text.first.map { words.contains($0) } == true && text.allSatisfy { words.contains($0) || $0.isASCII && $0.isNumber }
      && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
    return plain ? text : SpecChecker.jsonString(text)
  }
}
