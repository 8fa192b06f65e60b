// The spec's types and values: enums, models, their fields, and literal values.
/// An enum of the spec: String-backed when no case carries values, a sum type otherwise
/// (`PlaybackMode: [notPlaying, playing: { progress: Double }]`).
package struct EnumType: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var cases: [String]
  /// The values each case that carries some holds, in their order, by case name.
  package var caseValues: [String: [Field]] = [:]

  /// Whether a case carries values: the enum is then no String raw value, not `CaseIterable`.
  package var carriesValues: Bool { !caseValues.isEmpty }

  /// The Swift struct holding a case's values, which `ENUM.CASE` reads (`PlaybackMode.Playing`).
  package static func valuesTypeName(_ caseName: String) -> String {
    caseName.prefix(1).uppercased() + caseName.dropFirst()
  }

  /// What an expression reads of the enum, as models: one named as the enum whose fields are
  /// the cases with values (each optional, nil in another case: `mode.playing?.progress`), and
  /// one per such case, named `ENUM.Case`, of its values.
  package var accessorModels: [Model] {
    guard carriesValues else { return [] }
    let withValues = cases.filter { caseValues[$0] != nil }
    let accessors = withValues.map { caseName in
      Field(
        name: caseName, type: .optional(.model(name + "." + Self.valuesTypeName(caseName))), defaultValue: nil,
        doc: nil)
    }
    return [Model(name: name, doc: nil, fields: accessors)]
      + withValues.map { Model(name: name + "." + Self.valuesTypeName($0), doc: nil, fields: caseValues[$0] ?? []) }
  }
}

/// A struct of the spec.
package struct Model: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var fields: [Field]
  /// The conformances the model asks for beyond those its use needs (`conformances:`).
  package var conformances: Set<Conformance> = []
  /// A mutant's edit (`SpecMutator`): this field's key is required when decoding, though the
  /// field has a default.
  package var decodesWithoutDefault: String?

  package var idField: Field? { fields.first { $0.name == "id" } }
}

/// A stored property with its default.
package struct Field: Sendable, Equatable {
  package var name: String
  package var type: SpecType
  /// nil when the field must be given.
  package var defaultValue: Value?
  package var doc: String?
  /// For an action's payload parameter written `= new` (a `UUID`) or `= now` (a `Date`): the
  /// action's creator makes it, so the reducer stays pure.
  package var madeByCreator = false
  /// For a model's field: its key in JSON when not its name (`json: temperature_2m_max`).
  package var jsonKey: String?
  /// `secret: true`: never sent to an inspector (ReduxDebugging's `InspectorConnection`).
  package var secret = false

  /// The key the field is encoded and decoded under.
  package var codingKey: String { jsonKey ?? name }
}

/// A literal checked against its type.
package indirect enum Value: Sendable, Equatable {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  /// A UUID as a string, or written as a small number n (the UUID ending in n).
  case uuid(String)
  case newUUID
  /// The current time, `Date()`: what an action creator puts in a parameter written `= now`.
  case now
  /// A date, as seconds since 1970 (read from ISO 8601 text).
  case date(Double)
  case url(String)
  /// Data given as UTF-8 text.
  case data(String)
  case enumCase(String)
  /// A case of an enum with its values, in the case's order: `playing(progress: 0.5)`.
  case caseWithValues(String, [(name: String, value: Value)])
  case null
  case array([Value])
  case dictionary([(key: Value, value: Value)])
  /// A model built from its fields, in the model's order, with omitted ones absent.
  case model(String, [(name: String, value: Value)])
  /// A model built from its defaults alone.
  case modelDefault(String)
  /// `RequestStatus.failed(message)`.
  case failed(String)

  package static func == (lhs: Value, rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.date(let a), .date(let b)): a == b
    case (.string(let a), .string(let b)), (.uuid(let a), .uuid(let b)), (.url(let a), .url(let b)),
      (.data(let a), .data(let b)),
      (.enumCase(let a), .enumCase(let b)), (.modelDefault(let a), .modelDefault(let b)):
      a == b
    case (.newUUID, .newUUID), (.now, .now), (.null, .null): true
    case (.failed(let a), .failed(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.model(let n, let a), .model(let m, let b)), (.caseWithValues(let n, let a), .caseWithValues(let m, let b)):
      n == m && a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    default: false
    }
  }
}

extension Value {
  /// Whether this is the number 0 (an integer or a Double).
  package var isZero: Bool { self == .int(0) || self == .double(0) }
}
