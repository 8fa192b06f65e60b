import Foundation

/// The persisted shape against the snapshots beside the spec: a change that data stored by an
/// older release can't follow without a step (a removed, renamed or retyped field, a new field
/// without a default, another key or storage) is a located error naming the step to write or
/// the version to raise. A new field with a default needs nothing; a removed field needs a new
/// version but no step.
extension SpecChecker {
  /// Reads the snapshots of `spec`'s versions; compares each recorded version with the next
  /// through the steps between them, and the newest with the spec. The removals those
  /// comparisons infer join the migrations (older data loses the field, so a later field of
  /// that name starts clean); the older snapshots of today's key and storage are kept in
  /// `spec.persist.snapshots` for the generated tests.
  mutating func checkPersistedShape(_ spec: inout Spec, keys: CheckedKeys) {
    guard let current = PersistedShape(of: spec), let persistNode = keys["persist"] else { return }
    let persistKeys = Self.keyNodes(persistNode)
    var snapshots: [PersistedShape] = []
    for version in 1...current.version {
      let file = snapshotFile(version)
      guard let bytes = readFile(file) else { continue }
      if let shape = readSnapshot(String(decoding: bytes, as: UTF8.self), path: file, version: version) {
        snapshots.append(shape)
      }
    }
    // A version recorded above the spec's: devices may hold data of it.
    if readFile(snapshotFile(current.version + 1)) != nil {
      error(
        .persistedVersionLowered(snapshotFile(current.version + 1), version: current.version),
        at: persistKeys["version"]?.location ?? persistNode.location)
    }
    let migrations = spec.persist?.migrations ?? []
    var inferred: [Int: [PersistMigration.Step]] = [:]
    // Recorded versions, each with the next: the steps between them must still lead from one to
    // the other.
    for (older, newer) in zip(snapshots, snapshots.dropFirst()) where older.key == newer.key && older.storage == newer.storage {
      var comparison = ShapeComparison(old: older, new: newer, steps: Self.steps(migrations, after: older.version, upTo: newer.version))
      comparison.compare()
      let location = Self.migrationLocation(newer.version, persistNode) ?? persistNode.location
      report(comparison, advice: ShapeAdvice(version: newer.version, sameVersion: false), file: snapshotFile(older.version)) { _ in location }
      inferred[newer.version, default: []] += comparison.inferredRemovals
    }
    defer {
      spec.persist?.migrations = Self.merging(inferred, into: migrations)
      spec.persist?.snapshots = snapshots.filter {
        $0.version < current.version && $0.key == current.key && $0.storage == current.storage
      }
    }
    guard let newest = snapshots.last else { return }
    let sameVersion = newest.version == current.version
    let advice = ShapeAdvice(version: current.version, sameVersion: sameVersion)
    if sameVersion {
      if newest.key != current.key {
        error(
          .persistedStoreChanged(what: "key", old: newest.key, new: current.key, advice: advice.raise),
          at: persistKeys["key"]?.location ?? persistKeys["fields"]?.location ?? persistNode.location)
      }
      if newest.storage != current.storage {
        error(
          .persistedStoreChanged(
            what: "storage", old: newest.storage.rawValue, new: current.storage.rawValue, advice: advice.raise),
          at: persistKeys["storage"]?.location ?? persistKeys["fields"]?.location ?? persistNode.location)
      }
    } else if newest.key != current.key || newest.storage != current.storage {
      // A new key or storage starts afresh: nothing stored before is read.
      return
    }
    var comparison = ShapeComparison(
      old: newest, new: current, steps: sameVersion ? [] : Self.steps(migrations, after: newest.version, upTo: current.version))
    comparison.compare()
    let locator = ShapeLocator(keys: keys, spec: spec)
    report(comparison, advice: advice, file: snapshotFile(newest.version)) { locator.location(of: $0) ?? persistNode.location }
    if !sameVersion { inferred[current.version, default: []] += comparison.inferredRemovals }
  }

  private func snapshotFile(_ version: Int) -> String {
    Self.resolve(PersistedShape.path(specFile: path, version: version), from: path)
  }

  /// The key nodes of a mapping, by name.
  private static func keyNodes(_ node: YAMLNode) -> [String: YAMLNode] {
    guard case .mapping(let pairs) = node.kind else { return [:] }
    var keys: [String: YAMLNode] = [:]
    for pair in pairs { if let name = pair.key.scalar { keys[name] = pair.key } }
    return keys
  }

