import Foundation

/// The persisted shape against the snapshots beside the spec: a change that data stored by an
/// older release can't follow without a step (a removed, renamed or retyped field, a new field
/// without a default, another key or storage) is a located error naming the step to write or
/// the version to raise. A new field with a default needs nothing; a removed field needs a new
/// version but no step.
extension SpecChecker {
  /// Reads the snapshots of `spec`'s versions and compares the newest with the spec; the older
  /// ones are kept in `spec.persist.snapshots` for the generated tests.
  mutating func checkPersistedShape(_ spec: inout Spec, keys: [String: YAMLNode]) {
    guard let current = PersistedShape(of: spec), let persistNode = keys["persist"] else { return }
    var snapshots: [PersistedShape] = []
    for version in 1...current.version {
      let file = Self.resolve(PersistedShape.path(specFile: path, version: version), from: path)
      guard let bytes = readFile(file) else { continue }
      if let shape = readSnapshot(String(decoding: bytes, as: UTF8.self), path: file, version: version) {
        snapshots.append(shape)
      }
    }
    spec.persist?.snapshots = snapshots.filter { $0.version < current.version }
    guard var newest = snapshots.last else { return }
    let sameVersion = newest.version == current.version
    if !sameVersion {
      for migration in spec.persist?.migrations ?? [] where migration.version > newest.version {
        for step in migration.steps { newest.apply(step) }
      }
    }
    let file = Self.resolve(PersistedShape.path(specFile: path, version: newest.version), from: path)
    var comparison = ShapeComparison(old: newest, new: current)
    comparison.compare()
    let locator = ShapeLocator(keys: keys, spec: spec)
    let advice = ShapeAdvice(version: current.version, sameVersion: sameVersion)
    if newest.key != current.key && sameVersion {
      error(
        .persistedStoreChanged(what: "key", old: newest.key, new: current.key, advice: advice.raise),
        at: keys["persist"].flatMap { locator.key("key", in: $0) } ?? persistNode.location)
    }
    if newest.storage != current.storage && sameVersion {
      error(
        .persistedStoreChanged(what: "storage", old: newest.storage.rawValue, new: current.storage.rawValue, advice: advice.raise),
        at: keys["persist"].flatMap { locator.key("storage", in: $0) } ?? persistNode.location)
    }
    for change in comparison.changes {
      let location = locator.location(of: change) ?? persistNode.location
      switch change {
      case .added(let path, let field):
        guard field.defaultText == nil else { continue }
        error(.persistedFieldWithoutDefault(path.joined(separator: "."), advice: advice), at: location)
      case .removed(let path, let field):
        // Data of an older version keeps it: decoding leaves it out. At the same version, the
        // snapshot would no longer say what that version stores.
        guard sameVersion else { continue }
        error(
          .persistedFieldRemoved(path.joined(separator: "."), snapshot: Self.place(field.location, file), advice: advice),
          at: location)
      case .retyped(let path, let old, let new):
        let convertible = Self.retypeable(from: old.type, to: new.type)
        error(
          .persistedFieldRetyped(
            path.joined(separator: "."), old: old.type.swiftName, new: new.type.swiftName,
            snapshot: Self.place(old.location, file), convertible: convertible, advice: advice),
          at: location)
      case .renamed(let oldPath, let newField):
        error(
          .persistedFieldMaybeRenamed(
            oldPath.joined(separator: "."), to: newField.name, type: newField.type.swiftName, advice: advice),
          at: location)
      }
    }
  }

  /// `file:line` of a field in a snapshot, for messages.
  private static func place(_ location: SourceLocation?, _ file: String) -> String {
    location.map { "\($0.file):\($0.line)" } ?? file
  }

  /// Whether a `retype` step converts stored values of `old` to `new`.
  private static func retypeable(from old: SpecType, to new: SpecType) -> Bool {
    func simple(_ type: SpecType) -> Bool {
      switch type.unwrapped {
      case .scalar(.string), .scalar(.uuid), .scalar(.url), .scalar(.int), .scalar(.int64), .scalar(.double),
        .scalar(.float), .scalar(.bool), .enumeration:
        true
      default: false
      }
    }
    return simple(old) && simple(new)
  }

