/// The spec's OpenAPI document (`api:`) and the requests bound to its operations.
package struct APIBindings: Sendable, Equatable {
  /// The document as the spec names it, relative to the spec.
  package var document: String
  /// The document's path as diagnostics show it (the spec's directory joined with `document`).
  package var documentPath: String
  /// Each bound request's binding, by the request's name.
  package var requests: [String: APIBinding]
  /// Every operation of the document, bound or not: what an `APIProtocol` double implements.
  package var operations: [String]
}

/// A response body's JSON as the generated tests build it: its required properties, and the
/// optional ones redux-gen can fill, in the document's order.
package indirect enum APIShape: Sendable, Equatable {
  case string, integer, number, boolean
  case array(APIShape)
  case object([Member])

  /// A property of an object, in the document's order.
  package struct Member: Sendable, Equatable {
    package var name: String
    package var shape: APIShape
  }
}

extension Spec {
  /// The async actions no operation performs (`operation:`): the hand-written live effects
  /// perform them, so they alone need the `<Feature>LiveEffects` scaffold.
  package var handWrittenRequests: [Action] {
    actions.filter { $0.async != nil && api?.requests[$0.name] == nil }
  }

  /// Whether the requests no operation performs have a protocol of their own
  /// (`<Feature>OtherEffects`), which `<Feature>APIEffects` takes as `others:`: with `api:`, some
  /// requests bound and some not.
  package var splitsOtherEffects: Bool {
    api.map { !$0.requests.isEmpty } == true && !handWrittenRequests.isEmpty
  }
}

/// An async request bound to an operation (`operation: searchVolumes`): what
/// `<Feature>APIEffects` sends and how it reads the answer, checked against the document.
package struct APIBinding: Sendable, Equatable {
  /// The `operationId`, as the document writes it.
  package var operation: String
  /// The method swift-openapi-generator's `Client` has for it (`search/repos` is
  /// `search_sol_repos`), and the name of its `Operations` namespace.
  package var method: String { OpenAPINames.swiftName(operation) }
  /// `GET /volumes`, for docs.
  package var summary: String
  package var inputs: [APIInput]
  /// Sent only when it holds (`operation: "searchVolumes if !query.isEmpty"`); otherwise the
  /// request ends without an outcome. Read over the payload, and the state as `state.NAME`.
  package var condition: Predicate?
  package var success: APISuccess
  /// The documented responses other than the success, in the document's order.
  package var errors: [APIError]
  /// The typed error's case for undocumented statuses and requests that don't complete
  /// (`errors: { default: offline }`); nil when the failure is a message.
  package var otherwiseCase: String?
}

/// One input of the operation and where its value comes from.
package struct APIInput: Sendable, Equatable {
  package enum Location: String, Sendable, Equatable {
    case path, query, headers, body
  }

  package var location: Location
  /// The member's name in swift-openapi-generator's `Input.Query` (and the others).
  package var member: String
  package var source: APIValueSource
}

package enum APIValueSource: Sendable, Equatable {
  /// A payload parameter, then fields of it (`book.id`).
  case parameter([String])
  /// A state field, then fields of it (`state.query`): the effect reads the state.
  case state([String])
  case literal(Literal)

  package enum Literal: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
  }
}

/// How the success's own payload is read from the success response.
package struct APISuccess: Sendable, Equatable {
  package var status: APIStatus
  /// The body's shape, when the success reads one.
  package var body: APIShape?
  /// One read per own field of the success action, in its payload's order.
  package var values: [APIRead]
}

/// A documented status as a case of swift-openapi-generator's `Output`.
package enum APIStatus: Sendable, Equatable {
  case code(Int)
  /// `4XX` (the first digit): the case has the status code.
  case range(Int)
  case `default`

  /// The status for messages: `404`, `4XX`, `default`.
  package var written: String {
    switch self {
    case .code(let code): "\(code)"
    case .range(let digit): "\(digit)XX"
    case .default: "default"
    }
  }
}

/// A documented response other than the success.
package struct APIError: Sendable, Equatable {
  package var status: APIStatus
  package var description: String
  /// The body's shape, when the response has JSON content.
  package var body: APIShape?
  /// The typed error's case it becomes (`errors: { 404: notFound }`); nil when the failure is a
  /// message, or the case is `otherwiseCase`.
  package var typedCase: String?
}

/// A spec value read from a response: the field it fills, and how.
package struct APIRead: Sendable, Equatable {
  package var field: Field
  package var value: APIReadValue
}

package indirect enum APIReadValue: Sendable, Equatable {
  /// The value at `path`, as it is (a scalar, or a list of scalars).
  case value(APIPath)
  /// A model built from the object at `path`, field by field.
  case model(String, APIPath, fields: [APIRead])
  /// A list built from the array at `path`, each element read by `element` from the array's
  /// element (its path is empty).
  case list(APIPath, element: APIReadValue)
}

/// A path into a response's JSON: properties, and `[0]`, the first element of an array.
package struct APIPath: Sendable, Equatable {
  package struct Step: Sendable, Equatable {
    package var property: String
    /// The document doesn't require it, or it may be null: swift-openapi-generator makes it optional.
    package var isOptional: Bool
    /// It may be null (`nullable: true`, `type: [T, "null"]`), required or not.
    package var isNullable = false
    /// `authors[0]`: the array's first element (optional: the array may be empty).
    package var first: Bool = false
  }

  package var steps: [Step] = []

  /// Whether the value may be missing, so a read needs a fallback or an optional field.
  package var isOptional: Bool { steps.contains { $0.isOptional || $0.first } }

  /// As the spec writes it.
  package var written: String {
    steps.map { $0.property + ($0.first ? "[0]" : "") }.joined(separator: ".")
  }
}
