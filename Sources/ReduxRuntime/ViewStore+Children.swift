import Observation

// MARK: View stores of child features

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ViewStore {
  /// A view store per element of a list of child features (a spec's `children: { rows: { each:
  /// row.yaml } }`), in the list's order: what a `ForEach` iterates (TCA's
  /// `store.scope(state: \.rows, action: \.rows)`). Each is made when first read and is the same
  /// object while its element is in the list; its views read the child's fields as any view
  /// store's and dispatch the child's actions, wrapped by `embed` for this store.
  ///
  /// A view that iterates the collection depends on the list's ids and their order only. A
  /// child's action tells the observers of that child's view store only, of the fields it
  /// changed; an action of this store's that changes elements in place tells those elements'
  /// stores; one that can change the list otherwise (a removal, a move) tells the list's view
  /// once its ids or order differ, and every child store what it can have changed.
  public func scope<ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: ChangeReporting>(
    each keyPath: KeyPath<State, IdentifiedArray<ID, ChildState>> & Sendable,
    embed: @escaping @Sendable (ID, ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: ID, action: ChildAction)?
  ) -> ChildViewStores<ID, ChildState, ChildAction> where ChildState.ID == ID {
    let family: ChildStoreFamily<ID, ChildState, ChildAction>
    if let existing = families[keyPath] as? ChildStoreFamily<ID, ChildState, ChildAction> {
      family = existing
    } else {
      family = makeFamily(keyPath, embed: embed, extract: extract)
    }
    family.idsCell.read()
    return ChildViewStores(elements: family.read(), family: family)
  }

  /// A view store per screen of a navigation stack (a spec's `children: { path: { stack: [...]
  /// } }`), bottom first: what a `NavigationStack`'s destinations read (TCA's
  /// `store.scope(state: \.path, action: \.path)`). A screen's store holds its id and its
  /// destination's state; the generated property of each destination (`screen.detail`, from
  /// `scope(presented:)`) gives that destination's own view store while the screen is it. The
  /// same object while the screen is on the stack; a view that iterates them depends on the
  /// screens' ids and order only, and a screen's action tells that screen's views only.
  public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
    stack keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
    embed: @escaping @Sendable (Int, ScreenAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Int, action: ScreenAction)?
  ) -> ChildViewStores<Int, ScreenStack<Screen>.Element, ScreenAction> {
    let family: ChildStoreFamily<Int, ScreenStack<Screen>.Element, ScreenAction>
    if let existing = families[keyPath] as? ChildStoreFamily<Int, ScreenStack<Screen>.Element, ScreenAction> {
      family = existing
    } else {
      // A screen's store knows nothing finer of its actions: its destination's store (a scope
      // of it) does.
      family = makeFamily(
        key: keyPath, field: info(keyPath).field, list: { IdentifiedArray(uncheckedUniqueElements: $0[keyPath: keyPath]) },
        element: { state, id in state[keyPath: keyPath][id: id].map { ScreenStack.Element(id: id, screen: $0) } },
        embed: embed, extract: { extract($0).map { ($0.id, $0.action) } }, changes: { _ in (.all, .unknown) })
    }
    family.idsCell.read()
    return ChildViewStores(elements: family.read(), family: family)
  }

  /// The view store of a presented child feature (a spec's `children: { editor: { presents:
  /// editor.yaml } }`) while it is presented, nil while it isn't: what a sheet's content reads
  /// (TCA's `store.scope(state: \.editor, action: \.editor)`). The same object while the child
  /// stays presented. A view that reads it depends on whether the child is presented only; a
  /// child's action tells the observers of the child's view store only, of the fields it changed.
  public func scope<ChildState: Sendable, ChildAction: ChangeReporting>(
    presented keyPath: KeyPath<State, ChildState?> & Sendable,
    embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?
  ) -> ViewStore<ChildState, ChildAction>? {
    let family: PresentedStoreFamily<ChildState, ChildAction>
    if let existing = families[keyPath] as? PresentedStoreFamily<ChildState, ChildAction> {
      family = existing
    } else {
      family = makeFamily(keyPath, embed: embed, extract: extract)
    }
    family.presenceCell.read()
    return family.current()
  }

  private func makeFamily<ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: ChangeReporting>(
    _ keyPath: KeyPath<State, IdentifiedArray<ID, ChildState>> & Sendable,
    embed: @escaping @Sendable (ID, ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: ID, action: ChildAction)?
  ) -> ChildStoreFamily<ID, ChildState, ChildAction> where ChildState.ID == ID {
    makeFamily(
      key: keyPath, field: info(keyPath).field, list: { $0[keyPath: keyPath] }, element: { $0[keyPath: keyPath][id: $1] },
      embed: embed,
      extract: { extract($0).map { ($0.id, $0.action) } }, changes: { ($0.changedFields, $0.changedElements) })
  }

  /// The family of a list's child stores: `list` reads the list (an identified array, or a
  /// stack's screens as one), `element` one element by id (without making that array), `field`
  /// is the state field it is.
  private func makeFamily<ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: Sendable>(
    key: AnyKeyPath, field: Int?, list: @escaping @Sendable (State) -> IdentifiedArray<ID, ChildState>,
    element: @escaping @Sendable (State, ID) -> ChildState?,
    embed: @escaping @Sendable (ID, ChildAction) -> Action, extract: @escaping @Sendable (Action) -> (ID, ChildAction)?,
    changes: @escaping @Sendable (ChildAction) -> (StateFields, ChangedElements)
  ) -> ChildStoreFamily<ID, ChildState, ChildAction> where ChildState.ID == ID {
    let source = self.source
    let router = ChildRouter<ID, ChildAction>()
    let family = ChildStoreFamily<ID, ChildState, ChildAction>(
      field: field, router: router, ids: source.read { Array(list($0).ids) }, read: { source.read(list) },
      element: { id in source.read { element($0, id) } }
    ) { [weak self] id, first in
      let child = ViewStore<ChildState, ChildAction>(
        source: source.child(first: first, find: { element($0, id) }, embed: { embed(id, $0) }) { listener in
          router.add(id, listener)
        },
        changes: changes, elementID: ElementID(id))
      child.parent = self
      return child
    }
    families[key] = family
    listenForChildren(field: field, router: router, extract: extract)
    return family
  }

  private func makeFamily<ChildState: Sendable, ChildAction: ChangeReporting>(
    _ keyPath: KeyPath<State, ChildState?> & Sendable,
    embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?
  ) -> PresentedStoreFamily<ChildState, ChildAction> {
    let source = self.source
    let field = info(keyPath).field
    let router = ChildRouter<Int, ChildAction>()
    let family = PresentedStoreFamily<ChildState, ChildAction>(
      field: field, router: router, readPresented: { source.read { $0[keyPath: keyPath] } }
    ) { [weak self] first in
      let child = ViewStore<ChildState, ChildAction>(
        source: source.child(first: first, find: { $0[keyPath: keyPath] }, embed: embed) { listener in
          router.add(0, listener)
        },
        changes: { ($0.changedFields, $0.changedElements) })
      child.parent = self
      return child
    }
    families[keyPath] = family
    listenForChildren(field: field, router: router, isList: false) { action in extract(action).map { (0, $0) } }
    return family
  }

  /// Gives each action of this store's to the child stores `router` holds: a child's action to
  /// its own store; one of this store's that can change the children's field, as an unknown
  /// change, to the stores of the elements it changed in place, or to every store. The listener
  /// is forgotten once the router (its family, this view store) is gone.
  private func listenForChildren<ID: Hashable & Sendable, ChildAction: Sendable>(
    field: Int?, router: ChildRouter<ID, ChildAction>, isList: Bool = true,
    extract: @escaping @Sendable (Action) -> (ID, ChildAction)?
  ) {
    let changes = self.changes
    let children = field.map { StateFields($0) } ?? .all
    source.listen { [weak router] action in
      guard let router else { return false }
      guard let action else {
        router.tellAll()
        return true
      }
      let (fields, elements) = changes(action)
      let inPlace = field != nil && elements.field == field && elements.list == -1
      if let (id, childAction) = extract(action) {
        router.tell(id, childAction)
        if inPlace {
          // A handler of the parent's (`from:`) may change other elements too: the report says which.
          for other in elements.ids {
            if let typed = other.base as? ID, typed != id { router.tell(typed, nil) }
          }
        } else if field == nil, isList {
          router.tellAll(except: id)
        }
        // Otherwise a change of the list that isn't in place: the family's refresh compares
        // each element with what its store last showed.
        return true
      }
      guard fields.overlaps(children) else { return true }
      guard inPlace else {
        // A presented child's store, or one of a list whose change isn't in place: told by the
        // family's refresh (a list's stores whose element differs), or now when unknown.
        if !isList || field == nil { router.tellAll() }
        return true
      }
      for id in elements.ids {
        guard let typed = id.base as? ID else {
          router.tellAll()
          return true
        }
        router.tell(typed, nil)
      }
      return true
    }
  }
}

