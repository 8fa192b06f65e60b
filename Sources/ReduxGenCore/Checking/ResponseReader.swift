import Foundation

// Reads a response's fields from an OpenAPI operation's success body.
/// Reads spec values from a response's schema: a field from the mapped path, or the property
/// of its JSON key; models field by field, lists element by element. Keys are the spec's
/// (`books`, `books[].title`, `forecast.windSpeed`).
struct ResponseReader {
  var checker: SpecChecker
  let mapped: [String: (path: APIPath, node: YAMLNode)]
  let operation: String
  let at: YAMLNode
  /// Every key a field of the payload has, for unused `response:` keys.
  var keys: Set<String> = []
  /// Keys whose reading failed and was reported: keys under them aren't reported again.
  var failed: Set<String> = []

  init(checker: SpecChecker, mapped: [String: (path: APIPath, node: YAMLNode)], operation: String, at: YAMLNode) {
    self.checker = checker
    self.mapped = mapped
    self.operation = operation
    self.at = at
  }

  /// - Parameter topLevel: A field of the success's payload, which the response must give (a
  ///   model's field with a default or an optional one may be left to it).
  /// - Parameters:
  ///   - base: Where `schema` is in the document, for messages (`items[]`, `volumeInfo`); empty
  ///     for the body.
  ///   - model: The model `field` belongs to, if any: a mismatch is reported at its declaration.
  mutating func read(
    _ field: Field, key: String, from schema: APISchema, base: String = "", model: String? = nil,
    topLevel: Bool = false, wholeIfUnnamed: Bool = false
  ) -> APIRead? {
    keys.insert(key)
    let reported = checker.diagnostics.diagnostics.count
    let result = readField(field, key: key, from: schema, base: base, model: model, topLevel: topLevel, wholeIfUnnamed: wholeIfUnnamed)
    // Failed and said so; a field left to its default says nothing, and keys under it still do.
    if result == nil, checker.diagnostics.diagnostics.count > reported { failed.insert(key) }
    return result
  }

  private mutating func readField(
    _ field: Field, key: String, from schema: APISchema, base: String, model: String?, topLevel: Bool,
    wholeIfUnnamed: Bool
  ) -> APIRead? {
    let path: APIPath
    let target: APISchema
    let node: YAMLNode
    if let (written, writtenNode) = mapped[key] {
      guard let (walked, found) = walk(written, in: schema, base: base, key: key, at: writtenNode) else { return nil }
      (path, target, node) = (walked, found, writtenNode)
    } else if let property = schema.property(field.codingKey) {
      (path, target, node) = (
        APIPath(steps: [.init(property: property.name, isOptional: !property.isRequired, isNullable: property.isNullable)]),
        property.schema, model.flatMap { checker.modelFieldNodes[$0 + "." + field.name] } ?? at
      )
      guard checkName(property.name) else { return nil }
    } else if wholeIfUnnamed {
      (path, target, node) = (APIPath(), schema, at)
    } else {
      // A field with a default, or an optional one, may be left to it.
      if !topLevel, field.defaultValue != nil || field.type.isOptional { return nil }
      let properties: [String] = if case .object(let list, _) = schema { list.map(\.name) } else { [] }
      checker.error(
        .api(.missingResponseField(key, operation: operation, suggestion: closestMatch(to: field.name, in: properties))),
        at)
      return nil
    }
    var type = field.type
    if case .optional(let wrapped) = type {
      type = wrapped
    } else if path.isOptional, field.defaultValue == nil, !isList(type) {
      // Left out by the document, or only null: the advice differs.
      let nullOnly = path.steps.allSatisfy { !$0.first && (!$0.isOptional || $0.isNullable) }
      checker.error(.api(nullOnly ? .responseMayBeNull(key, path: path.written) : .responseMayBeMissing(key, path: path.written)), node)
      return nil
    }
    guard let value = readValue(type, key: key, path: path, schema: target, base: base, node: node) else { return nil }
    return APIRead(field: field, value: value)
  }

