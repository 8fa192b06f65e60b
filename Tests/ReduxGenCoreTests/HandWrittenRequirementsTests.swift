import Foundation
import Testing

@testable import ReduxGenCore

/// A spec change that adds, removes or changes a requirement of a hand-written type, or leaves a
/// scaffold no part of the spec owns, is named: the file, the type and the requirement.
struct HandWrittenRequirementsTests {
  /// A feature with a middleware, a custom reducer and live effects; `change` edits its text.
  private func notes(_ change: (String) -> String = { $0 }) -> String {
    change(
      """
      feature: Notes
      state:
        notes: [String]
        title: String?
      actions:
        addNote:
          payload: { text: String }
          reduce: append notes
        clear: { reduce: reset notes }
        reorder:
          payload: { from: Int, to: Int }
          reduce: custom
        load:
          payload: { id: String }
          async:
            success: { title: String }
          onSuccess: set title = title
      events:
        noteAdded: { text: String }
      middleware:
        NotesAnalytics:
          on: [addNote, clear]
      """)
  }

  private func spec(_ text: String) throws -> Spec {
    try #require(try GeneratorPipeline.generate(text, path: "Specs/notes.yaml").spec)
  }

  /// The scaffolds `text` makes, as the hand-written files of a target.
  private func scaffolds(of text: String) throws -> [HandWrittenRequirements.Source] {
    try GeneratorPipeline.generate(text, path: "Specs/notes.yaml").files.filter { $0.ownership == .scaffold }
      .map { HandWrittenRequirements.Source(path: $0.path, text: $0.contents) }
  }

  private func warnings(after change: (String) -> String) throws -> [String] {
    let sources = try scaffolds(of: notes())
    let changed = try spec(notes(change))
    return HandWrittenRequirements.check(changed, sources: sources, show: "redux-gen Specs/notes.yaml --print-scaffold")
      .map(\.summary)
  }

