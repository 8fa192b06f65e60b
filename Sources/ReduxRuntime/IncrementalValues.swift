/// A state whose filter results and derived values over a list can be kept up to date from the
/// elements an action changed in place (generated): what lets a `ViewStore` update
/// `filteredTasks` or `remaining` after a toggle by looking at the toggled task alone, rather
/// than reading the whole list again.
public protocol IncrementallyDerived {
  /// How the value at `keyPath` is kept up to date from the elements of its list an action
  /// changed in place; nil when it is computed again after every change of what it reads.
  static func incrementalValue(_ keyPath: PartialKeyPath<Self>) -> IncrementalValue<Self>?
}

/// How a `ViewStore` keeps one derived value of `State` up to date, element by element: what the
/// generated `incrementalValue(_:)` returns. Each view store makes its own keeper from it.
///
/// The factories are inlinable: the loops over the list and the lookups by id they hand the
/// keeper are specialized for the state's types where the generated code calls them.
///
/// An app's value over one feature's list names the list's field of the feature's state as
/// `field` and the feature's field of the app state as `in:` (`.count(\.taskList.tasks, field: 0,
/// in: 1)`): it follows the feature's changes in place that change nothing else of the feature
/// (`ChangedElements.within(_:changing:)`).
public struct IncrementalValue<State> {
  @usableFromInline let make: () -> any DerivedKeeping<State>

  @usableFromInline
  init(make: @escaping () -> any DerivedKeeping<State>) {
    self.make = make
  }

  /// A filter's result: the elements of the list at `list` (the state's field number `field`)
  /// that the case `selected` names keeps, in list order or sorted by `sortedBy` (ties in list
  /// order), as the generated property computes it.
  @inlinable
  public static func filter<Selection: Hashable, ID: Hashable, Element: Identifiable & Equatable>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1, selected: KeyPath<State, Selection>,
    cases: [Selection: (State, Element) -> Bool], sortedBy order: [SortKey<Element>] = []
  ) -> Self where Element.ID == ID {
    IncrementalValue {
      let keeper = FilterKeeper<State, Element>(field: field, in: feature, order: order)
      // Made here, so that the keeper's work is specialized for the state's types.
      keeper.body = KeeperBody(
        rebuild: { [unowned keeper] state in
          keeper.rebuild(state[keyPath: list], includes: cases[state[keyPath: selected]], state: state)
        },
        update: { [unowned keeper] state, ids in
          keeper.update(state[keyPath: list], ids: ids, as: ID.self, includes: cases[state[keyPath: selected]], state: state)
        })
      return keeper
    }
  }

  /// The number of elements of the list that `condition` holds for (all of them without one).
  @inlinable
  public static func count<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1, where condition: ((State, Element) -> Bool)? = nil
  ) -> Self {
    guard let condition else {
      return total(list, field: field, in: feature, of: { _, _ in 0 }, finish: { _, count in count })
    }
    return total(list, field: field, in: feature, of: { condition($0, $1) ? 1 : 0 }, finish: { total, _ in total })
  }

  /// Whether `condition` holds for every element (true for an empty list).
  @inlinable
  public static func all<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1, where condition: @escaping (State, Element) -> Bool
  ) -> Self {
    total(list, field: field, in: feature, of: { condition($0, $1) ? 1 : 0 }, finish: { total, count in total == count })
  }

  /// Whether `condition` holds for at least one element.
  @inlinable
  public static func any<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1, where condition: @escaping (State, Element) -> Bool
  ) -> Self {
    total(list, field: field, in: feature, of: { condition($0, $1) ? 1 : 0 }, finish: { total, _ in total > 0 })
  }

  /// Whether the list is empty: a change in place never changes it.
  @inlinable
  public static func isEmpty<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1
  ) -> Self {
    total(list, field: field, in: feature, of: { _, _ in 0 }, finish: { _, count in count == 0 })
  }

  /// The total of what `part` gives for each element (0 for an element a sum's condition
  /// leaves out): each element's part is kept, and a change adds the difference.
  @inlinable
  public static func sum<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1, of part: @escaping (State, Element) -> Int,
    where condition: ((State, Element) -> Bool)? = nil
  ) -> Self {
    guard let condition else { return total(list, field: field, in: feature, of: part, finish: { total, _ in total }) }
    return total(list, field: field, in: feature, of: { condition($0, $1) ? part($0, $1) : 0 }, finish: { total, _ in total })
  }

  @inlinable
  static func total<ID: Hashable, Element, Value: Equatable>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, in feature: Int = -1, of part: @escaping (State, Element) -> Int,
    finish: @escaping (_ total: Int, _ count: Int) -> Value
  ) -> Self {
    IncrementalValue {
      let keeper = TotalKeeper<State, Value>(field: field, in: feature, finish: finish)
      // Made here, so that the keeper's work is specialized for the state's types.
      keeper.body = KeeperBody(
        rebuild: { [unowned keeper] state in keeper.rebuild(state[keyPath: list], part: part, state: state) },
        update: { [unowned keeper] state, ids in
          keeper.update(state[keyPath: list], ids: ids, as: ID.self, part: part, state: state)
        })
      return keeper
    }
  }
}

