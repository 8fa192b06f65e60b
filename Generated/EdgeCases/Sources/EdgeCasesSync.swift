// Hand-written. redux-gen created this file once from Specs/edgecases.yaml
// and never changes it: implement EdgeCasesSync here.

import Foundation
import ReduxRuntime

/// Made with the server it syncs with: no `init()`, so the spec's examples through the store
/// leave it out (`middleware: [EdgeCasesGuard]`), and the generated tests still compile.
struct EdgeCasesSync: EdgeCasesSyncProtocol {
  let server: URL

  func loadStore(id: String, context: MiddlewareContext<EdgeCasesState, EdgeCasesAction>)
    -> EdgeCasesAction?
  {
    return .loadStore(id: id)
  }
}