/// The view stores of a list of child features, in the list's order (`ViewStore.scope(each:
/// embed:extract:)`): each made when first read, the same object while its element lives.
/// Read it on the main actor, as views do.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct ChildViewStores<ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: Sendable>:
  RandomAccessCollection, @unchecked Sendable
where ChildState.ID == ID {
  // Unchecked: its stores are made and read on the main actor only (`MainActor.assumeIsolated`).
  /// The list when the collection was read (a copy on write: a reference, not the elements).
  let elements: IdentifiedArray<ID, ChildState>
  let family: ChildStoreFamily<ID, ChildState, ChildAction>

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }

  /// The ids, in order.
  public var ids: [ID] { Array(elements.ids) }

  /// The view store of the element at `position`.
  public subscript(position: Int) -> ViewStore<ChildState, ChildAction> {
    let element = elements[position]
    let family = self.family
    return MainActor.assumeIsolated { family.store(id: element.id, element: element) }
  }

  /// The view store of the element whose id is `id`, if the list held it when read.
  public subscript(id id: ID) -> ViewStore<ChildState, ChildAction>? {
    guard let element = elements[id: id] else { return nil }
    let family = self.family
    return MainActor.assumeIsolated { family.store(id: id, element: element) }
  }
}

/// A view store is equal to itself alone: what SwiftUI's `NavigationStack(path:)` compares. A
/// child store is the same object while its element lives.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ViewStore: Identifiable, Hashable {
  /// A child store's element's id, else a number no other view store has: what `ForEach` and
  /// `sheet(item:)` tell stores apart by (an address can be another store's once one is gone).
  public nonisolated var id: AnyHashable { elementID?.base ?? AnyHashable(serial) }

  public nonisolated static func == (lhs: ViewStore, rhs: ViewStore) -> Bool { lhs === rhs }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ViewStore where State: Identifiable {
  /// The state's id: for a child store, its element's, fixed when the store is made.
  public nonisolated var id: State.ID {
    if let id = elementID?.base as? State.ID { return id }
    return source.read { $0.id }
  }
}

