import Testing

@testable import ReduxGenCore

/// A long switch split into a chain of functions: every case handled exactly once, in order,
/// each part no longer than `casesPerFunction`, each passing the rest on to the next.
struct SwitchChainTests {
  private func cases(_ count: Int) -> [SwitchCase] {
    (0..<count).map { SwitchCase(patterns: [Pattern(caseName: "c\($0)", bindings: [])], body: [.breakStatement]) }
  }

  private func chain(_ count: Int) -> [[SwitchCase]] {
    SwitchChain.switches(over: .name("action"), cases(count), unreached: [.returnStatement(.dot("all"))]) {
      [.expression(.name("part\($0)").call())]
    }.map { statement in
      guard case .switchStatement(_, let cases) = statement else {
        Issue.record("not a switch: \(statement)")
        return []
      }
      return cases
    }
  }

  @Test("a short switch stays one switch, with no default")
  func short() {
    let parts = chain(SwitchChain.casesPerFunction)
    #expect(parts.count == 1)
    #expect(parts[0] == cases(SwitchChain.casesPerFunction))
  }

  @Test("a long switch is split in order; each part passes the rest on, the last ends in the unreached default")
  func long() {
    let size = SwitchChain.casesPerFunction
    let parts = chain(2 * size + 3)
    #expect(parts.count == 3)
    let handled = parts.flatMap { $0.filter { !$0.patterns.isEmpty } }
    #expect(handled == cases(2 * size + 3))
    #expect(parts.allSatisfy { $0.filter { !$0.patterns.isEmpty }.count <= size })
    #expect(parts[0].last?.body == [.expression(.name("part2").call())])
    #expect(parts[1].last?.body == [.expression(.name("part3").call())])
    #expect(parts[2].last == SwitchCase(patterns: [], body: [.returnStatement(.dot("all"))]))
  }
}
