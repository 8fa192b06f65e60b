/// A step between `dispatch` and the reducer.
///
/// A middleware sees each action and the current state. It returns the action to pass on (the
/// same one or another) or `nil` to stop it, and may dispatch further actions, now or later and
/// from any thread or task, through its context. `process` can't throw: a middleware handles its
/// own errors, typically by dispatching an action that records them.
public protocol Middleware<State, Action>: Sendable {
  associatedtype State: Sendable
  associatedtype Action: Sendable

  /// Decides what happens to `action`: the action to pass on, or `nil` to stop it.
  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action?

  /// Called once when the store is made, before any action, in the chain's order: what the
  /// store does when it starts (NgRx's init effects: load saved data, check what the platform
  /// supports), dispatched through `context`. The default does nothing.
  func start(context: MiddlewareContext<State, Action>)

  /// Waits until the work this middleware started outside `process` (an effect's requests) has
  /// ended, and returns whether there was any to wait for. Work waiting on a clock that isn't
  /// due yet is not waited for. `Store.idle()` calls it; the default has no such work.
  func idle() async -> Bool

  /// The work still under way, described for a test's failure message: an effect's requests
  /// running, queued or waiting on the clock. The default has none.
  var pendingWork: [String] { get }

  /// Ends the work this middleware started outside `process` (an effect's requests, running,
  /// queued or waiting on the clock): they are cancelled and dispatch nothing. Called when the
  /// feature it serves is gone (an element of a list of child features removed, see
  /// `ChildMiddleware`). The default has no such work.
  func end()
}

extension Middleware {
  public func start(context: MiddlewareContext<State, Action>) {}

  public func idle() async -> Bool { false }

  public var pendingWork: [String] { [] }

  public func end() {}
}

/// What a middleware can reach of its store: the current state and `dispatch`.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline
  enum Source: Sendable {
    case store(Store<State, Action>)
    /// A feature's slice of an app store (see `ScopedMiddleware`).
    case scope(Scope<State, Action>)
  }

  @usableFromInline let source: Source

  @usableFromInline
  init(store: Store<State, Action>) {
    self.source = .store(store)
  }

  @usableFromInline
  init(scope: Scope<State, Action>) {
    self.source = .scope(scope)
  }

  /// The state before the action being processed reaches the reducer.
  public var state: State {
    switch source {
    case .store(let store): store.state
    case .scope(let scope): scope.state()
    }
  }

  /// The state as `action` leaves it: the current state with `reducer` applied to a copy. An
  /// effect that reads the state is handed this snapshot, taken when its request is made.
  public func state(after action: Action, _ reducer: (inout State, Action) -> Void) -> State {
    var state = self.state
    reducer(&state, action)
    return state
  }

  /// Reads part of the state without copying the rest.
  public func read<Value>(_ selector: (State) -> Value) -> Value {
    switch source {
    case .store(let store): store.read(selector)
    case .scope(let scope): selector(scope.state())
    }
  }

  /// Dispatches another action. During a dispatch it is queued and runs after the current one.
  public func dispatch(_ action: Action) {
    switch source {
    case .store(let store): store.dispatch(action)
    case .scope(let scope): scope.dispatch(action)
    }
  }

  /// A dispatch for work with no end of its own (a timer): it doesn't keep a store alive, so a
  /// store its owner lets go ends (and its middleware's runners cancel the work); once the store
  /// is gone it does nothing. Through a scope (a row's, a presented feature's, an app feature's
  /// chain) it holds the store at the root weakly too.
  @usableFromInline
  var dispatchWithoutKeepingTheStore: @Sendable (Action) -> Void {
    switch source {
    case .store(let store): { [weak store] action in store?.dispatch(action) }
    case .scope(let scope): scope.detached()
    }
  }

  /// Emits an event to the store's listeners. Generated code calls it through a type that offers
  /// only the events a middleware declares (`emits` in the spec).
  @_spi(Generated)
  public func emit(_ event: some Sendable) {
    emitted(event)
  }

  /// `emit(_:)` for the runtime's inlinable code (a child's slice passes its events on).
  @usableFromInline
  func emitted(_ event: any Sendable) {
    switch source {
    case .store(let store): store.emit(event)
    case .scope(let scope): scope.emit(event)
    }
  }
}

