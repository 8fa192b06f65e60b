import Foundation

/// `<Feature>StoredDataTests`: for every persisted shape recorded beside the spec (and today's),
/// data of that shape is stored as that version stored it and restored with today's code, and
/// every field is checked: values carried, migrations applied, missing fields at their defaults.
///
/// The expectations are worked out here, from the snapshots and the migration steps, not by the
/// runtime that restores: a restore that loses or mangles a field fails the test.
struct StoredDataTestTranslator {
  let spec: Spec
  let tests: TestTranslator

  func storedDataTests() -> [Declaration] {
    guard let persist = spec.persist, let current = PersistedShape(of: spec) else { return [] }
    let tests = (persist.snapshots + [current]).map { shape in
      let samples = StoredSamples(shape: shape, current: current, migrations: persist.migrations)
      let file = PersistedShape.path(specFile: spec.path, version: shape.version)
      let title =
        shape.version == current.version
        ? "data stored at today's version \(shape.version) restores whole"
        : "data stored at version \(shape.version) (\(file)) restores with today's code"
      // Each JSON text a constant of its own: a multi-line literal inside a call's arguments
      // would need swift-format's line breaks around it.
      var constants: [Statement] = []
      var built: [Expression] = []
      for (index, sample) in samples.all.enumerated() {
        let names = ["stored\(index + 1)", "restored\(index + 1)"]
        for (name, json) in zip(names, [sample.value, sample.expected]) {
          let lines = json.lines
          constants.append(
            .declaration(
              VariableDeclaration(
                isConstant: true, name: name,
                initializer: .literal(lines.count == 1 ? .string(lines[0]) : .rawLines(lines)))))
        }
        built.append(
          self.tests.types.runtime.value("StoredSample").call([
            Argument(nil, .literal(.string(sample.name))), Argument("version", .literal(.int(shape.version))),
            Argument("value", .name(names[0])), Argument("expected", .name(names[1])),
          ]))
      }
      return self.tests.test(
        title, "storedAtVersion\(shape.version)", throwing: true,
        constants + [
          .declaration(VariableDeclaration(isConstant: true, name: "samples", initializer: .array(built))),
          .forIn("sample", .name("samples"), where: nil, restoreAndCheck(shape, persist)),
        ])
    }
    return [.structure(TypeDeclaration(doc: nil, name: spec.names.storedDataTests, members: tests))]
  }

  /// Stores the sample, restores today's state from it and compares every persisted field.
  private func restoreAndCheck(_ shape: PersistedShape, _ persist: Persist) -> [Statement] {
    let state = Expression.name(spec.stateTypeName)
    var statements: [Statement] = []
    let storage: Expression
    if persist.storage == .sqlite {
      statements.append(
        .declaration(
          VariableDeclaration(
            isConstant: true, name: "storage",
            initializer: .tryExpression(.name("SQLiteStorage").dot("inMemory").call()))))
      // The fields the sample's version stored a row per element, by their elements' id key.
      let rows = shape.fields.compactMap { field -> DictionaryEntry? in
        guard case .array(.model(let name)) = field.type, let model = shape.model(named: name),
          let id = model.fields.first(where: { $0.name == "id" })
        else { return nil }
        return DictionaryEntry(key: .literal(.string(field.key)), value: .literal(.string(id.key)))
      }
      statements.append(
        .expression(
          .tryExpression(
            .name("storage").dot("store").call([
              Argument(nil, .name("sample")), Argument("key", .literal(.string(persist.key))),
              Argument("rows", rows.isEmpty ? .literal(.emptyDictionary) : .dictionary(rows)),
            ]))))
      storage = .name("storage")
    } else {
      storage = .name("sample").dot("storage")
    }
    statements.append(
      .declaration(
        VariableDeclaration(
          isConstant: true, name: "persistence",
          initializer: state.dot("persistence").call([Argument("storage", storage)]))))
    statements.append(
      .declaration(
        VariableDeclaration(
          isConstant: true, name: "restored",
          initializer: .tryExpression(.name("persistence").dot("restoredState").call([Argument(nil, state.call())])))))
    let encoded = persist.fields.map { field in
      DictionaryEntry(
        key: .literal(.string(field)),
        value: .tryExpression(.name("JSONEncoder").call().dot("encode").call([Argument(nil, .name("restored").dot(field))])))
    }
    statements.append(
      .declaration(VariableDeclaration(isConstant: true, name: "fields", initializer: .dictionary(encoded))))
    statements.append(
      .expression(
        .macro(
          "expect",
          [
            Argument(
              nil,
              .binary(
                .name("sample").dot("mismatches").call([Argument(nil, .name("fields"))]), .equal,
                .literal(.emptyArray)))
          ])))
    return statements
  }
}

