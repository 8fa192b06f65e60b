import Foundation
import Namer
import Recorder
import Shelf
import ReduxRuntime
import ReduxTesting
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
      middleware: talliesChildren(
        tallies: { id in
          made.withLock { $0.append(id) }
          return [TallyEffectsMiddleware(effects: effects)]
        }, namer: { [] }))
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

  /// Removed by the parent's own action, or by the row's `remove` (delegate) that the parent
  /// reduces with `removeTally` (`from: tallies.remove`): either way its request is ended.
  @Test(
    "removing an element ends its request: its outcome is never dispatched",
    arguments: [TalliesAction.removeTally(id: 0), .tallies(id: 0, action: .remove)])
  func removingAnElementCancelsItsRequests(removal: TalliesAction) async {
    let gate = Gate()
    let answered = Locked<[Int]>([])
    let made = Locked<[Int]>([])
    let store = makeStore(WaitingFacts(gate: gate, answered: answered), made: made)
    store.dispatch(.addTally)
    store.dispatch(.addTally)
    store.dispatch(.tallies(id: 0, action: .loadFact(number: 3)))
    store.dispatch(.tallies(id: 1, action: .loadFact(number: 4)))
    #expect(store.pendingWork.count == 2)

    store.dispatch(removal)
    #expect(store.state.tallies.map(\.id) == [1])
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

  @Test("each row's timer ticks for that row alone, and removing the row stops its timer")
  func removingAnElementStopsItsTimer() async {
    let clock = ManualClock()
    let store = Store(
      initialState: TalliesState(), reducer: talliesReducer,
      middleware: talliesChildren(tallies: { _ in [TallyFollowUps(clock: clock)] }, namer: { [] }))
    store.dispatch(.addTally)
    store.dispatch(.addTally)
    store.dispatch(.tallies(id: 0, action: .timerToggled(running: true)))
    clock.advance(by: .seconds(1))
    await store.idle()
    store.dispatch(.tallies(id: 1, action: .timerToggled(running: true)))
    clock.advance(by: .seconds(2))
    await store.idle()
    #expect(store.state.tallies.map(\.seconds) == [3, 2])
    #expect(store.pendingWork.count == 2)

    store.dispatch(.tallies(id: 0, action: .remove))
    #expect(store.pendingWork.count == 1)
    clock.advance(by: .seconds(2))
    await store.idle()
    #expect(store.state.tallies.map(\.id) == [1])
    #expect(store.state.tallies.map(\.seconds) == [4])
    // Stopped by its trigger with a condition that doesn't hold: no tick comes.
    store.dispatch(.tallies(id: 1, action: .timerToggled(running: false)))
    #expect(store.pendingWork.isEmpty)
    clock.advance(by: .seconds(5))
    await store.idle()
    #expect(store.state.tallies.map(\.seconds) == [4])
  }

  @Test("a row's timer doesn't keep the list's store alive: let go, it is freed")
  func aRowsTimerLetsTheStoreGo() async {
    let clock = ManualClock()
    weak var weakStore: Store<TalliesState, TalliesAction>?
    do {
      let store = Store(
        initialState: TalliesState(), reducer: talliesReducer,
        middleware: talliesChildren(tallies: { _ in [TallyFollowUps(clock: clock)] }, namer: { [] }))
      store.dispatch(.addTally)
      store.dispatch(.tallies(id: 0, action: .timerToggled(running: true)))
      clock.advance(by: .seconds(1))
      await store.idle()
      #expect(store.state.tallies.map(\.seconds) == [1])
      #expect(store.pendingWork.count == 1)
      weakStore = store
    }
    #expect(weakStore == nil)
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

/// A presented child through a real store: its actions reach it while it is shown, its chain
/// is made when its first action arrives and ended when it is dismissed, by itself or by the
/// parent.
@Suite struct PresentedFeatureTests {
  /// A middleware that holds work until ended, and counts its ends.
  final class Holding: Middleware, @unchecked Sendable {
    typealias State = NamerState
    typealias Action = NamerAction
    private let lock = NSLock()
    private var held: [String] = []
    private(set) var ends = 0

    func process(_ action: NamerAction, context: MiddlewareContext<NamerState, NamerAction>) -> NamerAction? {
      lock.withLock { held.append("\(action)") }
      return action
    }

    func end() {
      lock.withLock {
        held = []
        ends += 1
      }
    }

    var pendingWork: [String] { lock.withLock { held } }
  }

  final class Made: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [Holding] = []
    func make() -> Holding {
      let holding = Holding()
      lock.withLock { made.append(holding) }
      return holding
    }
    var all: [Holding] { lock.withLock { made } }
  }

  func makeStore(_ made: Made) -> Store<TalliesState, TalliesAction> {
    Store(
      initialState: TalliesState(), reducer: talliesReducer,
      middleware: talliesChildren(tallies: { _ in [] }, namer: { [made.make()] }))
  }

  @Test("a presented child's actions reach it, and its own dismissal ends its chain")
  func dismissedByItself() {
    let made = Made()
    let store = makeStore(made)
    store.dispatch(.startNaming(form: NamerState()))
    store.dispatch(.namer(.type(draft: "Laps")))
    #expect(store.state.namer?.draft == "Laps")
    #expect(store.pendingWork == ["type(draft: \"Laps\")"])
    store.dispatch(.namer(.save))
    #expect(store.state.namer == nil)
    // The parent read the draft as the namer saved (`nameSaved`, from: namer.save).
    #expect(store.state.title == "Laps")
    #expect(made.all.count == 1)
    #expect(made.all[0].ends == 1)
    #expect(store.pendingWork.isEmpty)

    // Shown again: a chain of its own.
    store.dispatch(.startNaming(form: NamerState(draft: "x")))
    store.dispatch(.namer(.clear))
    #expect(made.all.count == 2)
    #expect(store.state.namer?.draft == "")
  }

  @Test("the parent's dismissal ends the presented child's chain")
  func dismissedByTheParent() {
    let made = Made()
    let store = makeStore(made)
    store.dispatch(.startNaming(form: NamerState()))
    store.dispatch(.namer(.type(draft: "Laps")))
    store.dispatch(.addTally)
    #expect(made.all[0].ends == 0)
    store.dispatch(.stopNaming)
    #expect(made.all[0].ends == 1)
    #expect(store.pendingWork.isEmpty)
  }

  @Test("an action while nothing is presented is dropped, with a warning naming the reducer's place")
  func droppedWhileDismissed() {
    let made = Made()
    let store = makeStore(made)
    let before = store.state
    store.dispatch(.namer(.type(draft: "late")))
    #expect(store.state == before)
    #expect(made.all.isEmpty)
    let message = PresentationCheck.message(
      NamerAction.save, feature: "Tallies", field: "namer", file: "Tallies/TalliesReducer.swift", line: 42)
    #expect(message.hasPrefix("Tallies/TalliesReducer.swift:42: ReduxRuntime: warning: Tallies dropped an action of 'namer'"))
    #expect(message.contains("save"))
  }
}

/// Bindings into a model the state holds (Namer's `card`): a form's text field and a row's.
@Suite @MainActor struct NestedBindingTests {
  @Test("a binding into a model is told when the model changes, not when another field does")
  func bindingIntoAModel() {
    let viewStore = ViewStore(Store(initialState: NamerState(), reducer: namerReducer))
    let note = Watch { _ = viewStore.cardNoteBinding.wrappedValue }
    viewStore.dispatch(.type(draft: "Laps"))
    #expect(!note.didFire)
    viewStore.cardNoteBinding.wrappedValue = "Weekly"
    #expect(note.didFire)
    #expect(viewStore.cardNoteBinding.wrappedValue == "Weekly")
    #expect(viewStore.read(\.card.note) == "Weekly")
  }

  @Test("a row of a list inside a model binds that row's field, and tells that row alone")
  func rowOfANestedList() {
    let viewStore = ViewStore(Store(initialState: NamerState(), reducer: namerReducer))
    viewStore.dispatch(.addMember(member: Member(id: 1, name: "Ada")))
    viewStore.dispatch(.addMember(member: Member(id: 2, name: "Grace")))
    let rows = viewStore.rows(\.card.members)
    #expect(rows.map(\.id) == [1, 2])
    let first = Watch { _ = viewStore.nameBinding(rows[0]).wrappedValue }
    let second = Watch { _ = viewStore.nameBinding(rows[1]).wrappedValue }
    viewStore.nameBinding(rows[1]).wrappedValue = "Hopper"
    #expect(second.didFire)
    #expect(!first.didFire)
    #expect(viewStore.nameBinding(rows[1]).wrappedValue == "Hopper")
    #expect(viewStore.read(\.card.members)[id: 2]?.name == "Hopper")
    #expect(viewStore.read(\.card.members)[id: 1]?.name == "Ada")
  }
}

/// A navigation stack through a real store (Specs/shelf.yaml): each screen's actions reach its
/// own destination's reducer and effects, and popping a screen ends its requests.
@Suite struct StackFeatureTests {
  typealias Gate = ChildFeatureTests.Gate
  typealias Locked = ChildFeatureTests.Locked

  func makeStore(_ effects: ChildFeatureTests.WaitingFacts, made: Locked<[Int]>) -> Store<ShelfState, ShelfAction> {
    Store(
      initialState: ShelfState(), reducer: shelfReducer,
      middleware: shelfChildren(
        sheet: { [] },
        pathTally: { id in
          made.withLock { $0.append(id) }
          return [TallyEffectsMiddleware(effects: effects)]
        }, pathNamer: { _ in [] }, pathRecorder: { _ in [] }, pathTallies: { _ in [] }))
  }

  /// The recorder's transcript, fed by the test.
  struct Transcripts: RecorderEffects {
    let double: StreamDouble<Void, String>

    func transcribe() async throws -> AsyncThrowingStream<String, any Error> {
      try double.call(())
    }
  }

  @Test(
    "a pushed recorder's timer and transcript run for that screen, and popping it ends both",
    arguments: [ShelfAction.back, .close(id: 1), .home])
  func poppingEndsTimerAndStream(pop: ShelfAction) async {
    let clock = ManualClock()
    let transcripts = StreamDouble<Void, String>("transcribe()")
    transcripts.streams()
    let store = Store(
      initialState: ShelfState(), reducer: shelfReducer,
      middleware: shelfChildren(
        sheet: { [] },
        pathTally: { _ in [] }, pathNamer: { _ in [] },
        pathRecorder: { _ in
          [RecorderFollowUps(clock: clock), RecorderEffectsMiddleware(effects: Transcripts(double: transcripts))]
        }, pathTallies: { _ in [] }))
    store.dispatch(.showTally)
    store.dispatch(.record)
    store.dispatch(.path(id: 1, action: .recorder(.started)))
    await transcripts.yield("Hello")
    await transcripts.yield("Hello team")
    clock.advance(by: .seconds(2))
    let heard = try? await store.firstState(
      where: { $0.path[id: 1]?.recorder?.transcript == "Hello team" && $0.path[id: 1]?.recorder?.secondsElapsed == 2 },
      timeout: .seconds(50))
    #expect(heard != nil)
    #expect(transcripts.openCount == 1)
    store.dispatch(pop)
    #expect(store.state.path[id: 1] == nil)
    // The screen's chain ended: its stream is told it is terminated, its timer stopped.
    await store.idle()
    #expect(transcripts.openCount == 0)
    #expect(store.pendingWork.isEmpty)
    clock.advance(by: .seconds(3))
    await store.idle()
    #expect(store.pendingWork.isEmpty)
    // A recorder pushed after it starts from nothing, with a chain of its own.
    store.dispatch(.record)
    #expect(store.state.path.last?.screen.recorder?.secondsElapsed == 0)
  }

  @Test("a screen's request answers that screen, and a chain is made for a screen of its destination alone")
  func screensOwnTheirEffects() async {
    let gate = Gate()
    let made = Locked<[Int]>([])
    let store = makeStore(ChildFeatureTests.WaitingFacts(gate: gate, answered: Locked([])), made: made)
    store.dispatch(.showTally)
    store.dispatch(.showForm(form: NamerState()))
    store.dispatch(.showTally)
    store.dispatch(.path(id: 2, action: .tally(.loadFact(number: 5))))
    store.dispatch(.path(id: 1, action: .namer(.type(draft: "Laps"))))
    #expect(store.state.path[id: 2]?.tally?.factStatus == .loading)
    gate.open()
    await store.idle()
    #expect(store.state.path[id: 2]?.tally?.fact == "fact 5")
    #expect(store.state.path[id: 0]?.tally?.fact == nil)
    #expect(store.state.path[id: 1]?.namer?.draft == "Laps")
    #expect(made.withLock { $0 } == [2])
  }

  @Test(
    "popping a screen ends its request: its outcome is never dispatched",
    arguments: [ShelfAction.back, .close(id: 1), .home, .path(id: 1, action: .tally(.remove))])
  func poppingCancels(pop: ShelfAction) async {
    let gate = Gate()
    let answered = Locked<[Int]>([])
    let store = makeStore(ChildFeatureTests.WaitingFacts(gate: gate, answered: answered), made: Locked([]))
    store.dispatch(.showTally)
    store.dispatch(.showTally)
    store.dispatch(.path(id: 1, action: .tally(.loadFact(number: 3))))
    #expect(store.pendingWork.count == 1)
    store.dispatch(pop)
    #expect(store.state.path[id: 1] == nil)
    #expect(store.pendingWork.isEmpty)
    gate.open()
    await store.idle()
    #expect(answered.withLock { $0 }.isEmpty)
    // A screen pushed after it has an id of its own, and a chain of its own.
    store.dispatch(.showTally)
    #expect(store.state.path.ids.last == 2)
  }
}
