import ReduxRuntime

/// A clock whose time moves only when a test says: `advance(by:)` moves it on, and
/// `advancePastEverything()` makes whatever waits on it due. The generated examples through the store make the follow-ups middleware on it and
/// let it run after each step has settled, so a delayed follow-up (`then: "sortTodos after 1s"`)
/// comes after everything else the step dispatched, in every run.
public final class ManualClock: Clock, Sendable {
  public typealias Instant = ClockInstant

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Waiting {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
  }

  private let waiting = Locked(Waiting())

  public init() {}

  public var now: Instant { waiting.withLock { $0.now } }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = waiting.withLock { waiting in
      waiting.nextID += 1
      return waiting.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = waiting.withLock { waiting -> Bool in
          guard deadline > waiting.now, !Task.isCancelled else { return true }
          waiting.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let sleeper = waiting.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    try Task.checkCancellation()
  }

  /// Moves the time on by `duration` and wakes the sleepers whose deadline it reaches: a timer
  /// every second, moved on three seconds, ticks three times (each next tick, due by then, doesn't
  /// sleep).
  public func advance(by duration: Duration) {
    let woken = waiting.withLock { waiting -> [Sleeper] in
      waiting.now = waiting.now.advanced(by: duration)
      let due = waiting.sleepers.filter { $0.value.deadline <= waiting.now }
      for id in due.keys { waiting.sleepers[id] = nil }
      return due.sorted { $0.value.deadline < $1.value.deadline }.map(\.value)
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  /// Moves the time past every deadline a wait can have (two days on: a spec's durations are at
  /// most a day) and wakes every sleeper.
  public func advancePastEverything() {
    let woken = waiting.withLock { waiting -> [Sleeper] in
      waiting.now = waiting.now.advanced(by: .seconds(2 * 86_400))
      defer { waiting.sleepers = [:] }
      return Array(waiting.sleepers.values)
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }
}
