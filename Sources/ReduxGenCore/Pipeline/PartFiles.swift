/// Stage 3, checked spec -> Swift files: each generated part of a feature or an app as one
/// complete `SwiftFile` (declarations, imports, SPI imports), and the scaffolds a feature needs.
/// What goes into each part's declarations is the translators' work.
struct FeaturePartFiles {
  let spec: Spec
  /// The module the tests import with `@testable`.
  let testedModule: String
  private let translator: FeatureTranslator
  private let tests: TestTranslator

  init(spec: Spec, testedModule: String?) {
    self.spec = spec
    self.testedModule = testedModule ?? spec.moduleName
    translator = FeatureTranslator(spec: spec)
    tests = TestTranslator(spec: spec)
  }

  private var header: [String] { GeneratedHeader.lines(specPath: spec.path) }
  private var hasAsyncActions: Bool { spec.actions.contains { $0.async != nil } }

  /// The features under this one whose test doubles its tests get too (`TallyTestEffects` in
  /// the list's tests, for a hand-written test of the list with its rows' requests): those with
  /// requests not bound to an OpenAPI document (whose doubles need the child's `Client`), where
  /// this feature's tests use ReduxTesting already (its requests, its examples through the store).
  private var childrenWithDoubles: [Spec] {
    guard hasAsyncActions || spec.examples.contains(where: \.throughStore) else { return [] }
    return spec.descendantSpecs.filter { child in child.api == nil && child.actions.contains { $0.async != nil } }
  }

  /// The part's file; nil when the spec has no such part. `operationTests`: the reducer tests'
  /// tests of operations (`TestTranslator.operationTests(of:)`), when they are already made.
  func file(_ part: GeneratedPart, operationTests: [ProposedTests]? = nil) -> SwiftFile? {
    switch part {
    case .models: source(translator.modelsFile())
    case .state: source(translator.stateFile())
    case .action: source(translator.actionFile() + translator.eventsStoreExtension())
    case .reducer: source(translator.reducerFile() + translator.changeTracking())
    case .middleware:
      // Emitting events goes through API only generated code may call.
      source(translator.middlewareFile(), spi: spec.middleware.contains { !$0.emits.isEmpty })
    case .effects: hasAsyncActions ? source(translator.effectsFile()) : nil
    case .apiEffects:
      APIEffectsTranslator(spec: spec).map { source($0.effectsFile(), modules: ["OpenAPIRuntime", "ReduxOpenAPI"]) }
    case .persistence:
      spec.persist.map { persist in
        source(translator.persistenceFile(), modules: persist.storage == .sqlite ? ["ReduxSQLite"] : [])
      }
    case .reducerTests:
      // The JSON keys test encodes and decodes.
      test(tests.reducerTests(operations: operationTests), foundation: spec.hasJSONKeys ? GeneratedNames.jsonImportsOfTests : [])
    case .exampleTests:
      // Examples through the store run on ReduxTesting's TestStore.
      test(tests.exampleTests(), testing: tests.exampleTestsUseTestStore ? ["ReduxTesting"] : [])
    case .storedDataTests:
      // Nothing persisted, nothing to restore.
      spec.persist.flatMap { $0.fields.isEmpty ? nil : $0 }.map { persist in
        test(
          StoredDataTestTranslator(spec: spec, tests: tests).storedDataTests(),
          foundation: GeneratedNames.jsonImportsOfTests, testing: persist.storage == .sqlite ? ["ReduxSQLite"] : [])
      }
    case .apiEffectsTests:
      APIEffectsTranslator(spec: spec).map { translator in
        var file = test(translator.testsFile(tests: tests), testing: ["ReduxOpenAPI"])
        // The double implements the `Client`'s methods by their names: `search_sol_repos` for
        // `search/repos` is no lowerCamelCase name, and nothing else can be.
        if spec.api?.operations.contains(where: { OpenAPINames.swiftName($0).dropFirst().contains("_") }) == true {
          file.header.append("swift-format-ignore-file: AlwaysUseLowerCamelCase")
        }
        return file
      }
    case .testEffects:
      // Declarations other files use, so no Swift Testing: its type names would need aliases
      // that are private to the file.
      hasAsyncActions || !childrenWithDoubles.isEmpty
        ? test(
          translator.testEffectsFile() + childrenWithDoubles.flatMap { FeatureTranslator(spec: $0).testEffectsFile() },
          testing: ["ReduxTesting"], importsSwiftTesting: false) : nil
    }
  }

