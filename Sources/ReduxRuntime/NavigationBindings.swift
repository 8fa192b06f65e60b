// What the stores of child features share, whichever form they take (`ViewStore` from iOS 17,
// `ChangeNotifier` for iOS 16): the source of a child's state, and the bindings SwiftUI's
// navigation sets, each sending the spec's action only where the state still shows what SwiftUI
// let go of.

extension ViewStoreSource {
  /// The source of a part of this state that `find` finds (an element by id, a presented child):
  /// read as it last was once it is gone (for the views going away), not present from then on,
  /// its actions wrapped by `embed` into this source's, and heard through `listen`.
  func child<Child: Sendable, ChildAction: Sendable>(
    first: Child, find: @escaping @Sendable (State) -> Child?, embed: @escaping @Sendable (ChildAction) -> Action,
    listen: @escaping @Sendable (@escaping @Sendable (ChildAction?) -> Bool) -> Void
  ) -> ViewStoreSource<Child, ChildAction> {
    let last = LastSeen(first)
    return ViewStoreSource<Child, ChildAction>(
      read: { body in
        read { parent in
          if let found = find(parent) { last.value = found }
          body(last.value)
        }
      },
      dispatch: { dispatch(embed($0)) },
      listen: listen,
      isPresent: { isPresent() && read { find($0) != nil } })
  }

  /// Whether this state is there and holds a value at `keyPath` (a child presented, an alert shown).
  func shows<Value>(_ keyPath: KeyPath<State, Value?>) -> Bool {
    isPresent() && read { $0[keyPath: keyPath] != nil }
  }
}

/// The bindings of SwiftUI's navigation over a store's children (`scopeBinding`), for either form
/// of store.
@MainActor
enum NavigationBinding {
  /// A presented child's store (`child`), for `sheet(item:)` and the like: set to nil while
  /// `isShown` (a sheet swiped down), it sends `dismiss`; after the spec's own dismissal, or a
  /// store set, nothing.
  static func presented<Child>(
    _ child: @escaping @MainActor () -> Child?, isShown: @escaping @MainActor () -> Bool,
    dismiss: @escaping @MainActor () -> Void
  ) -> StoreBinding<Child?> {
    StoreBinding(
      get: child,
      set: { store in
        guard store == nil, isShown() else { return }
        dismiss()
      })
  }

  /// A stack's screens' stores (`screens`, each with its screen's `id`), for
  /// `NavigationStack(path:)`: the path SwiftUI sets after a pop sends `pop` with the lowest
  /// screen gone; a longer one nothing. `ids` is the stack's, nil once its own store is gone.
  static func stack<Screen>(
    _ screens: @escaping @MainActor () -> [Screen], id: @escaping @MainActor (Screen) -> Int?,
    ids: @escaping @MainActor () -> [Int]?, pop: @escaping @MainActor (Int) -> Void
  ) -> StoreBinding<[Screen]> {
    StoreBinding(
      get: screens,
      set: { path in
        guard let ids = ids(), let lowest = lowestPopped(ids: ids, path: path.map(id)) else { return }
        pop(lowest)
      })
  }

  /// The alert shown (`shown`) and its buttons (`send`): set to nil while `isShown` (a tap
  /// outside) it sends `dismiss`; after a button, nothing (the reducer dismissed that alert, and
  /// one the button's action shows stays).
  static func alert<Shown: AlertPresentable>(
    _ shown: @escaping @MainActor () -> Shown?, isShown: @escaping @MainActor () -> Bool,
    send: @escaping @MainActor (Shown.ButtonAction) -> Void, dismiss: Shown.ButtonAction
  ) -> AlertBinding<Shown> {
    let answered = AlertAnswer()
    return AlertBinding(
      alert: StoreBinding(
        get: shown,
        set: { alert in
          guard alert == nil, !answered.take(), isShown() else { return }
          send(dismiss)
        }),
      send: {
        answered.mark()
        send($0)
      })
  }

  /// The id of the lowest screen SwiftUI's new `path` (each screen's id, nil for one the stack
  /// doesn't know) pops from the stack's `ids`: the first that differs, when the path is shorter
  /// or a prefix; nil when nothing is popped (a longer path, or one as long: pushing is the
  /// spec's).
  static func lowestPopped(ids: [Int], path: [Int?]) -> Int? {
    let kept = zip(path, ids).prefix { $0 == $1 }.count
    guard kept < ids.count, path.count < ids.count else { return nil }
    return ids[kept]
  }
}

/// Whether an alert's button was tapped since SwiftUI last set its presentation: the nil it sets
/// after a button dismisses nothing (the reducer did, and may have shown another alert).
@MainActor
final class AlertAnswer {
  private var answered = false

  func mark() { answered = true }

  /// Whether a button was tapped, forgetting it.
  func take() -> Bool {
    defer { answered = false }
    return answered
  }
}
