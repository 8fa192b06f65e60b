import Foundation
import ReduxGenCore

/// The YAML files of a document, by path relative to its seed's directory.
struct RenderedDocument {
  /// The file redux-gen is run on.
  var main: String
  var files: [(path: String, text: String)]

  var text: String { files.first { $0.path == main }?.text ?? "" }
}

extension RDocument {
  func rendered() -> RenderedDocument {
    switch self {
    case .feature(let spec):
      let snapshots = spec.persistedSnapshots.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) }
      let api = spec.apiDocument.map { [(path: APIBinder.documentFile, text: $0)] } ?? []
      return RenderedDocument(main: "spec.yaml", files: [("spec.yaml", Renderer(spec: spec).yaml())] + snapshots + api)
    case .app(let app):
      var files = [(path: "app.yaml", text: app.yaml())]
      for feature in app.features { files.append(("\(feature.field).yaml", Renderer(spec: feature.spec).yaml())) }
      return RenderedDocument(main: "app.yaml", files: files)
    }
  }

  /// Every spec file and the document itself, as one text to print.
  var printable: String {
    let rendered = rendered()
    if rendered.files.count == 1 { return rendered.files[0].text }
    return rendered.files.map { "# --- \($0.path)\n\($0.text)" }.joined(separator: "\n")
  }
}

/// What redux-gen made of one document.
struct Generated {
  /// The output directory (relative to the seed's) and the files of each module.
  var modules: [(name: String, directory: String, files: [GeneratedFile], dependencies: [String])]
}

enum Pipeline {
  /// Checks and generates a document in-process; diagnostics (warnings too) on failure.
  static func generate(_ document: RDocument, directory: String) -> Result<Generated, PipelineFailure> {
    let rendered = document.rendered()
    var texts: [String: [UInt8]] = [:]
    for file in rendered.files { texts["\(directory)/\(file.path)"] = Array(file.text.utf8) }
    var modules: [(name: String, directory: String, files: [GeneratedFile], dependencies: [String])] = []
    do {
      switch document {
      case .feature(let spec):
        let result = try GeneratorPipeline.generate(
          rendered.text, path: "\(directory)/\(rendered.main)", readFile: { texts[$0] })
        if !result.diagnostics.isEmpty { return .failure(PipelineFailure(diagnostics: result.diagnostics.map(\.summary))) }
        modules.append((spec.module ?? spec.feature, spec.feature, result.files, []))
      case .app(let app):
        for feature in app.features {
          let path = "\(directory)/\(feature.field).yaml"
          let result = try GeneratorPipeline.generate(
            String(decoding: texts[path] ?? [], as: UTF8.self), path: path, readFile: { texts[$0] })
          if !result.diagnostics.isEmpty {
            return .failure(PipelineFailure(diagnostics: result.diagnostics.map(\.summary)))
          }
          // A feature that uses another's models imports its module, and so does one that holds
          // it, directly or further down (a grandchild's state is in its tests).
          // Once each: a feature both used and held as a child is one dependency.
          var used: [String] = []
          var files = feature.spec.uses + feature.spec.children.map(\.file)
          while !files.isEmpty {
            let file = files.removeFirst()
            guard let held = app.features.first(where: { "\($0.field).yaml" == file })?.spec, !used.contains(held.feature)
            else { continue }
            used.append(held.feature)
            files += held.children.map(\.file)
          }
          modules.append((feature.spec.feature, feature.spec.feature, result.files, used))
        }
        let result = try GeneratorPipeline.generate(
          rendered.text, path: "\(directory)/\(rendered.main)", readFile: { texts[$0] })
        if !result.diagnostics.isEmpty { return .failure(PipelineFailure(diagnostics: result.diagnostics.map(\.summary))) }
        modules.append((app.name, app.name, result.files, app.features.map(\.spec.feature)))
      }
    } catch {
      return .failure(PipelineFailure(diagnostics: error.diagnostics.map(\.summary)))
    }
    return .success(Generated(modules: modules))
  }
}

struct PipelineFailure: Error {
  var diagnostics: [String]
}

/// Writes documents and what redux-gen made of them as one Swift package.
struct PackageWriter {
  let out: URL
  let root: String

