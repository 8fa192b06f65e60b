import Foundation

extension SpecChecker {
  /// YAML data converted to `type`, as `given`, `then`, payloads and long-form defaults write it.
  mutating func exampleValue(_ node: YAMLNode, type: SpecType, isDefault: Bool = false) -> Value? {
    let fail: (inout SpecChecker) -> Value? = { checker in
      let shown = node.scalar ?? node.kindDescription
      let problem: SpecProblem =
        isDefault
        ? .invalidDefault(shown, type: type.swiftName) : .invalidValue(shown, type: type.swiftName)
      checker.error(problem, node)
      return nil
    }
    switch (type, node.kind) {
    case (.optional, _) where node.isNull || (node.scalar == "nil" && node.isPlainScalar):
      // YAML's null (`~`, `null`, nothing) or Swift's `nil`, unquoted.
      return .null
    case (.optional(let wrapped), _):
      return exampleValue(node, type: wrapped, isDefault: isDefault)
    case (.array(let element), .sequence(let items)):
      var values: [Value] = []
      var failed = false
      // A list of models with an id holds one element per id (generated code keeps it so).
      var ids: [Value] = []
      for item in items {
        if let value = exampleValue(item, type: element, isDefault: isDefault) {
          values.append(value)
          if let id = fixedID(of: value) {
            if ids.contains(id) {
              if case .mapping(let pairs) = item.kind, let written = pairs.first(where: { $0.key.scalar == "id" }) {
                error(.duplicateID(written.value.scalar ?? "", type: element.swiftName), written.value)
              } else {
                error(.duplicateID("\(SpecMutator.describe(id)) (the default)", type: element.swiftName), item)
              }
              failed = true
            }
            ids.append(id)
          }
        } else {
          failed = true
        }
      }
      return failed ? nil : .array(values)
    case (.indexSet, .sequence(let items)):
      // Offsets: whole numbers from 0, each once (an IndexSet holds a set, up to Int.max - 1).
      var offsets: [Int] = []
      for item in items {
        guard let text = item.scalar, item.isPlainScalar, let offset = Int(text), offset >= 0, offset < Int.max,
          !offsets.contains(offset)
        else {
          error(.invalidValue(item.scalar ?? item.kindDescription, type: "IndexSet (whole numbers from 0, each once)"), item)
          return nil
        }
        offsets.append(offset)
      }
      return .array(offsets.sorted().map { .int($0) })
    case (.dictionary(let keyType, let valueType), .mapping(let pairs)):
      var entries: [(key: Value, value: Value)] = []
      for pair in pairs {
        guard let key = exampleValue(pair.key, type: keyType, isDefault: isDefault),
          let value = exampleValue(pair.value, type: valueType, isDefault: isDefault)
        else { return nil }
        entries.append((key, value))
      }
      return .dictionary(entries)
    case (.model(let name), .mapping(let pairs)):
      return modelValue(name, pairs, at: node, isDefault: isDefault)
    case (.requestStatus, .scalar(let text, _)) where ["idle", "loading", "succeeded"].contains(text):
      return .enumCase(text)
    case (.requestStatus, .mapping(let pairs)) where pairs.count == 1 && pairs[0].key.scalar == "failed":
      guard let message = pairs[0].value.scalar else { return fail(&self) }
      return .failed(message)
    case (.enumeration(let enumName), .scalar(let text, _)):
      let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
      let cases = literals.enumCases(type)
      guard cases.contains(name) else {
        if let value = literals.literalValue(text, type: type) { return value }
        error(.unknownCase(name, type: type.swiftName, suggestion: closestMatch(to: name, in: cases)), node)
        return nil
      }
      if let values = literals.caseValues(enumName, name) {
        error(.caseNeedsValues(name, enumName: enumName, labels: values.map(\.name)), node)
        return nil
      }
      return .enumCase(name)
    case (.enumeration(let enumName), .mapping(let pairs)) where pairs.count == 1:
      // `{ playing: { progress: 0.5 } }`: a case with its values.
      guard let name = pairs[0].key.scalar, literals.enumCases(type).contains(name) else {
        let written = pairs[0].key.scalar ?? ""
        let cases = literals.enumCases(type)
        error(.unknownCase(written, type: type.swiftName, suggestion: closestMatch(to: written, in: cases)), pairs[0].key)
        return nil
      }
      guard let values = literals.caseValues(enumName, name) else { return fail(&self) }
      guard case .mapping(let given) = pairs[0].value.kind else { return fail(&self) }
      let mismatch = SpecProblem.caseValuesMismatch(name, enumName: enumName, labels: values.map(\.name))
      var result: [(name: String, value: Value)] = []
      for pair in given where !values.contains(where: { $0.name == pair.key.scalar }) {
        error(mismatch, pair.key)
        return nil
      }
      for field in values {
        guard let valueNode = given.first(where: { $0.key.scalar == field.name })?.value else {
          error(mismatch, pairs[0].value)
          return nil
        }
        guard let value = exampleValue(valueNode, type: field.type, isDefault: isDefault) else { return nil }
        result.append((field.name, value))
      }
      return .caseWithValues(name, result)
    case (.scalar(let scalar), .scalar(let text, let style)):
      return literals.scalarValue(text, quoted: style != .plain, scalar) ?? fail(&self)
    default:
      return fail(&self)
    }
  }

