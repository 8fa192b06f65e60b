// The notifiers of child features, and the bindings of SwiftUI's navigation, for iOS 16 and
// macOS 13 (ReduxSwiftUI's `PublishedStore`): what `ViewStore` gives from iOS 17, told per
// notifier rather than per field.

extension ChangeNotifier {
  /// The notifier of a presented child feature while it is presented, nil while it isn't: the
  /// same object while it stays presented. Told after the child's actions that changed it, and
  /// after this feature's actions that changed its field.
  public func scope<ChildState: Sendable, ChildAction: ChangeReporting>(
    presented keyPath: KeyPath<State, ChildState?> & Sendable,
    embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?
  ) -> ChangeNotifier<ChildState, ChildAction>? {
    guard let presented = read(keyPath) else {
      children[keyPath] = nil
      return nil
    }
    if let child = children[keyPath] as? ChangeNotifier<ChildState, ChildAction> { return child }
    let source = self.source
    let child = ChangeNotifier<ChildState, ChildAction>(
      source: source.child(
        first: presented, find: { $0[keyPath: keyPath] }, embed: embed,
        listen: listener(field: keyPath, extract: { extract($0) })),
      changes: { $0.changedFields }, elementChanges: { $0.changedElements }, onChange: {})
    // A state that can be compared tells only when it differs from what it was last told.
    if presented is any Equatable {
      let shown = LastSeen(presented)
      child.showsSame = {
        guard let now = source.read({ $0[keyPath: keyPath] }) else { return false }
        defer { shown.value = now }
        return (now as? any Equatable)?.isEqual(to: shown.value) ?? false
      }
    }
    adopt(child, key: keyPath)
    return child
  }

  /// A notifier per element of a list of child features, in the list's order, each the same
  /// object while its element is listed. Told after its element's own actions that changed it,
  /// and after this feature's actions that changed the list.
  public func scope<ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: ChangeReporting>(
    each keyPath: KeyPath<State, IdentifiedArray<ID, ChildState>> & Sendable,
    embed: @escaping @Sendable (ID, ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: ID, action: ChildAction)?
  ) -> [ChangeNotifier<ChildState, ChildAction>] where ChildState.ID == ID {
    elementNotifiers(
      keyPath, list: { $0[keyPath: keyPath] }, element: { $0[keyPath: keyPath][id: $1] }, embed: embed,
      extract: extract, changes: { $0.changedFields }, elementChanges: { $0.changedElements })
  }

