/// The parts of an OpenAPI document (3.0 or 3.1, YAML or JSON) that binding a request to an
/// operation reads: operations by `operationId`, their parameters, JSON request body and
/// responses, and the schemas of those, `$ref`s resolved. Every part keeps its node, so a
/// problem can name the document's line. Read from `YAMLNode`s: nothing here sees libyaml.
struct OpenAPIDocument {
  /// The document's path as diagnostics show it.
  let path: String
  private(set) var operations: [String: APIOperation] = [:]
  /// The problems of the document itself, at its lines.
  private(set) var problems: [(APIProblem, SourceLocation)] = []
  private let components: [String: [String: YAMLNode]]

  static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

  init(_ root: YAMLNode, path: String) {
    self.path = path
    var components: [String: [String: YAMLNode]] = [:]
    for pair in root.pairs("components") {
      guard let kind = pair.key.scalar else { continue }
      components[kind] = Dictionary(pair.value.pairsOfMapping.compactMap { p in p.key.scalar.map { ($0, p.value) } }) {
        first, _ in first
      }
    }
    self.components = components
    for pathPair in root.pairs("paths") {
      guard let route = pathPair.key.scalar else { continue }
      let shared = pathPair.value.value("parameters")?.items ?? []
      for methodPair in pathPair.value.pairsOfMapping {
        guard let method = methodPair.key.scalar, Self.methods.contains(method) else { continue }
        let node = methodPair.value
        guard let idNode = node.value("operationId"), let id = idNode.scalar else { continue }
        if operations[id] != nil {
          problems.append((.duplicateOperation(id), idNode.location))
          continue
        }
        operations[id] = operation(id, method: method, route: route, node: node, idNode: idNode, shared: shared)
      }
    }
  }

  private mutating func operation(
    _ id: String, method: String, route: String, node: YAMLNode, idNode: YAMLNode, shared: [YAMLNode]
  ) -> APIOperation {
    var parameters: [APIParameter] = []
    // An operation's own parameter replaces a path item's of the same name and place.
    for item in shared + (node.value("parameters")?.items ?? []) {
      let resolved = resolve(item)
      guard let name = resolved.value("name")?.scalar, let place = resolved.value("in")?.scalar else { continue }
      guard let location = APIParameter.Location(rawValue: place) else { continue }
      let schema = resolved.value("schema").map { self.schema($0) } ?? .unsupported("a parameter without a schema", item)
      // A nullable one is optional in Swift however required (swift-openapi-generator's rule).
      let required =
        location == .path
        || (resolved.value("required")?.scalar == "true" && !(resolved.value("schema").map(isNullable) ?? false))
      parameters.removeAll { $0.name == name && $0.location == location }
      parameters.append(APIParameter(name: name, location: location, isRequired: required, schema: schema, node: item))
    }
    var body: APIParameter?
    if let bodyNode = node.value("requestBody").map(resolve) {
      let required = bodyNode.value("required")?.scalar == "true"
      if let json = bodyNode.value("content")?.value("application/json") {
        let schema = json.value("schema").map { self.schema($0) } ?? .unsupported("a body without a schema", json)
        body = APIParameter(name: "body", location: .body, isRequired: required, schema: schema, node: bodyNode)
      } else if required {
        body = APIParameter(
          name: "body", location: .body, isRequired: true,
          schema: .unsupported("a body that isn't 'application/json'", bodyNode), node: bodyNode)
      }
    }
    var responses: [APIResponse] = []
    for pair in node.pairs("responses") {
      guard let key = pair.key.scalar, let status = APIResponse.Status(key) else { continue }
      let response = resolve(pair.value)
      let content = response.value("content")?.pairsOfMapping ?? []
      let json = content.first { $0.key.scalar == "application/json" }?.value
      let schema = json.map { json in json.value("schema").map { self.schema($0) } ?? .unsupported("no schema", json) }
      responses.append(
        APIResponse(
          status: status, description: response.value("description")?.scalar ?? "", json: schema,
          otherContent: json == nil && !content.isEmpty, node: pair.key))
    }
    return APIOperation(
      id: id, method: method, route: route, parameters: parameters, body: body, responses: responses, node: idNode)
  }

