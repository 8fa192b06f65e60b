import ReduxTesting
import Testing

@testable import ReduxRuntime

/// A log of what a runner's delayed dispatches delivered, in order.
private let logReducer: Store<[String], String>.Reducer = { state, entry in state.append(entry) }

/// ReduxTesting's clocks as the generated tests use them: `ManualClock` (examples let delayed
/// follow-ups run once a step has settled) and `PausedClock` (nothing is ever due).
@Suite(.timeLimit(.minutes(1))) struct ClockTests {
  @Test("a manual clock's sleepers wake when it is told to move past everything, not before")
  func manualClockWakesOnlyWhenTold() async throws {
    let clock = ManualClock()
    let woke = Locked(false)
    let sleeper = Task {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
      woke.withLock { $0 = true }
    }
    // However long the sleeper waits to be scheduled, time doesn't move by itself.
    for _ in 0..<50 { await Task.yield() }
    #expect(woke.withLock { $0 } == false)
    clock.advancePastEverything()
    try await sleeper.value
    #expect(woke.withLock { $0 })
    // A deadline already past returns at once.
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
  }

  @Test("a manual clock's sleeper that is cancelled throws CancellationError")
  func manualClockCancellation() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test("a paused clock never makes a wait due: a delayed dispatch stays waiting until cancelled")
  func pausedClockKeepsWaiting() async {
    let store = Store(initialState: [String](), reducer: logReducer)
    let runner = EffectRunner<[String], String>(clock: PausedClock())
    runner.dispatch(["later"], after: .milliseconds(10), in: "tap", context: MiddlewareContext(store: store))
    await runner.idle()
    #expect(store.state.isEmpty)
    #expect(runner.runningCount == 1)
    runner.cancel("tap")
    #expect(runner.runningCount == 0)
    #expect(store.state.isEmpty)
  }

  @Test("on a manual clock, delayed dispatches come once it moves, the newest of a scope replacing the older")
  func manualClockRunsDelayedDispatches() async {
    let store = Store(initialState: [String](), reducer: logReducer)
    let clock = ManualClock()
    let runner = EffectRunner<[String], String>(clock: clock)
    let context = MiddlewareContext(store: store)
    runner.dispatch(["first"], after: .seconds(1), in: "tap", context: context)
    runner.dispatch(["second", "third"], after: .seconds(1), in: "tap", context: context)
    await runner.idle()
    #expect(store.state.isEmpty)
    clock.advancePastEverything()
    await runner.idle()
    #expect(store.state == ["second", "third"])
  }

  @Test("on a manual clock, advance(by:) delivers a timer's ticks due by then, in order, and no more")
  func manualClockAdvancesATimer() async {
    let store = Store(initialState: [String](), reducer: logReducer)
    let clock = ManualClock()
    let runner = EffectRunner<[String], String>(clock: clock)
    runner.dispatch(["tick"], every: .milliseconds(250), in: "start", context: MiddlewareContext(store: store))
    clock.advance(by: .milliseconds(1_000))
    await runner.idle()
    #expect(store.state == ["tick", "tick", "tick", "tick"])
    clock.advance(by: .milliseconds(249))
    await runner.idle()
    #expect(store.state.count == 4)
    clock.advance(by: .milliseconds(1))
    await runner.idle()
    #expect(store.state.count == 5)
    runner.cancelAll()
    clock.advance(by: .seconds(1))
    await runner.idle()
    #expect(store.state.count == 5)
  }

  @Test("a timer doesn't keep its store alive: a store let go is freed, and its runner with it")
  func timerLetsItsStoreGo() async {
    let clock = ManualClock()
    weak var weakStore: Store<[String], String>?
    weak var weakRunner: EffectRunner<[String], String>?
    do {
      let runner = EffectRunner<[String], String>(clock: clock)
      let store = Store(initialState: [String](), reducer: logReducer, middleware: [RunnerHolder(runner: runner)])
      runner.dispatch(["tick"], every: .seconds(1), in: "start", context: MiddlewareContext(store: store))
      clock.advance(by: .seconds(2))
      await runner.idle()
      #expect(store.state == ["tick", "tick"])
      #expect(runner.runningCount == 1)
      weakStore = store
      weakRunner = runner
    }
    #expect(weakStore == nil)
    #expect(weakRunner == nil)
  }
}

/// A middleware that only holds a runner, as a generated follow-ups middleware does.
private struct RunnerHolder: Middleware<[String], String> {
  let runner: EffectRunner<[String], String>
  func process(_ action: String, context: MiddlewareContext<[String], String>) -> String? { action }
}