// MARK: Navigation bindings

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ViewStore {
  /// A binding of a presented child's view store, for SwiftUI's `sheet(item:)`,
  /// `fullScreenCover(item:)`, `popover(item:)` and `navigationDestination(item:)` (TCA's
  /// `$store.scope(state: \.editor, action: \.editor)`): it reads the child's store while it is
  /// presented (`scope(presented:embed:extract:)`); set to nil while it is (a sheet swiped down,
  /// a destination's back button) it dispatches `dismiss`, the spec's `<child>Dismissed`. Setting a
  /// store does nothing: presenting is the spec's action.
  public func scopeBinding<ChildState: Sendable, ChildAction: ChangeReporting>(
    presented keyPath: KeyPath<State, ChildState?> & Sendable,
    embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?,
    dismiss: Action
  ) -> StoreBinding<ViewStore<ChildState, ChildAction>?> {
    let source = self.source
    return NavigationBinding.presented(
      { self.scope(presented: keyPath, embed: embed, extract: extract) }, isShown: { source.shows(keyPath) },
      dismiss: { self.dispatch(dismiss) })
  }

  /// A binding of a navigation stack's screens' view stores, bottom first, for SwiftUI's
  /// `NavigationStack(path:)` (TCA's `$store.scope(state: \.path, action: \.path)`): each
  /// element is a screen's store (`scope(stack:embed:extract:)`). When SwiftUI pops (the back
  /// button, a swipe, a long press on the back button to go further) it sets the screens left;
  /// the binding dispatches `pop` with the id of the lowest screen gone, the spec's
  /// `<stack>Popped(screen:)`. A path SwiftUI makes longer does nothing: pushing is the spec's
  /// action (`push path.detail with ...`).
  public func scopeBinding<Screen: Equatable & Sendable, ScreenAction: Sendable>(
    stack keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
    embed: @escaping @Sendable (Int, ScreenAction) -> Action,
    extract: @escaping @Sendable (Action) -> (id: Int, action: ScreenAction)?,
    pop: @escaping @Sendable (Int) -> Action
  ) -> ScreenPathBinding<Screen, ScreenAction> {
    let source = self.source
    return NavigationBinding.stack(
      { Array(self.scope(stack: keyPath, embed: embed, extract: extract)) }, id: { $0.elementID?.base as? Int },
      ids: { source.isPresent() ? source.read { $0[keyPath: keyPath].ids } : nil }, pop: { self.dispatch(pop($0)) })
  }

  /// A binding of the spec's alerts (`alerts:`) for ReduxSwiftUI's `alert(_:)`, which shows the
  /// alert the state holds (as a confirmation dialog when the spec says `dialog: true`): a button
  /// sends `send` with its action; set to nil while one is shown (a tap outside, or after a
  /// button) it sends `send(dismiss)`, the generated `.dismiss` case.
  public func scopeBinding<Shown: AlertPresentable>(
    alert keyPath: KeyPath<State, Shown?> & Sendable,
    send: @escaping @Sendable (Shown.ButtonAction) -> Action,
    dismiss: Shown.ButtonAction
  ) -> AlertBinding<Shown> {
    let source = self.source
    return NavigationBinding.alert(
      { self.read(keyPath) }, isShown: { source.shows(keyPath) }, send: { self.dispatch(send($0)) }, dismiss: dismiss)
  }
}

