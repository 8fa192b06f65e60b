import ReduxRuntime
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
