import ReduxRuntime
import Synchronization
import Testing

struct Pair: Equatable, Sendable, FieldTracking {
  var left = 0
  var right = 0

  static func fields(readBy keyPath: PartialKeyPath<Pair>) -> StateFields {
    if keyPath == \Pair.left { return StateFields(0) }
    if keyPath == \Pair.right { return StateFields(1) }
    return .all
  }
}

enum PairAction: ChangeReporting {
  case left, right, both, unknown
  var changedFields: StateFields {
    switch self {
    case .left: StateFields(0)
    case .right: StateFields(1)
    case .both: StateFields(0, 1)
    case .unknown: .all
    }
  }
}

func pairReducer(_ state: inout Pair, _ action: PairAction) {
  switch action {
  case .left: state.left += 1
  case .right: state.right += 1
  case .both, .unknown:
    state.left += 1
    state.right += 1
  }
}

/// Counts how often a selection is evaluated.
final class ReadCounter: Sendable {
  let count = Atomic<Int>(0)
  var value: Int { count.load(ordering: .relaxed) }
  func tick() { count.add(1, ordering: .relaxed) }
}

@Suite struct ChangeTrackingTests {
  @Test func anObserverIsComparedOnlyAfterActionsThatCanChangeItsFields() {
    let store = Store(initialState: Pair(), reducer: pairReducer)
    let leftReads = ReadCounter()
    let rightReads = ReadCounter()
    let anyReads = ReadCounter()
    let left: @Sendable (Pair) -> Int = { leftReads.tick(); return $0.left }
    let right: @Sendable (Pair) -> Int = { rightReads.tick(); return $0.right }
    let sum: @Sendable (Pair) -> Int = { anyReads.tick(); return $0.left + $0.right }
    store.subscribe(to: left, reading: Pair.fields(readBy: \.left)) { _ in .alive }
    let rightSubscription = store.subscribe(to: right, reading: StateFields(1)) { _ in .alive }
    store.subscribe(to: sum) { _ in .alive }
    let start = (leftReads.value, rightReads.value, anyReads.value)

    store.dispatch(.left)
    #expect((leftReads.value, rightReads.value, anyReads.value) == (start.0 + 1, start.1, start.2 + 1))
    store.dispatch(.both)
    #expect((leftReads.value, rightReads.value, anyReads.value) == (start.0 + 2, start.1 + 1, start.2 + 2))
    store.dispatch(.unknown)
    #expect((leftReads.value, rightReads.value, anyReads.value) == (start.0 + 3, start.1 + 2, start.2 + 3))

    rightSubscription.cancel()
    store.dispatch(.right)
    #expect((leftReads.value, rightReads.value, anyReads.value) == (start.0 + 3, start.1 + 2, start.2 + 4))
    #expect(store.state == Pair(left: 3, right: 3))
  }

  @Test func aKeyPathSubscriptionOnATrackedStateIsNotifiedOfItsChanges() {
    let store = Store(initialState: Pair(), reducer: pairReducer)
    let seen = Mutex<[Int]>([])
    store.subscribe(to: \Pair.right) { value in
      seen.withLock { $0.append(value) }
      return .alive
    }
    for action in [PairAction.left, .right, .left, .both] { store.dispatch(action) }
    #expect(seen.withLock { $0 } == [1, 2])
  }

  @Test func moreThanFourFieldsIsAll() {
    #expect(StateFields(0, 1, 2, 3, 4) == .all)
    #expect(StateFields() == .none)
    #expect(!StateFields(1, 2).isAll)
  }
}
