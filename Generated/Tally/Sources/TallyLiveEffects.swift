// Hand-written. redux-gen created this file once from Specs/tally.yaml
// and never changes it: implement TallyLiveEffects here.

import Foundation
import ReduxRuntime

/// The Tally feature's effects against the real world: a fact about a number, worked out here
/// rather than asked of a server, so the example runs anywhere.
public struct TallyLiveEffects: TallyEffects {
  public init() {}

  public func loadFact(number: Int) async throws -> String {
    try Task.checkCancellation()
    let magnitude = number.magnitude
    guard magnitude > 1 else { return "\(number) is neither prime nor composite" }
    var divisor: UInt = 2
    while divisor * divisor <= magnitude {
      if magnitude % divisor == 0 { return "\(number) is divisible by \(divisor)" }
      divisor += 1
    }
    return "\(number) is prime"
  }
}
