import ReduxRuntime

/// A clock whose time never moves and on which nothing is ever due: a sleep waits until its
/// task is cancelled. What waits on it (a delayed follow-up, a debounced request) stays waiting,
/// so a test shows that it isn't dispatched yet; `Store.idle()` doesn't wait for it. The
/// generated tests of delayed follow-ups (`then: "sortTodos after 1s"`) make the follow-ups
/// middleware on it.
public struct PausedClock: Clock, Sendable {
  public typealias Instant = ClockInstant

  public init() {}

  public var now: Instant { Instant(offset: .zero) }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    // A stream that never yields ends its iteration when the task is cancelled.
    let (stream, _) = AsyncStream<Never>.makeStream()
    for await _ in stream {}
    try Task.checkCancellation()
  }
}
