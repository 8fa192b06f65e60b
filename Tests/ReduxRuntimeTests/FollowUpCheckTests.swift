import Testing

@testable import ReduxRuntime

private struct Tally: Equatable, Sendable {
  var count = 0
}

private enum FollowedAction: Equatable, ChangeReporting {
  case tap
  var changedFields: StateFields { .all }
  static var followedUpBy: Any.Type? { FollowUps.self }
}

private enum PlainAction: Equatable, ChangeReporting {
  case tap
  var changedFields: StateFields { .all }
}

private struct FollowUps: Middleware {
  func process(_ action: FollowedAction, context: MiddlewareContext<Tally, FollowedAction>) -> FollowedAction? {
    action
  }
}

private struct Logger<Action: Sendable>: Middleware {
  func process(_ action: Action, context: MiddlewareContext<Tally, Action>) -> Action? {
    action
  }
}

/// A store made for actions with follow-ups (`then:`) without the middleware that dispatches
/// them says so: the check that decides it.
struct FollowUpCheckTests {
  @Test("an action type with follow-ups needs its middleware in the chain; others need nothing")
  func missingFollowUps() {
    let missing = FollowUpCheck.missing(FollowedAction.self, in: [Logger<FollowedAction>()])
    #expect(missing.map(ObjectIdentifier.init) == ObjectIdentifier(FollowUps.self))
    #expect(FollowUpCheck.missing(FollowedAction.self, in: [Logger<FollowedAction>(), FollowUps()]) == nil)
    #expect(FollowUpCheck.missing(PlainAction.self, in: []) == nil)
    #expect(FollowUpCheck.missing(Int.self, in: []) == nil)
  }
}
