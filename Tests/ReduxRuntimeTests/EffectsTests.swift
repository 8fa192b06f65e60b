import Testing

@testable import ReduxRuntime

/// How long a test waits for outcomes. These tests check order and counts, not speed, and the
/// whole suite runs at once on a few cores: thirty queued requests, each a task hop after the last,
/// took more than the default five seconds there.
private let underLoad = Duration.seconds(50)

/// The outcomes the runner dispatched, in order.
private struct Outcomes: Equatable, Sendable {
  var all: [String] = []
}

private enum Outcome: Equatable, Sendable {
  case succeeded(String)
  case failed(String)
}

private let outcomesReducer: Store<Outcomes, Outcome>.Reducer = { state, action in
  switch action {
  case .succeeded(let value): state.all.append(value)
  case .failed(let message): state.all.append("failed: \(message)")
  }
}

private struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// Opens once; until then its waiters wait, cancelled or not, like a request whose answer
/// arrives although nobody wants it any more.
private final class Gate: Sendable {
  private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state -> Bool in
        if !state.isOpen { state.waiters.append(waiter) }
        return state.isOpen
      }
      if isOpen { waiter.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Says when it goes. Captured by a request's operation, it goes when the request's task ends,
/// after the runner has dispatched the outcome or dropped it.
private final class TaskEnd: Sendable {
  let report: @Sendable () -> Void

  init(_ report: @escaping @Sendable () -> Void) {
    self.report = report
  }

  deinit { report() }
}

/// A store for the outcomes, the context a middleware would pass the runner, and a stream of
/// what the requests report.
private struct Fixture: Sendable {
  let store = Store(initialState: Outcomes(), reducer: outcomesReducer)
  let reports: AsyncStream<String>
  let reporter: AsyncStream<String>.Continuation

  init() {
    (reports, reporter) = AsyncStream.makeStream(of: String.self)
  }

  var context: MiddlewareContext<Outcomes, Outcome> { MiddlewareContext(store: store) }

  /// Runs `operation` for `key`, reporting "<name> ended" when its task has ended.
  func run(
    _ runner: EffectRunner<Outcomes, Outcome>, _ key: String, policy: EffectPolicy = .latest, name: String,
    _ operation: @escaping @Sendable () async throws -> String
  ) {
    let end = TaskEnd { [reporter] in reporter.yield("\(name) ended") }
    runner.run(
      key, policy: policy, context: context,
      { [end] in
        _ = end
        return try await operation()
      }, success: { .succeeded($0) }, failure: { .failed("\($0)") })
  }
}

/// `EffectRunner`: one request per key, the newest wins, outcomes dispatched through the context.
@Suite(.timeLimit(.minutes(1))) struct EffectsTests {
  @Test("a request dispatches its success or its failure")
  func successAndFailure() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    fixture.run(runner, "load", name: "first") { "value" }
    _ = try await fixture.store.firstState(where: { $0.all == ["value"] }, timeout: underLoad)
    // The request was forgotten before its outcome was dispatched.
    #expect(runner.runningCount == 0)
    fixture.run(runner, "load", name: "second") { throw Boom() }
    _ = try await fixture.store.firstState(where: { $0.all == ["value", "failed: boom"] }, timeout: underLoad)
    #expect(runner.runningCount == 0)
  }

  @Test("observers hear each request start and end, or be cancelled, until they stop observing")
  func effectEvents() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    // Other tests' requests run meanwhile: only this scope's events count.
    let scope = "events-\(UInt64.random(in: 0...UInt64.max))"
    let heard = Locked<[EffectEvent.Kind]>([])
    let subscription = EffectEvents.observe { event in
      if event.scope == scope { heard.withLock { $0.append(event.kind) } }
    }
    let gate = Gate()
    var reports = fixture.reports.makeAsyncIterator()
    fixture.run(runner, scope, name: "old") {
      fixture.reporter.yield("old started")
      await gate.wait()
      return "old value"
    }
    #expect(await reports.next() == "old started")
    fixture.run(runner, scope, name: "new") { "new value" }
    _ = try await fixture.store.firstState(where: { $0.all == ["new value"] }, timeout: underLoad)
    gate.open()
    #expect(await reports.next() == "new ended")
    #expect(await reports.next() == "old ended")
    #expect(heard.withLock { $0.sorted { $0.rawValue < $1.rawValue } } == [.cancelled, .ended, .started, .started])
    subscription.cancel()
    fixture.run(runner, scope, name: "unheard") { "late value" }
    _ = try await fixture.store.firstState(where: { $0.all == ["new value", "late value"] }, timeout: underLoad)
    #expect(heard.withLock { $0.count } == 4)
  }

  @Test("a newer request for a key cancels the older one, whose outcome is dropped even if it arrives")
  func newerRequestWins() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    var reports = fixture.reports.makeAsyncIterator()
    let gate = Gate()
    fixture.run(runner, "load", name: "old") {
      fixture.reporter.yield("old started")
      await gate.wait()
      fixture.reporter.yield("old cancelled: \(Task.isCancelled)")
      return "old value"
    }
    #expect(await reports.next() == "old started")
    #expect(runner.runningCount == 1)
    fixture.run(runner, "load", name: "new") { "new value" }
    _ = try await fixture.store.firstState(where: { $0.all == ["new value"] }, timeout: underLoad)
    #expect(await reports.next() == "new ended")
    #expect(runner.runningCount == 0)
    gate.open()
    #expect(await reports.next() == "old cancelled: true")
    #expect(await reports.next() == "old ended")
    #expect(fixture.store.state.all == ["new value"])
  }

  @Test("requests for different keys run side by side")
  func differentKeysRunConcurrently() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    let gate = Gate()
    fixture.run(runner, "slow", name: "slow") {
      await gate.wait()
      return "slow value"
    }
    fixture.run(runner, "fast", name: "fast") { "fast value" }
    _ = try await fixture.store.firstState(where: { $0.all == ["fast value"] }, timeout: underLoad)
    #expect(runner.runningCount == 1)
    gate.open()
    _ = try await fixture.store.firstState(where: { $0.all == ["fast value", "slow value"] }, timeout: underLoad)
    #expect(runner.runningCount == 0)
  }

  @Test("cancelAll cancels every request; none dispatches anything")
  func cancelAll() async {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    var reports = fixture.reports.makeAsyncIterator()
    let gate = Gate()
    fixture.run(runner, "a", name: "a") {
      // Ends only by being cancelled.
      try await Task.sleep(for: .seconds(3_600))
      return "a value"
    }
    fixture.run(runner, "b", name: "b") {
      await gate.wait()
      return "b value"
    }
    #expect(runner.runningCount == 2)
    runner.cancelAll()
    #expect(runner.runningCount == 0)
    gate.open()
    var ended: Set<String> = []
    while ended.count < 2, let report = await reports.next() { ended.insert(report) }
    #expect(ended == ["a ended", "b ended"])
    #expect(fixture.store.state.all.isEmpty)
  }

  @Test("a runner that goes cancels its requests")
  func deinitCancels() async {
    let fixture = Fixture()
    var reports = fixture.reports.makeAsyncIterator()
    var runner: EffectRunner<Outcomes, Outcome>? = EffectRunner()
    fixture.run(runner!, "a", name: "a") {
      fixture.reporter.yield("a started")
      do {
        try await Task.sleep(for: .seconds(3_600))
      } catch {
        fixture.reporter.yield("a cancelled")
        throw error
      }
      return "a value"
    }
    #expect(await reports.next() == "a started")
    runner = nil
    #expect(await reports.next() == "a cancelled")
    #expect(await reports.next() == "a ended")
    #expect(fixture.store.state.all.isEmpty)
  }

  @Test("every: all requests of a scope run at once, and each dispatches its outcome exactly once")
  func everyRunsAll() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    let gates = (0..<40).map { _ in Gate() }
    // Made from many tasks at once, as actions dispatched from several threads.
    await withTaskGroup(of: Void.self) { group in
      for (index, gate) in gates.enumerated() {
        group.addTask {
          fixture.run(runner, "add", policy: .every, name: "\(index)") {
            await gate.wait()
            return "\(index)"
          }
        }
      }
    }
    #expect(runner.runningCount == 40)
    // Answered last to first: each outcome comes when its own request ends.
    for gate in gates.reversed() { gate.open() }
    let state = try await fixture.store.firstState(where: { $0.all.count == 40 }, timeout: underLoad)
    #expect(Set(state.all) == Set((0..<40).map { "\($0)" }))
    #expect(state.all.count == 40)
    #expect(runner.runningCount == 0)
  }

  @Test("queue: one request at a time, in the order made, each starting after the last outcome")
  func queueRunsInOrder() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    let store = fixture.store
    let first = Gate()
    for index in 0..<30 {
      fixture.run(runner, "save", policy: .queue, name: "\(index)") {
        if index == 0 { await first.wait() }
        // The one before has ended and its outcome is in the state.
        let seen = store.state.all.count
        await Task.yield()
        if index % 7 == 3 { throw Boom() }
        return "\(index) after \(seen)"
      }
    }
    #expect(runner.runningCount == 30)
    first.open()
    let state = try await fixture.store.firstState(where: { $0.all.count == 30 }, timeout: underLoad)
    #expect(state.all == (0..<30).map { $0 % 7 == 3 ? "failed: boom" : "\($0) after \($0)" })
    #expect(runner.runningCount == 0)
  }

  @Test("exhaust: a request made while one runs is dropped, its effect never called")
  func exhaustDropsWhileRunning() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    let calls = Locked(0)
    let gate = Gate()
    for index in 0..<20 {
      fixture.run(runner, "refresh", policy: .exhaust, name: "\(index)") {
        calls.withLock { $0 += 1 }
        await gate.wait()
        return "\(index)"
      }
    }
    #expect(runner.runningCount == 1)
    gate.open()
    _ = try await fixture.store.firstState(where: { $0.all == ["0"] }, timeout: underLoad)
    #expect(calls.withLock { $0 } == 1)
    // Once it has ended, the next request runs.
    fixture.run(runner, "refresh", policy: .exhaust, name: "late") { "late" }
    _ = try await fixture.store.firstState(where: { $0.all == ["0", "late"] }, timeout: underLoad)
    #expect(calls.withLock { $0 } == 1)
  }

  @Test("latest under contention: of many requests made at once, exactly one dispatches")
  func latestUnderContention() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    let gate = Gate()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        group.addTask {
          fixture.run(runner, "search", name: "\(index)") {
            await gate.wait()
            return "\(index)"
          }
        }
      }
    }
    #expect(runner.runningCount == 1)
    gate.open()
    let state = try await fixture.store.firstState(where: { !$0.all.isEmpty }, timeout: underLoad)
    #expect(state.all.count == 1)
    #expect(runner.runningCount == 0)
  }

  @Test("cancel(scope) cancels that scope's running and queued requests, not another scope's")
  func cancelOneScope() async throws {
    let fixture = Fixture()
    let runner = EffectRunner<Outcomes, Outcome>()
    var reports = fixture.reports.makeAsyncIterator()
    let gate = Gate()
    fixture.run(runner, "forecast", policy: .queue, name: "running") {
      fixture.reporter.yield("running started")
      await gate.wait()
      fixture.reporter.yield("running cancelled: \(Task.isCancelled)")
      return "running value"
    }
    fixture.run(runner, "forecast", policy: .queue, name: "queued") {
      fixture.reporter.yield("queued started")
      return "queued value"
    }
    fixture.run(runner, "search", name: "other") {
      await gate.wait()
      return "other value"
    }
    #expect(await reports.next() == "running started")
    runner.cancel("forecast")
    #expect(runner.runningCount == 1)
    gate.open()
    _ = try await fixture.store.firstState(where: { $0.all == ["other value"] }, timeout: underLoad)
    var seen: Set<String> = []
    while seen.count < 4, let report = await reports.next() { seen.insert(report) }
    // The queued request ended without calling its effect.
    #expect(seen == ["running cancelled: true", "running ended", "queued ended", "other ended"])
    #expect(fixture.store.state.all == ["other value"])
  }

  @Test("an unimplemented effect names itself")
  func unimplementedEffect() {
    #expect("\(UnimplementedEffect("fetchUser"))" == "the effect 'fetchUser' is not implemented yet")
  }
}