  /// The modules of the specs this one `uses`, whose models and enums its code names.
  private var usedModules: [String] { spec.usedSpecs.map(\.moduleName) }

  private func source(_ declarations: [Declaration], spi: Bool = false, modules: [String] = []) -> SwiftFile {
    SwiftFile(
      header: header, imports: (["Foundation", "ReduxRuntime"] + modules + spec.imports + usedModules).uniqued,
      declarationImports: usedLibraryNamedTypes, generatedSPIImports: spi ? ["ReduxRuntime"] : [],
      declarations: declarations)
  }

  /// The used specs' types named like a library's, imported by name (`import struct Shop.Store`):
  /// beside ReduxRuntime imported whole, the name would be ambiguous.
  private var usedLibraryNamedTypes: [String] {
    spec.usedSpecs.flatMap { $0.libraryNamedTypeImports(module: $0.moduleName) }
  }

  private func test(
    _ declarations: [Declaration], foundation: [String] = [], testing: [String] = [], importsSwiftTesting: Bool = true
  ) -> SwiftFile {
    // A spec type named like one of Swift Testing's is ambiguous in a test file: name it there
    // through its module, the used specs' models and enums (`uses:`) through theirs.
    let ownTypes = [(testedModule, spec.models.map(\.name) + spec.enums.map(\.name) + spec.filters.map(\.name))]
    let usedTypes = spec.usedSpecs.map { ($0.moduleName, $0.models.map(\.name) + $0.enums.map(\.name)) }
    let testingClashes = !importsSwiftTesting ? [] : (ownTypes + usedTypes).flatMap { module, names in
      names.filter { GeneratedNames.testingTypes.contains($0) && $0 != module }
        .map { Declaration.typeAlias(access: .private, name: $0, type: .qualified(module: module, name: .named($0))) }
    }
    return SwiftFile(
      header: header, imports: (importsSwiftTesting ? ["Testing"] : []) + ["ReduxRuntime"] + testing + usedModules,
      declarationImports: GeneratedNames.foundationImportsOfTests + foundation
        + spec.libraryNamedTypeImports(module: testedModule) + usedLibraryNamedTypes,
      testableImports: [testedModule],
      declarations: declarations.isEmpty ? [] : testingClashes + declarations)
  }

  /// The hand-written types the spec needs, each with the file that first declares it.
  func scaffolds() -> [(type: String, file: SwiftFile)] {
    var types: [(String, [Declaration])] = []
    if spec.hasCustomReducers { types.append((spec.customReducerName, translator.customReducerScaffold())) }
    if !spec.handWrittenRequests.isEmpty { types.append((translator.liveEffectsName, translator.effectsScaffold())) }
    for middleware in spec.middleware { types.append((middleware.name, translator.scaffold(middleware))) }
    return types.map { type, declarations in
      let file = SwiftFile(
        header: GeneratedNames.scaffoldHeader(type, specPath: spec.path),
        imports: ["Foundation", "ReduxRuntime"] + usedModules, declarationImports: usedLibraryNamedTypes,
        declarations: declarations)
      return (type, file)
    }
  }

  /// `part`'s files, as many as it has pieces (`GeneratedPart.pieces`): nil for a spare one.
  func pieces(_ part: GeneratedPart, operationTests: [ProposedTests]?) -> [SwiftFile?] {
    file(part, operationTests: operationTests).map { SuitePieces.spread($0, over: part.pieces) } ?? []
  }

  /// The batches of actions whose operations' tests `part` is made from, each on a core of its
  /// own (`TestTranslator.operationTests(of:)`); none for a part made in one go.
  func batches(of part: GeneratedPart) -> [Range<Int>] {
    guard part == .reducerTests else { return [] }
    let batches = tests.operationTestBatches
    return batches.count > 1 ? batches : []
  }