/// How a scoped context reaches its parent.
@usableFromInline
final class Scope<State: Sendable, Action: Sendable>: Sendable {
  let state: @Sendable () -> State
  let dispatch: @Sendable (Action) -> Void
  let emit: @Sendable (any Sendable) -> Void
  /// Made on demand: a dispatch that holds the store at the root of the scopes weakly
  /// (`MiddlewareContext.dispatchWithoutKeepingTheStore`).
  let detached: @Sendable () -> @Sendable (Action) -> Void

  @usableFromInline
  init(
    state: @escaping @Sendable () -> State, dispatch: @escaping @Sendable (Action) -> Void,
    emit: @escaping @Sendable (any Sendable) -> Void,
    detached: @escaping @Sendable () -> @Sendable (Action) -> Void
  ) {
    self.state = state
    self.dispatch = dispatch
    self.emit = emit
    self.detached = detached
  }
}

/// Runs a feature's middleware inside an app store, on the feature's slice of the state and
/// its own actions: each app action that wraps a feature action goes through the feature's
/// chain; what the chain passes on is wrapped again; other actions pass unchanged.
public struct ScopedMiddleware<ParentState: Sendable, ParentAction: Sendable, State: Sendable, Action: Sendable>:
  Middleware
{
  let middleware: [any Middleware<State, Action>]
  let state: @Sendable (ParentState) -> State
  let extract: @Sendable (ParentAction) -> Action?
  let embed: @Sendable (Action) -> ParentAction

  /// - Parameters:
  ///   - middleware: The feature's chain, in order.
  ///   - state: The feature's slice of the app state.
  ///   - extract: The feature action an app action wraps, if any.
  ///   - embed: Wraps a feature action as an app action.
  public init(
    _ middleware: [any Middleware<State, Action>], state: @escaping @Sendable (ParentState) -> State,
    extract: @escaping @Sendable (ParentAction) -> Action?, embed: @escaping @Sendable (Action) -> ParentAction
  ) {
    FollowUpCheck.warnIfMissing(Action.self, in: middleware)
    self.middleware = middleware
    self.state = state
    self.extract = extract
    self.embed = embed
  }

  public func process(
    _ action: ParentAction, context: MiddlewareContext<ParentState, ParentAction>
  ) -> ParentAction? {
    guard var current = extract(action) else { return action }
    let scoped = scopedContext(context)
    for step in middleware {
      guard let passed = step.process(current, context: scoped) else { return nil }
      current = passed
    }
    return embed(current)
  }

  /// Starts the feature's chain on its slice: what it dispatches is wrapped as app actions.
  public func start(context: MiddlewareContext<ParentState, ParentAction>) {
    let scoped = scopedContext(context)
    for step in middleware { step.start(context: scoped) }
  }

  public func idle() async -> Bool {
    var waited = false
    for step in middleware where await step.idle() { waited = true }
    return waited
  }

  public var pendingWork: [String] { middleware.flatMap(\.pendingWork) }

  public func end() {
    for step in middleware { step.end() }
  }

  private func scopedContext(_ context: MiddlewareContext<ParentState, ParentAction>) -> MiddlewareContext<State, Action> {
    let state = self.state
    let embed = self.embed
    return MiddlewareContext<State, Action>(
      scope: Scope(
        state: { context.read(state) }, dispatch: { context.dispatch(embed($0)) }, emit: { context.emit($0) },
        detached: {
          let parent = context.dispatchWithoutKeepingTheStore
          return { parent(embed($0)) }
        }))
  }
}

/// Whether an observer wants further notifications.
public enum ObserverStatus: Sendable {
  case alive
  case dead
}
