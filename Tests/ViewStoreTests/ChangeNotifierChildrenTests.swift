import Foundation
import Namer
import ReduxRuntime
import Shelf
import Tallies
import Tally
import Testing

/// iOS 16's form of the tree (`ChangeNotifier`, which ReduxSwiftUI's `PublishedStore` wraps): a
/// notifier per child feature, told after changes of its own state only, and the same bindings
/// of SwiftUI's navigation as `ViewStore`'s.
@MainActor
@Suite struct ChangeNotifierChildrenTests {
  /// Counts what a notifier tells.
  @MainActor
  final class Told {
    var count = 0
    func watch<State, Action>(_ notifier: ChangeNotifier<State, Action>) -> Told {
      notifier.onChange = { [unowned self] in self.count += 1 }
      return self
    }
  }

  @Test("a presented child's notifier: the same while presented, told of its own changes; its parent too")
  func presentedChild() throws {
    let sent = Sent<TalliesState, TalliesAction>()
    let store = Store(initialState: TalliesState(), reducer: talliesReducer, middleware: [sent])
    let parent = ChangeNotifier(store) {}
    let parentTold = Told().watch(parent)
    #expect(parent.namer == nil)
    parent.dispatch(.startNaming(form: NamerState()))
    #expect(parentTold.count == 1)
    let namer = try #require(parent.namer)
    #expect(parent.namer === namer)
    let namerTold = Told().watch(namer)
    namer.dispatch(.type(draft: "Laps"))
    #expect(namer.state.draft == "Laps")
    #expect(namerTold.count == 1)
    #expect(parentTold.count == 2)
    // An action of the parent's that leaves the child's field as it is doesn't tell the child.
    parent.dispatch(.addTally)
    #expect(namerTold.count == 1)
    #expect(parentTold.count == 3)
    // Swiped down: the binding sends the dismissal; the child's notifier is let go.
    sent.clear()
    parent.namerBinding.wrappedValue = nil
    #expect(sent.actions == [.namerDismissed])
    #expect(parent.namerBinding.wrappedValue == nil)
    parent.namerBinding.wrappedValue = nil
    #expect(sent.actions == [.namerDismissed])
  }

  @Test("a notifier per row: a row's action tells that row and the parent, not the other rows")
  func rows() throws {
    let tallies = IdentifiedArray(uniqueElements: (1...3).map { TallyState(id: $0) })
    let store = Store(initialState: TalliesState(tallies: tallies), reducer: talliesReducer)
    let parent = ChangeNotifier(store) {}
    let parentTold = Told().watch(parent)
    let rows = parent.tallies
    #expect(rows.map { $0.state.id } == [1, 2, 3])
    #expect(parent.tallies[1] === rows[1])
    let told = rows.map { Told().watch($0) }
    rows[1].dispatch(.increment)
    #expect(rows[1].state.count == 1)
    #expect(told.map(\.count) == [0, 1, 0])
    #expect(parentTold.count == 1)
    // A change of the whole list tells the rows it changed.
    parent.dispatch(.resetAll)
    #expect(told.map(\.count) == [0, 2, 0])
    #expect(parentTold.count == 2)
    // A removed element's notifier is let go; the others stay.
    parent.dispatch(.removeTally(id: 1))
    #expect(parent.tallies.map { $0.state.id } == [2, 3])
    #expect(parent.tallies[0] === rows[1])
  }

  @Test("a stack: a notifier per screen, its destination's by case; the path binding's pop sends pathPopped")
  func stack() throws {
    let sent = Sent<ShelfState, ShelfAction>()
    let store = Store(initialState: ShelfState(), reducer: shelfReducer, middleware: [sent])
    let shelf = ChangeNotifier(store) {}
    shelf.dispatch(.showTally)
    shelf.dispatch(.showTally)
    let screens = shelf.pathBinding.wrappedValue
    #expect(screens.count == 2)
    #expect(screens[0] === shelf.path[0])
    let bottom = try #require(screens[0].tally)
    let top = try #require(screens[1].tally)
    #expect(screens[0].namer == nil)
    let bottomTold = Told().watch(bottom)
    let topTold = Told().watch(top)
    top.dispatch(.increment)
    #expect(top.state.count == 1)
    #expect(topTold.count == 1)
    #expect(bottomTold.count == 0)
    // The back button.
    sent.clear()
    shelf.pathBinding.wrappedValue = [screens[0]]
    #expect(sent.actions == [.pathPopped(screen: 1)])
    #expect(shelf.path.count == 1)
    #expect(bottomTold.count == 0)
  }

  @Test("an alert's binding: a button sends its action, a dismissal .alert(.dismiss) only while shown")
  func alert() {
    let sent = Sent<TallyState, TallyAction>()
    let store = Store(initialState: TallyState(id: 1), reducer: tallyReducer, middleware: [sent])
    let tally = ChangeNotifier(store) {}
    let told = Told().watch(tally)
    tally.dispatch(.askToRemove)
    #expect(told.count == 1)
    #expect(tally.alertBinding.alert.wrappedValue == .confirmRemove)
    sent.clear()
    tally.alertBinding.send(.remove)
    tally.alertBinding.alert.wrappedValue = nil
    #expect(sent.actions == [.alert(.remove)])
    tally.dispatch(.askToRemove)
    sent.clear()
    tally.alertBinding.alert.wrappedValue = nil
    #expect(sent.actions == [.alert(.dismiss)])
    // A button whose action shows the alert again: the nil after it leaves that one shown.
    tally.dispatch(.askToRemove)
    let alert = tally.alertBinding
    alert.send(.remove)
    tally.dispatch(.askToRemove)
    sent.clear()
    alert.alert.wrappedValue = nil
    #expect(sent.actions.isEmpty)
  }

  @Test("a popped screen's notifiers send nothing when SwiftUI lets their bindings go")
  func poppedScreen() throws {
    let sent = Sent<ShelfState, ShelfAction>()
    let store = Store(initialState: ShelfState(), reducer: shelfReducer, middleware: [sent])
    let shelf = ChangeNotifier(store) {}
    shelf.dispatch(.showTally)
    let tally = try #require(shelf.path.first?.tally)
    tally.dispatch(.askToRemove)
    shelf.dispatch(.back)
    sent.clear()
    tally.alertBinding.alert.wrappedValue = nil
    #expect(sent.actions.isEmpty)
  }
}
