import Dispatch
import Foundation

/// Jobs run on every core, in the order they were added, where a job may add more: a part once
/// translated adds one job per file to render, which any free core takes while the other parts
/// are still being translated. `run` returns when no job is left and none is running.
final class JobQueue: @unchecked Sendable {
  typealias Job = @Sendable (JobQueue) -> Void

  private let condition = NSCondition()
  private var pending: [Job] = []
  /// The next job to take in `pending`; taken jobs are dropped at once, so what they hold is
  /// freed on the core that ran them.
  private var next = 0
  private var running = 0

  init(_ jobs: [Job]) { pending = jobs }

  /// Adds a job; call it from a running job.
  func add(_ job: @escaping Job) {
    condition.lock()
    defer { condition.unlock() }
    pending.append(job)
    condition.signal()
  }

  /// Runs every job, and every job they add, on up to `workers` cores.
  func run(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
    DispatchQueue.concurrentPerform(iterations: Swift.max(1, workers)) { _ in
      while let job = take() {
        job(self)
        finished()
      }
    }
  }

  /// The next job, waiting while none is pending but one that may add more is running; nil when
  /// all is done.
  private func take() -> Job? {
    condition.lock()
    defer { condition.unlock() }
    while next == pending.count, running > 0 { condition.wait() }
    guard next < pending.count else { return nil }
    let job = pending[next]
    // The slot lets go of the job, so it and what it captured die with the worker's copy.
    pending[next] = { _ in }
    next += 1
    running += 1
    return job
  }

  private func finished() {
    condition.lock()
    defer { condition.unlock() }
    running -= 1
    // The last job done with nothing pending: the waiting workers may stop.
    if running == 0, next == pending.count { condition.broadcast() }
  }
}

/// Counts jobs down from a number, from any thread: the job that finishes last knows it.
final class Countdown: @unchecked Sendable {
  private var remaining: Int
  private let lock = NSLock()

  init(_ count: Int) { remaining = count }

  /// One fewer; whether that was the last.
  func countDown() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    remaining -= 1
    return remaining == 0
  }
}

/// One value per key, set from any thread.
final class Slots<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  private var storage: [Key: Value] = [:]
  private let lock = NSLock()

  func set(_ key: Key, _ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    storage[key] = value
  }

  subscript(key: Key) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return storage[key]
  }
}

/// A value a job takes, once: the job's closure then holds nothing of it.
final class Held<Value: Sendable>: @unchecked Sendable {
  private var value: Value?
  private let lock = NSLock()

  init(_ value: Value?) { self.value = value }

  func take() -> Value? {
    lock.lock()
    defer { lock.unlock() }
    defer { value = nil }
    return value
  }
}

/// Values done with, kept from any thread, then freed on a thread of their own: what a large
/// spec's code models cost to free (a sixth of generating) is off the path to its files.
final class Graveyard<Value: Sendable>: @unchecked Sendable {
  private var values: [Value] = []
  private let lock = NSLock()

  func bury(_ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    values.append(value)
  }

  /// Frees every value buried, on another thread.
  func free() {
    lock.lock()
    let dropped = values
    values = []
    lock.unlock()
    guard !dropped.isEmpty else { return }
    let box = Held(dropped)
    Freeing.pending.enter()
    Thread.detachNewThread {
      _ = box.take()
      Freeing.pending.leave()
    }
  }
}

/// The freeing still under way on threads of its own (`Graveyard.free`).
enum Freeing {
  static let pending = DispatchGroup()
}
