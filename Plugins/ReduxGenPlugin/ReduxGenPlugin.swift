import Foundation
import PackagePlugin

/// Generates the Redux features of a target's specs at build time, into the plugin work directory.
///
/// A source target gets the sources of its own specs (`*.redux.yaml` or `redux-gen.yaml`); a test
/// target gets the tests of the specs of the targets it depends on. The plugin only finds inputs
/// and names outputs: everything else is the `redux-gen` command's work.
@main
struct ReduxGenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SwiftSourceModuleTarget else { return [] }
    let tool = try context.tool(named: "redux-gen").url
    let output = context.pluginWorkDirectoryURL
    if target.kind == .test {
      return target.dependencies.flatMap { dependency -> [Command] in
        guard case .target(let tested) = dependency, let tested = tested as? SwiftSourceModuleTarget else { return [] }
        return specs(in: tested.sourceFiles.map(\.url)).map { spec in
          ReduxGenInvocation(
            tool: tool, spec: spec, output: output, testsOf: tested.moduleName, prefixQualifier: tested.name
          ).command
        }
      }
    }
    return specs(in: target.sourceFiles.map(\.url)).map { spec in
      ReduxGenInvocation(
        tool: tool, spec: spec, output: output, handWritten: target.directoryURL, target: target.name
      ).command
    }
  }
}

/// The spec files among a target's files, in a stable order.
func specs(in files: [URL]) -> [URL] {
  files.filter { BuildPluginLayout.isSpec(fileName: $0.lastPathComponent) }
    .sorted { $0.path < $1.path }
}

/// The spec and the files it names (`uses:`, an app's `features:`), and theirs in turn: a change
/// to any of them runs redux-gen again. Read loosely: every word ending in `.yaml` or `.yml`
/// that names a file next to the spec that names it counts, which at worst runs it once too often.
func inputs(of spec: URL) -> [URL] {
  var found: [URL] = []
  var pending = [spec.standardizedFileURL]
  let separators = Set(" \t\r\n[]{},:'\"#")
  while let next = pending.popLast() {
    guard !found.contains(next) else { continue }
    found.append(next)
    guard let data = FileManager.default.contents(atPath: next.path) else { continue }
    let words = String(decoding: data, as: UTF8.self).split(whereSeparator: { separators.contains($0) })
    for word in words where word.hasSuffix(".yaml") || word.hasSuffix(".yml") || word.hasSuffix(".json") {
      let named = URL(fileURLWithPath: String(word), relativeTo: next.deletingLastPathComponent()).standardizedFileURL
      if FileManager.default.fileExists(atPath: named.path) { pending.append(named) }
    }
  }
  return found
}

/// One run of `redux-gen` for one spec, with every file it will write named up front.
struct ReduxGenInvocation {
  var tool: URL
  var spec: URL
  var output: URL
  /// For a test target: the module under test.
  var testsOf: String? = nil
  /// Added to the file names of tests, so specs of two tested targets can't collide.
  var prefixQualifier: String? = nil
  /// For a source target: where its hand-written code lives.
  var handWritten: URL? = nil
  var target: String? = nil

  var prefix: String {
    (prefixQualifier.map { "\($0)." } ?? "") + BuildPluginLayout.prefix(forSpec: spec.lastPathComponent)
  }

  var parts: [GeneratedPart] {
    testsOf == nil ? GeneratedPart.sourceParts : GeneratedPart.testParts
  }

  var arguments: [String] {
    var arguments = [
      spec.path, "--output", output.path, "--fixed-names", prefix,
      "--parts", testsOf == nil ? "sources" : "tests",
    ]
    if let testsOf { arguments += ["--tested-module", testsOf] }
    if let handWritten { arguments += ["--hand-written", handWritten.path] }
    if let target { arguments += ["--target", target] }
    return arguments
  }

  var command: Command {
    .buildCommand(
      displayName: "redux-gen: generating \(testsOf == nil ? "sources" : "tests") from \(spec.lastPathComponent)",
      executable: tool,
      arguments: arguments,
      inputFiles: inputs(of: spec),
      outputFiles: parts.flatMap { part in
        (1...part.pieces).map { output.appending(path: BuildPluginLayout.fileName(prefix: prefix, part: part, piece: $0)) }
      }
    )
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension ReduxGenPlugin: XcodeBuildToolPlugin {
    /// In an Xcode project a target generates the sources of the specs among its own files.
    /// Hand-written code may live anywhere in the project, so missing code is left to the compiler.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let tool = try context.tool(named: "redux-gen").url
      return specs(in: target.inputFiles.map(\.url)).map { spec in
        ReduxGenInvocation(tool: tool, spec: spec, output: context.pluginWorkDirectoryURL).command
      }
    }
  }
#endif
