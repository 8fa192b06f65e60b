// Names and values the generator draws from. Names include ones a user may well choose that
// collide with Swift (Task, Result, Error; default, init, description).

enum Pools {
  static let featureWords = [
    "Library", "Planner", "Board", "Tally", "Directory", "Inbox", "Shop", "Garden", "Kitchen", "Studio", "Atlas",
    "Ledger", "Radio", "Harbor", "Tracker", "Journal",
  ]
  /// Models a user may well name like a Swift standard type come first.
  static let shadowingModels = ["Task", "Result", "Error"]
  static let modelNames = [
    "Item", "User", "Card", "Note", "Book", "Person", "Room", "Entry", "Order", "Profile", "Settings", "Plan",
    "Track", "Photo", "Song",
  ]
  /// Models named like a type Swift Testing or Foundation exports.
  static let importedTypeModels = ["Tag", "Comment", "Timer", "Operation", "Unit"]
  /// Types named like one of ReduxRuntime's or Swift's clocks (generated code names those through
  /// their module), or like Middleware's associated types and the effects middleware's generic
  /// parameter (generated code names the spec's through an alias there).
  static let libraryNamedTypes = ["Store", "Middleware", "Persistence", "Subscription", "Clock", "State", "Action", "Effects"]
  /// Of those, the ones ReduxRuntime declares: hand-written tests import the spec's by name.
  static let runtimeTypeNames: Set<String> = ["Store", "Middleware", "Persistence", "Subscription"]
  static let enumNames = ["Priority", "Mood", "Kind", "Level", "Color", "Phase", "Size", "Tone"]
  static let enumCases = [
    "low", "medium", "high", "calm", "busy", "red", "green", "blue", "open", "closed", "draft", "done", "small",
    "large", "first", "last",
  ]
  /// Enum cases that are Swift keywords or well-known members.
  static let keywordCases = ["default", "none", "repeat", "public"]
  /// Names the generated tests give locals of their own, as payload parameters: each test's
  /// locals come from one allocator that every expression of it reads.
  static let testLocals = [
    "before", "one", "two", "store", "expected", "screen", "existing", "first", "other", "value", "matching",
  ]
  static let filterCases = ["all", "open", "done", "urgent", "recent", "empty", "tagged", "big", "small", "starred"]
  static let middlewareSuffixes = ["Validation", "Logger", "Audit", "Loader", "Sync", "Analytics", "Guard"]
  static let fieldNames = [
    "title", "name", "label", "note", "count", "score", "total", "price", "ratio", "big", "due", "link", "blob",
    "tags", "isDone", "isPinned", "flag", "votes", "rank", "owner", "meta", "level", "mood", "kind", "value",
    "amount", "size", "code", "stamp", "home", "started", "lastError", "history", "counts", "lookup", "extra",
    "choice", "weight", "color", "caption", "url", "body", "budget", "seen", "limit",
  ]
  /// Field names that are Swift keywords or members every type has.
  static let keywordFields = [
    "default", "init", "description", "import", "class", "return", "where", "func", "inout", "var", "let",
  ]
  static let actionVerbs = [
    "add", "rename", "bump", "mark", "put", "drop", "pick", "note", "tally", "shift", "tick", "wipe", "store",
    "forget", "refresh", "choose", "edit", "adjust", "log", "track",
  ]
  static let keywordActions = ["import", "default", "return", "where"]
  static let asyncVerbs = ["load", "fetch", "sync", "upload", "save", "send"]
  static let eventNames = ["saved", "failed", "welcome", "changed", "alert", "opened", "closed", "tick"]
  static let exampleNames = [
    "adds an item", "keeps the rest", "starts empty", "quotes \"double\" and 'single'", "1 starts with a digit",
    "émoji 🎉 works", "back\\slash", "a: colon", "# hash", "tab\there", "dollar $x and \\(interp)",
    "the same name twice", "the same name twice", "UPPER case", "x",
  ]
  static let strings = [
    "Ada", "Grace", "light", "a b", "", "quote \" inside", "back\\slash", "line\nbreak", "émoji 🎉", "\\(x)",
    "dollar $1", "# hash", "x: y", "null", "true", "42", "[bracket]", "{brace}", "it's",
  ]
  /// Strings a short default `String = "..."` holds, quotes and backslashes escaped as YAML's.
  static let shortStrings = [
    "light", "Main", "", "a b", "x=y", "émoji 🎉", "dollar $1", "hash # tag", "it's", "{x}", "back\\slash",
    "quote \" inside", "tab\there",
  ]
  static let urls = ["https://example.com", "https://swift.org/x?y=1", "file:///tmp/a%20b", "mailto:ada@example.com"]
  static let dataTexts = ["bytes", "", "ünï", "a\nb"]
  static let docs = [
    "A doc.", "Doc with `code` and *stars*.", "Two lines.\nSecond line.", "Ends with a backslash \\", "*/ closes?",
    "Quotes \"here\".",
  ]
  static let persistKeys = ["store", "my-key", "a.b", "v2_state", "Tally-1", "x"]

  /// JSON keys a field may be read under: snake case, digits, and characters JSON escapes.
  static func jsonKeys(for name: String) -> [String] {
    let snake = name.reduce(into: "") { text, character in
      if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
    }
    return [snake + "_value", "temperature_2m_max", name + "-key", "a/b", "say \"hi\"", "back\\slash", "with space", "ünï"]
  }
}
