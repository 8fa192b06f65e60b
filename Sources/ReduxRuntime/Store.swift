import Dispatch
import Synchronization

/// A thread-safe Redux store: state, a reducer, a middleware chain and observers.
///
/// Dispatch is serialised. An action dispatched while another is being processed (from a
/// middleware, an observer or another thread) is queued and processed after it, in order, by
/// the thread already dispatching; `dispatch` never waits for user code.
///
/// The reducer and observers' selectors run while the store holds its lock: they must be pure
/// functions of the values passed to them and must not call the store. Middleware and observer
/// callbacks run without the lock and may dispatch.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// Changes the state for an action.
  public typealias Reducer = @Sendable (inout State, Action) -> Void

  @usableFromInline
  struct Core {
    @usableFromInline var state: State
    @usableFromInline var pending: [Action] = []
    @usableFromInline var pendingStart = 0
    @usableFromInline var observers: [ObserverBox<State>] = []
    @usableFromInline var nextObserverID: UInt64 = 0
    /// Observers that said which fields they read, indexed by field: rebuilt on (un)subscribe.
    @usableFromInline var observersByField: [[ObserverBox<State>]] = []
    /// Observers that read anything: compared after every action.
    @usableFromInline var untrackedObservers: [ObserverBox<State>] = []

    @usableFromInline
    mutating func rebuildFieldIndex() {
      observersByField = []
      untrackedObservers = []
      for observer in observers {
        if observer.fields.isAll {
          untrackedObservers.append(observer)
        } else {
          observer.fields.forEach { field in
            guard field >= 0 else { return }
            if field >= observersByField.count {
              observersByField.append(contentsOf: repeatElement([], count: field + 1 - observersByField.count))
            }
            observersByField[field].append(observer)
          }
        }
      }
    }

    @usableFromInline
    init(state: State) {
      self.state = state
    }

    /// The next queued action; nil, with the queue emptied, when none is left.
    @inlinable
    mutating func popPending() -> Action? {
      if pendingStart < pending.count {
        defer { pendingStart += 1 }
        return pending[pendingStart]
      }
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
      return nil
    }
  }

  // The hot path is inlinable so that callers specialize it for their State and Action.
  @usableFromInline let core: Locked<Core>
  /// Whether a thread is dispatching. It is set on entry by compare-exchange (no lock when the
  /// store is idle), and cleared only under the lock when the queue is empty, so an action
  /// queued by another thread is never left behind.
  @usableFromInline let isDispatching = Atomic<Bool>(false)
  @usableFromInline let reducer: Reducer
  /// The middleware chain, composed once; the loop over it is inlined into each client.
  @usableFromInline let chain: [any Middleware<State, Action>]
  /// The observers to notify for the action being processed, reused so dispatch does not
  /// allocate. Only the one dispatching thread touches it (see `isDispatching`).
  @usableFromInline let scratch = Scratch()
  /// The fields each action can change, when the Action reports them; else nil.
  @usableFromInline let changedFields: (@Sendable (Action) -> StateFields)?
  /// Listeners of the events middleware emit.
  @usableFromInline let eventHub = EventHub()

  @usableFromInline
  final class Scratch: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var changed: [ObserverBox<State>] = []
    @usableFromInline init() {}
  }

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Changes the state for each action that passes the middleware.
  ///   - middleware: Run in order for each action before the reducer.
  public init(
    initialState: State, reducer: @escaping Reducer, middleware: [any Middleware<State, Action>] = []
  ) {
    self.core = Locked(Core(state: initialState))
    self.reducer = reducer
    self.chain = middleware
    self.changedFields = nil
  }

  /// Creates a store for an action that reports the fields it changes: after an action, only
  /// observers that read one of those fields (or didn't say what they read) are compared.
  public init(
    initialState: State, reducer: @escaping Reducer, middleware: [any Middleware<State, Action>] = []
  ) where Action: ChangeReporting {
    self.core = Locked(Core(state: initialState))
    self.reducer = reducer
    self.chain = middleware
    self.changedFields = { $0.changedFields }
  }

  /// The current state.
  @inlinable
  public var state: State {
    core.withLock { $0.state }
  }

  /// Reads part of the current state without copying the rest.
  @inlinable
  public func read<Value>(_ selector: (State) -> Value) -> Value {
    core.withLock { selector($0.state) }
  }

  /// Sends `action` through the middleware to the reducer, then notifies observers.
  @inlinable
  public func dispatch(_ action: Action) {
    if !isDispatching.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
      let drains = core.withLock { core -> Bool in
        if isDispatching.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
          return true
        }
        core.pending.append(action)
        return false
      }
      guard drains else { return }
    }
    let context = MiddlewareContext(store: self)
    var next: Action? = action
    while let current = next {
      next = process(current, context: context)
    }
  }

  /// Processes one action; returns the next queued one, or nil after ending the dispatch.
  @inlinable
  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    var current = action
    // By index, so each middleware is called in place rather than copied out of the array.
    for index in chain.indices {
      guard let passed = chain[index].process(current, context: context) else {
        return core.withLock { takeNext(&$0) }
      }
      current = passed
    }
    let scratch = self.scratch
    // One critical section reduces, evaluates the observers' selections and, when no observer
    // needs a notification, already takes the next action.
    let (hasNotifications, next) = core.withLock { core -> (Bool, Action?) in
      reducer(&core.state, current)
      // Without observers that said what they read, or without a change report, compare all.
      let touched =
        core.observersByField.isEmpty || changedFields == nil ? .all : changedFields.unsafelyUnwrapped(current)
      if touched.isAll {
        for observer in core.observers where observer.evaluate(core.state) {
          scratch.changed.append(observer)
        }
      } else {
        for observer in core.untrackedObservers where observer.evaluate(core.state) {
          scratch.changed.append(observer)
        }
        touched.forEach { field in
          guard field >= 0 && field < core.observersByField.count else { return }
          for observer in core.observersByField[field] where observer.evaluate(core.state) {
            scratch.changed.append(observer)
          }
        }
      }
      return scratch.changed.isEmpty ? (false, takeNext(&core)) : (true, nil)
    }
    guard hasNotifications else { return next }
    // Allocates only when an observer ends.
    var finished: [UInt64] = []
    for observer in scratch.changed where !observer.deliver() {
      finished.append(observer.id)
    }
    scratch.changed.removeAll(keepingCapacity: true)
    return core.withLock { core in
      if !finished.isEmpty {
        core.observers.removeAll { finished.contains($0.id) }
        core.rebuildFieldIndex()
      }
      return takeNext(&core)
    }
  }

  /// Under the lock: the next queued action, or nil after ending the dispatch.
  @inlinable
  func takeNext(_ core: inout Core) -> Action? {
    if let next = core.popPending() { return next }
    isDispatching.store(false, ordering: .releasing)
    return nil
  }

  // MARK: Observers

  /// Calls `observer` with the new state after each action, on `queue` or, when nil, on the
  /// dispatching thread, until it returns `.dead` or the subscription is cancelled.
  @discardableResult
  @inlinable
  public func subscribe(
    on queue: DispatchQueue? = nil, _ observer: @escaping @Sendable (State) -> ObserverStatus
  ) -> Subscription {
    add { id, end in
      ObserverBox(id: id, queue: queue, select: { $0 }, skipRepeats: nil, observer: observer, end: end)
    }
  }

  /// Calls `observer` with the selected value whenever an action changes it, on `queue` or,
  /// when nil, on the dispatching thread. Only the selected value is kept, never the state.
  @discardableResult
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    to selector: @escaping @Sendable (State) -> Value, on queue: DispatchQueue? = nil,
    _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    add { id, end in
      ObserverBox(id: id, queue: queue, select: selector, skipRepeats: (==), observer: observer, end: end)
    }
  }

  /// For streams: the observer also gets the current value, before any later change.
  func subscribeFromNow<Value: Sendable>(
    to selector: @escaping @Sendable (State) -> Value, skipRepeats: (@Sendable (Value, Value) -> Bool)?,
    _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    add { id, end in
      ObserverBox(
        id: id, queue: nil, select: selector, skipRepeats: skipRepeats, observer: observer, end: end,
        receivesCurrent: true)
    }
  }

  /// Calls `observer` with the value at `keyPath` whenever an action changes it.
  @discardableResult
  public func subscribe<Value: Equatable & Sendable>(
    to keyPath: any KeyPath<State, Value> & Sendable, on queue: DispatchQueue? = nil,
    _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    subscribe(to: { $0[keyPath: keyPath] }, on: queue, observer)
  }

  /// Calls `observer` with the value at `keyPath` when it changes. The store compares it only
  /// after actions that can change one of the state fields the key path reads.
  @discardableResult
  public func subscribe<Value: Equatable & Sendable>(
    to keyPath: any KeyPath<State, Value> & Sendable, on queue: DispatchQueue? = nil,
    _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription where State: FieldTracking {
    subscribe(to: { $0[keyPath: keyPath] }, reading: State.fields(readBy: keyPath), on: queue, observer)
  }

  /// Calls `observer` with the selection when it changes, comparing it only after actions
  /// that can change one of `fields` (the fields `selector` reads; `.all` when unsure).
  @discardableResult
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    to selector: @escaping @Sendable (State) -> Value, reading fields: StateFields,
    on queue: DispatchQueue? = nil, _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    add { id, end in
      ObserverBox(
        id: id, queue: queue, fields: fields, select: selector, skipRepeats: (==), observer: observer, end: end)
    }
  }

  @usableFromInline
  func add(
    _ make: (UInt64, @escaping @Sendable () -> Void) -> ObserverBox<State>
  ) -> Subscription {
    let id = core.withLock { core -> UInt64 in
      core.nextObserverID += 1
      let id = core.nextObserverID
      let observer = make(id) { [weak self] in self?.unsubscribe(id) }
      observer.start(with: core.state)
      core.observers.append(observer)
      core.rebuildFieldIndex()
      return core.nextObserverID
    }
    return Subscription { [weak self] in self?.unsubscribe(id) }
  }

  @usableFromInline
  func unsubscribe(_ id: UInt64) {
    core.withLock { core in
      for observer in core.observers where observer.id == id { observer.isFinished = true }
      core.observers.removeAll { $0.id == id }
      core.rebuildFieldIndex()
    }
  }
}

/// Ends an observer's notifications when cancelled.
public final class Subscription: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  /// Stops notifications; calling it again does nothing. A notification already on its way
  /// to a queue may still arrive.
  public func cancel() {
    let action = onCancel.withLock { stored -> (@Sendable () -> Void)? in
      defer { stored = nil }
      return stored
    }
    action?()
  }
}
