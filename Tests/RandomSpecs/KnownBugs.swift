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
    Bug(
      name: "upsertThroughElement",
      summary:
        "`upsert columns[columnId].cards = card`: the generated reducer's inner `if let index` hides the "
        + "outer one, so it writes `state.columns[index].cards[index]` with the card's index: a crash "
        + "(\"Index out of range\") or the wrong column"),
    Bug(
      name: "multiOperationDerivedTests",
      summary:
        "the derived test of one operation runs the whole action but expects only that operation's effect: "
        + "it fails when another operation of the action changes the same field (`[set color = color, "
        + "decrement color by 3.5]`, `[increment items[id].id by id, remove items[id]]`), and the \"ignores "
        + "an id that matches nothing\" test, which compares the whole state, fails when the action has any "
        + "other operation or an async status; an emptied list even crashes it (`state.value[0]`, \"Index "
        + "out of range\")"),
    Bug(
      name: "resetNestedOfWrittenDefault",
      summary:
        "`reset big.weight` where the state field `big` has a written default: the reducer restores the "
        + "model field's default (`[]`), the derived test expects the state default's value "
        + "(`State().big.weight`)"),
    Bug(
      name: "resetFreshUUID",
      summary:
        "`reset items[id].id` of an `id: UUID` (default a fresh `UUID()`): the derived test expects it to "
        + "equal another fresh `UUID()`"),
    Bug(
      name: "optionalEntryPaths",
      summary:
        "a `then` path through a dictionary entry of optional values (`notes[1].text` with notes "
        + "`[Int: Note?]`) becomes `state.notes[1]?.text`, which does not compile: the entry is `Note??` "
        + "(\"value of optional type 'Note?' must be unwrapped to refer to member 'text'\")"),
    Bug(
      name: "importedTypeNames",
      summary:
        "a model named like a type of Swift Testing or Foundation (Tag, Comment, Timer, Operation, Unit) is "
        + "accepted, but the generated tests import both and do not compile: \"'Tag' is ambiguous for type "
        + "lookup in this context\""),
    Bug(
      name: "keywordSuccessField",
      summary:
        "an async success payload with one field named like a keyword (`success: { default: Int }`): the "
        + "effects middleware's closure `{ default in .syncSucceeded(default: `default`) }` does not compile"),
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
