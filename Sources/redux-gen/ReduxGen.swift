import ArgumentParser
import Foundation
import ReduxGenCore

@main
struct ReduxGen: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "redux-gen",
    abstract: "Generates a Swift Redux feature (state, actions, reducer, middleware, tests) from a YAML spec.",
    discussion: """
      Start a feature with 'redux-gen init NAME', generate it with 'redux-gen SPEC...', and see it with 'redux-gen diagram SPEC'. 'redux-gen help generate' lists the options of generating.

      Exit status: 0 success, 1 spec errors or stale output (--check), 2 usage or I/O errors.
      """,
    subcommands: [Generate.self, Init.self, Diagram.self, Schema.self, LanguageServerCommand.self, Devtools.self],
    defaultSubcommand: Generate.self
  )

  /// Runs the command like ArgumentParser does, but exits 2 on a usage error, as documented,
  /// where ArgumentParser would exit 64 (EX_USAGE).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      exit(withError: ExitCode(2))
    }
  }
}

/// `redux-gen [generate] SPEC...`: checks specs and writes their features.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Checks feature and app specs and writes their Swift code (the default command).",
    discussion: """
      Each spec is written to Generated/<Feature>/ unless --output names the directory. Generated files start with a header and are rewritten only where their bytes change; a file without the header is never overwritten. Scaffolds for hand-written code are created once, when missing, and never changed: when the spec changes what one must implement, or leaves one that no part of it owns, a warning names the file, the type and the requirement (--check fails on it), and --print-scaffold TYPE prints the scaffold to copy from. A run writes every spec's files or none.

      Exit status: 0 success, 1 spec errors or stale output (--check), 2 usage or I/O errors.
      """
  )

  @Argument(help: "Feature spec files (YAML).")
  var specs: [String]

  @Option(name: .shortAndLong, help: "Directory to write the feature into (one spec only).")
  var output: String?

  @Flag(help: "Write nothing; exit 1 listing every file that is missing or differs, and leftover temporary files.")
  var check = false

  @Flag(help: "Treat warnings as errors.")
  var warningsAsErrors = false

  @Option(
    help: ArgumentHelp(
      "Which files to write: all (Sources/ and Tests/ under the output directory), or only the sources (with scaffolds), tests or missing scaffolds, directly in it.",
      valueName: "all|sources|tests|scaffolds"))
  var parts: OutputLayout.Parts = .all

  @Option(help: "The module the generated tests import with @testable (default: the spec's 'module:', or the feature's name).")
  var testedModule: String?

  @Option(
    help: ArgumentHelp(
      "Build-tool plugin mode: name every file <prefix><Part>.swift, write every part (empty when the spec lacks it), no scaffolds.",
      valueName: "prefix"))
  var fixedNames: String?

  @Option(
    help: ArgumentHelp(
      "Fail when no Swift file under this directory declares a hand-written type the spec needs.",
      valueName: "directory"))
  var handWritten: String?

  @Option(
    name: .customLong("replay-test"),
    help: ArgumentHelp(
      "Write a test that replays this recording (ReduxDebugging's ActionRecorder) against the spec's reducer.",
      discussion: "Writes Tests/<Feature><Name>ReplayTests.swift under Generated/<Feature>, or into --output.",
      valueName: "recording"))
  var replayTest: String?

  @Option(help: "The replay test's name (default: the recording's file name).")
  var replayName: String?

  @Option(
    help:
      "The SwiftPM target the output belongs to (the plugins' mode), named in the commands that create missing scaffolds and update stale files."
  )
  var target: String?

  @Option(
    help: ArgumentHelp(
      "Print the scaffold the spec makes now for this hand-written type (a middleware, the custom reducer or the live effects), to copy from; writes nothing.",
      valueName: "type"))
  var printScaffold: String?

  func validate() throws {
    if output != nil && specs.count > 1 && (parts == .all || fixedNames != nil) {
      throw ValidationError(
        "--output takes one spec unless --parts is sources, tests or scaffolds; without it each spec goes to Generated/<Feature>."
      )
    }
    if fixedNames != nil && output == nil {
      throw ValidationError("--fixed-names needs --output.")
    }
    if replayTest != nil && (specs.count != 1 || check || fixedNames != nil) {
      throw ValidationError("--replay-test takes one feature spec, without --check or --fixed-names.")
    }
    if replayName != nil && replayTest == nil {
      throw ValidationError("--replay-name needs --replay-test.")
    }
    if printScaffold != nil && (specs.count != 1 || check || fixedNames != nil || replayTest != nil) {
      throw ValidationError("--print-scaffold takes one feature spec, without --check, --fixed-names or --replay-test.")
    }
  }

  private var layout: OutputLayout {
    OutputLayout(parts: parts, testedModule: testedModule, fixedPrefix: fixedNames)
  }

  /// What creates missing scaffolds, as the diagnostic for them shows it.
  private var scaffoldCommand: String {
    "swift package --allow-writing-to-package-directory generate-redux "
      + (target.map { "--target \($0) " } ?? "") + "--scaffolds-only"
  }

  /// What updates the files `--check` found stale: the command plugin for a target, or else this
  /// very command without `--check`.
  private var updateCommand: String {
    if let target { return "swift package --allow-writing-to-package-directory generate-redux --target \(target)" }
    let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--check" }
    return (["redux-gen"] + arguments.map(shellQuoted)).joined(separator: " ")
  }

  /// What prints a scaffold of the spec at `shownPath`, less the type's name.
  private func printScaffoldCommand(_ shownPath: String) -> String {
    let plain = shownPath.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789_-./+".unicodeScalars.contains($0)) }
    let path = plain ? shownPath : "'" + shownPath.replacingOccurrences(of: "'", with: "'\\''") + "'"
    return "redux-gen \(path) --print-scaffold"
  }

  func run() throws {
    var results: [(GenerationResult, String)] = []
    /// The snapshots of persisted shapes, by the directory of the spec they belong beside.
    var besideSpecs: [(files: [GeneratedFile], directory: String)] = []
    var failed = false
    /// Whether hand-written code no longer matches a spec (`--check` fails on it).
    var handWrittenDiffers = false
    // At build time the plugin passes absolute paths: keep them, so IDEs link the diagnostics.
    let console = Console(absolutePaths: fixedNames != nil)
    let handWrittenSources = handWritten.map { HandWrittenRequirements.swiftFiles(under: $0) }
    for path in specs {
      let shownPath = console.shown(path)
      // Headers name the spec relative to its package, never by the current directory (nor a
      // path of this machine); diagnostics keep the shown path so editors link it. Outside a
      // package, and at build time, as shown (a path from outside the current directory by its
      // file name).
      let headerPath =
        fixedNames != nil
        ? (shownPath.hasPrefix("/") ? (shownPath as NSString).lastPathComponent : shownPath)
        : ReduxGen.headerPath(spec: path)
          ?? (shownPath.hasPrefix("/") ? (shownPath as NSString).lastPathComponent : shownPath)
      console.shownPaths[headerPath] = shownPath
      let data = try console.read(path)
      do {
        let text = try SpecText.decode(data, path: headerPath)
        console.sources[shownPath] = text
        let result = try GeneratorPipeline.generate(
          text, path: headerPath, layout: layout,
          readFile: console.filesNamed(by: SpecPaths(named: headerPath, readFrom: path)))
        var diagnostics = result.diagnostics
        let directory = output ?? "Generated/\(result.feature)"
        if let handWrittenSources, let spec = result.spec {
          diagnostics += HandWrittenTypes.missing(spec, in: handWrittenSources.map(\.text), command: scaffoldCommand)
          if diagnostics.contains(where: { $0.severity == .error }) { failed = true }
        }
        // Hand-written code the spec changed under: named, never changed.
        if let spec = result.spec, replayTest == nil, printScaffold == nil {
          let show = printScaffoldCommand(shownPath)
          let changed =
            handWrittenSources.map { HandWrittenRequirements.check(spec, sources: $0, show: show) }
            ?? HandWrittenRequirements.check(spec, directory: directory, layout: layout, show: show)
          for file in Set(changed.map(\.location.file)) where console.sources[file] == nil {
            console.sources[file] = readFile(file).map { String(decoding: $0, as: UTF8.self) }
          }
          diagnostics += changed
          if !changed.isEmpty { handWrittenDiffers = true }
        }
        console.print(diagnostics)
        if warningsAsErrors && !diagnostics.isEmpty { failed = true }
        results.append((result, directory))
        if !result.besideSpec.isEmpty {
          let folder = OutputWriter.parent(of: path)
          besideSpecs.append((result.besideSpec, folder.isEmpty ? "." : folder))
        }
      } catch {
        console.print(error.diagnostics)
        failed = true
      }
    }
    // Every spec is checked before anything is written: a bad spec writes nothing.
    guard !failed else { throw ExitCode(1) }
    if let replayTest { return try writeReplayTest(replayTest, spec: results.first?.0.spec, console: console) }
    if let printScaffold { return try showScaffold(printScaffold, spec: results.first?.0.spec, console: console) }

    let writer = OutputWriter()
    var batches = results.map { (files: $0.0.files, directory: $0.1) }
    if fixedNames != nil {
      // At build time nothing is written beside the spec: say what the CLI would record.
      for change in writer.plan(besideSpecs).joined() {
        guard case .create(let path) = change else { continue }
        console.error(
          "\(path): warning: the persisted shape of this version isn't recorded: run redux-gen (the CLI or the "
            + "generate-redux command plugin) to write it beside the spec, and keep it in version control")
      }
    } else {
      batches += besideSpecs
    }
    if check {
      var stale: [String] = []
      for change in writer.plan(batches).joined() {
        switch change {
        case .create(let path): stale.append("missing: \(path)")
        case .update(let path), .notOurs(let path): stale.append("differs: \(path)")
        case .leftover(let path): stale.append("leftover: \(path)")
        case .unchanged, .keepScaffold, .notNeeded: break
        }
      }
      if handWrittenDiffers {
        console.error(
          "redux-gen: hand-written code doesn't match the spec (see the warnings above); redux-gen never changes it: update it by hand"
        )
      }
      if !stale.isEmpty {
        console.error("redux-gen: generated files are stale; '\(updateCommand)' updates them:")
        stale.forEach { console.error("  \($0)") }
        throw ExitCode(1)
      }
      if handWrittenDiffers { throw ExitCode(1) }
      return
    }
    // Every spec's files are written, or none: an I/O error leaves every destination as it was.
    let changes: [[FileChange]]
    do {
      changes = try writer.write(batches)
    } catch {
      console.error("redux-gen: error: \(error.message)")
      throw ExitCode(2)
    }
    // At build time SwiftPM shows the command's name; a summary per build would be noise.
    guard fixedNames == nil else { return }
    for ((result, directory), changes) in zip(results, changes) {
      var written = 0, unchanged = 0, removed = 0
      for change in changes {
        switch change {
        case .create, .update: written += 1
        case .unchanged, .keepScaffold, .notOurs: unchanged += 1
        case .leftover: removed += 1
        case .notNeeded: break
        }
      }
      let leftovers = removed == 0 ? "" : ", \(removed) leftover temporary file(s) removed"
      print("\(result.feature): \(written) file(s) written, \(unchanged) unchanged\(leftovers) in \(directory)")
    }
    for change in changes.dropFirst(results.count).joined() {
      switch change {
      case .create(let path), .update(let path):
        let shown = displayPath(path)
        print("\(shown.hasPrefix("./") ? String(shown.dropFirst(2)) : shown) written: the persisted shape, for version control")
      default: break
      }
    }
  }

  /// `--print-scaffold`: the scaffold of `type` as the spec makes it now, on standard output.
  private func showScaffold(_ type: String, spec: Spec?, console: Console) throws {
    guard let spec else {
      console.error("redux-gen: error: --print-scaffold needs a feature spec, not an app")
      throw ExitCode(2)
    }
    let scaffolds = GeneratorPipeline.files(for: spec).filter { $0.ownership == .scaffold }
    guard let file = scaffolds.first(where: { $0.path == GeneratedNames.scaffoldPath(type) }) else {
      let types = scaffolds.map { (($0.path as NSString).lastPathComponent as NSString).deletingPathExtension }
      console.error(
        "redux-gen: error: the spec makes no scaffold of '\(type)'; "
          + (types.isEmpty ? "it needs no hand-written type" : "its scaffolds are of " + types.joined(separator: ", ")))
      throw ExitCode(2)
    }
    print(file.contents, terminator: "")
  }

  /// `--replay-test`: the recording checked against the spec, and its test written.
  private func writeReplayTest(_ path: String, spec: Spec?, console: Console) throws {
    guard let spec else {
      console.error("redux-gen: error: --replay-test needs a feature spec, not an app")
      throw ExitCode(2)
    }
    let data = try console.read(path)
    let shown = displayPath(path)
    let text = String(decoding: data, as: UTF8.self)
    console.sources[shown] = text
    let name = replayName ?? ((shown as NSString).lastPathComponent as NSString).deletingPathExtension
    let file: GeneratedFile
    do {
      file = try ReplayTests.file(for: spec, recording: text, path: shown, name: name, testedModule: testedModule)
    } catch {
      console.print(error.diagnostics)
      throw ExitCode(1)
    }
    let directory = output ?? "Generated/\(spec.feature)/Tests"
    let changes: [[FileChange]]
    do {
      changes = try OutputWriter().write([(files: [file], directory: directory)])
    } catch {
      console.error("redux-gen: error: \(error.message)")
      throw ExitCode(2)
    }
    for change in changes.joined() {
      switch change {
      case .create, .update: print("\(spec.feature): \(file.path) written in \(directory)")
      case .notOurs(let path):
        console.error("redux-gen: error: \(path) lacks the generator's header; it was not overwritten")
        throw ExitCode(1)
      case .unchanged, .keepScaffold, .leftover, .notNeeded:
        print("\(spec.feature): \(file.path) unchanged in \(directory)")
      }
    }
  }

}

