// Hand-written. redux-gen created this file once from Specs/edgecases.yaml
// and never changes it: implement EdgeCasesGuard here.

import Foundation
import ReduxRuntime

struct EdgeCasesGuard: EdgeCasesGuardProtocol {
  func addState(
    item: EdgeCases_State, events: EdgeCasesGuardEvents,
    context: MiddlewareContext<EdgeCasesState, EdgeCasesAction>
  ) -> EdgeCasesAction? {
    return .addState(item: item)
  }

  func put(
    `inout`: Int, `var`: String, `let`: Bool, events: EdgeCasesGuardEvents,
    context: MiddlewareContext<EdgeCasesState, EdgeCasesAction>
  ) -> EdgeCasesAction? {
    return .put(`inout`: `inout`, var: `var`, let: `let`)
  }

  func openStore(
    store: Store, effect: EdgeCases_Effects, note: Middleware, events: EdgeCasesGuardEvents,
    context: MiddlewareContext<EdgeCasesState, EdgeCasesAction>
  ) -> EdgeCasesAction? {
    return .openStore(store: store, effect: effect, note: note)
  }

  func pick(
    choice: EdgeCases_Action, events: EdgeCasesGuardEvents,
    context: MiddlewareContext<EdgeCasesState, EdgeCasesAction>
  ) -> EdgeCasesAction? {
    return .pick(choice: choice)
  }

  func loadStore(
    id: String, events: EdgeCasesGuardEvents,
    context: MiddlewareContext<EdgeCasesState, EdgeCasesAction>
  ) -> EdgeCasesAction? {
    return .loadStore(id: id)
  }
}
