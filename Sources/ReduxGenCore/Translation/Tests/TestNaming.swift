extension StatePath {
  /// The state field the path starts at.
  var root: String? {
    if case .field(let name)? = steps.first { return name }
    return nil
  }
}

/// Test names that stay unique within a file.
struct UniqueNames {
  private var used: Set<String> = []
  /// Names a test may not take: the members a large suite declares beside its tests
  /// (`asArguments`, `ExpectationHelpers`, the helpers), and, given, the functions its tests call
  /// (the reducer), which a test of that name would hide.
  private var reserved: Set<String> = [
    "run", "allCases", "testDescription", "uuid", ExpectationHelpers.equal, ExpectationHelpers.isTrue,
    TestTranslator.reportingHelperName,
  ]

  /// The names asked of a proposing instance, in order: each `make` there records its base and
  /// returns a placeholder for it, which `ProposedTests.named` replaces.
  fileprivate private(set) var proposed: [String]?

  init(reserving names: [String] = []) {
    reserved.formUnion(names)
  }

  /// Names that are only proposed: `make` answers a placeholder (`ProposedTests`).
  static var proposing: UniqueNames {
    var names = UniqueNames()
    names.proposed = []
    return names
  }

  /// The placeholder of the `index`th name proposed: no Swift name starts with U+0001.
  fileprivate static let placeholderMark: Character = "\u{1}"

  /// Whether a test may be named `name`: not reserved, nor a change report's helper
  /// (`unreported2`, `misreported3`).
  private func isFree(_ name: String) -> Bool {
    guard !reserved.contains(name) else { return false }
    // Most names start with no prefix's first letter: no prefix is compared.
    guard let first = name.utf8.first, Self.helperPrefixes.contains(where: { $0.utf8.first == first }) else { return true }
    for prefix in Self.helperPrefixes where name.hasPrefix(prefix) {
      if name.dropFirst(prefix.count).allSatisfy(\.isNumber) { return false }
    }
    return true
  }

  private static let helperPrefixes = ["unreported", "misreported"]

  /// Names longer than this are cut: a function's name can't be broken across lines.
  static let maximumLength = 60

  mutating func make(_ base: String) -> String {
    if proposed != nil {
      proposed?.append(base)
      return "\(Self.placeholderMark)\(proposed!.count - 1)"
    }
    // A base of no more bytes than the limit has no more characters: most are taken whole.
    var name = base.isEmpty ? "example" : base.utf8.count <= Self.maximumLength ? base : String(base.prefix(Self.maximumLength))
    if name.first?.isNumber == true { name = "example" + name }
    var candidate = name
    var number = 2
    while !isFree(candidate) || !used.insert(candidate).inserted {
      candidate = "\(name)\(number)"
      number += 1
    }
    return candidate
  }
}

/// Tests whose names are proposed (`UniqueNames.proposing`): made apart from the others only
/// when they join them, in order.
struct ProposedTests: Sendable {
  var tests: [Declaration]
  var names: UniqueNames
  /// Whether the tests' checks already call `ExpectationHelpers`, as the tests of a suite of
  /// arguments do.
  var checksCallHelpers = false

  /// The tests, each named as `names.make` of its proposed name makes it now.
  func named(_ names: inout UniqueNames) -> [Declaration] {
    let made = (self.names.proposed ?? []).map { names.make($0) }
    return tests.map { test in
      guard case .function(var function) = test, case .function(let name) = function.kind,
        name.first == UniqueNames.placeholderMark, let index = Int(name.dropFirst())
      else { return test }
      function.kind = .function(made[index])
      return .function(function)
    }
  }
}

extension String {
  /// `tasks[id].isCompleted` -> `TasksIdIsCompleted`; `adding a task` -> `AddingATask`.
  var identifierWords: String {
    split { !($0.isLetter || $0.isNumber) }.map { String($0).uppercasingFirst }.joined()
  }
}