/// A file's bytes, nil when it can't be read: how specs reach the files they name (`uses:`, an
/// app's features).
func readFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { Array($0) }
}

extension ReduxGen {
  /// The spec's path as generated headers name it: relative to the package that holds it (the
  /// nearest directory above it with a `Package.swift`: `Specs/cart.yaml`), so generated bytes
  /// never depend on the directory the command runs in; nil outside a package.
  static func headerPath(spec: String) -> String? {
    let absolute = spec.hasPrefix("/") ? spec : FileManager.default.currentDirectoryPath + "/" + spec
    let parts = (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
    for depth in stride(from: parts.count - 1, through: 0, by: -1) {
      let directory = "/" + parts[..<depth].joined(separator: "/")
      if FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("Package.swift")) {
        return parts[depth...].joined(separator: "/")
      }
    }
    return nil
  }
}

/// The path as diagnostics show it: relative to the current directory when inside it.
func displayPath(_ path: String) -> String {
  let current = FileManager.default.currentDirectoryPath
  let standardized = (path as NSString).standardizingPath
  if standardized.hasPrefix(current + "/") { return String(standardized.dropFirst(current.count + 1)) }
  return standardized
}

extension OutputLayout.Parts: ExpressibleByArgument {}

/// Prints to stderr, with colour only on a terminal and without NO_COLOR.
final class Console {
  var sources: [String: String] = [:]
  /// The path each spec is named by in diagnostics, keyed by the name the pipeline was given.
  var shownPaths: [String: String] = [:]
  let colored = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  /// Whether paths are shown absolute (at build time, so IDEs link them) rather than relative to
  /// the current directory.
  let absolutePaths: Bool

