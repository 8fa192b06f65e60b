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

/// When a request may start: after a quiet time, or at most once per interval.
public enum EffectTiming: Sendable, Equatable {
  /// The request waits this long before its effect starts; a newer request of its scope made
  /// meanwhile replaces it (a search as the user types).
  case debounce(Duration)
  /// Requests start at most once per interval: one made sooner waits for the interval's end,
  /// and a newer one made meanwhile replaces it (a refresh the user keeps asking for).
  case throttle(Duration)
}

/// Runs the requests of a feature's effects middleware (generated for `async` actions).
///
/// Requests are grouped in scopes (by default, one per async action). Within a scope, a new
/// request follows the scope's `EffectPolicy`; requests of different scopes run side by side.
/// `cancel(_:)` cancels a scope's requests and `cancelAll()` every one: a cancelled request
/// dispatches nothing, even if its effect returns after all, and its effect sees Swift's
/// cooperative cancellation (`Task.isCancelled`, `CancellationError`).
///
/// A request with an `EffectTiming` first waits on the runner's clock (`ContinuousClock` unless
/// one is given: a test passes a clock it advances by hand). Its policy applies when it starts,
/// except that under `latest` a new request cancels the running ones at once, waiting or not:
/// only the newest request's outcome counts.
public final class EffectRunner<State: Sendable, Action: Sendable>: Sendable {
  private struct Request {
    var token: UInt64
    var task: _Concurrency.Task<Void, Never>
  }

  /// A request waiting on the clock, due to start at `due` (time since the runner was made).
  private struct Waiting {
    var request: Request
    var due: Duration
  }

  private struct Running {
    var nextToken: UInt64 = 0
    /// Each scope's requests, oldest first; a scope without requests has no entry.
    var scopes: [String: [Request]] = [:]
    /// Each queue's last request, until it has dispatched its outcome: the next one waits for it.
    var tails: [String: Request] = [:]
    /// Each scope's request waiting on the clock (debounced or throttled): one at most.
    var waiting: [String: Waiting] = [:]
    /// When each throttled scope last started a request.
    var lastStart: [String: Duration] = [:]
    /// Each scope dispatching on a timer (`dispatch(_:every:in:context:)`): the series' number,
    /// which its next tick must still find here.
    var repeating: [String: UInt64] = [:]
    /// Every task until its body has ended (its outcome handed to the store, or dropped), with
    /// when a waiting one is due: what `idle()` awaits. A request is here from the moment its
    /// task exists, so no step between scopes, waiting and dispatch hides it.
    var active: [UInt64: (task: _Concurrency.Task<Void, Never>, due: Duration?)] = [:]
  }

  private let running = Locked(Running())
  /// The runner's clock, as the time since the runner was made, and a sleep until such a time
  /// (a deadline fixed when the request is made, not when its task gets to run).
  private let now: @Sendable () -> Duration
  private let sleep: @Sendable (_ until: Duration) async throws -> Void

  /// - Parameter clock: What debounced and throttled requests wait on; a test passes one it
  ///   advances by hand.
  public init<C: Clock>(clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { due in try await clock.sleep(until: origin.advanced(by: due), tolerance: nil) }
  }

  /// A runner whose debounced and throttled requests wait on the `ContinuousClock`.
  public convenience init() {
    self.init(clock: ContinuousClock())
  }

