import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// random-specs: random valid specs, deterministic by seed, checked in-process, written as a
// package to build and test, and shrunk when one fails. See docs/random-specs.md.

let usage = """
  usage: random-specs check --seeds A...B [--seeds ...] [--verbose]
         random-specs spec --seed S
         random-specs package --seeds A...B [--seeds ...] --out DIR --root ROOT
         random-specs evolve --seeds A...B [--out DIR --root ROOT]
         random-specs shrink --seed S --out DIR --root ROOT --test CMD [--budget N]
         random-specs bugs
         random-specs lint-filter < LINT-OUTPUT
  Options for every command: --enable-bug NAME (generate a construct a known bug breaks; 'all' for every
  one; or REDUX_RANDOM_SPECS_ENABLE_BUGS=NAME,NAME)
  Seeds: 'A...B', 'A', or a comma-separated list of them.
  """

struct Arguments {
  var command = ""
  var options: [String: [String]] = [:]
  var flags: Set<String> = []

  init(_ arguments: [String]) throws {
    var rest = arguments.dropFirst()
    guard let command = rest.popFirst() else { throw ToolError(usage) }
    self.command = command
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("--") else { throw ToolError("unexpected argument '\(argument)'\n\(usage)") }
      let name = String(argument.dropFirst(2))
      if ["verbose", "quiet"].contains(name) {
        flags.insert(name)
        continue
      }
      guard let value = rest.popFirst() else { throw ToolError("--\(name) needs a value\n\(usage)") }
      options[name, default: []].append(value)
    }
  }

  func value(_ name: String) throws -> String {
    guard let value = options[name]?.last else { throw ToolError("missing --\(name)\n\(usage)") }
    return value
  }

  func seeds(_ name: String) throws -> [UInt64] {
    var seeds: [UInt64] = []
    for text in options[name] ?? [] {
      for part in text.split(separator: ",") {
        let bounds = part.components(separatedBy: "...")
        guard let low = UInt64(bounds[0]), let high = UInt64(bounds.last!), low <= high else {
          throw ToolError("bad seeds '\(part)'")
        }
        seeds += Array(low...high)
      }
    }
    guard !seeds.isEmpty else { throw ToolError("missing --\(name)\n\(usage)") }
    return seeds
  }
}

// A crash in redux-gen (a trap) kills this process: name the seed on the way out.
nonisolated(unsafe) var crashNote: UnsafeMutablePointer<CChar>? = nil
nonisolated(unsafe) var crashNoteLength = 0

func setCrashNote(_ text: String) {
  free(crashNote)
  crashNote = strdup(text)
  crashNoteLength = text.utf8.count
}

func installCrashHandler() {
  for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT] {
    signal(sig) { _ in
      if let note = crashNote { _ = write(2, note, crashNoteLength) }
      _exit(3)
    }
  }
}

func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

func check(_ seeds: [UInt64], verbose: Bool) -> Bool {
  installCrashHandler()
  var checked = 0
  var specs = 0
  let start = Date()
  for seed in seeds {
    let document = SpecGenerator.document(seed: seed)
    setCrashNote("\nrandom-specs: redux-gen crashed on seed \(seed); its spec:\n\(document.printable)\n")
    switch Pipeline.generate(document, directory: "S\(seed)") {
    case .success:
      checked += 1
      specs += document.specs.count
      if verbose { print("seed \(seed): ok") }
    case .failure(let failure):
      print("seed \(seed) is rejected:")
      for line in failure.diagnostics { print("  " + line) }
      print("its spec:\n" + document.printable)
      return false
    }
  }
  let seconds = Date().timeIntervalSince(start)
  print("random specs: \(checked) checked (\(specs) feature specs) in \(String(format: "%.1f", seconds)) s")
  return true
}

/// Runs `command` with `/bin/sh -c` in `directory`; its exit status.
func run(_ command: String, in directory: URL) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", command]
  process.currentDirectoryURL = directory
  do {
    try process.run()
  } catch {
    printError("random-specs: can't run '\(command)': \(error)")
    return 127
  }
  process.waitUntilExit()
  return process.terminationStatus
}

