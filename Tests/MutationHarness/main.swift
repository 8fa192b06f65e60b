import Foundation
import ReduxGenCore

// mutation-harness: mutation testing of the generated tests (docs/mutation-testing.md).

/// What became of one mutant.
enum Outcome: String {
  /// The generated tests failed (or ran past the timeout).
  case killed
  /// The generated tests passed: they don't notice the change.
  case survived
  /// The mutant's code doesn't build; not counted.
  case stillborn
  /// The mutant generates the original code byte for byte; not counted.
  case equivalent
}

struct FeatureScore {
  var feature: String
  var outcomes: [(mutant: Mutant, outcome: Outcome, seconds: Double, log: String?)] = []
  /// Why the feature could not be measured (its original fails), if so.
  var failure: String?
  var sampled: (run: Int, of: Int)

  func count(_ outcome: Outcome) -> Int { outcomes.filter { $0.outcome == outcome }.count }
  var counted: Int { count(.killed) + count(.survived) }
  var percent: Double { counted == 0 ? 100 : 100 * Double(count(.killed)) / Double(counted) }

  var line: String {
    if let failure { return "\(feature): not measured: \(failure)" }
    let survivors = outcomes.filter { $0.outcome == .survived }.map(\.mutant.description)
    let sample = sampled.run < sampled.of ? " (sample of \(sampled.run)/\(sampled.of) mutants)" : ""
    return "\(feature): \(count(.killed))/\(counted) killed (\(String(format: "%.1f", percent))%), "
      + "\(count(.equivalent)) equivalent, \(count(.stillborn)) stillborn\(sample); survivors: "
      + (survivors.isEmpty ? "none" : survivors.joined(separator: " | "))
  }
}

/// The names of the tests a log says failed.
func failedTests(in log: URL) -> [String] {
  guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
  var names: [String] = []
  for line in text.split(separator: "\n") where line.contains("✘ Test ") && line.contains(" failed after ") {
    if let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") {
      names.append(String(line[line.index(after: open)..<close]))
    }
  }
  return names
}

func fileName(_ id: String) -> String {
  String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
}

func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }

/// Builds and tests the package; nil when it does not build.
func buildAndTest(_ package: ScratchPackage, log: URL, options: Options) -> (passed: Bool, seconds: Double, timedOut: Bool)? {
  let scratch = ["--scratch-path", package.scratchPath]
  let build = runCommand(["swift", "build", "--build-tests"] + scratch, in: package.directory, log: log, timeout: 1800)
  guard build.status == 0 else { return nil }
  let test = runCommand(
    ["swift", "test", "--skip-build"] + scratch, in: package.directory, log: log, timeout: options.timeout)
  return (test.status == 0, build.seconds + test.seconds, test.timedOut)
}

/// The document the mutants are of: a feature spec, or an app (whose values over its features
/// are mutated).
enum Measured {
  case feature(Spec)
  case app(AppSpec, mutated: [String: AppSpec])

  var name: String {
    switch self {
    case .feature(let spec): spec.feature
    case .app(let app, _): app.name
    }
  }

  func package(options: Options) throws -> ScratchPackage {
    let out = URL(fileURLWithPath: options.out)
    switch self {
    case .feature(let spec): return try ScratchPackage(spec: spec, root: options.root, out: out)
    case .app(let app, _): return try ScratchPackage(app: app, root: options.root, out: out)
    }
  }

  /// The generated sources of the modules `mutant` uses: a child's, where the mutant changes
  /// the child's spec; none for an app (its features stay as they are).
  func usedSources(of mutant: Mutant) -> [String: [String: String]] {
    switch self {
    case .feature: ScratchPackage.usedSources(mutant.spec.usedSpecs)
    case .app: [:]
    }
  }

  /// The generated sources of `mutant`.
  func sources(of mutant: Mutant) -> [String: String] {
    switch self {
    case .feature: ScratchPackage.generatedSources(of: mutant.spec)
    case .app(_, let mutated): mutated[mutant.id].map { ScratchPackage.generatedSources(GeneratorPipeline.files(for: $0)) } ?? [:]
    }
  }
}

