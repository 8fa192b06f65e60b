import ReduxRuntime
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

/// An Int that counts its comparisons: tells whether an observer's value was compared.
struct Counted: Equatable, Sendable {
  var value: Int
  let comparisons: ReadCounter

  static func == (lhs: Counted, rhs: Counted) -> Bool {
    lhs.comparisons.tick()
    return lhs.value == rhs.value
  }
}

/// Two counted fields, and whether the state says which a key path reads.
struct TrackedPair: Sendable, FieldTracking {
  var left: Counted
  var right: Counted

  static func fields(readBy keyPath: PartialKeyPath<TrackedPair>) -> StateFields {
    if keyPath == \TrackedPair.left { return StateFields(0) }
    if keyPath == \TrackedPair.right { return StateFields(1) }
    return .all
  }
}

/// The same without `FieldTracking`.
struct UntrackedPair: Sendable {
  var left: Counted
  var right: Counted
}

/// Subscribes from code that doesn't know whether the state tracks fields.
@discardableResult
func subscribeGenerically<State, Action, Value: Equatable & Sendable>(
  _ store: Store<State, Action>, to keyPath: any KeyPath<State, Value> & Sendable, seen: Log<Value>
) -> Subscription {
  store.subscribe(to: keyPath) { value in
    seen.append(value)
    return .alive
  }
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
    store.subscribe(selecting: left, reading: Pair.fields(readBy: \.left)) { _ in .alive }
    let rightSubscription = store.subscribe(selecting: right, reading: StateFields(1)) { _ in .alive }
    store.subscribe(selecting: sum) { _ in .alive }
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
    let seen = Locked<[Int]>([])
    store.subscribe(to: \Pair.right) { value in
      seen.withLock { $0.append(value) }
      return .alive
    }
    for action in [PairAction.left, .right, .left, .both] { store.dispatch(action) }
    #expect(seen.withLock { $0 } == [1, 2])
  }

  @Test func aKeyPathSubscriptionUsesTheFieldIndexEvenFromGenericCode() {
    let comparisons = ReadCounter()
    let store = Store(
      initialState: TrackedPair(
        left: Counted(value: 0, comparisons: comparisons), right: Counted(value: 0, comparisons: comparisons)),
      reducer: { (state: inout TrackedPair, action: PairAction) in
        if action != .right { state.left.value += 1 }
        if action != .left { state.right.value += 1 }
      })
    let generic = Log<Counted>()
    let direct = Log<Counted>()
    subscribeGenerically(store, to: \.right, seen: generic)
    store.subscribe(to: \.right) { value in
      direct.append(value)
      return .alive
    }
    store.dispatch(.left)
    store.dispatch(.left)
    #expect(comparisons.value == 0)
    store.dispatch(.right)
    #expect(comparisons.value == 2)
    #expect(generic.values.map(\.value) == [1])
    #expect(direct.values.map(\.value) == [1])
  }

  @Test func aKeyPathSubscriptionOnAnUntrackedStateComparesAfterEveryAction() {
    let comparisons = ReadCounter()
    let store = Store(
      initialState: UntrackedPair(
        left: Counted(value: 0, comparisons: comparisons), right: Counted(value: 0, comparisons: comparisons)),
      reducer: { (state: inout UntrackedPair, action: PairAction) in
        if action != .right { state.left.value += 1 }
        if action != .left { state.right.value += 1 }
      })
    let seen = Log<Counted>()
    subscribeGenerically(store, to: \.right, seen: seen)
    store.dispatch(.left)
    store.dispatch(.left)
    #expect(comparisons.value == 2)
    #expect(seen.values.isEmpty)
    store.dispatch(.right)
    #expect(comparisons.value == 3)
    #expect(seen.values.map(\.value) == [1])
  }

  @Test func moreThanFourFieldsIsAll() {
    #expect(StateFields(0, 1, 2, 3, 4) == .all)
    #expect(StateFields() == .none)
    #expect(!StateFields(1, 2).isAll)
  }
}
