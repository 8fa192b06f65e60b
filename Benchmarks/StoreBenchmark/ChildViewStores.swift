import ReduxRuntime
import Shelf
import Tallies
import Tally

/// A list of child features on screen, `count` rows: a view per row and a list view, a row's
/// `increment` dispatched on the main actor up to the views told (their rendering again is not
/// timed). Through a view store per row (`TalliesViewStore.tallies`, each row's view reading its
/// own store) against the rows of the parent's view store (`rows(\.tallies)`, the row's action
/// dispatched as the parent's): nanoseconds a dispatch, the best of five rounds taken in turn,
/// and the views told per dispatch.
@MainActor
func runChildViewStores(count: Int, dispatches: Int = 2_000) {
  let clock = ContinuousClock()
  func state() -> TalliesState {
    TalliesState(tallies: IdentifiedArray(uniqueElements: (1...count).map { TallyState(id: $0) }))
  }
  func ns(_ duration: Duration) -> Double { seconds(duration) / Double(dispatches) * 1e9 }

  let parent = TalliesViewStore(Store(initialState: state(), reducer: talliesReducer))
  let rows = parent.rows(\.tallies)
  let rowViews = Renders(rows.map { row in { _ = row.value.count } })
  let listView = Renders([{ _ = parent.rows(\.tallies) }])
  let viewStore = TalliesViewStore(Store(initialState: state(), reducer: talliesReducer))
  let stores = viewStore.tallies
  let storeViews = Renders(stores.map { row in { _ = row.count } })
  let storesList = Renders([{ _ = viewStore.tallies.count }])
  var rowsTold = 0
  var storesTold = 0
  var rowsTime = Duration.seconds(1_000)
  var storesTime = Duration.seconds(1_000)
  // Rounds taken in turn, the best of each kept: what the machine's other work adds is not.
  for _ in 0..<5 {
    var time = Duration.zero
    for index in 0..<dispatches {
      let id = rows[index * 7 % count].id
      time += clock.measure { parent.dispatch(.tallies(id: id, action: .increment)) }
      rowsTold += rowViews.rearm() + listView.rearm()
    }
    rowsTime = min(rowsTime, time)
    time = .zero
    for index in 0..<dispatches {
      let row = stores[index * 7 % count]
      time += clock.measure { row.dispatch(.increment) }
      storesTold += storeViews.rearm() + storesList.rearm()
    }
    storesTime = min(storesTime, time)
  }
  rowsTold /= 5
  storesTold /= 5

  let (r, s) = (ns(rowsTime), ns(storesTime))
  print("\(count) tallies, a view per row and a list view: a row's increment, up to the views told")
  print("  rows(\\.tallies), the parent's action: \(String(format: "%8.0f", r)) ns  views told per dispatch: "
    + "\(Double(rowsTold) / Double(dispatches))")
  print("  a view store per row, the row's own:   \(String(format: "%8.0f", s)) ns  views told per dispatch: "
    + "\(Double(storesTold) / Double(dispatches))  \(String(format: "%.2f", s / r))x rows (target <= 1.5)")
}

/// A navigation stack `depth` screens deep on screen: a view per screen's destination and the
/// stack's view, the top screen's tally's `increment` dispatched through its own store, against
/// a top-level action of the stack's feature (`retitle`, read by a title view), each up to the
/// views told: nanoseconds a dispatch, the best of five rounds taken in turn, and the views told.
@MainActor
func runDeepStack(depth: Int, dispatches: Int = 20_000) {
  let clock = ContinuousClock()
  func ns(_ duration: Duration) -> Double { seconds(duration) / Double(dispatches) * 1e9 }
  let shelf = ShelfViewStore(Store(initialState: ShelfState(), reducer: shelfReducer))
  for _ in 0..<depth { shelf.dispatch(.showTally) }
  let screens = shelf.pathBinding.wrappedValue
  let tallies = screens.compactMap(\.tally)
  precondition(tallies.count == depth, "a tally's store per screen")
  let screenViews = Renders(tallies.map { tally in { _ = tally.count } })
  let stackView = Renders([{ _ = shelf.pathBinding.wrappedValue }])
  let titleView = Renders([{ _ = shelf.title }])
  let top = tallies[depth - 1]
  var topTold = 0
  var titleTold = 0
  var topTime = Duration.seconds(1_000)
  var titleTime = Duration.seconds(1_000)
  for _ in 0..<5 {
    var time = Duration.zero
    for index in 0..<dispatches {
      let title = index.isMultiple(of: 2) ? "Shelf" : "Books"
      time += clock.measure { shelf.dispatch(.retitle(title: title)) }
      titleTold += titleView.rearm() + screenViews.rearm() + stackView.rearm()
    }
    titleTime = min(titleTime, time)
    time = .zero
    for _ in 0..<dispatches {
      time += clock.measure { top.dispatch(.increment) }
      topTold += titleView.rearm() + screenViews.rearm() + stackView.rearm()
    }
    topTime = min(topTime, time)
  }
  let (t, s) = (ns(titleTime), ns(topTime))
  print("a stack \(depth) screens deep, a view per screen, the stack's and a title's: up to the views told")
  print("  the stack's feature's retitle:       \(String(format: "%8.0f", t)) ns  views told per dispatch: "
    + "\(Double(titleTold) / Double(dispatches * 5))")
  print("  the top screen's tally's increment:  \(String(format: "%8.0f", s)) ns  views told per dispatch: "
    + "\(Double(topTold) / Double(dispatches * 5))  \(String(format: "%.2f", s / t))x (target <= 1.5)")
}
