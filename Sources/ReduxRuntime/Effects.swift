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
    /// Each queue's last request, until it has dispatched its outcome: the next one waits for it.
    var tails: [String: Request] = [:]
  }

  private let running = Locked(Running())

  public init() {}

  deinit {
    // Tasks are cancelled outside the lock: a cancellation handler runs at once, on this thread.
    let tasks = running.withLock { running in running.scopes.values.flatMap { $0.map(\.task) } }
    for task in tasks { task.cancel() }
  }

  /// Starts `operation` in `scope` as `policy` says, and dispatches `success(value)` or
  /// `failure(error)` through `context` unless the request was cancelled meanwhile.
  public func run<Value: Sendable>(
    _ scope: String, policy: EffectPolicy = .latest, context: MiddlewareContext<State, Action>,
    _ operation: @escaping @Sendable () async throws -> Value,
    success: @escaping @Sendable (Value) -> Action, failure: @escaping @Sendable (any Error) -> Action
  ) {
    let overtaken = running.withLock { running -> [Request] in
      let requests = running.scopes[scope] ?? []
      var overtaken: [Request] = []
      switch policy {
      case .latest:
        overtaken = requests
        running.scopes[scope] = nil
      case .every, .queue:
        break
      case .exhaust:
        guard requests.isEmpty else { return [] }
      }
      // A queued request starts when the one before it has dispatched its outcome (or ended).
      let previous = policy == .queue ? running.tails[scope]?.task : nil
      running.nextToken += 1
      let token = running.nextToken
      let task = _Concurrency.Task { [weak self] in
        if let previous { await previous.value }
        defer { if policy == .queue { self?.endQueued(scope, token) } }
        let outcome: Action
        do {
          try _Concurrency.Task.checkCancellation()
          outcome = success(try await operation())
        } catch is CancellationError where _Concurrency.Task.isCancelled {
          self?.finish(scope, token)
          return
        } catch {
          // An effect's own error, a `CancellationError` it threw uncancelled included.
          outcome = failure(error)
        }
        guard self?.finish(scope, token) == true, !_Concurrency.Task.isCancelled else { return }
        context.dispatch(outcome)
      }
      let request = Request(token: token, task: task)
      running.scopes[scope, default: []].append(request)
      if policy == .queue { running.tails[scope] = request }
      return overtaken
    }
    for request in overtaken { request.task.cancel() }
  }

  /// Cancels the requests of `scope`, running or queued; none of them dispatches an outcome.
  public func cancel(_ scope: String) {
    let cancelled = running.withLock { running in
      defer { running.scopes[scope] = nil }
      return running.scopes[scope] ?? []
    }
    for request in cancelled { request.task.cancel() }
  }

  /// Cancels every request; none of them dispatches an outcome.
  public func cancelAll() {
    let cancelled = running.withLock { running in
      defer { running.scopes = [:] }
      return running.scopes.values.flatMap { $0 }
    }
    for request in cancelled { request.task.cancel() }
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

  /// Forgets a queue's last request once it has dispatched (or dropped) its outcome.
  private func endQueued(_ scope: String, _ token: UInt64) {
    running.withLock { running in
      if running.tails[scope]?.token == token { running.tails[scope] = nil }
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