  /// The node a `$ref` names (`#/components/KIND/NAME`), followed until it isn't one.
  func resolve(_ node: YAMLNode) -> YAMLNode {
    var node = node
    var seen: Set<String> = []
    while let reference = node.value("$ref")?.scalar, seen.insert(reference).inserted,
      let target = component(reference)
    {
      node = target
    }
    return node
  }

  private func component(_ reference: String) -> YAMLNode? {
    let parts = reference.split(separator: "/").map(String.init)
    guard parts.count == 4, parts[0] == "#", parts[1] == "components" else { return nil }
    return components[parts[2]]?[parts[3]]
  }

  /// Whether a schema admits null: 3.0's `nullable: true`, 3.1's `type: [T, "null"]`, here or
  /// where its `$ref` leads. swift-openapi-generator makes such a property optional even when
  /// it is required.
  func isNullable(_ node: YAMLNode) -> Bool {
    var current = node
    for _ in 0..<8 {
      if current.value("nullable")?.scalar == "true" { return true }
      if current.value("type")?.items.contains(where: { $0.scalar == "null" }) == true { return true }
      guard let reference = current.value("$ref")?.scalar, let target = component(reference) else { return false }
      current = target
    }
    return false
  }

  /// A schema as the spec binds it; `$ref`s followed, one level of recursion at a time.
  func schema(_ node: YAMLNode, visiting: Set<String> = []) -> APISchema {
    var visiting = visiting
    if let reference = node.value("$ref")?.scalar {
      guard let target = component(reference) else { return .unsupported("'\(reference)', which the document lacks", node) }
      guard visiting.insert(reference).inserted else { return .unsupported("a schema that contains itself", node) }
      return schema(target, visiting: visiting)
    }
    for composed in ["oneOf", "anyOf", "allOf"] where node.value(composed) != nil {
      return .unsupported("'\(composed)'", node)
    }
    if node.value("enum") != nil { return .unsupported("'enum'", node) }
    var type = node.value("type")?.scalar
    // 3.1's `type: [string, "null"]`: the type beside null.
    if type == nil, let types = node.value("type")?.items.compactMap(\.scalar) {
      type = types.first { $0 != "null" }
    }
    let format = node.value("format")?.scalar
    switch type {
    case "integer":
      switch format {
      case "int32": return .integer(bits: 32, node)
      case "int64": return .integer(bits: 64, node)
      default: return .integer(bits: nil, node)
      }
    case "number": return format == "float" ? .unsupported("'float' numbers", node) : .number(node)
    case "boolean": return .boolean(node)
    case "string":
      if let format, ["date", "date-time", "binary", "byte"].contains(format) {
        return .unsupported("'string' of format '\(format)'", node)
      }
      return .string(node)
    case "array":
      guard let items = node.value("items") else { return .unsupported("an array without 'items'", node) }
      return .array(schema(items, visiting: visiting), node)
    case "object", nil:
      if type == nil, node.value("properties") == nil {
        return .unsupported("a schema without a type", node)
      }
      let required = Set(node.value("required")?.items.compactMap(\.scalar) ?? [])
      let properties = node.pairs("properties").compactMap { pair -> APIProperty? in
        guard let name = pair.key.scalar else { return nil }
        let nullable = isNullable(pair.value)
        return APIProperty(
          name: name, schema: schema(pair.value, visiting: visiting), isRequired: required.contains(name) && !nullable,
          isNullable: nullable, node: pair.key)
      }
      return .object(properties, node)
    default:
      return .unsupported(type.map { "type '\($0)'" } ?? "a schema without a type", node)
    }
  }
}

