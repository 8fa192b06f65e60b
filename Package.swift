// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "redux-gen",
  // What apps can still support: docs/runtime.md lists the checks that keep these true.
  // ObservableStore (Observation) is marked for iOS 17 and macOS 14 on its own.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .executable(name: "redux-gen", targets: ["redux-gen"]),
    .library(name: "ReduxRuntime", targets: ["ReduxRuntime"]),
    // Tests of features: TestStore, effect doubles (what generated `<Feature>TestEffects` use).
    .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
    // Debugging a running app: state diffs per action, recording actions to replay them.
    .library(name: "ReduxDebugging", targets: ["ReduxDebugging"]),
    .library(name: "ReduxSQLite", targets: ["ReduxSQLite"]),
    // `redux-gen devtools`: the inspector's server and page (Hummingbird); apps link only
    // ReduxDebugging's `InspectorConnection`.
    .executable(name: "redux-gen-devtools", targets: ["redux-gen-devtools"]),
    // Effects generated from an OpenAPI document call swift-openapi-generator's `Client` through it.
    .library(name: "ReduxOpenAPI", targets: ["ReduxOpenAPI"]),
    .plugin(name: "ReduxGenPlugin", targets: ["ReduxGenPlugin"]),
    .plugin(name: "GenerateRedux", targets: ["GenerateRedux"]),
    .plugin(name: "CheckRedux", targets: ["CheckRedux"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.0"),
    // Atomics on every supported system (the standard library's Atomic needs iOS 18, macOS 15).
    .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
    // ReduxDebugging and ReduxTesting only: structural diffs of states and actions.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    // ReduxSQLite only: persisted collections row by row in SQLite (needs libsqlite3-dev).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    // ReduxOpenAPI and features bound to an OpenAPI document: the generated `Client` and its runtime.
    .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.0"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
    // Tests only: a real HTTP server on 127.0.0.1 serving an OpenAPI document, and the client's transport.
    .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
    .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    // redux-gen-devtools only: the inspector's page talks to its server over a WebSocket.
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    // Tests only: a clock they advance by hand, for debounced and throttled effects.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
  ],
  targets: [
    // libyaml, read only through ReduxGenCore's YAML wrapper.
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),

    // Spec -> checked model -> Swift code model -> text. No CLI code.
    // The JSON Schema of specs is a resource: its one copy, which docs/redux-gen.schema.json links to.
    .target(name: "ReduxGenCore", dependencies: ["CYAML"], resources: [.copy("Schema/redux-gen.schema.json")]),

    // The language server for specs (`redux-gen lsp`): LSP over a byte stream, on the checker.
    .target(name: "ReduxGenLanguageServer", dependencies: ["ReduxGenCore"]),

    // The thin command-line front end.
    .executableTarget(
      name: "redux-gen",
      dependencies: [
        "ReduxGenCore", "ReduxGenLanguageServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // The inspector's server (`redux-gen devtools`): the page, the apps' batches, the spec's
    // forms and the session's exports. Its own product, so neither redux-gen nor an app builds it.
    .target(
      name: "ReduxDevTools",
      dependencies: [
        "ReduxGenCore", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [.copy("Page")]
    ),
    .executableTarget(name: "redux-gen-devtools", dependencies: ["ReduxDevTools"]),
    .testTarget(name: "ReduxDevToolsTests", dependencies: ["ReduxDevTools", "ReduxGenCore"]),
    // An app to inspect: TaskList, Shelf's stack or Users' effects, driven by lines on its input
    // (docs/devtools.md); the devtools' browser tests run it.
    .executableTarget(
      name: "inspector-demo",
      dependencies: [
        "ReduxRuntime", "ReduxDebugging", "TaskList", "Shelf", "Tally", "Namer", "Recorder", "Tallies", "Users",
      ],
      path: "Examples/InspectorDemo"
    ),

    // Generates a target's specs at build time (sources), or a test target's tested specs (tests).
    .plugin(name: "ReduxGenPlugin", capability: .buildTool(), dependencies: ["redux-gen"]),

    // `swift package generate-redux`: regenerates checked-in sources and creates scaffolds.
    .plugin(
      name: "GenerateRedux",
      capability: .command(
        intent: .custom(
          verb: "generate-redux",
          description: "Regenerate the Redux features of targets with *.redux.yaml or redux-gen.yaml specs"),
        permissions: [
          .writeToPackageDirectory(reason: "Writes the generated Swift files and scaffolds next to each spec")
        ]
      ),
      dependencies: ["redux-gen"]
    ),

    // `swift package check-redux`: generate-redux --check, which writes nothing, without asking
    // for permission to write (SwiftPM asks for a command plugin's permissions whatever its arguments).
    .plugin(
      name: "CheckRedux",
      capability: .command(
        intent: .custom(
          verb: "check-redux",
          description: "Fail when the checked-in Redux features of targets are stale against their specs")
      ),
      dependencies: ["redux-gen"]
    ),

    // The library generated code imports; it re-exports IdentifiedCollections, whose
    // IdentifiedArrayOf holds the state's lists of models with an id.
    .target(
      name: "ReduxRuntime",
      dependencies: [
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "Atomics", package: "swift-atomics"),
      ]
    ),

    // Printing what each action changed, recording actions and replaying them.
    .target(
      name: "ReduxDebugging",
      dependencies: ["ReduxRuntime", .product(name: "CustomDump", package: "swift-custom-dump")]
    ),
    // TestStore and EffectDouble, on Swift Testing.
    .target(
      name: "ReduxTesting",
      dependencies: ["ReduxRuntime", "ReduxDebugging", .product(name: "CustomDump", package: "swift-custom-dump")]
    ),

    // Persistence in SQLite, row by row: its own product, so only apps that use it build GRDB.
    .target(
      name: "ReduxSQLite",
      dependencies: [
        "ReduxRuntime", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Atomics", package: "swift-atomics"),
      ]
    ),
    .testTarget(name: "ReduxSQLiteTests", dependencies: ["ReduxSQLite", "ReduxRuntime"]),

    // What generated `<Feature>APIEffects` use: failures of responses and transport, in words.
    .target(
      name: "ReduxOpenAPI",
      dependencies: ["ReduxRuntime", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
    ),
    // Tests only: Hummingbird serving an OpenAPI document's handlers on 127.0.0.1 (Library, Weather).
    .target(
      name: "LocalServer",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/LocalServer"
    ),
    .testTarget(
      name: "ReduxOpenAPITests",
      dependencies: ["ReduxOpenAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
    ),

    // The checked-in output of Specs/: compiled and tested by `swift test`.
    .target(name: "TaskList", dependencies: ["ReduxRuntime"], path: "Generated/TaskList/Sources"),
    .testTarget(
      name: "TaskListTests",
      dependencies: ["TaskList", "ReduxRuntime", "ReduxTesting"],
      path: "Generated/TaskList/Tests"
    ),
    .target(name: "Counter", dependencies: ["ReduxRuntime"], path: "Generated/Counter/Sources"),
    .testTarget(
      name: "CounterTests",
      dependencies: ["Counter", "ReduxRuntime"],
      path: "Generated/Counter/Tests"
    ),

    .target(name: "Users", dependencies: ["ReduxRuntime"], path: "Generated/Users/Sources"),
    .testTarget(name: "UsersTests", dependencies: ["Users", "ReduxRuntime", "ReduxTesting"], path: "Generated/Users/Tests"),
    .target(name: "EditProfile", dependencies: ["ReduxRuntime"], path: "Generated/EditProfile/Sources"),
    .testTarget(
      name: "EditProfileTests",
      dependencies: ["EditProfile", "ReduxRuntime", "ReduxTesting"],
      path: "Generated/EditProfile/Tests"
    ),

    // Specs/app.yaml: Counter and TaskList composed into one store.
    .target(name: "App", dependencies: ["ReduxRuntime", "Counter", "TaskList"], path: "Generated/App/Sources"),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", "Counter", "TaskList", "ReduxRuntime", .product(name: "Atomics", package: "swift-atomics")],
      path: "Generated/App/Tests"
    ),

    // Specs/tallies.yaml: a list whose elements are Tally features (Specs/tally.yaml), and a
    // Namer presented in a sheet (Specs/namer.yaml).
    .target(name: "Tally", dependencies: ["ReduxRuntime"], path: "Generated/Tally/Sources"),
    .testTarget(name: "TallyTests", dependencies: ["Tally", "ReduxRuntime", "ReduxTesting"], path: "Generated/Tally/Tests"),
    .target(name: "Namer", dependencies: ["ReduxRuntime"], path: "Generated/Namer/Sources"),
    .testTarget(name: "NamerTests", dependencies: ["Namer", "ReduxRuntime"], path: "Generated/Namer/Tests"),
    .target(name: "Tallies", dependencies: ["ReduxRuntime", "Tally", "Namer"], path: "Generated/Tallies/Sources"),
    .testTarget(
      name: "TalliesTests", dependencies: ["Tallies", "Tally", "Namer", "ReduxRuntime", "ReduxTesting"],
      path: "Generated/Tallies/Tests"),
    // Specs/shelf.yaml: a navigation stack whose screens are Tally and Namer features.
    .target(name: "Recorder", dependencies: ["ReduxRuntime"], path: "Generated/Recorder/Sources"),
    .testTarget(
      name: "RecorderTests", dependencies: ["Recorder", "ReduxRuntime", "ReduxTesting"], path: "Generated/Recorder/Tests"),
    .target(
      name: "Shelf", dependencies: ["ReduxRuntime", "Tally", "Namer", "Recorder", "Tallies"], path: "Generated/Shelf/Sources"),
    .testTarget(
      name: "ShelfTests", dependencies: ["Shelf", "Tally", "Namer", "Recorder", "Tallies", "ReduxRuntime"],
      path: "Generated/Shelf/Tests"),

    // Specs/voicememo.yaml: TCA's VoiceMemos row, its mode an enum whose case carries a value.
    .target(name: "VoiceMemo", dependencies: ["ReduxRuntime"], path: "Generated/VoiceMemo/Sources"),
    .testTarget(
      name: "VoiceMemoTests", dependencies: ["VoiceMemo", "ReduxRuntime", "ReduxTesting"],
      path: "Generated/VoiceMemo/Tests"),

    // Specs/shop.yaml: Redux's shopping cart. Cart uses Products' Product; addToCart is shared.
    .target(name: "Products", dependencies: ["ReduxRuntime"], path: "Generated/Products/Sources"),
    .testTarget(
      name: "ProductsTests", dependencies: ["Products", "ReduxRuntime"], path: "Generated/Products/Tests"),
    .target(name: "Cart", dependencies: ["ReduxRuntime", "Products"], path: "Generated/Cart/Sources"),
    .testTarget(name: "CartTests", dependencies: ["Cart", "Products", "ReduxRuntime", "ReduxTesting"], path: "Generated/Cart/Tests"),
    .target(name: "Shop", dependencies: ["ReduxRuntime", "Products", "Cart"], path: "Generated/Shop/Sources"),
    .testTarget(
      name: "ShopTests", dependencies: ["Shop", "Products", "Cart", "ReduxRuntime"], path: "Generated/Shop/Tests"),

    // Specs/library.yaml: NgRx's books, with debounce, typed failures and rollback.
    // Its requests are sent to Specs/OpenAPI/books.yaml's operations (LibraryAPIEffects); its tests
    // serve the document on 127.0.0.1.
    .target(
      name: "Library",
      dependencies: [
        "ReduxRuntime", "ReduxSQLite", "ReduxOpenAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      ],
      path: "Generated/Library/Sources",
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    ),
    .testTarget(
      name: "LibraryTests",
      dependencies: [
        "Library", "ReduxRuntime", "ReduxSQLite", .product(name: "Clocks", package: "swift-clocks"), "ReduxTesting",
        "ReduxOpenAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"), "LocalServer",
      ],
      path: "Generated/Library/Tests"
    ),

    // Specs/weather.yaml: TCA's Search, with a debounced search and a forecast per tapped place.
    // Its requests are sent to Specs/OpenAPI/open-meteo.yaml's operations (WeatherAPIEffects), through
    // the Client swift-openapi-generator's plugin makes; its tests serve the document on 127.0.0.1.
    .target(
      name: "Weather",
      dependencies: ["ReduxRuntime", "ReduxOpenAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
      path: "Generated/Weather/Sources",
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    ),
    .testTarget(
      name: "WeatherTests",
      dependencies: [
        "Weather", "ReduxRuntime", "ReduxOpenAPI", .product(name: "Clocks", package: "swift-clocks"), "ReduxTesting",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"), "LocalServer",
      ],
      path: "Generated/Weather/Tests"
    ),

    .target(name: "Showcase", dependencies: ["ReduxRuntime"], path: "Generated/Showcase/Sources"),
    .testTarget(
      name: "ShowcaseTests",
      dependencies: ["Showcase", "ReduxRuntime", "ReduxTesting"],
      path: "Generated/Showcase/Tests"
    ),

    // Specs/edgecases.yaml: constructs that once broke the build, kept building.
    .target(name: "EdgeCases", dependencies: ["ReduxRuntime"], path: "Generated/EdgeCases/Sources"),
    .testTarget(
      name: "EdgeCasesTests",
      dependencies: ["EdgeCases", "ReduxRuntime", "ReduxTesting"],
      path: "Generated/EdgeCases/Tests"
    ),

    // Specs/checklist.yaml: valid specs the checker once refused or misread, kept accepted and tested.
    // Its target is named by the spec's `module:`, not like the feature.
    .target(name: "ChecklistFeature", dependencies: ["ReduxRuntime"], path: "Generated/Checklist/Sources"),
    .testTarget(
      name: "ChecklistTests",
      dependencies: ["ChecklistFeature", "ReduxRuntime"],
      path: "Generated/Checklist/Tests"
    ),

    // Specs/notes.yaml: a persisted model that grew new fields within one format version.
    .target(name: "Notes", dependencies: ["ReduxRuntime"], path: "Generated/Notes/Sources"),
    .testTarget(name: "NotesTests", dependencies: ["Notes", "ReduxRuntime"], path: "Generated/Notes/Tests"),

    // Specs/counter.yaml (by symlink) generated at build time by ReduxGenPlugin; nothing checked in.
    .target(
      name: "PluginCounter", dependencies: ["ReduxRuntime"], path: "Examples/PluginCounter/Sources",
      plugins: ["ReduxGenPlugin"]),
    .testTarget(
      name: "PluginCounterTests", dependencies: ["PluginCounter", "ReduxRuntime"],
      path: "Examples/PluginCounter/Tests", plugins: ["ReduxGenPlugin"]),
    // The seed's TaskList screen in SwiftUI on the generated TaskList (docs/swiftui.md): its views
    // build on Apple systems; what isn't a view is built and tested everywhere.
    .target(
      name: "TaskListApp", dependencies: ["TaskList", "ReduxRuntime", "ReduxSwiftUI"],
      path: "Examples/TaskListApp/Sources"),
    .testTarget(
      name: "TaskListAppTests", dependencies: ["TaskListApp", "TaskList", "App", "ReduxRuntime"],
      path: "Examples/TaskListApp/Tests"),
    // TCA's SyncUps app as specs (Examples/SyncUps/README.md): each screen a feature generated into
    // Examples/SyncUps/Generated, its derived tests, and the app's tests written against it.
    .target(name: "SyncUpForm", dependencies: ["ReduxRuntime"], path: "Examples/SyncUps/Generated/SyncUpForm/Sources"),
    .testTarget(
      name: "SyncUpFormTests", dependencies: ["SyncUpForm", "ReduxRuntime"],
      path: "Examples/SyncUps/Generated/SyncUpForm/Tests"),
    .target(
      name: "SyncUpsList", dependencies: ["ReduxRuntime", "SyncUpForm", "SyncUpDetail", "RecordMeeting"],
      path: "Examples/SyncUps/Generated/SyncUpsList/Sources"),
    .testTarget(
      name: "SyncUpsListTests", dependencies: ["SyncUpsList", "SyncUpForm", "SyncUpDetail", "RecordMeeting", "ReduxRuntime"],
      path: "Examples/SyncUps/Generated/SyncUpsList/Tests"),
    .target(
      name: "SyncUpDetail", dependencies: ["ReduxRuntime", "SyncUpForm"],
      path: "Examples/SyncUps/Generated/SyncUpDetail/Sources"),
    .testTarget(
      name: "SyncUpDetailTests", dependencies: ["SyncUpDetail", "SyncUpForm", "ReduxRuntime"],
      path: "Examples/SyncUps/Generated/SyncUpDetail/Tests"),
    .target(
      name: "RecordMeeting", dependencies: ["ReduxRuntime", "SyncUpForm"],
      path: "Examples/SyncUps/Generated/RecordMeeting/Sources"),
    .testTarget(
      name: "RecordMeetingTests", dependencies: ["RecordMeeting", "SyncUpForm", "ReduxRuntime", "ReduxTesting"],
      path: "Examples/SyncUps/Generated/RecordMeeting/Tests"),
    .testTarget(
      name: "SyncUpsTests",
      dependencies: [
        "SyncUpsList", "SyncUpForm", "SyncUpDetail", "RecordMeeting", "ReduxRuntime", "ReduxTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Examples/SyncUps/Tests"),

    .testTarget(name: "ReduxGenCoreTests", dependencies: ["ReduxGenCore", "ReduxRuntime"]),
    .testTarget(name: "ReduxGenLanguageServerTests", dependencies: ["ReduxGenLanguageServer", "ReduxGenCore"]),
    .testTarget(
      name: "ReduxTestingTests",
      dependencies: [
        "ReduxTesting", "ReduxDebugging", "ReduxRuntime", "TaskList", "Tally", "Tallies", "Shelf",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // ViewStore (Observation) on generated features: what invalidates which view.
    .testTarget(
      name: "ViewStoreTests",
      dependencies: ["ReduxRuntime", "ReduxTesting", "TaskList", "Counter", "App", "Cart", "Products", "Shop", "Tally", "Tallies", "Namer",
        "Shelf", "Recorder",
      ]),
    .testTarget(
      name: "ReduxRuntimeTests",
      dependencies: [
        "ReduxRuntime", .product(name: "Clocks", package: "swift-clocks"), .product(name: "Atomics", package: "swift-atomics"),
      ]
    ),

    // Random valid specs, checked, built and tested: see docs/random-specs.md and .ci/random-specs.
    .executableTarget(name: "random-specs", dependencies: ["ReduxGenCore"], path: "Tests/RandomSpecs"),

    // Mutation testing of the generated tests: see docs/mutation-testing.md and .ci/mutation.
    .executableTarget(name: "mutation-harness", dependencies: ["ReduxGenCore"], path: "Tests/MutationHarness"),

    // Run by hand in release mode: see Benchmarks/README.md.
    .executableTarget(
      name: "StoreBenchmark",
      dependencies: [
        "ReduxRuntime", "ReduxSQLite", "TaskList", "App", "Tally", "Tallies", "Namer", "Shelf", "Recorder",
        "ReduxDebugging", "ReduxDevTools", .product(name: "Atomics", package: "swift-atomics"),
      ],
      path: "Benchmarks/StoreBenchmark"
    ),
    // Killed at random points by ReduxRuntimeTests' crash tests while it saves.
    .executableTarget(
      name: "persistence-crash-child", dependencies: ["ReduxRuntime", "ReduxSQLite"],
      path: "Tests/PersistenceCrashChild"),
    .executableTarget(
      name: "GeneratorBenchmark",
      dependencies: ["ReduxGenCore", "CYAML"],
      path: "Benchmarks/GeneratorBenchmark"
    ),
  ],
  swiftLanguageModes: [.v6]
)

// ReduxSwiftUI, the thin SwiftUI face of ViewStore and the iOS 16 PublishedStore: a product where
// SwiftUI exists; elsewhere built against test-only stand-ins of the SwiftUI and Combine
// declarations it uses (Tests/StandIns), so that it is never uncompiled code. The stand-ins have
// names of their own: a module named SwiftUI would make dependencies that ask
// `canImport(SwiftUI)` (swift-custom-dump, swift-clocks) compile their SwiftUI code against it.
// SyncUps' screens (Examples/SyncUps/App) are built the same way: against SwiftUI where it
// exists, against the stand-in elsewhere.
let syncUpsApp: [Target.Dependency] = ["SyncUpsList", "SyncUpForm", "SyncUpDetail", "RecordMeeting", "ReduxRuntime", "ReduxSwiftUI"]
#if canImport(SwiftUI)
  package.products.append(.library(name: "ReduxSwiftUI", targets: ["ReduxSwiftUI"]))
  package.targets += [
    .target(name: "ReduxSwiftUI", dependencies: ["ReduxRuntime"]),
    .target(name: "SyncUpsApp", dependencies: syncUpsApp, path: "Examples/SyncUps/App"),
  ]
#else
  package.targets += [
    .target(name: "SwiftUIStandIn", dependencies: ["CombineStandIn"], path: "Tests/StandIns/SwiftUIStandIn"),
    .target(name: "CombineStandIn", path: "Tests/StandIns/CombineStandIn"),
    .target(name: "ReduxSwiftUI", dependencies: ["ReduxRuntime", "SwiftUIStandIn", "CombineStandIn"]),
    .target(name: "SyncUpsApp", dependencies: syncUpsApp + ["SwiftUIStandIn", "CombineStandIn"], path: "Examples/SyncUps/App"),
  ]
#endif

// `swift package generate-documentation` (the DocC catalogs of ReduxRuntime and ReduxTesting) with
// REDUX_GEN_DOCS set: a package that depends on redux-gen for its libraries doesn't resolve it.
if Context.environment["REDUX_GEN_DOCS"] != nil {
  package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}

// CI builds this package's own Swift targets with warnings as errors (.ci/run sets
// REDUX_GEN_WARNINGS_AS_ERRORS): its build and the README's `swift test` then share their flags,
// so the test command reuses the build. A flag a package gives itself, not its users: a package
// depending on redux-gen by version never sees the variable set by this repository's CI.
if Context.environment["REDUX_GEN_WARNINGS_AS_ERRORS"] != nil {
  for target in package.targets where target.type != .system && target.type != .plugin && target.type != .binary {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
  }
}
