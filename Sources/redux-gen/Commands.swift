import ArgumentParser
import Foundation
import ReduxGenCore
import ReduxGenLanguageServer

/// `redux-gen init NAME`: a starter spec, and the schema editors complete it with.
struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Writes a commented starter feature spec that generates and passes its tests as it is.",
    discussion: """
      Writes Specs/<name>.yaml (or --output) and, when the directory has none, the JSON Schema its first line names, so editors with yaml-language-server complete and check the spec. Never overwrites a spec: an existing file is an error (exit 2).
      """
  )

  @Argument(help: "The feature's name: an upper-case Swift identifier, such as TodoList.")
  var name: String

  @Option(name: .shortAndLong, help: "The spec's path (default: Specs/<name in lower case>.yaml).")
  var output: String?

  func run() throws {
    let console = Console()
    let path = output ?? "Specs/" + StarterSpec.fileName(feature: name)
    let directory = OutputWriter.parent(of: path)
    let text = StarterSpec.text(feature: name, schema: SpecSchema.fileName)
    // The name is checked as any spec's feature is: a reserved or malformed one is refused.
    do {
      _ = try DocumentChecking.checkFeature(text, path: path)
    } catch {
      for diagnostic in error.diagnostics where diagnostic.severity == .error {
        console.error("redux-gen: error: '\(name)' can't name a feature: \(diagnostic.message)")
      }
      throw ExitCode(2)
    }
    guard !FileManager.default.fileExists(atPath: path) else {
      console.error("redux-gen: error: \(path) exists; redux-gen init never overwrites a spec (choose another --output)")
      throw ExitCode(2)
    }
    let schemaPath = directory.isEmpty ? SpecSchema.fileName : directory + "/" + SpecSchema.fileName
    let writesSchema = !FileManager.default.fileExists(atPath: schemaPath)
    guard let schema = SpecSchema.json else {
      console.error("redux-gen: error: \(SpecSchema.missingMessage)")
      throw ExitCode(2)
    }
    do {
      if !directory.isEmpty {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      }
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
    } catch {
      console.error("redux-gen: error: can't write \(path): \(error.localizedDescription)")
      throw ExitCode(2)
    }
    // Both files or neither: a schema that can't be written takes the new spec back.
    do {
      if writesSchema {
        try Data(schema.utf8).write(to: URL(fileURLWithPath: schemaPath), options: .withoutOverwriting)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: path)
      console.error("redux-gen: error: can't write \(schemaPath): \(error.localizedDescription)")
      throw ExitCode(2)
    }
    print(nextSteps(path: path, schemaPath: writesSchema ? schemaPath : nil))
  }

  /// How this redux-gen was run, for commands to copy: `swift run redux-gen` when SwiftPM ran it
  /// from the current package's `.build`, else the path or name it was run by.
  private static var invocation: String {
    let executable = CommandLine.arguments[0]
    let build = FileManager.default.currentDirectoryPath + "/.build/"
    return executable.hasPrefix(build) ? "swift run redux-gen" : shellQuoted(executable)
  }

  private func nextSteps(path: String, schemaPath: String?) -> String {
    let names = GeneratedNames(feature: name)
    let stem = (StarterSpec.fileName(feature: name) as NSString).deletingPathExtension
    var lines = ["Wrote \(path): the \(name) feature, ready to generate."]
    if let schemaPath {
      lines.append("Wrote \(schemaPath): its first line points editors with yaml-language-server at it.")
    }
    lines += [
      "",
      "Next, either generate the code once and check it in (\(names.state), \(names.action), \(names.reducer), tests),",
      "with the redux-gen you ran now:",
      "  \(Self.invocation) \(path)        # writes Generated/\(name)/Sources and Generated/\(name)/Tests",
      "",
      "or, in a package that depends on redux-gen, let its command plugin write the code into the",
      "target, with no redux-gen command line: move the spec to Sources/\(name)/\(stem).redux.yaml, give",
      "Sources/\(name) and Tests/\(name)Tests a Swift file each (SwiftPM leaves out a target without",
      "one), exclude the spec from the target (exclude: [\"\(stem).redux.yaml\"]), and run",
      "  swift package --allow-writing-to-package-directory generate-redux --target \(name)",
      "",
      "or generate it at build time: move the spec to Sources/\(name)/\(stem).redux.yaml, give Sources/\(name)",
      "and Tests/\(name)Tests a Swift file each, and add to Package.swift (docs/plugins.md has the whole",
      "file, with its platforms):",
      "  .target(",
      "    name: \"\(name)\", dependencies: [.product(name: \"ReduxRuntime\", package: \"redux-gen\")],",
      "    plugins: [.plugin(name: \"ReduxGenPlugin\", package: \"redux-gen\")]),",
      "  .testTarget(",
      "    name: \"\(name)Tests\", dependencies: [\"\(name)\", .product(name: \"ReduxRuntime\", package: \"redux-gen\")],",
      "    plugins: [.plugin(name: \"ReduxGenPlugin\", package: \"redux-gen\")]),",
      "",
      "See the feature as a diagram: \(Self.invocation) diagram \(path)",
    ]
    return lines.joined(separator: "\n")
  }
}

