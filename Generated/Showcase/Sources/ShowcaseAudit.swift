// Hand-written. redux-gen created this file once from Specs/showcase.yaml
// and never changes it: implement ShowcaseAudit here.

import Foundation
import ReduxRuntime

/// Counts nothing yet; passes actions on.
public struct ShowcaseAudit: ShowcaseAuditProtocol {
  public init() {}

  public func `import`(
    item: Item, events: ShowcaseAuditEvents,
    context: MiddlewareContext<ShowcaseState, ShowcaseAction>
  )
    -> ShowcaseAction?
  {
    return .import(item: item)
  }

  public func fetch(
    id: String, events: ShowcaseAuditEvents,
    context: MiddlewareContext<ShowcaseState, ShowcaseAction>
  )
    -> ShowcaseAction?
  {
    return .fetch(id: id)
  }
}
