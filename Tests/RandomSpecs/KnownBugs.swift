// Constructs the generator covers but switches off while redux-gen gets them wrong, so CI can be
// green. Each flag names its bug; docs/random-specs.md lists them with a minimal spec. When
// redux-gen is fixed, delete the flag here (and its entry in the docs) in the same change, then
// run `.ci/random-specs --long`. `random-specs ... --enable-bug NAME` (or `all`) generates the
// construct again, to reproduce a bug or to check a fix.

enum KnownBugs {
  struct Bug {
    var name: String
    var summary: String
    /// swift-format rules whose findings the bug explains (`lint-filter` lets them pass).
    var lintRules: [String] = []
  }

  /// Every known bug, avoided by default.
  static let all: [Bug] = [
    Bug(
      name: "unwrappedLongLines",
      summary:
        "generated Swift is not `swift format lint --strict` clean when values nest or lists are long: "
        + "a model or collection literal inside an argument stays on one line past 100 columns "
        + "([LineLength]), a multiline collection literal lacks its trailing comma ([TrailingComma]), a long "
        + "`case .a, .b, ...:` list is not broken ([AddLines])",
      lintRules: ["LineLength", "TrailingComma", "AddLines"]),
  ]

  nonisolated(unsafe) private static var enabled: Set<String> = []

  static func configure(enabling names: [String]) {
    enabled = names.contains("all") ? Set(all.map(\.name)) : Set(names)
  }

  /// The swift-format rules whose findings known bugs explain.
  static var toleratedLintRules: [String] {
    all.filter { avoids($0.name) }.flatMap(\.lintRules)
  }

  /// Whether the generator leaves out the construct the bug `name` breaks.
  static func avoids(_ name: String) -> Bool {
    all.contains { $0.name == name } && !enabled.contains(name)
  }
}
