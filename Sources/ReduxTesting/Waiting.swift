import ReduxRuntime

/// Wakes the tasks waiting for something to change: a TestStore waiting for an action an effect
/// dispatches, an effect double's test waiting for a call. Waiters give up after a timeout or
/// when their task is cancelled; nothing polls.
final class Signal: Sendable {
  private struct Waiters {
    var generation = 0
    var nextID: UInt64 = 0
    var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]
  }

  private let waiters = Locked(Waiters())

  /// How many times `fire()` was called: pass it to `wait(after:)`.
  var generation: Int { waiters.withLock { $0.generation } }

  /// Wakes every waiter.
  func fire() {
    let woken = waiters.withLock { waiters in
      waiters.generation += 1
      defer { waiters.waiting = [:] }
      return Array(waiters.waiting.values)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Returns once `fire()` has been called after `generation` was read, or when the task is
  /// cancelled (by `waitUntil`'s timeout).
  private func wait(after generation: Int) async {
    let id = waiters.withLock { waiters -> UInt64 in
      waiters.nextID += 1
      return waiters.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = waiters.withLock { waiters -> Bool in
          guard waiters.generation == generation, !Task.isCancelled else { return true }
          waiters.waiting[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let continuation = waiters.withLock { $0.waiting.removeValue(forKey: id) }
      continuation?.resume()
    }
  }

  /// Waits until `check` gives a value, re-checking each time the signal fires; nil when
  /// `timeout` passes first.
  func waitUntil<Value: Sendable>(
    timeout: Duration, _ check: @escaping @Sendable () -> Value?
  ) async -> Value? {
    let deadline = ContinuousClock.now + timeout
    while true {
      let generation = self.generation
      if let value = check() { return value }
      guard ContinuousClock.now < deadline else { return nil }
      // The timer cancels the wait; a fire cancels the timer.
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await self.wait(after: generation) }
        group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
        await group.next()
        group.cancelAll()
      }
    }
  }
}

/// Runs `operation` and returns whether it ended within `timeout`. An operation that doesn't
/// end in time is left running: `Store.idle()` can't be interrupted.
func completes(within timeout: Duration, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
  let ended = Locked(false)
  let signal = Signal()
  let work = Task {
    await operation()
    ended.withLock { $0 = true }
    signal.fire()
  }
  let result = await signal.waitUntil(timeout: timeout) { ended.withLock { $0 } ? true : nil }
  if result == nil { work.cancel() }
  return result != nil
}
