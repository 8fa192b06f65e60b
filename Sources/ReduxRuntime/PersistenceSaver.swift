import Dispatch
import Foundation
import Atomics

/// Whether a saver's changes are on disk.
public enum SaveStatus: Sendable, Equatable, CustomStringConvertible {
  /// Every change is saved (or nothing changed since attaching).
  case saved
  /// A change waits for the coalescing window, or is being written.
  case pending
  /// The last save failed with this error (described); the change is still pending and is
  /// retried with the next change or `flush()`.
  case failed(String)

  public var description: String {
    switch self {
    case .saved: "saved"
    case .pending: "pending"
    case .failed(let reason): "failed: \(reason)"
    }
  }
}

/// Saves a store's persisted fields in the background: what `Persistence.attach(to:)` returns.
///
/// An action that can change a persisted field only marks the saver dirty, under the store's
/// lock (one atomic exchange: no copy, no encoding, no I/O, no notification). The first change
/// after a write schedules the next write on the saver's own serial queue, after the coalescing
/// window; that write reads the fields as they are then, so every change made meanwhile goes out
/// in one write (the latest fields win), and bytes equal to the last ones written are not
/// written again.
///
/// Durability:
/// - after `flush()` returns, every action dispatched before it was called is saved: a crash
///   afterwards loses none of it;
/// - without `flush()`, a crash loses at most the changes of the last window (plus the write
///   under way);
/// - the storage's `save` is atomic (`FileStorage`: temporary file, `fsync`, rename), so the
///   stored file is always a whole old or a whole new version.
///
/// A failed save is never dropped: it goes to `onError`, `status` turns `.failed`, and the
/// change stays pending, retried with the next change or by `flush()`, which throws it.
/// When the store is gone, a pending change is lost: flush before letting the store go.
public final class PersistenceSaver: Sendable {
  /// The coalescing window `attach(to:)` uses unless told otherwise.
  public static var defaultWindow: Duration { .milliseconds(500) }

  /// What the queue's writes and `status` share.
  private struct Core {
    /// The last save failed; nothing saved since.
    var failure: String?
    /// A write is under way.
    var writing = false
  }

  let label: String
  let window: Duration
  /// A change not yet taken by a write; the change that sets it schedules that write.
  private let dirty = ManagedAtomic<Bool>(false)
  private let core = Locked(Core())
  private let subscription = Locked<Subscription?>(nil)
  private let queue: DispatchQueue
  private let onQueue = DispatchSpecificKey<ObjectIdentifier>()
  private let onError: @Sendable (any Error) -> Void
  /// Reads the fields as they are now and saves what differs from the last save.
  private let save: @Sendable () throws -> Void

  init(
    label: String, window: Duration, onError: @escaping @Sendable (any Error) -> Void,
    save: @escaping @Sendable () throws -> Void
  ) {
    self.label = label
    self.window = max(window, .zero)
    self.onError = onError
    self.save = save
    queue = DispatchQueue(label: "ReduxRuntime.PersistenceSaver.\(label)", qos: .utility)
    queue.setSpecific(key: onQueue, value: ObjectIdentifier(self))
  }

  /// Write-behind for a storage of your own (ReduxSQLite's is one): `save` runs on the saver's
  /// serial queue, one window after the first change since the last save (or in `flush()`);
  /// it reads the fields from the store as they are then (the store is weakly held: read it
  /// through a weak reference) and writes what changed since its last successful save. A throw
  /// is a failed save, reported and retried as for `Persistence.attach(to:)`.
  ///
  /// - Parameters:
  ///   - store: The store to watch; the saver holds it weakly.
  ///   - fields: The state fields the saved value reads: a change to another field doesn't
  ///     make the saver dirty (when the actions report what they change).
  ///   - label: Names the saver's queue.
  ///   - window: How long a change waits for more changes before `save` runs.
  ///   - onError: Called on the saver's queue with each error `save` throws.
  ///   - save: Reads the fields and writes what changed since its last successful save.
  public static func attach<State, Action>(
    to store: Store<State, Action>, reading fields: StateFields, label: String,
    coalescing window: Duration = defaultWindow,
    onError: @escaping @Sendable (any Error) -> Void = PersistenceSaver.printError,
    save: @escaping @Sendable () throws -> Void
  ) -> PersistenceSaver {
    let saver = PersistenceSaver(label: label, window: window, onError: onError, save: save)
    saver.subscription.withLock { $0 = store.onChange(reading: fields) { saver.changed() } }
    return saver
  }

  /// The default `onError`: prints the error to standard error.
  @Sendable public static func printError(_ error: any Error) {
    FileHandle.standardError.write(Data("ReduxRuntime: saving failed: \(error)\n".utf8))
  }

  /// Whether the changes so far are saved.
  public var status: SaveStatus {
    core.withLock { core in
      if let failure = core.failure { return .failed(failure) }
      return core.writing || dirty.load(ordering: .acquiring) ? .pending : .saved
    }
  }

  /// Stops watching the store. A change already pending is still written after its window
  /// (or by `flush()`).
  public func cancel() {
    subscription.withLock { $0 }?.cancel()
  }

  /// Writes the pending change now and returns when it is on disk; throws if the save fails
  /// (the change then stays pending). Blocks the calling thread: for an app about to be
  /// suspended, a command-line tool about to exit, or a test.
  public func flush() throws {
    if DispatchQueue.getSpecific(key: onQueue) == ObjectIdentifier(self) {
      try write()
    } else {
      try queue.sync { try write() }
    }
  }

  /// Writes the pending change now and returns when it is on disk, without blocking a thread;
  /// throws if the save fails (the change then stays pending).
  public func flush() async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      queue.async {
        continuation.resume(with: Result { try self.write() })
      }
    }
  }

  // MARK: Saving

  /// Under the store's lock, after an action that can change the persisted fields.
  func changed() {
    // Already dirty (most actions of a burst): a plain load, no read-modify-write.
    guard !dirty.load(ordering: .relaxed), !dirty.exchange(true, ordering: .acquiringAndReleasing) else { return }
    queue.asyncAfter(deadline: .now() + Self.dispatchInterval(window)) {
      // A failure went to onError and stays pending.
      try? self.write()
    }
  }

  /// On the queue: saves the fields if a change is pending or the last save failed.
  private func write() throws {
    let changed = dirty.exchange(false, ordering: .acquiringAndReleasing)
    let due = core.withLock { core -> Bool in
      guard changed || core.failure != nil else { return false }
      core.writing = true
      return true
    }
    guard due else { return }
    do {
      try save()
      core.withLock { core in
        core.failure = nil
        core.writing = false
      }
    } catch {
      core.withLock { core in
        core.failure = "\(error)"
        core.writing = false
      }
      onError(error)
      throw error
    }
  }

  static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow, nanoseconds.partialValue < Int64(Int.max) / 2 else { return .never }
    return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}
