import ReduxGenCore

/// A request bound to an operation of the spec's generated OpenAPI document: the operation,
/// and the `request`, `response` and `errors` entries written (the rest read by name).
struct RBinding: Hashable {
  struct Entry: Hashable {
    var key: String
    var value: String
  }

  var operation: String
  /// `if CONDITION` after the operation: when it is sent (an optional request's).
  var condition: String?
  var request: [Entry] = []
  var response: [Entry] = []
  var errors: [Entry] = []
}

/// Binds some of a feature's requests to operations of an OpenAPI document made for them: their
/// scalar parameters as query parameters (some renamed and mapped, one a constant), a scalar
/// state field for a request that reads the state, and the success's payload as the response's
/// JSON (some properties renamed and mapped); every operation documents a 404, which a typed
/// failure maps to a case.
struct APIBinder {
  var rng: RNG
  var spec: RSpec

  static let documentFile = "api.yaml"

  mutating func bind() {
    let typeNames = spec.models.map(\.name) + spec.enums.map(\.name) + spec.filters.map(\.name)
    guard !typeNames.contains(where: SpecChecker.clientTypeNames.contains) else { return }
    var operations: [(id: String, yaml: [String])] = []
    var schemas: [String] = []
    for index in spec.actions.indices {
      guard let async = spec.actions[index].async, bindable(spec.actions[index]), rng.chance(60) else { continue }
      let action = spec.actions[index]
      // Now and then an operationId that isn't a Swift name (GitHub's `search/repos`).
      let id =
        rng.chance(25) ? "calls/" + action.name : "call" + action.name.prefix(1).uppercased() + action.name.dropFirst()
      var binding = RBinding(operation: id)
      var parameters: [String] = []
      let taken = Set(action.payload.map(\.name))
      for parameter in action.payload {
        guard case .scalar(let scalar) = parameter.type, let schema = Self.schema(scalar),
          SpecChecker.keepsItsName(parameter.name)
        else { continue }
        var name = parameter.name
        if rng.chance(35), !taken.contains(name + "Value") {
          name += "Value"
          binding.request.append(.init(key: name, value: parameter.name))
        }
        parameters.append("        - { name: \(name), in: query, required: true, schema: \(schema) }")
      }
      if async.readsState,
        let field = spec.state.first(where: { field in
          if case .scalar(let scalar) = field.type { Self.schema(scalar) != nil && SpecChecker.keepsItsName(field.name) } else { false }
        }), case .scalar(let scalar) = field.type, !taken.contains(field.name + "Now")
      {
        binding.request.append(.init(key: field.name + "Now", value: "state.\(field.name)"))
        parameters.append(
          "        - { name: \(field.name)Now, in: query, required: true, schema: \(Self.schema(scalar)!) }")
      }
      if rng.chance(30), !taken.contains("version"), !taken.contains("locale") {
        // Or a header named as GitHub's are (`X-GitHub-Api-Version`).
        if rng.chance(50) {
          binding.request.append(.init(key: "X-Api-Version", value: "2"))
          parameters.append("        - { name: X-Api-Version, in: header, required: true, schema: { type: integer } }")
        } else {
          binding.request.append(.init(key: "version", value: "2"))
          parameters.append("        - { name: version, in: query, required: true, schema: { type: integer } }")
        }
      }
      if rng.chance(20), !taken.contains("locale"), !taken.contains("version") {
        parameters.append("        - { name: locale, in: query, schema: { type: string } }")
      }
      var yaml = ["  /\(id):", "    get:", "      operationId: \(id)"]
      if !parameters.isEmpty { yaml += ["      parameters:"] + parameters }
      yaml.append("      responses:")
      let own = ownSuccess(action)
      if own.isEmpty {
        yaml += ["        \"204\":", "          description: Done."]
      } else {
        var properties: [String] = []
        var required: [String] = []
        for field in own {
          var name = field.name
          if rng.chance(30), !own.contains(where: { $0.name == field.name + "Value" }) {
            name += "Value"
            binding.response.append(.init(key: field.name, value: name))
          }
          properties.append("        \(name): \(schema(field.type))")
          if !field.type.isOptional { required.append(name) }
        }
        let body = id.replacingOccurrences(of: "/", with: "_") + "Answer"
        schemas += ["    \(body):", "      type: object"]
        if !required.isEmpty { schemas.append("      required: [\(required.joined(separator: ", "))]") }
        schemas += ["      properties:"] + properties
        yaml += [
          "        \"200\":", "          description: Done.", "          content:", "            application/json:",
          "              schema: { $ref: \"#/components/schemas/\(body)\" }",
        ]
      }
      yaml += ["        \"404\":", "          description: Not found."]
      if case .fields(let failure) = async.failure, let error = failure.first, case .enumeration(let name) = error.type,
        let cases = spec.enumCases(name), !cases.isEmpty
      {
        binding.errors = [.init(key: "404", value: cases[0]), .init(key: "default", value: cases[cases.count - 1])]
      }
      // Now and then a request made optional here, sent under a condition: the examples, made
      // with its effect answering, stay as they were (one with a status only if no example
      // sends it, and under the latest policy, where its status is idle when not sent).
      let latest = async.policy == nil || async.policy == "latest"
      if !async.isOptional, async.status == nil || (latest && !mentioned(action.name)),
        Self.guardCondition(action) != nil, rng.chance(30)
      {
        spec.actions[index].async!.isOptional = true
      }
      if spec.actions[index].async!.isOptional, let condition = Self.guardCondition(action) {
        // Sent only where a parameter says so; with a status, idle where not, when no example sends it.
        binding.condition = condition
        let statusName = action.name + "Status"
        if async.status == nil, latest, spec.persist == nil,
          !mentioned(action.name), !spec.state.contains(where: { $0.name == statusName }),
          !spec.actions.contains(where: { $0.async?.status == statusName })
        {
          spec.actions[index].async!.status = statusName
        }
      }
      spec.actions[index].async!.binding = binding
      operations.append((id, yaml))
    }
    guard !operations.isEmpty else { return }
    var document = ["openapi: 3.1.0", "info: { title: \(spec.feature), version: 1.0.0 }", "paths:"]
    document += operations.flatMap(\.yaml)
    if !schemas.isEmpty { document += ["components:", "  schemas:"] + schemas }
    spec.apiDocument = document.joined(separator: "\n") + "\n"
  }

