import Synchronization
import Testing

@testable import ReduxRuntime

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
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

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
    _ runner: EffectRunner<Outcomes, Outcome>, _ key: String, name: String,
    _ operation: @escaping @Sendable () async throws -> String
  ) {
    let end = TaskEnd { [reporter] in reporter.yield("\(name) ended") }
    runner.run(
      key, context: context,
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
    _ = try await fixture.store.firstState(where: { $0.all == ["value"] })
    // The request was forgotten before its outcome was dispatched.
    #expect(runner.runningCount == 0)
    fixture.run(runner, "load", name: "second") { throw Boom() }
    _ = try await fixture.store.firstState(where: { $0.all == ["value", "failed: boom"] })
    #expect(runner.runningCount == 0)
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
    _ = try await fixture.store.firstState(where: { $0.all == ["new value"] })
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
    _ = try await fixture.store.firstState(where: { $0.all == ["fast value"] })
    #expect(runner.runningCount == 1)
    gate.open()
    _ = try await fixture.store.firstState(where: { $0.all == ["fast value", "slow value"] })
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

  @Test("an unimplemented effect names itself")
  func unimplementedEffect() {
    #expect("\(UnimplementedEffect("fetchUser"))" == "the effect 'fetchUser' is not implemented yet")
  }
}