/// Sample data of one persisted shape, three ways (every field given; fields with defaults left
/// out inside the persisted fields; nothing but the envelope), each with what today's code must
/// restore from it.
struct StoredSamples {
  let shape: PersistedShape
  let current: PersistedShape
  let migrations: [PersistMigration]

  var all: [(name: String, value: SampleJSON, expected: SampleJSON)] {
    [("every field", full), ("fields with defaults left out", minimal), ("nothing stored", .object([:]))].map {
      ($0.0, $0.1, expected(from: $0.1))
    }
  }

  private var full: SampleJSON { object(shape.fields, omittingDefaults: false, stack: []) }

  /// The persisted fields given, with the defaulted fields of their models left out.
  private var minimal: SampleJSON {
    var fields: [String: SampleJSON] = [:]
    for field in shape.fields {
      if let value = sample(field.type, key: field.key, omittingDefaults: true, stack: []) { fields[field.key] = value }
    }
    return .object(fields)
  }

  private func object(_ fields: [PersistedShape.Field], omittingDefaults: Bool, stack: [String]) -> SampleJSON {
    var values: [String: SampleJSON] = [:]
    for field in fields {
      if omittingDefaults && field.defaultText != nil && field.name != "id" { continue }
      if let value = sample(field.type, key: field.key, omittingDefaults: omittingDefaults, stack: stack) {
        values[field.key] = value
      }
    }
    return .object(values)
  }

  /// A value of `type` as the generated Codable types store it; nil when none can be made here
  /// (a dictionary whose keys aren't text or whole numbers, a model inside itself).
  private func sample(_ type: SpecType, key: String, omittingDefaults: Bool, stack: [String]) -> SampleJSON? {
    switch type {
    case .scalar(let scalar):
      switch scalar {
      case .string: return .string("stored \(key)")
      case .int, .int64: return .int(7)
      case .double, .float, .decimal: return .number(2.5)
      case .bool: return .bool(true)
      case .uuid: return .string("00000000-0000-0000-0000-000000000007")
      // Seconds since 2001, as `JSONEncoder` writes a `Date` by default.
      case .date: return .number(1000.5)
      // The key's letters and digits alone: `URL` percent-encodes others (a `json:` key may
      // hold any), and the restored URL would not read as stored.
      case .url:
        let plain = key.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        return .string("https://example.com/" + String(plain))
      case .data: return .string("AQID")
      }
    case .enumeration(let name):
      guard let first = shape.enums.first(where: { $0.name == name })?.cases.first else { return nil }
      guard first.contains("(") else { return .string(first) }
      // A case of an enum whose cases carry values: `{"playing": {"progress": 0.5}}`.
      let (caseName, values) = PersistedShape.EnumShape.parts(of: first)
      let (models, enums) = (Set(shape.models.map(\.name)), Set(shape.enums.map(\.name)))
      var object: [String: SampleJSON] = [:]
      for value in values {
        guard let type = SnapshotReader.type(value.type, models: models, enums: enums),
          let sampled = sample(type, key: key + value.label, omittingDefaults: omittingDefaults, stack: stack)
        else { return nil }
        object[value.label] = sampled
      }
      return .object([caseName: .object(object)])
    case .optional(let wrapped):
      return sample(wrapped, key: key, omittingDefaults: omittingDefaults, stack: stack)
    case .array(let element):
      return .array(sample(element, key: key, omittingDefaults: omittingDefaults, stack: stack).map { [$0] } ?? [])
    case .dictionary(let keyType, let value):
      guard let entry = sample(value, key: key, omittingDefaults: omittingDefaults, stack: stack) else { return nil }
      switch keyType {
      case .scalar(.string): return .object(["key": entry])
      case .scalar(.int): return .object(["7": entry])
      default: return nil
      }
    case .model(let name):
      guard !stack.contains(name), let model = shape.model(named: name) else { return nil }
      return object(model.fields, omittingDefaults: omittingDefaults, stack: stack + [name])
    case .requestStatus:
      return .object(["idle": .object([:])])
    case .indexSet:
      return nil
    case .stack:
      // An empty stack, as `ScreenStack` encodes one.
      return .object(["screens": .array([]), "nextID": .int(0)])
    }
  }

