import Clocks
import ReduxRuntime
import ReduxTesting
import Testing

/// A small feature written by hand: a counter whose `fetch` asks an effect for a number.
private struct Counter: Equatable, Sendable {
  var count = 0
  var isLoading = false
  var log: [String] = []
}

private enum CounterAction: Equatable, Sendable {
  case increment
  case fetch
  case fetched(Int)
  case failed(String)
  /// Stopped by the middleware below.
  case ignored
  /// Dispatches `increment` twice from the middleware.
  case incrementTwice
  case search(String)
}

private let counterReducer: Store<Counter, CounterAction>.Reducer = { state, action in
  switch action {
  case .increment: state.count += 1
  case .fetch: state.isLoading = true
  case .fetched(let value):
    state.count = value
    state.isLoading = false
  case .failed(let message):
    state.log.append(message)
    state.isLoading = false
  case .ignored, .incrementTwice: break
  case .search(let query): state.log.append("search \(query)")
  }
}

private struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// Runs `fetch` and a debounced `search` through an `EffectDouble` each.
private struct CounterEffects: Middleware {
  let fetch = EffectDouble<Void, Int, any Error>("fetch()")
  let search = EffectDouble<String, String, any Error>("search(query:)")
  let runner: EffectRunner<Counter, CounterAction>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    runner = EffectRunner(clock: clock)
  }

  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    switch action {
    case .fetch:
      runner.run(
        "fetch", context: context, { try await fetch.call(()) }, success: { .fetched($0) },
        failure: { .failed(String(describing: $0)) })
    case .search(let query):
      runner.run(
        "search", timing: .debounce(.milliseconds(300)), context: context, { try await search.call(query) },
        success: { .failed("found \($0)") }, failure: { .failed(String(describing: $0)) })
    case .ignored:
      return nil
    case .incrementTwice:
      context.dispatch(.increment)
      context.dispatch(.increment)
    default:
      break
    }
    return action
  }

  func idle() async -> Bool { await runner.idle() }
  var pendingWork: [String] { runner.pendingWork }
}

/// A passing test waits as long as the machine needs; a failing one for what it expects not to
/// come, so briefly.
private let failsAfter = Duration.milliseconds(500)

private func makeStore(
  _ effects: CounterEffects = CounterEffects(), exhaustivity: Exhaustivity = .on,
  timeout: Duration = .seconds(30)
) -> TestStore<Counter, CounterAction> {
  TestStore(
    initialState: Counter(), reducer: counterReducer, middleware: [effects], exhaustivity: exhaustivity,
    timeout: timeout)
}

@Suite(.timeLimit(.minutes(1))) struct TestStorePassingTests {
  @Test func sendAssertsTheChange() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.ignored)
    await store.finish()
  }

  @Test func receiveAssertsWhatAnEffectDispatches() async {
    let effects = CounterEffects()
    let store = makeStore(effects)
    effects.fetch.returns(42)
    await store.send(.fetch) { $0.isLoading = true }
    await store.receive(.fetched(42)) {
      $0.count = 42
      $0.isLoading = false
    }
    await store.finish()
    #expect(effects.fetch.calls.count == 1)
  }

  @Test("what a middleware dispatches as the store starts is received first, in order")
  func receiveWhatTheStoreStartsWith() async {
    struct Starter: Middleware {
      func start(context: MiddlewareContext<Counter, CounterAction>) {
        context.dispatch(.increment)
        context.dispatch(.search("saved"))
      }
      func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
        action
      }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [Starter()])
    #expect(store.receivedActions == [.increment, .search("saved")])
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.search("saved")) { $0.log = ["search saved"] }
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func receiveInOrderWhatMiddlewareDispatch() async {
    let store = makeStore()
    await store.send(.incrementTwice)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(where: { $0 == .increment }) { $0.count = 2 }
    await store.finish()
  }

  @Test func waitingEffectsAnswerWhenTheTestSays() async {
    let effects = CounterEffects()
    let store = makeStore(effects)
    effects.fetch.waits()
    await store.send(.fetch) { $0.isLoading = true }
    await effects.fetch.fail(Boom())
    await store.receive(.failed("boom")) {
      $0.log = ["boom"]
      $0.isLoading = false
    }
    await store.finish()
  }

  @Test func aTestClockDrivesDebouncedEffects() async {
    let clock = TestClock()
    let effects = CounterEffects(clock: clock)
    let store = makeStore(effects)
    effects.search.answers { "\($0)!" }
    await store.send(.search("a")) { $0.log = ["search a"] }
    await store.send(.search("ab")) { $0.log.append("search ab") }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.failed("found ab!")) { $0.log.append("found ab!") }
    await store.finish()
    #expect(effects.search.calls == ["ab"])
  }

  @Test func nonExhaustiveChecksOnlyWhatItStates() async {
    let effects = CounterEffects()
    let store = makeStore(effects, exhaustivity: .off)
    effects.fetch.returns(7)
    await store.send(.increment)
    await store.send(.incrementTwice)
    await store.send(.fetch)
    await store.receive(.fetched(7)) { $0.count = 7 }
    await store.finish()
  }
}