  /// The id a model value has whatever runs it: written, or a default that is not made anew
  /// each time (`UUID()`); nil for other values.
  private func fixedID(of value: Value) -> Value? {
    let name: String
    var written: Value?
    switch value {
    case .model(let modelName, let fields):
      name = modelName
      written = fields.first { $0.name == "id" }?.value
    case .modelDefault(let modelName):
      name = modelName
    default:
      return nil
    }
    guard let idField = modelsByName[name]?.idField else { return nil }
    let id = written ?? idField.defaultValue
    return id == .newUUID ? nil : id
  }

  private mutating func modelValue(
    _ name: String, _ pairs: [YAMLNode.Pair], at node: YAMLNode, isDefault: Bool
  ) -> Value? {
    guard let model = modelsByName[name] else { return nil }
    var given: [String: YAMLNode] = [:]
    for pair in pairs {
      guard let key = text(pair.key, what: .a(.field)) else { continue }
      if model.fields.contains(where: { $0.name == key }) {
        given[key] = pair.value
      } else {
        error(model.unknownField(key), pair.key)
      }
    }
    var values: [(name: String, value: Value)] = []
    var failed = false
    for field in model.fields {
      if let fieldNode = given[field.name] {
        if let value = exampleValue(fieldNode, type: field.type, isDefault: isDefault) {
          values.append((field.name, value))
        } else {
          failed = true
        }
      } else if field.defaultValue == nil {
        error(.missingField(field.name, model: name), node)
        failed = true
      }
    }
    return failed ? nil : .model(name, values)
  }
}

/// Reads a value written inline (in a reduce operation, a key, a short default) as a value of
/// its type: what the checker and the reduce parser share, without the rest of the checker.
struct LiteralReader {
  /// The spec's models, for `{}` (a model built from its defaults).
  let models: [String: Model]
  /// The cases of each enum and filter.
  let enumCaseNames: [String: [String]]

  /// A literal written inside an expression or after `=`, checked against `type`.
  func literalValue(_ text: String, type: SpecType) -> Value? {
    switch type {
    case .optional(let wrapped):
      return text == "nil" ? .null : literalValue(text, type: wrapped)
    case .array:
      return text == "[]" ? .array([]) : nil
    case .dictionary:
      return text == "[:]" ? .dictionary([]) : nil
    case .indexSet, .stack:
      return text == "[]" ? .array([]) : nil
    case .model(let name):
      // `{}`: the model built from its defaults.
      return text == "{}" && modelHasAllDefaults(name) ? .modelDefault(name) : nil
    case .requestStatus:
      return ["idle", "loading", "succeeded"].contains(text) ? .enumCase(text) : nil
    case .enumeration(let enumName):
      let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
      if let open = name.firstIndex(of: "(") {
        return caseWithValues(String(name[..<open]), String(name[open...]), enumName: enumName)
      }
      return enumCases(type).contains(name) && caseValues(enumName, name) == nil ? .enumCase(name) : nil
    case .scalar(let scalar):
      guard let contents = unquoted(text) else { return nil }
      return scalarValue(contents, quoted: text.hasPrefix("\""), scalar)
    }
  }

