import Foundation
import Testing

@testable import ReduxGenCore

/// docs/redux-gen.schema.json, the JSON Schema editors check and complete specs with, against the
/// checker's own tables: the keys of each mapping (`SpecKeys`), the reduce operations, the derived
/// values and the closed sets of words. (.ci/schema-check validates the specs with it.)
struct SchemaTests {
  static let schemaPath = "Sources/ReduxGenCore/Schema/redux-gen.schema.json"

  static func schemaText() throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(schemaPath), encoding: .utf8)
  }

  static func definitions() throws -> [String: [String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(try schemaText().utf8))
    let schema = try #require(object as? [String: Any], "\(schemaPath) is not a JSON object")
    let definitions = try #require(schema["$defs"] as? [String: Any], "\(schemaPath) has no $defs")
    return definitions.compactMapValues { $0 as? [String: Any] }
  }

  static func definition(_ name: String) throws -> [String: Any] {
    try #require(try definitions()[name], "\(schemaPath) has no $defs/\(name)")
  }

  /// The words of the first group of alternatives in `pattern`: `^ *(set|append)...` gives set, append.
  static func alternatives(in pattern: String) throws -> [String] {
    let group = try NSRegularExpression(pattern: #"\(([A-Za-z]+(?:\|[A-Za-z]+)+)\)"#)
    let range = NSRange(pattern.startIndex..., in: pattern)
    let match = try #require(group.firstMatch(in: pattern, range: range), "no (a|b|...) group in \(pattern)")
    let words = try #require(Range(match.range(at: 1), in: pattern))
    return pattern[words].split(separator: "|").map(String.init)
  }

  static func matches(_ pattern: String, _ text: String) throws -> Bool {
    let expression = try NSRegularExpression(pattern: pattern)
    return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// What `expected` (the checker's) and `found` (the schema's) don't share, for a message.
  static func difference(_ expected: [String], _ found: [String]) -> String {
    let missing = Set(expected).subtracting(found).sorted()
    let extra = Set(found).subtracting(expected).sorted()
    return "missing from the schema: \(missing); not the checker's: \(extra)"
  }

  @Test("each mapping's keys in the schema are exactly the checker's", arguments: SpecKeys.byDefinition.keys.sorted())
  func keysMatchTheChecker(definition: String) throws {
    let schema = try Self.definition(definition)
    let properties = try #require(schema["properties"] as? [String: Any], "$defs/\(definition) has no properties")
    let expected = try #require(SpecKeys.byDefinition[definition])
    #expect(
      Set(properties.keys) == Set(expected),
      "$defs/\(definition): \(Self.difference(expected, Array(properties.keys)))")
    // A key the schema doesn't list is an error, as it is for the checker.
    #expect(schema["additionalProperties"] as? Bool == false, "$defs/\(definition) lets unknown keys through")
  }

  @Test("every mapping of fixed keys in the schema is one SpecKeys lists")
  func everyFixedMappingIsTheCheckers() throws {
    let withProperties = try Self.definitions().filter { $0.value["properties"] != nil }.keys.sorted()
    #expect(
      withProperties == SpecKeys.byDefinition.keys.sorted(),
      "\(Self.difference(SpecKeys.byDefinition.keys.sorted(), withProperties))")
  }

  @Test("the reduce operation pattern names every operation word the checker knows")
  func reduceOperationWords() throws {
    let pattern = try #require(try Self.definition("reduceOperation")["pattern"] as? String)
    // `if` starts a condition, a YAML key (`- if CONDITION: ...`), never an operation's text.
    let conditional = ConditionalOperation.words
    let operations = ReduceOperation.words.filter { !conditional.contains($0) }
    let found = try Self.alternatives(in: pattern)
    #expect(Set(found) == Set(operations), "$defs/reduceOperation: \(Self.difference(operations, found))")
    for word in operations {
      #expect(try Self.matches(pattern, "\(word) x"), "'\(word) x' doesn't match \(pattern)")
      #expect(try !Self.matches(pattern, "\(word)x y"), "'\(word)x y' matches \(pattern)")
    }
    let condition = try Self.definition("reduceCondition")
    let keys = try #require(condition["propertyNames"] as? [String: Any])
    let keyPattern = try #require(keys["pattern"] as? String)
    for word in conditional {
      #expect(try Self.matches(keyPattern, "\(word) x > 1"), "'\(word) x > 1' doesn't match \(keyPattern)")
      #expect(try Self.matches(keyPattern, "else \(word) x > 1"), "'else \(word) x > 1' doesn't match \(keyPattern)")
      #expect(try !Self.matches(pattern, "\(word) x > 1"), "'\(word) x > 1' is an operation in \(pattern)")
    }
    #expect(try Self.matches(keyPattern, "else"))
    #expect(try !Self.matches(keyPattern, "set x"))
  }

  @Test("the derived value pattern names every derivation the checker knows")
  func derivedValueWords() throws {
    let pattern = try #require(try Self.definition("derivedValue")["pattern"] as? String)
    let found = try Self.alternatives(in: pattern)
    let expected = SpecChecker.derivationWords
    #expect(Set(found) == Set(expected), "$defs/derivedValue: \(Self.difference(expected, found))")
    #expect(try Self.matches(pattern, "rates[currency]"))
  }

  @Test("closed sets of words are the checker's")
  func closedSets() throws {
    let feature = try #require(try Self.definition("feature")["properties"] as? [String: Any])
    let request = try #require(try Self.definition("async")["properties"] as? [String: Any])
    let persist = try #require(try Self.definition("persist")["properties"] as? [String: Any])
    let cases: [(String, Any?, [String])] = [
      ("access", feature["access"], Spec.Access.allCases.map(\.rawValue)),
      ("policy", request["policy"], EffectPolicy.allCases.map(\.rawValue)),
      ("storage", persist["storage"], Persist.Storage.allCases.map(\.rawValue)),
    ]
    for (key, schema, expected) in cases {
      let words = try #require((schema as? [String: Any])?["enum"] as? [String], "\(key) has no enum")
      #expect(Set(words) == Set(expected), "\(key): \(Self.difference(expected, words))")
    }
  }

  /// SpecSchema.json, which `redux-gen schema` prints and `redux-gen init` writes, is the module's
  /// resource, the one copy: docs/redux-gen.schema.json links to it.
  @Test("the schema the tool carries is the one docs/redux-gen.schema.json names")
  func carriedSchemaIsTheFile() throws {
    let text = try Self.schemaText()
    #expect(SpecSchema.json == text)
    let linked = try FileManager.default.destinationOfSymbolicLink(
      atPath: packageRoot.appendingPathComponent("docs/redux-gen.schema.json").path)
    #expect(linked == "../Sources/ReduxGenCore/Schema/redux-gen.schema.json")
  }

  /// A redux-gen copied away from its resources says what is missing, rather than crash, and
  /// `init` writes no spec without its schema.
  @Test("a redux-gen without its resources says so, exits 2 and writes nothing", .enabled(if: reduxGenExecutable != nil))
  func missingResources() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lone-redux-gen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let lone = directory.appendingPathComponent("redux-gen")
    try FileManager.default.copyItem(at: try #require(reduxGenExecutable), to: lone)
    for arguments in [["schema"], ["init", "Lone"]] {
      let process = Process()
      process.executableURL = lone
      process.arguments = arguments
      process.currentDirectoryURL = directory
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 2, "\(arguments)")
      #expect(text.contains("is not next to this redux-gen"), "\(arguments): \(text)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Specs").path))
  }
}
