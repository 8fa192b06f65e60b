import Dispatch
import Observation

/// A store for SwiftUI (Observation framework), observed field by field.
///
/// A view that reads `viewStore.filter` depends on the `filter` field only: an action that
/// can't change it (by the action's generated `changedFields`) doesn't invalidate the view. A
/// derived value or filter result (`viewStore.remaining`) depends on the fields it is derived
/// from (the state's generated `fields(readBy:)`), and is computed once after they change,
/// however often it is read. `rows(_:)` gives a list element by element, so that a row view is
/// invalidated only when its own element changes.
///
/// Fields are read from the store when read. After `dispatch(_:)` returns on the main actor,
/// this view store, the app's store it is part of and that one's other scoped stores show the
/// action and have told their observers (unless another thread was dispatching: then the action
/// runs when that dispatch ends). Actions dispatched elsewhere (by effects or other threads)
/// reach observers on the main queue, several at a time; until then derived values and `rows`
/// show the last delivery. docs/swiftui.md has the whole picture.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ViewStore<State: Sendable, Action: Sendable>: Observable {
  /// How this view store reads and changes its state: a store's, or a part of an app's.
  @usableFromInline let source: ViewStoreSource<State, Action>
  /// The changes actions made that observers have not been told of yet.
  private let log = ChangeLog()
  /// One per state field a derived value with an argument has read, told when an action can
  /// have changed the field.
  private var cells: [Int: ObservationCell] = [:]
  /// One per key path a view has read (a field, a derived value, a filter result), told when
  /// an action changed its value: an equal value tells no one.
  private var values: [AnyKeyPath: ViewStoreValueCell] = [:]
  /// What views that read a value of unknown inputs depend on: told after every change.
  private let anyCell = ObservationCell()
  /// What this store knows of each key path read through it.
  private var keyPaths: [AnyKeyPath: KeyPathInfo] = [:]
  /// Derived values (computed properties of the state) since their inputs last changed.
  private var memo: [AnyKeyPath: Any] = [:]
  /// Derived values and filter results the state keeps up to date from the elements an action
  /// changed in place (`IncrementallyDerived`), while a view reads them or their rows.
  private var keepers: [AnyKeyPath: KeptEntry<State>] = [:]
  /// Key paths the state doesn't keep that way: computed again after each change of their inputs.
  private var unkept: Set<AnyKeyPath> = []
  /// Derived values that take an argument, by name and argument, with the fields they read.
  private var calls: [CallKey: (value: Any, fields: StateFields)] = [:]
  /// The lists handed out by `rows(_:)`, kept current.
  private var lists: [AnyKeyPath: ListEntry] = [:]
  /// Feature stores handed out by `scope`, by the key path of their state.
  private var scopes: [AnyKeyPath: AnyObject] = [:]
  /// The stores of child features handed out by `scope(each:)` and `scope(presented:)`, by the
  /// key path of their list or field.
  var families: [AnyKeyPath: any ChildFamily] = [:]
  /// What an action of `Action` can have changed (its report).
  let changes: @Sendable (Action) -> (StateFields, ChangedElements)
  /// Tells this store apart from every other made in the process: its identity, where its
  /// address could be another's once it is gone.
  nonisolated let serial: Int
  /// The element's id, for the store of an element of a list of child features.
  nonisolated let elementID: ElementID?
  /// How many derived values (computed properties of the state) this view store has computed
  /// from the whole state: what tests and benchmarks of memoization count.
  public private(set) var computations = 0
  /// How many times a derived value or filter result was brought up to date from the elements
  /// an action changed in place, without reading the whole list (`IncrementallyDerived`).
  public private(set) var updates = 0

  /// Observes `store`: each action's report of what it changed says which observers to tell.
  @inlinable
  public convenience init(_ store: Store<State, Action>) where Action: ChangeReporting {
    self.init(source: .store(store)) { ($0.changedFields, $0.changedElements) }
  }

  /// Observes `store`, whose actions don't report what they change: every observer is told
  /// after every action.
  public convenience init(_ store: Store<State, Action>) {
    self.init(source: .store(store)) { _ in (.all, .unknown) }
  }

  @usableFromInline
  init(
    source: ViewStoreSource<State, Action>,
    changes: @escaping @Sendable (Action) -> (StateFields, ChangedElements),
    elementID: ElementID? = nil
  ) {
    self.source = source
    self.changes = changes
    self.elementID = elementID
    serial = nextViewStoreSerial()
    let log = self.log
    // The store forgets the listener at the first action after this view store is gone.
    source.listen { [weak self] action in
      guard self != nil else { return false }
      let recorded: Bool
      if let action {
        let (fields, elements) = changes(action)
        recorded = log.record(fields, elements)
      } else {
        recorded = log.record(.all, .unknown)
      }
      guard recorded else { return true }
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.apply(log.takeScheduled()) }
      }
      return true
    }
  }

  // MARK: Reading

  /// The state's value at `keyPath`, observed through the fields it reads.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    read(keyPath)
  }

  /// The state's value at `keyPath`, observed through the fields it reads. A computed property
  /// of the state (a derived value, a filter result) is computed once per change of its inputs.
  public func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    let info = self.info(keyPath)
    let cell = valueCell(keyPath, info: info)
    cell.cell.read()
    cell.isObserved = true
    guard !info.isStored else {
      let value = source.read { $0[keyPath: keyPath] }
      // Kept to compare with after the next change (`ViewStoreValueCell.keeps`). A field is read
      // from the store, so it may show an action that hasn't reached this view store yet (one
      // dispatched elsewhere): then what views saw is not what is kept, and they are told at
      // the next change whatever it is.
      if cell.keepsValue {
        if let seen = cell.seen {
          if !ViewStoreValueCell.equal(seen, value) { cell.isAhead = true }
        } else {
          cell.seen = value
        }
      }
      return value
    }
    if let keeper = keeper(keyPath) { return keeper.value as! Value }
    // Not `as? Value`: a nil of any optional type casts to every optional type.
    if let cached = memo[keyPath] { return cached as! Value }
    let value = source.read { $0[keyPath: keyPath] }
    computations += 1
    memo[keyPath] = value
    cell.seen = value
    return value
  }

  /// What keeps the derived value at `keyPath` up to date element by element, made (and the
  /// value computed) when first asked for; nil when the state doesn't keep it that way.
  private func keeper(_ keyPath: AnyKeyPath) -> (any DerivedKeeping<State>)? {
    kept(keyPath)?.keeper
  }

  /// The entry of the key path's keeper (`keeper(_:)`), which `apply` reads without a lookup.
  private func kept(_ keyPath: AnyKeyPath) -> KeptEntry<State>? {
    if let entry = keepers[keyPath] { return entry }
    guard !unkept.contains(keyPath) else { return nil }
    guard let incremental = Self.incrementalValue(keyPath) else {
      unkept.insert(keyPath)
      return nil
    }
    let keeper = incremental.make()
    _ = source.read { keeper.rebuild($0) }
    computations += 1
    let entry = KeptEntry(keeper: keeper, fields: info(keyPath).fields)
    entry.cell = values[keyPath]
    entry.cell?.kept = entry
    entry.hasRows = lists[keyPath] != nil
    keepers[keyPath] = entry
    return entry
  }

  /// What the state says of keeping `keyPath` up to date, when it is `IncrementallyDerived`.
  private static func incrementalValue(_ keyPath: AnyKeyPath) -> IncrementalValue<State>? {
    guard let derived = State.self as? any IncrementallyDerived.Type else { return nil }
    return incrementalValue(of: derived, keyPath)
  }

  private static func incrementalValue<Derived: IncrementallyDerived>(
    of _: Derived.Type, _ keyPath: AnyKeyPath
  ) -> IncrementalValue<State>? {
    guard let keyPath = keyPath as? PartialKeyPath<Derived> else { return nil }
    return Derived.incrementalValue(keyPath) as? IncrementalValue<State>
  }

  /// The rows of a filter result the state keeps up to date (`IncrementallyDerived`): made from
  /// the kept result, and changed by its edits rather than compared with it whole.
  @usableFromInline
  func keptRows<Element>(_ keyPath: AnyKeyPath, of _: Element.Type) -> ObservedList<Element>?
  where Element: Identifiable & Equatable, Element.ID: Sendable {
    guard let entry = kept(keyPath), let keeper = entry.keeper as? any ResultKeeping<Element> else { return nil }
    entry.hasRows = true
    let list = ObservedList(keeper.result)
    let kept = KeptResult(keeper: keeper)
    addList(keyPath, list, refresh: { list.follow(kept.keeper) }, update: { _ in list.follow(kept.keeper) })
    return list
  }

  /// The cell of the key path's value, made when a view first reads it.
  private func valueCell<Value>(_ keyPath: KeyPath<State, Value>, info: KeyPathInfo) -> ViewStoreValueCell {
    if let cell = values[keyPath] { return cell }
    let source = self.source
    let cell = ViewStoreValueCell(
      fields: info.fields, isStored: info.isStored,
      keepsValue: !info.isStored || ViewStoreValueCell.keeps(Value.self),
      read: { source.read { $0[keyPath: keyPath] } })
    values[keyPath] = cell
    if let entry = keepers[keyPath] {
      entry.cell = cell
      cell.kept = entry
    }
    return cell
  }

  /// A derived value that takes an argument (the generated `product(id:)` of a view store),
  /// observed through the fields `reading` reads (the field it looks up) and computed once per
  /// argument after they change, however often it is read: the memoization of `read(_:)`, per
  /// argument.
  public func read<Argument: Hashable, Value>(
    _ name: String, _ argument: Argument, reading keyPath: PartialKeyPath<State>, compute: (State) -> Value
  ) -> Value {
    call(name, argument, observing: info(keyPath).fields, compute: compute)
  }

  /// A derived value that takes arguments and reads several fields (a generated selector of any
  /// expression, `isSelected(id:)`): as `read(_:_:reading:compute:)`, observed through every
  /// field the key paths read.
  public func read<Argument: Hashable, Value>(
    _ name: String, _ argument: Argument, reading keyPaths: [PartialKeyPath<State>], compute: (State) -> Value
  ) -> Value {
    call(name, argument, observing: StateFields(union: keyPaths.map { info($0).fields }), compute: compute)
  }

  /// The value of the call `name(argument)`, observed through `fields`, kept until one changes.
  private func call<Argument: Hashable, Value>(
    _ name: String, _ argument: Argument, observing fields: StateFields, compute: (State) -> Value
  ) -> Value {
    observe(fields)
    let key = CallKey(name: name, argument: AnyHashable(argument))
    // Not `as? Value`: a nil of any optional type casts to every optional type.
    if let cached = calls[key] { return cached.value as! Value }
    let value = source.read { compute($0) }
    computations += 1
    calls[key] = (value, fields)
    return value
  }

  /// The whole state, observed as a whole: a view that reads it is invalidated by every change.
  public var state: State {
    observe(.all)
    return source.read { $0 }
  }

  /// The list at `keyPath`, element by element: what a `ForEach` iterates. The view that reads
  /// it depends on the list's ids and their order only; each element is an `Observed`, the same
  /// object for the same element, whose row depends on that element only. Toggling one task of
  /// a list renders that task's row again, and not the list.
  ///
  /// Inlinable, as `rows` of an identified array: the code that keeps the list up to date is
  /// specialized for the list's types where it is called.
  @inlinable
  public func rows<List: RandomAccessCollection>(_ keyPath: KeyPath<State, List>) -> [Observed<List.Element>]
  where List.Element: Identifiable & Equatable, List.Element.ID: Sendable {
    rows(keyPath) { list, id in list.first { $0.id == id } }
  }

  /// `rows(_:)` for an identified array, whose elements are found by id without a search.
  @inlinable
  public func rows<ID, Element>(_ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>) -> [Observed<Element>]
  where Element: Identifiable & Equatable, Element.ID == ID, ID: Sendable {
    rows(keyPath) { list, id in list[id: id] }
  }

  /// The list at `keyPath`, made once and kept up to date; `find` finds an element by id.
  @inlinable
  func rows<List: RandomAccessCollection>(
    _ keyPath: KeyPath<State, List>, find: @escaping (List, List.Element.ID) -> List.Element?
  ) -> [Observed<List.Element>] where List.Element: Identifiable & Equatable, List.Element.ID: Sendable {
    if let list = existingList(keyPath) as? ObservedList<List.Element> { return list.elements }
    if let list = keptRows(keyPath, of: List.Element.self) { return list.elements }
    let source = self.source
    let list = ObservedList(source.read { $0[keyPath: keyPath] })
    let refresh: @MainActor () -> Void = { list.replace(with: source.read { $0[keyPath: keyPath] }) }
    addList(
      keyPath, list, refresh: refresh,
      update: { ids in
        for id in ids {
          // An id that isn't one, or an element gone: read the whole list rather than miss a change.
          guard let typed = id.base as? List.Element.ID,
            list.update(id: typed, to: source.read { find($0[keyPath: keyPath], typed) })
          else { return refresh() }
        }
      })
    return list.elements
  }

  @usableFromInline
  func existingList(_ keyPath: AnyKeyPath) -> AnyObject? {
    lists[keyPath]?.list
  }

  /// Keeps `list`, the elements at `keyPath`, up to date: `update` reads again the elements
  /// with the given ids, `refresh` the whole list.
  @usableFromInline
  func addList(
    _ keyPath: AnyKeyPath, _ list: AnyObject, refresh: @escaping @MainActor () -> Void,
    update: @escaping @MainActor ([ElementID]) -> Void
  ) {
    let info = self.info(keyPath)
    lists[keyPath] = ListEntry(
      list: list, fields: info.fields, field: info.isStored ? info.field : nil, refresh: refresh, update: update)
  }

  // MARK: Changing

  /// Dispatches `action`; when this returns, what it changed is what views read, and the
  /// observers of what it can have changed have been told.
  public func dispatch(_ action: Action) {
    source.dispatch(action)
    // The app's store and each feature's share the one store: all of them show the action.
    var root: any ChangeDelivering = self
    while let parent = root.parent { root = parent }
    root.deliverPendingChanges()
  }

  /// Records that anything of the state may have changed (a child store whose element its
  /// parent changed), delivered as any action's changes.
  func recordAnyChange() {
    guard log.record(.all, .unknown) else { return }
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.apply(self?.log.takeScheduled() ?? PendingChanges()) }
    }
  }

  /// The view store this one is a part of (`scope`), if any.
  weak var parent: (any ChangeDelivering)?

  func deliverPendingChanges() {
    apply(log.take())
    for child in scopes.values { (child as? any ChangeDelivering)?.deliverPendingChanges() }
    for family in families.values { family.deliverPendingChanges() }
  }

  /// A two-way binding of the value at `keyPath`: setting it dispatches `action` with the new
  /// value, so middleware see it as any other action; reading it right after shows the result.
  public func binding<Value>(
    _ keyPath: any KeyPath<State, Value> & Sendable, send action: @escaping @Sendable (Value) -> Action
  ) -> StoreBinding<Value> {
    // Strong: SwiftUI may call a binding while the view that made it goes away.
    StoreBinding(get: { self.read(keyPath) }, set: { self.dispatch(action($0)) })
  }

  // MARK: Scoping

  /// A view store of one part of this store's state, such as one feature of an app: its views
  /// read the part's fields and dispatch its actions, wrapped by `embed`. `extract` says
  /// which of this store's actions are the part's; others don't change it. The same key path
  /// gives the same store.
  public func scope<ChildState: Sendable, ChildAction: ChangeReporting>(
    _ keyPath: KeyPath<State, ChildState> & Sendable, embed: @escaping @Sendable (ChildAction) -> Action,
    extract: @escaping @Sendable (Action) -> ChildAction?
  ) -> ViewStore<ChildState, ChildAction> {
    if let child = scopes[keyPath] as? ViewStore<ChildState, ChildAction> { return child }
    let source = self.source
    let child = ViewStore<ChildState, ChildAction>(
      source: ViewStoreSource(
        read: { body in source.read { body($0[keyPath: keyPath]) } },
        dispatch: { source.dispatch(embed($0)) },
        listen: { listener in
          // The parent's actions that aren't the part's leave it unchanged; unknown ones may not.
          source.listen { action in
            guard let action else { return listener(nil) }
            guard let childAction = extract(action) else { return true }
            return listener(childAction)
          }
        }),
      changes: { ($0.changedFields, $0.changedElements) })
    child.parent = self
    scopes[keyPath] = child
    return child
  }

  // MARK: Observation

  /// What this store knows of `keyPath`: the fields it reads, whether it is stored (and so the
  /// one field it is, for the stores of child features).
  func info(_ keyPath: AnyKeyPath) -> KeyPathInfo {
    if let info = keyPaths[keyPath] { return info }
    let info = KeyPathInfo(
      fields: (keyPath as? PartialKeyPath<State>).map { StateFields.read(by: $0) } ?? .all,
      isStored: (keyPath as? PartialKeyPath<State>).map { MemoryLayout<State>.offset(of: $0) != nil } ?? false)
    keyPaths[keyPath] = info
    return info
  }

  private func fields(readBy keyPath: AnyKeyPath) -> StateFields { info(keyPath).fields }

  private func observe(_ fields: StateFields) {
    guard !fields.isAll else { return anyCell.read() }
    fields.forEach { field in
      if let cell = cells[field] {
        cell.read()
      } else {
        let cell = ObservationCell()
        cells[field] = cell
        cell.read()
      }
    }
  }

  /// Tells the observers of what `changes` can have changed, after forgetting derived values
  /// computed from it and bringing lists up to date.
  private func apply(_ changes: PendingChanges) {
    guard !changes.isEmpty else { return }
    // Kept values: brought up to date from the changed elements when only those changed, else
    // computed again. One no view reads now (nor its rows) is still brought up to date, which
    // costs little and keeps it for the next read (two actions before the views render again);
    // it is forgotten rather than computed again.
    for (keyPath, entry) in keepers {
      entry.changed = nil
      guard changes.touches(entry.fields) else { continue }
      let keeper = entry.keeper
      let inPlace = changes.onlyInPlace(keeper.field, list: keeper.list, among: entry.fields)
      guard entry.cell?.isObserved == true || entry.hasRows || inPlace != nil else {
        entry.cell?.kept = nil
        keepers[keyPath] = nil
        continue
      }
      // An update may fall back to computing the value again, as a rebuild does.
      keeper.isCompared = entry.cell?.isObserved == true
      if let ids = inPlace {
        entry.changed = source.read { keeper.update($0, ids: ids) }
        updates += 1
      } else {
        entry.changed = source.read { keeper.rebuild($0) }
        computations += 1
      }
    }
    // Values views read: read again, and told only when they differ from what was seen.
    var told: [ViewStoreValueCell] = []
    for (keyPath, cell) in values where changes.touches(cell.fields) {
      // Not read since its views were last told: no view observes it. Forgotten, not computed
      // again; the next read computes it.
      guard cell.isObserved else {
        memo[keyPath] = nil
        cell.seen = nil
        cell.isAhead = false
        continue
      }
      // Kept: the keeper says whether it changed.
      if let changed = cell.kept?.changed {
        if changed || cell.isAhead { told.append(cell) }
        cell.isAhead = false
        continue
      }
      guard cell.keepsValue, let seen = cell.seen else {
        memo[keyPath] = nil
        told.append(cell)
        continue
      }
      let value = cell.read()
      if !cell.isStored {
        computations += 1
        memo[keyPath] = value
      }
      cell.seen = value
      if cell.isAhead || !ViewStoreValueCell.equal(seen, value) { told.append(cell) }
      cell.isAhead = false
    }
    if !memo.isEmpty {
      for keyPath in memo.keys where values[keyPath] == nil && changes.touches(fields(readBy: keyPath)) {
        memo[keyPath] = nil
      }
    }
    if !calls.isEmpty {
      for (key, call) in calls where changes.touches(call.fields) { calls[key] = nil }
    }
    for family in families.values where changes.touches(family.field.map { StateFields($0) } ?? .all) {
      family.refresh(changes)
    }
    for entry in lists.values where changes.touches(entry.fields) {
      if let field = entry.field, let ids = changes.inPlace(field) {
        entry.update(ids)
      } else {
        entry.refresh()
      }
    }
    if changes.all {
      for cell in cells.values { cell.changed() }
    } else {
      changes.forEachField { cells[$0]?.changed() }
    }
    for cell in told {
      cell.isObserved = false
      cell.cell.changed()
    }
    anyCell.changed()
  }
}

