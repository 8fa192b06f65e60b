import ReduxRuntime

/// The state and actions of one request and its outcome, for timing and counting the effect
/// dispatch path: a middleware that starts a request on the runner, an effect that answers at
/// once, and the outcome dispatched back through the store.
struct Requests: Sendable {
  var answered = 0
}

enum RequestAction: Sendable {
  case ask(Int)
  case answered(Int)
  case failed(String)
}

/// As a generated effects middleware does for `policy: every`.
struct RequestMiddleware: Middleware {
  let runner = EffectRunner<Requests, RequestAction>()

  func process(_ action: RequestAction, context: MiddlewareContext<Requests, RequestAction>) -> RequestAction? {
    if case .ask(let number) = action {
      runner.run(
        "ask", policy: .every, context: context, { () async throws -> Int in number }, success: { .answered($0) },
        failure: { error in .failed(String(describing: error)) })
    }
    return action
  }
}

/// `count` requests sent at once, then awaited together (`sequential`: each awaited until its
/// outcome is in the state before the next); returns the seconds they took.
func runRequests(count: Int, sequential: Bool) async -> Double {
  let middleware = RequestMiddleware()
  let store = Store(
    initialState: Requests(),
    reducer: { state, action in if case .answered = action { state.answered += 1 } },
    middleware: [middleware])
  let start = ContinuousClock.now
  for number in 0..<count {
    store.dispatch(.ask(number))
    if sequential { await middleware.runner.idle() }
  }
  await middleware.runner.idle()
  let elapsed = start.duration(to: .now)
  precondition(store.state.answered == count)
  return inSeconds(elapsed)
}

/// The floor: a task that returns at once, awaited, `count` times.
func runBareTasks(count: Int) async -> Double {
  let start = ContinuousClock.now
  for number in 0..<count {
    let task = _Concurrency.Task { number }
    _ = await task.value
  }
  return inSeconds(start.duration(to: .now))
}

func inSeconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
