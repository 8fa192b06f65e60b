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
public struct IncrementalValue<State> {
  let make: () -> any DerivedKeeping<State>

  /// A filter's result: the elements of the list at `list` (the state's field number `field`)
  /// that the case `selected` names keeps, in list order or sorted by `sortedBy` (ties in list
  /// order), as the generated property computes it.
  public static func filter<Selection: Hashable, ID: Hashable, Element: Identifiable & Equatable>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, selected: KeyPath<State, Selection>,
    cases: [Selection: (State, Element) -> Bool], sortedBy order: [SortKey<Element>] = []
  ) -> Self where Element.ID == ID {
    IncrementalValue {
      FilterKeeper(list: list, field: field, order: order) { state in
        cases[state[keyPath: selected]] ?? { _, _ in false }
      }
    }
  }

  /// The number of elements of the list that `condition` holds for (all of them without one).
  public static func count<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, where condition: ((State, Element) -> Bool)? = nil
  ) -> Self {
    guard let condition else {
      return total(list, field: field, of: { _, _ in 0 }, finish: { _, count in count })
    }
    return total(list, field: field, of: { condition($0, $1) ? 1 : 0 }, finish: { total, _ in total })
  }

  /// Whether `condition` holds for every element (true for an empty list).
  public static func all<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, where condition: @escaping (State, Element) -> Bool
  ) -> Self {
    total(list, field: field, of: { condition($0, $1) ? 1 : 0 }, finish: { total, count in total == count })
  }

  /// Whether `condition` holds for at least one element.
  public static func any<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, where condition: @escaping (State, Element) -> Bool
  ) -> Self {
    total(list, field: field, of: { condition($0, $1) ? 1 : 0 }, finish: { total, _ in total > 0 })
  }

  /// Whether the list is empty: a change in place never changes it.
  public static func isEmpty<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int
  ) -> Self {
    total(list, field: field, of: { _, _ in 0 }, finish: { _, count in count == 0 })
  }

  /// The total of what `part` gives for each element (0 for an element a sum's condition
  /// leaves out): each element's part is kept, and a change adds the difference.
  public static func sum<ID: Hashable, Element>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, of part: @escaping (State, Element) -> Int,
    where condition: ((State, Element) -> Bool)? = nil
  ) -> Self {
    guard let condition else { return total(list, field: field, of: part, finish: { total, _ in total }) }
    return total(list, field: field, of: { condition($0, $1) ? part($0, $1) : 0 }, finish: { total, _ in total })
  }

  private static func total<ID: Hashable, Element, Value: Equatable>(
    _ list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, of part: @escaping (State, Element) -> Int,
    finish: @escaping (_ total: Int, _ count: Int) -> Value
  ) -> Self {
    IncrementalValue { TotalKeeper(list: list, field: field, part: part, finish: finish) }
  }
}

/// One derived value a view store keeps up to date (`IncrementalValue`).
protocol DerivedKeeping<State>: AnyObject {
  associatedtype State
  /// The list field (by declaration order) whose changes in place it follows.
  var field: Int { get }
  /// The value, as of the last `rebuild` or `update`.
  var value: Any { get }
  /// Computes the value from the whole state; true when it differs from the value before.
  func rebuild(_ state: State) -> Bool
  /// Brings the value up to date after the elements with `ids` changed in place (the list kept
  /// its ids in their order); true when it changed.
  func update(_ state: State, ids: [ElementID]) -> Bool
}

/// What a kept filter result did at its last change, for the rows made from it.
protocol ResultKeeping<Element>: AnyObject {
  associatedtype Element: Identifiable & Equatable
  var result: [Element] { get }
  /// The changes of the last `update`, in order; nil after a `rebuild`.
  var edits: [ListEdit<Element>]? { get }
}

/// One change of a kept filter result, at positions of the result as it is when the change is made.
enum ListEdit<Element> {
  case replace(Element, at: Int)
  case remove(at: Int)
  case insert(Element, at: Int)
  case move(Element, from: Int, to: Int)
}

/// A value made of one integer part per element: a count (1 where a condition holds), a sum, or
/// what they give (`all` is a count that equals the list's).
final class TotalKeeper<State, ID: Hashable, Element, Value: Equatable>: DerivedKeeping {
  let list: KeyPath<State, IdentifiedArray<ID, Element>>
  let field: Int
  let part: (State, Element) -> Int
  let finish: (Int, Int) -> Value
  /// Each element's part, by position in the list.
  private var parts: [Int] = []
  private var total = 0
  private var current: Value?

  init(
    list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, part: @escaping (State, Element) -> Int,
    finish: @escaping (Int, Int) -> Value
  ) {
    self.list = list
    self.field = field
    self.part = part
    self.finish = finish
  }

  var value: Any { current as Any }

  func rebuild(_ state: State) -> Bool {
    let elements = state[keyPath: list]
    parts.removeAll(keepingCapacity: true)
    parts.reserveCapacity(elements.count)
    total = 0
    for element in elements {
      let part = part(state, element)
      parts.append(part)
      // Wrapping: equal to the whole sum wherever that doesn't overflow.
      total &+= part
    }
    return settle(finish(total, elements.count))
  }