  private func isList(_ type: SpecType) -> Bool {
    if case .array = type { return true }
    return false
  }

  private mutating func readValue(
    _ type: SpecType, key: String, path: APIPath, schema: APISchema, base: String, node: YAMLNode
  ) -> APIReadValue? {
    let here = joinedPath(base, path.written)
    switch (type, schema) {
    case (.scalar(.string), .string), (.scalar(.int), .integer(nil, _)), (.scalar(.int64), .integer(64, _)),
      (.scalar(.double), .number), (.scalar(.bool), .boolean):
      return .value(path)
    case (.array(let element), .array(let items, _)):
      // Elements are read from the array's element, with keys `KEY[]`.
      var elementType = element
      if case .optional(let wrapped) = element { elementType = wrapped }
      guard
        let elementValue = readValue(
          elementType, key: key + "[]", path: APIPath(), schema: items, base: here + "[]", node: node)
      else { return nil }
      return .list(path, element: elementValue)
    case (.model(let name), .object):
      guard let model = checker.modelsByName[name] else { return nil }
      var fields: [APIRead] = []
      var complete = true
      for field in model.fields {
        let fieldKey = key + "." + field.name
        if let read = read(field, key: fieldKey, from: schema, base: here, model: name) {
          fields.append(read)
        } else if mapped[fieldKey] != nil || schema.property(field.codingKey) != nil
          || !(field.defaultValue != nil || field.type.isOptional)
        {
          complete = false
        }
      }
      return complete ? .model(name, path, fields: fields) : nil
    case (.scalar, _), (.array, _), (.model, _):
      if case .unsupported(let what, let where_) = schema {
        checker.error(.api(.unboundType(key, type: what)), where_)
      } else {
        checker.error(.api(.responseTypeMismatch(key, type: type.swiftName, documented: schema.summary, at: here)), node)
      }
      return nil
    default:
      checker.error(.api(.unboundType(key, type: type.swiftName)), node)
      return nil
    }
  }

  /// The written path's steps over the schema, each marked optional where the document
  /// doesn't require it; nil (reported) where a property is missing.
  private mutating func walk(_ written: APIPath, in schema: APISchema, base: String, key: String, at node: YAMLNode)
    -> (APIPath, APISchema)?
  {
    var current = schema
    var steps: [APIPath.Step] = []
    var walked: [String] = []
    for step in written.steps {
      guard let property = current.property(step.property) else {
        let properties: [String] = if case .object(let list, _) = current { list.map(\.name) } else { [] }
        // A key under a list (`books[].title`) reads from each element of the list it maps.
        let element = base.hasSuffix("[]") ? key.range(of: "[]", options: .backwards).map { String(key[..<$0.upperBound]) } : nil
        checker.error(
          .api(
            .unknownResponseProperty(
              step.property, path: joinedPath(base, walked.joined(separator: ".")), element: element.map { APIProblem.KeyAndPlace(key: $0, place: base) },
              suggestion: closestMatch(to: step.property, in: properties))),
          node)
        return nil
      }
      guard checkName(property.name) else { return nil }
      walked.append(step.property)
      current = property.schema
      if step.first {
        guard case .array(let items, _) = current else {
          checker.error(.api(.notAnArray(step.property, path: walked.joined(separator: "."))), node)
          return nil
        }
        current = items
      }
      steps.append(
        APIPath.Step(property: property.name, isOptional: !property.isRequired, isNullable: property.isNullable, first: step.first))
    }
    return (APIPath(steps: steps), current)
  }

  private mutating func checkName(_ name: String) -> Bool {
    let valid = SpecChecker.keepsItsName(name)
    if !valid { checker.error(.api(.notSwiftName(name, what: "response property")), at) }
    return valid
  }
}

/// A document path for messages: `items[]` then `volumeInfo` is `items[].volumeInfo`.
func joinedPath(_ base: String, _ path: String) -> String {
  if base.isEmpty { return path }
  if path.isEmpty { return base }
  return base + "." + path
}