  /// A scalar value of a scalar type; a UUID may be a small whole number.
  func scalarValue(_ text: String, quoted: Bool, _ scalar: SpecType.Scalar) -> Value? {
    switch scalar {
    case .string:
      return .string(text)
    case .bool:
      if quoted { return nil }
      switch text {
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      default: return nil
      }
    case .int, .int64:
      guard !quoted, let number = Int(text.replacingUnderscores) else { return nil }
      return .int(number)
    case .double, .float, .decimal:
      guard !quoted else { return nil }
      if let number = Int(text.replacingUnderscores) { return .int(number) }
      guard let number = Double(text.replacingUnderscores), number.isFinite else { return nil }
      // A literal Float can't hold overflows to infinity (a compiler warning).
      if scalar == .float, !Float(number).isFinite { return nil }
      return .double(number)
    case .uuid:
      if !quoted, let number = Int(text), number >= 0, text.count <= 12 {
        return .uuid(smallUUID(number))
      }
      return isUUIDText(text) ? .uuid(text.uppercased()) : nil
    case .date:
      return iso8601Seconds(text).map { .date($0) }
    case .url:
      guard let url = URL(string: text), url.scheme != nil else { return nil }
      return .url(text)
    case .data:
      return .data(text)
    }
  }

  /// The values case `caseName` of enum `enumName` carries (`models` holds them as
  /// `EnumType.accessorModels`); nil for a case that carries none.
  func caseValues(_ enumName: String, _ caseName: String) -> [Field]? {
    models[enumName + "." + EnumType.valuesTypeName(caseName)]?.fields
  }

  /// `CASE(LABEL: VALUE, ...)` written inline: every value of the case, in its order, each a
  /// literal of its type.
  private func caseWithValues(_ name: String, _ rest: String, enumName: String) -> Value? {
    guard let values = caseValues(enumName, name), rest.hasSuffix(")") else { return nil }
    let inside = rest.dropFirst().dropLast()
    let arguments = Self.splitAtCommas(inside)
    guard arguments.count == values.count else { return nil }
    var result: [(name: String, value: Value)] = []
    for (field, argument) in zip(values, arguments) {
      guard let colon = argument.firstIndex(of: ":"),
        argument[..<colon].trimmingCharacters(in: .whitespaces) == field.name,
        let value = literalValue(argument[argument.index(after: colon)...].trimmingCharacters(in: .whitespaces), type: field.type)
      else { return nil }
      result.append((field.name, value))
    }
    return .caseWithValues(name, result)
  }

  /// Text split at its commas outside quotes and brackets.
  private static func splitAtCommas(_ text: Substring) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var quoted = false
    var escaped = false
    for character in text {
      if quoted {
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
      } else if character == "\"" {
        quoted = true
      } else if "([{".contains(character) {
        depth += 1
      } else if ")]}".contains(character) {
        depth -= 1
      } else if character == ",", depth == 0 {
        parts.append(current)
        current = ""
        continue
      }
      current.append(character)
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty || !parts.isEmpty { parts.append(current) }
    return parts
  }

  func enumCases(_ type: SpecType) -> [String] {
    guard case .enumeration(let name) = type else { return [] }
    return enumCaseNames[name] ?? []
  }


  /// Text in double quotes as what it says (its escapes read, as YAML reads them); other text
  /// as it is. nil for an escape YAML doesn't have.
  private func unquoted(_ text: String) -> String? {
    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
      return QuotedText.contents(text.dropFirst().dropLast())
    }
    return text
  }

  func modelHasAllDefaults(_ name: String) -> Bool {
    models[name]?.fields.allSatisfy { $0.defaultValue != nil } ?? false
  }
}

extension SpecChecker {
  var literals: LiteralReader { LiteralReader(models: expressionModelsByName, enumCaseNames: enumCaseNames) }
}

/// Seconds since 1970 for an ISO 8601 date (`2024-05-01`) or date and time
/// (`2024-05-01T09:30:00Z`, fractional seconds and offsets allowed).
func iso8601Seconds(_ text: String) -> Double? {
  let formatter = ISO8601DateFormatter()
  let formats: [ISO8601DateFormatter.Options] = [
    [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
  ]
  for options in formats {
    formatter.formatOptions = options
    if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
  }
  return nil
}

/// The UUID whose last digits are `number`, as examples write small ids.
func smallUUID(_ number: Int) -> String {
  let digits = String(number)
  return smallUUIDPrefix + String(repeating: "0", count: 12 - digits.count) + digits
}

/// What every small UUID (`smallUUID`) starts with, before its twelve digits.
let smallUUIDPrefix = "00000000-0000-0000-0000-"

private func isUUIDText(_ text: String) -> Bool {
  let groups = text.split(separator: "-", omittingEmptySubsequences: false)
  guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
  return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
}

extension String {
  fileprivate var replacingUnderscores: String {
    String(filter { $0 != "_" })
  }
}
