import Foundation
import Testing

@testable import ReduxGenCore
import ReduxRuntime

/// A whole run's writes: every directory's files or none, serialized per directory, leftovers
/// of killed runs removed; and the command's exit statuses. (`OutputWriterTests`, below,
/// covers writing one directory.)
@Suite struct AtomicOutputWriterTests {
  /// A new empty directory, removed by the caller.
  private func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("redux-gen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// The files of a Counter feature whose count starts at `start`: every version differs in
  /// its State, Reducer and test files.
  private func counter(start: Int, feature: String = "Counter") throws -> [GeneratedFile] {
    let spec = """
      feature: \(feature)
      state: { count: Int = \(start) }
      actions:
        increase: { reduce: increment count }
      examples:
        - name: starts at \(start)
          when: [increase]
          then: { count: \(start + 1) }
      """
    // Without the spare pieces of its reducer tests, which a write creates nowhere (tested apart).
    return try GeneratorPipeline.generate(spec, path: "c.yaml").files.filter { !$0.isSpare }
  }

  /// Every regular file under `directory`, hidden ones included, by relative path.
  private func snapshot(_ directory: String) -> [String: Data] {
    let paths = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
    return Dictionary(
      uniqueKeysWithValues: paths.compactMap { path in
        FileManager.default.contents(atPath: directory + "/" + path).map { (path, $0) }
      })
  }

  /// The temporary files (`.*.tmp`) under `directory`.
  private func temporaries(under directory: String) -> [String] {
    snapshot(directory).keys.filter { ($0 as NSString).lastPathComponent.hasSuffix(".tmp") }.sorted()
  }

  @Test("an I/O error in the second directory leaves the first one byte for byte as it was")
  func failedRunChangesNothing() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let first = root + "/First", second = root + "/Second"
    try OutputWriter().write([(try counter(start: 0), first), (try counter(start: 0, feature: "Second"), second)])
    let before = snapshot(first)
    #expect(before.count == (try counter(start: 0)).count)

    // A directory where the second feature's State file belongs: it can't be replaced.
    let state = second + "/Sources/SecondState.swift"
    try FileManager.default.removeItem(atPath: state)
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
    #expect(throws: OutputError.io(path: state, reason: "it is a directory")) {
      try OutputWriter().write([(try counter(start: 7), first), (try counter(start: 7, feature: "Second"), second)])
    }
    #expect(snapshot(first) == before)
    #expect(temporaries(under: root).isEmpty)
  }

  @Test("a Tests/ that is a file leaves Sources/ of the same directory as it was")
  func failedPartChangesNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try OutputWriter().write(try counter(start: 0), in: directory)
    let sources = snapshot(directory + "/Sources")
    try FileManager.default.removeItem(atPath: directory + "/Tests")
    try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: directory + "/Tests"))

    #expect(throws: OutputError.self) { try OutputWriter().write(try counter(start: 7), in: directory) }
    #expect(snapshot(directory + "/Sources") == sources)
    #expect(temporaries(under: directory).isEmpty)
  }

  @Test("a failed run removes the directories it created")
  func failedRunRemovesNewDirectories() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("a file\n".utf8).write(to: URL(fileURLWithPath: root + "/file"))
    #expect(throws: OutputError.self) {
      try OutputWriter().write([(try counter(start: 1), root + "/New/Counter"), (try counter(start: 1), root + "/file/Counter")])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["file"])
  }

  @Test("a file without the header in any directory stops the whole run")
  func foreignFileStopsTheRun() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let first = root + "/First", second = root + "/Second"
    try OutputWriter().write(try counter(start: 0), in: first)
    let before = snapshot(first)
    let foreign = second + "/Sources/CounterReducer.swift"
    try FileManager.default.createDirectory(atPath: second + "/Sources", withIntermediateDirectories: true)
    try Data("// written by hand\n".utf8).write(to: URL(fileURLWithPath: foreign))

    #expect(throws: OutputError.notOurs([foreign])) {
      try OutputWriter().write([(try counter(start: 7), first), (try counter(start: 7), second)])
    }
    #expect(snapshot(first) == before)
    #expect(snapshot(second) == ["Sources/CounterReducer.swift": Data("// written by hand\n".utf8)])
  }

  @Test("temporaries of a gone process or older than ten minutes are planned as leftovers, then removed")
  func leftoversAreRemoved() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try counter(start: 0)
    try OutputWriter().write(files, in: directory)
    let gone = directory + "/Sources/.CounterState.swift.2000000000.tmp"
    let old = directory + "/Tests/.CounterReducerTests.swift.\(getpid()).tmp"
    let live = directory + "/Sources/.CounterReducer.swift.\(getpid()).tmp"
    let unrelated = directory + "/Sources/.notes.tmp"
    for path in [gone, old, live, unrelated] { try Data("partial".utf8).write(to: URL(fileURLWithPath: path)) }
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1200)], ofItemAtPath: old)

    let plan = OutputWriter().plan(files, in: directory)
    #expect(plan.compactMap { if case .leftover(let path) = $0 { path } else { nil } }.sorted() == [gone, old].sorted())
    #expect(plan.count == files.count + 2)

    let written = try OutputWriter().write(files, in: directory)
    #expect(written.contains(.leftover(gone)) && written.contains(.leftover(old)))
    #expect(!FileManager.default.fileExists(atPath: gone) && !FileManager.default.fileExists(atPath: old))
    #expect(FileManager.default.fileExists(atPath: live) && FileManager.default.fileExists(atPath: unrelated))
    #expect(!OutputWriter().plan(files, in: directory).contains { if case .leftover = $0 { true } else { false } })
  }

  @Test("a leftover is planned once when two batches share a directory")
  func sharedDirectoryLeftover() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let one = try counter(start: 0), other = try counter(start: 0, feature: "Other")
    let gone = directory + "/Sources/.Anything.swift.2000000000.tmp"
    try FileManager.default.createDirectory(atPath: directory + "/Sources", withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: gone))
    let changes = try OutputWriter().write([(one, directory), (other, directory)])
    #expect(changes.joined().filter { $0 == .leftover(gone) }.count == 1)
    #expect(snapshot(directory).count == one.count + other.count)
  }

  @Test("two runs writing one directory at once leave wholly one run's files")
  func concurrentRunsDoNotInterleave() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let versions = [try counter(start: 1), try counter(start: 2)]
    let expected = versions.map { files in
      Dictionary(uniqueKeysWithValues: files.map { ($0.path, Data($0.contents.utf8)) })
    }
    #expect(expected[0] != expected[1])
    for round in 0..<40 {
      // Each round starts from the other version, so both runs have files to replace.
      try OutputWriter().write(versions[(round + 1) % 2], in: directory)
      let errors = Locked<[OutputError]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        do throws(OutputError) {
          try OutputWriter().write(versions[(index + round) % 2], in: directory)
        } catch {
          errors.withLock { $0.append(error) }
        }
      }
      #expect(errors.withLock { $0 } == [])
      let result = snapshot(directory)
      #expect(result == expected[0] || result == expected[1], "round \(round): a mix of two runs")
    }
  }

  @Test("usage errors exit 2, as documented", .enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
  func usageErrorsExit2() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(try run([], in: directory) == 2)
    #expect(try run(["--no-such-option", "a.yaml"], in: directory) == 2)
    #expect(try run(["--parts", "everything", "a.yaml"], in: directory) == 2)
    #expect(try run(["a.yaml", "b.yaml", "--output", "Out"], in: directory) == 2)
    #expect(try run(["--help"], in: directory) == 0)
    #expect(try run(["missing.yaml"], in: directory) == 2)
  }

  @Test(
    "init writes a starter spec that generates, never overwrites one, and refuses a bad name",
    .enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
  func initWritesAStarterSpec() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var output = ""
    #expect(try run(["init", "Todo"], in: directory, output: &output) == 0)
    // The next steps: the command line as it was run now, and the command plugin, which works
    // in a package that depends on redux-gen without a redux-gen product of its own.
    let executable = try #require(reduxGenExecutable).path
    #expect(executable.contains(" ") || output.contains("\n  \(executable) Specs/todo.yaml "), "\(output)")
    #expect(output.contains("\n  swift package --allow-writing-to-package-directory generate-redux --target Todo\n"))
    #expect(output.contains("exclude: [\"todo.redux.yaml\"]"))
    let spec = directory + "/Specs/todo.yaml"
    let written = try #require(FileManager.default.contents(atPath: spec))
    let schema = FileManager.default.contents(atPath: directory + "/Specs/" + SpecSchema.fileName)
    #expect(schema.map { String(decoding: $0, as: UTF8.self) } == SpecSchema.json)
    var errors = ""
    #expect(try run(["init", "Todo"], in: directory, errors: &errors) == 2)
    #expect(errors.contains("Specs/todo.yaml exists"))
    #expect(FileManager.default.contents(atPath: spec) == written)
    #expect(try run(["Specs/todo.yaml", "--warnings-as-errors"], in: directory) == 0)
    #expect(FileManager.default.fileExists(atPath: directory + "/Generated/Todo/Sources/TodoReducer.swift"))
    #expect(try run(["diagram", "Specs/todo.yaml"], in: directory) == 0)
    #expect(try run(["diagram", "missing.yaml"], in: directory) == 2)
    #expect(try run(["init", "todo"], in: directory, errors: &errors) == 2)
    #expect(errors.contains("'todo' can't name a feature"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/Specs/todo.yaml.tmp"))
  }

  @Test(
    "the command writes all specs or none, and --check reports leftovers",
    .enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
  func commandIsTransactional() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func spec(_ feature: String, start: Int) throws {
      let text = "feature: \(feature)\nstate: { count: Int = \(start) }\nactions: { up: { reduce: increment count } }\n"
      try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(feature).yaml"))
    }
    try spec("One", start: 0)
    try spec("Two", start: 0)
    #expect(try run(["One.yaml", "Two.yaml"], in: directory) == 0)
    let before = snapshot(directory + "/Generated/One")

    try spec("One", start: 5)
    try spec("Two", start: 5)
    let tests = directory + "/Generated/Two/Tests"
    try FileManager.default.removeItem(atPath: tests)
    try Data("blocks Tests/\n".utf8).write(to: URL(fileURLWithPath: tests))
    #expect(try run(["One.yaml", "Two.yaml"], in: directory) == 2)
    #expect(snapshot(directory + "/Generated/One") == before)
    try FileManager.default.removeItem(atPath: tests)

    let leftover = "Generated/One/Sources/.OneState.swift.2000000000.tmp"
    try Data().write(to: URL(fileURLWithPath: "\(directory)/\(leftover)"))
    var errors = ""
    #expect(try run(["One.yaml", "Two.yaml", "--check"], in: directory, errors: &errors) == 1)
    #expect(errors.contains("leftover: \(leftover)\n"))
    // Stale output names the command that updates it: this one without --check, or in the
    // plugins' mode (--target) the command plugin.
    #expect(errors.contains("generated files are stale; 'redux-gen One.yaml Two.yaml' updates them:\n"))
    #expect(try run(["One.yaml", "--check", "--target", "One"], in: directory, errors: &errors) == 1)
    #expect(
      errors.contains(
        "stale; 'swift package --allow-writing-to-package-directory generate-redux --target One' updates them:\n"))
    #expect(try run(["One.yaml", "Two.yaml"], in: directory) == 0)
    #expect(try run(["One.yaml", "Two.yaml", "--check"], in: directory) == 0)
  }

  @Test(
    "an app and its feature in one run report each problem once",
    .enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
  func appAndFeatureReportOnce() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let feature = "feature: Tally\naccess: public\nstate:\n  total: Int = zero\nactions: { up: { reduce: increment total } }\n"
    try Data(feature.utf8).write(to: URL(fileURLWithPath: "\(directory)/tally.yaml"))
    try Data("app: Main\nfeatures: { tally: tally.yaml }\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/app.yaml"))
    var errors = ""
    #expect(try run(["app.yaml", "tally.yaml"], in: directory, errors: &errors) == 1)
    let reported = errors.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(reported == ["tally.yaml:4:16: error: default 'zero' is not a value of type Int"])
  }

  @Test(
    "paths in a spec are relative to the spec file, whatever the working directory and however the spec is named",
    .enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
  func specPathsAreRelativeToTheSpec() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let specs = directory + "/Package/Specs", target = directory + "/Package/Sources/Notes"
    try FileManager.default.createDirectory(atPath: specs, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    let shared = """
      feature: Shared
      access: public
      models:
        Tag:
          fields: { id: Int, name: String }
      state: { count: Int = 0 }
      actions: { up: { reduce: increment count } }
      """
    try Data(shared.utf8).write(to: URL(fileURLWithPath: specs + "/shared.yaml"))
    let notes = """
      feature: Notes
      access: public
      uses: [../../Specs/shared.yaml]
      state:
        tags: [Tag]
      actions:
        addTag: { payload: { tag: Tag }, reduce: append tags }
      """
    try Data(notes.utf8).write(to: URL(fileURLWithPath: target + "/notes.yaml"))
    try Data("app: Main\nfeatures: { notes: Sources/Notes/notes.yaml }\n".utf8)
      .write(to: URL(fileURLWithPath: directory + "/Package/app.yaml"))
    // An absolute path from elsewhere (as the build-tool plugin gives it), a relative path from
    // above, the spec's own directory: the used spec is found each time, and so are an app's features.
    for (arguments, workingDirectory) in [
      ([target + "/notes.yaml", "--output", directory + "/Out1"], "/"),
      (["Package/Sources/Notes/notes.yaml", "--output", "Out2"], directory),
      (["notes.yaml", "--output", directory + "/Out3"], target),
      ([target + "/notes.yaml", "--output", directory + "/Out4", "--fixed-names", "Notes"], "/"),
      ([directory + "/Package/app.yaml", "--output", directory + "/Out5"], "/"),
    ] {
      var errors = ""
      #expect(try run(arguments, in: workingDirectory, errors: &errors) == 0, "\(arguments): \(errors)")
    }
    // A used spec's problems are shown at the path that was read.
    try Data(shared.replacingOccurrences(of: "name: String", with: "name: Strin").utf8)
      .write(to: URL(fileURLWithPath: specs + "/shared.yaml"))
    var errors = ""
    #expect(try run([target + "/notes.yaml", "--check"], in: "/", errors: &errors) == 1)
    #expect(errors.contains(specs + "/shared.yaml:5:30: error: unknown type 'Strin'"), "\(errors)")
    // At build time, run inside the package, a used spec's path stays absolute like the spec's own,
    // so IDEs link it; from the command line it is shown relative to the working directory.
    errors = ""
    let atBuildTime = [target + "/notes.yaml", "--output", directory + "/Out6", "--fixed-names", "Notes"]
    #expect(try run(atBuildTime, in: directory + "/Package", errors: &errors) == 1)
    #expect(errors.contains(specs + "/shared.yaml:5:30: error: unknown type 'Strin'"), "\(errors)")
    errors = ""
    #expect(try run(["notes.yaml", "--check"], in: target, errors: &errors) == 1)
    #expect(errors.hasPrefix("../../Specs/shared.yaml:5:30: error: unknown type 'Strin'"), "\(errors)")
  }

  /// Runs redux-gen with `arguments` in `directory`; returns its exit status.
  private func run(_ arguments: [String], in directory: String) throws -> Int32 {
    var errors = ""
    return try run(arguments, in: directory, errors: &errors)
  }

  /// Runs redux-gen with `arguments` in `directory`; returns its exit status and sets `errors` to its stderr.
  private func run(_ arguments: [String], in directory: String, errors: inout String) throws -> Int32 {
    var output = ""
    return try run(arguments, in: directory, errors: &errors, output: &output)
  }

  /// Runs redux-gen with `arguments` in `directory`; returns its exit status and sets `output` to its stdout.
  private func run(_ arguments: [String], in directory: String, output: inout String) throws -> Int32 {
    var errors = ""
    return try run(arguments, in: directory, errors: &errors, output: &output)
  }

  /// Runs redux-gen with `arguments` in `directory` (`runReduxGen`); returns its exit status and
  /// sets `errors` and `output` to its stderr and stdout.
  private func run(_ arguments: [String], in directory: String, errors: inout String, output: inout String) throws
    -> Int32
  {
    let run = try runReduxGen(arguments, in: directory)
    (errors, output) = (run.errors, run.output)
    return run.status
  }
}

