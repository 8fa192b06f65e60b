import Dispatch
import Foundation
import Namer
import ReduxRuntime
import Shelf
import Tallies
import Tally
import Testing

/// The view stores of child features (`scope(each:)`, `scope(presented:)`, the generated
/// `TalliesViewStore.tallies` and `.namer`), driven as SwiftUI views drive them, their
/// invalidations counted with `withObservationTracking`.
@MainActor
@Suite struct ChildViewStoreTests {
  /// Tallies with ids 1...count, counts 0.
  func makeViewStore(_ count: Int) -> (Store<TalliesState, TalliesAction>, TalliesViewStore) {
    let tallies = IdentifiedArray(uniqueElements: (1...count).map { TallyState(id: $0, name: "tally \($0)") })
    let store = Store(initialState: TalliesState(tallies: tallies), reducer: talliesReducer)
    return (store, TalliesViewStore(store))
  }

  @Test("a row's action tells that row's views, of the field it changed, and not the list's")
  func rowActionTellsItsRow() {
    let (_, viewStore) = makeViewStore(3)
    let rows = viewStore.tallies
    #expect(rows.map(\.id) == [1, 2, 3])
    let list = Watch { _ = viewStore.tallies.count }
    let firstCount = Watch { _ = rows[0].count }
    let firstName = Watch { _ = rows[0].name }
    // The whole state: told of any change the row's store records (a field's value compares).
    let second = Watch { _ = rows[1].state }
    rows[0].dispatch(.increment)
    #expect(rows[0].count == 1)
    #expect(viewStore.read(\.tallies)[id: 1]?.count == 1)
    #expect(firstCount.count == 1)
    #expect(!firstName.didFire)
    #expect(!second.didFire)
    #expect(!list.didFire)
  }

  @Test("a row's store is the same object while its element is listed, and dropped when it isn't")
  func sameStoreWhileListed() {
    let (_, viewStore) = makeViewStore(3)
    let third = viewStore.tallies[2]
    #expect(viewStore.tallies[id: 3] === third)
    let list = Watch { _ = viewStore.tallies.ids }
    viewStore.dispatch(.removeTally(id: 1))
    #expect(list.count == 1)
    #expect(viewStore.tallies.ids == [2, 3])
    #expect(viewStore.tallies[1] === third)
    #expect(viewStore.tallies[id: 1] == nil)
    // A removed element's store is let go (one still held shows the element as it last was).
    weak var removed: ViewStore<TallyState, TallyAction>?
    removed = viewStore.tallies[0]
    #expect(removed != nil)
    viewStore.dispatch(.removeTally(id: 2))
    #expect(removed == nil)
  }

  @Test("a removed row's store shows the element as it last was")
  func removedRowShowsLastState() {
    let (_, viewStore) = makeViewStore(2)
    let first = viewStore.tallies[0]
    first.dispatch(.increment)
    #expect(first.count == 1)
    viewStore.dispatch(.removeTally(id: 1))
    #expect(first.count == 1)
    #expect(first.name == "tally 1")
    #expect(first.id == 1)
  }

  @Test("an action of the parent's that changes every element tells every row, and the list not")
  func parentChangesEveryRow() {
    let (_, viewStore) = makeViewStore(2)
    let rows = viewStore.tallies
    rows[0].dispatch(.increment)
    rows[1].dispatch(.increment)
    let watches = [Watch { _ = rows[0].count }, Watch { _ = rows[1].count }]
    let list = Watch { _ = viewStore.tallies.ids }
    viewStore.dispatch(.resetAll)
    #expect(rows.map(\.count) == [0, 0])
    #expect(watches.map(\.count) == [1, 1])
    #expect(!list.didFire)
  }

  @Test("an action dispatched elsewhere (an effect) reaches the row's views on the main queue")
  func deliveredLater() async {
    let (store, viewStore) = makeViewStore(2)
    let rows = viewStore.tallies
    let first = Watch { _ = rows[0].state }
    let second = Watch { _ = rows[1].count }
    await Task.detached { store.dispatch(.tallies(id: 2, action: .increment)) }.value
    await mainQueueTurn()
    #expect(second.count == 1)
    #expect(!first.didFire)
    #expect(rows[1].count == 1)
  }