  func update(_ state: State, ids: [ElementID]) -> Bool {
    let elements = state[keyPath: list]
    guard elements.count == parts.count else { return rebuild(state) }
    for id in ids {
      guard let id = id.base as? ID, let index = elements.index(id: id) else { return rebuild(state) }
      let part = part(state, elements[index])
      total = total &- parts[index] &+ part
      parts[index] = part
    }
    return settle(finish(total, elements.count))
  }

  private func settle(_ value: Value) -> Bool {
    defer { current = value }
    return current != value
  }
}

/// A filter's result kept with which elements of the list it holds, by position in the list.
final class FilterKeeper<State, ID: Hashable, Element: Identifiable & Equatable>: DerivedKeeping
where Element.ID == ID {
  let list: KeyPath<State, IdentifiedArray<ID, Element>>
  let field: Int
  let order: [SortKey<Element>]
  /// The selected case's condition.
  let condition: (State) -> (State, Element) -> Bool
  private(set) var result: [Element] = []
  private(set) var edits: [ListEdit<Element>]?
  /// Whether the result holds the element at each position of the list.
  private var kept: [Bool] = []
  private var isBuilt = false

  init(
    list: KeyPath<State, IdentifiedArray<ID, Element>>, field: Int, order: [SortKey<Element>],
    condition: @escaping (State) -> (State, Element) -> Bool
  ) {
    self.list = list
    self.field = field
    self.order = order
    self.condition = condition
  }

  var value: Any { result }

  func rebuild(_ state: State) -> Bool {
    let elements = state[keyPath: list]
    let includes = condition(state)
    var next: [Element] = []
    kept.removeAll(keepingCapacity: true)
    kept.reserveCapacity(elements.count)
    for element in elements {
      let isKept = includes(state, element)
      kept.append(isKept)
      if isKept { next.append(element) }
    }
    if !order.isEmpty { next.sortStably(by: order) }
    edits = nil
    defer {
      result = next
      isBuilt = true
    }
    return !isBuilt || next != result
  }

  func update(_ state: State, ids: [ElementID]) -> Bool {
    let elements = state[keyPath: list]
    guard isBuilt, elements.count == kept.count else { return rebuild(state) }
    let includes = condition(state)
    var edits: [ListEdit<Element>] = []
    for id in ids {
      guard let id = id.base as? ID, let index = elements.index(id: id) else { return rebuild(state) }
      let element = elements[index]
      let isKept = includes(state, element)
      let wasKept = kept[index]
      kept[index] = isKept
      switch (wasKept, isKept) {
      case (false, false):
        continue
      case (false, true):
        let position = insertion(of: element, at: index, in: elements)
        result.insert(element, at: position)
        edits.append(.insert(element, at: position))
      case (true, let isKept):
        guard let position = position(of: id, at: index, in: elements) else { return rebuild(state) }
        guard isKept else {
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

  /// Where the result holds the element with `id`, at `index` of the list.
  private func position(of id: ID, at index: Int, in elements: IdentifiedArray<ID, Element>) -> Int? {
    guard order.isEmpty else { return result.firstIndex { $0.id == id } }
    // In list order: the first element of the result not before the list's `index`.
    let position = lowerBound { elements.index(id: $0.id).map { $0 < index } ?? false }
    return position < result.count && result[position].id == id ? position : nil
  }

  /// Where `element`, at `index` of the list and not in the result, goes in it.
  private func insertion(of element: Element, at index: Int, in elements: IdentifiedArray<ID, Element>) -> Int {
    lowerBound { precedes($0, element, at: index, in: elements) }
  }

  /// Whether `other`, an element of the result, comes before `element` (at `index` of the list).
  private func precedes(_ other: Element, _ element: Element, at index: Int, in elements: IdentifiedArray<ID, Element>)
    -> Bool
  {
    for key in order {
      let result = key.order(other, element)
      if result != 0 { return result < 0 }
    }
    // Ties, and a result in list order: by position in the list.
    return (elements.index(id: other.id) ?? 0) < index
  }

  /// Whether the changed `element` at `position` of a sorted result still sits between its neighbours.
  private func staysInOrder(
    _ element: Element, at position: Int, listIndex: Int, in elements: IdentifiedArray<ID, Element>
  ) -> Bool {
    let afterPrevious = position == 0 || precedes(result[position - 1], element, at: listIndex, in: elements)
    let beforeNext =
      position == result.count - 1 || !precedes(result[position + 1], element, at: listIndex, in: elements)
    return afterPrevious && beforeNext
  }

  /// The first position of the result whose element `isBefore` says false of (it holds for a prefix).
  private func lowerBound(_ isBefore: (Element) -> Bool) -> Int {
    var low = 0
    var high = result.count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(result[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension FilterKeeper: ResultKeeping {}