  /// The models a sample of `shape` fills (those it reaches through lists, optionals and
  /// dictionaries keyed by text or whole numbers): what the stored-data tests check.
  static func sampledModels(of shape: PersistedShape) -> [String] {
    var found: [String] = []
    var pending = shape.fields.map(\.type)
    while let type = pending.popLast() {
      switch type {
      case .optional(let wrapped), .array(let wrapped): pending.append(wrapped)
      case .dictionary(.scalar(.string), let value), .dictionary(.scalar(.int), let value): pending.append(value)
      case .model(let name) where !found.contains(name):
        found.append(name)
        pending += shape.model(named: name)?.fields.map(\.type) ?? []
      default: break
      }
    }
    return found
  }

  // MARK: What restoring gives

  /// `value` migrated to today's version, then read as today's types read it.
  func expected(from value: SampleJSON) -> SampleJSON {
    var migrated = value
    for migration in migrations where migration.version > shape.version {
      for step in migration.steps { migrated = migrated.applying(step, along: step.path[...]) }
    }
    guard case .object(let stored) = migrated else { return migrated }
    var fields: [String: SampleJSON] = [:]
    for field in current.fields {
      if let value = restored(stored[field.key], as: field) { fields[field.key] = value }
    }
    return .object(fields)
  }

  /// What a field becomes: its stored value read as its type, else its default; nil when it is
  /// absent from the encoded result (an optional that is nil).
  private func restored(_ stored: SampleJSON?, as field: PersistedShape.Field) -> SampleJSON? {
    guard let stored else { return field.defaultValue.flatMap { defaultJSON($0, type: field.type) } }
    return read(stored, as: field.type)
  }

  private func read(_ value: SampleJSON, as type: SpecType) -> SampleJSON? {
    switch (type, value) {
    case (.optional, .null): return nil
    case (.optional(let wrapped), _): return read(value, as: wrapped)
    case (.array(let element), .array(let items)): return .array(items.compactMap { read($0, as: element) })
    case (.dictionary(_, let valueType), .object(let entries)):
      return .object(entries.compactMapValues { read($0, as: valueType) })
    case (.model(let name), .object(let stored)):
      guard let model = current.model(named: name) else { return value }
      var fields: [String: SampleJSON] = [:]
      for field in model.fields {
        if let value = restored(stored[field.key], as: field) { fields[field.key] = value }
      }
      return .object(fields)
    default: return value
    }
  }

  /// A default as today's code encodes it; `<any>` for one made at run time; nil for nil.
  /// Whether `type` is an enum the shape records with its cases' values (`EnumShape.cases`).
  private func isSumEnum(_ type: SpecType) -> Bool {
    guard case .enumeration(let name) = type.unwrapped else { return false }
    return current.enums.first { $0.name == name }?.cases.first?.contains("(") == true
  }

  private func defaultJSON(_ value: Value, type: SpecType) -> SampleJSON? {
    // An empty stack, as `ScreenStack` encodes one (the only default a stack has).
    if type.isStack { return .object(["screens": .array([]), "nextID": .int(0)]) }
    switch value {
    case .null: return nil
    // A status encodes as its case holding its values (`{"idle": {}}`).
    case .enumCase(let name) where type == .requestStatus: return .object([name: .object([:])])
    case .failed(let message) where type == .requestStatus: return .object(["failed": .object(["_0": .string(message)])])
    // So does a case alone of an enum whose cases carry values.
    case .enumCase(let name) where isSumEnum(type): return .object([name: .object([:])])
    case .dictionary(let entries) where entries.isEmpty:
      // `JSONEncoder` writes a dictionary keyed by anything but text or an Int as a list of
      // keys and values.
      switch type.unwrapped {
      case .dictionary(.scalar(.string), _), .dictionary(.scalar(.int), _): return .object([:])
      default: return .array([])
      }
    case .modelDefault(let name):
      guard let model = current.model(named: name) else { return .any }
      var fields: [String: SampleJSON] = [:]
      for field in model.fields {
        guard let fieldDefault = field.defaultValue else { return .any }
        if let json = defaultJSON(fieldDefault, type: field.type) { fields[field.key] = json }
      }
      return .object(fields)
    default:
      return SpecChecker.json(value).flatMap(SampleJSON.init(json:)) ?? .any
    }
  }
}

