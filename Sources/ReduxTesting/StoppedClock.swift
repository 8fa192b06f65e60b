import ReduxRuntime

/// A clock whose time never moves and whose sleeps return at once: a `ResponseCache` on it keeps
/// every answer fresh, so a test shows what the cache answers whatever the machine's speed. The
/// generated cache tests make the effects middleware's cache on it.
public struct StoppedClock: Clock, Sendable {
  public typealias Instant = ClockInstant

  public init() {}

  public var now: Instant { Instant(offset: .zero) }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
  }
}