/// Each test here must fail in the TestStore's way: a test that passes means a check is missing.
@Suite(.timeLimit(.minutes(1))) struct TestStoreFailureTests {
  @Test func aWrongExpectationFailsWithADiff() async {
    let store = makeStore(timeout: failsAfter)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("(−expected, +actual)") && text.contains("−   count: 2,")
        && text.contains("+   count: 1,")
    }
  }

  @Test func anUnstatedChangeFails() async {
    let store = makeStore(timeout: failsAfter)
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("expected not to change")
    }
  }

  @Test func theFailureIsReportedAtTheCall() async {
    let store = makeStore(timeout: failsAfter)
    let line = #line + 2
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileID.hasSuffix("TestStoreTests.swift") == true
    }
  }

  @Test func sendingWithReceivedActionsLeftFails() async {
    let store = makeStore(timeout: failsAfter)
    await store.send(.incrementTwice)
    await withKnownIssue {
      await store.send(.ignored)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("2 received action(s) were not asserted")
    }
  }

  @Test func receivingTheWrongActionFails() async {
    let store = makeStore(timeout: failsAfter)
    await store.send(.incrementTwice)
    await withKnownIssue {
      await store.receive(.fetch)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Received an unexpected action")
    }
    store.skipReceivedActions()
    await store.finish()
  }

  @Test func receivingNothingFailsAfterTheTimeout() async {
    let store = makeStore(timeout: failsAfter)
    await withKnownIssue {
      await store.receive(.increment, timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("no action was received")
    }
  }

  @Test func finishingWithAnEffectRunningFails() async {
    let effects = CounterEffects()
    let store = makeStore(effects, timeout: failsAfter)
    effects.fetch.waits()
    await store.send(.fetch) { $0.isLoading = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("'fetch': 1 request(s) running")
    }
    effects.runner.cancelAll()
  }

  @Test func finishingWithReceivedActionsLeftFails() async {
    let store = makeStore(timeout: failsAfter)
    await store.send(.incrementTwice)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("not asserted before finishing")
    }
  }

  @Test func anUnsetDoubleFailsWhenCalled() async {
    let effects = CounterEffects()
    let store = makeStore(effects, timeout: failsAfter)
    await withKnownIssue {
      await store.send(.fetch) { $0.isLoading = true }
      await store.receive(.failed("the effect 'fetch()' is not implemented yet")) {
        $0.isLoading = false
        $0.log = ["the effect 'fetch()' is not implemented yet"]
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("didn't say what it does")
    }
    await store.finish()
  }

  @Test func releasingTheStoreWithActionsLeftFails() async {
    await withKnownIssue {
      let store = makeStore(timeout: failsAfter)
      await store.send(.incrementTwice)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("before the store was released")
    }
  }
}