  /// A snapshot file read back; nil after reporting what is wrong with it.
  private mutating func readSnapshot(_ text: String, path file: String, version: Int) -> PersistedShape? {
    var collected = DiagnosticCollector()
    guard let root = YAMLLoader().load(text, path: file, diagnostics: &collected) else {
      diagnostics.append(contentsOf: collected.sorted)
      return nil
    }
    var reader = SnapshotReader(file: file)
    let shape = reader.read(root, version: version)
    for (reason, location) in reader.problems { error(.snapshotUnreadable(reason), at: location) }
    return reader.problems.isEmpty ? shape : nil
  }
}

/// Where a change is in the spec: the new field's declaration, or the model that lost one.
struct ShapeLocator {
  let keys: [String: YAMLNode]
  let spec: Spec

  func key(_ name: String, in node: YAMLNode) -> SourceLocation? {
    guard case .mapping(let pairs) = node.kind else { return nil }
    return pairs.first { $0.key.scalar == name }?.key.location
  }

  private func value(_ name: String, in node: YAMLNode?) -> YAMLNode? {
    guard case .mapping(let pairs)? = node?.kind else { return nil }
    return pairs.first { $0.key.scalar == name }?.value
  }

  func location(of change: ShapeChange) -> SourceLocation? {
    switch change {
    case .added(let path, _), .retyped(let path, _, _):
      return field(at: path)
    case .renamed(let oldPath, let newField):
      return field(at: Array(oldPath.dropLast()) + [newField.name])
    case .removed(let path, _):
      guard path.count > 1 else { return keys["persist"].flatMap { key("fields", in: $0) } }
      return model(holding: path).flatMap { name in keys["models"].flatMap { key(name, in: $0) } }
    }
  }

  /// The declaration of the field at `path` (names of the current spec).
  private func field(at path: [String]) -> SourceLocation? {
    guard path.count > 1 else { return keys["state"].flatMap { key(path[0], in: $0) } }
    guard let model = model(holding: path) else { return nil }
    let declaration = value(model, in: keys["models"])
    return (value("fields", in: declaration)).flatMap { key(path[path.count - 1], in: $0) }
  }

  /// The model whose field `path` ends at.
  private func model(holding path: [String]) -> String? {
    guard var type = spec.stateField(named: path[0])?.type else { return nil }
    for name in path.dropFirst().dropLast() {
      guard let model = type.namedTypes.first.flatMap(spec.model(named:)),
        let next = model.fields.first(where: { $0.name == name })
      else { return nil }
      type = next.type
    }
    return type.namedTypes.first { name in spec.models.contains { $0.name == name } }
  }
}

/// What to do, said for the spec's version: raise it, or write under the version it has.
package struct ShapeAdvice: Hashable, Sendable {
  /// The spec's version.
  var version: Int
  /// Whether a snapshot of that very version exists (so data of it is out there).
  var sameVersion: Bool

  /// The version whose migrations take a step.
  var stepVersion: Int { sameVersion ? version + 1 : version }

  /// "raise persist's 'version' to 4" or nothing when it is raised already.
  var raise: String { "raise persist's 'version' to \(version + 1)" }

  /// "raise persist's 'version' to 4 and write `STEP` under `migrations: 4:`".
  func write(_ step: String) -> String {
    (sameVersion ? raise + " and write " : "write ") + "`\(step)` under `migrations: \(stepVersion):`"
  }
}

/// A difference between an older persisted shape and the spec's. Paths are the field names a
/// migration step takes: a persisted field, then fields of models.
enum ShapeChange: Equatable {
  case added([String], PersistedShape.Field)
  case removed([String], PersistedShape.Field)
  case retyped([String], old: PersistedShape.Field, new: PersistedShape.Field)
  /// A field is gone and one of the same type is new beside it: a rename, or a removal and an
  /// addition; only the spec's author can say.
  case renamed([String], to: PersistedShape.Field)
}

/// Compares two persisted shapes, field by stored key, through models and collections.
struct ShapeComparison {
  let old: PersistedShape
  let new: PersistedShape
  var changes: [ShapeChange] = []
  private var compared: Set<String> = []