/// The view stores of a navigation stack's screens, bottom first: what `NavigationStack(path:)`
/// binds (`ViewStore.scopeBinding(stack:embed:extract:pop:)`).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public typealias ScreenPath<Screen: Sendable, ScreenAction: Sendable> = [ViewStore<ScreenStack<Screen>.Element, ScreenAction>]

/// A binding of a navigation stack's screens' view stores (`ScreenPath`).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public typealias ScreenPathBinding<Screen: Sendable, ScreenAction: Sendable> = StoreBinding<ScreenPath<Screen, ScreenAction>>

/// The alert a view shows, and what its buttons send (`ViewStore.scopeBinding(alert:send:dismiss:)`).
public struct AlertBinding<Shown: AlertPresentable>: Sendable {
  /// The alert shown, nil when none is; setting nil dismisses it.
  public let alert: StoreBinding<Shown?>
  /// Sends a button's action (the alert is dismissed, then the action reduced).
  public let send: @MainActor @Sendable (Shown.ButtonAction) -> Void

  public init(alert: StoreBinding<Shown?>, send: @escaping @MainActor @Sendable (Shown.ButtonAction) -> Void) {
    self.alert = alert
    self.send = send
  }
}

/// The last element state a child store read: what it shows once its element is gone (a view
/// still on screen while it animates away).
final class LastSeen<Value>: @unchecked Sendable {
  // Read and written on the main actor only, by the store's reads.
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// The listeners of a family's child stores, by id (a child store's own, and those of the stores
/// scoped from it): called on the thread that dispatched, under the store's lock.
final class ChildRouter<ID: Hashable & Sendable, ChildAction: Sendable>: Sendable {
  final class Listener: Sendable {
    let call: @Sendable (ChildAction?) -> Bool
    init(_ call: @escaping @Sendable (ChildAction?) -> Bool) { self.call = call }
  }
  private let listeners = Locked<[ID: [Listener]]>([:])
  /// The ids told since the family last delivered, or all of them.
  private let told = Locked<(all: Bool, ids: Set<ID>)>((false, []))