  /// A notifier per screen of a navigation stack, bottom first, each the same object while its
  /// screen is on the stack; a screen's destination's own notifier is its `scope(presented:)`
  /// (generated as its property of the destination's name).
  public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
    stack keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
    embed: @escaping @Sendable (Int, ScreenAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Int, action: ScreenAction)?
  ) -> ScreenNotifiers<Screen, ScreenAction> {
    // A screen is found in the stack by id, without making the stack an identified array.
    elementNotifiers(
      keyPath, list: { IdentifiedArray(uncheckedUniqueElements: $0[keyPath: keyPath]) },
      element: { state, id in state[keyPath: keyPath][id: id].map { ScreenStack.Element(id: id, screen: $0) } },
      embed: embed, extract: extract, changes: { _ in .all }, elementChanges: { _ in .unknown })
  }

  /// A binding of a presented child's notifier, for `sheet(item:)` and the like: set to nil
  /// while the child is presented (a sheet swiped down), it dispatches `dismiss`.
  public func scopeBinding<ChildState: Sendable, ChildAction: ChangeReporting>(
    presented keyPath: KeyPath<State, ChildState?> & Sendable,
    embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?,
    dismiss: Action
  ) -> StoreBinding<ChangeNotifier<ChildState, ChildAction>?> {
    let source = self.source
    return NavigationBinding.presented(
      { self.scope(presented: keyPath, embed: embed, extract: extract) }, isShown: { source.shows(keyPath) },
      dismiss: { self.dispatch(dismiss) })
  }

  /// A binding of a stack's screens' notifiers, for `NavigationStack(path:)`: SwiftUI's pops
  /// dispatch `pop` with the id of the lowest screen gone; a longer path does nothing.
  public func scopeBinding<Screen: Equatable & Sendable, ScreenAction: Sendable>(
    stack keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
    embed: @escaping @Sendable (Int, ScreenAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Int, action: ScreenAction)?,
    pop: @escaping @Sendable (Int) -> Action
  ) -> ScreenNotifiersBinding<Screen, ScreenAction> {
    let source = self.source
    return NavigationBinding.stack(
      { self.scope(stack: keyPath, embed: embed, extract: extract) }, id: { $0.elementID?.base as? Int },
      ids: { source.isPresent() ? source.read { $0[keyPath: keyPath].ids } : nil }, pop: { self.dispatch(pop($0)) })
  }

  /// The spec's alerts, for ReduxSwiftUI's `alert(_:)`: a button sends `send` with its action;
  /// set to nil while one is shown, it sends `send(dismiss)`.
  public func scopeBinding<Shown: AlertPresentable>(
    alert keyPath: KeyPath<State, Shown?> & Sendable,
    send: @escaping @Sendable (Shown.ButtonAction) -> Action,
    dismiss: Shown.ButtonAction
  ) -> AlertBinding<Shown> {
    let source = self.source
    return NavigationBinding.alert(
      { self.read(keyPath) }, isShown: { source.shows(keyPath) }, send: { self.dispatch(send($0)) }, dismiss: dismiss)
  }

  // MARK: Making children

  private func adopt<ChildState, ChildAction>(_ child: ChangeNotifier<ChildState, ChildAction>, key: AnyHashable) {
    child.parent = self
    children[key] = child
  }

  /// Hears this notifier's store for a child: its own actions (by `extract`), and this feature's
  /// actions that can have changed the child's field as changing everything of the child; for an
  /// element (`id`), not those that changed other elements of the list in place.
  private func listener<ChildAction>(
    field keyPath: AnyKeyPath, id: ElementID? = nil, extract: @escaping @Sendable (Action) -> ChildAction?
  ) -> @Sendable (@escaping @Sendable (ChildAction?) -> Bool) -> Void {
    let source = self.source
    let fields = (keyPath as? PartialKeyPath<State>).map { StateFields.read(by: $0) } ?? .all
    var single: Int?
    fields.forEach { single = single == nil ? $0 : -1 }
    let field = fields.isAll ? nil : single.flatMap { $0 >= 0 ? $0 : nil }
    let changes = self.changes
    let elementChanges = self.elementChanges
    return { listener in
      source.listen { action in
        guard let action else { return listener(nil) }
        if let childAction = extract(action) { return listener(childAction) }
        guard changes(action).overlaps(fields) else { return true }
        if let id, let field {
          let elements = elementChanges(action)
          if elements.field == field, elements.list == -1, !elements.ids.contains(id) {
            return true
          }
        }
        return listener(nil)
      }
    }
  }

  private func elementNotifiers<
    ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: Sendable
  >(
    _ keyPath: AnyKeyPath, list: @escaping @Sendable (State) -> IdentifiedArray<ID, ChildState>,
    element lookup: @escaping @Sendable (State, ID) -> ChildState?,
    embed: @escaping @Sendable (ID, ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: ID, action: ChildAction)?,
    changes: @escaping @Sendable (ChildAction) -> StateFields,
    elementChanges: @escaping @Sendable (ChildAction) -> ChangedElements
  ) -> [ChangeNotifier<ChildState, ChildAction>] where ChildState.ID == ID {
    let source = self.source
    let elements = source.read(list)
    // Elements no longer listed are let go.
    let listed = Set(elements.ids)
    for key in children.keys {
      if let element = key.base as? ElementKey, element.list == keyPath, let id = element.id.base as? ID,
        !listed.contains(id)
      {
        children[key] = nil
      }
    }
    return elements.map { element in
      let key = AnyHashable(ElementKey(list: keyPath, id: AnyHashable(element.id)))
      if let child = children[key] as? ChangeNotifier<ChildState, ChildAction> { return child }
      let id = element.id
      let find: @Sendable (State) -> ChildState? = { lookup($0, id) }
      let child = ChangeNotifier<ChildState, ChildAction>(
        source: source.child(
          first: element, find: find, embed: { embed(id, $0) },
          listen: listener(field: keyPath, id: ElementID(id)) { action in
            extract(action).flatMap { $0.id == id ? $0.action : nil }
          }),
        changes: changes, elementChanges: elementChanges, elementID: AnyHashable(id), onChange: {})
      let shown = LastSeen(element)
      child.showsSame = {
        guard let now = source.read(find) else { return false }
        defer { shown.value = now }
        return now == shown.value
      }
      adopt(child, key: key)
      return child
    }
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}

/// The notifiers of a navigation stack's screens, bottom first (`ChangeNotifier.scope(stack:)`).
public typealias ScreenNotifiers<Screen: Sendable, ScreenAction: Sendable> =
  [ChangeNotifier<ScreenStack<Screen>.Element, ScreenAction>]

/// A binding of a navigation stack's screens' notifiers (`ChangeNotifier.scopeBinding(stack:)`).
public typealias ScreenNotifiersBinding<Screen: Sendable, ScreenAction: Sendable> =
  StoreBinding<ScreenNotifiers<Screen, ScreenAction>>

/// A child notifier's key: its list's key path and its element's id.
struct ElementKey: Hashable, @unchecked Sendable {
  // Unchecked: key paths of a state are values, read on the main actor only.
  let list: AnyKeyPath
  let id: AnyHashable
}