struct APIOperation {
  var id: String
  var method: String
  var route: String
  var parameters: [APIParameter]
  var body: APIParameter?
  var responses: [APIResponse]
  /// The `operationId`'s value.
  var node: YAMLNode
}

struct APIParameter {
  enum Location: String {
    case path, query, header, cookie, body
  }

  var name: String
  var location: Location
  var isRequired: Bool
  var schema: APISchema
  var node: YAMLNode
}

struct APIResponse {
  enum Status: Hashable {
    case code(Int)
    /// `4XX`: the first digit.
    case range(Int)
    case `default`

    init?(_ key: String) {
      if key == "default" {
        self = .default
      } else if let code = Int(key), (100...599).contains(code) {
        self = .code(code)
      } else if key.count == 3, key.uppercased().hasSuffix("XX"), let digit = Int(key.prefix(1)), (1...5).contains(digit) {
        self = .range(digit)
      } else {
        return nil
      }
    }

    var code: Int? {
      if case .code(let code) = self { return code }
      return nil
    }

    var isSuccess: Bool {
      switch self {
      case .code(let code): (200...299).contains(code)
      case .range(let digit): digit == 2
      case .default: false
      }
    }

    /// As the spec's `errors:` and messages write it: `404`, `4XX`, `default`.
    var written: String {
      switch self {
      case .code(let code): "\(code)"
      case .range(let digit): "\(digit)XX"
      case .default: "default"
      }
    }
  }

  var status: Status
  var description: String
  /// The `application/json` content's schema, if the response has one.
  var json: APISchema?
  /// Whether the response has content, none of it JSON.
  var otherContent: Bool
  var node: YAMLNode
}

struct APIProperty {
  var name: String
  var schema: APISchema
  /// Required and not nullable: swift-openapi-generator's property is not optional.
  var isRequired: Bool
  /// It may be null (`nullable: true`, `type: [T, "null"]`): optional in Swift, required or not.
  var isNullable = false
  var node: YAMLNode
}

/// A schema's shape: what a spec type may be bound to.
indirect enum APISchema {
  /// `integer`; `bits` from `format: int32`/`int64`.
  case integer(bits: Int?, YAMLNode)
  case number(YAMLNode)
  case string(YAMLNode)
  case boolean(YAMLNode)
  case array(APISchema, YAMLNode)
  case object([APIProperty], YAMLNode)
  /// What binding can't read, in words, where the document writes it.
  case unsupported(String, YAMLNode)

  var node: YAMLNode {
    switch self {
    case .integer(_, let node), .number(let node), .string(let node), .boolean(let node), .array(_, let node),
      .object(_, let node), .unsupported(_, let node):
      node
    }
  }

  /// The document's words for the schema, for messages.
  var summary: String {
    switch self {
    case .integer(let bits, _): bits.map { "integer (int\($0))" } ?? "integer"
    case .number: "number"
    case .string: "string"
    case .boolean: "boolean"
    case .array(let items, _): "array of \(items.summary)"
    case .object: "object"
    case .unsupported(let what, _): what
    }
  }

  func property(_ name: String) -> APIProperty? {
    if case .object(let properties, _) = self { return properties.first { $0.name == name } }
    return nil
  }
}

extension YAMLNode {
  /// A mapping's value under `key`.
  func value(_ key: String) -> YAMLNode? {
    guard case .mapping(let pairs) = kind else { return nil }
    return pairs.first { $0.key.scalar == key }?.value
  }

  /// A mapping's pairs; none for anything else.
  var pairsOfMapping: [Pair] {
    if case .mapping(let pairs) = kind { return pairs }
    return []
  }

  /// The pairs of the mapping under `key`.
  func pairs(_ key: String) -> [Pair] { value(key)?.pairsOfMapping ?? [] }

  /// A sequence's items; none for anything else.
  var items: [YAMLNode] {
    if case .sequence(let items) = kind { return items }
    return []
  }
}
