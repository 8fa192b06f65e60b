/// The one owner of names: every type name the generator emits for a feature, and every name
/// the generated module sees from Swift, Foundation, Swift Testing and ReduxRuntime. The checker
/// asks it whether a name the spec chooses would clash; translators ask it what to call things.
package struct GeneratedNames: Sendable, Equatable {
  package let feature: String

  package init(feature: String) {
    self.feature = feature
  }

  // MARK: Types the generator emits for a feature

  package var state: String { feature + "State" }
  package var action: String { feature + "Action" }
  package var event: String { feature + "Event" }
  package var effects: String { feature + "Effects" }
  package var liveEffects: String { feature + "LiveEffects" }
  /// With `api:`, the requests no operation performs: what `<Feature>APIEffects`'s `others:` and
  /// the live-effects scaffold implement.
  package var otherEffects: String { feature + "OtherEffects" }
  /// The live effects of requests bound to OpenAPI operations.
  package var apiEffects: String { feature + "APIEffects" }
  /// The in-memory `APIProtocol` of the generated API tests.
  package var apiDouble: String { feature + "APIDouble" }
  package var apiEffectsTests: String { feature + "APIEffectsTests" }
  /// The enum of the alerts (`alerts:`), and what their buttons send.
  package var alert: String { feature + "Alert" }
  package var alertAction: String { feature + "AlertAction" }
  package var effectsMiddleware: String { feature + "EffectsMiddleware" }
  /// The middleware that dispatches the actions' follow-ups (`then:`).
  package var followUps: String { feature + "FollowUps" }
  /// The middleware that dispatches the spec's `start:` actions when the store is made.
  package var start: String { feature + "Start" }
  /// `talliesChildren(tallies:)`: the middleware of each child feature's elements.
  package var children: String { feature.lowercasingFirst + "Children" }
  /// The effects middleware's initializer parameter (and property) holding a timed request's
  /// timing: `searchTiming`.
  package static func timingParameter(_ action: String) -> String { action + "Timing" }
  /// The hand-written type holding the `custom` reduce functions.
  package var customReducer: String { feature + "CustomReducer" }
  /// The protocol it conforms to, one requirement per custom action.
  package var customReducing: String { feature + "CustomReducing" }
  package var persistedFields: String { feature + "PersistedFields" }
  package var reducerTests: String { feature + "ReducerTests" }
  package var exampleTests: String { feature + "ExampleTests" }
  package var storedDataTests: String { feature + "StoredDataTests" }
  /// The test doubles of the effects, in the tests.
  package var testEffects: String { feature + "TestEffects" }
  /// `taskListReducer` for the feature `TaskList`.
  package var reducer: String { feature.lowercasingFirst + "Reducer" }
  /// Part `n` (from 2) of a reducer too long for one function: `taskListReducerPart2`.
  package func reducerPart(_ n: Int) -> String { reducer + "Part\(n)" }
  /// Part `n` (from 2) of an action's `changedFields`, and of a state's `fields(readBy:)`.
  package static func changedFieldsPart(_ n: Int) -> String { "changedFieldsPart\(n)" }
  package static func fieldsReadPart(_ n: Int) -> String { "fieldsReadPart\(n)" }
  /// The n-th part of `incrementalValue(_:)`, for a state with many kept values.
  package static func incrementalValuePart(_ n: Int) -> String { "incrementalValuePart\(n)" }
  /// `shopMiddleware` for the app `Shop`: its features' middleware chained.
  package var appMiddleware: String { feature.lowercasingFirst + "Middleware" }

  /// The members of ReduxRuntime's `ViewStore`: an app's feature can't have one of these names,
  /// since the app's view store gets a property of the feature's name.
  package static let viewStoreMembers: Set<String> = [
    "state", "read", "rows", "dispatch", "binding", "scope", "computations", "updates", "id", "source", "parent",
  ]
  /// The properties of ReduxRuntime's `ViewStore`: a feature's child can't have one of these
  /// names, since the feature's view store gets a property of its name (a method of the name,
  /// `rows(_:)`, is told apart by its argument).
  package static let viewStoreProperties: Set<String> = ["state", "computations", "updates", "id"]

  /// A `ViewStore`'s binding of the state field `field`, or of a path of fields
  /// (`binding: true`): `titleBinding`, `draftTitleBinding` for `draft.title`.
  package static func bindingMember(_ field: String) -> String {
    let names = field.split(separator: ".").map(String.init)
    return (names.first ?? "") + names.dropFirst().map(\.uppercasingFirst).joined() + "Binding"
  }
  /// The action a presented child's binding sends when SwiftUI sets it to nil (a sheet swiped
  /// down): `namerDismissed`, which dismisses it unless the spec declares it to do more.
  package static func dismissal(_ child: String) -> String { child + "Dismissed" }
  /// The action a stack's path binding sends when SwiftUI pops (the back button, a swipe, pop to
  /// root): `pathPopped(screen:)`, which pops that screen and those above it.
  package static func popped(_ stack: String) -> String { stack + "Popped" }
  /// The parameter of `popped`: the id of the lowest screen popped.
  package static let poppedScreen = "screen"
  /// The `ViewStore` of the feature, as generated code calls it: `TaskListViewStore`.
  package var viewStore: String { feature + "ViewStore" }
  /// The feature's `ChangeNotifier` (iOS 16's `PublishedStore` wraps it): `TaskListNotifier`.
  package var notifier: String { feature + "Notifier" }

  /// The outcome actions of the async action `request`.
  package static func succeeded(_ request: String) -> String { request + "Succeeded" }
  package static func failed(_ request: String) -> String { request + "Failed" }
  /// The action each value of a stream's request becomes (`async: { stream: true }`).
  package static func received(_ request: String) -> String { request + "Received" }

  /// Where a part's file goes in the `Sources`/`Tests` layout: `Sources/TaskListState.swift`.
  package func path(of part: GeneratedPart, piece: Int = 1) -> String {
    "\(part.isTest ? "Tests" : "Sources")/\(feature)\(part.rawValue)\(GeneratedPart.pieceSuffix(piece)).swift"
  }

  /// Where a scaffold (a hand-written type, created once) goes: `Sources/TaskListLiveEffects.swift`.
  package static func scaffoldPath(_ type: String) -> String { "Sources/\(type).swift" }

  /// The header of a scaffold of `type`, made from the spec at `specPath`.
  package static func scaffoldHeader(_ type: String, specPath: String) -> [String] {
    [
      "Hand-written. redux-gen created this file once from \(specPath)",
      "and never changes it: implement \(type) here.",
    ]
  }

  /// The type and the spec path a scaffold's header names, read back from the start of a file
  /// (`scaffoldHeader` as comment lines); nil for a file that doesn't start with it.
  package static func scaffoldHeaderNames(in text: String) -> (type: String, specPath: String)? {
    let (type, spec) = ("\u{1}", "\u{2}")
    let lines = text.split(maxSplits: 2, omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    var found: [String: String] = [:]
    for (template, line) in zip(scaffoldHeader(type, specPath: spec), lines) {
      guard let placeholder = [type, spec].first(where: template.contains),
        let range = template.range(of: placeholder), line.hasPrefix("// ")
      else { return nil }
      let (prefix, suffix) = (template[..<range.lowerBound], template[range.upperBound...])
      let comment = line.dropFirst(3)
      guard comment.count > prefix.count + suffix.count, comment.hasPrefix(prefix), comment.hasSuffix(suffix) else {
        return nil
      }
      found[placeholder] = String(comment.dropFirst(prefix.count).dropLast(suffix.count))
    }
    guard let typeName = found[type], let specPath = found[spec] else { return nil }
    return (typeName, specPath)
  }

  /// The protocol a middleware's hand-written type conforms to.
  package static func middlewareProtocol(_ middleware: String) -> String { middleware + "Protocol" }
  /// The emitter a middleware with `emits` is handed.
  package static func emitter(_ middleware: String) -> String { middleware + "Events" }

  /// What generated code calls the spec's type `name` (one of `capturedTypeNames`) where a
  /// declaration gives the name a meaning of its own: `TaskList_State` for a model `State`.
  package func capturedTypeAlias(_ name: String) -> String { feature + "_" + name }

  /// The enum of a large test suite's tests, nested in the suite and run as the arguments of one
  /// parameterized test: `_Test`, which no spec type can be named (they start with an upper-case
  /// letter), so it hides none in the tests, and short, so its lines fit whatever the feature's name.
  package static let suiteTests = "_Test"

  /// Every type name above, for clash checks.
  package var featureTypes: [String] {
    [
      state, action, event, effects, liveEffects, otherEffects, effectsMiddleware, customReducer, customReducing,
      persistedFields, reducerTests, exampleTests, testEffects, viewStore, notifier, storedDataTests, followUps,
      start, apiEffects, apiDouble, apiEffectsTests, alert, alertAction,
    ] + Self.capturedTypeNames.sorted().map(capturedTypeAlias)
  }

  /// The type names a middleware adds.
  package static func middlewareTypes(_ middleware: String) -> [String] {
    [middlewareProtocol(middleware), emitter(middleware)]
  }

  // MARK: Names the generated module sees

  /// Types and modules the generated code refers to by name: a spec type with one of these names
  /// would shadow it and the output would not compile. `Task`, `Result` and `Error` are not here:
  /// generated code never names them unqualified (a typed error conforms to `Swift.Error`), so
  /// a spec may use them; nor are the types of `qualifiableTypes`.
  package static let reservedTypes: Set<String> = [
    // Swift
    "Any", "AnyObject", "Self", "Type", "Protocol", "Void", "Never", "Optional", "Array", "Dictionary", "Set",
    "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Sendable", "Identifiable", "CaseIterable",
    "Comparable", "CustomStringConvertible", "RawRepresentable", "KeyPath", "PartialKeyPath", "WritableKeyPath",
    "AsyncStream", "AsyncThrowingStream", "Character", "Substring", "Swift", "Bool", "String", "Int", "Int64", "Double", "Float",
    // Foundation
    "Foundation", "UUID", "Date", "URL", "Data", "Decimal", "IndexSet", "JSONEncoder", "JSONDecoder", "URLSession",
    "ProcessInfo",
    // Swift Testing
    "Testing", "Test", "Suite",
    // The modules generated code imports or names types through.
    "IdentifiedCollections", "ReduxRuntime", "ReduxTesting", "ReduxSQLite",
  ]

  /// The library types generated code names, each with its module: ReduxRuntime's, ReduxTesting's
  /// and ReduxSQLite's, the identified collections ReduxRuntime re-exports, and Swift's clocks.
  /// A spec may declare a type of one of these names (a shop's `Store`): generated code then
  /// names the library's through its module (`ReduxRuntime.Store`), where the spec's would
  /// shadow it or make it ambiguous (`RuntimeTypes`).
  package static let qualifiableTypes: [String: String] = [
    "ActionValues": "ReduxRuntime", "ChangeReporting": "ReduxRuntime", "EffectRunner": "ReduxRuntime",
    "FieldTracking": "ReduxRuntime", "Middleware": "ReduxRuntime", "MiddlewareContext": "ReduxRuntime",
    "Persistence": "ReduxRuntime", "PersistenceMigration": "ReduxRuntime", "PersistentStorage": "ReduxRuntime",
    "RequestStatus": "ReduxRuntime", "ScopedMiddleware": "ReduxRuntime", "StateFields": "ReduxRuntime",
    "Store": "ReduxRuntime", "UnimplementedEffect": "ReduxRuntime", "ChangedElements": "ReduxRuntime",
    "ViewStore": "ReduxRuntime", "StoreBinding": "ReduxRuntime", "ReduxArithmetic": "ReduxRuntime",
    "ResponseCache": "ReduxRuntime", "IncrementallyDerived": "ReduxRuntime", "IncrementalValue": "ReduxRuntime",
    "ScreenStack": "ReduxRuntime",
    "TestStore": "ReduxTesting", "EffectDouble": "ReduxTesting", "StreamDouble": "ReduxTesting", "ImmediateClock": "ReduxTesting",
    "StoppedClock": "ReduxTesting", "PausedClock": "ReduxTesting", "ManualClock": "ReduxTesting",
    "ExampleFailure": "ReduxTesting",
    "SQLiteStorage": "ReduxSQLite", "SQLitePersistence": "ReduxSQLite",
    "IdentifiedArrayOf": "IdentifiedCollections",
    "Clock": "Swift", "ContinuousClock": "Swift", "Duration": "Swift",
  ]

  /// Every public type of the libraries generated files import whole: ReduxRuntime and the
  /// identified collections it re-exports, ReduxTesting, ReduxDebugging, ReduxSQLite. A spec may
  /// declare a type of one of these names: a file that imports the spec's module beside the
  /// library (the tests, a spec that `uses` it) imports that type by name
  /// (`import struct Shop.Store`), so the name means the spec's there as it does in the spec's
  /// own module. `LibraryNamesTests` holds the list to the libraries' sources.
  package static let libraryTypes: Set<String> = [
    // ReduxRuntime
    "InspectorSecrets", "EffectEvent", "EffectEvents", "ActionValues", "ChangeNotifier", "ChangeReporting", "ChangedElements", "ChildMiddleware", "ChildViewStores", "ScreenPath", "ScreenPathBinding", "ScreenNotifiers", "ScreenNotifiersBinding", "PresentedMiddleware", "DestinationMiddleware", "ScreenStack", "PresentationCheck", "AlertButton", "AlertBinding", "AlertPresentable", "EffectPolicy", "EffectRunner", "EffectTiming", "FieldTracking", "FileStorage",
    "IncrementalValue", "IncrementallyDerived",
    "Middleware", "MiddlewareContext", "ObservableStore", "Observed", "ObserverStatus", "Persistence", "PersistenceError",
    "PersistenceMigration", "PersistenceSaver", "PersistentStorage", "RequestStatus", "SaveStatus", "ScopedMiddleware",
    "ReduxArithmetic", "ResponseCache", "SortKey", "StateFields", "StateTimeout", "Store", "StoreBinding", "StoredSample", "Subscription", "UnimplementedEffect", "ViewStore",
    // swift-identified-collections
    "Identified", "IdentifiedArray", "IdentifiedArrayOf",
    // ReduxTesting
    "ClockInstant", "EffectDouble", "ExampleFailure", "Exhaustivity", "ImmediateClock", "ManualClock", "PausedClock",
    "StoppedClock", "StreamDouble", "TestStore",
    // ReduxDebugging
    "ActionRecorder", "Recording", "RecordingError", "RecordingFormat", "StateChange", "ActionInspector", "InspectedAction", "InspectorBuffer", "InspectorConnection", "InspectorJSON",
    // ReduxSQLite
    "SQLiteField", "SQLitePersistence", "SQLiteStorage",
  ]

  /// Names that a generated declaration gives a meaning of its own inside it: `State` and
  /// `Action` (`Middleware`'s associated types) in every middleware and its scaffold, `Effects`
  /// (the generic parameter of the effects middleware, the test effects' witness). There a spec
  /// type of one of these names is written through its alias (`capturedTypeAlias`), which the
  /// models file declares.
  package static let capturedTypeNames: Set<String> = ["State", "Action", "Effects"]

  /// Foundation's type names a spec may well give a model or an enum: a spec that uses it names it
  /// through its module (`Clock.Timer`), since its sources import Foundation, where the name
  /// would be ambiguous; in its own module it hides Foundation's.
  package static let foundationTypeNames: Set<String> = [
    "AttributedString", "Bundle", "Calendar", "CharacterSet", "DateComponents", "DateFormatter", "DateInterval",
    "Dimension", "Expression", "FileHandle", "FileManager", "Formatter", "Host", "IndexPath", "InputStream", "Locale",
    "Measurement", "Morphology", "Notification", "NotificationCenter", "NumberFormatter", "Operation",
    "OperationQueue", "OutputStream", "PersonNameComponents", "Pipe", "Port", "Predicate", "Process", "Progress",
    "Scanner", "SortDescriptor", "Stream", "Thread", "TimeZone", "Timer", "URLComponents", "URLQueryItem",
    "URLRequest", "Unit", "UserDefaults",
  ]

  /// What generated test files import from Foundation: only these declarations, so a model
  /// named like another Foundation type (`Timer`, `Notification`, `Unit`) is not ambiguous there.
  package static let foundationImportsOfTests = [
    "struct Foundation.Data", "struct Foundation.Date", "struct Foundation.Decimal", "struct Foundation.URL",
    "struct Foundation.UUID", "struct Foundation.IndexSet",
  ]

  /// What a test file reading JSON imports besides.
  package static let jsonImportsOfTests = ["class Foundation.JSONDecoder", "class Foundation.JSONEncoder"]

  /// Swift Testing's types, which test files import whole (its macros can't be imported one by
  /// one): a spec type with one of these names is named through its module in test files.
  package static let testingTypes: Set<String> = [
    "Attachable", "AttachableAsImage", "AttachableImageFormat", "AttachableWrapper", "Attachment", "Bug",
    "Comment", "ConditionTrait", "Confirmation", "CustomTestArgumentEncodable", "CustomTestStringConvertible",
    "ExitStatus", "ExitTest", "Expectation", "ExpectationFailedError", "Issue", "IssueHandlingTrait",
    "KnownIssueMatcher", "ParallelizationTrait", "SourceLocation", "SuiteTrait", "Tag", "TestScoping", "TestTrait",
    "TimeLimitTrait", "Trait",
  ]

  /// Member names (fields, actions, cases, events) Swift can't declare even in backticks, or that
  /// the generated initializers can't take as a parameter.
  package static let reservedMembers: [String: String] = [
    "self": "Swift reserves 'self' (as in 'x.self')", "Self": "Swift reserves 'Self'",
    "Type": "Swift reserves 'Type' (as in 'x.Type')", "Protocol": "Swift reserves 'Protocol' (as in 'x.Protocol')",
    "hashValue": "a generated model may be Hashable (conformances), which has a 'hashValue' of its own",
    "followedUpBy": "a generated Action names the middleware of its follow-ups as 'followedUpBy'",
  ]

  /// The reason `name` is a reserved member (`reservedMembers`), or nil. Asked of every name a
  /// spec declares: a name of no reserved name's length is answered without hashing it.
  package static func reservedMemberReason(_ name: String) -> String? {
    let length = min(name.utf8.count, 63)
    guard reservedMemberLengths & (1 << UInt64(length)) != 0 else { return nil }
    return reservedMembers[name]
  }

  private static let reservedMemberLengths: UInt64 = reservedMembers.keys.reduce(0) {
    $0 | 1 << UInt64(min($1.utf8.count, 63))
  }

  /// Names the generated reducer, middleware and effects give their own parameters: a payload
  /// parameter with one of these names would hide them.
  package static let reservedParameters: Set<String> = ["state", "action", "context", "events", "effects"]

  /// Why a spec type name can't be used, or nil when it can. `featureTypes`: the set of
  /// `featureTypes`, made once by a caller asking of many names.
  package func typeClash(_ name: String, middleware: [String] = [], featureTypes: Set<String>? = nil) -> String? {
    if Self.reservedTypes.contains(name) {
      return
        "'\(name)' is a name the generated code uses from Swift, Foundation or Swift Testing, or a module it imports"
    }
    if featureTypes?.contains(name) ?? self.featureTypes.contains(name) {
      return "redux-gen generates a type named '\(name)' for the feature \(feature)"
    }
    if let owner = middleware.first(where: { Self.middlewareTypes($0).contains(name) }) {
      return "redux-gen generates a type named '\(name)' for the middleware \(owner)"
    }
    return nil
  }

  /// The longest name a spec may give anything: generated lines hold a few names, and
  /// swift-format's 100 columns can't break a name.
  package static let maximumNameLength = 60

  /// The longest persist key: it names a file, and file systems allow 255 bytes.
  package static let maximumPersistKeyLength = 200
  /// The highest persist format version a spec may declare.
  package static let maximumPersistVersion = 10_000
}
