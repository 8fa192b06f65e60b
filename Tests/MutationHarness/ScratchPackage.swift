import Foundation
import ReduxGenCore

/// A SwiftPM package holding one feature: its generated sources and hand-written scaffolds in a
/// library target, and the generated reducer and example tests of the original spec in a test
/// target. Mutants rewrite only the generated sources that differ; builds stay incremental. An
/// app's package holds the app's module so, each of its features a target of its own.
struct ScratchPackage {
  let directory: URL
  let feature: String
  /// The library target: the spec's `module:`, which the generated tests import.
  let module: String
  let root: String
  /// The generated sources of the original spec, by file name.
  let originalSources: [String: String]
  /// The modules of the specs the feature uses (an app's features), each with the ones it uses
  /// in turn and whether it persists to SQLite.
  private(set) var usedModules: [(name: String, uses: [String], sqlite: Bool)] = []
  /// The feature persists to SQLite: its target needs ReduxSQLite.
  let usesSQLite: Bool
  /// The OpenAPI document the feature's requests are bound to (`api:`), read from the root: its
  /// target makes its `Client` from it with swift-openapi-generator's plugin.
  let apiDocument: String?
  /// What each generated source holds on disk now, by file name.
  private(set) var onDisk: [String: String] = [:]
  /// The used modules' generated sources as written first, by module and file name: a mutant of
  /// a child's spec (its follow-ups, as the parent's examples see them) changes them.
  private(set) var originalUsedSources: [String: [String: String]] = [:]
  /// What each used module's generated source holds on disk now.
  private var usedOnDisk: [String: [String: String]] = [:]

  var sourcesDirectory: URL { directory.appendingPathComponent("Sources/\(module)") }
  var testsDirectory: URL { directory.appendingPathComponent("Tests/\(testTarget)") }
  /// One build directory for every package of a run: the runtime's modules, built for the first
  /// feature, are reused by the next (each feature's modules are named after it).
  var scratchPath: String { directory.deletingLastPathComponent().appendingPathComponent(".build").path }
  var testTarget: String { "\(feature)GeneratedTests" }
  var logsDirectory: URL { directory.appendingPathComponent("logs") }

  /// The generated sources of `spec`, by file name (`TaskListReducer.swift`).
  static func generatedSources(of spec: Spec) -> [String: String] {
    generatedSources(GeneratorPipeline.files(for: spec))
  }

  /// The generated sources among `files`, by file name.
  static func generatedSources(_ files: [GeneratedFile]) -> [String: String] {
    var sources: [String: String] = [:]
    for file in files where file.ownership == .generated && file.path.hasPrefix("Sources/") {
      sources[(file.path as NSString).lastPathComponent] = file.contents
    }
    return sources
  }

  /// Writes the package for `spec` afresh (the build directory is kept).
  init(spec: Spec, root: String, out: URL) throws {
    try self.init(
      feature: spec.feature, module: spec.moduleName, usesSQLite: spec.persist?.storage == .sqlite,
      apiDocument: spec.api?.documentPath, files: GeneratorPipeline.files(for: spec), used: spec.usedSpecs, root: root,
      out: out)
  }

  /// Writes the package for `app` afresh: the app's module, its features' unmutated.
  init(app: AppSpec, root: String, out: URL) throws {
    try self.init(
      feature: app.name, module: app.module ?? app.name, usesSQLite: false, apiDocument: nil,
      files: GeneratorPipeline.files(for: app),
      used: Spec.flattened(app.features.map(\.spec)), root: root, out: out)
  }

