/// A type in a checked spec.
package indirect enum SpecType: Hashable, Sendable {
  package enum Scalar: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case uuid = "UUID"
    case date = "Date"
    case url = "URL"
    case data = "Data"
    case decimal = "Decimal"

    var isNumeric: Bool {
      switch self {
      case .int, .int64, .double, .float, .decimal: true
      default: false
      }
    }

    var isInteger: Bool { self == .int || self == .int64 }
  }

  case scalar(Scalar)
  /// A model of the spec (a struct).
  case model(String)
  /// A filter or enum of the spec (a String-backed enum).
  case enumeration(String)
  case optional(SpecType)
  case array(SpecType)
  case dictionary(SpecType, SpecType)
  /// ReduxRuntime's `RequestStatus`: idle, loading, succeeded, failed(message).
  case requestStatus
  /// Foundation's `IndexSet`: positions in a list, as SwiftUI's `onMove` and `onDelete` give
  /// them; a payload parameter's type only (`move`, `remove LIST at OFFSETS`).
  case indexSet
  /// ReduxRuntime's `ScreenStack` of the named enum of screens: a navigation stack's state
  /// field (`children: { path: { stack: [...] } }`), a state field's type only.
  case stack(String)

  /// As Swift writes it.
  package var swiftName: String {
    switch self {
    case .scalar(let scalar): scalar.rawValue
    case .model(let name), .enumeration(let name): name
    case .optional(let wrapped): "\(wrapped.swiftName)?"
    case .array(let element): "[\(element.swiftName)]"
    case .dictionary(let key, let value): "[\(key.swiftName): \(value.swiftName)]"
    case .requestStatus: "RequestStatus"
    case .indexSet: "IndexSet"
    case .stack(let screens): "ScreenStack<\(screens)>"
    }
  }

  /// Whether the type is or holds an `IndexSet`, which only a payload parameter may have.
  package var mentionsIndexSet: Bool {
    switch self {
    case .indexSet: true
    case .optional(let wrapped), .array(let wrapped): wrapped.mentionsIndexSet
    case .dictionary(let key, let value): key.mentionsIndexSet || value.mentionsIndexSet
    default: false
    }
  }

  /// Whether the type is or holds a model, whose defaults the checker reads.
  var mentionsModel: Bool {
    switch self {
    case .model: true
    case .optional(let wrapped), .array(let wrapped): wrapped.mentionsModel
    case .dictionary(let key, let value): key.mentionsModel || value.mentionsModel
    default: false
    }
  }

  /// The model and enum names the type is or holds.
  package var typeNames: [String] {
    switch self {
    case .model(let name), .enumeration(let name): [name]
    case .optional(let wrapped), .array(let wrapped): wrapped.typeNames
    case .dictionary(let key, let value): key.typeNames + value.typeNames
    default: []
    }
  }

  package var isStack: Bool {
    if case .stack = self { return true }
    return false
  }

  package var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  package var unwrapped: SpecType {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }

  /// A dictionary's value type; nil for other types.
  package var dictionaryKey: SpecType? {
    if case .dictionary(let key, _) = self { return key }
    return nil
  }

  package var dictionaryValue: SpecType? {
    if case .dictionary(_, let value) = self { return value }
    return nil
  }

  package var elementType: SpecType? {
    if case .array(let element) = self { return element }
    return nil
  }

  package var isNumeric: Bool {
    if case .scalar(let scalar) = self { return scalar.isNumeric }
    return false
  }

  /// Whether `<` and friends apply.
  package var isOrdered: Bool {
    switch self {
    case .scalar(let scalar): scalar != .bool && scalar != .url && scalar != .data && scalar != .uuid
    default: false
    }
  }
}
