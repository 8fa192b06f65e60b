import Observation

/// One element of an `ObservedList`: a view that reads its `value` (or a field of it, such as
/// `task.title`) is invalidated only when this element changes.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@dynamicMemberLookup
public final class Observed<Element: Identifiable>: Observable, Identifiable {
  private let registrar = ObservationRegistrar()
  private var current: Element

  /// The element's id, which never changes.
  public let id: Element.ID

  init(_ element: Element) {
    current = element
    id = element.id
  }

  /// The element as of the last action.
  public var value: Element {
    registrar.access(self, keyPath: \.value)
    return current
  }

  /// A field of the element.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Element, Value>) -> Value {
    value[keyPath: keyPath]
  }

  /// Replaces the element, telling its observers only when it changed.
  func update(to element: Element) where Element: Equatable {
    guard element != current else { return }
    registrar.withMutation(of: self, keyPath: \.value) { current = element }
  }
}

/// A list of a `ViewStore`'s state, element by element. Iterating it (as `ForEach` does)
/// depends on its ids and their order only; each element is an `Observed` that its row reads.
/// The same element keeps the same `Observed` while it stays in the list.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public final class ObservedList<Element: Identifiable & Equatable>: Observable, RandomAccessCollection {
  private let registrar = ObservationRegistrar()
  private var current: [Observed<Element>]
  private var byID: [Element.ID: Observed<Element>]

  init(_ elements: some Sequence<Element>) {
    current = elements.map { Observed($0) }
    byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The elements, in order: what depends on the list's ids and order.
  public var elements: [Observed<Element>] {
    registrar.access(self, keyPath: \.elements)
    return current
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }
  public subscript(position: Int) -> Observed<Element> { elements[position] }

  /// The element with `id`, if the list holds one.
  public subscript(id id: Element.ID) -> Observed<Element>? {
    registrar.access(self, keyPath: \.elements)
    return byID[id]
  }

  /// The elements' values: depends on every element.
  public var values: [Element] { elements.map(\.value) }

  /// Brings the list to `elements`: changed elements tell their observers, and the list tells
  /// its own only when its ids or their order changed.
  func replace(with elements: some Sequence<Element>) {
    var rows: [Observed<Element>] = []
    var next: [Element.ID: Observed<Element>] = [:]
    for element in elements {
      let row = byID[element.id] ?? next[element.id] ?? Observed(element)
      row.update(to: element)
      rows.append(row)
      if next[element.id] == nil { next[element.id] = row }
    }
    byID = next
    guard !rows.elementsEqual(current, by: ===) else { return }
    registrar.withMutation(of: self, keyPath: \.elements) { current = rows }
  }

  /// Changes the element with `id` in place, when it is found both here and in the state.
  func update(id: ElementID, to element: Element?) {
    guard let element, let row = (id.base as? Element.ID).flatMap({ byID[$0] }) else { return }
    row.update(to: element)
  }
}

/// A two-way binding of a `ViewStore` value: what a form's control edits. Setting dispatches
/// the binding's action; getting reads the store, so it shows the result at once. On Apple
/// systems, `Binding(_:)` of the ReduxSwiftUI library makes it a SwiftUI `Binding`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public struct StoreBinding<Value>: Sendable {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The value; setting it dispatches the binding's action.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

/// Something a view can depend on, such as one state field: read when a view reads it, told
/// when it may have changed.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ObservationCell: Observable {
  private let registrar = ObservationRegistrar()
  private var version = 0

  func read() {
    registrar.access(self, keyPath: \.version)
  }

  func changed() {
    registrar.withMutation(of: self, keyPath: \.version) { version &+= 1 }
  }
}

/// A list a `ViewStore` handed out, and how to bring it up to date.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
protocol ListTracking: AnyObject {
  /// The state fields the list reads.
  var fields: StateFields { get }
  /// The state field the list is, when it is one (not derived).
  var field: Int? { get }
  /// Reads the whole list again.
  func refresh()
  /// Reads again the elements with these ids.
  func update(_ ids: [ElementID])
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ListTracker<State: Sendable, Action: Sendable, List: RandomAccessCollection>: ListTracking
where List.Element: Identifiable & Equatable {
  let list: ObservedList<List.Element>
  let fields: StateFields
  let field: Int?
  private let source: ViewStoreSource<State, Action>
  private let keyPath: KeyPath<State, List>
  private let find: (List, ElementID) -> List.Element?

  init(
    source: ViewStoreSource<State, Action>, keyPath: KeyPath<State, List>, fields: StateFields, field: Int?,
    find: @escaping (List, ElementID) -> List.Element?
  ) {
    self.source = source
    self.keyPath = keyPath
    self.fields = fields
    self.field = field
    self.find = find
    list = ObservedList(source.read { $0[keyPath: keyPath] })
  }

  func refresh() {
    list.replace(with: source.read { $0[keyPath: keyPath] })
  }

  func update(_ ids: [ElementID]) {
    let found = source.read { state in
      let elements = state[keyPath: keyPath]
      return ids.map { find(elements, $0) }
    }
    for (id, element) in zip(ids, found) { list.update(id: id, to: element) }
  }
}

/// The changes of actions that a `ViewStore` has not shown yet, written on the dispatching thread
/// and taken on the main actor.
final class ChangeLog: Sendable {
  private let pending = Locked(PendingChanges())

  /// Records an action's changes; true when the caller must schedule the changes' delivery
  /// (none is scheduled yet).
  func record(_ fields: StateFields, _ elements: ChangedElements) -> Bool {
    pending.withLock { pending in
      pending.record(fields, elements)
      defer { pending.scheduled = true }
      return !pending.scheduled
    }
  }

  /// The changes so far, for a delivery right after a dispatch: a scheduled delivery stays
  /// scheduled, and finds nothing.
  func take() -> PendingChanges {
    pending.withLock { pending in
      let scheduled = pending.scheduled
      defer { pending = PendingChanges(scheduled: scheduled) }
      return pending
    }
  }

  /// The changes so far, for the scheduled delivery.
  func takeScheduled() -> PendingChanges {
    pending.withLock { pending in
      defer { pending = PendingChanges() }
      return pending
    }
  }
}

/// What actions changed since observers were last told: fields, and for list fields changed
/// only in place, the ids of the elements.
struct PendingChanges: Sendable {
  /// Many in-place ids are read as a change of the whole list.
  static let idLimit = 64

  var all = false
  var fields: [Int] = []
  /// Fields changed otherwise than element by element.
  var whole: [Int] = []
  var elements: [Int: [ElementID]] = [:]
  var scheduled = false

  var isEmpty: Bool { !all && fields.isEmpty }

  mutating func record(_ changed: StateFields, _ inPlace: ChangedElements) {
    guard !all else { return }
    guard !changed.isAll else {
      all = true
      return
    }
    changed.forEach { field in
      if !fields.contains(field) { fields.append(field) }
      guard !whole.contains(field) else { return }
      if field == inPlace.field, elements[field, default: []].count + inPlace.ids.count <= Self.idLimit {
        elements[field, default: []].append(contentsOf: inPlace.ids)
      } else {
        whole.append(field)
        elements[field] = nil
      }
    }
  }

  /// Whether something that reads `read` can have changed.
  func touches(_ read: StateFields) -> Bool {
    if all || read.isAll { return !isEmpty }
    return fields.contains { read.contains($0) }
  }

  /// The ids of the elements of `field` that changed, when it changed only in place.
  func inPlace(_ field: Int) -> [ElementID]? {
    guard !all, !whole.contains(field) else { return nil }
    return elements[field]
  }
}
