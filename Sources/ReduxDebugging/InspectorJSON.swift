import Foundation
import ReduxRuntime

/// Values as an inspector sends them: the JSON their `Encodable` conformances write (a `Date` as
/// ISO 8601 text, a `URL` as its text, `Data` as Base64), except that a field its type lists in
/// `InspectorSecrets.secretFields` is written as `InspectorJSON.secret`, whatever it holds.
public enum InspectorJSON {
  /// What a secret field's value is written as.
  public static let secret = "‹secret›"

  /// `value` as a JSON object tree (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`),
  /// secret fields hidden.
  public static func object(_ value: some Encodable) throws -> Any {
    try TreeEncoding.box(value, secrets: [])
  }

  /// A decoder for what the page sends back and for recordings it exports: a `Date` as ISO 8601
  /// text (as this writes it) or as a number (as `JSONEncoder` writes it by default).
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
      let text = try container.decode(String.self)
      if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
      if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' isn't an ISO 8601 date")
    }
    return decoder
  }

  /// `value` as JSON text, keys sorted, secret fields hidden.
  public static func data(_ value: some Encodable) throws -> Data {
    try JSONSerialization.data(
      withJSONObject: object(value), options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
  }
}

/// A place a container writes one value into: a scalar, or a container's storage.
private final class Slot {
  var value: Any = NSNull()
}

private final class ObjectStorage {
  var entries: [String: Slot] = [:]
}

private final class ArrayStorage {
  var items: [Slot] = []
}

