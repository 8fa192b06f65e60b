import Dispatch
import Atomics
import Testing

@testable import ReduxRuntime

private struct Tally: Equatable, Sendable {
  var total = 0
  var perThread = [Int](repeating: 0, count: 8)
}

private enum TallyAction: Equatable, Sendable {
  case add(thread: Int)
  case echo(thread: Int)
}

/// An add counts for its thread; an echo writes its thread's count and leaves it as it was.
@Sendable private func reduceTally(_ state: inout Tally, _ action: TallyAction) {
  switch action {
  case .add(let thread):
    state.total += 1
    state.perThread[thread] += 1
  case .echo(let thread):
    state.perThread[thread] -= 1
    state.perThread[thread] += 1
  }
}

/// `perThread` adds dispatched from each of `threads` tasks at once.
private func dispatchAdds(into store: Store<Tally, TallyAction>, threads: Int, perThread: Int) async {
  await withTaskGroup(of: Void.self) { group in
    for thread in 0..<threads {
      group.addTask {
        for _ in 0..<perThread { store.dispatch(.add(thread: thread)) }
      }
    }
  }
}

/// Turns every add into the same add (a pass-through that reads the state) and dispatches an
/// echo for one add in a thousand, re-entrantly.
private struct Echo: Middleware {
  func process(_ action: TallyAction, context: MiddlewareContext<Tally, TallyAction>) -> TallyAction? {
    if case .add(let thread) = action, context.read({ $0.total }) % 1_000 == 0 {
      context.dispatch(.echo(thread: thread))
    }
    return action
  }
}

/// 8 threads each dispatching 100,000 actions into one store with middleware and observers.
/// Run under ThreadSanitizer in CI by `.ci/tsan`, in a package holding only this file.
struct StressTests {
  @Test("every action from 8 threads is applied exactly once")
  func eightThreads() async {
    let threads = 8
    let perThread = 100_000
    let store = Store(
      initialState: Tally(),
      reducer: reduceTally,
      middleware: [Echo(), Echo()])
    let lastSeen = ManagedAtomic(0)
    let notifications = ManagedAtomic(0)
    store.subscribe(selecting: { $0.total }) { total in
      lastSeen.store(total, ordering: .relaxed)
      notifications.wrappingIncrement(ordering: .relaxed)
      return .alive
    }
    let queued = DispatchQueue(label: "observer")
    // A serial queue gets the values in order, so the last one stored is the largest.
    let queuedLast = ManagedAtomic(0)
    store.subscribe(to: \.total, on: queued) { total in
      queuedLast.store(total, ordering: .relaxed)
      return .alive
    }
    await dispatchAdds(into: store, threads: threads, perThread: perThread)
    queued.sync {}
    let state = store.state
    #expect(state.total == threads * perThread)
    #expect(state.perThread == [Int](repeating: perThread, count: threads))
    let last = lastSeen.load(ordering: .relaxed)
    let count = notifications.load(ordering: .relaxed)
    #expect(last == threads * perThread)
    #expect(count == threads * perThread)
    let lastQueued = queuedLast.load(ordering: .relaxed)
    #expect(lastQueued == threads * perThread)
  }

  /// Without middleware a dispatch enters, reduces and ends under one lock: 8 threads (25,000
  /// actions each, which keeps the ThreadSanitizer run short) into a bare store, then into one
  /// whose observer dispatches an echo for one add in a thousand (queued while the dispatching
  /// thread tells it, processed by that thread).
  @Test("without middleware, every action from 8 threads is applied exactly once", arguments: [false, true])
  func eightThreadsWithoutMiddleware(observed: Bool) async {
    let threads = 8
    let perThread = 25_000
    let store = Store<Tally, TallyAction>(initialState: Tally(), reducer: reduceTally)
    let echoes = ManagedAtomic(0)
    if observed {
      store.subscribe(selecting: { $0.total }) { [weak store] total in
        if total % 1_000 == 0 {
          echoes.wrappingIncrement(ordering: .relaxed)
          store?.dispatch(.echo(thread: 0))
        }
        return .alive
      }
    }
    await dispatchAdds(into: store, threads: threads, perThread: perThread)
    let state = store.state
    #expect(state.total == threads * perThread)
    #expect(state.perThread == [Int](repeating: perThread, count: threads))
    #expect(echoes.load(ordering: .relaxed) == (observed ? threads * perThread / 1_000 : 0))
  }
}