  @Test("scaffolds as the spec makes them have what their protocols require")
  func freshScaffoldsMatch() throws {
    let sources = try scaffolds(of: notes())
    #expect(
      sources.map(\.path) == [
        "Sources/NotesCustomReducer.swift", "Sources/NotesLiveEffects.swift", "Sources/NotesAnalytics.swift",
      ])
    #expect(HandWrittenRequirements.check(try spec(notes()), sources: sources, show: "").isEmpty)
  }

  @Test("adding emits to a middleware names each handler that now takes events")
  func addedEmits() throws {
    let found = try warnings { $0 + "\n    emits: [noteAdded]\n" }
    let hint =
      "redux-gen never changes this file: 'redux-gen Specs/notes.yaml --print-scaffold NotesAnalytics' prints the "
      + "scaffold of the current requirements to copy from"
    #expect(
      found == [
        "Sources/NotesAnalytics.swift:8:3: warning: NotesAnalytics declares 'func addNote(text:context:)', but "
          + "NotesAnalyticsProtocol now requires 'func addNote(text:events:context:)'; " + hint,
        "Sources/NotesAnalytics.swift:12:3: warning: NotesAnalytics declares 'func clear(context:)', but "
          + "NotesAnalyticsProtocol now requires 'func clear(events:context:)'; " + hint,
      ])
  }

  @Test("an action added to or dropped from a middleware's 'on' is named")
  func changedOn() throws {
    let added = try warnings {
      $0.replacingOccurrences(of: "on: [addNote, clear]", with: "on: [addNote, clear, reorder]")
    }
    #expect(
      added == [
        "Sources/NotesAnalytics.swift:7:8: warning: NotesAnalytics lacks 'func reorder(from:to:context:)', which "
          + "NotesAnalyticsProtocol now requires; redux-gen never changes this file: 'redux-gen Specs/notes.yaml "
          + "--print-scaffold NotesAnalytics' prints the scaffold of the current requirements to copy from"
      ])
    let dropped = try warnings { $0.replacingOccurrences(of: "on: [addNote, clear]", with: "on: [addNote]") }
    #expect(
      dropped == [
        "Sources/NotesAnalytics.swift:12:3: warning: NotesAnalytics declares 'func clear(context:)', which "
          + "NotesAnalyticsProtocol no longer requires, so nothing calls it; remove it, or put back in the spec what "
          + "required it"
      ])
  }

  @Test("a request made a stream names its effect, which returns a stream now; written as one, nothing")
  func requestMadeAStream() throws {
    let stream = { (text: String) in
      text.replacingOccurrences(of: "success: { title: String }", with: "success: { title: String }\n      stream: true")
    }
    let found = try warnings(after: stream)
    #expect(
      found == [
        "Sources/NotesLiveEffects.swift:9:3: warning: NotesLiveEffects declares 'func load(id:) -> String', but "
          + "NotesEffects now requires 'func load(id:) -> AsyncThrowingStream<String, any Swift.Error>'; redux-gen "
          + "never changes this file: 'redux-gen Specs/notes.yaml --print-scaffold NotesLiveEffects' prints the "
          + "scaffold of the current requirements to copy from"
      ])
    // The effect rewritten to return the stream (spelled without `Swift.`): nothing to say.
    let rewritten = try scaffolds(of: notes()).map { source in
      HandWrittenRequirements.Source(
        path: source.path,
        text: source.text.replacingOccurrences(
          of: "func load(id: String) async throws -> String", with: "func load(id: String) async throws -> AsyncThrowingStream<String, any Error>"))
    }
    #expect(rewritten.contains { $0.text.contains("AsyncThrowingStream<String, any Error>") })
    #expect(HandWrittenRequirements.check(try spec(notes(stream)), sources: rewritten, show: "").isEmpty)
  }

  @Test("a changed custom action and a changed effect are named")
  func customReducerAndEffects() throws {
    let found = try warnings {
      $0.replacingOccurrences(of: "payload: { from: Int, to: Int }", with: "payload: { from: Int, before: Int }")
        .replacingOccurrences(of: "payload: { id: String }", with: "payload: { noteID: String }")
    }
    #expect(found.count == 2)
    #expect(
      found.first?.hasPrefix(
        "Sources/NotesCustomReducer.swift:9:10: warning: NotesCustomReducer declares 'static func reorder(_:from:to:)', "
          + "but NotesCustomReducing now requires 'static func reorder(_:from:before:)'") == true, "\(found)")
    #expect(
      found.last?.hasPrefix(
        "Sources/NotesLiveEffects.swift:9:3: warning: NotesLiveEffects declares 'func load(id:)', but NotesEffects "
          + "now requires 'func load(noteID:)'") == true, "\(found)")
  }

  @Test("a renamed middleware leaves an orphaned scaffold, named with its replacement")
  func renamedMiddleware() throws {
    let found = try warnings { $0.replacingOccurrences(of: "NotesAnalytics:", with: "NotesTracking:") }
    #expect(
      found == [
        "Sources/NotesAnalytics.swift:7:8: warning: NotesAnalytics is a scaffold made from Specs/notes.yaml, which no "
          + "longer has a middleware, custom reducer or live effects of that name, and NotesAnalyticsProtocol, which it "
          + "conforms to, is no longer generated; if it was renamed, move its code into the new scaffold "
          + "NotesTracking.swift, then delete this file"
      ])
  }

  @Test("another spec's scaffolds, helpers, private and nested functions are not requirements")
  func notRequirements() throws {
    var sources = try scaffolds(of: notes())
    sources[2].text = sources[2].text.replacingOccurrences(
      of: "\n}\n",
      with: """

          private func log(context: MiddlewareContext<NotesState, NotesAction>) {}
          func describe(_ note: String) -> String { note }
          /// func old(context: MiddlewareContext<NotesState, NotesAction>)
          struct Helper { func visit(context: Int) {} }
          let text = "func old(context: Int)"
        }

        """)
    sources.append(
      .init(
        path: "Sources/Other.swift",
        text: GeneratedNames.scaffoldHeader("OtherValidation", specPath: "Specs/other.yaml").map { "// \($0)" }.joined(
          separator: "\n") + "\nstruct OtherValidation {}\n"))
    #expect(HandWrittenRequirements.check(try spec(notes()), sources: sources, show: "").map(\.summary) == [])
  }

  @Test("binding the requests to OpenAPI operations orphans the live effects, not the effects protocol")
  func boundRequests() throws {
    let sources = try scaffolds(of: notes())
    let document = """
      openapi: 3.1.0
      info: { title: Notes, version: 1.0.0 }
      paths:
        /notes/{id}:
          get:
            operationId: getNote
            parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
            responses:
              "200":
                description: The note.
                content:
                  application/json:
                    schema: { type: object, required: [title], properties: { title: { type: string } } }
      """
    let bound = notes {
      $0.replacingOccurrences(of: "feature: Notes\n", with: "feature: Notes\napi: notes.openapi.yaml\n")
        .replacingOccurrences(
          of: "success: { title: String }\n", with: "success: { title: String }\n      operation: getNote\n")
    }
    let result = try GeneratorPipeline.generate(bound, path: "Specs/notes.yaml") { path in
      path == "Specs/notes.openapi.yaml" ? Array(document.utf8) : nil
    }
    let spec = try #require(result.spec, "\(result.diagnostics.map(\.summary))")
    #expect(result.files.contains { $0.path == "Sources/NotesAPIEffects.swift" })
    #expect(!result.files.contains { $0.path == "Sources/NotesLiveEffects.swift" })
    let found = HandWrittenRequirements.check(spec, sources: sources, show: "").map(\.summary)
    #expect(
      found == [
        "Sources/NotesLiveEffects.swift:8:8: warning: NotesLiveEffects is a scaffold made from Specs/notes.yaml, which "
          + "no longer has a middleware, custom reducer or live effects of that name; delete this file"
      ])
  }

  @Test("every checked-in scaffold has what its protocol requires, and none is orphaned", arguments: specNames())
  func checkedInScaffolds(name: String) throws {
    let path = "Specs/\(name).yaml"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    guard let spec = try GeneratorPipeline.generate(text, path: path, readFile: readPackageFile).spec else { return }
    let directory = packageRoot.appendingPathComponent("Generated/\(spec.feature)").path
    #expect(
      HandWrittenRequirements.check(spec, directory: directory, layout: OutputLayout(), show: "").map(\.summary) == [])
  }

  @Test("a scaffold's header is read back")
  func scaffoldHeader() {
    let text =
      GeneratedNames.scaffoldHeader("NotesAnalytics", specPath: "Specs/notes.yaml").map { "// \($0)" }
      .joined(separator: "\r\n") + "\r\n\nimport Foundation\n"
    #expect(GeneratedNames.scaffoldHeaderNames(in: text)?.type == "NotesAnalytics")
    #expect(GeneratedNames.scaffoldHeaderNames(in: text)?.specPath == "Specs/notes.yaml")
    #expect(GeneratedNames.scaffoldHeaderNames(in: "// Generated by redux-gen from a.yaml.\n") == nil)
    #expect(GeneratedNames.scaffoldHeaderNames(in: "") == nil)
  }

  @Test("the outline reads types, extensions and their functions, not comments, strings or bodies")
  func outline() {
    let outline = SwiftOutline(
      """
      import struct Foundation.URL
      /* struct Commented { func no() } */
      public struct Live<T>: NotesEffects, @unchecked Sendable where T: Equatable {
        let text = #"func raw(a: Int) "quoted" "#
        public static func `import`(_ state: inout NotesState, item: [String: Int] = [:], then: (Int) -> Void) {
          func nested(x: Int) {}
        }
        private func helper(context: Int) async throws -> Int { 1 }
        class func make(a b: Int) {}
      }
      extension Live: ReduxRuntime.Middleware<A, B> {
        @MainActor nonisolated func process(_ action: A) {}
      }
      """)
    #expect(outline.types.map(\.name) == ["Live", "Live"])
    #expect(outline.types.map(\.inherits) == [["NotesEffects", "Sendable"], ["Middleware"]])
    #expect(outline.types.map(\.isExtension) == [false, true])
    #expect(outline.functions.map(\.name) == ["import", "helper", "make", "process"])
    #expect(outline.functions.map(\.labels) == [["_", "item", "then"], ["context"], ["a"], ["_"]])
    #expect(outline.functions.map(\.isStatic) == [true, false, true, false])
    #expect(outline.functions.map(\.isPrivate) == [false, true, false, false])
    #expect(outline.functions.map(\.isAsync) == [false, true, false, false])
    #expect(outline.functions.first?.parameterTypes.first == "inoutNotesState")
    #expect(outline.functions.map(\.line) == [5, 8, 9, 12])
  }

  @Test(
    "redux-gen warns when a spec change adds a requirement, --check fails on it, --print-scaffold shows the new one",
    .enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
  func commandNamesChanges() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redux-gen-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory + "/Specs", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func write(_ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/Specs/notes.yaml"))
    }
    try write(notes())
    #expect(try runReduxGen(["Specs/notes.yaml"], in: directory).status == 0)
    let scaffold = directory + "/Generated/Notes/Sources/NotesAnalytics.swift"
    let written = FileManager.default.contents(atPath: scaffold)

    // Adding emits: the run says so by name and leaves the file alone; --check fails.
    try write(notes { $0 + "\n    emits: [noteAdded]\n" })
    let run = try runReduxGen(["Specs/notes.yaml"], in: directory)
    #expect(run.status == 0)
    #expect(
      run.errors.contains(
        "Generated/Notes/Sources/NotesAnalytics.swift:8:3: warning: NotesAnalytics declares "
          + "'func addNote(text:context:)', but NotesAnalyticsProtocol now requires 'func addNote(text:events:context:)'; "
          + "redux-gen never changes this file: 'redux-gen Specs/notes.yaml --print-scaffold NotesAnalytics' prints the "
          + "scaffold of the current requirements to copy from\n"), "\(run.errors)")
    #expect(FileManager.default.contents(atPath: scaffold) == written)
    let check = try runReduxGen(["Specs/notes.yaml", "--check"], in: directory)
    #expect(check.status == 1)
    #expect(check.errors.contains("redux-gen: hand-written code doesn't match the spec"))

    // The scaffold of the new requirements, printed; nothing written.
    let printed = try runReduxGen(["Specs/notes.yaml", "--print-scaffold", "NotesAnalytics"], in: directory)
    #expect(printed.status == 0)
    #expect(printed.output.contains("events: NotesAnalyticsEvents"))
    #expect(FileManager.default.contents(atPath: scaffold) == written)
    #expect(try runReduxGen(["Specs/notes.yaml", "--print-scaffold", "Nope"], in: directory).status == 2)

    // Copied in, the warning is gone and --check passes.
    try Data(printed.output.utf8).write(to: URL(fileURLWithPath: scaffold))
    #expect(try runReduxGen(["Specs/notes.yaml", "--check"], in: directory).status == 0)

    // Renaming the middleware names the scaffold left behind.
    try write(
      notes { $0.replacingOccurrences(of: "NotesAnalytics:", with: "NotesTracking:") + "\n    emits: [noteAdded]\n" })
    let renamed = try runReduxGen(["Specs/notes.yaml"], in: directory)
    #expect(renamed.status == 0)
    #expect(
      renamed.errors.contains(
        "Generated/Notes/Sources/NotesAnalytics.swift:7:8: warning: NotesAnalytics is a scaffold made from "
          + "Specs/notes.yaml, which no longer has a middleware"), "\(renamed.errors)")
    #expect(try runReduxGen(["Specs/notes.yaml", "--check"], in: directory).status == 1)

    // At build time (the build-tool plugin's mode) the target's hand-written files are read.
    let plugin = try runReduxGen(
      ["Specs/notes.yaml", "--output", "Out", "--fixed-names", "notes.", "--hand-written", "Generated/Notes/Sources"],
      in: directory)
    #expect(plugin.status == 0)
    #expect(
      plugin.errors.contains("Generated/Notes/Sources/NotesAnalytics.swift:7:8: warning: NotesAnalytics is a scaffold"),
      "\(plugin.errors)")
  }
}
