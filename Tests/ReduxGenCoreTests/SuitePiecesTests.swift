import Foundation
import Testing

@testable import ReduxGenCore

/// A large suite of reducer tests: one parameterized test over an enum of its tests, checks
/// through two helper functions, spread over the part's four files; a smaller spec empties the
/// files it no longer fills.
struct SuitePiecesTests {
  /// A Counter with `actions` actions, each with a reducer test of its own.
  func counter(actions: Int) throws -> [GeneratedFile] {
    let actions = (0..<actions).map { "  increase\($0): { reduce: increment count }" }.joined(separator: "\n")
    let spec = "feature: Counter\nstate: { count: Int = 0 }\nactions:\n\(actions)\n"
    return try GeneratorPipeline.generate(spec, path: "c.yaml").files
  }

  func reducerTests(_ files: [GeneratedFile]) -> [GeneratedFile] {
    files.filter { $0.part == .reducerTests }.sorted { $0.piece < $1.piece }
  }

  @Test("a suite of more tests than the limit runs them as arguments, its checks through helpers, over four files")
  func largeSuite() throws {
    let pieces = reducerTests(try counter(actions: TestTranslator.testsBeforeArguments + 10))
    #expect(pieces.map(\.path) == (1...4).map { "Tests/CounterReducerTests\($0 == 1 ? "" : "+\($0)").swift" })
    #expect(pieces.allSatisfy { !$0.isSpare })
    let text = pieces.map(\.contents).joined()
    #expect(text.components(separatedBy: "@Test(").count - 1 == 1)
    #expect(text.contains("@Test(\"each test of the suite\", arguments: _Test.allCases)"))
    // The two helpers' own and the change report's check: nothing else expands `#expect`.
    #expect(text.components(separatedBy: "    #expect(").count - 1 == 3)
    #expect(text.contains("expectEqual(state.count, before + 1)"))
    // Each test's description is its title, so a failure names it: the enum, in the second file.
    #expect(pieces[1].contents.contains("extension CounterReducerTests {\n  /// The suite's tests"))
    #expect(pieces[1].contents.contains("return \"increase7 increments count\""))
    #expect(pieces[0].contents.contains("func run(_ test: _Test) {"))
    #expect(pieces.dropFirst(2).allSatisfy { $0.contents.contains("extension CounterReducerTests {") })
    // Every test is in one file, in order, and the files are about the same size.
    let functions = pieces.flatMap { $0.contents.components(separatedBy: "\n  func ").dropFirst() }
      .map { String($0.prefix { $0 != "(" }) }.filter { $0 != "run" && $0.hasPrefix("increase") }
    #expect(functions.count == TestTranslator.testsBeforeArguments + 10)
    #expect(functions == functions.sorted { $0.compare($1, options: .numeric) == .orderedAscending })
    let sizes = pieces.map(\.contents.utf8.count)
    #expect(Double(sizes.max()!) / Double(sizes.min()!) < 1.6, "\(sizes)")
  }

  @Test("the files of a large suite hold about the same lines, the enum's and the runner's counted")
  func balanced() {
    // Ten tests of 10 lines: the first file already holds 30, the second 40; 170 lines in all.
    let ranges = SuitePieces.balanced(Array(repeating: 10, count: 10), after: [30, 40, 0, 0])
    #expect(ranges == [0..<1, 1..<1, 1..<5, 5..<10])
    #expect(zip([30, 40, 0, 0], ranges).map { $0 + $1.count * 10 } == [40, 40, 40, 50])
    // One heavy test first: the third file takes it, the tests after it still spread.
    let heavy = SuitePieces.balanced([1_000] + Array(repeating: 5, count: 100), after: [200, 300, 0, 0])
    #expect(heavy == [0..<0, 0..<0, 0..<1, 1..<101])
    // Light tests first, then a heavy one: 500 lines each, the heavy test alone, the last empty.
    let light = SuitePieces.balanced(Array(repeating: 5, count: 100) + [1_000], after: [200, 300, 0, 0])
    #expect(light == [0..<60, 60..<100, 100..<101, 101..<101])
    // Nothing fixed: even ranges.
    #expect(SuitePieces.balanced(Array(repeating: 1, count: 8), after: [0, 0, 0, 0]) == [0..<2, 2..<4, 4..<6, 6..<8])
  }

  @Test("a small suite keeps a @Test and #expect each, and its other pieces are spare")
  func smallSuite() throws {
    let pieces = reducerTests(try counter(actions: 3))
    #expect(pieces.map(\.isSpare) == [false, true, true, true])
    #expect(pieces[0].contents.components(separatedBy: "@Test(").count - 1 == 4)
    #expect(!pieces[0].contents.contains("expectEqual"))
    #expect(pieces.dropFirst().allSatisfy { !$0.contents.contains("import") })
  }

  @Test("a spare piece empties the file a larger spec wrote, and is created nowhere else")
  func sparePieces() throws {
    let directory = NSTemporaryDirectory() + "redux-gen-pieces-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let small = try counter(actions: 3)
    try OutputWriter().write(small, in: directory)
    #expect(!FileManager.default.fileExists(atPath: directory + "/Tests/CounterReducerTests+2.swift"))

    try OutputWriter().write(try counter(actions: 60), in: directory)
    let filled = try String(contentsOfFile: directory + "/Tests/CounterReducerTests+4.swift", encoding: .utf8)
    #expect(filled.contains("extension CounterReducerTests {"))

    let changes = try OutputWriter().write(small, in: directory)
    #expect(changes.contains(.update(directory + "/Tests/CounterReducerTests+4.swift")))
    let emptied = try String(contentsOfFile: directory + "/Tests/CounterReducerTests+4.swift", encoding: .utf8)
    #expect(emptied == reducerTests(small)[3].contents)
    #expect(!emptied.contains("extension"))
    // Written again, nothing changes.
    #expect(try OutputWriter().write(small, in: directory).allSatisfy { if case .unchanged = $0 { true } else { false } })
  }

  @Test("in a large suite, tests named like its members or the reducer are renamed, and run calls them through self")
  func reservedNames() throws {
    let names = ["test", "all cases", "test description", "run", "uuid", "counter reducer", "expect equal"]
    let examples = (names + (0..<40).map { "more \($0)" })
      .map { "  - name: \($0)\n    when: [increase]\n    then: { count: 1 }" }.joined(separator: "\n")
    let spec = "feature: Counter\nstate: { count: Int = 0 }\nactions:\n  increase: { reduce: increment count }\n"
      + "examples:\n\(examples)\n"
    let files = try GeneratorPipeline.generate(spec, path: "c.yaml").files
    let tests = try #require(files.first { $0.part == .exampleTests }).contents
    #expect(tests.contains("func run(_ test: _Test) {"))
    #expect(tests.contains("case .test:\n      self.test()"))
    for renamed in ["allCases2", "testDescription2", "run2", "uuid2", "counterReducer2", "expectEqual2"] {
      #expect(tests.contains("func \(renamed)() {"), "\(renamed)")
    }
    #expect(!tests.contains("func allCases()") && !tests.contains("func counterReducer()"))
    #expect(tests.contains("sourceLocation: Testing.SourceLocation = #_sourceLocation()"))
  }
}