/// One derived value a view store keeps up to date (`IncrementalValue`).
@usableFromInline
protocol DerivedKeeping<State>: AnyObject {
  associatedtype State
  /// The list field (by declaration order) whose changes in place it follows; in an app, the
  /// feature's field of the app state.
  var field: Int { get }
  /// In an app, the list's field of the feature's state; -1 when `field` is the list.
  var list: Int { get }
  /// The value, as of the last `rebuild` or `update`.
  var value: Any { get }
  /// Computes the value from the whole state; true when it differs from the value before (or,
  /// when `isCompared` is false, whenever the value before is not compared with it).
  func rebuild(_ state: State) -> Bool
  /// Whether `rebuild` compares the new value with the one before: not when no view reads the
  /// value itself (rows made from a filter's result follow it without the comparison).
  var isCompared: Bool { get set }
  /// Brings the value up to date after the elements with `ids` changed in place (the list kept
  /// its ids in their order); true when it changed.
  func update(_ state: State, ids: [ElementID]) -> Bool
  /// Whether what the last `update` tells the rows made from the value (a filter's edits) turns
  /// `previous`, the value before it, into the value.
  func replays(from previous: Any) -> Bool
}

extension DerivedKeeping {
  @usableFromInline func replays(from previous: Any) -> Bool { true }
}

extension IncrementallyDerived where Self: FieldTracking {
  /// The kept values among `keyPaths` that don't follow the change `action` made from `before`
  /// to `after`: computed from `before`, a kept value must equal the state's own property; after
  /// the action (brought up to date from the elements it names when it changed their list only
  /// in place, else computed again) it must equal the property over `after`, say whether it
  /// changed, and tell its rows edits that make the new result of the old one. Generated tests
  /// check every action they reduce with it.
  public static func unfollowedValues<Action: ChangeReporting>(
    _ keyPaths: [PartialKeyPath<Self>], after action: Action, from before: Self, to after: Self
  ) -> [PartialKeyPath<Self>] {
    keyPaths.filter { keyPath in
      guard let value = incrementalValue(keyPath) else { return true }
      var changes = PendingChanges()
      changes.record(action.changedFields, action.changedElements)
      return !value.follows(keyPath, changes, reading: fields(readBy: keyPath), from: before, to: after)
    }
  }
}

extension IncrementallyDerived {
  /// Whether a view store keeping the value at `keyPath` element by element shows the state's
  /// own value of `state` (true when it isn't kept): what generated tests of a filter or derived
  /// value check beside the property.
  public static func keepsValue(_ keyPath: PartialKeyPath<Self>, of state: Self) -> Bool {
    guard let value = incrementalValue(keyPath) else { return true }
    let keeper = value.make()
    _ = keeper.rebuild(state)
    return valuesEqual(keeper.value, state[keyPath: keyPath])
  }
}

