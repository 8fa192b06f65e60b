import Foundation
import Namer
import ReduxRuntime
import Shelf
import Tallies
import Tally
import Testing

/// The bindings SwiftUI's navigation takes (`sheet(item:)`, `NavigationStack(path:)`, an
/// alert's), set as SwiftUI sets them: what each sends, and whom it tells.
@MainActor
@Suite struct NavigationBindingTests {
  @Test("a sheet's binding reads the presented child's store; set to nil it sends the dismissal once")
  func sheetDismissedBySwiftUI() {
    let sent = Sent<TalliesState, TalliesAction>()
    let store = Store(initialState: TalliesState(), reducer: talliesReducer, middleware: [sent])
    let viewStore = TalliesViewStore(store)
    let sheet = viewStore.namerBinding
    #expect(sheet.wrappedValue == nil)
    let presented = Watch { _ = sheet.wrappedValue }
    viewStore.dispatch(.startNaming(form: NamerState(draft: "Laps")))
    #expect(presented.count == 1)
    presented.reset()
    guard let form = sheet.wrappedValue else {
      Issue.record("the binding gives no store while the namer is presented")
      return
    }
    #expect(form === viewStore.namer)
    #expect(form.draft == "Laps")
    // Swiped down: SwiftUI sets nil.
    sent.clear()
    sheet.wrappedValue = nil
    #expect(sent.actions == [.namerDismissed])
    #expect(viewStore.read(\.namer) == nil)
    #expect(sheet.wrappedValue == nil)
    #expect(presented.count == 1)
    // SwiftUI may set nil again as the sheet goes: nothing is left to dismiss.
    sheet.wrappedValue = nil
    #expect(sent.actions == [.namerDismissed])
  }

  @Test("a sheet the spec's action dismissed (the form's Save) sends nothing when SwiftUI sets nil after")
  func sheetDismissedBySpec() {
    let sent = Sent<TalliesState, TalliesAction>()
    let store = Store(initialState: TalliesState(), reducer: talliesReducer, middleware: [sent])
    let viewStore = TalliesViewStore(store)
    viewStore.dispatch(.startNaming(form: NamerState(draft: "Laps")))
    viewStore.namer?.dispatch(.save)
    #expect(viewStore.title == "Laps")
    sent.clear()
    viewStore.namerBinding.wrappedValue = nil
    #expect(sent.actions.isEmpty)
    // Setting a store presents nothing: presenting is the spec's action.
    viewStore.dispatch(.startNaming(form: NamerState()))
    let form = viewStore.namer
    sent.clear()
    viewStore.namerBinding.wrappedValue = form
    #expect(sent.actions.isEmpty)
  }

  @Test("a stack's path binding: the screens' stores; SwiftUI's pop sends <stack>Popped with the lowest screen gone")
  func pathPoppedBySwiftUI() {
    let sent = Sent<ShelfState, ShelfAction>()
    let store = Store(initialState: ShelfState(), reducer: shelfReducer, middleware: [sent])
    let viewStore = ShelfViewStore(store)
    let path = viewStore.pathBinding
    #expect(path.wrappedValue.isEmpty)
    for _ in 0..<3 { viewStore.dispatch(.showTally) }
    let screens = path.wrappedValue
    #expect(screens.map(\.id) == [0, 1, 2])
    #expect(screens.elementsEqual(viewStore.path) { $0 === $1 })
    let stack = Watch { _ = viewStore.path.ids }
    let bottom = Watch { _ = screens[0].tally?.count }
    // The back button: the top screen goes.
    sent.clear()
    path.wrappedValue = Array(screens.prefix(2))
    #expect(sent.actions == [.pathPopped(screen: 2)])
    #expect(viewStore.path.ids == [0, 1])
    #expect(stack.count == 1)
    #expect(!bottom.didFire)
    // A long press on the back button, back to the root.
    sent.clear()
    path.wrappedValue = []
    #expect(sent.actions == [.pathPopped(screen: 0)])
    #expect(viewStore.path.isEmpty)
  }

  @Test("a path SwiftUI makes longer, or as long, sends nothing: pushing is the spec's")
  func pathPushedBySwiftUI() {
    let sent = Sent<ShelfState, ShelfAction>()
    let store = Store(initialState: ShelfState(), reducer: shelfReducer, middleware: [sent])
    let viewStore = ShelfViewStore(store)
    viewStore.dispatch(.showTally)
    viewStore.dispatch(.showTally)
    let screens = viewStore.pathBinding.wrappedValue
    sent.clear()
    viewStore.pathBinding.wrappedValue = screens + [screens[0]]
    viewStore.pathBinding.wrappedValue = screens
    #expect(sent.actions.isEmpty)
    #expect(viewStore.path.ids == [0, 1])
    // As long, with another screen: nothing SwiftUI's pops make, left alone.
    viewStore.pathBinding.wrappedValue = [screens[0], screens[0]]
    #expect(sent.actions.isEmpty)
    // Shorter, from a screen the stack has elsewhere: popped from the first that differs.
    viewStore.pathBinding.wrappedValue = [screens[1]]
    #expect(sent.actions == [.pathPopped(screen: 0)])
  }

