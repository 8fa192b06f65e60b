/// A YAML node with the place it was read from. Equality ignores the location.
package struct YAMLNode: Sendable, Equatable {
  package enum ScalarStyle: Sendable, Equatable {
    case plain
    case quoted
    case block
  }

  package struct Pair: Sendable, Equatable {
    package var key: YAMLNode
    package var value: YAMLNode
  }

  package enum Kind: Sendable, Equatable {
    case scalar(String, ScalarStyle)
    case sequence([YAMLNode])
    case mapping([Pair])
  }

  package var kind: Kind
  package var location: SourceLocation

  package init(_ kind: Kind, at location: SourceLocation) {
    self.kind = kind
    self.location = location
  }

  package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
    lhs.kind == rhs.kind
  }

  /// The scalar's text, or nil for a collection.
  package var scalar: String? {
    if case .scalar(let text, _) = kind { return text }
    return nil
  }

  /// The mapping's pairs, or nil for a scalar or a list.
  package var mapping: [Pair]? {
    if case .mapping(let pairs) = kind { return pairs }
    return nil
  }

  /// A plain scalar that YAML 1.1 reads as null (`~`, `null`, or nothing).
  package var isNull: Bool {
    if case .scalar(let text, .plain) = kind {
      return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }
    return false
  }

  /// Whether this is an unquoted scalar.
  package var isPlainScalar: Bool {
    if case .scalar(_, .plain) = kind { return true }
    return false
  }

  /// The column where a scalar's text starts (after an opening quote).
  package var textLocation: SourceLocation {
    if case .scalar(_, .quoted) = kind { return location.advanced(by: 1) }
    return location
  }

  /// A word for the kind of node, for error messages.
  package var kindDescription: String {
    switch kind {
    case .scalar: "a scalar"
    case .sequence: "a list"
    case .mapping: "a mapping"
    }
  }
}
