import Dispatch
import Synchronization

/// A thread-safe Redux store: state, a reducer, a middleware chain and observers.
///
/// Dispatch is serialised: an action dispatched while another is being processed (from a
/// middleware, an observer or another thread) is queued and processed after it, in order,
/// by the thread already dispatching. Nothing waits on a lock while user code runs.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// A function that changes the state for an action.
  public typealias Reducer = @Sendable (inout State, Action) -> Void

  private struct Observer: Sendable {
    let id: UInt64
    let queue: DispatchQueue?
    /// Returns false when the observer is done.
    let notify: @Sendable (State) -> Bool
  }

  private struct Locked: ~Copyable {
    var state: State
    var pending: [Action] = []
    var pendingStart = 0
    var isDispatching = false
    var observers: [Observer] = []
    var nextObserverID: UInt64 = 0
  }

  private let locked: Mutex<Locked>
  private let reducer: Reducer
  /// Composed once; each returns the action to pass on or nil.
  private let chain: [@Sendable (Action, MiddlewareContext<State, Action>) -> Action?]

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Changes the state for each action that passes the middleware.
  ///   - middleware: Run in order for each action before the reducer.
  public init(
    initialState: State, reducer: @escaping Reducer, middleware: [any Middleware<State, Action>] = []
  ) {
    self.locked = Mutex(Locked(state: initialState))
    self.reducer = reducer
    self.chain = middleware.map { middleware in
      { action, context in middleware.process(action, context: context) }
    }
  }

  /// The current state.
  public var state: State {
    locked.withLock { $0.state }
  }

  /// Sends `action` through the middleware to the reducer, then notifies observers.
  public func dispatch(_ action: Action) {
    let shouldDrain = locked.withLock { store -> Bool in
      store.pending.append(action)
      if store.isDispatching { return false }
      store.isDispatching = true
      return true
    }
    if shouldDrain { drain() }
  }

  /// Processes queued actions until none is left. Runs on one thread at a time.
  private func drain() {
    let context = MiddlewareContext(store: self)
    while true {
      let next = locked.withLock { store -> Action? in
        guard store.pendingStart < store.pending.count else {
          store.pending.removeAll(keepingCapacity: true)
          store.pendingStart = 0
          store.isDispatching = false
          return nil
        }
        let action = store.pending[store.pendingStart]
        store.pendingStart += 1
        return action
      }
      guard let action = next else { return }
      process(action, context: context)
    }
  }

  private func process(_ action: Action, context: MiddlewareContext<State, Action>) {
    var current = action
    for step in chain {
      guard let passed = step(current, context) else { return }
      current = passed
    }
    let (state, observers) = locked.withLock { store -> (State, [Observer]) in
      reducer(&store.state, current)
      return (store.state, store.observers)
    }
    var finished: [UInt64] = []
    for observer in observers {
      if let queue = observer.queue {
        let notify = observer.notify
        let id = observer.id
        queue.async { [weak self] in
          if !notify(state) { self?.unsubscribe(id) }
        }
      } else if !observer.notify(state) {
        finished.append(observer.id)
      }
    }
    if !finished.isEmpty {
      locked.withLock { store in store.observers.removeAll { finished.contains($0.id) } }
    }
  }

  /// Calls `observer` with the new state after each action, on `queue` or, when nil, on the
  /// dispatching thread, until it returns `.dead` or the subscription is cancelled.
  @discardableResult
  public func subscribe(
    on queue: DispatchQueue? = nil, _ observer: @escaping @Sendable (State) -> ObserverStatus
  ) -> Subscription {
    add(queue: queue) { observer($0) == .alive }
  }

  /// Calls `observer` with the selected value whenever an action changes it.
  @discardableResult
  public func subscribe<Value: Equatable & Sendable>(
    to selector: @escaping @Sendable (State) -> Value, on queue: DispatchQueue? = nil,
    _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    let last = Mutex(selector(state))
    return add(queue: queue) { state in
      let value = selector(state)
      let changed = last.withLock { previous -> Bool in
        guard previous != value else { return false }
        previous = value
        return true
      }
      return changed ? observer(value) == .alive : true
    }
  }

  private func add(queue: DispatchQueue?, _ notify: @escaping @Sendable (State) -> Bool) -> Subscription {
    let id = locked.withLock { store -> UInt64 in
      store.nextObserverID += 1
      store.observers.append(Observer(id: store.nextObserverID, queue: queue, notify: notify))
      return store.nextObserverID
    }
    return Subscription { [weak self] in self?.unsubscribe(id) }
  }

  private func unsubscribe(_ id: UInt64) {
    locked.withLock { store in store.observers.removeAll { $0.id == id } }
  }
}

/// Ends an observer's notifications when cancelled.
public final class Subscription: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(onCancel)
  }

  /// Stops notifications; calling it again does nothing.
  public func cancel() {
    let action = onCancel.withLock { stored -> (@Sendable () -> Void)? in
      defer { stored = nil }
      return stored
    }
    action?()
  }
}
