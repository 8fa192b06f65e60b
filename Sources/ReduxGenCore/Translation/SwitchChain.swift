/// A switch over many enum cases split into a chain of functions, each small enough to
/// type-check quickly: the first handles the first cases and passes every other one on
/// (`default:`) to the next, and the last handles the rest. A feature of up to 32 actions
/// keeps one switch; one with 500 gets sixteen short functions (CompileBenchmark measures them).
struct SwitchChain {
  /// The most cases one function of the chain switches over: 1 to 2 ms each to type-check.
  static let casesPerFunction = 32

  /// The switches in order; `passOn(n)` is what part `n - 1` runs for the cases it doesn't
  /// handle (a call of part `n`, numbered from 2). The last part of a chain can't be seen to be
  /// exhaustive, so it ends in `default:` running `unreached`.
  static func switches(
    over subject: Expression, _ cases: [SwitchCase], unreached: [Statement], passOn: (Int) -> [Statement]
  ) -> [Statement] {
    let parts = cases.isEmpty ? [[]] : cases.chunks(of: casesPerFunction)
    return parts.enumerated().map { offset, part in
      let rest: [Statement]? =
        offset < parts.count - 1 ? passOn(offset + 2) : parts.count > 1 ? unreached : nil
      return .switchStatement(subject, part + (rest.map { [SwitchCase(patterns: [], body: $0)] } ?? []))
    }
  }
}

extension Array {
  /// The elements in runs of at most `size`, in order: how a long switch, table or test is
  /// split into parts.
  func chunks(of size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}
