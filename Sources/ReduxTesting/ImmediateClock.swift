import ReduxRuntime

/// A clock on which every debounced or throttled request is due at once: a sleep returns
/// without waiting, and each reading of `now` is a day after the one before, so a deadline set
/// at one reading has passed by the next. The generated example tests run their effects on it;
/// a test of the timing itself advances a test clock by hand instead.
public final class ImmediateClock: Clock, Sendable {
  public typealias Instant = ClockInstant

  private let readings = Locked(0)

  public init() {}

  public var now: Instant {
    Instant(offset: .seconds(86_400) * readings.withLock { reading in
      reading += 1
      return reading
    })
  }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    await Task.yield()
  }
}

/// The error an example's effect throws for `fails: MESSAGE`: its description is the message,
/// which becomes the failure action's `message`.
public struct ExampleFailure: Error, CustomStringConvertible, Equatable {
  public let description: String

  public init(_ message: String) {
    description = message
  }
}
