import Dispatch

/// Tells a view model when to publish: after each action that changed something (by the
/// action's generated `changedFields`), right after `dispatch(_:)` on the main actor and on the
/// main queue for actions dispatched elsewhere, several at a time. What ReduxSwiftUI's
/// `PublishedStore` (an `ObservableObject`, for iOS 16 and macOS 13) is built on.
///
/// A feature that holds features gets a notifier per child, as `ViewStore` gets a view store
/// per child (`scope(presented:)`, `scope(each:)`, `scope(stack:)`, generated as the properties
/// of its fields), and the bindings SwiftUI's navigation takes (`scopeBinding`): a child's
/// notifier tells after the child's own actions that changed something, and after its parent's
/// actions that changed its field; its parent's is told of the child's changes too, as they
/// change the parent's state.
@MainActor
public final class ChangeNotifier<State: Sendable, Action: Sendable> {
  let source: ViewStoreSource<State, Action>
  /// What an action of `Action` can have changed (its report): its fields, and the elements it
  /// changed in place.
  let changes: @Sendable (Action) -> StateFields
  let elementChanges: @Sendable (Action) -> ChangedElements
  /// The element's id, for the notifier of an element of a list of child features.
  let elementID: AnyHashable?
  private let log = ChangeLog()
  /// Called after actions that changed this notifier's state; an action that changes nothing
  /// of it (one only middleware act on, or another child's) is not told.
  public var onChange: @MainActor () -> Void
  /// What ReduxSwiftUI's `PublishedStore` wraps this notifier in, kept while a view holds it.
  public weak var owner: AnyObject?
  /// For the notifier of an element: whether the element is as it was when last told, so that a
  /// change of the list elsewhere (a pop, a removal) doesn't tell the elements it left alone.
  var showsSame: (@MainActor () -> Bool)?
  /// The notifier this one is a part of, if any.
  weak var parent: (any ChangeDeliveringNotifier)?
  /// The notifiers of child features handed out, by the key path of their field (and element).
  var children: [AnyHashable: any ChangeDeliveringNotifier] = [:]

  /// Calls `onChange` after actions that changed something; an action that changes nothing
  /// (one only middleware acts on) is not told.
  public convenience init(_ store: Store<State, Action>, onChange: @escaping @MainActor () -> Void)
  where Action: ChangeReporting {
    self.init(
      source: .store(store), changes: { $0.changedFields }, elementChanges: { $0.changedElements }, onChange: onChange)
  }

  /// Calls `onChange` after every action: these actions don't report what they change.
  public convenience init(_ store: Store<State, Action>, onChange: @escaping @MainActor () -> Void) {
    self.init(source: .store(store), changes: { _ in .all }, onChange: onChange)
  }

  init(
    source: ViewStoreSource<State, Action>, changes: @escaping @Sendable (Action) -> StateFields,
    elementChanges: @escaping @Sendable (Action) -> ChangedElements = { _ in .unknown }, elementID: AnyHashable? = nil,
    onChange: @escaping @MainActor () -> Void
  ) {
    self.source = source
    self.changes = changes
    self.elementChanges = elementChanges
    self.elementID = elementID
    self.onChange = onChange
    let log = self.log
    // The store forgets the listener at the first action after this notifier is gone.
    source.listen { [weak self] action in
      guard self != nil else { return false }
      guard log.record(action.map(changes) ?? .all, .unknown) else { return true }
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.deliver(log.takeScheduled()) }
      }
      return true
    }
  }

  /// The current state.
  public var state: State { source.read { $0 } }

  /// The state's value at `keyPath`.
  public func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    source.read { $0[keyPath: keyPath] }
  }

  /// Dispatches `action`, then calls `onChange` of each notifier of the app's whose state it (or
  /// an action before it) changed.
  public func dispatch(_ action: Action) {
    source.dispatch(action)
    var root: any ChangeDeliveringNotifier = self
    while let parent = root.parent { root = parent }
    root.deliverPendingChanges()
  }

  /// A two-way binding of the value at `keyPath`: setting it dispatches `action` with the new
  /// value.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value> & Sendable, send action: @escaping @Sendable (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { self.read(keyPath) }, set: { self.dispatch(action($0)) })
  }

  private func deliver(_ changes: PendingChanges) {
    guard !changes.isEmpty, !(showsSame?() ?? false) else { return }
    onChange()
  }
}

/// A notifier, whatever its types: what delivers the changes of a tree of notifiers.
@MainActor
protocol ChangeDeliveringNotifier: AnyObject {
  var parent: (any ChangeDeliveringNotifier)? { get }
  func deliverPendingChanges()
}

extension ChangeNotifier: ChangeDeliveringNotifier {
  func deliverPendingChanges() {
    deliver(log.take())
    for child in children.values { child.deliverPendingChanges() }
  }
}
