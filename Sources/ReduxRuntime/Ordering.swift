import Foundation

/// One key of a sort order: how two elements compare on it. Generated reducers (`sort tasks by
/// isCompleted, -priority`) and filters with a `sort` build their order from these.
public struct SortKey<Element> {
  /// Negative when `lhs` comes first, positive when `rhs` does, zero for a tie.
  @usableFromInline let order: (Element, Element) -> Int

  init(order: @escaping (Element, Element) -> Int) {
    self.order = order
  }

  /// Smaller values first.
  public static func ascending<Value: Comparable>(_ key: KeyPath<Element, Value>) -> Self {
    SortKey { lhs, rhs in
      let (left, right) = (lhs[keyPath: key], rhs[keyPath: key])
      return left < right ? -1 : right < left ? 1 : 0
    }
  }

  /// `false` before `true`.
  public static func ascending(_ key: KeyPath<Element, Bool>) -> Self {
    SortKey { lhs, rhs in
      let (left, right) = (lhs[keyPath: key], rhs[keyPath: key])
      return left == right ? 0 : left ? 1 : -1
    }
  }

  /// The cases of an enum in the order they are declared.
  public static func ascending<Value: CaseIterable & Equatable>(_ key: KeyPath<Element, Value>) -> Self {
    let cases = Array(Value.allCases)
    return SortKey { lhs, rhs in
      let left = cases.firstIndex(of: lhs[keyPath: key]) ?? 0
      let right = cases.firstIndex(of: rhs[keyPath: key]) ?? 0
      return left < right ? -1 : left > right ? 1 : 0
    }
  }

  /// Larger values first.
  public static func descending<Value: Comparable>(_ key: KeyPath<Element, Value>) -> Self {
    ascending(key).reversed
  }

  /// `true` before `false`.
  public static func descending(_ key: KeyPath<Element, Bool>) -> Self {
    ascending(key).reversed
  }

  /// The cases of an enum from the last declared to the first.
  public static func descending<Value: CaseIterable & Equatable>(_ key: KeyPath<Element, Value>) -> Self {
    ascending(key).reversed
  }

  private var reversed: Self {
    let order = self.order
    return SortKey { lhs, rhs in order(rhs, lhs) }
  }
}

extension MutableCollection where Self: RandomAccessCollection {
  /// Sorts by `keys`, the first deciding unless it ties, and keeps tied elements in the order
  /// they were in (Swift's `sort` doesn't promise that). Elements are swapped into place, so an
  /// `IdentifiedArray` keeps its index by id up to date in O(n) after the comparisons.
  public mutating func sortStably(by keys: [SortKey<Element>]) {
    let elements = Array(self)
    let order = elements.indices.sorted { lhs, rhs in
      for key in keys {
        let result = key.order(elements[lhs], elements[rhs])
        if result != 0 { return result < 0 }
      }
      return lhs < rhs
    }
    rearrange(to: order)
  }

  /// Moves the elements at `offsets` to `destination`, in their order, as SwiftUI's `onMove`
  /// reports a drag: `destination` counts positions before the move. Offsets past the end are
  /// ignored and the destination is clamped, so a stale move from a view never traps.
  public mutating func moveElements(fromOffsets offsets: IndexSet, toOffset destination: Int) {
    let total = count
    let moving = offsets.filter { $0 >= 0 && $0 < total }
    guard !moving.isEmpty else { return }
    let target = Swift.min(Swift.max(destination, 0), total)
    let moved = Set(moving)
    let before = (0..<target).filter { !moved.contains($0) }
    let after = (target..<total).filter { !moved.contains($0) }
    rearrange(to: before + moving + after)
  }

  /// Moves the elements at `offsets` of `view`, a filtered copy of this list in its order (what
  /// `onMove` reports over a filter's visible rows), matched by id: they go before the element
  /// at `destination` of `view`, or after its last element; elements `view` hides keep their
  /// places among the others. Stale offsets are ignored.
  public mutating func moveElements(fromOffsets offsets: IndexSet, toOffset destination: Int, of view: [Element])
  where Element: Identifiable {
    let moving = Set(offsets.compactMap { $0 >= 0 && $0 < view.count ? view[$0].id : nil })
    guard !moving.isEmpty, let firstShown = view.first, let lastShown = view.last else { return }
    let ids = map(\.id)
    let positions = IndexSet(ids.indices.filter { moving.contains(ids[$0]) })
    let target: Int?
    if destination >= view.count {
      target = ids.firstIndex(of: lastShown.id).map { $0 + 1 }
    } else {
      target = ids.firstIndex(of: view[Swift.max(destination, 0)].id) ?? ids.firstIndex(of: firstShown.id)
    }
    guard let target else { return }
    moveElements(fromOffsets: positions, toOffset: target)
  }

  /// Puts the element at offset `order[i]` at offset `i`, following each cycle of the
  /// permutation with swaps.
  private mutating func rearrange(to order: [Int]) {
    var placed = [Bool](repeating: false, count: order.count)
    for start in order.indices where !placed[start] {
      var current = start
      while true {
        placed[current] = true
        let source = order[current]
        if source == start { break }
        swapAt(index(startIndex, offsetBy: current), index(startIndex, offsetBy: source))
        current = source
      }
    }
  }
}

extension RangeReplaceableCollection {
  /// Removes the elements at `offsets`, as SwiftUI's `onDelete` reports a swipe; the others keep
  /// their order. Offsets past the end are ignored, so a stale delete from a view never traps.
  public mutating func removeElements(atOffsets offsets: IndexSet) {
    guard let first = offsets.first, first < count else { return }
    var kept = Self()
    for (offset, element) in enumerated() where !offsets.contains(offset) { kept.append(element) }
    self = kept
  }

  /// Removes the elements that stand at `offsets` of `view`, a filtered or sorted copy of this
  /// list (what `onDelete` reports over a filter's visible rows), matched by id; the others keep
  /// their order. Offsets past the end of `view` are ignored.
  public mutating func removeElements(atOffsets offsets: IndexSet, of view: [Element])
  where Element: Identifiable {
    let ids = Set(offsets.compactMap { $0 >= 0 && $0 < view.count ? view[$0].id : nil })
    guard !ids.isEmpty else { return }
    removeAll { ids.contains($0.id) }
  }
}

extension RangeReplaceableCollection where Element: Equatable {
  /// Appends `element` unless the collection holds it: a spec's `add LIST = V`.
  public mutating func appendIfAbsent(_ element: Element) {
    if !contains(element) { append(element) }
  }

  /// Appends each of `elements` the collection doesn't hold yet, once, in their order (a spec's
  /// `add LIST = L`, NgRx's `addMany`); those it holds keep their place.
  public mutating func appendIfAbsent(contentsOf elements: some Sequence<Element>) {
    for element in elements where !contains(element) { append(element) }
  }
}

extension RangeReplaceableCollection where Element: Hashable {
  /// Appends each of `elements` the collection doesn't hold yet, once, in their order, through a
  /// set of those it holds.
  public mutating func appendIfAbsent(contentsOf elements: some Sequence<Element>) {
    var held = Set(self)
    for element in elements where held.insert(element).inserted { append(element) }
  }
}