  /// The ids told since the last call (`all`: every one), for a delivery to their stores only.
  func takeTold() -> (all: Bool, ids: Set<ID>) {
    told.withLock { told in
      defer { told = (false, []) }
      return told
    }
  }

  func add(_ id: ID, _ listener: @escaping @Sendable (ChildAction?) -> Bool) {
    listeners.withLock { $0[id, default: []].append(Listener(listener)) }
  }

  /// Tells the listeners of `id` of `action` (nil: any change); forgets those that are gone.
  func tell(_ id: ID, _ action: ChildAction?) {
    guard let all = listeners.withLock({ $0[id] }) else { return }
    told.withLock { _ = $0.ids.insert(id) }
    let gone = all.filter { !$0.call(action) }
    if !gone.isEmpty { forget(gone, of: id) }
  }

  /// Tells every listener, but those of `id`, that anything may have changed.
  func tellAll(except id: ID? = nil) {
    let all = listeners.withLock { $0 }
    told.withLock { $0.all = true }
    for (other, listeners) in all where other != id {
      let gone = listeners.filter { !$0.call(nil) }
      if !gone.isEmpty { forget(gone, of: other) }
    }
  }

  /// Drops `gone` (listeners whose store is gone) of `id`'s, keeping any added meanwhile.
  private func forget(_ gone: [Listener], of id: ID) {
    listeners.withLock { listeners in
      let live = (listeners[id] ?? []).filter { listener in !gone.contains { $0 === listener } }
      listeners[id] = live.isEmpty ? nil : live
    }
  }

