/// How the requests of one scope go together: what a new request does to the ones running.
public enum EffectPolicy: Sendable, Equatable {
  /// A new request cancels the running ones, whose outcomes are dropped: only the latest
  /// dispatches (a search as the user types; RxJS's `switchMap`).
  case latest
  /// Every request runs at once and dispatches its outcome (adding and removing items, each of
  /// which must finish; `mergeMap`).
  case every
  /// One request at a time, in the order they were made; outcomes in that order (saves that
  /// must not overtake each other; `concatMap`).
  case queue
  /// A request made while another of its scope runs is dropped: its effect isn't called and it
  /// dispatches nothing (a refresh while one is under way; `exhaustMap`).
  case exhaust
}

/// Runs the requests of a feature's effects middleware (generated for `async` actions).
///
/// Requests are grouped in scopes (by default, one per async action). Within a scope, a new
/// request follows the scope's `EffectPolicy`; requests of different scopes run side by side.
/// `cancel(_:)` cancels a scope's requests and `cancelAll()` every one: a cancelled request
/// dispatches nothing, even if its effect returns after all, and its effect sees Swift's
/// cooperative cancellation (`Task.isCancelled`, `CancellationError`).
public final class EffectRunner<State: Sendable, Action: Sendable>: Sendable {
  private struct Request {
    var token: UInt64
    var task: _Concurrency.Task<Void, Never>
  }

  private struct Running {
    var nextToken: UInt64 = 0
    /// Each scope's requests, oldest first; a scope without requests has no entry.
    var scopes: [String: [Request]] = [:]
  }

  private let running = Locked(Running())

  public init() {}

  deinit {
    running.withLock { running in
      for requests in running.scopes.values {
        for request in requests { request.task.cancel() }
      }
    }
  }

  /// Starts `operation` in `scope` as `policy` says, and dispatches `success(value)` or
  /// `failure(error)` through `context` unless the request was cancelled meanwhile.
  public func run<Value: Sendable>(
    _ scope: String, policy: EffectPolicy = .latest, context: MiddlewareContext<State, Action>,
    _ operation: @escaping @Sendable () async throws -> Value,
    success: @escaping @Sendable (Value) -> Action, failure: @escaping @Sendable (any Error) -> Action
  ) {
    running.withLock { running in
      let requests = running.scopes[scope] ?? []
      var previous: _Concurrency.Task<Void, Never>?
      switch policy {
      case .latest:
        for request in requests { request.task.cancel() }
        running.scopes[scope] = nil
      case .every:
        break
      case .queue:
        previous = requests.last?.task
      case .exhaust:
        guard requests.isEmpty else { return }
      }
      running.nextToken += 1
      let token = running.nextToken
      let task = _Concurrency.Task { [weak self] in
        // A queued request starts when the one before it has ended, outcome dispatched.
        if let previous { await previous.value }
        let outcome: Action
        do {
          try _Concurrency.Task.checkCancellation()
          outcome = success(try await operation())
        } catch is CancellationError {
          self?.finish(scope, token)
          return
        } catch {
          outcome = failure(error)
        }
        guard self?.finish(scope, token) == true, !_Concurrency.Task.isCancelled else { return }
        context.dispatch(outcome)
      }
      running.scopes[scope, default: []].append(Request(token: token, task: task))
    }
  }

  /// Cancels the requests of `scope`, running or queued; none of them dispatches an outcome.
  public func cancel(_ scope: String) {
    running.withLock { running in
      for request in running.scopes[scope] ?? [] { request.task.cancel() }
      running.scopes[scope] = nil
    }
  }

  /// Cancels every request; none of them dispatches an outcome.
  public func cancelAll() {
    running.withLock { running in
      for requests in running.scopes.values {
        for request in requests { request.task.cancel() }
      }
      running.scopes = [:]
    }
  }

  /// The number of requests running or queued, for tests.
  public var runningCount: Int { running.withLock { $0.scopes.values.reduce(0) { $0 + $1.count } } }

  /// Forgets the request if it is still in its scope; true when it was (not cancelled).
  @discardableResult
  private func finish(_ scope: String, _ token: UInt64) -> Bool {
    running.withLock { running in
      guard let index = running.scopes[scope]?.firstIndex(where: { $0.token == token }) else { return false }
      running.scopes[scope]!.remove(at: index)
      if running.scopes[scope]!.isEmpty { running.scopes[scope] = nil }
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
