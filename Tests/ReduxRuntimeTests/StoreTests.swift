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

  @Test("dispatching from many threads applies every action exactly once")
  func concurrentDispatch() async {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Doubler()])
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<2_000 { store.dispatch(.add(1)) }
        }
      }
    }
    #expect(store.state.count == 8 * 2_000 * 2)
  }
}
