import CustomDump
import ReduxRuntime

/// One difference between two states: where it is, and the value before and after.
public struct StateChange: Sendable, Equatable, CustomStringConvertible {
  /// The path to the value: `tasks[id: 3].isCompleted`, `quantities[7]`, `filter`.
  public var path: String
  /// The value before, dumped; nil when the value was added.
  public var before: String?
  /// The value after, dumped; nil when the value was removed.
  public var after: String?

  public init(path: String, before: String?, after: String?) {
    self.path = path
    self.before = before
    self.after = after
  }

  /// `tasks[id: 3].isCompleted: false → true`; `(added)` and `(removed)` for a missing side.
  public var description: String {
    "\(path): \(before ?? "(added)") → \(after ?? "(removed)")"
  }
}

/// What changed from `old` to `new`, value by value: the fields of structs, the elements of
/// collections (by id for `Identifiable` elements, such as an `IdentifiedArrayOf`'s; by position
/// otherwise), the entries of dictionaries, optionals and enum cases as whole values. Empty when
/// the two dump the same.
public func stateChanges<Value>(from old: Value, to new: Value) -> [StateChange] {
  var changes: [StateChange] = []
  collectChanges("", old, new, into: &changes)
  return changes
}

private func dumped(_ value: Any) -> String {
  String(customDumping: value)
}

private func join(_ path: String, _ label: String) -> String {
  path.isEmpty ? label : "\(path).\(label)"
}

private func collectChanges(_ path: String, _ old: Any, _ new: Any, into changes: inout [StateChange]) {
  let oldMirror = Mirror(reflecting: old)
  let newMirror = Mirror(reflecting: new)
  func whole() {
    let before = dumped(old)
    let after = dumped(new)
    if before != after { changes.append(StateChange(path: path.isEmpty ? "self" : path, before: before, after: after)) }
  }
  guard oldMirror.displayStyle == newMirror.displayStyle, !(oldMirror.children.isEmpty && newMirror.children.isEmpty)
  else { return whole() }
  switch oldMirror.displayStyle {
  case .struct?, .class?, .tuple?:
    let oldChildren = Array(oldMirror.children)
    let newChildren = Array(newMirror.children)
    guard oldChildren.count == newChildren.count else { return whole() }
    for (index, (before, after)) in zip(oldChildren, newChildren).enumerated() {
      collectChanges(join(path, before.label ?? "\(index)"), before.value, after.value, into: &changes)
    }
  case .optional?:
    guard let before = oldMirror.children.first, let after = newMirror.children.first else { return whole() }
    collectChanges(path, before.value, after.value, into: &changes)
  case .collection?, .set?:
    let oldElements = oldMirror.children.map(\.value)
    let newElements = newMirror.children.map(\.value)
    let oldIDs = oldElements.map(identity)
    let newIDs = newElements.map(identity)
    if !oldIDs.contains(nil), !newIDs.contains(nil) {
      elementChanges(path, zip(oldIDs.map { $0! }, oldElements), zip(newIDs.map { $0! }, newElements), into: &changes)
    } else {
      for index in 0..<max(oldElements.count, newElements.count) {
        let child = "\(path)[\(index)]"
        switch (index < oldElements.count, index < newElements.count) {
        case (true, true): collectChanges(child, oldElements[index], newElements[index], into: &changes)
        case (true, false): changes.append(StateChange(path: child, before: dumped(oldElements[index]), after: nil))
        default: changes.append(StateChange(path: child, before: nil, after: dumped(newElements[index])))
        }
      }
    }
  case .dictionary?:
    let oldEntries = oldMirror.children.compactMap(entry)
    let newEntries = newMirror.children.compactMap(entry)
    let oldByKey = Dictionary(oldEntries, uniquingKeysWith: { first, _ in first })
    let newByKey = Dictionary(newEntries, uniquingKeysWith: { first, _ in first })
    for key in Set(oldByKey.keys).union(newByKey.keys).sorted() {
      let child = "\(path)[\(key)]"
      switch (oldByKey[key], newByKey[key]) {
      case (let before?, let after?): collectChanges(child, before, after, into: &changes)
      case (let before?, nil): changes.append(StateChange(path: child, before: dumped(before), after: nil))
      case (nil, let after?): changes.append(StateChange(path: child, before: nil, after: dumped(after)))
      case (nil, nil): break
      }
    }
  default:
    whole()
  }
}

/// Elements matched by id: changed ones by their path `[id: …]`, then added and removed ones,
/// then a change of order.
private func elementChanges(
  _ path: String, _ old: some Sequence<(String, Any)>, _ new: some Sequence<(String, Any)>,
  into changes: inout [StateChange]
) {
  let oldList = Array(old)
  let newList = Array(new)
  let oldByID = Dictionary(oldList, uniquingKeysWith: { first, _ in first })
  let newIDs = Set(newList.map(\.0))
  for (id, after) in newList {
    let child = "\(path)[id: \(id)]"
    if let before = oldByID[id] {
      collectChanges(child, before, after, into: &changes)
    } else {
      changes.append(StateChange(path: child, before: nil, after: dumped(after)))
    }
  }
  for (id, before) in oldList where !newIDs.contains(id) {
    changes.append(StateChange(path: "\(path)[id: \(id)]", before: dumped(before), after: nil))
  }
  let kept = oldList.map(\.0).filter(newIDs.contains)
  let keptNow = newList.map(\.0).filter { oldByID[$0] != nil }
  if kept != keptNow {
    changes.append(
      StateChange(
        path: "\(path) (order of ids)", before: kept.joined(separator: ", "), after: keptNow.joined(separator: ", ")))
  }
}

/// The id of an `Identifiable` value, dumped.
private func identity(_ value: Any) -> String? {
  guard let identifiable = value as? any Identifiable else { return nil }
  return dumped(id(of: identifiable))
}

private func id<Element: Identifiable>(of element: Element) -> Element.ID { element.id }

/// A dictionary's entry as a mirror child: its key dumped, and its value.
private func entry(_ child: Mirror.Child) -> (String, Any)? {
  let pair = Array(Mirror(reflecting: child.value).children)
  guard pair.count == 2 else { return nil }
  return (dumped(pair[0].value), pair[1].value)
}

/// A reducer that does what `reducer` does and reports each action (that `include` accepts)
/// with what it changed in the state, through `output` (standard output unless told):
///
/// ```
/// TaskListAction.toggleTaskCompletion(id: UUID(…))
///   tasks[id: UUID(…)].isCompleted: false → true
/// ```
///
/// For debugging: pass it to the `Store` in place of the feature's reducer. It runs inside the
/// reducer, under the store's lock, so `output` must not call the store. Without it the store
/// pays nothing.
public func printingChanges<State: Sendable, Action: Sendable>(
  of reducer: @escaping Store<State, Action>.Reducer,
  where include: @escaping @Sendable (Action) -> Bool = { _ in true },
  to output: @escaping @Sendable (String) -> Void = { print($0) }
) -> Store<State, Action>.Reducer {
  { state, action in
    guard include(action) else { return reducer(&state, action) }
    let before = state
    reducer(&state, action)
    let changes = stateChanges(from: before, to: state)
    let lines = changes.isEmpty ? ["  (no change)"] : changes.map { "  \($0)" }
    output(([dumped(action)] + lines).joined(separator: "\n"))
  }
}
