import Foundation

/// Stored data of one persisted-shape version, and what restoring it with today's code must
/// give: what the tests redux-gen generates for every version recorded beside a spec write and
/// check (`<Feature>StoredDataTests`).
///
/// `value` is the persisted fields' JSON as that version stored them; `expected` is, field by
/// field, their JSON after restoring (values carried, migrations applied, missing fields at
/// their defaults); the text `"<any>"` in it matches any value (a default made at run time, such
/// as a new `UUID`).
public struct StoredSample: Sendable {
  public let name: String
  public let version: Int
  public let value: String
  public let expected: String

  public init(_ name: String, version: Int, value: String, expected: String) {
    self.name = name
    self.version = version
    self.value = value
    self.expected = expected
  }

  /// The sample as a `Persistence` stores it: `{"version": …, "value": …}`.
  public var envelope: Data { Data(#"{"value":\#(value),"version":\#(version)}"#.utf8) }

  /// A storage holding only this sample under any key; saves are kept in memory.
  public var storage: any PersistentStorage { SampleStorage(data: envelope) }

  /// What differs between the restored fields (each encoded as JSON, by name) and `expected`:
  /// one line per difference, naming its path; empty when the restore is right.
  public func mismatches(_ restored: [String: Data]) -> [String] {
    guard case .object(let expectedFields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(expected.utf8))
    else { return ["\(name): the expected JSON doesn't read"] }
    var lines: [String] = []
    for (field, data) in restored.sorted(by: { $0.key < $1.key }) {
      guard let actual = try? JSONDecoder().decode(JSONValue.self, from: data) else {
        lines.append("\(name): '\(field)' doesn't encode as JSON")
        continue
      }
      Self.compare(actual, expectedFields[field] ?? .null, at: field, into: &lines)
    }
    return lines.map { "\(name) (version \(version)): \($0)" }
  }

  static let anyValue = JSONValue.string("<any>")

  private static func compare(_ actual: JSONValue, _ expected: JSONValue, at path: String, into lines: inout [String]) {
    switch (actual, expected) {
    case (_, anyValue):
      return
    case (.object(let a), .object(let e)):
      for key in Set(a.keys).union(e.keys).sorted() {
        compare(a[key] ?? .null, e[key] ?? .null, at: path + "." + key, into: &lines)
      }
    case (.array(let a), .array(let e)) where a.count == e.count:
      for index in a.indices { compare(a[index], e[index], at: path + "[\(index)]", into: &lines) }
    case (.integer(let a), .number(let e)), (.number(let e), .integer(let a)):
      if Double(a) != e { lines.append("'\(path)' is \(text(actual)), expected \(text(expected))") }
    case (.number(let a), .number(let e)):
      // A Float default (1.1) comes back as the Float nearest it.
      if abs(a - e) > 1e-6 * max(1, abs(e)) { lines.append("'\(path)' is \(text(actual)), expected \(text(expected))") }
    default:
      if actual != expected { lines.append("'\(path)' is \(text(actual)), expected \(text(expected))") }
    }
  }

  private static func text(_ value: JSONValue) -> String {
    (try? JSONValue.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }
}

/// Holds one stored value for every key; what is saved replaces it.
private final class SampleStorage: PersistentStorage {
  private let data: Locked<Data>

  init(data: Data) {
    self.data = Locked(data)
  }

  func load(key: String) throws -> Data? { data.withLock { $0 } }
  func save(_ data: Data, key: String) throws { self.data.withLock { $0 = data } }
}