extension IncrementalValue {
  /// See `IncrementallyDerived.unfollowedValues(_:after:from:to:)`.
  func follows(
    _ keyPath: PartialKeyPath<State>, _ changes: PendingChanges, reading read: StateFields, from before: State,
    to after: State
  ) -> Bool {
    let keeper = make()
    _ = keeper.rebuild(before)
    let old = before[keyPath: keyPath]
    let new = after[keyPath: keyPath]
    guard valuesEqual(keeper.value, old) else { return false }
    // Not told: whether it changed anyway is the change report's test.
    guard changes.touches(read) else { return true }
    let previous = keeper.value
    let isChanged: Bool
    if let ids = changes.onlyInPlace(keeper.field, list: keeper.list, among: read) {
      isChanged = keeper.update(after, ids: ids)
      guard keeper.replays(from: previous) else { return false }
    } else {
      isChanged = keeper.rebuild(after)
    }
    return valuesEqual(keeper.value, new) && isChanged == !valuesEqual(old, new)
  }
}

/// Whether two values are equal; false when they aren't `Equatable` or not of one type.
func valuesEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  guard let lhs = lhs as? any Equatable else { return false }
  return isEqual(lhs, rhs)
}

private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}

/// What a kept filter result did at its last change, for the rows made from it.
protocol ResultKeeping<Element>: AnyObject {
  associatedtype Element: Identifiable & Equatable
  var result: [Element] { get }
  /// The changes of the last `update`, in order; nil after a `rebuild`.
  var edits: [ListEdit<Element>]? { get }
}

/// One change of a kept filter result, at positions of the result as it is when the change is made.
@usableFromInline
enum ListEdit<Element> {
  case replace(Element, at: Int)
  case remove(at: Int)
  case insert(Element, at: Int)
  case move(Element, from: Int, to: Int)
}

/// A keeper's work, as closures made by `IncrementalValue`'s factories where the generated code
/// names the state's types: they call the keeper's inlinable methods, which run specialized.
@usableFromInline
struct KeeperBody<State> {
  @usableFromInline let rebuild: (State) -> Bool
  @usableFromInline let update: (State, [ElementID]) -> Bool

  @usableFromInline
  init(rebuild: @escaping (State) -> Bool, update: @escaping (State, [ElementID]) -> Bool) {
    self.rebuild = rebuild
    self.update = update
  }
}

/// A value made of one integer part per element: a count (1 where a condition holds), a sum, or
/// what they give (`all` is a count that equals the list's). Its work is done by inlinable
/// methods called through its `KeeperBody`, so it runs specialized for the state's types.
@usableFromInline
final class TotalKeeper<State, Value: Equatable>: DerivedKeeping {
  @usableFromInline let field: Int
  @usableFromInline let finish: (Int, Int) -> Value
  @usableFromInline var body: KeeperBody<State>?
  /// Each element's part, by position in the list.
  @usableFromInline var parts: [Int] = []
  @usableFromInline var total = 0
  @usableFromInline var current: Value?
  /// A total is always compared: a number.
  @usableFromInline var isCompared = true

  @usableFromInline let list: Int

  @usableFromInline
  init(field: Int, in feature: Int, finish: @escaping (Int, Int) -> Value) {
    (self.field, list) = feature >= 0 ? (feature, field) : (field, -1)
    self.finish = finish
  }

  @usableFromInline var value: Any { current as Any }

  @usableFromInline
  func rebuild(_ state: State) -> Bool { body.unsafelyUnwrapped.rebuild(state) }

  @usableFromInline
  func update(_ state: State, ids: [ElementID]) -> Bool { body.unsafelyUnwrapped.update(state, ids) }

  @inlinable
  func rebuild<ID, Element>(
    _ elements: IdentifiedArray<ID, Element>, part: (State, Element) -> Int, state: State
  ) -> Bool {
    parts.removeAll(keepingCapacity: true)
    parts.reserveCapacity(elements.count)
    total = 0
    for element in elements {
      let part = part(state, element)
      parts.append(part)
      // Wrapping: equal to the whole sum wherever that doesn't overflow.
      total &+= part
    }
    return settle(finish(total, parts.count))
  }

