import Dispatch
import Atomics
import Testing

@testable import ReduxRuntime

/// Observers: `subscribeToState`, `subscribe(to:)`, `subscribe(selecting:)`, queues, ending a
/// subscription, and `ObservableStore`.
@Suite struct ObserverTests {
  @Test("a whole-state observer hears every action that reaches the reducer, changed or not")
  func wholeStateObserver() {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Doubler()])
    let counts = Log<Int>()
    store.subscribeToState { state in
      counts.append(state.count)
      return .alive
    }
    store.dispatch(.add(0))
    store.dispatch(.add(-1))  // stopped by the middleware
    store.dispatch(.add(1))
    #expect(counts.values == [0, 2])
  }

  @Test("an observer returning .dead is not called again; a cancelled one neither")
  func observersEnd() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let once = Locked(0)
    let cancelled = Locked(0)
    store.subscribeToState { _ in
      once.withLock { $0 += 1 }
      return .dead
    }
    let subscription = store.subscribeToState { _ in
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
    let heard = Locked<[String]>([])
    let later = Locked<Subscription?>(nil)
    store.subscribeToState { _ in
      heard.withLock { $0.append("first") }
      later.withLock { $0?.cancel() }
      return .alive
    }
    later.withLock {
      $0 = store.subscribeToState { _ in
        heard.withLock { $0.append("second") }
        return .alive
      }
    }
    store.subscribeToState { _ in
      heard.withLock { $0.append("third") }
      return .alive
    }
    store.dispatch(.add(1))
    store.dispatch(.add(1))
    // The second was already chosen for the first action; after that it is gone.
    #expect(heard.withLock { $0 } == ["first", "second", "third", "first", "third"])
    #expect(store.state.count == 2)
  }

  @Test("an observer subscribed during a notification starts from the state of then")
  func subscribeDuringNotification() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let late = Log<Int>()
    store.subscribeToState { state in
      if state.count == 1 && state.log.isEmpty {
        store.subscribe(to: \.count) { count in
          late.append(count)
          return .alive
        }
      }
      return .alive
    }
    store.dispatch(.add(1))
    store.dispatch(.note("count unchanged"))
    store.dispatch(.add(1))
    #expect(late.values == [2])
  }

  @Test("a selecting observer hears only changes of its value")
  func selectorSkipsRepeats() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let counts = Locked<[Int]>([])
    store.subscribe(selecting: { $0.count }) { count in
      counts.withLock { $0.append(count) }
      return .alive
    }
    store.dispatch(.add(1))
    store.dispatch(.note("no change to count"))
    store.dispatch(.add(0))
    store.dispatch(.add(2))
    #expect(counts.withLock { $0 } == [1, 3])
  }

  @Test("a key path selects like a closure")
  func keyPathSelector() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Locked<[Int]>([])
    store.subscribe(to: \.log.count) { count in
      seen.withLock { $0.append(count) }
      return .alive
    }
    store.dispatch(.note("a"))
    store.dispatch(.add(5))
    store.dispatch(.note("b"))
    #expect(seen.withLock { $0 } == [1, 2])
  }

  @Test("an observer on a queue is notified there")
  func observerOnQueue() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let queue = DispatchQueue(label: "observer")
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      store.subscribeToState(on: queue) { state in
        dispatchPrecondition(condition: .onQueue(queue))
        if state.count == 2 { done.resume() }
        return state.count == 2 ? .dead : .alive
      }
      store.dispatch(.add(1))
      store.dispatch(.add(1))
    }
    #expect(store.state.count == 2)
  }

  @Test("an observer on a queue that returns .dead hears nothing more")
  func deadObserverOnQueue() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let queue = DispatchQueue(label: "observer")
    let heard = Log<Int>()
    store.subscribe(to: \.count, on: queue) { count in
      heard.append(count)
      return .dead
    }
    store.dispatch(.add(1))
    // Once the queue has run the notification, the subscription has ended.
    queue.sync {}
    store.dispatch(.add(1))
    store.dispatch(.add(1))
    queue.sync {}
    #expect(heard.values == [1])
  }

  @Test("a subscription doesn't keep its store alive, and cancelling it later does nothing")
  func subscriptionOutlivesStore() {
    var store: Store<Counter, CounterAction>? = Store(initialState: Counter(), reducer: counterReducer)
    let heard = Log<Int>()
    let subscription = store?.subscribe(to: \.count) { count in
      heard.append(count)
      return .alive
    }
    store?.dispatch(.add(1))
    weak let gone = store
    store = nil
    #expect(gone == nil)
    subscription?.cancel()
    subscription?.cancel()
    #expect(heard.values == [1])
  }
}

#if canImport(Observation)
  import Observation

  @MainActor
  struct ObservableStoreTests {
    @Test("the observable view updates on the main actor and tells Observation")
    func observableUpdates() async {
      // ObservableStore needs Observation, newer than the package's minimum systems.
      guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
      let store = Store(initialState: Counter(), reducer: counterReducer)
      let model = ObservableStore(store)
      let changed = ManagedAtomic(false)
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
