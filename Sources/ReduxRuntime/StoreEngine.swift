import Dispatch

/// The dispatch engine behind a `Store`: the state under its lock, the queue of actions
/// dispatched during a dispatch, the observers and their index by field, and the loop that runs
/// each action through the middleware, the reducer and the observers.
///
/// `Store` is its public face and its only owner (subscriptions hold it weakly). The hot path is
/// `@inlinable` so that clients specialize it for their State and Action.
@usableFromInline
final class StoreEngine<State: Sendable, Action: Sendable>: Sendable {
  /// What the lock guards.
  @usableFromInline
  struct Core {
    @usableFromInline var state: State
    @usableFromInline var pending: [Action] = []
    @usableFromInline var pendingStart = 0
    /// Whether a thread is dispatching: set when a dispatch enters, cleared when the queue is
    /// empty, both under the lock, so an action queued by another thread is never left behind.
    /// A dispatch without middleware that tells no observer never leaves the lock between.
    @usableFromInline var isDispatching = false
    @usableFromInline var observers: [ObserverBox<State>] = []
    @usableFromInline var nextObserverID: UInt64 = 0
    /// Observers that said which fields they read, indexed by field: rebuilt on (un)subscribe.
    @usableFromInline var observersByField: [[ObserverBox<State>]] = []
    /// Observers that read anything: compared after every action.
    @usableFromInline var untrackedObservers: [ObserverBox<State>] = []
    /// Told of each action right after the reducer, under the lock (`ViewStore`'s change log),
    /// and of nil when the state was replaced whole; one that answers false is removed.
    @usableFromInline var actionListeners: [@Sendable (Action?) -> Bool] = []

    @usableFromInline
    init(state: State) {
      self.state = state
    }

    /// The next queued action; nil, with the queue emptied, when none is left.
    @inlinable
    mutating func popPending() -> Action? {
      // Almost always: nothing was queued during the action.
      if pending.isEmpty { return nil }
      if pendingStart < pending.count {
        defer { pendingStart += 1 }
        return pending[pendingStart]
      }
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
      return nil
    }

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
  }

  @usableFromInline let core: Locked<Core>
  @usableFromInline let reducer: @Sendable (inout State, Action) -> Void
  /// The middleware chain, composed once; the loop over it is inlined into each client.
  @usableFromInline let chain: [any Middleware<State, Action>]
  /// The observers to notify for the action being processed, reused so dispatch does not
  /// allocate. Only the one dispatching thread touches it (see `Core.isDispatching`).
  @usableFromInline let scratch = Scratch()
  /// The fields each action can change, when the Action reports them; else nil.
  @usableFromInline let changedFields: (@Sendable (Action) -> StateFields)?