func measure(_ measured: Measured, mutants all: [Mutant], options: Options) -> FeatureScore {
  let mutants = options.chosen(all, id: \.id)
  var score = FeatureScore(feature: measured.name, sampled: (mutants.count, all.count))
  var package: ScratchPackage
  do {
    package = try measured.package(options: options)
  } catch {
    score.failure = "can't write the scratch package: \(error)"
    return score
  }
  print("\(measured.name): \(mutants.count) of \(all.count) mutants; scratch package \(package.directory.path)")
  let originalLog = package.logsDirectory.appendingPathComponent("original.log")
  guard let original = buildAndTest(package, log: originalLog, options: options) else {
    score.failure = "the original does not build (see \(originalLog.path))"
    return score
  }
  guard original.passed else {
    score.failure = "the original fails its generated tests (see \(originalLog.path))"
    return score
  }
  print("  original: builds and passes in \(seconds(original.seconds))")
  defer {
    do { try package.restore() } catch { printError("mutation-harness: can't restore \(package.directory.path): \(error)") }
  }

  for (position, mutant) in mutants.enumerated() {
    let sources = measured.sources(of: mutant)
    let used = measured.usedSources(of: mutant)
    let usedChanged = used.contains { module, files in package.originalUsedSources[module].map { $0 != files } ?? false }
    let outcome: Outcome
    var elapsed = 0.0
    var logPath: String?
    var note = ""
    if sources == package.originalSources && !usedChanged {
      outcome = .equivalent
      note = " (same code)"
    } else if options.declaredEquivalent.contains(mutant.id) {
      outcome = .equivalent
      note = " (declared with --equivalent)"
    } else {
      let log = package.logsDirectory.appendingPathComponent(fileName(mutant.id) + ".log")
      try? FileManager.default.removeItem(at: log)
      logPath = log.path
      do {
        let written = try package.install(sources) + package.installUsed(used.isEmpty ? package.originalUsedSources : used)
        try Data("mutant \(mutant.id): \(mutant.description)\nchanged: \(written.joined(separator: ", "))\n".utf8)
          .write(to: log)
      } catch {
        score.failure = "can't write mutant \(mutant.id): \(error)"
        return score
      }
      if let result = buildAndTest(package, log: log, options: options) {
        outcome = result.passed ? .survived : .killed
        elapsed = result.seconds
        if result.timedOut { note = " (timed out)" }
        if options.verbose, outcome == .killed {
          let names = failedTests(in: log)
          if !names.isEmpty { note += " by: " + names.joined(separator: "; ") }
        }
      } else {
        outcome = .stillborn
      }
    }
    score.outcomes.append((mutant, outcome, elapsed, logPath))
    let label = outcome.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
    print("  [\(position + 1)/\(mutants.count)] \(label) \(seconds(elapsed).leftPadded(7))  \(mutant.description)\(note)")
    if outcome == .survived || outcome == .stillborn, let logPath { print("      id \(mutant.id); log \(logPath)") }
  }
  return score
}

extension String {
  func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

func main() -> Int32 {
  let options: Options
  do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
  } catch {
    if let message = error.message {
      printError("mutation-harness: \(message)\n\n\(Options.usage)")
      return 2
    }
    print(Options.usage)
    return 0
  }
  var scores: [FeatureScore] = []
  var allIDs: Set<String> = []
  let start = Date()
  for path in options.specs {
    guard let bytes = FileManager.default.contents(atPath: path) else {
      printError("mutation-harness: can't read \(path)")
      return 2
    }
    let measured: Measured
    let mutants: [Mutant]
    do {
      let text = try SpecText.decode(Array(bytes), path: path)
      let (document, _) = try DocumentChecking.check(
        text, path: path, readFile: { FileManager.default.contents(atPath: $0).map { Array($0) } })
      switch document {
      case .app(let app):
        // An app's own code is its values over its features; the rest is measured per feature.
        let pairs = SpecMutator.mutants(of: app)
        guard !pairs.isEmpty else {
          print("\(path): app document \(app.name) without derived values, skipped")
          continue
        }
        mutants = pairs.map(\.mutant)
        measured = .app(app, mutated: Dictionary(pairs.map { ($0.mutant.id, $0.app) }) { first, _ in first })
      case .feature(let feature):
        measured = .feature(feature)
        mutants = SpecMutator.mutants(of: feature)
      }
    } catch {
      printError("mutation-harness: \(path) has errors:")
      for diagnostic in error.diagnostics { printError("  \(diagnostic.summary)") }
      return 2
    }
    guard options.includes(feature: measured.name) else { continue }
    allIDs.formUnion(mutants.map(\.id))
    if options.list {
      let chosen = options.chosen(mutants, id: \.id)
      print("\(measured.name) (\(path)): \(chosen.count) of \(mutants.count) mutants")
      for mutant in chosen { print("  \(mutant.id)\n      \(mutant.description)") }
      continue
    }
    let featureStart = Date()
    let score = measure(measured, mutants: mutants, options: options)
    let built = score.outcomes.filter { $0.outcome == .killed || $0.outcome == .survived }
    if !built.isEmpty {
      let average = built.map(\.seconds).reduce(0, +) / Double(built.count)
      print("  \(score.feature): \(built.count) mutants built and tested in \(seconds(Date().timeIntervalSince(featureStart))), "
        + "\(seconds(average)) per mutant")
    }
    print(score.line)
    scores.append(score)
  }
  for id in options.declaredEquivalent.sorted() where !allIDs.contains(id) {
    printError("mutation-harness: warning: --equivalent \(id) names no mutant of the specs run")
  }
  if options.list { return 0 }
  print("\nmutation scores (threshold \(String(format: "%g", options.threshold))%), \(seconds(Date().timeIntervalSince(start))) in all:")
  var passed = true
  for score in scores {
    let below = score.failure != nil || score.percent < options.threshold
    if below { passed = false }
    print((below ? "FAIL " : "ok   ") + score.line)
  }
  return passed ? 0 : 1
}

exit(main())
