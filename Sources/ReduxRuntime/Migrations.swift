import Foundation

/// A change of the persisted format, from `version - 1` to `version`: applied to the JSON of the
/// saved fields when an older file or database is restored (generated from `persist.migrations`
/// in a spec).
///
/// A step's path starts with a persisted field and goes on through the fields of models; a list
/// on the way is entered element by element, and a value that is missing or null is left alone.
public struct PersistenceMigration: Sendable, Equatable {
  /// The version this migration produces.
  public var version: Int
  public var steps: [Step]

  public init(version: Int, _ steps: [Step]) {
    self.version = version
    self.steps = steps
  }

  public enum Step: Sendable, Equatable {
    /// The field at the path is now called `to`.
    case rename([String], to: String)
    /// The field at the path is new: older values get this JSON (`0`, `"none"`, `null`, `[]`).
    case add([String], json: String)
    /// The field at the path is gone.
    case remove([String])
    /// The field at the path has a new type: its value is converted, or becomes `fallback`
    /// (JSON) when it can't be.
    case retype([String], to: Kind, fallback: String)

    var path: [String] {
      switch self {
      case .rename(let path, _), .add(let path, _), .remove(let path), .retype(let path, _, _): path
      }
    }
  }

  /// The JSON kinds a field can be converted to.
  public enum Kind: String, Sendable, Equatable {
    case string, integer, number, bool
  }

  /// The fields' JSON object `data`, saved at `version`, brought up to date by `migrations`.
  static func migrate(_ data: Data, from version: Int, with migrations: [PersistenceMigration]) throws -> Data {
    let pending = migrations.filter { $0.version > version }.sorted { $0.version < $1.version }
    guard !pending.isEmpty else { return data }
    var value = try JSONDecoder().decode(JSONValue.self, from: data)
    for migration in pending {
      for step in migration.steps { value = value.applying(step, along: step.path[...]) }
    }
    return try JSONValue.encoder.encode(value)
  }

  /// One element of the persisted collection `field` (a row of ReduxSQLite), saved at
  /// `version`, brought up to date: the steps under `field` apply to it.
  public static func migrate(
    element data: Data, of field: String, from version: Int, with migrations: [PersistenceMigration]
  ) throws -> Data {
    try migrate(part: data, at: [field], from: version, with: migrations)
  }

  /// A value stored on its own (a persisted field that isn't a collection, in ReduxSQLite),
  /// saved at `version`, brought up to date: `{"field": value}` is migrated and the field
  /// taken out again (nil when a migration removed it).
  public static func migrate(
    value data: Data, of field: String, from version: Int, with migrations: [PersistenceMigration]
  ) throws -> Data? {
    let pending = migrations.filter { $0.version > version }.sorted { $0.version < $1.version }
    guard !pending.isEmpty else { return data }
    var object = JSONValue.object([field: try JSONDecoder().decode(JSONValue.self, from: data)])
    for migration in pending {
      for step in migration.steps { object = object.applying(step, along: step.path[...]) }
    }
    guard case .object(let fields) = object, let value = fields[field] else { return nil }
    return try JSONValue.encoder.encode(value)
  }

  private static func migrate(
    part data: Data, at prefix: [String], from version: Int, with migrations: [PersistenceMigration]
  ) throws -> Data {
    let pending = migrations.filter { $0.version > version }.sorted { $0.version < $1.version }
    let steps = pending.flatMap(\.steps).filter { $0.path.count > prefix.count && $0.path.starts(with: prefix) }
    guard !steps.isEmpty else { return data }
    var value = try JSONDecoder().decode(JSONValue.self, from: data)
    for step in steps { value = value.applying(step, along: step.path.dropFirst(prefix.count)) }
    return try JSONValue.encoder.encode(value)
  }
}

/// A JSON value, as migrations see it: JSONDecoder tells booleans from numbers, and integers
/// stay exact.
package enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  package static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// This value with `step` applied at `path` (relative to this value).
  func applying(_ step: PersistenceMigration.Step, along path: ArraySlice<String>) -> JSONValue {
    switch self {
    case .array(let elements):
      return .array(elements.map { $0.applying(step, along: path) })
    case .object(var fields):
      guard let name = path.first else { return self }
      if path.count > 1 {
        if let child = fields[name] { fields[name] = child.applying(step, along: path.dropFirst()) }
        return .object(fields)
      }
      switch step {
      case .rename(_, let newName):
        if let value = fields.removeValue(forKey: name) { fields[newName] = value }
      case .add(_, let json):
        if fields[name] == nil { fields[name] = JSONValue(json: json) }
      case .remove:
        fields[name] = nil
      case .retype(_, let kind, let fallback):
        if let value = fields[name], value != .null {
          fields[name] = value.converted(to: kind) ?? JSONValue(json: fallback)
        }
      }
      return .object(fields)
    default:
      return self
    }
  }

  /// The value of a JSON text; null when it isn't JSON (the checker makes sure it is).
  init(json: String) {
    self = (try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))) ?? .null
  }

  func converted(to kind: PersistenceMigration.Kind) -> JSONValue? {
    switch (kind, self) {
    case (.string, .string), (.integer, .integer), (.number, .number), (.bool, .bool): self
    case (.string, .integer(let value)): .string(String(value))
    case (.string, .number(let value)): .string(value.description)
    case (.string, .bool(let value)): .string(value ? "true" : "false")
    case (.integer, .number(let value)): value.rounded() == value ? Int64(exactly: value).map { .integer($0) } : nil
    case (.integer, .string(let value)): Int64(value.trimmingCharacters(in: .whitespaces)).map { .integer($0) }
    case (.integer, .bool(let value)): .integer(value ? 1 : 0)
    case (.number, .integer(let value)): .number(Double(value))
    case (.number, .string(let value)): Double(value.trimmingCharacters(in: .whitespaces)).map { .number($0) }
    case (.bool, .string(let value)): value == "true" ? .bool(true) : value == "false" ? .bool(false) : nil
    case (.bool, .integer(let value)): value == 0 || value == 1 ? .bool(value == 1) : nil
    default: nil
    }
  }
}
