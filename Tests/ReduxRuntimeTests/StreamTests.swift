import Testing

@testable import ReduxRuntime

/// `states()`, `values(of:)` and `firstState(where:timeout:)`: observers as asynchronous sequences.
@Suite(.timeLimit(.minutes(1))) struct StreamTests {
  @Test("states arrive as an asynchronous sequence, starting with the current one")
  func stateStream() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.dispatch(.add(1))
    let states = store.states()
    store.dispatch(.add(2))
    store.dispatch(.note("x"))
    var counts: [Int] = []
    var logs: [[String]] = []
    for await state in states {
      counts.append(state.count)
      logs.append(state.log)
      if state.log == ["x"] { break }
    }
    #expect(counts == [1, 3, 3])
    #expect(logs == [[], [], ["x"]])
  }

  @Test("values start with the current one and skip repeats")
  func valueStream() async {
    let store = Store(initialState: Counter(count: 4), reducer: counterReducer)
    var values = store.values(of: { $0.count }).makeAsyncIterator()
    store.dispatch(.note("count unchanged"))
    store.dispatch(.add(1))
    store.dispatch(.add(0))
    store.dispatch(.add(2))
    #expect(await values.next() == 4)
    #expect(await values.next() == 5)
    #expect(await values.next() == 7)
  }

  @Test("only the newest values wait for a slow reader")
  func slowReaderGetsTheNewest() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    var states = store.states(bufferingNewest: 2).makeAsyncIterator()
    for _ in 1...5 { store.dispatch(.add(1)) }
    #expect(await states.next()?.count == 4)
    #expect(await states.next()?.count == 5)
    store.dispatch(.add(1))
    #expect(await states.next()?.count == 6)
  }

  @Test("ending a stream ends its subscription")
  func streamEnds() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let reads = ReadCounter()
    do {
      let values = store.values(of: { reads.tick(); return $0.count })
      for await _ in values { break }
    }
    let readsWhenEnded = reads.value
    store.dispatch(.add(1))
    store.dispatch(.add(1))
    #expect(store.read { $0.count } == 2)
    // The selection is no longer evaluated: the observer is gone.
    #expect(reads.value == readsWhenEnded)
  }

  @Test("firstState returns the first state that matches, the current one included")
  func firstState() async throws {
    let store = Store(initialState: Counter(count: 1), reducer: counterReducer)
    #expect(try await store.firstState(where: { $0.count == 1 }).count == 1)
    let later = Task.detached {
      for _ in 1...2 { store.dispatch(.add(1)) }
    }
    let state = try await store.firstState(where: { $0.count >= 3 })
    await later.value
    // Whether it came as the current state or as a change, the first state with 3 or more is 3.
    #expect(state.count == 3)
  }

  @Test("firstState gives up after its timeout")
  func firstStateTimesOut() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    await #expect(throws: StateTimeout.self) {
      try await store.firstState(where: { $0.count > 0 }, timeout: .milliseconds(20))
    }
  }
}