  /// Writes each document under `S<seed>/`; returns the modules written, by seed.
  func write(_ documents: [(seed: UInt64, document: RDocument)]) throws -> [UInt64: [String]] {
    let manager = FileManager.default
    try manager.createDirectory(at: out, withIntermediateDirectories: true)
    // Start clean: a module of an earlier run must not linger.
    for entry in try manager.contentsOfDirectory(atPath: out.path) where entry.hasPrefix("S") || entry == "Package.swift" {
      try manager.removeItem(at: out.appendingPathComponent(entry))
    }
    var targets: [String] = []
    var modulesBySeed: [UInt64: [String]] = [:]
    var lint: [String] = []
    var usesOpenAPI = false
    for (seed, document) in documents {
      let directory = "S\(seed)"
      let rendered = document.rendered()
      for file in rendered.files { try write(file.text, to: "\(directory)/\(file.path)") }
      let generated: Generated
      switch Pipeline.generate(document, directory: directory) {
      case .success(let value): generated = value
      case .failure(let failure):
        throw ToolError("seed \(seed) is rejected:\n" + failure.diagnostics.joined(separator: "\n"))
      }
      let specs = Dictionary(document.specs.map { ($0.module ?? $0.feature, $0) }, uniquingKeysWith: { a, _ in a })
      for module in generated.modules {
        let base = "\(directory)/\(module.directory)"
        var replaced: Set<String> = []
        if let spec = specs[module.name] {
          if let text = HandWritten.customReducer(spec) {
            try write(text, to: "\(base)/Sources/\(spec.feature)CustomReducer.swift")
            replaced.insert("Sources/\(spec.feature)CustomReducer.swift")
          }
          if let text = HandWritten.liveEffects(spec) {
            try write(text, to: "\(base)/Sources/\(spec.feature)LiveEffects.swift")
            replaced.insert("Sources/\(spec.feature)LiveEffects.swift")
          }
          try write(HandWritten.storeTest(spec), to: "\(base)/Tests/HandWritten/\(spec.feature)StoreTests.swift")
        } else if case .app(let app) = document {
          try write(HandWritten.appStoreTest(app), to: "\(base)/Tests/HandWritten/\(app.name)StoreTests.swift")
        }
        for file in module.files where !replaced.contains(file.path) {
          try write(file.contents, to: "\(base)/\(file.path)")
          lint.append("\(base)/\(file.path)")
        }
        let runtime = ".product(name: \"ReduxRuntime\", package: \"redux-gen\")"
        // The generated test effects (`<Feature>TestEffects`) use ReduxTesting's doubles.
        let testing = ".product(name: \"ReduxTesting\", package: \"redux-gen\")"
        // A spec that persists to SQLite uses ReduxSQLite.
        let sqlite =
          specs[module.name]?.persist?.storage == "sqlite" ? [".product(name: \"ReduxSQLite\", package: \"redux-gen\")"] : []
        // A spec bound to an OpenAPI document: its target makes the `Client` with
        // swift-openapi-generator's plugin, from a copy of the document.
        var openAPI: [String] = []
        var plugins = ""
        if let document = specs[module.name]?.apiDocument {
          try write(document, to: "\(base)/Sources/openapi.yaml")
          try write("generate: [types, client]\n", to: "\(base)/Sources/openapi-generator-config.yaml")
          openAPI = [
            ".product(name: \"ReduxOpenAPI\", package: \"redux-gen\")",
            ".product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\")",
          ]
          plugins = ",\n          plugins: [.plugin(name: \"OpenAPIGenerator\", package: \"swift-openapi-generator\")]"
          usesOpenAPI = true
        }
        let dependencies = module.dependencies.map { "\"\($0)\"" } + [runtime] + sqlite + openAPI
        targets.append(
          """
              .target(
                name: "\(module.name)", dependencies: [\(dependencies.joined(separator: ", "))],
                path: "\(base)/Sources"\(plugins)),
              .testTarget(
                name: "\(module.name)Tests",
                dependencies: ["\(module.name)", \((dependencies + [testing]).joined(separator: ", "))],
                path: "\(base)/Tests"),
          """)
        modulesBySeed[seed, default: []].append(module.name)
      }
    }
    let packages =
      [".package(name: \"redux-gen\", path: \(SwiftText.string(root)))"]
      + (usesOpenAPI
        ? [
          ".package(url: \"https://github.com/apple/swift-openapi-generator\", from: \"1.14.0\")",
          ".package(url: \"https://github.com/apple/swift-openapi-runtime\", from: \"1.13.0\")",
        ] : [])
    let manifest = """
      // swift-tools-version: 6.0
      // Written by random-specs: one library and one test target per generated module.
      import PackageDescription

      let package = Package(
        name: "RandomSpecs",
        platforms: [.macOS(.v15)],
        dependencies: [\(packages.joined(separator: ", "))],
        targets: [
      \(targets.joined(separator: "\n"))
        ],
        swiftLanguageModes: [.v6]
      )

      """
    try write(manifest, to: "Package.swift")
    try write(lint.joined(separator: "\n") + "\n", to: "S-lint-files.txt")
    var index = ""
    for (seed, modules) in modulesBySeed.sorted(by: { $0.key < $1.key }) {
      index += "\(seed) \(modules.joined(separator: " "))\n"
    }
    try write(index, to: "S-modules.txt")
    return modulesBySeed
  }

  private func write(_ text: String, to relative: String) throws {
    let url = out.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}

struct ToolError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