  @inlinable
  func update<ID, Element>(
    _ elements: IdentifiedArray<ID, Element>, ids: [ElementID], as _: ID.Type, part: (State, Element) -> Int,
    state: State
  ) -> Bool {
    guard elements.count == parts.count else { return rebuild(elements, part: part, state: state) }
    for id in ids {
      guard let id = id.base as? ID, let index = elements.index(id: id) else {
        return rebuild(elements, part: part, state: state)
      }
      let part = part(state, elements[index])
      total = total &- parts[index] &+ part
      parts[index] = part
    }
    return settle(finish(total, parts.count))
  }

  @inlinable
  func settle(_ value: Value) -> Bool {
    defer { current = value }
    return current != value
  }
}

/// A filter's result kept with which elements of the list it holds, by position in the list.
/// In list order, an element's place in the result is the number of kept elements before it,
/// counted by a Fenwick tree (a logarithmic count, no lookup by id); sorted, it is found by its
/// sort keys (ties by position in the list). Specialized as `TotalKeeper` is.
@usableFromInline
final class FilterKeeper<State, Element: Identifiable & Equatable>: DerivedKeeping {
  @usableFromInline let field: Int
  @usableFromInline let order: [SortKey<Element>]
  @usableFromInline var body: KeeperBody<State>?
  @usableFromInline var result: [Element] = []
  @usableFromInline var edits: [ListEdit<Element>]?
  /// Whether the result holds the element at each position of the list.
  @usableFromInline var kept: [Bool] = []
  /// In list order: the kept elements counted by position.
  @usableFromInline var counts = Fenwick()
  @usableFromInline var isBuilt = false
  @usableFromInline var isCompared = true

  @usableFromInline let list: Int

  @usableFromInline
  init(field: Int, in feature: Int, order: [SortKey<Element>]) {
    (self.field, list) = feature >= 0 ? (feature, field) : (field, -1)
    self.order = order
  }

  @usableFromInline var value: Any { result }

  @usableFromInline
  func rebuild(_ state: State) -> Bool { body.unsafelyUnwrapped.rebuild(state) }

  @usableFromInline
  func update(_ state: State, ids: [ElementID]) -> Bool { body.unsafelyUnwrapped.update(state, ids) }

  /// `includes`: the selected case's condition (none: the case keeps nothing).
  @inlinable
  func rebuild<ID>(
    _ elements: IdentifiedArray<ID, Element>, includes: ((State, Element) -> Bool)?, state: State
  ) -> Bool {
    var next: [Element] = []
    kept.removeAll(keepingCapacity: true)
    kept.reserveCapacity(elements.count)
    for element in elements {
      let isKept = includes?(state, element) ?? false
      kept.append(isKept)
      if isKept { next.append(element) }
    }
    if order.isEmpty { counts = Fenwick(kept) } else { next.sortStably(by: order) }
    edits = nil
    defer {
      result = next
      isBuilt = true
    }
    return !isBuilt || !isCompared || next != result
  }

  @inlinable
  func update<ID>(
    _ elements: IdentifiedArray<ID, Element>, ids: [ElementID], as _: ID.Type, includes: ((State, Element) -> Bool)?,
    state: State
  ) -> Bool where Element.ID == ID {
    guard isBuilt, elements.count == kept.count else { return rebuild(elements, includes: includes, state: state) }
    var edits: [ListEdit<Element>] = []
    for id in ids {
      // An id the list doesn't hold: computed again, and changed if an earlier id changed it
      // (the result compared is already edited).
      guard let id = id.base as? ID, let index = elements.index(id: id) else {
        return rebuild(elements, includes: includes, state: state) || !edits.isEmpty
      }
      let element = elements[index]
      let isKept = includes?(state, element) ?? false
      let wasKept = kept[index]
      kept[index] = isKept
      switch (wasKept, isKept) {
      case (false, false):
        continue
      case (false, true):
        let position = order.isEmpty ? counts.prefix(index) : insertion(of: element, at: index, in: elements)
        if order.isEmpty { counts.add(1, at: index) }
        result.insert(element, at: position)
        edits.append(.insert(element, at: position))
      case (true, let isKept):
        let position = order.isEmpty ? counts.prefix(index) : result.firstIndex { $0.id == id }
        guard let position, position < result.count, result[position].id == id else {
          return rebuild(elements, includes: includes, state: state) || !edits.isEmpty
        }
        guard isKept else {
          if order.isEmpty { counts.add(-1, at: index) }
          result.remove(at: position)
          edits.append(.remove(at: position))
          continue
        }
        guard result[position] != element else { continue }
        if order.isEmpty || staysInOrder(element, at: position, listIndex: index, in: elements) {
          result[position] = element
          edits.append(.replace(element, at: position))
        } else {
          result.remove(at: position)
          let target = insertion(of: element, at: index, in: elements)
          result.insert(element, at: target)
          edits.append(.move(element, from: position, to: target))
        }
      }
    }
    self.edits = edits
    return !edits.isEmpty
  }

