import Foundation
import PackagePlugin

/// What `generate-redux` and `check-redux` share: each source target's specs (`*.redux.yaml` or
/// `redux-gen.yaml`) generated into the target's directory, with scaffolds created once, and
/// their tests into the directory of every test target that depends on it; or, checking, nothing
/// written and a failure when anything is stale.
struct CheckedInFeatures {
  /// The command's verb, for its usage line.
  var verb: String
  /// Whether the command only checks (`check-redux`): it takes neither `--check` nor `--scaffolds-only`.
  var checksOnly: Bool

  /// The command that updates stale files, as the messages name it.
  static let updateCommand = "swift package --allow-writing-to-package-directory generate-redux"

  func perform(context: PluginContext, arguments: [String]) throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let check = checksOnly || extractor.extractFlag(named: "check") > 0
    let scaffoldsOnly = !checksOnly && extractor.extractFlag(named: "scaffolds-only") > 0
    guard extractor.remainingArguments.isEmpty else {
      throw PluginError(
        "unexpected arguments: \(extractor.remainingArguments.joined(separator: " "))\n"
          + "usage: \(verb) [--target T ...]\(checksOnly ? "" : " [--check] [--scaffolds-only]")")
    }

    let withSpecs = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
      .filter { $0.kind != .test && !specs(in: $0).isEmpty }
    let available = withSpecs.map(\.name).sorted()
    let unknown = names.filter { name in !withSpecs.contains { $0.name == name || $0.moduleName == name } }
    guard unknown.isEmpty else {
      let list = available.isEmpty ? "no target has specs" : "targets with specs: \(available.joined(separator: ", "))"
      var message = "unknown target\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); \(list)"
      // SwiftPM leaves a target without Swift files out of the package, specs or not.
      let fileManager = FileManager.default
      for name in unknown {
        let directory = context.package.directoryURL.appending(path: "Sources").appending(path: name)
        let files = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
        if files.contains(where: { BuildPluginLayout.isSpec(fileName: $0) }) {
          message +=
            "\nnote: Sources/\(name) has a spec but no Swift file, so SwiftPM leaves target \(name) out of the "
            + "package; add one Swift file (it may be empty) and run the command again"
        }
      }
      throw PluginError(message)
    }
    // Unnamed, a target is regenerated only when it already holds generated files: a target whose
    // specs the ReduxGenPlugin build plugin generates must not get a second, checked-in copy.
    let named = { (target: SwiftSourceModuleTarget) in names.contains(target.name) || names.contains(target.moduleName) }
    let chosen = names.isEmpty ? withSpecs.filter(holdsGeneratedFiles) : withSpecs.filter(named)
    if names.isEmpty {
      for target in withSpecs where !holdsGeneratedFiles(target) {
        print(
          "\(verb): skipping \(target.name): it holds no generated files (it may use the ReduxGenPlugin "
            + "build plugin); name it with --target to \(checksOnly ? "check" : "generate into") it")
      }
    }
    let tool = try context.tool(named: "redux-gen").url
    let root = context.package.directoryURL

    var runs: [[String]] = []
    for target in chosen {
      let specPaths = specs(in: target).map { relativePath($0, to: root) }
      let sourceDirectory = relativePath(target.directoryURL, to: root)
      // `--target` names the target in the commands redux-gen suggests (creating scaffolds, updating).
      runs.append(
        specPaths + [
          "--output", sourceDirectory, "--parts", scaffoldsOnly ? "scaffolds" : "sources", "--target", target.name,
        ])
      guard !scaffoldsOnly else { continue }
      for tests in testTargets(of: target, in: context.package) where named(target) || holdsGeneratedFiles(tests) {
        runs.append(
          specPaths + [
            "--output", relativePath(tests.directoryURL, to: root), "--parts", "tests", "--tested-module",
            target.moduleName, "--target", target.name,
          ])
      }
    }
    var failures = 0
    for var arguments in runs {
      if check { arguments.append("--check") }
      if try run(tool, arguments, in: root) != 0 { failures += 1 }
    }
    if failures > 0 {
      throw PluginError(
        check
          ? "generated sources are stale or specs have errors; '\(Self.updateCommand)' updates them"
          : "redux-gen failed")
    }
  }

  /// Whether one of the target's Swift files starts with redux-gen's header.
  private func holdsGeneratedFiles(_ target: SwiftSourceModuleTarget) -> Bool {
    target.sourceFiles(withSuffix: "swift").contains { file in
      guard let handle = try? FileHandle(forReadingFrom: file.url) else { return false }
      defer { try? handle.close() }
      let start = (try? handle.read(upToCount: 64)) ?? Data()
      return String(decoding: start, as: UTF8.self).hasPrefix(GeneratedHeader.prefix)
    }
  }

  /// The specs under the target's directory, read from disk so that specs the target excludes
  /// (to silence SwiftPM's "unhandled file" warning) are found too.
  private func specs(in target: SwiftSourceModuleTarget) -> [URL] {
    let directory = target.directoryURL
    let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
    return files.filter { BuildPluginLayout.isSpec(fileName: ($0 as NSString).lastPathComponent) }
      .sorted()
      .map { directory.appending(path: $0) }
  }

  /// The test targets of the package that depend directly on `target`.
  private func testTargets(of target: SwiftSourceModuleTarget, in package: Package) -> [SwiftSourceModuleTarget] {
    package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { candidate in
      candidate.kind == .test
        && candidate.dependencies.contains { dependency in
          if case .target(let dependee) = dependency { return dependee.id == target.id }
          return false
        }
    }
  }

  /// Runs redux-gen from the package directory, so headers and diagnostics name package-relative paths.
  private func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  private func relativePath(_ url: URL, to root: URL) -> String {
    let path = url.standardizedFileURL.path
    let rootPath = root.standardizedFileURL.path
    return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
  }
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
