import Clocks
import Testing

@testable import ReduxRuntime

/// What the timing tests' store keeps: the outcomes, in order.
private struct TimedLog: Equatable, Sendable {
  var all: [String] = []
}

private enum Entry: Equatable, Sendable {
  case value(String)
  case failed(Rejection)
}

/// A typed error, as a spec's `failure: { error: T }` declares.
private enum Rejection: Error, Equatable, Sendable {
  case notFound(String)
}

private let timedLogReducer: Store<TimedLog, Entry>.Reducer = { state, entry in
  switch entry {
  case .value(let value): state.all.append(value)
  case .failed(.notFound(let name)): state.all.append("not found: \(name)")
  }
}

/// A runner on a clock the test advances, and the store its outcomes reach.
private struct Timed: Sendable {
  let clock = TestClock()
  let store = Store(initialState: TimedLog(), reducer: timedLogReducer)
  let runner: EffectRunner<TimedLog, Entry>
  /// The values the requests' effects were called with, in order.
  let calls = Locked<[String]>([])

  init() {
    runner = EffectRunner(clock: clock)
  }

  func request(_ value: String, policy: EffectPolicy = .latest, timing: EffectTiming?) {
    let calls = self.calls
    runner.run(
      "search", policy: policy, timing: timing, context: MiddlewareContext(store: store),
      {
        calls.withLock { $0.append(value) }
        return value
      }, success: { .value($0) }, failure: { (error: any Error) in .value("failed: \(error)") })
  }

  var called: [String] { calls.withLock { $0 } }
}