  /// Where `element`, at `index` of the list and not in the sorted result, goes in it.
  @inlinable
  func insertion<ID>(of element: Element, at index: Int, in elements: IdentifiedArray<ID, Element>) -> Int
  where Element.ID == ID {
    var low = 0
    var high = result.count
    while low < high {
      let middle = (low + high) / 2
      if precedes(result[middle], element, at: index, in: elements) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether `other`, an element of the sorted result, comes before `element` (at `index` of the list).
  @inlinable
  func precedes<ID>(_ other: Element, _ element: Element, at index: Int, in elements: IdentifiedArray<ID, Element>)
    -> Bool where Element.ID == ID
  {
    for key in order {
      let result = key.order(other, element)
      if result != 0 { return result < 0 }
    }
    // Ties: by position in the list.
    return (elements.index(id: other.id) ?? 0) < index
  }

  /// Whether the changed `element` at `position` of the sorted result still sits between its neighbours.
  @inlinable
  func staysInOrder<ID>(
    _ element: Element, at position: Int, listIndex: Int, in elements: IdentifiedArray<ID, Element>
  ) -> Bool where Element.ID == ID {
    let afterPrevious = position == 0 || precedes(result[position - 1], element, at: listIndex, in: elements)
    let beforeNext =
      position == result.count - 1 || !precedes(result[position + 1], element, at: listIndex, in: elements)
    return afterPrevious && beforeNext
  }

  @usableFromInline
  func replays(from previous: Any) -> Bool {
    guard let edits else { return true }
    guard var list = previous as? [Element] else { return false }
    for edit in edits {
      switch edit {
      case .replace(let element, let position):
        guard list.indices.contains(position), list[position].id == element.id else { return false }
        list[position] = element
      case .remove(let position):
        guard list.indices.contains(position) else { return false }
        list.remove(at: position)
      case .insert(let element, let position):
        guard (0...list.count).contains(position) else { return false }
        list.insert(element, at: position)
      case .move(let element, let from, let to):
        guard list.indices.contains(from), list[from].id == element.id else { return false }
        list.remove(at: from)
        guard (0...list.count).contains(to) else { return false }
        list.insert(element, at: to)
      }
    }
    return list == result
  }
}

extension FilterKeeper: ResultKeeping {}

/// Counts of flags by position, each prefix's sum in logarithmic time (a Fenwick, or binary
/// indexed, tree): where a kept element goes in a filter's result in list order.
@usableFromInline
struct Fenwick {
  @usableFromInline var tree: [Int]

  @usableFromInline init() { tree = [0] }

  /// The tree of `flags` (1 for true), made in linear time.
  @inlinable
  init(_ flags: [Bool]) {
    tree = [0] + flags.map { $0 ? 1 : 0 }
    for index in 1..<max(tree.count, 1) {
      let parent = index + (index & -index)
      if parent < tree.count { tree[parent] += tree[index] }
    }
  }

  /// The sum of the positions before `position`.
  @inlinable
  func prefix(_ position: Int) -> Int {
    var sum = 0
    var index = position
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }

  @inlinable
  mutating func add(_ delta: Int, at position: Int) {
    var index = position + 1
    while index < tree.count {
      tree[index] += delta
      index += index & -index
    }
  }
}
