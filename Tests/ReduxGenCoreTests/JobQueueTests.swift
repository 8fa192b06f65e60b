import Foundation
import Testing

@testable import ReduxGenCore

/// The queue that translates parts and renders their files on every core: every job runs once,
/// including the ones running jobs add, and `run` returns only when all are done.
struct JobQueueTests {
  /// A job that records its name, then adds `children` jobs `depth` levels further down.
  static func job(_ name: String, children: Int, depth: Int, into ran: Slots<String, Int>) -> JobQueue.Job {
    { queue in
      ran.set(name, (ran[name] ?? 0) + 1)
      guard depth > 0 else { return }
      for child in 0..<children {
        queue.add(job("\(name).\(child)", children: children, depth: depth - 1, into: ran))
      }
    }
  }

  /// Every name the jobs of `roots` roots should record.
  static func names(roots: Int, children: Int, depth: Int) -> [String] {
    var level = (0..<roots).map { "\($0)" }
    var all = level
    for _ in 0..<depth {
      level = level.flatMap { name in (0..<children).map { "\(name).\($0)" } }
      all += level
    }
    return all
  }

  @Test("jobs added by running jobs all run once, on one worker or on many", arguments: [1, 2, 8])
  func addedJobsRun(workers: Int) {
    let ran = Slots<String, Int>()
    let roots = (0..<5).map { Self.job("\($0)", children: 3, depth: 3, into: ran) }
    JobQueue(roots).run(workers: workers)
    let expected = Self.names(roots: 5, children: 3, depth: 3)
    #expect(expected.count == 5 * (1 + 3 + 9 + 27))
    #expect(expected.allSatisfy { ran[$0] == 1 })
  }

  @Test("a worker waits for a running job that adds more after a while, rather than stopping")
  func slowJobAddsLater() {
    let ran = Slots<String, Int>()
    let slow: JobQueue.Job = { queue in
      Thread.sleep(forTimeInterval: 0.05)
      queue.add(Self.job("late", children: 2, depth: 1, into: ran))
    }
    JobQueue([slow]).run(workers: 4)
    #expect(["late", "late.0", "late.1"].allSatisfy { ran[$0] == 1 })
  }

  @Test("a queue without jobs returns at once")
  func empty() {
    JobQueue([]).run(workers: 2)
    let ran = Slots<String, Int>()
    JobQueue([Self.job("only", children: 0, depth: 0, into: ran)]).run(workers: 0)
    #expect(ran["only"] == 1)
  }
}

/// Tests made in batches on several cores are named as one pass over all of them would name
/// them: `UniqueNames.proposing`, then `ProposedTests.named` in order.
struct ProposedNamesTests {
  /// Plain functions named by `names.make` of each base.
  static func functions(_ bases: [String], names: inout UniqueNames) -> [Declaration] {
    bases.map { .function(FunctionDeclaration(kind: .function(names.make($0)), body: [])) }
  }

  static func name(_ declaration: Declaration) -> String? {
    guard case .function(let function) = declaration, case .function(let name) = function.kind else { return nil }
    return name
  }

  @Test("batches whose names collide, with each other and within one, get the names one pass gives")
  func sameAsOnePass() {
    let batches = [["add", "addItem", "add2", "remove"], ["add", "add", "remove", "run"], ["add2", "x"]]
    var serial = UniqueNames(reserving: ["reducer"])
    let expected = batches.flatMap { Self.functions($0, names: &serial) }.map(Self.name)
    let proposed = batches.map { bases in
      var names = UniqueNames.proposing
      let tests = Self.functions(bases, names: &names)
      return ProposedTests(tests: tests, names: names)
    }
    var names = UniqueNames(reserving: ["reducer"])
    let named = proposed.flatMap { $0.named(&names) }.map(Self.name)
    #expect(named == expected)
    #expect(Set(named.compactMap { $0 }).count == named.count)
    // A reserved name is never given: `run` is the suite's.
    #expect(!named.contains("run"))
  }

  @Test("a spec of several batches of actions generates the reducer tests one batch would")
  func largeSpecTests() throws {
    let count = TestTranslator.actionsPerTestBatch * 2 + 7
    // `p` and `pFlipsQ`, in the first batch and the last, both propose `pFlipsQFlipsR`.
    let fields = (0..<3).map { "  flag\($0): Bool = false" } + ["  qFlipsR: Bool = false", "  r: Bool = false"]
    let actions =
      ["  p:\n    reduce: toggle qFlipsR"] + (1..<count - 1).map { "  flip\($0):\n    reduce: toggle flag\($0 % 3)" }
      + ["  pFlipsQ:\n    reduce: toggle r"]
    let spec = "feature: Flags\nstate:\n\(fields.joined(separator: "\n"))\nactions:\n\(actions.joined(separator: "\n"))\n"
    let (checked, _) = try DocumentChecking.checkFeature(spec, path: "flags.yaml")
    let translator = TestTranslator(spec: checked)
    #expect(translator.operationTestBatches.count == 3)
    let generated = try GeneratorPipeline.generate(spec, path: "flags.yaml").files.filter { $0.part == .reducerTests }
    let onePass = try #require(
      FeaturePartFiles(spec: checked, testedModule: nil)
        .file(.reducerTests, operationTests: [translator.operationTests(of: 0..<count)]))
    let expected = SuitePieces.spread(onePass, over: GeneratedPart.reducerTests.pieces).map { $0.map(TextRenderer().render) }
    #expect(generated.map(\.contents) == expected.compactMap { $0 })
    #expect(generated.count == 4)
    let text = generated.map(\.contents).joined()
    #expect(text.contains("func flip805FlipsFlag1()"))
    #expect(text.contains("func pFlipsQFlipsR()") && text.contains("func pFlipsQFlipsR2()"))
  }
}
