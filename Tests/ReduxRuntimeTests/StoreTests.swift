import Dispatch
import Synchronization
import Testing

@testable import ReduxRuntime

private struct Counter: Equatable, Sendable {
  var count = 0
  var log: [String] = []
}

private enum CounterAction: Equatable, Sendable {
  case add(Int)
  case note(String)
}

private let counterReducer: Store<Counter, CounterAction>.Reducer = { state, action in
  switch action {
  case .add(let amount): state.count += amount
  case .note(let text): state.log.append(text)
  }
}

/// Doubles every `add`, stops negative ones, and records what it saw.
private struct Doubler: Middleware {
  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    guard case .add(let amount) = action else { return action }
    if amount < 0 { return nil }
    return .add(amount * 2)
  }
}

/// Dispatches a note after each `add`, re-entrantly.
private struct Narrator: Middleware {
  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    if case .add(let amount) = action {
      context.dispatch(.note("saw \(amount) at \(context.state.count)"))
    }
    return action
  }
}

struct StoreTests {
  @Test("middleware runs in order and may change or stop an action")
  func middlewareChain() {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Doubler(), Narrator()])
    store.dispatch(.add(3))
    store.dispatch(.add(-1))
    #expect(store.state.count == 6)
    // The narrator saw the doubled action; the stopped one never reached it.
    #expect(store.state.log == ["saw 6 at 0"])
  }

  @Test("an action dispatched during a dispatch runs after it, in order")
  func reentrantDispatchIsQueued() {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Narrator()])
    let seen = Mutex<[Int]>([])
    store.subscribe { state in
      seen.withLock { $0.append(state.count) }
      if state.count == 1 && state.log.isEmpty { store.dispatch(.add(10)) }
      return .alive
    }
    store.dispatch(.add(1))
    #expect(store.state.count == 11)
    #expect(store.state.log == ["saw 1 at 0", "saw 10 at 1"])
    // Observers saw every state in order: add 1, its note, add 10, its note.
    #expect(seen.withLock { $0 } == [1, 1, 11, 11])
  }

  @Test("an observer returning .dead is not called again; a cancelled one neither")
  func observersEnd() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let once = Mutex(0)
    let cancelled = Mutex(0)
    store.subscribe { _ in
      once.withLock { $0 += 1 }
      return .dead
    }
    let subscription = store.subscribe { _ in
      cancelled.withLock { $0 += 1 }
      return .alive
    }
    store.dispatch(.add(1))
    subscription.cancel()
    store.dispatch(.add(1))
    store.dispatch(.add(1))
    #expect(once.withLock { $0 } == 1)
    #expect(cancelled.withLock { $0 } == 1)
  }

  @Test("an observer that cancels another while being notified doesn't disturb the rest")
  func cancelDuringNotification() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let heard = Mutex<[String]>([])
    let later = Mutex<Subscription?>(nil)
    store.subscribe { _ in
      heard.withLock { $0.append("first") }
      later.withLock { $0?.cancel() }
      return .alive
    }
    later.withLock {
      $0 = store.subscribe { _ in
        heard.withLock { $0.append("second") }
        return .alive
      }
    }
    store.subscribe { _ in
      heard.withLock { $0.append("third") }
      return .alive
    }
    store.dispatch(.add(1))
    store.dispatch(.add(1))
    // The second was already chosen for the first action; after that it is gone.
    #expect(heard.withLock { $0 } == ["first", "second", "third", "first", "third"])
    #expect(store.state.count == 2)
  }

  @Test("a selecting observer hears only changes of its value")
  func selectorSkipsRepeats() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let counts = Mutex<[Int]>([])
    store.subscribe(to: { $0.count }) { count in
      counts.withLock { $0.append(count) }
      return .alive
    }
    store.dispatch(.add(1))
    store.dispatch(.note("no change to count"))
    store.dispatch(.add(0))
    store.dispatch(.add(2))
    #expect(counts.withLock { $0 } == [1, 3])
  }

  @Test("an observer on a queue is notified there")
  func observerOnQueue() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let queue = DispatchQueue(label: "observer")
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      store.subscribe(on: queue) { state in
        dispatchPrecondition(condition: .onQueue(queue))
        if state.count == 2 { done.resume() }
        return state.count == 2 ? .dead : .alive
      }
      store.dispatch(.add(1))
      store.dispatch(.add(1))
    }
    #expect(store.state.count == 2)
  }

  @Test("a key path selects like a closure")
  func keyPathSelector() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Mutex<[Int]>([])
    store.subscribe(to: \.log.count) { count in
      seen.withLock { $0.append(count) }
      return .alive
    }
    store.dispatch(.note("a"))
    store.dispatch(.add(5))
    store.dispatch(.note("b"))
    #expect(seen.withLock { $0 } == [1, 2])
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
  }

  @Test("states arrive as an asynchronous sequence, starting with the current one")
  func stateStream() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.dispatch(.add(1))
    let states = store.states()
    store.dispatch(.add(2))
    store.dispatch(.note("x"))
    var counts: [Int] = []
    var logs: [[String]] = []
    for await state in states {
      counts.append(state.count)
      logs.append(state.log)
      if state.log == ["x"] { break }
    }
    #expect(counts == [1, 3, 3])
    #expect(logs == [[], [], ["x"]])
  }

  @Test("ending a stream ends its subscription")
  func streamEnds() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    do {
      let values = store.values(of: { $0.count })
      for await _ in values { break }
    }
    // The first notification after the reader left finds the stream terminated.
    store.dispatch(.add(1))
    store.dispatch(.add(1))
    #expect(store.read { $0.count } == 2)
  }
}

#if canImport(Observation)
  import Observation

  @MainActor
  struct ObservableStoreTests {
    @Test("the observable view updates on the main actor and tells Observation")
    func observableUpdates() async {
      let store = Store(initialState: Counter(), reducer: counterReducer)
      let model = ObservableStore(store)
      let changed = Atomic(false)
      withObservationTracking {
        _ = model.state.count
      } onChange: {
        changed.store(true, ordering: .relaxed)
      }
      model.dispatch(.add(4))
      // The update was queued on the main queue before this hop, so it has run after it.
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { done.resume() }
      }
      #expect(model.state.count == 4)
      let didChange = changed.load(ordering: .relaxed)
      #expect(didChange)
    }
  }
#endif