  /// Where `migrations:` names `version`, else `version:`.
  private static func migrationLocation(_ version: Int, _ persistNode: YAMLNode) -> SourceLocation? {
    guard case .mapping(let pairs) = persistNode.kind else { return nil }
    if let migrations = pairs.first(where: { $0.key.scalar == "migrations" }) {
      return keyNodes(migrations.value)[String(version)]?.location ?? migrations.key.location
    }
    return pairs.first { $0.key.scalar == "version" }?.key.location
  }

  private static func steps(_ migrations: [PersistMigration], after older: Int, upTo newer: Int) -> [PersistMigration.Step] {
    migrations.filter { $0.version > older && $0.version <= newer }.flatMap(\.steps)
  }

  /// `migrations` with the inferred removals of each version after the steps written for it.
  private static func merging(_ inferred: [Int: [PersistMigration.Step]], into migrations: [PersistMigration])
    -> [PersistMigration]
  {
    var merged = migrations
    for (version, steps) in inferred where !steps.isEmpty {
      let fresh = steps.filter { step in !merged.contains { $0.version == version && $0.steps.contains(step) } }
      if let index = merged.firstIndex(where: { $0.version == version }) {
        merged[index].steps += fresh
      } else {
        merged.append(PersistMigration(version: version, steps: fresh))
      }
    }
    return merged.sorted { $0.version < $1.version }
  }

