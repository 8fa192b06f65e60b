import Testing

@testable import ReduxGenCore

/// Each area's messages, table-driven: a problem, the area that words it, and the exact words.
/// A problem whose area has no message for it would print its Swift name instead: every row
/// checks the area's own message too.
struct MessageTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var problem: SpecProblem
    var area: ProblemArea
    var message: String
    var testDescription: String { "\(area): \(message.prefix(60))" }
  }

  static let rows: [Row] = [
    Row(problem: .fileTooLarge(limit: 10), area: .document, message: "the spec is larger than 10 bytes"),
    Row(problem: .invalidEncoding, area: .document, message: "the spec is not valid UTF-8 text"),
    Row(
      problem: .invalidTypeSyntax("[Int"), area: .types,
      message: "'[Int' is not a type; write a type as Swift does: String, Task?, [Task], [String: Task]"),
    Row(
      problem: .cannotCompute("Double", op: "%", "Double"), area: .conditions,
      message:
        "can't compute Double % Double: '%' takes two whole numbers of one type, Int or Int64 (a Double has no remainder operator in Swift)"
    ),
    Row(
      problem: .cannotApply("abs", to: "'label' (String)", takes: "a number"), area: .conditions,
      message: "can't compute abs of 'label' (String): abs takes a number"),
    Row(
      problem: .cannotCompute("'size' (Int)", op: "??", "'0' (Int)"), area: .conditions,
      message:
        "can't compute 'size' (Int) ?? '0' (Int): '??' takes an optional value on its left (a list's 'first' or 'last', an optional field) and, on its right, a value of the type it wraps"
    ),
    Row(
      problem: .notOptionalChained("count", type: "Int"), area: .conditions,
      message: "'count' is Int, not optional: read its fields with '.', not '?.'"),
    Row(
      problem: .subscriptAfterChain("rows.first?.tags"), area: .conditions,
      message:
        "can't read 'rows.first?.tags[...]': '[...]' doesn't follow a path read through '?.'; read the list where it isn't optional, or keep it in a derived value first"
    ),
    Row(
      problem: .caseOrStateField("busy", type: "Status"), area: .operations,
      message: "'busy' is a case of Status and a state field: write '.busy' for the case or 'state.busy' for the field"),
    Row(
      problem: .setToItself("done"), area: .operations,
      message:
        "'set done = done' gives 'done' the value it holds: the operation does nothing; give it a value computed from it, a parameter or a literal"
    ),
    Row(
      problem: .derivedReadsLater("total", value: "total"), area: .derived,
      message: "'total' can't read itself: a derived value reads the state's fields and the derived values written before it"),
    Row(
      problem: .selectorParameter("rows", type: "[Row]", hasDefault: false), area: .derived,
      message:
        "parameter 'rows' is [Row]: a derived value's parameter is a value its view store remembers results by (a number, text, a Bool, a UUID, a Date, a URL, an enum, or an optional one)"
    ),
    Row(
      problem: .selectorParameter("id", type: "Int", hasDefault: true), area: .derived,
      message: "parameter 'id' has a default: a derived value's parameters are given where it is read"),
    Row(
      problem: .selectorInApp("moreThan"), area: .derived,
      message:
        "'moreThan': an app's derived values read its features' fields as counts, sums, lookups and arithmetic; a value of 'parameters' and 'value' is written in a feature's spec"
    ),
    Row(
      problem: .readsSelector("isSelected", value: "other"), area: .derived,
      message:
        "'other' can't read 'isSelected': 'isSelected' takes parameters, and a derived value reads values without any; compute what it needs here"
    ),
    Row(
      problem: .selectorWithoutParameters("isOpen"), area: .derived,
      message: "'isOpen' has no parameters: a derived value without any is written 'NAME: EXPRESSION'"),
    Row(
      problem: .notAggregated("label", type: "String"), area: .derived,
      message: "'label' has type String: count, sum, any, all and isEmpty read a list or a dictionary (its values)"),
    Row(
      problem: .entryKeyMismatch(list: "byId", type: "Int", weights: "named", weightsKey: "String"), area: .derived,
      message: "the keys of 'byId' have type Int, but 'named' is keyed by String"),
    Row(
      problem: .needsOffsets(action: "delete"), area: .operations,
      message: "expected a payload parameter of type IndexSet; add one to action 'delete', as in 'payload: { offsets: IndexSet }'"),
    Row(
      problem: .invalidDuration("soon"), area: .actions,
      message:
        "'soon' is no duration: write a whole number of milliseconds or a number of seconds, as 300ms or 1.5s, above zero and at most a day"
    ),
    Row(
      problem: .storeOnlyKey("receive"), area: .examples,
      message: "'receive' runs an example through the store, which 'through: reducer' says it doesn't"),
    Row(problem: .appNotFeature, area: .modules, message: "this is an app spec; a feature spec is expected here"),
    Row(
      problem: .handlerThrough("rows", feature: "Tallies", holds: "a list of features ('each:')"), area: .modules,
      message:
        "'rows' of Tallies holds a list of features ('each:'): 'from' reaches a grandchild's action through presented features ('presents:') only"
    ),
    Row(
      problem: .grandchildButton("login.twoFactor.submit", alert: "confirm", feature: "TwoFactor"), area: .modules,
      message:
        "a button of TwoFactor's alert 'confirm' sends 'submit' too, and a button is heard as its action by the feature presenting TwoFactor only: from further up, 'login.twoFactor.submit' would be heard when sent directly and missed when its button is tapped"
    ),
    Row(
      problem: .unknownGrandchild("twoFacter", feature: "Login", suggestion: "twoFactor"), area: .modules,
      message: "feature 'Login' holds no child feature 'twoFacter'; did you mean 'twoFactor'?"),
    Row(
      problem: .grandchildHandlerParameter("code", action: "loggedIn", childAction: "submitted", feature: "TwoFactor"),
      area: .modules,
      message:
        "parameter 'code' of action 'loggedIn' is not a parameter of TwoFactor's 'submitted': an action with 'from' takes a grandchild's action's parameters only (its state may be dismissed by then)"
    ),
    Row(
      problem: .unknownAppFeature("crat", suggestion: "cart"), area: .modules,
      message: "this app has no feature 'crat'; did you mean 'cart'?"),
    Row(
      problem: .unknownStorage("disk", suggestion: nil), area: .persistence,
      message: "unknown storage 'disk'; storage is 'file' or 'sqlite'"),
    Row(
      problem: .invalidPersistVersion("two"), area: .persistence,
      message: "persist version 'two' must be a whole number from 1 up"),
    Row(
      problem: .untested("load"), area: .warnings,
      message: "no generated test or example exercises action 'load'; add an example that dispatches it"),
    Row(
      problem: .middlewareHandlesNothing("Logger"), area: .warnings,
      message: "middleware 'Logger' handles no action; list the actions it handles in 'on'"),
    Row(
      problem: .caseWithoutValues("empty", enumName: "Mode"), area: .types,
      message: "case 'empty' of Mode lists no values; a case without values is written by its name alone ('- empty')"),
    Row(
      problem: .caseValueWithDefault("at", owner: "case 'paused'"), area: .types,
      message: "'at' of case 'paused' has a default; case 'paused' is made with all its values, so they take none"),
    Row(
      problem: .caseValueType("song", owner: "case 'held'", type: "Song"), area: .types,
      message:
        "'song' of case 'held' is Song; a value it carries is one of numbers, text, dates, URLs, Data, Bool, enums and optionals, lists and dictionaries of them, not a model (hold the model in a state field)"
    ),
    Row(
      problem: .enumCarriesValues("Mode", use: "tag a cache entry with"), area: .types,
      message: "Mode has cases that carry values, so it has no text of its own to tag a cache entry with; use an enum whose cases are names alone"),
    Row(
      problem: .caseValuesClash("playing", enumName: "Mode", type: "Playing", clash: "is the name of its case 'Playing'"),
      area: .types,
      message:
        "case 'playing' of Mode keeps its values in the struct Mode.Playing, which is the name of its case 'Playing'; name the case otherwise"
    ),
    Row(
      problem: .caseValueOfSumEnum("branch", enumName: "Node", held: "Node"), area: .types,
      message:
        "case 'branch' of Node carries a value of Node, whose cases carry values too; a case carries an enum whose cases are names alone (keep the other in a field of its own)"
    ),
    Row(
      problem: .caseHidesType("date", enumName: "Entry", type: "Date"), area: .types,
      message:
        "case 'date' of Entry keeps its values in the struct Entry.Date, which inside the enum would hide the type Date that its values hold; name the case otherwise"
    ),
    Row(
      problem: .caseNeedsValues("playing", enumName: "Mode", labels: ["progress"]), area: .conditions,
      message:
        "case 'playing' of Mode carries values: test it with 'is' ('VALUE is playing'), read them with '?.' ('VALUE.playing?.progress'), make it with all of them ('playing(progress: ...)')"
    ),
    Row(
      problem: .caseValuesMismatch("paused", enumName: "Mode", labels: ["at", "note"]), area: .conditions,
      message: "case 'paused' of Mode is made with its values in their order: paused(at: ..., note: ...)"),
    Row(
      problem: .notShownAsText("note", type: "String?"), area: .conditions,
      message:
        "'\\(note)' is String?, which text doesn't show as it reads: interpolate text, a number, a Bool or an enum of names (give an optional a fallback: '\\(note ?? \"none\")')"
    ),
    Row(
      problem: .bareWordKey("selected", action: "vote"), area: .conditions,
      message:
        "'selected' is neither a parameter of action 'vote' nor a name of the state; a key of text is written in quotes: [\"selected\"]"
    ),
    Row(
      problem: .caseTestOnNonEnum("count", type: "Int"), area: .conditions,
      message: "'is' tests an enum's case, but 'count' is Int"),
  ]

  @Test("each problem is worded by its area", arguments: rows)
  func message(row: Row) {
    #expect(row.problem.area == row.area)
    #expect(row.problem.message == row.message)
    #expect(row.problem.areaMessage == row.message)
  }

  @Test("every area has rows")
  func everyArea() {
    #expect(Set(Self.rows.map(\.area)) == Set(ProblemArea.allCases))
  }
}