  @usableFromInline
  final class Scratch: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var changed: [ObserverBox<State>] = []
    @usableFromInline init() {}
  }

  init(
    state: State, reducer: @escaping @Sendable (inout State, Action) -> Void,
    middleware: [any Middleware<State, Action>], changedFields: (@Sendable (Action) -> StateFields)?
  ) {
    self.core = Locked(Core(state: state))
    self.reducer = reducer
    self.chain = middleware
    self.changedFields = changedFields
  }

  /// Reads the state under the lock.
  @inlinable
  func read<Value>(_ selector: (State) -> Value) -> Value {
    core.withLock { selector($0.state) }
  }

  // MARK: Dispatch

  /// Processes `action` and everything queued meanwhile, or queues it for the thread that is
  /// already dispatching. `store` is what the middleware reach through their context.
  @inlinable
  func dispatch(_ action: Action, from store: Store<State, Action>) {
    // The action is read where it was passed, not copied; without middleware, no context either,
    // and one critical section enters the dispatch, reduces and (when no observer is told and
    // nothing was queued) ends it. A queued action is taken only when there is one.
    guard !chain.isEmpty else {
      var more = reduce(action, entering: true)
      while more, let next = core.withLock({ takeNext(&$0) }) { more = reduce(next, entering: false) }
      return
    }
    guard beginDispatch(orEnqueue: action) else { return }
    let context = MiddlewareContext(store: store)
    var more = process(action, context: context)
    while more, let next = core.withLock({ takeNext(&$0) }) { more = process(next, context: context) }
  }

  /// True when this thread now dispatches; false when another thread was, after queuing
  /// `action` for it.
  @inlinable
  func beginDispatch(orEnqueue action: Action) -> Bool {
    core.withLock { core -> Bool in
      if core.isDispatching {
        core.pending.append(action)
        return false
      }
      core.isDispatching = true
      return true
    }
  }

  /// Processes one action through the middleware and the reducer; false when that ended the
  /// dispatch, true when the next queued action (if any) is to be taken.
  @inlinable
  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Bool {
    var current = action
    // By index, so each middleware is called in place rather than copied out of the array.
    for index in chain.indices {
      guard let passed = chain[index].process(current, context: context) else { return true }
      current = passed
    }
    return reduce(current, entering: false)
  }

  /// What the critical section that reduces an action leaves to do.
  @usableFromInline
  enum Outcome {
    /// The dispatch ended (nothing queued), or the action was queued for another thread.
    case ended
    /// Observers to tell (in `scratch`), then the queue to look at.
    case tell
    /// An action was queued meanwhile.
    case queued
  }

  /// Reduces one action that passed the middleware and tells the observers; false when that ended
  /// the dispatch, true when an action is queued. `entering`: the action was just dispatched (no
  /// middleware), and is queued instead when another thread is dispatching.
  @inlinable
  func reduce(_ current: Action, entering: Bool) -> Bool {
    // One critical section reduces, evaluates the observers' selections and, when no observer
    // needs a notification and nothing was queued, ends the dispatch.
    let outcome = core.withLock { core -> Outcome in
      if entering {
        if core.isDispatching {
          core.pending.append(current)
          return .ended
        }
        core.isDispatching = true
      }
      reducer(&core.state, current)
      // Nothing attached (no observer, no view store): nothing to tell or compare.
      if !(core.observers.isEmpty && core.actionListeners.isEmpty) && collectChanged(&core, after: current) {
        return .tell
      }
      return endIfIdle(&core) ? .ended : .queued
    }
    switch outcome {
    case .ended: return false
    case .queued: return true
    case .tell: break
    }
    let scratch = self.scratch
    // Allocates only when an observer ends.
    var finished: [UInt64] = []
    for observer in scratch.changed where !observer.deliver() {
      finished.append(observer.id)
    }
    scratch.changed.removeAll(keepingCapacity: true)
    return core.withLock { core in
      if !finished.isEmpty { remove(finished, from: &core) }
      return !endIfIdle(&core)
    }
  }

  /// Under the lock, after the reducer: tells the action listeners and gathers in `scratch` the
  /// observers whose selection changed; true when there is one.
  @inlinable
  func collectChanged(_ core: inout Core, after current: Action) -> Bool {
    if !core.actionListeners.isEmpty {
      // Allocates only when a listener ends.
      var ended: [Int] = []
      for index in core.actionListeners.indices where !core.actionListeners[index](current) { ended.append(index) }
      for index in ended.reversed() { core.actionListeners.remove(at: index) }
    }
    let scratch = self.scratch
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
    return !scratch.changed.isEmpty
  }

  // MARK: Replacing the state

  /// Sets the whole state between two actions, as a debugger's time travel does, and tells every
  /// observer and listener (nil: anything may have changed); then processes what was queued
  /// meanwhile. While another thread dispatches, it tries again a moment later, on a queue.
  /// `whileLocked` runs right after the state is set, under the lock the reducer runs under.
  func replace(with state: State, from store: Store<State, Action>, whileLocked: @escaping @Sendable () -> Void = {}) {
    let began = core.withLock { core -> Bool in
      guard !core.isDispatching else { return false }
      core.isDispatching = true
      core.state = state
      whileLocked()
      for index in core.actionListeners.indices.reversed() where !core.actionListeners[index](nil) {
        core.actionListeners.remove(at: index)
      }
      for observer in core.observers where observer.evaluate(core.state) {
        scratch.changed.append(observer)
      }
      return true
    }
    guard began else {
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { [weak store] in
        guard let store else { return }
        self.replace(with: state, from: store, whileLocked: whileLocked)
      }
      return
    }
    var finished: [UInt64] = []
    for observer in scratch.changed where !observer.deliver() {
      finished.append(observer.id)
    }
    scratch.changed.removeAll(keepingCapacity: true)
    var more = core.withLock { core in
      if !finished.isEmpty { remove(finished, from: &core) }
      return !endIfIdle(&core)
    }
    let context = MiddlewareContext(store: store)
    while more, let next = core.withLock({ takeNext(&$0) }) {
      more = chain.isEmpty ? reduce(next, entering: false) : process(next, context: context)
    }
  }

  /// Under the lock: the next queued action, or nil after ending the dispatch.
  @inlinable
  func takeNext(_ core: inout Core) -> Action? {
    if let next = core.popPending() { return next }
    core.isDispatching = false
    return nil
  }

  /// Under the lock: ends the dispatch and answers true when no action is queued.
  @inlinable
  func endIfIdle(_ core: inout Core) -> Bool {
    if core.pendingStart < core.pending.count { return false }
    if !core.pending.isEmpty {
      core.pending.removeAll(keepingCapacity: true)
      core.pendingStart = 0
    }
    core.isDispatching = false
    return true
  }

  // MARK: Observers

  /// Adds the observer `make` builds from its id and its way to end itself, and starts it with
  /// the current state.
  @usableFromInline
  func add(_ make: (UInt64, @escaping @Sendable () -> Void) -> ObserverBox<State>) -> Subscription {
    let id = core.withLock { core -> UInt64 in
      core.nextObserverID += 1
      let id = core.nextObserverID
      let observer = make(id) { [weak self] in self?.unsubscribe(id) }
      observer.start(with: core.state)
      core.observers.append(observer)
      core.rebuildFieldIndex()
      return id
    }
    return Subscription { [weak self] in self?.unsubscribe(id) }
  }

  /// Adds a listener told of each action right after the reducer, under the lock, until it
  /// answers false (when what it tells is gone): it must be quick and must not call the store.
  @usableFromInline
  func addActionListener(_ body: @escaping @Sendable (Action?) -> Bool) {
    core.withLock { $0.actionListeners.append(body) }
  }

  func unsubscribe(_ id: UInt64) {
    core.withLock { remove([id], from: &$0) }
  }

  /// Under the lock: forgets the observers with these ids.
  @usableFromInline
  func remove(_ ids: [UInt64], from core: inout Core) {
    core.observers.removeAll { ids.contains($0.id) }
    core.rebuildFieldIndex()
  }
}