  @Test("an alert's binding: a button sends its action, SwiftUI's dismissal sends dismiss only while one is shown")
  func alertBinding() {
    let sent = Sent<TallyState, TallyAction>()
    let store = Store(initialState: TallyState(id: 1), reducer: tallyReducer, middleware: [sent])
    let viewStore = TallyViewStore(store)
    let alert = viewStore.alertBinding
    #expect(alert.alert.wrappedValue == nil)
    let shown = Watch { _ = alert.alert.wrappedValue }
    viewStore.dispatch(.askToRemove)
    #expect(shown.count == 1)
    #expect(alert.alert.wrappedValue == .confirmRemove)
    #expect(alert.alert.wrappedValue?.buttons.map(\.label) == ["Remove", "Keep"])
    // Remove: the button's action, then SwiftUI sets the presentation to nil.
    sent.clear()
    alert.send(.remove)
    alert.alert.wrappedValue = nil
    #expect(sent.actions == [.alert(.remove)])
    #expect(viewStore.read(\.alert) == nil)
    // A tap outside a dialog: SwiftUI sets nil with no button.
    viewStore.dispatch(.askToRemove)
    sent.clear()
    alert.alert.wrappedValue = nil
    #expect(sent.actions == [.alert(.dismiss)])
    #expect(viewStore.read(\.alert) == nil)
  }
}

extension NavigationBindingTests {
  @Test("a button whose action shows another alert: SwiftUI's nil after it leaves the new alert shown")
  func buttonShowsAnotherAlert() {
    let sent = Sent<TallyState, TallyAction>()
    let store = Store(initialState: TallyState(id: 1), reducer: tallyReducer, middleware: [sent])
    let viewStore = TallyViewStore(store)
    viewStore.dispatch(.askToRemove)
    let alert = viewStore.alertBinding
    // The button's action, then (as one showing another alert would) the alert shown again.
    alert.send(.remove)
    viewStore.dispatch(.askToRemove)
    sent.clear()
    alert.alert.wrappedValue = nil
    #expect(sent.actions.isEmpty)
    #expect(viewStore.read(\.alert) == .confirmRemove)
    // The next nil, with no button tapped, dismisses it.
    alert.alert.wrappedValue = nil
    #expect(sent.actions == [.alert(.dismiss)])
  }

  @Test("bindings of a screen popped send nothing: its alert's nil, its path's, as SwiftUI lets it go")
  func poppedScreenSendsNothing() throws {
    let sent = Sent<ShelfState, ShelfAction>()
    let store = Store(initialState: ShelfState(), reducer: shelfReducer, middleware: [sent])
    let viewStore = ShelfViewStore(store)
    viewStore.dispatch(.showTally)
    let tally = try #require(viewStore.pathBinding.wrappedValue.first?.tally)
    tally.dispatch(.askToRemove)
    #expect(tally.alertBinding.alert.wrappedValue == .confirmRemove)
    viewStore.dispatch(.back)
    #expect(viewStore.path.isEmpty)
    sent.clear()
    // The popped screen's store shows its state as it last was (its alert), for the views
    // going away; what they set reaches no one.
    tally.alertBinding.alert.wrappedValue = nil
    #expect(sent.actions.isEmpty)
  }

  @Test("a child store's id is its element's; another store's is its own, never reused")
  func identities() {
    let tallies = IdentifiedArray(uniqueElements: (1...2).map { TallyState(id: $0) })
    let viewStore = TalliesViewStore(Store(initialState: TalliesState(tallies: tallies), reducer: talliesReducer))
    // As SwiftUI reads it: through the conformance.
    func identity<Value: Identifiable>(_ value: Value) -> Value.ID { value.id }
    #expect(viewStore.tallies.map(identity) == [AnyHashable(1), AnyHashable(2)])
    viewStore.dispatch(.startNaming(form: NamerState()))
    let first = viewStore.namer.map(identity)
    viewStore.dispatch(.stopNaming)
    viewStore.dispatch(.startNaming(form: NamerState()))
    let second = viewStore.namer.map(identity)
    #expect(first != nil && second != nil && first != second)
  }
}

/// Records the actions that reach the reducer.
final class Sent<State: Sendable, Action: Sendable & Equatable>: Middleware, @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Action] = []

  var actions: [Action] { lock.withLock { recorded } }

  func clear() { lock.withLock { recorded = [] } }

  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    lock.withLock { recorded.append(action) }
    return action
  }
}