  /// Each change stored data can't follow, as an error where `location` says.
  private mutating func report(
    _ comparison: ShapeComparison, advice: ShapeAdvice, file: String, location: (ShapeChange) -> SourceLocation
  ) {
    for change in comparison.changes {
      let path = change.names.joined(separator: ".")
      if change.inDictionary, !change.isInferred(sameVersion: advice.sameVersion) {
        error(.persistedChangeInDictionary(path, version: advice.stored), at: location(change))
        continue
      }
      switch change.kind {
      case .added(let field):
        if field.defaultText != nil { continue }
        error(
          change.names.count > 1 && field.name == "id"
            ? .persistedIdAdded(path, advice: advice) : .persistedFieldWithoutDefault(path, advice: advice),
          at: location(change))
      case .removed(let field):
        // Data of an older version keeps it until a migration removes it, which is inferred.
        // At the same version, the snapshot would no longer say what that version stores.
        guard advice.sameVersion else { continue }
        error(.persistedFieldRemoved(path, snapshot: Self.place(field.location, file), advice: advice), at: location(change))
      case .retyped(let old, let new):
        error(
          .persistedFieldRetyped(
            path, old: old.type.swiftName, new: new.type.swiftName, snapshot: Self.place(old.location, file),
            convertible: Self.retypeable(from: old.type, to: new.type), advice: advice),
          at: location(change))
      case .becameRequired(let old, let new):
        error(
          .persistedFieldRequired(path, old: old.type.swiftName, new: new.type.swiftName, advice: advice),
          at: location(change))
      case .renamed(let oldKey, let newField):
        error(
          .persistedFieldMaybeRenamed(
            (change.names.dropLast() + [oldKey]).joined(separator: "."), to: newField.name,
            type: newField.type.swiftName, advice: advice),
          at: location(change))
      case .casesRemoved(let enumName, let cases):
        error(.persistedEnumCasesRemoved(path, enum: enumName, cases: cases, version: advice.stored), at: location(change))
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
  let keys: CheckedKeys
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
    switch change.kind {
    case .removed:
      guard change.names.count > 1 else { return keys["persist"].flatMap { key("fields", in: $0) } }
      return model(holding: change.names).flatMap { name in keys["models"].flatMap { key(name, in: $0) } }
    case .renamed(_, let newField):
      return field(at: Array(change.names.dropLast()) + [newField.name])
    default:
      return field(at: change.names)
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
  /// The version the spec (or the newer of two snapshots) is at.
  var version: Int
  /// Whether a snapshot of that very version exists (so data of it is out there).
  var sameVersion: Bool

  /// The version whose migrations take a step.
  var stepVersion: Int { sameVersion ? version + 1 : version }
  /// The version of the stored data at stake.
  var stored: Int { sameVersion ? version : version - 1 }

  /// "raise persist's 'version' to 4".
  var raise: String { "raise persist's 'version' to \(version + 1)" }

  /// "raise persist's 'version' to 4 and write `STEP` under `migrations: 4:`".
  func write(_ step: String) -> String {
    (sameVersion ? raise + " and write " : "write ") + "`\(step)` under `migrations: \(stepVersion):`"
  }
}

/// A difference between an older persisted shape and a newer one, at a field: `names` is the
/// path a migration step takes (a persisted field, then fields of models, by today's names),
/// `keys` the same path in stored keys.
struct ShapeChange: Equatable {
  enum Kind: Equatable {
    case added(PersistedShape.Field)
    case removed(PersistedShape.Field)
    case retyped(old: PersistedShape.Field, new: PersistedShape.Field)
    /// Optional before, required now, without a default for the stored nils.
    case becameRequired(old: PersistedShape.Field, new: PersistedShape.Field)
    /// A field is gone (its old key) and one of the same type is new beside it: a rename, or a
    /// removal and an addition; only the spec's author can say.
    case renamed(oldKey: String, to: PersistedShape.Field)
    /// Stored values may hold cases the enum no longer has.
    case casesRemoved(enum: String, cases: [String])
  }

  var kind: Kind
  var names: [String]
  var keys: [String]
  /// Inside a dictionary's values, where no migration step reaches.
  var inDictionary: Bool

  /// Whether today's code follows it without a step: a field added with a default, or one
  /// removed (with a new version).
  func isInferred(sameVersion: Bool) -> Bool {
    switch kind {
    case .added(let field): field.defaultText != nil
    case .removed: !sameVersion
    default: false
    }
  }
}

/// Compares two persisted shapes field by stored key, through models and collections, after
/// applying migration steps to the older one. A step applies along its own path, as the runtime
/// applies it: a model held in two places is changed only where the step goes.
struct ShapeComparison {
  let old: PersistedShape
  let new: PersistedShape
  private(set) var changes: [ShapeChange] = []
  /// The old persisted fields after the steps.
  private var fields: [PersistedShape.Field]
  /// The fields of old models where a step changed them, by the stored keys that lead there.
  private var changed: [[String]: [PersistedShape.Field]] = [:]

  init(old: PersistedShape, new: PersistedShape, steps: [PersistMigration.Step]) {
    self.old = old
    self.new = new
    fields = old.fields
    for step in steps { apply(step) }
  }

  /// Removals today's code doesn't need a step for, as steps: older data then drops the field,
  /// so a later field of the same key starts from its default. (SQLite stores each persisted
  /// field apart: only the fields inside one are removed.)
  var inferredRemovals: [PersistMigration.Step] {
    changes.compactMap { change in
      guard case .removed = change.kind, !change.inDictionary, new.storage == .file || change.keys.count > 1 else {
        return nil
      }
      return .remove(change.keys)
    }
  }

  mutating func compare() {
    compareFields(fields, new.fields, names: [], keys: [], inDictionary: false, chain: [])
  }

  private func oldFields(_ model: String, at keys: [String]) -> [PersistedShape.Field]? {
    changed[keys] ?? old.model(named: model)?.fields
  }

  private mutating func compareFields(
    _ oldFields: [PersistedShape.Field], _ newFields: [PersistedShape.Field], names: [String], keys: [String],
    inDictionary: Bool, chain: [String]
  ) {
    var added: [PersistedShape.Field] = []
    var removed: [PersistedShape.Field] = []
    for field in newFields where !oldFields.contains(where: { $0.key == field.key }) { added.append(field) }
    for field in oldFields {
      guard let newField = newFields.first(where: { $0.key == field.key }) else {
        removed.append(field)
        continue
      }
      let here = (names + [newField.name], keys + [newField.key])
      if field.settledByStep { continue }
      if case .optional(let wrapped) = field.type, !newField.type.isOptional {
        // Nil isn't stored: a required field needs a default, or a step that gives a value.
        if newField.defaultText == nil {
          changes.append(ShapeChange(kind: .becameRequired(old: field, new: newField), names: here.0, keys: here.1, inDictionary: inDictionary))
        } else if !compatible(wrapped, newField.type, names: here.0, keys: here.1, inDictionary: inDictionary, chain: chain) {
          changes.append(ShapeChange(kind: .retyped(old: field, new: newField), names: here.0, keys: here.1, inDictionary: inDictionary))
        }
        continue
      }
      if !compatible(field.type, newField.type, names: here.0, keys: here.1, inDictionary: inDictionary, chain: chain) {
        changes.append(ShapeChange(kind: .retyped(old: field, new: newField), names: here.0, keys: here.1, inDictionary: inDictionary))
      }
    }
    // SQLite stores each persisted field apart, where no step renames it.
    let pairs = !(new.storage == .sqlite && names.isEmpty)
    for field in removed {
      if pairs, let index = added.firstIndex(where: { $0.type.swiftName == field.type.swiftName }) {
        let newField = added.remove(at: index)
        changes.append(
          ShapeChange(
            kind: .renamed(oldKey: field.key, to: newField), names: names + [field.key], keys: keys + [field.key],
            inDictionary: inDictionary))
      } else {
        changes.append(
          ShapeChange(kind: .removed(field), names: names + [field.key], keys: keys + [field.key], inDictionary: inDictionary))
      }
    }
    changes += added.map {
      ShapeChange(kind: .added($0), names: names + [$0.name], keys: keys + [$0.key], inDictionary: inDictionary)
    }
  }

  /// Whether stored values of `oldType` decode as `newType`; models are compared field by field.
  private mutating func compatible(
    _ oldType: SpecType, _ newType: SpecType, names: [String], keys: [String], inDictionary: Bool, chain: [String]
  ) -> Bool {
    switch (oldType, newType) {
    case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)):
      return compatible(a, b, names: names, keys: keys, inDictionary: inDictionary, chain: chain)
    case (.optional, _):
      return false
    case (_, .optional(let b)):
      return compatible(oldType, b, names: names, keys: keys, inDictionary: inDictionary, chain: chain)
    case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)):
      return compatible(k1, k2, names: names, keys: keys, inDictionary: true, chain: chain)
        && compatible(v1, v2, names: names, keys: keys, inDictionary: true, chain: chain)
    case (.model(let a), .model(let b)):
      guard let oldModel = oldFields(a, at: keys), let newModel = new.model(named: b) else { return a == b }
      // A model inside itself: its fields were compared where it first appeared on this path.
      let link = "\(a)>\(b)"
      guard !chain.contains(link) else { return true }
      compareFields(oldModel, newModel.fields, names: names, keys: keys, inDictionary: inDictionary, chain: chain + [link])
      return true
    case (.enumeration(let a), .enumeration(let b)):
      let oldCases = old.enums.first { $0.name == a }?.cases ?? []
      let newCases = new.enums.first { $0.name == b }?.cases ?? []
      let gone = oldCases.filter { !newCases.contains($0) }
      if !gone.isEmpty {
        changes.append(ShapeChange(kind: .casesRemoved(enum: b, cases: gone), names: names, keys: keys, inDictionary: inDictionary))
      }
      return true
    case (.enumeration, .scalar(.string)), (.requestStatus, .requestStatus), (.indexSet, .indexSet):
      return true
    case (.scalar(let a), .scalar(let b)):
      // Whole numbers decode as any number; fractions only as fractions.
      return a == b || (a.isInteger && b.isNumeric) || ([.double, .float, .decimal].contains(a) && [.double, .float, .decimal].contains(b))
    default:
      return false
    }
  }

