import Foundation

/// `persist`: the fields saved between launches, where, in which format version, and the
/// migrations from older versions.
extension SpecChecker {
  mutating func checkPersist(_ node: YAMLNode) -> Persist? {
    guard let pairs = mapping(node, what: .key("persist")) else { return nil }
    let keys = checkKeys(pairs, allowed: SpecKeys.persist, context: .key("persist"))
    guard let fieldsNode = keys["fields"] else {
      missing("fields", in: .key("persist"), node)
      return nil
    }
    var fields: [String] = []
    for item in fieldsNode.scalar != nil ? [fieldsNode] : sequence(fieldsNode, what: .key("fields")) ?? [] {
      guard let name = text(item, what: .a(.stateField)) else { continue }
      guard let field = stateByName[name] else {
        error(.unknownField(name, context: .theState, suggestion: closestMatch(to: name, in: state.map(\.name))), item)
        continue
      }
      // Its screens are other features' states, whose shapes the snapshot doesn't describe.
      if field.type.isStack {
        error(.persistedStack(name), item)
        continue
      }
      fields.append(name)
    }
    var persist = Persist(fields: fields, key: feature.lowercased())
    if let keyNode = keys["key"], let text = text(keyNode, what: .key("key")) {
      // The key names a file in the storage's directory: it must not leave it.
      let allowed = text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
      }
      if text.isEmpty || !allowed || text.hasPrefix(".") || text.utf8.count > GeneratedNames.maximumPersistKeyLength {
        error(.invalidPersistKey(text), keyNode)
      } else {
        persist.key = text
      }
    }
    if let storageNode = keys["storage"], let name = text(storageNode, what: .key("storage")) {
      if let storage = Persist.Storage(rawValue: name) {
        persist.storage = storage
      } else {
        let names = Persist.Storage.allCases.map(\.rawValue)
        error(.unknownStorage(name, suggestion: closestMatch(to: name, in: names)), storageNode)
      }
    }
    var migrationNodes: [(version: Int, node: YAMLNode, at: YAMLNode)] = []
    if let migrationsNode = keys["migrations"], let pairs = mapping(migrationsNode, what: .key("migrations")) {
      for pair in pairs {
        guard let text = text(pair.key, what: .key("migrations")) else { continue }
        guard let version = Int(text), version >= 2, version <= GeneratedNames.maximumPersistVersion else {
          error(.invalidPersistVersion(text), pair.key)
          continue
        }
        migrationNodes.append((version, pair.value, pair.key))
      }
    }
    let newest = migrationNodes.map(\.version).max() ?? 1
    persist.version = newest
    if let versionNode = keys["version"], let text = text(versionNode, what: .key("version")) {
      if let version = Int(text), version >= 1, version <= GeneratedNames.maximumPersistVersion {
        persist.version = version
        for migration in migrationNodes where migration.version > version {
          error(.migrationVersion(migration.version, current: version), migration.at)
        }
      } else {
        error(.invalidPersistVersion(text), versionNode)
      }
    }
    // The steps of each version, oldest first; a path is checked against the current spec
    // once the renames of later versions are applied to it.
    let sorted = migrationNodes.sorted { $0.version < $1.version }
    var raw: [(version: Int, steps: [RawStep])] = []
    for migration in sorted {
      raw.append((migration.version, migrationSteps(migration.node, storage: persist.storage)))
    }
    persist.migrations = raw.indices.map { index in
      let later = raw[(index + 1)...].flatMap(\.steps)
      return PersistMigration(
        version: raw[index].version,
        steps: raw[index].steps.compactMap { resolve($0, later: later, persisted: fields) })
    }
    return persist
  }

  /// A migration step as written: its kind, path (as the spec names it), and the node of its
  /// value, new name or fallback.
  struct RawStep {
    enum Kind: String, CaseIterable {
      case rename, add, remove, retype
    }
    var kind: Kind
    var path: [String]
    var node: YAMLNode
    var newName: String?
    var valueNode: YAMLNode?
    /// Where a rename's new name is written.
    var toNode: YAMLNode?
  }

  /// The steps of one version: a list of `{rename: PATH, to: NAME}`, `{add: PATH, value: V}`,
  /// `{remove: PATH}`, `{retype: PATH, fallback: V}`.
  private mutating func migrationSteps(_ node: YAMLNode, storage: Persist.Storage) -> [RawStep] {
    var steps: [RawStep] = []
    for item in node.scalar != nil || node.isNull ? [node] : sequence(node, what: .key("migrations")) ?? [] {
      guard let pairs = mapping(item, what: .key("migrations")) else { continue }
      let keys = checkKeys(pairs, allowed: SpecKeys.migrationStep, context: .key("migrations"))
      let kinds = RawStep.Kind.allCases.filter { keys[$0.rawValue] != nil }
      guard kinds.count == 1, let kind = kinds.first, let pathNode = keys[kind.rawValue] else {
        error(.migrationStepShape, item)
        continue
      }
      guard let pathText = text(pathNode, what: .a(.path)) else { continue }
      let path = pathText.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard path.allSatisfy({ identifierProblem($0) == nil }) else {
        error(.migrationPath(pathText, reason: "must be field names joined by '.'"), pathNode)
        continue
      }
      if storage == .sqlite && path.count == 1 {
        error(.sqliteWholeField(pathText), pathNode)
        continue
      }
      let allowedExtras: [String] =
        switch kind {
        case .rename: ["to"]
        case .add: ["value"]
        case .remove: []
        case .retype: ["fallback"]
        }
      for extra in ["to", "value", "fallback"] where keys[extra] != nil && !allowedExtras.contains(extra) {
        error(.migrationStepShape, keys[extra]!)
      }
      var step = RawStep(kind: kind, path: path, node: pathNode, valueNode: keys["value"] ?? keys["fallback"])
      if kind == .rename {
        guard let toNode = keys["to"] else {
          missing("to", in: .key("migrations"), item)
          continue
        }
        guard let name = identifier(toNode, what: .a(.field)) else { continue }
        step.newName = name
        step.toNode = toNode
      }
      steps.append(step)
    }
    return steps
  }

  /// The step with its path in coding keys and its JSON values; nil after reporting a problem.
  private mutating func resolve(_ step: RawStep, later: [RawStep], persisted: [String]) -> PersistMigration.Step? {
    let text = step.path.joined(separator: ".")
    // The path as the field is named after this step, then after the later renames.
    var current = step.path
    if step.kind == .rename, let newName = step.newName { current[current.count - 1] = newName }
    for other in later {
      if other.kind == .rename, let newName = other.newName, current.starts(with: other.path) {
        current[other.path.count - 1] = newName
      } else if other.kind == .remove, current.starts(with: other.path) {
        // Gone later: nothing to check it against.
        return stepWithoutChecking(step)
      }
    }
    if step.kind == .remove {
      // The field is gone, but what holds it is still there.
      guard current.count > 1 else { return .remove(step.path) }
      guard let (keys, type, _) = resolvePath(Array(current.dropLast()), persisted: persisted, text: text, node: step.node)
      else { return nil }
      guard case .model = Self.element(of: type) else {
        error(.migrationPath(text, reason: "goes into '\(current[current.count - 2])', which isn't a model or a list of models"), step.node)
        return nil
      }
      var stored = step.path
      for index in keys.indices where step.path[index] == current[index] { stored[index] = keys[index] }
      return .remove(stored)
    }
    // A rename is checked by its new name, where that is written.
    let resolvedText = step.kind == .rename ? current.joined(separator: ".") : text
    guard
      let (keys, type, field) = resolvePath(
        current, persisted: persisted, text: resolvedText, node: step.toNode ?? step.node)
    else {
      return nil
    }
    // The stored names: coding keys where the current spec has the field, as written before.
    var stored = step.path
    for index in stored.indices where index < keys.count && step.path[index] == current[index] {
      // A rename's old name stays as written: it is the key stored before (a field whose
      // `json:` key changed is renamed from its own name).
      if step.kind == .rename && index == stored.count - 1 { continue }
      stored[index] = keys[index]
    }
    switch step.kind {
    case .rename:
      return .rename(stored, to: keys[keys.count - 1])
    case .add:
      guard let json = migrationJSON(step.valueNode, type: type, field: field, path: text, key: "value", node: step.node)
      else { return nil }
      return .add(stored, json: json)
    case .retype:
      guard let kind = jsonKind(type) else {
        error(.retypeUnsupported(text, type: type.swiftName), step.node)
        return nil
      }
      guard
        let json = migrationJSON(step.valueNode, type: type, field: field, path: text, key: "fallback", node: step.node)
      else { return nil }
      return .retype(stored, kind: kind, fallback: json)
    case .remove:
      return .remove(stored)
    }
  }

  /// A step on a field a later version removes: only its values' syntax is known.
  private mutating func stepWithoutChecking(_ step: RawStep) -> PersistMigration.Step? {
    switch step.kind {
    case .rename: return .rename(step.path, to: step.newName ?? "")
    case .remove: return .remove(step.path)
    case .add, .retype:
      let text = step.path.joined(separator: ".")
      error(.migrationPath(text, reason: "is removed by a later migration; add or retype it there"), step.node)
      return nil
    }
  }

  /// The coding keys along `path` in the current spec, the type and the field it ends at.
  private mutating func resolvePath(
    _ path: [String], persisted: [String], text: String, node: YAMLNode
  ) -> ([String], SpecType, Field)? {
    guard let first = path.first, persisted.contains(first), var field = stateByName[first] else {
      let suggestion = closestMatch(to: path.first ?? "", in: persisted)
      error(
        .migrationPath(
          text, reason: "doesn't start with a persisted field" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")),
        node)
      return nil
    }
    var keys = [field.codingKey]
    for name in path.dropFirst() {
      guard case .model(let modelName) = Self.element(of: field.type), let model = modelsByName[modelName] else {
        error(.migrationPath(text, reason: "goes into '\(field.name)', which isn't a model or a list of models"), node)
        return nil
      }
      guard let next = model.fields.first(where: { $0.name == name }) else {
        let suggestion = closestMatch(to: name, in: model.fields.map(\.name))
        error(
          .migrationPath(
            text,
            reason: "names no field of model \(modelName)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")),
          node)
        return nil
      }
      field = next
      keys.append(field.codingKey)
    }
    return (keys, field.type, field)
  }

  /// Through optionals and lists, the type a path goes into.
  private static func element(of type: SpecType) -> SpecType {
    switch type {
    case .optional(let wrapped), .array(let wrapped): element(of: wrapped)
    default: type
    }
  }

  /// The JSON kind a retyped field converts to.
  private func jsonKind(_ type: SpecType) -> String? {
    switch type.unwrapped {
    case .enumeration(let name) where expressionModelsByName[name] != nil: nil
    case .scalar(.string), .scalar(.uuid), .scalar(.url), .enumeration: "string"
    case .scalar(.int), .scalar(.int64): "integer"
    case .scalar(.double), .scalar(.float): "number"
    case .scalar(.bool): "bool"
    default: nil
    }
  }

  /// The JSON of a migration's value: the one written, else the field's default, else null
  /// for an optional.
  private mutating func migrationJSON(
    _ valueNode: YAMLNode?, type: SpecType, field: Field, path: String, key: String, node: YAMLNode
  ) -> String? {
    let value: Value
    if let valueNode {
      guard let written = exampleValue(valueNode, type: type) else { return nil }
      value = written
    } else if let defaultValue = field.defaultValue {
      value = defaultValue
    } else if type.isOptional {
      value = .null
    } else {
      error(.migrationNeedsValue(path, key: key), node)
      return nil
    }
    guard let json = Self.json(value) else {
      error(.migrationValue(path), valueNode ?? node)
      return nil
    }
    return json
  }

  /// JSON text as the generated Codable types write `value`; nil for values a migration
  /// doesn't take (dates, data, models, non-empty collections).
  static func json(_ value: Value) -> String? {
    switch value {
    case .bool(let flag): flag ? "true" : "false"
    case .int(let number): String(number)
    case .double(let number): number.isFinite ? "\(number)" : nil
    case .string(let text), .uuid(let text), .url(let text), .enumCase(let text): jsonString(text)
    case .null: "null"
    case .array(let items) where items.isEmpty: "[]"
    case .dictionary(let entries) where entries.isEmpty: "{}"
    case .caseWithValues(let name, let values):
      // As Swift's Codable writes a case with values: `{"playing":{"progress":0.5}}`.
      values.map { json($0.value) }.contains(nil)
        ? nil
        : "{\(jsonString(name)):{" + values.map { "\(jsonString($0.name)):\(json($0.value) ?? "null")" }.joined(separator: ",") + "}}"
    default: nil
    }
  }

  /// A JSON string, as the generated code's encoder would write it.
  static func jsonString(_ text: String) -> String {
    // Encoding a String can't fail.
    (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}