  /// Every file, rendered, in the `Sources`/`Tests` layout: each piece of a part
  /// (`GeneratedPart.pieces`), the ones it doesn't fill spare.
  /// Parts are translated, and their files rendered, on every core (`JobQueue`): a part once
  /// translated adds its files to render, which a free core takes while the other parts are
  /// still being translated; each file's code model is freed on the core that rendered it. The
  /// reducer tests, the largest part, first make their operations' tests in batches of actions
  /// on every core; the batch done last makes the part.
  func rendered() -> [GeneratedFile] {
    let renderer = TextRenderer()
    let files = Slots<PieceKey, GeneratedFile>()
    let rendered = Graveyard<SwiftFile>()
    /// Translates `part` and adds a job for each of its files to render.
    let translate = { @Sendable (part: GeneratedPart, operationTests: [ProposedTests]?, queue: JobQueue) in
      for (index, piece) in pieces(part, operationTests: operationTests).enumerated() {
        let held = Held(piece)
        queue.add { _ in
          let piece = held.take()
          let file = piece ?? SuitePieces.spare(header: header, part: part)
          let generated = GeneratedFile(
            path: spec.names.path(of: part, piece: index + 1), contents: renderer.render(file),
            ownership: .generated, part: part, piece: index + 1, isSpare: piece == nil)
          files.set(PieceKey(part: part, piece: index + 1), generated)
          rendered.bury(file)
        }
      }
    }
    // The code models, rendered, are freed off the path to the files (as compilers skip freeing
    // what the process is about to drop): on a thread of their own once all are rendered.
    defer { rendered.free() }
    // Parts spread over more files are the larger ones: they go first.
    let parts = GeneratedPart.allCases.sorted { $0.pieces > $1.pieces }
    let translations = parts.map { part -> JobQueue.Job in
      let batches = batches(of: part)
      guard !batches.isEmpty else { return { queue in translate(part, nil, queue) } }
      return { queue in
        let made = Slots<Int, ProposedTests>()
        let remaining = Countdown(batches.count)
        let batch = { @Sendable (index: Int, queue: JobQueue) in
          made.set(index, tests.operationTests(of: batches[index]))
          guard remaining.countDown() else { return }
          translate(part, batches.indices.map { made[$0]! }, queue)
        }
        // The others wait behind the parts already queued; the first starts here at once.
        for index in batches.indices.dropFirst() { queue.add { batch(index, $0) } }
        batch(0, queue)
      }
    }
    JobQueue(translations).run()
    // In the order of the parts, as the writer reports them.
    return GeneratedPart.allCases.flatMap { part in (1...part.pieces).compactMap { files[PieceKey(part: part, piece: $0)] } }
      + scaffolds().map {
        GeneratedFile(path: GeneratedNames.scaffoldPath($0.type), contents: renderer.render($0.file), ownership: .scaffold)
      }
  }
}

/// One file of a part: `GeneratedPart.pieces`.
private struct PieceKey: Hashable, Sendable {
  var part: GeneratedPart
  var piece: Int
}

/// An app's parts: state, action, root reducer, scoped middleware, and routing tests.
struct AppPartFiles {
  let app: AppSpec
  let testedModule: String
  private let translator: AppTranslator

  init(app: AppSpec, testedModule: String?) {
    self.app = app
    self.testedModule = testedModule ?? app.module ?? app.name
    translator = AppTranslator(app: app)
  }

  /// The part's file; nil for the parts an app doesn't have.
  func file(_ part: GeneratedPart) -> SwiftFile? {
    switch part {
    case .state: file(translator.stateFile())
    case .action: file(translator.actionFile())
    case .reducer: file(translator.reducerFile())
    case .middleware: file(translator.middlewareFile())
    case .reducerTests: file(translator.tests(), test: true)
    case .models, .effects, .persistence, .exampleTests, .testEffects, .storedDataTests, .apiEffects, .apiEffectsTests:
      nil
    }
  }

