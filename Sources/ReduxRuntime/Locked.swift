#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a lock: `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere.
///
/// The package uses this rather than `Synchronization.Mutex` for two reasons: ThreadSanitizer
/// sees these locks (it intercepts them) and so checks the store for races without false
/// reports, and `Mutex` needs iOS 18 and macOS 15, above the package's minimum systems. The
/// package's other libraries, tests and benchmarks use it too (`package` access); apps don't see it.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline let lock: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  // Guarded by the lock: the runtime exclusivity check would only repeat it, on every dispatch.
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
    #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  /// Runs `body` with the value while holding the lock. `body` must not take the same lock.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&value)
  }
}
