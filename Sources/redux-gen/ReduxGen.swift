import ArgumentParser
import Foundation
import ReduxGenCore

@main
struct ReduxGen: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "redux-gen",
    abstract: "Generates a Swift Redux feature (state, actions, reducer, middleware, tests) from a YAML spec.",
    discussion: """
      Each spec is written to Generated/<Feature>/ unless --output names the directory.
      Generated files start with a header and are rewritten only where their bytes change;
      a file without the header is never overwritten. Scaffolds for hand-written code are
      created once, when missing.

      Exit status: 0 success, 1 spec errors or stale output (--check), 2 usage or I/O errors.
      """
  )

  @Argument(help: "Feature spec files (YAML).")
  var specs: [String]

  @Option(name: .shortAndLong, help: "Directory to write the feature into (one spec only).")
  var output: String?

  @Flag(help: "Write nothing; exit 1 listing every file that is missing or differs.")
  var check = false

  @Flag(help: "Treat warnings as errors.")
  var warningsAsErrors = false

  func validate() throws {
    if output != nil && specs.count > 1 {
      throw ValidationError("--output takes one spec; without it each spec goes to Generated/<Feature>.")
    }
  }

  func run() throws {
    var results: [(GenerationResult, String)] = []
    var failed = false
    let console = Console()
    for path in specs {
      let shownPath = displayPath(path)
      guard let data = FileManager.default.contents(atPath: path) else {
        console.error("redux-gen: error: can't read \(path)")
        throw ExitCode(2)
      }
      do {
        let text = try GeneratorPipeline.decode(Array(data), path: shownPath)
        console.sources[shownPath] = text
        let result = try GeneratorPipeline.generate(text, path: shownPath) { featurePath in
          FileManager.default.contents(atPath: featurePath).map { Array($0) }
        }
        console.print(result.diagnostics)
        if warningsAsErrors && !result.diagnostics.isEmpty { failed = true }
        results.append((result, output ?? "Generated/\(result.feature)"))
      } catch {
        console.print(error.diagnostics)
        failed = true
      }
    }
    // Every spec is checked before anything is written: a bad spec writes nothing.
    guard !failed else { throw ExitCode(1) }

    let writer = OutputWriter()
    if check {
      var stale: [String] = []
      for (result, directory) in results {
        for change in writer.plan(result.files, in: directory) {
          switch change {
          case .create(let path): stale.append("missing: \(path)")
          case .update(let path), .notOurs(let path): stale.append("differs: \(path)")
          case .unchanged, .keepScaffold: break
          }
        }
      }
      if !stale.isEmpty {
        console.error("redux-gen: generated files are stale; run redux-gen to update them:")
        stale.forEach { console.error("  \($0)") }
        throw ExitCode(1)
      }
      return
    }
    for (result, directory) in results {
      do {
        let changes = try writer.write(result.files, in: directory)
        let written = changes.filter {
          if case .create = $0 { return true }
          if case .update = $0 { return true }
          return false
        }
        print("\(result.feature): \(written.count) file(s) written, \(changes.count - written.count) unchanged in \(directory)")
      } catch {
        console.error("redux-gen: error: \(error.message)")
        throw ExitCode(2)
      }
    }
  }

  /// The path as diagnostics and headers show it: relative to the current directory when inside it.
  private func displayPath(_ path: String) -> String {
    let current = FileManager.default.currentDirectoryPath
    let standardized = (path as NSString).standardizingPath
    if standardized.hasPrefix(current + "/") { return String(standardized.dropFirst(current.count + 1)) }
    return path.hasPrefix("/") ? (path as NSString).lastPathComponent : standardized
  }
}

/// Prints to stderr, with colour only on a terminal and without NO_COLOR.
final class Console {
  var sources: [String: String] = [:]
  let colored = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

  func print(_ diagnostics: [Diagnostic]) {
    let renderer = DiagnosticRenderer(sources: sources, colored: colored)
    for diagnostic in diagnostics { error(renderer.render(diagnostic)) }
  }

  func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