  private func file(_ declarations: [Declaration], test: Bool = false) -> SwiftFile {
    let featureModules = app.features.map(\.spec.moduleName)
    return SwiftFile(
      header: GeneratedHeader.lines(specPath: app.path),
      imports: (test ? ["Testing"] : ["Foundation"]) + ["ReduxRuntime"] + featureModules,
      // The routing tests may build a feature's model: one named like a library type by name.
      declarationImports: test
        ? GeneratedNames.foundationImportsOfTests
          + Spec.flattened(app.features.map(\.spec)).flatMap { $0.libraryNamedTypeImports(module: $0.moduleName) }
        : [],
      testableImports: test ? [testedModule] : [], declarations: declarations)
  }

  func rendered() -> [GeneratedFile] {
    let renderer = TextRenderer()
    let names = GeneratedNames(feature: app.name)
    return GeneratedPart.allCases.compactMap { part in
      file(part).map {
        GeneratedFile(path: names.path(of: part), contents: renderer.render($0), ownership: .generated, part: part)
      }
    }
  }
}

extension Spec {
  /// `struct Shop.Store` for each of the spec's types named like a library's
  /// (`GeneratedNames.libraryTypes`), as a file that imports `module` beside the library imports
  /// it by name, so the name means the spec's type there.
  func libraryNamedTypeImports(module: String) -> [String] {
    let models = self.models.map(\.name).filter(GeneratedNames.libraryTypes.contains).map { "struct \(module).\($0)" }
    let enums = (self.enums.map(\.name) + filters.map(\.name)).filter(GeneratedNames.libraryTypes.contains)
      .map { "enum \(module).\($0)" }
    return models + enums
  }
}

/// A large test suite spread over its part's files: the compiler builds each file on a core of
/// its own, and the generator renders each on one. Only a suite run as arguments
/// (`TestTranslator.asArguments`) is spread: its tests are plain functions, so an extension in
/// another file may hold them.
enum SuitePieces {
  /// `count` files of about the same size: the first with the suite's declaration, the test that
  /// runs its tests and its helpers; the second with its enum of tests (which lists each test
  /// three times), in an extension; the test functions, in order, after those, as many in each
  /// file as evens out the lines (`lines(_:)`). nil for a file the part doesn't need.
  static func spread(_ file: SwiftFile, over count: Int) -> [SwiftFile?] {
    let spare = [SwiftFile?](repeating: nil, count: count - 1)
    guard count > 1,
      let index = file.declarations.firstIndex(where: {
        guard case .structure(let suite) = $0 else { return false }
        return suite.members.contains { member in
          if case .enumeration(let cases) = member { return cases.name == GeneratedNames.suiteTests }
          return false
        }
      }),
      case .structure(var suite) = file.declarations[index]
    else { return [file] + spare }
    // The enum and the test running its cases stay in the suite, and anything but a function (an
    // extension can't store a property); the functions are its tests.
    let isTest = { (index: Int, member: Declaration) -> Bool in
      guard index >= 2, case .function = member else { return false }
      return true
    }
    let isEnum = { (member: Declaration) -> Bool in
      guard case .enumeration(let cases) = member else { return false }
      return cases.name == GeneratedNames.suiteTests
    }
    let members = suite.members.enumerated()
    let kept = members.filter { !isTest($0.offset, $0.element) && !isEnum($0.element) }.map(\.element)
    let cases = members.filter { isEnum($0.element) }.map(\.element)
    let tests = members.filter { isTest($0.offset, $0.element) }.map(\.element)
    // The lines each file holds before its tests: the first, the suite and the other declarations;
    // the second, the enum.
    let others = file.declarations.enumerated().filter { $0.offset != index }.map(\.element)
    var fixed = [Int](repeating: 0, count: count)
    fixed[0] = (kept + others).map(lines).reduce(0, +)
    fixed[1] = cases.map(lines).reduce(0, +)
    let ranges = balanced(tests.map(lines), after: fixed)
    suite.members = kept + tests[ranges[0]]
    var first = file
    first.declarations[index] = .structure(suite)
    // What is private to a file, each file needs: the aliases of names Swift Testing declares too.
    let aliases = file.declarations.filter {
      if case .typeAlias = $0 { return true }
      return false
    }
    let rest = (1..<count).map { piece -> SwiftFile? in
      let held = (piece == 1 ? cases : []) + Array(tests[ranges[piece]])
      guard !held.isEmpty else { return nil }
      var extensionFile = file
      extensionFile.declarations =
        aliases + [.extensionDeclaration(ExtensionDeclaration(extendedType: .named(suite.name), members: held))]
      return extensionFile
    }
    return [first] + rest
  }

