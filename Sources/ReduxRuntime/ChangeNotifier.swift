import Dispatch

/// Tells a view model when to publish: after each action that changed something (by the
/// action's generated `changedFields`), right after `dispatch(_:)` on the main actor and on the
/// main queue for actions dispatched elsewhere, several at a time. What ReduxSwiftUI's
/// `PublishedStore` (an `ObservableObject`, for iOS 16 and macOS 13) is built on.
@MainActor
public final class ChangeNotifier<State: Sendable, Action: Sendable> {
  /// The store whose changes are told.
  public let store: Store<State, Action>
  private let log = ChangeLog()
  private let onChange: @MainActor () -> Void

  /// Calls `onChange` after actions that changed something; an action that changes nothing
  /// (one only middleware acts on) is not told.
  public convenience init(_ store: Store<State, Action>, onChange: @escaping @MainActor () -> Void)
  where Action: ChangeReporting {
    self.init(store, changes: { $0.changedFields }, onChange: onChange)
  }

  /// Calls `onChange` after every action: these actions don't report what they change.
  public convenience init(_ store: Store<State, Action>, onChange: @escaping @MainActor () -> Void) {
    self.init(store, changes: { _ in .all }, onChange: onChange)
  }

  private init(
    _ store: Store<State, Action>, changes: @escaping @Sendable (Action) -> StateFields,
    onChange: @escaping @MainActor () -> Void
  ) {
    self.store = store
    self.onChange = onChange
    let log = self.log
    // The store forgets the listener at the first action after this notifier is gone.
    store.engine.addActionListener { [weak self] action in
      guard self != nil else { return false }
      guard log.record(changes(action), .unknown) else { return true }
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.deliver(log.takeScheduled()) }
      }
      return true
    }
  }

  /// Dispatches `action`, then calls `onChange` if it (or an action before it) changed something.
  public func dispatch(_ action: Action) {
    store.dispatch(action)
    deliver(log.take())
  }

  private func deliver(_ changes: PendingChanges) {
    if !changes.isEmpty { onChange() }
  }
}
