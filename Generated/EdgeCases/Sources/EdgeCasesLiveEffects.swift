// Hand-written. redux-gen created this file once from Specs/edgecases.yaml
// and never changes it: implement EdgeCasesLiveEffects here.

import Foundation
import ReduxRuntime

/// The EdgeCases feature's effects against the real world.
struct EdgeCasesLiveEffects: EdgeCasesEffects {
  func loadStore(id: String) async throws(EdgeCases_Action) -> Store {
    fatalError("loadStore is not implemented yet")
  }

  func measure(clock: Clock) async throws(EdgeCases_Action) -> EdgeCases_Effects {
    fatalError("measure is not implemented yet")
  }
}
