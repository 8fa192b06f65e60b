import Dispatch

/// One observer. `evaluate` runs under the store's lock right after the reducer and keeps only
/// the selected value; `deliver` runs on the dispatching thread without the lock. Both run on
/// the one thread that is dispatching, one after the other, which is what makes the unchecked
/// Sendable safe.
@usableFromInline
final class ObserverBox<State>: @unchecked Sendable {
  @usableFromInline let id: UInt64
  /// The state fields the selection reads; `.all` when unknown.
  @usableFromInline let fields: StateFields
  @usableFromInline let evaluateSelection: (State) -> Bool
  @usableFromInline let startSelection: (State) -> Void
  @usableFromInline let deliverSelection: () -> Bool

  // Inlinable so the selector and comparison are specialized where the observer subscribes.
  @inlinable
  init<Value: Sendable>(
    id: UInt64, queue: DispatchQueue?, fields: StateFields = .all, select: @escaping @Sendable (State) -> Value,
    skipRepeats: (@Sendable (Value, Value) -> Bool)?,
    observer: @escaping @Sendable (Value) -> ObserverStatus, end: @escaping @Sendable () -> Void,
    receivesCurrent: Bool = false
  ) {
    self.id = id
    self.fields = fields
    let selection = Selection<Value>()
    startSelection = { state in
      let value = select(state)
      // Only a selection that skips repeats keeps its last value; a whole-state observer keeps nothing.
      if skipRepeats != nil { selection.last = value }
      // Under the store's lock, so the first value comes before any change: for streams only.
      if receivesCurrent { _ = observer(value) }
    }
    evaluateSelection = { state in
      let value = select(state)
      if let skipRepeats, let last = selection.last, skipRepeats(last, value) { return false }
      selection.last = skipRepeats == nil ? nil : value
      selection.pending = value
      return true
    }
    deliverSelection = {
      guard let value = selection.pending else { return true }
      selection.pending = nil
      guard let queue else { return observer(value) == .alive }
      // An observer on a queue that answers .dead ends its subscription from there.
      queue.async { if observer(value) == .dead { end() } }
      return true
    }
  }

  /// An observer that is told, under the store's lock, that an action can have changed one of
  /// `fields`, and is never notified: `onChange` must be quick and must not call the store.
  init(id: UInt64, fields: StateFields, onChange: @escaping @Sendable () -> Void) {
    self.id = id
    self.fields = fields
    startSelection = { _ in }
    evaluateSelection = { _ in
      onChange()
      return false
    }
    deliverSelection = { true }
  }

  @usableFromInline func start(with state: State) { startSelection(state) }
  @usableFromInline func evaluate(_ state: State) -> Bool { evaluateSelection(state) }
  @usableFromInline func deliver() -> Bool { deliverSelection() }
}

/// The last and the next value of an observer's selection.
@usableFromInline
final class Selection<Value>: @unchecked Sendable {
  @exclusivity(unchecked) @usableFromInline var last: Value?
  @exclusivity(unchecked) @usableFromInline var pending: Value?

  @inlinable init() {}
}