  /// The old shape after a migration step (a path of stored keys), along that path only.
  private mutating func apply(_ step: PersistMigration.Step) {
    let path = step.path
    guard let first = path.first else { return }
    if path.count == 1 {
      fields = Self.applying(step, named: first, to: fields)
      return
    }
    guard var type = fields.first(where: { $0.key == first })?.type else { return }
    var keys = [first]
    for key in path.dropFirst().dropLast() {
      guard let model = Self.model(in: type), let next = oldFields(model, at: keys)?.first(where: { $0.key == key }) else {
        return
      }
      type = next.type
      keys.append(key)
    }
    guard let model = Self.model(in: type), let modelFields = oldFields(model, at: keys) else { return }
    changed[keys] = Self.applying(step, named: path[path.count - 1], to: modelFields)
  }

  /// The model a step goes into: through optionals and lists, as the runtime goes.
  private static func model(in type: SpecType) -> String? {
    switch type {
    case .optional(let wrapped), .array(let wrapped): model(in: wrapped)
    case .model(let name): name
    default: nil
    }
  }

  private static func applying(
    _ step: PersistMigration.Step, named key: String, to fields: [PersistedShape.Field]
  ) -> [PersistedShape.Field] {
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
        fields.append(PersistedShape.Field(name: key, type: .scalar(.string), key: key, defaultText: nil, settledByStep: true))
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