/// A view store, whatever its types: what delivers the changes of a tree of scoped stores.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
protocol ChangeDelivering: AnyObject {
  var parent: (any ChangeDelivering)? { get }
  /// Tells the observers of this store and of its scoped stores what actions changed so far.
  func deliverPendingChanges()
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ViewStore: ChangeDelivering {}

/// Where a `ViewStore` reads, dispatches and learns of changes: a store, or a part of one.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@usableFromInline
struct ViewStoreSource<State: Sendable, Action: Sendable>: Sendable {
  /// Calls `body` with the current state, under the store's lock.
  @usableFromInline let read: @Sendable (_ body: (State) -> Void) -> Void
  @usableFromInline let dispatch: @Sendable (Action) -> Void
  /// Calls the listener with each action right after the reducer (nil when the action is not
  /// known as one of `Action`'s), under the store's lock, until it answers false.
  @usableFromInline let listen: @Sendable (@escaping @Sendable (Action?) -> Bool) -> Void
  /// Whether the state is there still: false for a child's whose element (presentation, screen)
  /// is gone, which `read` shows as it last was.
  @usableFromInline let isPresent: @Sendable () -> Bool

  @usableFromInline
  init(
    read: @escaping @Sendable (_ body: (State) -> Void) -> Void, dispatch: @escaping @Sendable (Action) -> Void,
    listen: @escaping @Sendable (@escaping @Sendable (Action?) -> Bool) -> Void,
    isPresent: @escaping @Sendable () -> Bool = { true }
  ) {
    self.read = read
    self.dispatch = dispatch
    self.listen = listen
    self.isPresent = isPresent
  }