private enum TreeEncoding {
  /// The secrets under `key`: `key.rest` becomes `rest`.
  static func secrets(_ secrets: Set<String>, under key: String) -> Set<String> {
    guard !secrets.isEmpty else { return [] }
    let prefix = key + "."
    return Set(secrets.compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
  }

  static func box<T: Encodable>(_ value: T, secrets inherited: Set<String>) throws -> Any {
    switch value {
    case let date as Date: return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    case let url as URL: return url.absoluteString
    case let data as Data: return data.base64EncodedString()
    case let decimal as Decimal: return NSDecimalNumber(decimal: decimal)
    default: break
    }
    var secrets = inherited
    if let listed = T.self as? any InspectorSecrets.Type { secrets.formUnion(listed.secretFields) }
    let slot = Slot()
    try value.encode(to: TreeEncoder(slot: slot, secrets: secrets, codingPath: []))
    return materialize(slot.value)
  }

  static func materialize(_ value: Any) -> Any {
    switch value {
    case let object as ObjectStorage: object.entries.mapValues { materialize($0.value) }
    case let array as ArrayStorage: array.items.map { materialize($0.value) }
    default: value
    }
  }
}

private struct TreeEncoder: Encoder {
  let slot: Slot
  let secrets: Set<String>
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let storage = (slot.value as? ObjectStorage) ?? ObjectStorage()
    slot.value = storage
    return KeyedEncodingContainer(KeyedTree<Key>(storage: storage, secrets: secrets, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let storage = (slot.value as? ArrayStorage) ?? ArrayStorage()
    slot.value = storage
    return UnkeyedTree(storage: storage, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleTree(slot: slot, secrets: secrets, codingPath: codingPath)
  }
}

private struct KeyedTree<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: ObjectStorage
  let secrets: Set<String>
  var codingPath: [any CodingKey]

  private func put(_ key: Key, _ value: () throws -> Any) rethrows {
    let slot = Slot()
    slot.value = secrets.contains(key.stringValue) ? InspectorJSON.secret : try value()
    storage.entries[key.stringValue] = slot
  }

  mutating func encodeNil(forKey key: Key) throws { put(key) { NSNull() } }
  mutating func encode(_ value: Bool, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: String, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Double, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Float, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { put(key) { value } }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key) { value } }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try put(key) { try TreeEncoding.box(value, secrets: TreeEncoding.secrets(secrets, under: key.stringValue)) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectStorage()
    let slot = Slot()
    slot.value = secrets.contains(key.stringValue) ? InspectorJSON.secret : nested
    storage.entries[key.stringValue] = slot
    return KeyedEncodingContainer(
      KeyedTree<NestedKey>(
        storage: nested, secrets: TreeEncoding.secrets(secrets, under: key.stringValue), codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    let slot = Slot()
    slot.value = secrets.contains(key.stringValue) ? InspectorJSON.secret : nested
    storage.entries[key.stringValue] = slot
    return UnkeyedTree(storage: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

  private func superEncoder(named name: String) -> any Encoder {
    let slot = Slot()
    storage.entries[name] = slot
    guard !secrets.contains(name) else {
      // What is encoded through it goes nowhere the page sees.
      slot.value = InspectorJSON.secret
      return TreeEncoder(slot: Slot(), secrets: [], codingPath: codingPath)
    }
    return TreeEncoder(slot: slot, secrets: TreeEncoding.secrets(secrets, under: name), codingPath: codingPath)
  }
}

private struct UnkeyedTree: UnkeyedEncodingContainer {
  let storage: ArrayStorage
  var codingPath: [any CodingKey]
  var count: Int { storage.items.count }

  private func put(_ value: Any) {
    let slot = Slot()
    slot.value = value
    storage.items.append(slot)
  }

  mutating func encodeNil() throws { put(NSNull()) }
  mutating func encode(_ value: Bool) throws { put(value) }
  mutating func encode(_ value: String) throws { put(value) }
  mutating func encode(_ value: Double) throws { put(value) }
  mutating func encode(_ value: Float) throws { put(value) }
  mutating func encode(_ value: Int) throws { put(value) }
  mutating func encode(_ value: Int8) throws { put(value) }
  mutating func encode(_ value: Int16) throws { put(value) }
  mutating func encode(_ value: Int32) throws { put(value) }
  mutating func encode(_ value: Int64) throws { put(value) }
  mutating func encode(_ value: UInt) throws { put(value) }
  mutating func encode(_ value: UInt8) throws { put(value) }
  mutating func encode(_ value: UInt16) throws { put(value) }
  mutating func encode(_ value: UInt32) throws { put(value) }
  mutating func encode(_ value: UInt64) throws { put(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { put(try TreeEncoding.box(value, secrets: [])) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let nested = ObjectStorage()
    put(nested)
    return KeyedEncodingContainer(KeyedTree<NestedKey>(storage: nested, secrets: [], codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    put(nested)
    return UnkeyedTree(storage: nested, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    let slot = Slot()
    storage.items.append(slot)
    return TreeEncoder(slot: slot, secrets: [], codingPath: codingPath)
  }
}

private struct SingleTree: SingleValueEncodingContainer {
  let slot: Slot
  let secrets: Set<String>
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.value = NSNull() }
  mutating func encode(_ value: Bool) throws { slot.value = value }
  mutating func encode(_ value: String) throws { slot.value = value }
  mutating func encode(_ value: Double) throws { slot.value = value }
  mutating func encode(_ value: Float) throws { slot.value = value }
  mutating func encode(_ value: Int) throws { slot.value = value }
  mutating func encode(_ value: Int8) throws { slot.value = value }
  mutating func encode(_ value: Int16) throws { slot.value = value }
  mutating func encode(_ value: Int32) throws { slot.value = value }
  mutating func encode(_ value: Int64) throws { slot.value = value }
  mutating func encode(_ value: UInt) throws { slot.value = value }
  mutating func encode(_ value: UInt8) throws { slot.value = value }
  mutating func encode(_ value: UInt16) throws { slot.value = value }
  mutating func encode(_ value: UInt32) throws { slot.value = value }
  mutating func encode(_ value: UInt64) throws { slot.value = value }
  mutating func encode<T: Encodable>(_ value: T) throws { slot.value = try TreeEncoding.box(value, secrets: secrets) }
}
