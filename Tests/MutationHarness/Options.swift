import Foundation

/// `mutation-harness SPEC... [options]`, parsed by hand (no dependency beyond ReduxGenCore).
struct Options {
  static let usage = """
    usage: mutation-harness SPEC... [--out DIR] [--root ROOT] [--threshold PERCENT]
                            [--feature-filter TEXT] [--mutant-filter TEXT] [--every K] [--limit N]
                            [--sample TEXT:K] [--equivalent ID] [--timeout SECONDS] [--list] [--verbose]

    For each feature spec (and each app document with derived values, whose features are targets
    of the package, unmutated): builds a scratch package of the feature's generated sources, its
    hand-written scaffolds from ROOT/Generated/<Feature>/Sources and its generated reducer and
    example tests; checks the original passes; then, for each mutant of the spec, regenerates
    the sources, builds and runs the tests. Prints the score per feature and the
    surviving mutants; exits 1 when a feature scores under the threshold or its original fails.

      --out DIR             scratch packages, one per feature, kept for incremental builds
                            (default: ${TMPDIR:-/tmp}/redux-gen-mutation)
      --root ROOT           the redux-gen package: ReduxRuntime and Generated/ (default: .)
      --threshold PERCENT   the lowest passing score per feature (default: 95)
      --feature-filter TEXT only features whose name contains TEXT (case-insensitive; repeatable)
      --mutant-filter TEXT  only mutants whose id contains TEXT (case-insensitive; repeatable)
      --every K             a deterministic sample: mutants 1, K+1, 2K+1 ... of each feature
      --limit N             at most N mutants per feature (after the sample)
      --sample TEXT:K       of the mutants whose id contains TEXT, only 1, K+1, 2K+1 ... of each
                            feature (repeatable), for kinds with many alike mutants
      --equivalent ID       count the mutant ID as equivalent without running it, for a mutant
                            shown equivalent by reasoning (repeatable; docs/mutation-testing.md)
      --timeout SECONDS     the longest a test run may take; longer counts as killed (default: 300)
      --list                print the mutants and stop: nothing is built
      --verbose             print each mutant's outcome and time as it runs
    """

  var specs: [String] = []
  var out: String = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
    + "/redux-gen-mutation"
  var root: String = FileManager.default.currentDirectoryPath
  var threshold: Double = 95
  var featureFilters: [String] = []
  var mutantFilters: [String] = []
  var every: Int = 1
  /// `--sample TEXT:K`: a kind of mutant (by text in its id) sampled apart from the rest.
  var kindSamples: [(text: String, every: Int)] = []
  var limit: Int?
  var declaredEquivalent: Set<String> = []
  var timeout: Double = 300
  var list = false
  var verbose = false

  init(_ arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    func value(_ flag: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
      return value
    }
    func number(_ flag: String) throws(UsageError) -> Int {
      let text = try value(flag)
      guard let number = Int(text), number > 0 else { throw UsageError("\(flag) needs a positive number, not '\(text)'") }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--out": out = try value(argument)
      case "--root": root = try value(argument)
      case "--threshold":
        let text = try value(argument)
        guard let percent = Double(text), (0...100).contains(percent) else {
          throw UsageError("--threshold needs a percentage, not '\(text)'")
        }
        threshold = percent
      case "--feature-filter": featureFilters.append(try value(argument).lowercased())
      case "--mutant-filter": mutantFilters.append(try value(argument).lowercased())
      case "--every": every = try number(argument)
      case "--limit": limit = try number(argument)
      case "--sample":
        let text = try value(argument)
        guard let colon = text.lastIndex(of: ":"), let every = Int(text[text.index(after: colon)...]), every > 0,
          colon > text.startIndex
        else { throw UsageError("--sample needs TEXT:K, such as report-:4, not '\(text)'") }
        kindSamples.append((String(text[..<colon]).lowercased(), every))
      case "--equivalent": declaredEquivalent.insert(try value(argument))
      case "--timeout": timeout = Double(try number(argument))
      case "--list": list = true
      case "--verbose", "-v": verbose = true
      case "--help", "-h": throw UsageError(nil)
      default:
        if argument.hasPrefix("-") { throw UsageError("unknown option '\(argument)'") }
        specs.append(argument)
      }
    }
    if specs.isEmpty { throw UsageError("no spec given") }
    root = URL(fileURLWithPath: root).standardizedFileURL.path
    out = URL(fileURLWithPath: out).standardizedFileURL.path
  }

  func includes(feature: String) -> Bool {
    featureFilters.isEmpty || featureFilters.contains { feature.lowercased().contains($0) }
  }

  /// The mutants to run: those the filters let through, sampled, then limited.
  func chosen<T>(_ mutants: [T], id: (T) -> String) -> [T] {
    let filtered = mutants.filter { mutant in
      mutantFilters.isEmpty || mutantFilters.contains { id(mutant).lowercased().contains($0) }
    }
    var seenOfKind = Array(repeating: 0, count: kindSamples.count)
    let kindSampled = filtered.filter { mutant in
      let text = id(mutant).lowercased()
      guard let kind = kindSamples.firstIndex(where: { text.contains($0.text) }) else { return true }
      defer { seenOfKind[kind] += 1 }
      return seenOfKind[kind] % kindSamples[kind].every == 0
    }
    let sampled = kindSampled.enumerated().filter { $0.offset % every == 0 }.map(\.element)
    return limit.map { Array(sampled.prefix($0)) } ?? sampled
  }
}

struct UsageError: Error {
  /// nil for `--help`.
  var message: String?
  init(_ message: String?) { self.message = message }
}
