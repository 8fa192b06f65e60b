// The SwiftUI face of ReduxRuntime, kept this small on purpose: it only compiles on Apple
// systems, so on Linux it is type-checked against test-only stand-ins of the few SwiftUI and
// Combine declarations it uses (Tests/StandIns, modules named SwiftUIStandIn and CombineStandIn
// so that no dependency takes them for the real ones), and everything it calls is ReduxRuntime's,
// tested there. docs/swiftui.md shows it in use.
import ReduxRuntime

#if canImport(SwiftUIStandIn)
  // Linux: the test-only stand-ins, with the declarations' SDK signatures.
  import CombineStandIn
  import SwiftUIStandIn
#else
  import Combine
  import SwiftUI
#endif

extension Binding {
  /// A SwiftUI binding of a `ViewStore` binding: `TextField("Title", text: Binding(store.titleBinding))`.
  /// Setting it dispatches the binding's action; reading it shows the result at once.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  public init(_ binding: StoreBinding<Value>) {
    self.init(get: { @MainActor in binding.wrappedValue }, set: { @MainActor in binding.wrappedValue = $0 })
  }
}

/// A store for SwiftUI on iOS 16 and macOS 13, where Observation isn't available: an
/// `ObservableObject` that publishes after each action that changed something (not after every
/// action). A view that reads it is invalidated by every change of the state; `ViewStore`,
/// from iOS 17, invalidates views field by field.
@MainActor
public final class PublishedStore<State: Sendable, Action: Sendable>: ObservableObject {
  /// Counts changes: setting it is what publishes.
  @Published private var changes = 0
  private var notifier: ChangeNotifier<State, Action>?

  /// Publishes after the actions that, by their report, changed something.
  public init(_ store: Store<State, Action>) where Action: ChangeReporting {
    notifier = ChangeNotifier(store) { [weak self] in self?.changes &+= 1 }
  }

  /// The current state.
  public var state: State { notifier.unsafelyUnwrapped.store.state }

  /// Dispatches `action`; a view reading `state` is told right after when it changed something.
  public func dispatch(_ action: Action) {
    notifier?.dispatch(action)
  }
}
