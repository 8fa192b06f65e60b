import Dispatch
import Testing

@testable import ReduxRuntime

/// Dispatches notes from inside a dispatch: "a" and "b" for an add, then "c" for "a".
private struct Fanout: Middleware {
  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    switch action {
    case .add:
      context.dispatch(.note("a"))
      context.dispatch(.note("b"))
    case .note("a"):
      context.dispatch(.note("c"))
    case .note:
      break
    }
    return action
  }
}

/// Dispatch: the reducer's result, and the order of actions dispatched during a dispatch.
@Suite struct DispatchTests {
  @Test("the state is the reducer's result; read selects part of it")
  func stateAndRead() {
    let store = Store(initialState: Counter(count: 5), reducer: counterReducer)
    #expect(store.state == Counter(count: 5))
    store.dispatch(.add(2))
    store.dispatch(.note("x"))
    #expect(store.state == Counter(count: 7, log: ["x"]))
    #expect(store.read { $0.log.count } == 1)
  }

  @Test("an action dispatched during a dispatch runs after it, in order")
  func reentrantDispatchIsQueued() {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Narrator()])
    let seen = Locked<[Int]>([])
    store.subscribeToState { state in
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

  @Test("actions dispatched during a dispatch are processed first in, first out")
  func queueIsFirstInFirstOut() {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Fanout()])
    store.dispatch(.add(1))
    // "c" was dispatched while "a" was processed, after "b" had been queued; a stack would give a, c, b.
    #expect(store.state.log == ["a", "b", "c"])
    store.dispatch(.add(1))
    #expect(store.state.log == ["a", "b", "c", "a", "b", "c"])
    #expect(store.state.count == 2)
  }

  @Test("a dispatch from another thread during a dispatch is queued for the dispatching thread")
  func dispatchDuringAnotherThreadsDispatchDoesNotWait() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let worker = DispatchQueue(label: "worker")
    let onWorker = DispatchSpecificKey<Bool>()
    worker.setSpecific(key: onWorker, value: true)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let seen = Log<String>()
    store.subscribeToState { state in
      seen.append("\(state.count) on \(DispatchQueue.getSpecific(key: onWorker) == true ? "worker" : "other")")
      if state.count == 1 {
        entered.signal()
        _ = release.wait(timeout: .now() + 10)
      }
      return .alive
    }
    worker.async {
      store.dispatch(.add(1))
      finished.signal()
    }
    #expect(entered.wait(timeout: .now() + 10) == .success)
    // The worker is in the middle of its dispatch, held by its observer: this one returns at once.
    store.dispatch(.add(10))
    #expect(store.state.count == 1)
    release.signal()
    #expect(finished.wait(timeout: .now() + 10) == .success)
    // The worker processed the queued action before its own dispatch returned.
    #expect(store.state.count == 11)
    #expect(seen.values == ["1 on worker", "11 on worker"])
  }
}
