import Foundation
import ReduxRuntime
import Tallies
import Tally
import Testing

/// A list of child features through a real store: each element's actions reach its own
/// reducer and its own effects, and an element's requests end when an action removes it.
@Suite struct ChildFeatureTests {
  /// Facts that wait until the test opens `gate`, and count the requests that got past it.
  struct WaitingFacts: TallyEffects {
    let gate: Gate
    let answered: Locked<[Int]>

    func loadFact(number: Int) async throws -> String {
      try await gate.wait()
      answered.withLock { $0.append(number) }
      return "fact \(number)"
    }
  }

  final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
      lock.lock()
      defer { lock.unlock() }
      return body(&value)
    }
  }

  /// Closed until `open()`: a wait before then suspends (and throws when its task is cancelled),
  /// one after returns at once.
  final class Gate: Sendable {
    private struct Waiting {
      var isOpen = false
      var next = 0
      var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    }
    private let waiting = Locked(Waiting())

    func wait() async throws {
      let id = waiting.withLock { waiting in
        waiting.next += 1
        return waiting.next
      }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
          let now = waiting.withLock { waiting -> Bool in
            guard !waiting.isOpen, !Task.isCancelled else { return true }
            waiting.waiters[id] = continuation
            return false
          }
          if now { continuation.resume() }
        }
      } onCancel: {
        waiting.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
      }
      try Task.checkCancellation()
    }

    func open() {
      let waiters = waiting.withLock { waiting in
        waiting.isOpen = true
        defer { waiting.waiters = [:] }
        return Array(waiting.waiters.values)
      }
      for waiter in waiters { waiter.resume() }
    }
  }

  func makeStore(_ effects: WaitingFacts, made: Locked<[Int]>) -> Store<TalliesState, TalliesAction> {
    Store(
      initialState: TalliesState(), reducer: talliesReducer,
      middleware: talliesChildren(tallies: { id in
        made.withLock { $0.append(id) }
        return [TallyEffectsMiddleware(effects: effects)]
      }))
  }

  @Test("a child's action changes its element alone, and its request answers that element")
  func childActionsReachTheirElement() async {
    let gate = Gate()
    let made = Locked<[Int]>([])
    let effects = WaitingFacts(gate: gate, answered: Locked([]))
    let store = makeStore(effects, made: made)
    store.dispatch(.addTally)
    store.dispatch(.addTally)
    store.dispatch(.tallies(id: 1, action: .increment))
    store.dispatch(.tallies(id: 1, action: .increment))
    store.dispatch(.tallies(id: 0, action: .rename(name: "first")))
    #expect(store.state.tallies.map(\.count) == [0, 2])
    #expect(store.state.tallies.map(\.name) == ["first", ""])
    #expect(store.state.total == 2)

    store.dispatch(.tallies(id: 1, action: .loadFact(number: 7)))
    #expect(store.state.tallies[id: 1]?.factStatus == .loading)
    #expect(store.state.tallies[id: 0]?.factStatus == .idle)
    gate.open()
    await store.idle()
    #expect(store.state.tallies[id: 1]?.fact == "fact 7")
    #expect(store.state.tallies[id: 1]?.factStatus == .succeeded)
    #expect(store.state.tallies[id: 0]?.fact == nil)
    // One chain per element that received an action, made once.
    #expect(made.withLock { $0 }.sorted() == [0, 1])
  }

  @Test("removing an element ends its request: its outcome is never dispatched")
  func removingAnElementCancelsItsRequests() async {
    let gate = Gate()
    let answered = Locked<[Int]>([])
    let made = Locked<[Int]>([])
    let store = makeStore(WaitingFacts(gate: gate, answered: answered), made: made)
    store.dispatch(.addTally)
    store.dispatch(.addTally)
    store.dispatch(.tallies(id: 0, action: .loadFact(number: 3)))
    store.dispatch(.tallies(id: 1, action: .loadFact(number: 4)))
    #expect(store.pendingWork.count == 2)

    store.dispatch(.removeTally(id: 0))
    #expect(store.pendingWork.count == 1)
    gate.open()
    await store.idle()
    #expect(answered.withLock { $0 } == [4])
    #expect(store.state.tallies.map(\.id) == [1])
    #expect(store.state.tallies[id: 1]?.fact == "fact 4")

    // An element added again under the id starts a chain of its own.
    store.dispatch(.addTally)
    store.dispatch(.tallies(id: 2, action: .increment))
    #expect(made.withLock { $0 } == [0, 1, 2])
  }

  @Test("an action for an element not in the list reaches no middleware and changes nothing")
  func actionsOfMissingElementsAreDropped() async {
    let made = Locked<[Int]>([])
    let store = makeStore(WaitingFacts(gate: Gate(), answered: Locked([])), made: made)
    store.dispatch(.addTally)
    let before = store.state
    store.dispatch(.tallies(id: 5, action: .loadFact(number: 1)))
    #expect(store.state == before)
    #expect(store.pendingWork.isEmpty)
    #expect(made.withLock { $0 }.isEmpty)
  }
}