  func remove(_ id: ID) {
    listeners.withLock { _ = $0.removeValue(forKey: id) }
  }
}

/// What a view store delivers changes to besides its scoped stores: the families of child stores.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
protocol ChildFamily: AnyObject {
  /// The state field the children are, when it is one.
  var field: Int? { get }
  /// Brings the family up to date after `changes` (ids, presence), before its stores are told.
  func refresh(_ changes: PendingChanges)
  /// Tells the family's stores what actions changed so far.
  func deliverPendingChanges()
}

/// The child stores of a list, by id.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ChildStoreFamily<ID: Hashable & Sendable, ChildState: Identifiable & Equatable & Sendable, ChildAction: Sendable>:
  ChildFamily
where ChildState.ID == ID {
  typealias ChildStore = ViewStore<ChildState, ChildAction>
  let field: Int?
  let router: ChildRouter<ID, ChildAction>
  /// The list's ids, in order, as the last delivery left them. Not the list itself: a copy held
  /// here would make the store's next change of the list copy it whole.
  private var ids: [ID]
  /// Told when the ids or their order change.
  let idsCell = ObservationCell()
  /// Each store, and its element as the family last compared it (not as the store last read it:
  /// a view may read a change made elsewhere before its delivery, which must tell it still).
  private var stores: [ID: (store: ChildStore, shown: ChildState)] = [:]
  /// Stores told by `refresh` since the last delivery.
  private var refreshed: Set<ID> = []
  /// Reads the list (a reference to it, for as long as it is used).
  let read: @MainActor () -> IdentifiedArray<ID, ChildState>
  /// Reads one element, without reading the list as an identified array (a stack's isn't one).
  private let element: @MainActor (ID) -> ChildState?
  private let make: @MainActor (ID, ChildState) -> ChildStore

  init(
    field: Int?, router: ChildRouter<ID, ChildAction>, ids: [ID], read: @escaping @MainActor () -> IdentifiedArray<ID, ChildState>,
    element: @escaping @MainActor (ID) -> ChildState?, make: @escaping @MainActor (ID, ChildState) -> ChildStore
  ) {
    self.field = field
    self.router = router
    self.ids = ids
    self.read = read
    self.element = element
    self.make = make
  }

  /// The store of `id`, made (showing `element` until it reads the store) when there is none.
  func store(id: ID, element: ChildState) -> ViewStore<ChildState, ChildAction> {
    if let known = stores[id] { return known.store }
    let store = make(id, element)
    stores[id] = (store, element)
    return store
  }

  /// After a change of the list that isn't only in place (elements changed in place had their
  /// stores told by their actions): each store whose element differs from the one it last read
  /// is told, the stores of elements gone are dropped, and the list's views are told when its
  /// ids or their order differ.
  func refresh(_ changes: PendingChanges) {
    if let field, let changed = changes.inPlace(field) {
      // Their stores were told by the actions; what they show now is what a later change is
      // compared with.
      guard !stores.isEmpty, !changed.isEmpty else { return }
      for id in changed {
        guard let typed = id.base as? ID, stores[typed] != nil, let element = element(typed) else { continue }
        stores[typed]?.shown = element
      }
      return
    }
    let now = read()
    for (id, known) in stores {
      guard let element = now[id: id] else {
        stores[id] = nil
        router.remove(id)
        continue
      }
      // Changed since the family last compared it (in place, by the store's own actions, or
      // not): told, which at worst tells a store of a change it was told of already.
      if known.shown != element {
        known.store.recordAnyChange()
        stores[id]?.shown = element
        refreshed.insert(id)
      }
    }
    let nowIDs = Array(now.ids)
    guard nowIDs != ids else { return }
    ids = nowIDs
    idsCell.changed()
  }

  /// Delivers to the stores told since the last delivery only: a list of many rows, one of
  /// which an action changed, delivers to that row.
  func deliverPendingChanges() {
    let (all, told) = router.takeTold()
    defer { refreshed = [] }
    guard !all else {
      for known in stores.values { known.store.deliverPendingChanges() }
      return
    }
    for id in told { stores[id]?.store.deliverPendingChanges() }
    for id in refreshed where !told.contains(id) { stores[id]?.store.deliverPendingChanges() }
  }
}

/// The store of a presented child, while it is presented.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class PresentedStoreFamily<ChildState: Sendable, ChildAction: Sendable>: ChildFamily {
  let field: Int?
  let router: ChildRouter<Int, ChildAction>
  /// Told when the child is presented or dismissed.
  let presenceCell = ObservationCell()
  private var store: ViewStore<ChildState, ChildAction>?
  private var isPresented: Bool
  private let readPresented: @MainActor () -> ChildState?
  private let make: @MainActor (ChildState) -> ViewStore<ChildState, ChildAction>

  init(
    field: Int?, router: ChildRouter<Int, ChildAction>, readPresented: @escaping @MainActor () -> ChildState?,
    make: @escaping @MainActor (ChildState) -> ViewStore<ChildState, ChildAction>
  ) {
    self.field = field
    self.router = router
    self.readPresented = readPresented
    self.make = make
    isPresented = readPresented() != nil
  }

  /// The child's store while it is presented, made when first read.
  func current() -> ViewStore<ChildState, ChildAction>? {
    guard isPresented else { return nil }
    if let store { return store }
    guard let presented = readPresented() else { return nil }
    let made = make(presented)
    store = made
    return made
  }

  /// After changes of its field: presented or dismissed, the views that read the store told; a
  /// dismissed child's store dropped (the next presentation makes another).
  func refresh(_ changes: PendingChanges) {
    let now = readPresented() != nil
    guard now != isPresented else { return }
    isPresented = now
    if !now {
      store = nil
      router.remove(0)
    }
    presenceCell.changed()
  }

  func deliverPendingChanges() {
    store?.deliverPendingChanges()
  }
}
