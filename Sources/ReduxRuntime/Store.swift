import Dispatch

/// A thread-safe Redux store: state, a reducer, a middleware chain and observers.
///
/// Dispatch is serialised. An action dispatched while another is being processed (from a
/// middleware, an observer or another thread) is queued and processed after it, in order, by
/// the thread already dispatching; `dispatch` never waits for user code.
///
/// The reducer and observers' selectors run while the store holds its lock: they must be pure
/// functions of the values passed to them and must not call the store. Middleware and observer
/// callbacks run without the lock and may dispatch.
///
/// The machinery (lock, queue, observer index) is `StoreEngine`, in StoreEngine.swift.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// Changes the state for an action.
  public typealias Reducer = @Sendable (inout State, Action) -> Void

  @usableFromInline let engine: StoreEngine<State, Action>
  /// Listeners of the events middleware emit (Events.swift).
  @usableFromInline let eventHub = EventHub()

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Changes the state for each action that passes the middleware.
  ///   - middleware: Run in order for each action before the reducer.
  public init(
    initialState: State, reducer: @escaping Reducer, middleware: [any Middleware<State, Action>] = []
  ) {
    engine = StoreEngine(state: initialState, reducer: reducer, middleware: middleware, changedFields: nil)
    startMiddleware()
  }

  /// Creates a store for an action that reports the fields it changes: after an action, only
  /// observers that read one of those fields (or didn't say what they read) are compared.
  public init(
    initialState: State, reducer: @escaping Reducer, middleware: [any Middleware<State, Action>] = []
  ) where Action: ChangeReporting {
    FollowUpCheck.warnIfMissing(Action.self, in: middleware)
    engine = StoreEngine(
      state: initialState, reducer: reducer, middleware: middleware, changedFields: { $0.changedFields })
    startMiddleware()
  }

  /// Gives each middleware its `start(context:)`, in order: what it dispatches is processed as
  /// any action, before `init` returns.
  private func startMiddleware() {
    let context = MiddlewareContext(store: self)
    for step in engine.chain { step.start(context: context) }
  }

  /// The current state.
  @inlinable
  public var state: State {
    engine.read { $0 }
  }

  /// Reads part of the current state without copying the rest.
  @inlinable
  public func read<Value>(_ selector: (State) -> Value) -> Value {
    engine.read(selector)
  }

  /// Sends `action` through the middleware to the reducer, then notifies observers.
  @inlinable
  public func dispatch(_ action: Action) {
    engine.dispatch(action, from: self)
  }

  /// Sets the whole state, as a debugger's time travel does (ReduxDebugging's inspector jumps
  /// with it): every observer and view store is told, as after an action that may have changed
  /// anything, and the app goes on from the new state. No middleware or reducer runs; effects
  /// already running go on and deliver their outcomes to it. Called while another thread is
  /// dispatching (or from an observer or a middleware), it is applied on a queue as soon as that
  /// dispatch ends; actions dispatched meanwhile come first. Not for an app's own logic: an
  /// action says why the state changed, this doesn't.
  public func replaceState(_ state: State) {
    engine.replace(with: state, from: self)
  }

  /// `replaceState(_:)`, calling `whileLocked` right after the state is set, under the lock the
  /// reducer runs under: what the inspector's connection records there is in order with the
  /// actions it records in the reducer. It must be quick and must not call the store.
  package func replaceState(_ state: State, whileLocked: @escaping @Sendable () -> Void) {
    engine.replace(with: state, from: self, whileLocked: whileLocked)
  }

  /// Returns when the work the middleware started has ended: every effect request running,
  /// queued or due has dispatched its outcome (or dropped it), including requests those
  /// outcomes started in turn. Requests waiting on a clock that isn't due yet are not waited
  /// for: a test advances its clock, then awaits `idle()` again. A test awaits it after
  /// dispatching instead of polling the state.
  public func idle() async {
    // A caller that gave up (a test's time limit) stops waiting.
    while !_Concurrency.Task.isCancelled {
      var waited = false
      for step in engine.chain where await step.idle() { waited = true }
      guard waited else { return }
    }
  }

  /// The middleware's work still under way (effect requests running, queued or waiting on the
  /// clock), described for a test's failure message; empty when there is none.
  public var pendingWork: [String] {
    engine.chain.flatMap(\.pendingWork)
  }

  // MARK: Observers
  //
  // Every observer is called on `queue` or, when it is nil, on the dispatching thread, in the
  // order of the actions, until it returns `.dead` or its subscription is cancelled.

  /// Calls `observer` with the whole state after every action that reaches the reducer, whether
  /// or not the action changed anything.
  @discardableResult
  @inlinable
  public func subscribeToState(
    on queue: DispatchQueue? = nil, _ observer: @escaping @Sendable (State) -> ObserverStatus
  ) -> Subscription {
    engine.add { id, end in
      ObserverBox(id: id, queue: queue, select: { $0 }, skipRepeats: nil, observer: observer, end: end)
    }
  }

  /// Calls `observer` with the value at `keyPath` whenever an action changes it.
  ///
  /// When `State` is `FieldTracking` (generated states are) and the actions report what they
  /// change, the value is compared only after actions that can change a field the key path
  /// reads; otherwise after every action. The store finds out once, when subscribing.
  @discardableResult
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    to keyPath: any KeyPath<State, Value> & Sendable, on queue: DispatchQueue? = nil,
    _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    subscribe(selecting: { $0[keyPath: keyPath] }, reading: .read(by: keyPath), on: queue, observer)
  }

  /// Calls `observer` with the value `selector` selects whenever an action changes it. Only the
  /// selected value is kept, never the state.
  ///
  /// `fields` are the state fields `selector` reads: the value is compared only after actions
  /// that can change one of them (when the actions report what they change). Leave it `.all`,
  /// to compare after every action, unless you are sure.
  @discardableResult
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    selecting selector: @escaping @Sendable (State) -> Value, reading fields: StateFields = .all,
    on queue: DispatchQueue? = nil, _ observer: @escaping @Sendable (Value) -> ObserverStatus
  ) -> Subscription {
    engine.add { id, end in
      ObserverBox(
        id: id, queue: queue, fields: fields, select: selector, skipRepeats: (==), observer: observer, end: end)
    }
  }
}

extension Store {
  /// Calls `body` under the store's lock right after every action that can change one of
  /// `fields` (every action, for `.all` or actions that don't report what they change). Nothing
  /// is selected, compared or kept, and no notification follows: a saver marks itself dirty and
  /// reads the state later. `body` must be quick and must not call the store.
  func onChange(reading fields: StateFields, _ body: @escaping @Sendable () -> Void) -> Subscription {
    engine.add { id, _ in ObserverBox(id: id, fields: fields, onChange: body) }
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
