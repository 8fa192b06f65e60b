import Foundation
import Testing

@testable import ReduxGenCore

@Suite struct OutputLayoutTests {
  private func spec(_ name: String) throws -> Spec {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("Specs/\(name)"), encoding: .utf8)
    return try DocumentChecking.checkFeature(text, path: "Specs/\(name)").0
  }

  @Test("fixed names: every part the build plugin declares, in order, and no scaffolds")
  func fixedNames() throws {
    let tasks = try spec("tasklist.yaml")
    let sources = GeneratorPipeline.files(for: tasks, layout: OutputLayout(parts: .sources, fixedPrefix: "tasks."))
    #expect(sources.map(\.path) == GeneratedPart.sourceParts.map { "tasks.\($0.rawValue).swift" })
    #expect(sources.allSatisfy { $0.ownership == .generated })
    let state = try #require(sources.first { $0.part == .state })
    #expect(state.contents.contains("struct TaskListState"))

    let tests = GeneratorPipeline.files(
      for: tasks, layout: OutputLayout(parts: .tests, testedModule: "Tasks", fixedPrefix: "App.tasks."))
    // Every piece of a part the build may spread (the reducer tests' four), then the others.
    #expect(
      tests.map(\.path)
        == GeneratedPart.testParts.flatMap { part in
          (1...part.pieces).map { "App.tasks.\(part.rawValue)\($0 == 1 ? "" : "+\($0)").swift" }
        })
    #expect(tests.allSatisfy { !$0.isSpare })
    // TaskList has no async actions and no OpenAPI document: its test effects and API tests are
    // files with only the header; its reducer tests fit in one file, so the other three pieces are
    // headers too.
    let absent: Set<GeneratedPart> = [.testEffects, .apiEffectsTests]
    let filled = tests.filter { !absent.contains($0.part!) && $0.piece == 1 }
    #expect(filled.count == GeneratedPart.testParts.count - absent.count)
    #expect(filled.allSatisfy { $0.contents.contains("@testable import Tasks\n") })
    #expect(tests.filter { !filled.contains($0) }.allSatisfy { !$0.contents.contains("import") })
  }

  @Test("fixed names: an absent part is a file with only the header")
  func absentPart() throws {
    let counter = try spec("counter.yaml")
    var withoutMiddleware = counter
    withoutMiddleware.middleware = []
    withoutMiddleware.models = []
    let files = GeneratorPipeline.files(for: withoutMiddleware, layout: OutputLayout(parts: .sources, fixedPrefix: "c."))
    #expect(files.count == GeneratedPart.sourceParts.count)
    #expect(files.allSatisfy { $0.contents.hasPrefix(GeneratedHeader.prefix) })
  }

  @Test("parts: sources with scaffolds, tests and scaffolds alone, flat in the output directory")
  func parts() throws {
    let tasks = try spec("tasklist.yaml")
    let all = GeneratorPipeline.files(for: tasks, layout: OutputLayout())
    let sources = GeneratorPipeline.files(for: tasks, layout: OutputLayout(parts: .sources))
    let tests = GeneratorPipeline.files(for: tasks, layout: OutputLayout(parts: .tests))
    let scaffolds = GeneratorPipeline.files(for: tasks, layout: OutputLayout(parts: .scaffolds))
    #expect(sources.count + tests.count == all.count)
    #expect(sources.map(\.path).contains("TaskListReducer.swift"))
    #expect(sources.map(\.path).contains("TaskListValidation.swift"))
    // The reducer tests' spare pieces too: they empty files a larger spec left.
    #expect(
      tests.map(\.path) == [
        "TaskListReducerTests.swift", "TaskListReducerTests+2.swift", "TaskListReducerTests+3.swift",
        "TaskListReducerTests+4.swift", "TaskListExampleTests.swift", "TaskListStoredDataTests.swift",
      ])
    #expect(tests.map(\.isSpare) == [false, true, true, true, false, false])
    #expect(scaffolds.map(\.path) == ["TaskListValidation.swift", "TaskListEnhancement.swift"])
    #expect(!all.contains { !$0.path.hasPrefix("Sources/") && !$0.path.hasPrefix("Tests/") })
  }

  @Test("a custom reducer scaffold fails an assertion in each function until it is written")
  func unwrittenCustomReducer() throws {
    let showcase = try spec("showcase.yaml")
    let scaffolds = GeneratorPipeline.files(for: showcase, layout: OutputLayout(parts: .scaffolds))
    let custom = try #require(scaffolds.first { $0.path == "ShowcaseCustomReducer.swift" })
    let actions = showcase.actions.filter { $0.reduce == [.custom] }.map(\.name)
    #expect(!actions.isEmpty)
    for action in actions {
      #expect(custom.contents.contains("\"\(action) is not written yet\""))
    }
    #expect(custom.contents.components(separatedBy: "assertionFailure(").count == actions.count + 1)
  }

  @Test("missing hand-written types are errors at the spec's name for them, naming the command")
  func missingHandWritten() throws {
    let showcase = try spec("showcase.yaml")
    let command = "swift package generate-redux --target Showcase --scaffolds-only"
    let none = HandWrittenTypes.missing(showcase, in: [], command: command)
    #expect(none.map(\.message).allSatisfy { $0.contains(command) })
    // Each middleware, the custom reducer and the live effects of the async action `fetch`.
    #expect(none.count == showcase.middleware.count + 2)
    #expect(none.allSatisfy { $0.location.file == "Specs/showcase.yaml" && $0.location.line > 1 })
    let effects = try #require(none.first { $0.message.contains("ShowcaseEffects") })
    #expect(
      effects.message
        == "the async actions need live effects, a type conforming to ShowcaseEffects, and none is in this "
        + "target; create its scaffold (ShowcaseLiveEffects) with '\(command)'")
    #expect(effects.location.line == 87)

    let handWritten = try ["ShowcaseAudit.swift", "ShowcaseCustomReducer.swift", "ShowcaseLiveEffects.swift"].map {
      try String(
        contentsOf: packageRoot.appendingPathComponent("Generated/Showcase/Sources/\($0)"), encoding: .utf8)
    }
    #expect(HandWrittenTypes.missing(showcase, in: handWritten, command: command).isEmpty)
    // The live effects may have any name.
    let renamed = handWritten.dropLast() + ["struct Live: ShowcaseEffects {}"]
    #expect(HandWrittenTypes.missing(showcase, in: Array(renamed), command: command).isEmpty)
  }

  @Test(
    "a conformance is a declaration's inherited type, after its name and generic parameters",
    arguments: [
      ("struct Live: UsersEffects {}", true),
      ("public final class Live: Sendable, UsersEffects {", true),
      ("extension Live: UsersEffects {}", true),
      ("struct Live<Client: API>: UsersEffects where Client: Sendable {}", true),
      ("actor Live : Sendable & UsersEffects{}", true),
      ("struct Middleware<Effects: UsersEffects>: Sendable {}", false),
      ("struct Live: UsersEffectsDouble {}", false),
      ("func run(effects: UsersEffects) {}", false),
      ("protocol UsersEffects {}", false),
    ])
  func conforms(source: String, expected: Bool) {
    #expect(HandWrittenTypes.conforms(to: "UsersEffects", in: source) == expected)
  }

  @Test(
    "a declaration is a keyword, the exact name, and no identifier character after it",
    arguments: [
      ("struct Logger: LoggerProtocol {}", true),
      ("public final class Logger {", true),
      ("actor Logger{}", true),
      ("typealias Logger = Other", true),
      ("struct LoggerProtocolImpl {}", false),
      ("struct MyLogger {}", false),
      ("extension Logger {}", false),
      ("let x = Logger()", false),
    ])
  func declares(source: String, expected: Bool) {
    #expect(HandWrittenTypes.declares("Logger", in: source) == expected)
  }

  @Test("spec file names the plugins pick up")
  func specNames() {
    #expect(BuildPluginLayout.isSpec(fileName: "redux-gen.yaml"))
    #expect(BuildPluginLayout.isSpec(fileName: "counter.redux.yaml"))
    #expect(!BuildPluginLayout.isSpec(fileName: ".redux.yaml"))
    #expect(!BuildPluginLayout.isSpec(fileName: "counter.yaml"))
    #expect(BuildPluginLayout.prefix(forSpec: "counter.redux.yaml") == "counter.")
    #expect(BuildPluginLayout.prefix(forSpec: "redux-gen.yaml") == "redux-gen.")
  }
}