  /// What an optional request is sent under: a condition on a parameter (`!query.isEmpty`,
  /// `flag`, `count > 0`).
  static func guardCondition(_ action: RAction) -> String? {
    for parameter in action.payload where SpecChecker.keepsItsName(parameter.name) {
      switch parameter.type {
      case .scalar(.string): return "!\(parameter.name).isEmpty"
      case .scalar(.bool): return parameter.name
      case .scalar(.int), .scalar(.double): return "\(parameter.name) > 0"
      default: continue
      }
    }
    return nil
  }

  /// Whether an example, a follow-up or `start:` sends the action: a status added to one
  /// would change what the examples expect, which were made without it.
  private func mentioned(_ name: String) -> Bool {
    spec.examples.contains { $0.when.contains { $0.action == name } } || spec.start.contains { $0.action == name }
      || spec.actions.contains { $0.followUps.contains { $0.action == name } }
  }

  /// A request the generated effects can perform: a failure that is a message or a spec enum,
  /// optional only with a parameter to send it under (`guardCondition`), and a success whose
  /// payload the document can describe.
  private func bindable(_ action: RAction) -> Bool {
    guard let async = action.async, async.failureAction == nil, !async.isOptional || Self.guardCondition(action) != nil,
      !async.isStream
    else { return false }
    switch async.failure {
    case .implicit: break
    case .fields(let fields):
      guard fields.count == 1, fields[0].name == "error", case .enumeration(let name) = fields[0].type,
        spec.enums.contains(where: { $0.name == name })
      else { return false }
    }
    return ownSuccess(action).allSatisfy { SpecChecker.keepsItsName($0.name) && describable($0.type, depth: 0) }
  }

  /// The success action's payload but the carried parameters.
  private func ownSuccess(_ action: RAction) -> [RField] {
    guard let async = action.async else { return [] }
    let payload =
      async.successAction.flatMap { name in spec.actions.first { $0.name == name }?.payload } ?? async.successPayload
    return payload.filter { !async.carry.contains($0.name) }
  }

  private func describable(_ type: RType, depth: Int) -> Bool {
    switch type {
    case .scalar(let scalar): Self.schema(scalar) != nil
    case .optional(.scalar(let scalar)): Self.schema(scalar) != nil
    case .array(let element): describable(element, depth: depth)
    case .model(let name):
      depth < 2
        && spec.model(name).map { model in
          model.fields.allSatisfy { field in
            SpecChecker.keepsItsName(field.json ?? field.name) && describable(field.type, depth: depth + 1)
          }
        } ?? false
    default: false
    }
  }

  static func schema(_ scalar: Scalar) -> String? {
    switch scalar {
    case .string: "{ type: string }"
    case .int: "{ type: integer }"
    case .int64: "{ type: integer, format: int64 }"
    case .double: "{ type: number }"
    case .bool: "{ type: boolean }"
    default: nil
    }
  }

  /// The schema of a spec type, inline; a model's fields by their JSON keys, all required but
  /// optional ones.
  private func schema(_ type: RType) -> String {
    switch type {
    case .scalar(let scalar): return Self.schema(scalar)!
    case .optional(let wrapped): return schema(wrapped)
    case .array(let element): return "{ type: array, items: \(schema(element)) }"
    case .model(let name):
      let fields = spec.model(name)?.fields ?? []
      let properties = fields.map { "\($0.json ?? $0.name): \(schema($0.type))" }.joined(separator: ", ")
      let required = fields.filter { !$0.type.isOptional }.map { $0.json ?? $0.name }
      return "{ type: object"
        + (required.isEmpty ? "" : ", required: [\(required.joined(separator: ", "))]")
        + ", properties: { \(properties) } }"
    default: return "{ type: string }"
    }
  }
}