func main() throws -> Int32 {
  let arguments = try Arguments(CommandLine.arguments)
  // REDUX_RANDOM_SPECS_ENABLE_BUGS=a,b does what --enable-bug a --enable-bug b does (for .ci/random-specs).
  let environment = ProcessInfo.processInfo.environment["REDUX_RANDOM_SPECS_ENABLE_BUGS"] ?? ""
  let fromEnvironment = environment.split(separator: ",").map(String.init)
  KnownBugs.configure(enabling: (arguments.options["enable-bug"] ?? []) + fromEnvironment)
  switch arguments.command {
  case "check":
    return check(try arguments.seeds("seeds"), verbose: arguments.flags.contains("verbose")) ? 0 : 1
  case "spec":
    let seed = try arguments.seeds("seed")[0]
    print(SpecGenerator.document(seed: seed).printable, terminator: "")
    return 0
  case "package":
    let seeds = try arguments.seeds("seeds")
    let writer = PackageWriter(out: URL(fileURLWithPath: try arguments.value("out")), root: try arguments.value("root"))
    let modules = try writer.write(seeds.map { ($0, SpecGenerator.document(seed: $0)) })
    print("random specs: wrote \(seeds.count) seeds, \(modules.values.map(\.count).reduce(0, +)) modules")
    return 0
  case "evolve":
    // Persisted specs across two releases (Evolution), checked in-process; written as a package
    // with --out, whose tests restore data of the first release with the second's code.
    installCrashHandler()
    var documents: [(UInt64, RDocument)] = []
    for seed in try arguments.seeds("seeds") {
      guard let evolution = Evolution(seed: seed) else { continue }
      setCrashNote("\nrandom-specs: redux-gen crashed evolving seed \(seed)\n")
      switch evolution.run() {
      case .success(let document):
        documents.append((seed, document))
        if arguments.flags.contains("verbose") { print("seed \(seed): \(evolution.change) ok") }
      case .failure(let failure):
        print("seed \(seed), change \(evolution.change):")
        for line in failure.diagnostics { print("  " + line) }
        print("its first spec:\n" + RDocument.feature(evolution.first).printable)
        return 1
      }
    }
    if let out = arguments.options["out"]?.last {
      let writer = PackageWriter(out: URL(fileURLWithPath: out), root: try arguments.value("root"))
      _ = try writer.write(documents)
    }
    print("random specs: \(documents.count) persisted specs evolved")
    return 0
  case "shrink":
    let seed = try arguments.seeds("seed")[0]
    let out = URL(fileURLWithPath: try arguments.value("out"))
    let writer = PackageWriter(out: out, root: try arguments.value("root"))
    let command = try arguments.value("test")
    let budget = Int(arguments.options["budget"]?.last ?? "25") ?? 25
    let stillFails: (RDocument) -> Bool = { document in
      do {
        _ = try writer.write([(seed, document)])
      } catch {
        printError("random-specs: \(error)")
        return false
      }
      return run(command, in: out) != 0
    }
    let original = SpecGenerator.document(seed: seed)
    guard stillFails(original) else {
      print("seed \(seed) passes '\(command)': nothing to shrink")
      return 2
    }
    var shrinker = Shrinker(budget: budget - 1, stillFails: stillFails, log: { printError($0) })
    let shrunk = shrinker.shrink(original)
    // Leave the package as the shrunk spec makes it.
    _ = try writer.write([(seed, shrunk)])
    print("shrunk spec of seed \(seed) (\(shrunk.printable.split(separator: "\n").count) lines, was \(original.printable.split(separator: "\n").count)):")
    print(shrunk.printable, terminator: "")
    return 0
  case "lint-filter":
    // swift format lint's findings on standard input, less those known bugs explain.
    var left = 0
    let rules = KnownBugs.toleratedLintRules.map { "[\($0)]" }
    while let line = readLine() {
      if rules.contains(where: { line.contains($0) }) { continue }
      print(line)
      if line.contains("error:") || line.contains("warning:") { left += 1 }
    }
    return left == 0 ? 0 : 1
  case "bugs":
    for bug in KnownBugs.all {
      print("\(bug.name)\(KnownBugs.avoids(bug.name) ? " (avoided)" : ""): \(bug.summary)")
    }
    return 0
  default:
    throw ToolError(usage)
  }
}

do {
  exit(try main())
} catch {
  printError("random-specs: \(error)")
  exit(2)
}
