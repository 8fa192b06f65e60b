#if canImport(Observation)
  import Dispatch
  import Observation

  /// A store for SwiftUI: its `state` is observable (Observation framework) and is updated on
  /// the main actor after each action.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  @Observable
  public final class ObservableStore<State: Sendable, Action: Sendable> {
    /// The state, as of the last update on the main actor.
    public private(set) var state: State
    @ObservationIgnored private let store: Store<State, Action>
    @ObservationIgnored private var subscription: Subscription?

    /// Observes `store`; updates arrive on the main queue.
    public init(_ store: Store<State, Action>) {
      self.store = store
      self.state = store.state
      subscription = store.subscribeToState(on: .main) { [weak self] state in
        MainActor.assumeIsolated { self?.state = state }
        return .alive
      }
    }

    isolated deinit {
      subscription?.cancel()
    }

    /// Dispatches `action` to the store.
    public func dispatch(_ action: Action) {
      store.dispatch(action)
    }
  }
#endif