  deinit {
    // Tasks are cancelled outside the lock: a cancellation handler runs at once, on this thread.
    let tasks = running.withLock { running in
      running.scopes.values.flatMap { $0.map(\.task) } + running.waiting.values.map(\.request.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Starts `operation` in `scope` as `policy` and `timing` say, and dispatches
  /// `success(value)` or `failure(error)` through `context` unless the request was cancelled
  /// meanwhile. A `success` that gives nil dispatches nothing: the request just ends.
  public func run<Value: Sendable, Failure: Error>(
    _ scope: String, policy: EffectPolicy = .latest, timing: EffectTiming? = nil,
    context: MiddlewareContext<State, Action>,
    _ operation: @escaping @Sendable () async throws(Failure) -> Value,
    success: @escaping @Sendable (Value) -> Action?, failure: @escaping @Sendable (Failure) -> Action
  ) {
    guard let timing else {
      // No closure to build on the common path: each allocation shows in every request.
      return start(scope, policy: policy, context: context, operation, success: success, failure: failure)
    }
    // Started when its wait is over: a request waiting now was made after it, and stays.
    let start: @Sendable () -> Void = { [weak self] in
      self?.start(
        scope, policy: policy, overtakesWaiting: false, context: context, operation, success: success, failure: failure)
    }
    let (cancelled, startsNow) = running.withLock { running -> ([Request], Bool) in
      // A newer request replaces the one waiting; under `latest` it also overtakes those running.
      var cancelled = running.waiting.removeValue(forKey: scope).map { [$0.request] } ?? []
      if policy == .latest { cancelled += running.scopes.removeValue(forKey: scope) ?? [] }
      let now = self.now()
      let delay: Duration
      switch timing {
      case .debounce(let quiet):
        delay = quiet
      case .throttle(let interval):
        guard let last = running.lastStart[scope], now < last + interval else {
          running.lastStart[scope] = now
          return (cancelled, true)
        }
        delay = last + interval - now
      }
      running.nextToken += 1
      let token = running.nextToken
      let sleep = self.sleep
      let clockNow = self.now
      let due = now + delay
      let task = _Concurrency.Task { [weak self] in
        defer { self?.endActive(token) }
        // A test clock advanced past `due` before this task ran has nothing to wake it: don't sleep.
        do { if clockNow() < due { try await sleep(due) } } catch { return }
        guard self?.endWait(scope, token) == true else { return }
        start()
      }
      running.waiting[scope] = Waiting(request: Request(token: token, task: task), due: due)
      running.active[token] = (task, due)
      return (cancelled, false)
    }
    for request in cancelled { request.task.cancel() }
    if startsNow { start() }
  }

  /// Starts a request whose effect gives a stream (a transcript's partial results, a socket's
  /// messages) in `scope` as `policy` and `timing` say, and dispatches `element(value)` through
  /// `context` for each value it yields, in order, then nothing when it finishes, or
  /// `failure(error)` when it throws. A cancelled request (by `cancel(_:)`, `cancelAll()`, a newer
  /// request under `latest`, or its middleware ending) stops iterating: the stream is told it is
  /// terminated, and nothing more is dispatched. Under `queue` the next request starts when the
  /// stream has ended; under `exhaust` none starts while it runs.
  public func stream<Element: Sendable>(
    _ scope: String, policy: EffectPolicy = .latest, timing: EffectTiming? = nil,
    context: MiddlewareContext<State, Action>,
    _ operation: @escaping @Sendable () async throws -> AsyncThrowingStream<Element, any Error>,
    element: @escaping @Sendable (Element) -> Action, failure: @escaping @Sendable (any Error) -> Action
  ) {
    run(
      scope, policy: policy, timing: timing, context: context,
      { () async throws(any Error) -> Void in
        for try await value in try await operation() {
          // Cancelled between two values: the rest are dropped, as a single request's outcome is.
          guard !_Concurrency.Task.isCancelled else { return }
          context.dispatch(element(value))
        }
      }, success: { _ in nil }, failure: failure)
  }

  /// Starts a request as its scope's policy says; under `latest`, one made now (not at the end
  /// of its wait) also overtakes the request waiting on the clock.
  private func start<Value: Sendable, Failure: Error>(
    _ scope: String, policy: EffectPolicy, overtakesWaiting: Bool = true, context: MiddlewareContext<State, Action>,
    _ operation: @escaping @Sendable () async throws(Failure) -> Value,
    success: @escaping @Sendable (Value) -> Action?, failure: @escaping @Sendable (Failure) -> Action
  ) {
    let overtaken = running.withLock { running -> [Request] in
      let requests = running.scopes[scope] ?? []
      var overtaken: [Request] = []
      switch policy {
      case .latest:
        // The newest request overtakes those running and one waiting on the clock.
        overtaken = requests
        if overtakesWaiting, let waiting = running.waiting.removeValue(forKey: scope) { overtaken.append(waiting.request) }
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
        defer { self?.endActive(token) }
        if let previous { await previous.value }
        defer { if policy == .queue { self?.endQueued(scope, token) } }
        guard !_Concurrency.Task.isCancelled else {
          self?.finish(scope, token)
          return
        }
        EffectEvents.emit(.started, scope)
        let outcome: Action?
        do throws(Failure) {
          outcome = success(try await operation())
        } catch {
          // A cancelled request's outcome is dropped below, whatever its effect threw.
          outcome = failure(error)
        }
        guard self?.finish(scope, token) == true, !_Concurrency.Task.isCancelled else {
          EffectEvents.emit(.cancelled, scope)
          return
        }
        EffectEvents.emit(.ended, scope)
        guard let outcome else { return }
        context.dispatch(outcome)
      }
      let request = Request(token: token, task: task)
      running.active[token] = (task, nil)
      running.scopes[scope, default: []].append(request)
      if policy == .queue { running.tails[scope] = request }
      return overtaken
    }
    for request in overtaken { request.task.cancel() }
  }

  /// Dispatches `actions`, in order, through `context` once `delay` has passed on the runner's
  /// clock, unless another call for `scope` comes first and replaces them (a debounce: only the
  /// newest call's actions are dispatched; one with none just drops those waiting) or
  /// `cancel(scope)` drops them. A generated feature's delayed follow-ups (`then: "sortTodos
  /// after 1s"`) go through it, one scope per trigger.
  public func dispatch(
    _ actions: [Action], after delay: Duration, in scope: String, context: MiddlewareContext<State, Action>
  ) {
    guard let last = actions.last else { return cancel(scope) }
    // All of them at once, once the wait is over: the operation doesn't wait, so a newer call
    // or a cancellation comes before it (and drops them all) or after it. It throws nothing:
    // the failure is never made.
    run(
      scope, timing: .debounce(delay), context: context,
      { () async throws(CancellationError) in
        for action in actions { context.dispatch(action) }
      },
      success: { _ in nil }, failure: { _ in last })
  }

  /// Dispatches `actions`, in order, through `context` every `interval` on the runner's clock,
  /// the first time one interval from now, until `cancel(scope)` or `cancelAll()` stops it or
  /// another call for `scope` replaces it (one with no actions just stops it): a timer, as
  /// TCA's `for await _ in clock.timer(interval:)`. Each tick is due one interval after the one
  /// before, not after it ran, so a test clock moved three intervals at once delivers three, one
  /// after another, and `idle()` returns once those due are dispatched. A generated feature's
  /// repeating follow-ups (`then: "tick every 1s"`) go through it, one scope per trigger. The
  /// timer holds its store weakly: a store its owner lets go ends, and with it the timer.
  public func dispatch(
    _ actions: [Action], every interval: Duration, in scope: String, context: MiddlewareContext<State, Action>
  ) {
    guard !actions.isEmpty, interval > .zero else { return cancel(scope) }
    let cancelled = running.withLock { running -> [Request] in
      let cancelled = (running.waiting.removeValue(forKey: scope).map { [$0.request] } ?? [])
        + (running.scopes.removeValue(forKey: scope) ?? [])
      running.nextToken += 1
      let series = running.nextToken
      running.repeating[scope] = series
      let tick = Tick(
        scope: scope, series: series, interval: interval, actions: actions,
        dispatch: context.dispatchWithoutKeepingTheStore)
      schedule(tick, due: now() + interval, in: &running)
      return cancelled
    }
    for request in cancelled { request.task.cancel() }
  }

  /// One timer's series: what each of its ticks dispatches, and how often.
  private struct Tick: Sendable {
    var scope: String
    var series: UInt64
    var interval: Duration
    var actions: [Action]
    /// Holds the store weakly: a timer doesn't keep alive the store that would stop it.
    var dispatch: @Sendable (Action) -> Void
  }

  /// Inside the lock: the task of `tick`'s next tick, due at `due`, waiting in its scope. Once it
  /// has dispatched, it schedules the one after it while its series is still the scope's.
  private func schedule(_ tick: Tick, due: Duration, in running: inout Running) {
    running.nextToken += 1
    let token = running.nextToken
    let sleep = self.sleep
    let clockNow = self.now
    let task = _Concurrency.Task { [weak self] in
      defer { self?.endActive(token) }
      do { if clockNow() < due { try await sleep(due) } } catch { return }
      guard let self, self.endTick(tick, token) else { return }
      for action in tick.actions { tick.dispatch(action) }
      self.running.withLock { running in
        guard running.repeating[tick.scope] == tick.series else { return }
        self.schedule(tick, due: due + tick.interval, in: &running)
      }
    }
    running.waiting[tick.scope] = Waiting(request: Request(token: token, task: task), due: due)
    running.active[token] = (task, due)
  }

  /// Takes a tick out of waiting to dispatch it; false when its series was stopped or replaced.
  private func endTick(_ tick: Tick, _ token: UInt64) -> Bool {
    running.withLock { running in
      guard running.repeating[tick.scope] == tick.series, running.waiting[tick.scope]?.request.token == token else {
        return false
      }
      running.waiting[tick.scope] = nil
      return true
    }
  }

  /// Cancels the requests of `scope`, running, queued or waiting, and its timer; none of them
  /// dispatches an outcome.
  public func cancel(_ scope: String) {
    let cancelled = running.withLock { running in
      defer {
        running.scopes[scope] = nil
        running.waiting[scope] = nil
        running.repeating[scope] = nil
      }
      return (running.scopes[scope] ?? []) + (running.waiting[scope].map { [$0.request] } ?? [])
    }
    for request in cancelled { request.task.cancel() }
  }

  /// Cancels every request and timer; none of them dispatches an outcome.
  public func cancelAll() {
    let cancelled = running.withLock { running in
      defer {
        running.scopes = [:]
        running.waiting = [:]
        running.repeating = [:]
      }
      return running.scopes.values.flatMap { $0 } + running.waiting.values.map(\.request)
    }
    for request in cancelled { request.task.cancel() }
  }

  /// The number of requests running, queued or waiting on the clock, for tests.
  public var runningCount: Int {
    running.withLock { $0.scopes.values.reduce($0.waiting.count) { $0 + $1.count } }
  }

  /// Returns when no request is running or queued, and none waiting on the clock is due: each
  /// has handed its outcome to the store (or dropped it). A test awaits it after dispatching, or
  /// after advancing its clock, instead of polling; requests still waiting on the clock stay
  /// waiting. (An outcome handed to a store that another thread is dispatching on reaches the
  /// state when that thread gets to it.) Returns whether there was anything to wait for.
  @discardableResult
  public func idle() async -> Bool {
    var waited = false
    // A caller that gave up (a test's time limit) stops waiting: a timer on an immediate clock
    // would keep it here for ever.
    while !_Concurrency.Task.isCancelled {
      let now = self.now()
      let tasks = running.withLock { running in
        running.active.values.compactMap { entry in entry.due.map { $0 <= now } ?? true ? entry.task : nil }
      }
      guard !tasks.isEmpty else { return waited }
      waited = true
      for task in tasks { await task.value }
    }
    return waited
  }

  /// The scopes with requests running or queued, and those with one waiting on the clock, for a
  /// test's failure message.
  public var pendingWork: [String] {
    running.withLock { running in
      let busy = running.scopes.map { "'\($0.key)': \($0.value.count) request(s) running or queued" }
      let waiting = running.waiting.keys.map { scope in
        running.repeating[scope] != nil ? "'\(scope)': a timer" : "'\(scope)': a request waiting on the clock"
      }
      return (busy + waiting).sorted()
    }
  }

  /// Forgets a task whose body has ended.
  private func endActive(_ token: UInt64) {
    running.withLock { _ = $0.active.removeValue(forKey: token) }
  }

  /// Moves a request from waiting to starting; false when it was replaced or cancelled.
  private func endWait(_ scope: String, _ token: UInt64) -> Bool {
    running.withLock { running in
      guard running.waiting[scope]?.request.token == token else { return false }
      running.waiting[scope] = nil
      if running.lastStart[scope] != nil { running.lastStart[scope] = now() }
      return true
    }
  }

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
