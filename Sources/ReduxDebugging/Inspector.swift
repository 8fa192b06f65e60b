import Foundation
import ReduxRuntime

/// One action as an inspector shows it: its number in the order the reducer saw them, when, the
/// action, its place in the feature tree, and the state before and after it.
///
/// Kept as values while buffered: the store's path only copies them (states share their
/// storage until changed). The fields it changed are worked out, and the values encoded, when
/// an inspector takes them, off that path.
public struct InspectedAction<State: Sendable, Action: Sendable>: Sendable {
  /// 1 for the first action the inspector saw, then one more for each.
  public var sequence: Int
  public var time: Date
  public var action: Action
  public var before: State
  public var after: State

  /// The action's place in the feature tree: `tallies[2].increment`, `path[1].recordMeeting.timerTick`.
  public var path: String { actionPath(action) }

  /// What the action changed, value by value (`stateChanges(from:to:)`).
  public var changes: [StateChange] { stateChanges(from: before, to: after) }
}

/// The newest `capacity` elements, oldest first. Appending to a full buffer drops the oldest and
/// counts it, so a reader that is slow, gone or never there neither blocks the writer nor lets
/// the buffer grow; `take()` says how many were dropped since it was last called.
public final class InspectorBuffer<Element: Sendable>: Sendable {
  @usableFromInline
  struct Ring {
    @usableFromInline var storage: [Element?]
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    @usableFromInline var dropped = 0
    /// How many elements `append(numbering:)` numbered.
    @usableFromInline var numbered = 0

    @usableFromInline
    init(storage: [Element?], numbered: Int = 0) {
      self.storage = storage
      self.numbered = numbered
    }
  }

  public let capacity: Int
  @usableFromInline let ring: Locked<Ring>

  /// - Parameter capacity: How many elements it keeps, at least 1.
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
    ring = Locked(Ring(storage: Array(repeating: nil, count: max(1, capacity))))
  }

  public func append(_ element: Element) {
    ring.withLock { ring in Self.append(element, to: &ring, capacity: capacity) }
  }

  /// Appends the element `make` makes from its number (1, 2, 3... over the buffer's life), under
  /// the buffer's one lock. Inlined into the store's path, specialized for its element.
  @inlinable
  func append(numbering make: (Int) -> Element) {
    ring.withLock { ring in
      ring.numbered += 1
      Self.append(make(ring.numbered), to: &ring, capacity: capacity)
    }
  }

  @inlinable
  static func append(_ element: Element, to ring: inout Ring, capacity: Int) {
    let end = (ring.start + ring.count) % capacity
    ring.storage[end] = element
    if ring.count == capacity {
      ring.start = (ring.start + 1) % capacity
      ring.dropped += 1
    } else {
      ring.count += 1
    }
  }

  /// Everything buffered, oldest first, and how many elements were dropped since the last call;
  /// the buffer is empty after it.
  public func take() -> (elements: [Element], dropped: Int) {
    ring.withLock { ring in
      var elements: [Element] = []
      elements.reserveCapacity(ring.count)
      for offset in 0..<ring.count {
        let index = (ring.start + offset) % capacity
        if let element = ring.storage[index] { elements.append(element) }
        ring.storage[index] = nil
      }
      let dropped = ring.dropped
      ring = Ring(storage: ring.storage, numbered: ring.numbered)
      return (elements, dropped)
    }
  }

  /// How many elements are buffered.
  public var count: Int { ring.withLock { $0.count } }

  /// How many elements `append(numbering:)` has numbered.
  var numbered: Int { ring.withLock { $0.numbered } }
}

/// What a store adds to be inspected: each action the reducer sees, with the state before and
/// after it, into a bounded buffer an inspector takes from.
///
/// ```swift
/// #if DEBUG
/// let inspector = ActionInspector<TaskListState, TaskListAction>()
/// let store = Store(initialState: TaskListState(), reducer: inspector.inspecting(taskListReducer))
/// #endif
/// ```
///
/// Like `ActionRecorder`, it sits at the reducer: what it sees is what the reducer saw (actions
/// after the middleware, effects' outcomes included). The reducer's path only copies the values
/// into the buffer, under its own lock.
public final class ActionInspector<State: Sendable, Action: Sendable>: Sendable {
  public let buffer: InspectorBuffer<InspectedAction<State, Action>>
  private let sequence = Locked(0)

  /// - Parameter capacity: How many actions it keeps until they are taken; older ones are
  ///   dropped and counted.
  public init(capacity: Int = 1_000) {
    buffer = InspectorBuffer(capacity: capacity)
  }

  /// `reducer`, each action it reduces kept with the states around it.
  public func inspecting(_ reducer: @escaping Store<State, Action>.Reducer) -> Store<State, Action>.Reducer {
    { state, action in
      let before = state
      reducer(&state, action)
      let number = self.sequence.withLock { value in
        value += 1
        return value
      }
      self.buffer.append(InspectedAction(sequence: number, time: Date(), action: action, before: before, after: state))
    }
  }
}

/// An action's place in the feature tree, read from its cases: a child's action is its field's
/// case holding the child's action (`namer(.type(...))` is `namer.type`), an element's holds its
/// id too (`tallies(id: 2, action: .increment)` is `tallies[2].increment`), a stack's screen
/// holds the destination's case (`path(id: 1, action: .recordMeeting(.timerTick))` is
/// `path[1].recordMeeting.timerTick`).
public func actionPath(_ action: Any) -> String {
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum else { return String(describing: action) }
  guard let child = mirror.children.first, let name = child.label else {
    // A case without values.
    return String(describing: action)
  }
  let payload = Mirror(reflecting: child.value)
  if payload.displayStyle == .tuple {
    let values = Array(payload.children)
    let id = values.first { $0.label == "id" }?.value
    if let inner = values.first(where: { $0.label == "action" })?.value, Mirror(reflecting: inner).displayStyle == .enum {
      return name + (id.map { "[\(String(describing: $0))]" } ?? "") + "." + actionPath(inner)
    }
    return name
  }
  if payload.displayStyle == .enum, String(describing: type(of: child.value)).hasSuffix("Action") {
    return name + "." + actionPath(child.value)
  }
  return name
}
