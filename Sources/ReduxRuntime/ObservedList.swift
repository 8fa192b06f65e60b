import Observation

/// One element of a list a `ViewStore` gives by `rows(_:)`: a view that reads its `value` (or a
/// field of it, such as `task.title`) is invalidated only when this element changes. The same
/// element keeps the same `Observed` while it stays in the list. Main-actor isolated, and so
/// `Sendable`: a row's closures (a `Binding`'s, a `.task`'s) may capture it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class Observed<Element: Identifiable>: Identifiable where Element.ID: Sendable {
  // Observed through a cell: a key path of a generic class is built at run time on each use.
  @usableFromInline let cell = ObservationCell()
  @usableFromInline var current: Element

  /// The element's id, which never changes.
  public nonisolated let id: Element.ID

  @usableFromInline
  init(_ element: Element) {
    current = element
    id = element.id
  }

  /// The element as of the last action.
  public var value: Element {
    cell.read()
    return current
  }

  /// A field of the element.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Element, Value>) -> Value {
    value[keyPath: keyPath]
  }

  /// Replaces the element, telling its observers only when it changed.
  @inlinable
  func update(to element: Element) where Element: Equatable {
    guard element != current else { return }
    current = element
    cell.changed()
  }
}

/// A list of a `ViewStore`'s state, element by element, kept up to date by the view store:
/// reading `elements` depends on the ids and their order only; each element is an `Observed`
/// that its row reads.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@usableFromInline
final class ObservedList<Element: Identifiable & Equatable> where Element.ID: Sendable {
  @usableFromInline let cell = ObservationCell()
  @usableFromInline var current: [Observed<Element>]
  @usableFromInline var byID: [Element.ID: Observed<Element>]

