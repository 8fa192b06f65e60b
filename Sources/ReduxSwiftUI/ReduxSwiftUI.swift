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
  /// A SwiftUI binding of a store's binding: `TextField("Title", text: Binding(store.titleBinding))`,
  /// `sheet(item: Binding(store.editorBinding))`. Setting it dispatches the binding's action;
  /// reading it shows the result at once.
  @MainActor
  public init(_ binding: StoreBinding<Value>) {
    self.init(get: { @MainActor in binding.wrappedValue }, set: { @MainActor in binding.wrappedValue = $0 })
  }
}

/// A store for SwiftUI on iOS 16 and macOS 13, where Observation isn't available: an
/// `ObservableObject` that publishes after each action that changed something of its state (not
/// after every action). A view that reads it is rendered again by every change of its state;
/// `ViewStore`, from iOS 17, renders views field by field.
///
/// It has what the feature's `ChangeNotifier` has (generated): a store per child feature
/// (`store.editor`, `store.rows`, `store.path`, `screen.detail`), each publishing after its own
/// changes, and the bindings SwiftUI's navigation takes (`store.editorBinding`,
/// `store.pathBinding`, `store.alertBinding`) and the spec's `binding: true` fields.
@MainActor
@dynamicMemberLookup
public final class PublishedStore<State: Sendable, Action: Sendable>: ObservableObject, Identifiable, Hashable {
  /// Counts changes: setting it is what publishes.
  @Published private var changes = 0
  /// What tells this store of its changes.
  public let notifier: ChangeNotifier<State, Action>

  /// Publishes after the actions that, by their report, changed something.
  public convenience init(_ store: Store<State, Action>) where Action: ChangeReporting {
    self.init(ChangeNotifier(store) {})
  }

  /// Publishes after `notifier` tells of changes.
  public init(_ notifier: ChangeNotifier<State, Action>) {
    self.notifier = notifier
    notifier.owner = self
    notifier.onChange = { [weak self] in self?.changes &+= 1 }
  }

  /// The store of a child's notifier: the one made before while a view holds it.
  static func wrapping(_ notifier: ChangeNotifier<State, Action>) -> PublishedStore {
    notifier.owner as? PublishedStore ?? PublishedStore(notifier)
  }

  /// The current state.
  public var state: State { notifier.state }

  /// Dispatches `action`; a view reading `state` is told right after when it changed something.
  public func dispatch(_ action: Action) {
    notifier.dispatch(action)
  }

  /// A presented child's store while it is presented (`store.editor`).
  public subscript<Child, ChildAction>(
    dynamicMember keyPath: KeyPath<ChangeNotifier<State, Action>, ChangeNotifier<Child, ChildAction>?>
  ) -> PublishedStore<Child, ChildAction>? {
    notifier[keyPath: keyPath].map(PublishedStore<Child, ChildAction>.wrapping)
  }

  /// A store per element of a list of child features, or per screen of a stack (`store.path`).
  public subscript<Child, ChildAction>(
    dynamicMember keyPath: KeyPath<ChangeNotifier<State, Action>, [ChangeNotifier<Child, ChildAction>]>
  ) -> [PublishedStore<Child, ChildAction>] {
    notifier[keyPath: keyPath].map(PublishedStore<Child, ChildAction>.wrapping)
  }

  /// A field's binding (`store.titleBinding`).
  public subscript<Value>(dynamicMember keyPath: KeyPath<ChangeNotifier<State, Action>, StoreBinding<Value>>)
    -> StoreBinding<Value>
  {
    notifier[keyPath: keyPath]
  }

  /// A presented child's binding, for `sheet(item:)` and the like (`store.editorBinding`).
  public subscript<Child, ChildAction>(
    dynamicMember keyPath: KeyPath<ChangeNotifier<State, Action>, StoreBinding<ChangeNotifier<Child, ChildAction>?>>
  ) -> StoreBinding<PublishedStore<Child, ChildAction>?> {
    let binding = notifier[keyPath: keyPath]
    return StoreBinding(
      get: { binding.wrappedValue.map(PublishedStore<Child, ChildAction>.wrapping) },
      set: { binding.wrappedValue = $0?.notifier })
  }

  /// A stack's path binding, for `NavigationStack(path:)` (`store.pathBinding`).
  public subscript<Child, ChildAction>(
    dynamicMember keyPath: KeyPath<ChangeNotifier<State, Action>, StoreBinding<[ChangeNotifier<Child, ChildAction>]>>
  ) -> StoreBinding<[PublishedStore<Child, ChildAction>]> {
    let binding = notifier[keyPath: keyPath]
    return StoreBinding(
      get: { binding.wrappedValue.map(PublishedStore<Child, ChildAction>.wrapping) },
      set: { binding.wrappedValue = $0.map(\.notifier) })
  }

  /// The spec's alerts, for `alert(_:)` (`store.alertBinding`).
  public subscript<Shown>(dynamicMember keyPath: KeyPath<ChangeNotifier<State, Action>, AlertBinding<Shown>>)
    -> AlertBinding<Shown>
  {
    notifier[keyPath: keyPath]
  }

  public nonisolated static func == (lhs: PublishedStore, rhs: PublishedStore) -> Bool { lhs === rhs }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
