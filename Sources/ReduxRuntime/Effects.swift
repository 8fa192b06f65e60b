/// Runs the requests of a feature's effects middleware (generated for `async` actions).
///
/// Policy: one request per key (the async action's name) at a time. A newer request for the
/// same key cancels the older one (its task is cancelled) and the older one's outcome is
/// dropped, even if it arrives after all: only the latest request dispatches its success or
/// failure. Requests for different keys run concurrently. A request cancelled without being
/// overtaken (by `cancelAll`) dispatches nothing.
public final class EffectRunner<State: Sendable, Action: Sendable>: Sendable {
  private struct Running {
    var nextToken: UInt64 = 0
    var tasks: [String: (token: UInt64, task: _Concurrency.Task<Void, Never>)] = [:]
  }

  private let running = Locked(Running())

  public init() {}

  deinit {
    running.withLock { running in
      for entry in running.tasks.values { entry.task.cancel() }
    }
  }

  /// Starts `operation` for `key`, cancelling the request already running for it; dispatches
  /// `success(value)` or `failure(error)` through `context` when it is still the latest.
  public func run<Value: Sendable>(
    _ key: String, context: MiddlewareContext<State, Action>,
    _ operation: @escaping @Sendable () async throws -> Value,
    success: @escaping @Sendable (Value) -> Action, failure: @escaping @Sendable (any Error) -> Action
  ) {
    running.withLock { running in
      running.nextToken += 1
      let token = running.nextToken
      running.tasks[key]?.task.cancel()
      let task = _Concurrency.Task { [weak self] in
        let outcome: Action
        do {
          outcome = success(try await operation())
        } catch is CancellationError {
          _ = self?.finish(key, token)
          return
        } catch {
          outcome = failure(error)
        }
        guard self?.finish(key, token) == true, !_Concurrency.Task.isCancelled else { return }
        context.dispatch(outcome)
      }
      running.tasks[key] = (token, task)
    }
  }

  /// Cancels every running request; none of them dispatches an outcome.
  public func cancelAll() {
    running.withLock { running in
      for entry in running.tasks.values { entry.task.cancel() }
      running.tasks = [:]
    }
  }

  /// The number of requests running, for tests.
  public var runningCount: Int { running.withLock { $0.tasks.count } }

  /// Forgets the request if it is still the latest for `key`; true when it was.
  private func finish(_ key: String, _ token: UInt64) -> Bool {
    running.withLock { running in
      guard running.tasks[key]?.token == token else { return false }
      running.tasks[key] = nil
      return true
    }
  }
}

/// What a scaffolded effect throws until it is implemented.
public struct UnimplementedEffect: Error, CustomStringConvertible {
  public let name: String

  public init(_ name: String) {
    self.name = name
  }

  public var description: String { "the effect '\(name)' is not implemented yet" }
}