  init(absolutePaths: Bool = false) {
    self.absolutePaths = absolutePaths
  }

  /// A path as diagnostics show it; a spec and the files it names are shown alike.
  func shown(_ path: String) -> String {
    absolutePaths ? (path as NSString).standardizingPath : displayPath(path)
  }

  /// What was printed, so a feature checked again as part of an app in the same run is
  /// reported once.
  private var printed: Set<String> = []

  func print(_ diagnostics: [Diagnostic]) {
    let renderer = DiagnosticRenderer(sources: sources, colored: colored)
    for var diagnostic in diagnostics {
      diagnostic.location.file = shownPaths[diagnostic.location.file] ?? diagnostic.location.file
      guard printed.insert(diagnostic.summary).inserted else { continue }
      error(renderer.render(diagnostic))
    }
  }

  /// A file the command was given (a spec, a recording); one it can't read is an I/O error,
  /// exit 2.
  func read(_ path: String) throws -> [UInt8] {
    guard let data = readFile(path) else {
      error("redux-gen: error: can't read \(path)")
      throw ExitCode(2)
    }
    return data
  }

  /// How a spec's checker reads the files it names (`uses:`, an app's features): relative to the
  /// spec file, whatever the working directory; their diagnostics show the path read.
  func filesNamed(by spec: SpecPaths) -> (String) -> [UInt8]? {
    { resolved in
      let location = spec.location(of: resolved)
      let shown = location != resolved ? self.shown(location) : resolved
      if location != resolved { self.shownPaths[resolved] = shown }
      let bytes = readFile(location)
      // A problem found in a file the spec names (its OpenAPI document) shows its line too.
      if let bytes, self.sources[shown] == nil { self.sources[shown] = String(decoding: bytes, as: UTF8.self) }
      return bytes
    }
  }

  func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// `argument` as a shell reads it back, for commands the user copies: in single quotes unless it
/// needs none.
func shellQuoted(_ argument: String) -> String {
  let plain = argument.unicodeScalars.allSatisfy { scalar in
    scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "_-./=:@%+,".unicodeScalars.contains(scalar))
  }
  return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