  @inlinable
  func read<Value>(_ selector: (State) -> Value) -> Value {
    var value: Value?
    read { value = selector($0) }
    return value.unsafelyUnwrapped
  }

  /// Inlinable, so that dispatching and reading are specialized for the store's types.
  @inlinable
  static func store(_ store: Store<State, Action>) -> ViewStoreSource {
    ViewStoreSource(
      read: { body in store.read { body($0) } },
      dispatch: { store.dispatch($0) },
      listen: { listener in store.engine.addActionListener { listener($0) } })
  }
}

/// What a view store knows of a key path of its state.
struct KeyPathInfo {
  /// The state fields it reads.
  let fields: StateFields
  /// Whether it is stored (a field, or a field of one) rather than computed (a derived value).
  let isStored: Bool

  /// The one field it reads, when it reads one.
  var field: Int? {
    guard !fields.isAll, fields.count == 1 else { return nil }
    var index: Int?
    fields.forEach { index = $0 }
    return index
  }
}

/// A key path of the state a view read, as `ViewStore` keeps it: its cell, the fields it reads,
/// and the value views saw, to tell them only when it changes.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ViewStoreValueCell {
  let cell = ObservationCell()
  let fields: StateFields
  let isStored: Bool
  /// Whether the value seen is kept and compared: for a derived value always (the view store
  /// keeps it anyway); for a stored one unless it is a collection other than text, which the
  /// store's next change would then copy, or not `Equatable`.
  let keepsValue: Bool
  /// Reads the value from the state (a derived value: computes it).
  let read: () -> Any
  /// The value views last saw, when kept.
  var seen: Any?
  /// Whether a view read the field since what is kept: a newer value, of an action not yet
  /// delivered here.
  var isAhead = false
  /// Whether it was read since its views were last told: if not, no view observes it (an
  /// observation ends at the first change it is told of).
  var isObserved = false
  /// What keeps the value up to date element by element, when something does.
  weak var kept: (any KeptChange)?

