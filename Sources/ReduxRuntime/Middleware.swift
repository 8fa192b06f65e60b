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
}

/// What a middleware can reach of its store: the current state and `dispatch`.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let store: Store<State, Action>

  @usableFromInline
  init(store: Store<State, Action>) {
    self.store = store
  }

  /// The state before the action being processed reaches the reducer.
  public var state: State { store.state }

  /// Reads part of the state without copying the rest.
  public func read<Value>(_ selector: (State) -> Value) -> Value { store.read(selector) }

  /// Dispatches another action. During a dispatch it is queued and runs after the current one.
  public func dispatch(_ action: Action) {
    store.dispatch(action)
  }
}

/// Whether an observer wants further notifications.
public enum ObserverStatus: Sendable {
  case alive
  case dead
}