  private init(
    feature: String, module: String, usesSQLite: Bool, apiDocument: String?, files: [GeneratedFile], used: [Spec],
    root: String, out: URL
  ) throws {
    self.feature = feature
    self.module = module
    self.usesSQLite = usesSQLite
    self.apiDocument = apiDocument
    self.root = root
    directory = out.appendingPathComponent(feature)
    originalSources = Self.generatedSources(files)

    let manager = FileManager.default
    for stale in ["Sources", "Tests", "logs", "Package.swift"] {
      let url = directory.appendingPathComponent(stale)
      if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
    }
    for folder in [sourcesDirectory, testsDirectory, logsDirectory] {
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    for (name, text) in try Self.handWrittenSources(of: feature, files: files, root: root) {
      try Self.write(text, to: sourcesDirectory.appendingPathComponent(name))
    }
    for (name, text) in originalSources {
      try Self.write(text, to: sourcesDirectory.appendingPathComponent(name))
      onDisk[name] = text
    }
    if let apiDocument {
      let source = URL(fileURLWithPath: root).appendingPathComponent(apiDocument)
      let name = "openapi." + (apiDocument.hasSuffix(".json") ? "json" : "yaml")
      try Self.write(try String(contentsOf: source, encoding: .utf8), to: sourcesDirectory.appendingPathComponent(name))
      try Self.write(
        "generate: [types, client]\n", to: sourcesDirectory.appendingPathComponent("openapi-generator-config.yaml"))
    }
    for file in files where file.part?.isTest == true {
      try Self.write(file.contents, to: testsDirectory.appendingPathComponent((file.path as NSString).lastPathComponent))
    }
    // The specs it `uses` (an app's features), unmutated, each a target of its own as in the
    // app that has them.
    usedModules = used.map { ($0.moduleName, $0.usedSpecs.map(\.moduleName), $0.persist?.storage == .sqlite) }
    for used in used {
      let usedDirectory = directory.appendingPathComponent("Sources/\(used.moduleName)")
      let usedFiles = GeneratorPipeline.files(for: used)
      let generated = Self.generatedSources(of: used)
      originalUsedSources[used.moduleName] = generated
      usedOnDisk[used.moduleName] = generated
      let sources = generated.merging(
        try Self.handWrittenSources(of: used.feature, files: usedFiles, root: root)) { generated, _ in generated }
      for (name, text) in sources { try Self.write(text, to: usedDirectory.appendingPathComponent(name)) }
    }
    try Self.write(manifest(), to: directory.appendingPathComponent("Package.swift"))
  }

  /// The hand-written files checked in beside `spec`'s generated ones (every file without the
  /// header), and each scaffold not checked in as generated, as a fresh feature would have it.
  static func handWrittenSources(of feature: String, files: [GeneratedFile], root: String) throws -> [String: String] {
    let checkedIn = URL(fileURLWithPath: root).appendingPathComponent("Generated/\(feature)/Sources")
    var handWritten: [String: String] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: checkedIn.path)) ?? [] where name.hasSuffix(".swift") {
      let text = try String(contentsOf: checkedIn.appendingPathComponent(name), encoding: .utf8)
      if !text.hasPrefix(GeneratedHeader.prefix) { handWritten[name] = text }
    }
    for file in files where file.ownership == .scaffold {
      let name = (file.path as NSString).lastPathComponent
      if handWritten[name] == nil { handWritten[name] = file.contents }
    }
    return handWritten
  }

  private func manifest() -> String {
    let runtime = ".product(name: \"ReduxRuntime\", package: \"redux-gen\")"
    let sqlite = usesSQLite ? [".product(name: \"ReduxSQLite\", package: \"redux-gen\")"] : []
    let openAPI =
      apiDocument == nil
      ? []
      : [
        ".product(name: \"ReduxOpenAPI\", package: \"redux-gen\")",
        ".product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\")",
      ]
    let dependencies = ([runtime] + sqlite + openAPI + usedModules.map { "\"\($0.name)\"" }).joined(separator: ", ")
    let packages =
      [".package(name: \"redux-gen\", path: \(swiftString(root)))"]
      + (apiDocument == nil
        ? []
        : [
          ".package(url: \"https://github.com/apple/swift-openapi-generator\", from: \"1.14.0\")",
          ".package(url: \"https://github.com/apple/swift-openapi-runtime\", from: \"1.13.0\")",
        ])
    let plugins =
      apiDocument == nil ? "" : ", plugins: [.plugin(name: \"OpenAPIGenerator\", package: \"swift-openapi-generator\")]"
    let usedTargets = usedModules.map { module in
      let sqlite = module.sqlite ? [".product(name: \"ReduxSQLite\", package: \"redux-gen\")"] : []
      let dependencies = ([runtime] + sqlite + module.uses.map { "\"\($0)\"" }).joined(separator: ", ")
      return ".target(name: \"\(module.name)\", dependencies: [\(dependencies)]),"
    }
    return """
      // swift-tools-version: 6.0
      // Written by mutation-harness: the \(feature) feature's generated sources and hand-written
      // scaffolds, and its generated reducer and example tests.
      import PackageDescription

      let package = Package(
        name: "Mutation\(feature)",
        platforms: [.macOS(.v15)],
        dependencies: [\(packages.joined(separator: ", "))],
        targets: [
          .target(name: "\(module)", dependencies: [\(dependencies)]\(plugins)),
          .testTarget(
            name: "\(testTarget)",
            dependencies: ["\(module)", \(dependencies), .product(name: "ReduxTesting", package: "redux-gen")]),
          \(usedTargets.joined(separator: "\n    "))
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  /// Puts `sources` on disk, writing only the files that differ from what is there; the names written.
  @discardableResult
  mutating func install(_ sources: [String: String]) throws -> [String] {
    var written: [String] = []
    for (name, text) in sources.sorted(by: { $0.key < $1.key }) where onDisk[name] != text {
      try Self.write(text, to: sourcesDirectory.appendingPathComponent(name))
      onDisk[name] = text
      written.append(name)
    }
    for name in onDisk.keys.sorted() where sources[name] == nil {
      try FileManager.default.removeItem(at: sourcesDirectory.appendingPathComponent(name))
      onDisk[name] = nil
      written.append(name)
    }
    return written
  }

  /// Puts the used modules' generated sources `used` (by module and file name) on disk, writing
  /// only the files that differ from what is there; the names written.
  @discardableResult
  mutating func installUsed(_ used: [String: [String: String]]) throws -> [String] {
    var written: [String] = []
    for (module, sources) in used.sorted(by: { $0.key < $1.key }) where usedOnDisk[module] != nil {
      let folder = directory.appendingPathComponent("Sources/\(module)")
      for (name, text) in sources.sorted(by: { $0.key < $1.key }) where usedOnDisk[module]?[name] != text {
        try Self.write(text, to: folder.appendingPathComponent(name))
        usedOnDisk[module]?[name] = text
        written.append("\(module)/\(name)")
      }
    }
    return written
  }

  /// The generated sources of the used modules of `used`, by module and file name.
  static func usedSources(_ used: [Spec]) -> [String: [String: String]] {
    Dictionary(used.map { ($0.moduleName, generatedSources(of: $0)) }, uniquingKeysWith: { first, _ in first })
  }

  /// Puts the original generated sources back, the used modules' too.
  mutating func restore() throws {
    try install(originalSources)
    try installUsed(originalUsedSources)
  }

  static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
  }
}

/// `text` as a Swift string literal.
func swiftString(_ text: String) -> String {
  var result = "\""
  for character in text {
    switch character {
    case "\\": result += "\\\\"
    case "\"": result += "\\\""
    case "\n": result += "\\n"
    default: result.append(character)
    }
  }
  return result + "\""
}