/// `redux-gen diagram SPEC`: the feature as Mermaid or Graphviz DOT.
struct Diagram: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Prints a diagram of a feature: actions, the state fields each changes, middleware, async outcomes, events.",
    discussion: """
      Mermaid (the default) renders on GitHub inside a ```mermaid fence; DOT renders with Graphviz (dot -Tsvg). The spec is checked first: a spec with errors prints them and exits 1.
      """
  )

  @Argument(help: "A feature spec (YAML).")
  var spec: String

  @Option(help: ArgumentHelp("The diagram's syntax.", valueName: "mermaid|dot"))
  var format: DiagramRenderer.Format = .mermaid

  func run() throws {
    let console = Console()
    let shown = displayPath(spec)
    let data = try console.read(spec)
    do {
      let text = try SpecText.decode(data, path: shown)
      console.sources[shown] = text
      let (checked, warnings) = try DocumentChecking.checkFeature(
        text, path: shown, readFile: console.filesNamed(by: SpecPaths(named: shown, readFrom: spec)))
      console.print(warnings)
      print(DiagramRenderer.render(FeatureDiagram(spec: checked), as: format), terminator: "")
    } catch {
      console.print(error.diagnostics)
      throw ExitCode(1)
    }
  }
}

/// `redux-gen schema`: the JSON Schema of specs, for editors.
struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Prints the JSON Schema of feature and app specs, for editors with yaml-language-server.",
    discussion: """
      Save it next to your specs and name it on each spec's first line: # yaml-language-server: $schema=redux-gen.schema.json
      """
  )

  func run() throws {
    guard let schema = SpecSchema.json else {
      Console().error("redux-gen: error: \(SpecSchema.missingMessage)")
      throw ExitCode(2)
    }
    print(schema, terminator: "")
  }
}

extension DiagramRenderer.Format: ExpressibleByArgument {}

/// `redux-gen lsp`: the language server, over standard input and output.
struct LanguageServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Runs the language server for specs over standard input and output (LSP), for editors.",
    discussion: """
      Each open spec is checked as it is typed, with the checker 'redux-gen' runs: the same errors and warnings, at the same places. docs/editors.md says how to set up VS Code, Neovim, Helix and Zed.
      """
  )

  func run() throws {
    let server = LanguageServer()
    // What is there as soon as something is (`readData(ofLength:)` would wait for all of it).
    server.run(read: { _ in
      let data = FileHandle.standardInput.availableData
      return data.isEmpty ? nil : data
    }) { data in FileHandle.standardOutput.write(data) }
    throw ExitCode(server.exitCode ?? 1)
  }
}

/// `redux-gen devtools SPEC`: the inspector's server, `redux-gen-devtools`, its own product so
/// that neither this tool nor an app builds a web server. Found next to this executable or on
/// the `PATH`, it takes this process's place.
struct Devtools: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devtools",
    abstract: "Serves the inspector's page for a feature: the app's actions, diffs, time travel, dispatch and exports.",
    discussion: """
      Runs redux-gen-devtools (swift build --product redux-gen-devtools). The app connects with ReduxDebugging's InspectorConnection, REDUX_INSPECTOR set to the URL it prints; docs/devtools.md shows how.
      """
  )

  @Argument(help: "The feature spec the app runs.")
  var spec: String

  @Option(help: "The port on 127.0.0.1 (0: one the system picks).")
  var port: Int = 0

  @Option(help: "The session's token, which every URL needs (a random one when not given).")
  var token: String?

  func run() throws {
    let name = "redux-gen-devtools"
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let candidates = [here.appendingPathComponent(name).path] + path.split(separator: ":").map { "\($0)/\(name)" }
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      FileHandle.standardError.write(
        Data(
          """
          redux-gen: devtools needs \(name), the inspector's server, which is its own product: \
          build it with 'swift build --product \(name)' (or 'swift run \(name) \(spec)').

          """.utf8))
      throw ExitCode(2)
    }
    let arguments = [tool, spec, "--port", String(port)] + (token.map { ["--token", $0] } ?? [])
    let pointers = arguments.map { strdup($0) } + [nil]
    execv(tool, pointers)
    FileHandle.standardError.write(Data("redux-gen: can't run \(tool): \(String(cString: strerror(errno)))\n".utf8))
    throw ExitCode(2)
  }
}