  @usableFromInline
  init(_ elements: some Sequence<Element>) {
    current = elements.map { Observed($0) }
    byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The elements, in order: what depends on the list's ids and order.
  @usableFromInline
  var elements: [Observed<Element>] {
    cell.read()
    return current
  }

  /// Brings the list to `elements`: changed elements tell their observers, and the list tells
  /// its own only when its ids or their order changed.
  ///
  /// The rows that keep their place at either end are matched by comparing ids in order, which
  /// costs no hashing: after a change to one element (a toggle, an element entering or leaving a
  /// filter result), only the few rows between them are looked up by id.
  @inlinable
  func replace<List: RandomAccessCollection<Element>>(with elements: List) {
    // Ids repeated in the list: every row is looked up by id.
    guard byID.count == current.count else { return replaceAll(with: elements) }
    let newCount = elements.count
    var start = 0
    var index = elements.startIndex
    while start < current.count, start < newCount {
      let element = elements[index]
      guard element.id == current[start].id else { break }
      current[start].update(to: element)
      start += 1
      index = elements.index(after: index)
    }
    if start == current.count, start == newCount { return }
    var oldEnd = current.count
    var newEnd = newCount
    while oldEnd > start, newEnd > start {
      let element = elements[elements.index(elements.startIndex, offsetBy: newEnd - 1)]
      guard element.id == current[oldEnd - 1].id else { break }
      current[oldEnd - 1].update(to: element)
      oldEnd -= 1
      newEnd -= 1
    }
    // The rows between: reused by id from the old ones between, new otherwise.
    let oldMiddle = Set(current[start..<oldEnd].map(\.id))
    var middle: [Observed<Element>] = []
    middle.reserveCapacity(newEnd - start)
    var newMiddle: Set<Element.ID> = []
    for offset in start..<newEnd {
      let element = elements[elements.index(elements.startIndex, offsetBy: offset)]
      // An id also kept at either end, or twice here: every row is looked up by id.
      guard newMiddle.insert(element.id).inserted, byID[element.id] == nil || oldMiddle.contains(element.id) else {
        return replaceAll(with: elements)
      }
      let row = byID[element.id] ?? Observed(element)
      row.update(to: element)
      middle.append(row)
    }
    for id in oldMiddle where !newMiddle.contains(id) { byID[id] = nil }
    for row in middle { byID[row.id] = row }
    guard !middle.elementsEqual(current[start..<oldEnd], by: ===) else { return }
    current.replaceSubrange(start..<oldEnd, with: middle)
    cell.changed()
  }

  /// `replace(with:)`, every row looked up by id.
  @inlinable
  func replaceAll(with elements: some Sequence<Element>) {
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
    current = rows
    cell.changed()
  }

  /// Follows a kept filter result: its last change's edits, or the whole result after it was
  /// computed again.
  func follow(_ keeper: any ResultKeeping<Element>) {
    // Ids repeated in the list, or nothing known of the change: compared whole.
    guard let edits = keeper.edits, byID.count == current.count else { return replace(with: keeper.result) }
    var isMoved = false
    for edit in edits {
      switch edit {
      case .replace(let element, let position):
        current[position].update(to: element)
      case .remove(let position):
        byID[current.remove(at: position).id] = nil
        isMoved = true
      case .insert(let element, let position):
        let row = Observed(element)
        current.insert(row, at: position)
        byID[row.id] = row
        isMoved = true
      case .move(let element, let from, let to):
        let row = current.remove(at: from)
        current.insert(row, at: to)
        row.update(to: element)
        isMoved = true
      }
    }
    if isMoved { cell.changed() }
  }

  /// Changes the element with `id` in place; false when it isn't found here or in the state.
  @inlinable
  func update(id: Element.ID, to element: Element?) -> Bool {
    guard let element, let row = byID[id] else { return false }
    row.update(to: element)
    return true
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

  /// A binding of your own, such as a row's field or a preview's constant.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
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
@usableFromInline
final class ObservationCell: Observable {
  private let registrar = ObservationRegistrar()
  private var version = 0

  @usableFromInline init() {}

  @usableFromInline
  func read() {
    registrar.access(self, keyPath: \.version)
  }

  @usableFromInline
  func changed() {
    registrar.withMutation(of: self, keyPath: \.version) { version &+= 1 }
  }
}

/// A list a `ViewStore` handed out, and how to bring it up to date.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ListEntry {
  let list: AnyObject
  /// The state fields the list reads.
  let fields: StateFields
  /// The state field the list is, when it is one (not derived).
  let field: Int?
  /// Reads the whole list again.
  let refresh: @MainActor () -> Void
  /// Reads again the elements with these ids.
  let update: @MainActor ([ElementID]) -> Void
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

/// What actions changed since observers were last told: fields, and for a list field changed
/// only in place, the ids of the elements. Fields are bits of a word (a field from 64 on counts
/// as every field), so recording an action allocates nothing but its ids.
struct PendingChanges: Sendable {
  /// Many in-place ids are read as a change of the whole list.
  static let idLimit = 64

  var all = false
  /// The changed fields, bit by bit.
  var fields: UInt64 = 0
  /// The fields changed otherwise than element by element.
  var whole: UInt64 = 0
  /// The one list field changed only in place so far (in an app, the feature's field and the
  /// list's field of the feature's state), and its elements' ids.
  var inPlaceField = -1
  var inPlaceList = -1
  var inPlaceIDs: [ElementID] = []
  var scheduled = false

  init(scheduled: Bool = false) {
    self.scheduled = scheduled
  }

  var isEmpty: Bool { !all && fields == 0 }

  mutating func record(_ changed: StateFields, _ inPlace: ChangedElements) {
    guard !all else { return }
    guard !changed.isAll else { return all = true }
    changed.forEach { field in
      guard field >= 0, field < 64 else { return all = true }
      let bit: UInt64 = 1 << UInt64(field)
      fields |= bit
      guard whole & bit == 0 else { return }
      let fits = inPlaceIDs.count + inPlace.ids.count <= Self.idLimit
      if field == inPlace.field, inPlaceField == -1 || (inPlaceField == field && inPlaceList == inPlace.list), fits {
        inPlaceField = field
        inPlaceList = inPlace.list
        if inPlaceIDs.isEmpty { inPlaceIDs = inPlace.ids } else { inPlaceIDs += inPlace.ids }
      } else {
        whole |= bit
        if inPlaceField == field {
          inPlaceField = -1
          inPlaceList = -1
          inPlaceIDs = []
        }
      }
    }
  }

  /// Whether something that reads `read` can have changed.
  func touches(_ read: StateFields) -> Bool {
    if isEmpty { return false }
    if all || read.isAll { return true }
    var touched = false
    read.forEach { field in if field >= 64 || fields & (1 << UInt64(field)) != 0 { touched = true } }
    return touched
  }

  /// Calls `body` with each changed field; not when `all`.
  func forEachField(_ body: (Int) -> Void) {
    var rest = fields
    while rest != 0 {
      let field = rest.trailingZeroBitCount
      body(field)
      rest &= rest - 1
    }
  }

  /// The ids of the elements of `field` that changed, when it changed only in place and no
  /// other field of `read` changed: what a value reading `read` can be brought up to date from.
  /// In an app, `field` is the feature's and `list` the list's field of the feature's state.
  func onlyInPlace(_ field: Int, list: Int = -1, among read: StateFields) -> [ElementID]? {
    guard !read.isAll, let ids = inPlace(field, list: list) else { return nil }
    var isOtherChanged = false
    read.forEach { other in
      if other != field, other >= 64 || fields & (1 << UInt64(other)) != 0 { isOtherChanged = true }
    }
    return isOtherChanged ? nil : ids
  }

  /// The ids of the elements of `field` that changed, when it changed only in place.
  func inPlace(_ field: Int, list: Int = -1) -> [ElementID]? {
    guard !all, field == inPlaceField, list == inPlaceList else { return nil }
    return inPlaceIDs
  }
}