  @Test("a row whose change a view read before its delivery is told of it still")
  func readAheadIsToldStill() async {
    let (store, viewStore) = makeViewStore(2)
    let first = viewStore.tallies[0]
    first.dispatch(.increment)
    let view = Watch { _ = first.state }
    // Every count back to zero, dispatched elsewhere; a view reads the row before it is delivered.
    // The main thread waits without running its queue, so the delivery comes after the read.
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      store.dispatch(.resetAll)
      done.signal()
    }
    done.wait()
    #expect(first.count == 0)
    #expect(!view.didFire)
    await mainQueueTurn()
    #expect(view.count == 1)
  }

  @Test("a new element gives the list's views a new row; the others keep their stores")
  func appendTellsList() {
    let (_, viewStore) = makeViewStore(1)
    let first = viewStore.tallies[0]
    let list = Watch { _ = viewStore.tallies.ids }
    let row = Watch { _ = first.state }
    viewStore.dispatch(.addTally)
    #expect(list.count == 1)
    #expect(viewStore.tallies.count == 2)
    #expect(viewStore.tallies[0] === first)
    #expect(!row.didFire)
  }

  @Test("a presented child's store is nil until presented, the same while presented, nil once dismissed")
  func presentedStore() {
    let (_, viewStore) = makeViewStore(1)
    #expect(viewStore.namer == nil)
    let sheet = Watch { _ = viewStore.namer }
    viewStore.dispatch(.startNaming(form: NamerState()))
    #expect(sheet.count == 1)
    guard let namer = viewStore.namer else {
      Issue.record("no namer's store while it is presented")
      return
    }
    #expect(viewStore.namer === namer)
    sheet.reset()
    let draft = Watch { _ = namer.draft }
    namer.dispatch(.type(draft: "Laps"))
    #expect(namer.draft == "Laps")
    #expect(draft.count == 1)
    #expect(!sheet.didFire)
    // Its Save: the parent reads the draft, and the child is dismissed.
    namer.dispatch(.save)
    #expect(viewStore.title == "Laps")
    #expect(sheet.count == 1)
    #expect(viewStore.namer == nil)
  }

  @Test("a child's store goes with its parent's")
  func childStoreDoesNotKeepParent() {
    let store = Store(
      initialState: TalliesState(tallies: [TallyState(id: 1)]), reducer: talliesReducer)
    weak var parent: TalliesViewStore?
    var child: ViewStore<TallyState, TallyAction>?
    do {
      let viewStore = TalliesViewStore(store)
      parent = viewStore
      child = viewStore.tallies[0]
    }
    #expect(parent == nil)
    // The child store reads and dispatches still: the store is the app's.
    child?.dispatch(.increment)
    #expect(store.state.tallies[id: 1]?.count == 1)
  }

  @Test("a stack's screens: a store per screen, its destination's store by case; a screen's action tells that screen's views")
  func stackScreens() {
    let store = Store(initialState: ShelfState(), reducer: shelfReducer)
    let viewStore = ShelfViewStore(store)
    #expect(viewStore.path.isEmpty)
    let stack = Watch { _ = viewStore.path.ids }
    viewStore.dispatch(.showTally)
    viewStore.dispatch(.showTally)
    #expect(stack.count == 1)
    stack.reset()
    let screens = viewStore.path
    #expect(screens.ids == [0, 1])
    guard let bottom = screens[0].tally, let top = screens[1].tally else {
      Issue.record("no tally's store for a tally's screen")
      return
    }
    #expect(screens[0].namer == nil)
    #expect(viewStore.path[1].tally === top)
    let bottomCount = Watch { _ = bottom.state }
    let topCount = Watch { _ = top.count }
    top.dispatch(.increment)
    #expect(top.count == 1)
    #expect(bottom.count == 0)
    #expect(topCount.count == 1)
    #expect(!bottomCount.didFire)
    #expect(!stack.didFire)
    // Popped: the stack's views are told; the popped screen's store is let go.
    weak let popped = viewStore.path[1]
    viewStore.dispatch(.back)
    #expect(stack.count == 1)
    #expect(viewStore.path.ids == [0])
    #expect(popped == nil)
    #expect(!bottomCount.didFire)
  }

  @Test("a screen's own action that pops it (a tally's remove) reaches the parent through the screen's store")
  func screenActionPops() {
    let store = Store(initialState: ShelfState(), reducer: shelfReducer)
    let viewStore = ShelfViewStore(store)
    viewStore.dispatch(.showTally)
    viewStore.dispatch(.showForm(form: NamerState(draft: "Draft")))
    guard let form = viewStore.path[1].namer else {
      Issue.record("no namer's store for the form's screen")
      return
    }
    #expect(form.draft == "Draft")
    form.dispatch(.save)
    #expect(viewStore.title == "Draft")
    #expect(viewStore.path.ids == [0])
  }
}