  init(old: PersistedShape, new: PersistedShape) {
    self.old = old
    self.new = new
  }

  mutating func compare() {
    compareFields(old.fields, new.fields, path: [])
  }

  private mutating func compareFields(_ oldFields: [PersistedShape.Field], _ newFields: [PersistedShape.Field], path: [String]) {
    var added: [PersistedShape.Field] = []
    var removed: [PersistedShape.Field] = []
    for field in newFields where !oldFields.contains(where: { $0.key == field.key }) { added.append(field) }
    for field in oldFields {
      guard let newField = newFields.first(where: { $0.key == field.key }) else {
        removed.append(field)
        continue
      }
      if !field.settledByStep && !compatible(field.type, newField.type, path: path + [newField.name]) {
        changes.append(.retyped(path + [newField.name], old: field, new: newField))
      }
    }
    for field in removed {
      if let index = added.firstIndex(where: { $0.type.swiftName == field.type.swiftName }) {
        changes.append(.renamed(path + [field.key], to: added.remove(at: index)))
      } else {
        changes.append(.removed(path + [field.key], field))
      }
    }
    changes += added.map { .added(path + [$0.name], $0) }
  }

  /// Whether stored values of `oldType` decode as `newType`; models are compared field by field.
  private mutating func compatible(_ oldType: SpecType, _ newType: SpecType, path: [String]) -> Bool {
    switch (oldType, newType) {
    case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)):
      return compatible(a, b, path: path)
    case (.optional, _):
      return false
    case (_, .optional(let b)):
      return compatible(oldType, b, path: path)
    case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)):
      return compatible(k1, k2, path: path) && compatible(v1, v2, path: path)
    case (.model(let a), .model(let b)):
      guard let oldModel = old.model(named: a), let newModel = new.model(named: b) else { return a == b }
      if compared.insert("\(a)>\(b)").inserted { compareFields(oldModel.fields, newModel.fields, path: path) }
      return true
    case (.enumeration, .enumeration), (.enumeration, .scalar(.string)), (.requestStatus, .requestStatus),
      (.indexSet, .indexSet):
      return true
    case (.scalar(let a), .scalar(let b)):
      return a == b || (a.isInteger && b.isInteger)
    default:
      return false
    }
  }
}

extension PersistedShape {
  /// The shape after a migration step (paths of stored keys): what data of this shape becomes.
  mutating func apply(_ step: PersistMigration.Step) {
    let path = step.path
    guard let first = path.first else { return }
    if path.count == 1 {
      fields = Self.applying(step, named: first, to: fields)
      return
    }
    guard var type = fields.first(where: { $0.key == first })?.type else { return }
    for key in path.dropFirst().dropLast() {
      guard let model = type.namedTypes.first.flatMap(model(named:)), let next = model.fields.first(where: { $0.key == key })
      else { return }
      type = next.type
    }
    guard let name = type.namedTypes.first, let index = models.firstIndex(where: { $0.name == name }) else { return }
    models[index].fields = Self.applying(step, named: path[path.count - 1], to: models[index].fields)
  }

  private static func applying(_ step: PersistMigration.Step, named key: String, to fields: [Field]) -> [Field] {
    var fields = fields
    let index = fields.firstIndex { $0.key == key }
    switch step {
    case .rename(_, let newKey):
      if let index {
        fields[index].key = newKey
        fields[index].name = newKey
      }
    case .remove:
      if let index { fields.remove(at: index) }
    case .add, .retype:
      if let index {
        fields[index].settledByStep = true
      } else {
        fields.append(Field(name: key, type: .scalar(.string), key: key, defaultText: nil, settledByStep: true))
      }
    }
    return fields
  }
}

/// Reads a snapshot file back into a `PersistedShape`, collecting what is wrong with it.
struct SnapshotReader {
  let file: String
  var problems: [(String, SourceLocation)] = []

  init(file: String) {
    self.file = file
  }