  /// Consecutive ranges of `weights`, one for each of `fixed`'s files, that even out each file's
  /// fixed lines plus its tests' (the last takes what is left): each file takes tests while
  /// that brings it nearer an even share.
  static func balanced(_ weights: [Int], after fixed: [Int]) -> [Range<Int>] {
    let target = (weights.reduce(0, +) + fixed.reduce(0, +)) / Swift.max(fixed.count, 1)
    var ranges: [Range<Int>] = []
    var start = 0
    for (piece, load) in fixed.enumerated() {
      var end = start
      if piece == fixed.count - 1 {
        end = weights.count
      } else {
        // A test goes in while it brings the file nearer the target than it leaves it, so one
        // heavy test can't push every test after it into the last file.
        var load = load
        while end < weights.count, load + weights[end] - target <= target - load {
          load += weights[end]
          end += 1
        }
      }
      ranges.append(start..<end)
      start = end
    }
    return ranges
  }

  /// About how many lines `declaration` prints: one a statement, declaration and `case`, with
  /// the bodies they hold. What evens out files needs no more than that.
  static func lines(_ declaration: Declaration) -> Int {
    switch declaration {
    case .structure(let type), .enumeration(let type), .protocolDeclaration(let type):
      2 + type.members.map(lines).reduce(0, +)
    case .extensionDeclaration(let ext): 2 + ext.members.map(lines).reduce(0, +)
    case .function(let function): 2 + (function.body.map(lines) ?? 0)
    case .variable(let variable): 1 + (variable.getter.map(lines) ?? 0)
    case .enumCase, .typeAlias: 1
    }
  }

  private static func lines(_ statements: [Statement]) -> Int {
    statements.reduce(0) { total, statement in
      total + 1
        + {
          switch statement {
          case .ifLet(_, _, let body, let otherwise), .ifElse(_, let body, let otherwise):
            lines(body) + (otherwise.map(lines) ?? 0)
          case .switchStatement(_, let cases): cases.reduce(0) { $0 + 1 + lines($1.body) }
          case .forIn(_, _, _, let body): lines(body)
          default: 0
          }
        }()
    }
  }

  /// A piece the spec doesn't fill: only the header.
  static func spare(header: [String], part: GeneratedPart) -> SwiftFile {
    SwiftFile(header: header + ["This spec's \(part.rawValue) fit in fewer files."], imports: [], declarations: [])
  }
}

/// How long each stage after the check takes for a feature, one stage after another on one
/// core: what GeneratorBenchmark reports beside the whole run, so the floor the stages set on two
/// cores can be read off.
package struct StageTimes: Sendable {
  /// Every part's code model built, the reducer tests' batches included.
  package var translate: Duration
  /// Every file rendered.
  package var render: Duration
  /// The code model freed.
  package var free: Duration
  /// The files' text, in the order `rendered()` gives them: the stages did the real work.
  package var contents: [String]
}

extension FeaturePartFiles {
  /// The work of `rendered()` stage by stage, on one core.
  func stageTimes() -> StageTimes {
    let clock = ContinuousClock()
    let renderer = TextRenderer()
    var models: [SwiftFile] = []
    let translate = clock.measure {
      for part in GeneratedPart.allCases {
        let batches = batches(of: part)
        let operationTests = batches.isEmpty ? nil : batches.map(tests.operationTests(of:))
        models += pieces(part, operationTests: operationTests).map { $0 ?? SuitePieces.spare(header: header, part: part) }
      }
    }
    var contents: [String] = []
    let render = clock.measure { contents = models.map(renderer.render) }
    let free = clock.measure { models = [] }
    return StageTimes(translate: translate, render: render, free: free, contents: contents)
  }
}