  init(fields: StateFields, isStored: Bool, keepsValue: Bool, read: @escaping () -> Any) {
    self.fields = fields
    self.isStored = isStored
    self.keepsValue = keepsValue
    self.read = read
  }

  /// Whether a stored value of this type is kept to compare: an `Equatable` plain value (a
  /// number, a flag, an enum without payloads, a UUID, a date: nothing a reference holds) or
  /// text. Not a list or a model holding one, which the store's next change in place would copy.
  nonisolated static func keeps<Value>(_ type: Value.Type) -> Bool {
    guard type is any Equatable.Type else { return false }
    return _isPOD(type) || type == String.self || type == String?.self || type == Substring.self
  }

  /// Whether two values seen are equal; false when they aren't `Equatable` or not of one type.
  nonisolated static func equal(_ old: Any, _ new: Any) -> Bool {
    valuesEqual(old, new)
  }
}

/// A derived value with an argument, as `ViewStore` keeps it: its name and the argument.
private struct CallKey: Hashable {
  var name: String
  var argument: AnyHashable
}

/// A kept filter result, as the main-actor closures of its rows hold it: the view store makes,
/// changes and reads it on the main actor only.
struct KeptResult<Element: Identifiable & Equatable>: @unchecked Sendable where Element.ID: Sendable {
  let keeper: any ResultKeeping<Element>
}

/// Whether a kept value changed at the delivery being made (nil: not brought up to date).
@MainActor
protocol KeptChange: AnyObject {
  var changed: Bool? { get }
}

/// A value a view store keeps element by element: its keeper, the fields it reads, the cell of
/// the views that read it and whether rows are made from it, found by `apply` without a lookup.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class KeptEntry<State>: KeptChange {
  let keeper: any DerivedKeeping<State>
  let fields: StateFields
  weak var cell: ViewStoreValueCell?
  var hasRows = false
  var changed: Bool?

  init(keeper: any DerivedKeeping<State>, fields: StateFields) {
    self.keeper = keeper
    self.fields = fields
  }
}

/// The last view store's `serial`.
@MainActor private var lastViewStoreSerial = 0

@MainActor
func nextViewStoreSerial() -> Int {
  lastViewStoreSerial += 1
  return lastViewStoreSerial
}