/// JSON as the samples and their expectations are written into the generated tests.
indirect enum SampleJSON: Equatable, Decodable {
  case null
  case bool(Bool)
  case int(Int64)
  case number(Double)
  case string(String)
  case array([SampleJSON])
  case object([String: SampleJSON])

  /// Matches any value (`StoredSample`'s `"<any>"`).
  static let any = SampleJSON.string("<any>")

  init?(json: String) {
    guard let value = try? JSONDecoder().decode(SampleJSON.self, from: Data(json.utf8)) else { return nil }
    self = value
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([SampleJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: SampleJSON].self))
    }
  }

  /// Pretty-printed, keys sorted, two spaces per level.
  var lines: [String] { rendered(indent: "") }

  private func rendered(indent: String) -> [String] {
    let inner = indent + "  "
    switch self {
    case .array(let items) where !items.isEmpty:
      var lines = ["["]
      for (index, item) in items.enumerated() {
        var itemLines = item.rendered(indent: inner)
        itemLines[0] = inner + itemLines[0]
        if index < items.count - 1 { itemLines[itemLines.count - 1] += "," }
        lines += itemLines
      }
      return lines + [indent + "]"]
    case .object(let fields) where !fields.isEmpty:
      var lines = ["{"]
      let keys = fields.keys.sorted()
      for (index, key) in keys.enumerated() {
        var fieldLines = fields[key]!.rendered(indent: inner)
        fieldLines[0] = inner + SpecChecker.jsonString(key) + ": " + fieldLines[0]
        if index < keys.count - 1 { fieldLines[fieldLines.count - 1] += "," }
        lines += fieldLines
      }
      return lines + [indent + "}"]
    case .array: return ["[]"]
    case .object: return ["{}"]
    case .null: return ["null"]
    case .bool(let flag): return [flag ? "true" : "false"]
    case .int(let number): return [String(number)]
    case .number(let number): return ["\(number)"]
    case .string(let text): return [SpecChecker.jsonString(text)]
    }
  }

  /// This value with a migration step applied at `path` (relative to it): what the runtime's
  /// migrations must make of stored data, worked out independently of them.
  func applying(_ step: PersistMigration.Step, along path: ArraySlice<String>) -> SampleJSON {
    switch self {
    case .array(let items):
      return .array(items.map { $0.applying(step, along: path) })
    case .object(var fields):
      guard let name = path.first else { return self }
      if path.count > 1 {
        fields[name] = fields[name]?.applying(step, along: path.dropFirst())
        return .object(fields)
      }
      switch step {
      case .rename(_, let newName):
        if let value = fields.removeValue(forKey: name) { fields[newName] = value }
      case .add(_, let json):
        if fields[name] == nil { fields[name] = SampleJSON(json: json) ?? .null }
      case .remove:
        fields[name] = nil
      case .retype(_, let kind, let fallback):
        if let value = fields[name], value != .null {
          fields[name] = value.converted(to: kind) ?? SampleJSON(json: fallback) ?? .null
        }
      }
      return .object(fields)
    default:
      return self
    }
  }

  private func converted(to kind: String) -> SampleJSON? {
    switch (kind, self) {
    case ("string", .string), ("integer", .int), ("number", .number), ("bool", .bool): self
    case ("string", .int(let value)): .string(String(value))
    case ("string", .number(let value)): .string("\(value)")
    case ("string", .bool(let value)): .string(value ? "true" : "false")
    case ("integer", .number(let value)): value.rounded() == value ? Int64(exactly: value).map { .int($0) } : nil
    case ("integer", .string(let value)): Int64(value.trimmingCharacters(in: .whitespaces)).map { .int($0) }
    case ("integer", .bool(let value)): .int(value ? 1 : 0)
    case ("number", .int(let value)): .number(Double(value))
    case ("number", .string(let value)): Double(value.trimmingCharacters(in: .whitespaces)).map { .number($0) }
    case ("bool", .string(let value)): value == "true" ? .bool(true) : value == "false" ? .bool(false) : nil
    case ("bool", .int(let value)): value == 0 || value == 1 ? .bool(value == 1) : nil
    default: nil
    }
  }
}