struct OutputWriterTests {
  private func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("redux-gen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  private let spec = """
    feature: Counter
    state: { count: Int = 0 }
    actions:
      increase: { reduce: increment count }
    middleware:
      Logger: { on: [increase] }
    """

  @Test("writes once, then only what changed; scaffolds are never rewritten")
  func writesOnlyChanges() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try GeneratorPipeline.generate(spec, path: "c.yaml").files
    let first = try OutputWriter().write(files, in: directory)
    // Every file is created but the reducer tests' spare pieces, which the spec doesn't fill.
    #expect(first.filter { if case .create = $0 { true } else { false } }.count == files.filter { !$0.isSpare }.count)
    #expect(first.filter { if case .notNeeded = $0 { true } else { false } }.count == 3)

    let scaffold = directory + "/Sources/Logger.swift"
    try "// my own code\n".write(toFile: scaffold, atomically: true, encoding: .utf8)
    let state = directory + "/Sources/CounterState.swift"
    try (String(contentsOfFile: state, encoding: .utf8) + "// edited\n").write(toFile: state, atomically: true, encoding: .utf8)

    let second = try OutputWriter().write(files, in: directory)
    #expect(second.filter { if case .update = $0 { true } else { false } }.map(\.path) == [state])
    #expect(try String(contentsOfFile: scaffold, encoding: .utf8) == "// my own code\n")
    #expect(!(try String(contentsOfFile: state, encoding: .utf8)).contains("// edited"))
    let third = OutputWriter().plan(files, in: directory)
    #expect(
      third.allSatisfy {
        switch $0 {
        case .unchanged, .keepScaffold, .notNeeded: true
        default: false
        }
      })
  }

  @Test("a file without the header is never overwritten, and then nothing is written")
  func refusesForeignFiles() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try GeneratorPipeline.generate(spec, path: "c.yaml").files
    try FileManager.default.createDirectory(atPath: directory + "/Sources", withIntermediateDirectories: true)
    let foreign = directory + "/Sources/CounterReducer.swift"
    try "// written by hand\n".write(toFile: foreign, atomically: true, encoding: .utf8)
    #expect(throws: OutputError.notOurs([foreign])) {
      try OutputWriter().write(files, in: directory)
    }
    #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "// written by hand\n")
    #expect(!FileManager.default.fileExists(atPath: directory + "/Sources/CounterState.swift"))
  }
}
