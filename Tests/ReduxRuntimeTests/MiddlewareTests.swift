import Testing

@testable import ReduxRuntime

/// Records each `add` with the count its context reads, before the reducer.
private struct CountReader: Middleware {
  let seen: Log<String>

  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    if case .add(let amount) = action {
      seen.append("add \(amount) at \(context.read { $0.count }), log \(context.state.log)")
    }
    return action
  }
}

/// Dispatches `start` when the store is made; records each action it sees.
private struct Starter: Middleware {
  let start: [CounterAction]
  let seen: Log<String>

  func start(context: MiddlewareContext<Counter, CounterAction>) {
    seen.append("start at \(context.state.count)")
    for action in start { context.dispatch(action) }
  }

  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    seen.append("\(action)")
    return action
  }
}

/// Middleware: the chain's order, replacing and stopping actions, the context, starting, and
/// `ScopedMiddleware` running a feature's chain inside an app store.
@Suite struct MiddlewareTests {
  @Test("each middleware starts once, in order, as the store is made; what it dispatches runs through the whole chain")
  func startsWhenTheStoreIsMade() {
    let first = Log<String>()
    let second = Log<String>()
    let store = Store(
      initialState: Counter(count: 1), reducer: counterReducer,
      middleware: [Starter(start: [.add(2), .note("ready")], seen: first), Starter(start: [.add(10)], seen: second)])
    // Before init returned: the first starter's actions, then the second's.
    #expect(store.state.count == 13)
    #expect(store.state.log == ["ready"])
    #expect(first.values == ["start at 1", "add(2)", "note(\"ready\")", "add(10)"])
    #expect(second.values == ["add(2)", "note(\"ready\")", "start at 3", "add(10)"])
    store.dispatch(.add(1))
    // Started once: a later action starts nothing.
    #expect(first.values.filter { $0.hasPrefix("start") }.count == 1)
    #expect(store.state.count == 14)
  }

  @Test("a feature's middleware starts inside an app store, on its slice, its actions wrapped")
  func scopedStart() {
    let seen = Log<String>()
    let store = Store(
      initialState: App(), reducer: appReducer, middleware: [scoped([Starter(start: [.add(4)], seen: seen)])])
    #expect(store.state.counter.count == 4)
    #expect(store.state.other == 0)
    #expect(seen.values == ["start at 0", "add(4)"])
  }

  @Test("middleware runs in order and may change or stop an action")
  func middlewareChain() {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Doubler(), Narrator()])
    store.dispatch(.add(3))
    store.dispatch(.add(-1))
    #expect(store.state.count == 6)
    // The narrator saw the doubled action; the stopped one never reached it.
    #expect(store.state.log == ["saw 6 at 0"])
  }

  @Test("the context reads the state as it is before the reducer")
  func contextReadsTheStateBeforeTheReducer() {
    let seen = Log<String>()
    let store = Store(
      initialState: Counter(count: 1, log: ["start"]), reducer: counterReducer, middleware: [CountReader(seen: seen)])
    store.dispatch(.add(2))
    store.dispatch(.note("x"))
    store.dispatch(.add(3))
    #expect(seen.values == ["add 2 at 1, log [\"start\"]", "add 3 at 3, log [\"start\", \"x\"]"])
  }

  @Test("a middleware can dispatch later, from another task")
  func laterDispatch() async {
    struct Later: Middleware {
      func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
        if case .note("later") = action {
          Task.detached { context.dispatch(.add(100)) }
          return nil
        }
        return action
      }
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Later()])
    let values = store.values(of: { $0.count })
    store.dispatch(.note("later"))
    var seen: [Int] = []
    for await count in values {
      seen.append(count)
      if count == 100 { break }
    }
    #expect(seen == [0, 100])
    #expect(store.state.log.isEmpty)
  }

  @Test("a scoped chain changes or stops the feature's actions and passes the app's own unchanged")
  func scopedChainSeesOnlyItsFeature() {
    let afterScope = Log<AppAction>()
    let store = Store(
      initialState: App(), reducer: appReducer,
      middleware: [scoped([Doubler()]), Recorder(seen: afterScope)])
    store.dispatch(.counter(.add(3)))
    store.dispatch(.counter(.add(-1)))
    store.dispatch(.other)
    store.dispatch(.counter(.note("n")))
    // The doubled action was wrapped again; the stopped one went no further.
    #expect(afterScope.values == [.counter(.add(6)), .other, .counter(.note("n"))])
    #expect(store.state == App(counter: Counter(count: 6, log: ["n"]), other: 1))
  }

  @Test("a scoped context reads the feature's slice and dispatches the feature's actions wrapped")
  func scopedContext() {
    let reads = Log<String>()
    let reduced = Log<AppAction>()
    let store = Store(
      initialState: App(counter: Counter(count: 5), other: 40), reducer: appReducer,
      middleware: [scoped([CountReader(seen: reads), Narrator()]), Recorder(seen: reduced)])
    store.dispatch(.counter(.add(2)))
    #expect(reads.values == ["add 2 at 5, log []"])
    // The narrator's note, dispatched through the scoped context, came back as an app action.
    #expect(reduced.values == [.counter(.add(2)), .counter(.note("saw 2 at 5"))])
    #expect(store.state == App(counter: Counter(count: 7, log: ["saw 2 at 5"]), other: 40))
  }

  @Test("an app action that wraps no feature action doesn't reach the feature's chain")
  func scopedChainSkipsOtherActions() {
    let featureSaw = Log<CounterAction>()
    let store = Store(
      initialState: App(), reducer: appReducer,
      middleware: [scoped([Recorder<Counter, CounterAction>(seen: featureSaw)])])
    store.dispatch(.other)
    store.dispatch(.counter(.add(1)))
    store.dispatch(.other)
    #expect(featureSaw.values == [.add(1)])
    #expect(store.state == App(counter: Counter(count: 1), other: 2))
  }
}