  mutating func read(_ root: YAMLNode, version: Int) -> PersistedShape? {
    guard case .mapping(let pairs) = root.kind else {
      problems.append(("a snapshot is a mapping of version, key, storage, fields, models and enums", root.location))
      return nil
    }
    func value(_ name: String) -> YAMLNode? { pairs.first { $0.key.scalar == name }?.value }
    if let node = value("version"), node.scalar != String(version) {
      problems.append(("its version is \(node.scalar ?? "missing"), but its file is of version \(version)", node.location))
    }
    let modelPairs = entries(value("models"))
    let enumPairs = entries(value("enums"))
    let modelNames = Set(modelPairs.compactMap(\.key.scalar))
    let enums: [PersistedShape.EnumShape] = enumPairs.compactMap { pair in
      guard let name = pair.key.scalar, case .sequence(let items) = pair.value.kind else {
        problems.append(("an enum is its name and a list of its cases", pair.key.location))
        return nil
      }
      return PersistedShape.EnumShape(name: name, cases: items.compactMap(\.scalar))
    }
    let enumNames = Set(enums.map(\.name))
    let models = modelPairs.compactMap { pair -> PersistedShape.ModelShape? in
      guard let name = pair.key.scalar else { return nil }
      return PersistedShape.ModelShape(name: name, fields: fields(pair.value, models: modelNames, enums: enumNames))
    }
    guard let storageText = value("storage")?.scalar, let storage = Persist.Storage(rawValue: storageText) else {
      problems.append(("it has no 'storage' of 'file' or 'sqlite'", root.location))
      return nil
    }
    guard let key = value("key")?.scalar else {
      problems.append(("it has no 'key'", root.location))
      return nil
    }
    return PersistedShape(
      version: version, key: key, storage: storage,
      fields: fields(value("fields"), models: modelNames, enums: enumNames), models: models, enums: enums)
  }

  private func entries(_ node: YAMLNode?) -> [YAMLNode.Pair] {
    if case .mapping(let pairs)? = node?.kind { return pairs }
    return []
  }

  private mutating func fields(_ node: YAMLNode?, models: Set<String>, enums: Set<String>) -> [PersistedShape.Field] {
    entries(node).compactMap { pair in
      guard let name = pair.key.scalar, let text = pair.value.scalar else {
        problems.append(("a field is 'name: Type', with ' key K' and ' = default' when it has them", pair.key.location))
        return nil
      }
      var rest = Substring(text)
      var defaultText: String?
      if let range = rest.range(of: " = ") {
        defaultText = String(rest[range.upperBound...])
        rest = rest[..<range.lowerBound]
      }
      var key = name
      if let range = rest.range(of: " key ") {
        key = String(rest[range.upperBound...])
        rest = rest[..<range.lowerBound]
      }
      guard let type = Self.type(String(rest), models: models, enums: enums) else {
        problems.append(("'\(rest)' is not a type this snapshot declares", pair.value.location))
        return nil
      }
      return PersistedShape.Field(
        name: name, type: type, key: key, defaultText: defaultText, location: pair.key.location)
    }
  }

  /// A type as `SpecType.swiftName` writes it.
  static func type(_ text: String, models: Set<String>, enums: Set<String>) -> SpecType? {
    if text.hasSuffix("?") { return type(String(text.dropLast()), models: models, enums: enums).map { .optional($0) } }
    if text.hasPrefix("["), text.hasSuffix("]") {
      let inner = text.dropFirst().dropLast()
      var depth = 0
      for index in inner.indices {
        switch inner[index] {
        case "[": depth += 1
        case "]": depth -= 1
        case ":" where depth == 0:
          guard let key = type(String(inner[..<index]), models: models, enums: enums),
            let value = type(inner[inner.index(after: index)...].trimmingCharacters(in: .whitespaces), models: models, enums: enums)
          else { return nil }
          return .dictionary(key, value)
        default: break
        }
      }
      return type(String(inner), models: models, enums: enums).map { .array($0) }
    }
    if let scalar = SpecType.Scalar(rawValue: text) { return .scalar(scalar) }
    if text == "RequestStatus" { return .requestStatus }
    if text == "IndexSet" { return .indexSet }
    if models.contains(text) { return .model(text) }
    if enums.contains(text) { return .enumeration(text) }
    return nil
  }
}
