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
    let last = LastSeen(presented)
    let child = ChangeNotifier<ChildState, ChildAction>(
      source: ViewStoreSource(
        read: { body in
          source.read { parent in
            if let presented = parent[keyPath: keyPath] { last.value = presented }
            body(last.value)
          }
        },
        dispatch: { source.dispatch(embed($0)) },
        listen: listener(field: keyPath, extract: { extract($0) }),
        isPresent: { source.isPresent() && source.read { $0[keyPath: keyPath] != nil } }),
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
      keyPath, list: { $0[keyPath: keyPath] }, embed: embed, extract: extract, changes: { $0.changedFields },
      elementChanges: { $0.changedElements })
  }

  /// A notifier per screen of a navigation stack, bottom first, each the same object while its
  /// screen is on the stack; a screen's destination's own notifier is its `scope(presented:)`
  /// (generated as its property of the destination's name).
  public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
    stack keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
    embed: @escaping @Sendable (Int, ScreenAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Int, action: ScreenAction)?
  ) -> ScreenNotifiers<Screen, ScreenAction> {
    elementNotifiers(
      keyPath, list: { IdentifiedArray(uncheckedUniqueElements: $0[keyPath: keyPath]) }, embed: embed, extract: extract,
      changes: { _ in .all }, elementChanges: { _ in .unknown })
  }

  /// A binding of a presented child's notifier, for `sheet(item:)` and the like: set to nil
  /// while the child is presented (a sheet swiped down), it dispatches `dismiss`.
  public func scopeBinding<ChildState: Sendable, ChildAction: ChangeReporting>(
    presented keyPath: KeyPath<State, ChildState?> & Sendable,
    embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?,
    dismiss: Action
  ) -> StoreBinding<ChangeNotifier<ChildState, ChildAction>?> {
    StoreBinding(
      get: { self.scope(presented: keyPath, embed: embed, extract: extract) },
      set: { notifier in
        guard notifier == nil, self.source.isPresent(), self.read(keyPath) != nil else { return }
        self.dispatch(dismiss)
      })
  }

  /// A binding of a stack's screens' notifiers, for `NavigationStack(path:)`: SwiftUI's pops
  /// dispatch `pop` with the id of the lowest screen gone; a longer path does nothing.
  public func scopeBinding<Screen: Equatable & Sendable, ScreenAction: Sendable>(
    stack keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
    embed: @escaping @Sendable (Int, ScreenAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Int, action: ScreenAction)?,
    pop: @escaping @Sendable (Int) -> Action
  ) -> ScreenNotifiersBinding<Screen, ScreenAction> {
    StoreBinding(
      get: { self.scope(stack: keyPath, embed: embed, extract: extract) },
      set: { screens in
        guard self.source.isPresent() else { return }
        let ids = self.read(keyPath).ids
        if let lowest = ScreenStack<Screen>.lowestPopped(ids: ids, path: screens.map { $0.elementID?.base as? Int }) {
          self.dispatch(pop(lowest))
        }
      })
  }

  /// The spec's alerts, for ReduxSwiftUI's `alert(_:)`: a button sends `send` with its action;
  /// set to nil while one is shown, it sends `send(dismiss)`.
  public func scopeBinding<Shown: AlertPresentable>(
    alert keyPath: KeyPath<State, Shown?> & Sendable,
    send: @escaping @Sendable (Shown.ButtonAction) -> Action,
    dismiss: Shown.ButtonAction
  ) -> AlertBinding<Shown> {
    let answered = AlertAnswer()
    return AlertBinding(
      alert: StoreBinding(
        get: { self.read(keyPath) },
        set: { shown in
          // After a button, SwiftUI sets nil: the reducer dismissed that alert already.
          guard shown == nil, !answered.take(), self.source.isPresent(), self.read(keyPath) != nil else { return }
          self.dispatch(send(dismiss))
        }),
      send: {
        answered.mark()
        self.dispatch(send($0))
      })
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
      let last = LastSeen(element)
      let child = ChangeNotifier<ChildState, ChildAction>(
        source: ViewStoreSource(
          read: { body in
            source.read { parent in
              if let element = list(parent)[id: id] { last.value = element }
              body(last.value)
            }
          },
          dispatch: { source.dispatch(embed(id, $0)) },
          listen: listener(field: keyPath, id: ElementID(id)) { action in
            extract(action).flatMap { $0.id == id ? $0.action : nil }
          },
          isPresent: { source.isPresent() && source.read { list($0)[id: id] != nil } }),
        changes: changes, elementChanges: elementChanges, elementID: AnyHashable(id), onChange: {})
      let shown = LastSeen(element)
      child.showsSame = {
        guard let now = source.read(list)[id: id] else { return false }
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

extension ScreenStack {
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