/// Debounce and throttle on a test clock: no test sleeps.
@Suite(.timeLimit(.minutes(1))) struct EffectTimingTests {
  @Test("a debounced request starts after the quiet time; newer ones made meanwhile replace it")
  func debounce() async {
    let timed = Timed()
    let quiet = EffectTiming.debounce(.milliseconds(300))
    timed.request("a", timing: quiet)
    await timed.clock.advance(by: .milliseconds(200))
    timed.request("ab", timing: quiet)
    await timed.clock.advance(by: .milliseconds(299))
    await timed.runner.idle()
    #expect(timed.called.isEmpty)
    #expect(timed.runner.runningCount == 1)
    await timed.clock.advance(by: .milliseconds(1))
    await timed.runner.idle()
    #expect(timed.called == ["ab"])
    #expect(timed.store.state.all == ["ab"])
    #expect(timed.runner.runningCount == 0)
  }

  @Test("delayed actions are dispatched in order once the wait has passed; a newer call replaces them, an empty one drops them")
  func delayedDispatch() async {
    let timed = Timed()
    let context = MiddlewareContext(store: timed.store)
    timed.runner.dispatch([.value("a1"), .value("a2")], after: .seconds(1), in: "tap", context: context)
    await timed.clock.advance(by: .milliseconds(600))
    // A newer call of the scope replaces the waiting actions and waits anew; another scope waits apart.
    timed.runner.dispatch([.value("b1"), .value("b2")], after: .seconds(1), in: "tap", context: context)
    timed.runner.dispatch([.value("other")], after: .milliseconds(500), in: "type", context: context)
    await timed.clock.advance(by: .milliseconds(999))
    await timed.runner.idle()
    #expect(timed.store.state.all == ["other"])
    await timed.clock.advance(by: .milliseconds(1))
    await timed.runner.idle()
    #expect(timed.store.state.all == ["other", "b1", "b2"])
    // None: those waiting are dropped, and nothing comes.
    timed.runner.dispatch([.value("c")], after: .seconds(1), in: "tap", context: context)
    timed.runner.dispatch([], after: .seconds(1), in: "tap", context: context)
    #expect(timed.runner.runningCount == 0)
    await timed.clock.advance(by: .seconds(2))
    await timed.runner.idle()
    #expect(timed.store.state.all == ["other", "b1", "b2"])
  }

  @Test("a timer dispatches its actions every interval until cancelled; a newer call restarts it, an empty one stops it")
  func timer() async {
    let timed = Timed()
    let context = MiddlewareContext(store: timed.store)
    timed.runner.dispatch([.value("tick"), .value("tock")], every: .seconds(1), in: "start", context: context)
    await timed.clock.advance(by: .milliseconds(999))
    await timed.runner.idle()
    #expect(timed.store.state.all.isEmpty)
    await timed.clock.advance(by: .milliseconds(1))
    await timed.runner.idle()
    #expect(timed.store.state.all == ["tick", "tock"])
    // Three intervals at once: three ticks, each due one interval after the one before.
    await timed.clock.advance(by: .seconds(3))
    await timed.runner.idle()
    #expect(timed.store.state.all.count == 8)
    #expect(timed.runner.runningCount == 1)
    // A newer call restarts it from now: half an interval later, nothing of the old series.
    await timed.clock.advance(by: .milliseconds(500))
    timed.runner.dispatch([.value("new")], every: .seconds(1), in: "start", context: context)
    await timed.clock.advance(by: .milliseconds(600))
    await timed.runner.idle()
    #expect(timed.store.state.all.count == 8)
    await timed.clock.advance(by: .milliseconds(400))
    await timed.runner.idle()
    #expect(timed.store.state.all.last == "new")
    #expect(timed.store.state.all.count == 9)
    // An empty call stops it; so does cancel(_:) and cancelAll().
    timed.runner.dispatch([], every: .seconds(1), in: "start", context: context)
    #expect(timed.runner.runningCount == 0)
    await timed.clock.advance(by: .seconds(5))
    await timed.runner.idle()
    #expect(timed.store.state.all.count == 9)
    timed.runner.dispatch([.value("a")], every: .seconds(1), in: "one", context: context)
    timed.runner.dispatch([.value("b")], every: .seconds(2), in: "two", context: context)
    await timed.clock.advance(by: .seconds(2))
    await timed.runner.idle()
    #expect(timed.store.state.all.suffix(3).sorted() == ["a", "a", "b"])
    timed.runner.cancel("one")
    await timed.clock.advance(by: .seconds(2))
    await timed.runner.idle()
    #expect(timed.store.state.all.suffix(4).sorted() == ["a", "a", "b", "b"])
    timed.runner.cancelAll()
    #expect(timed.runner.runningCount == 0)
    await timed.clock.advance(by: .seconds(10))
    await timed.runner.idle()
    #expect(timed.store.state.all.count == 13)
  }

  @Test("a throttled request starts at once, then at most once per interval, the newest at its end")
  func throttle() async {
    let timed = Timed()
    let interval = EffectTiming.throttle(.seconds(1))
    timed.request("first", policy: .every, timing: interval)
    await timed.runner.idle()
    #expect(timed.called == ["first"])
    timed.request("second", policy: .every, timing: interval)
    timed.request("third", policy: .every, timing: interval)
    await timed.clock.advance(by: .milliseconds(999))
    await timed.runner.idle()
    #expect(timed.called == ["first"])
    await timed.clock.advance(by: .milliseconds(1))
    await timed.runner.idle()
    #expect(timed.called == ["first", "third"])
    // The interval counts from the last start: one second later a request starts at once.
    await timed.clock.advance(by: .seconds(1))
    timed.request("fourth", policy: .every, timing: interval)
    await timed.runner.idle()
    #expect(timed.store.state.all == ["first", "third", "fourth"])
  }

  @Test("cancelling a scope cancels its request waiting on the clock")
  func cancelWaiting() async {
    let timed = Timed()
    timed.request("a", timing: .debounce(.milliseconds(300)))
    timed.runner.cancel("search")
    #expect(timed.runner.runningCount == 0)
    await timed.clock.advance(by: .seconds(1))
    await timed.runner.idle()
    #expect(timed.called.isEmpty)
    #expect(timed.store.state.all.isEmpty)
  }

  @Test("under latest, a new request cancels the running one at once, though it waits to start")
  func latestOvertakesWhileWaiting() async {
    let timed = Timed()
    let gate = AsyncStream.makeStream(of: Void.self)
    let started = AsyncStream.makeStream(of: Void.self)
    timed.runner.run(
      "search", context: MiddlewareContext(store: timed.store),
      {
        started.continuation.yield()
        for await _ in gate.stream { break }
        return "slow"
      }, success: { .value($0) }, failure: { (error: any Error) in .value("failed: \(error)") })
    var starts = started.stream.makeAsyncIterator()
    await starts.next()
    timed.request("quick", timing: .debounce(.milliseconds(300)))
    gate.continuation.yield()
    await timed.clock.advance(by: .milliseconds(300))
    await timed.runner.idle()
    #expect(timed.store.state.all == ["quick"])
  }

  @Test("a typed failure reaches its action as it was thrown")
  func typedFailure() async {
    let timed = Timed()
    timed.runner.run(
      "find", context: MiddlewareContext(store: timed.store),
      { () async throws(Rejection) -> String in throw .notFound("emma") },
      success: { .value($0) }, failure: { .failed($0) })
    await timed.runner.idle()
    #expect(timed.store.state.all == ["not found: emma"])
  }

  @Test("a success that gives nil ends the request without dispatching")
  func finishWithoutDispatch() async {
    let timed = Timed()
    for query in ["", "emma"] {
      timed.runner.run(
        "search", policy: .queue, context: MiddlewareContext(store: timed.store),
        { query.isEmpty ? nil : query }, success: { $0.map(Entry.value) },
        failure: { (error: any Error) in .value("failed: \(error)") })
    }
    await timed.runner.idle()
    #expect(timed.store.state.all == ["emma"])
    #expect(timed.runner.runningCount == 0)
  }
}
