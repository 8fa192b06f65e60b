import Dispatch
import Observation
import ReduxRuntime
import TaskList

/// Re-armed observers of one value each, as SwiftUI views that render again after an
/// invalidation: `fired` lists those invalidated since the last `rearm()`.
@MainActor
final class Renders {
  private let reads: [@MainActor () -> Void]
  private let fired = Locked<[Int]>([])

  init(_ reads: [@MainActor () -> Void]) {
    self.reads = reads
    for index in reads.indices { arm(index) }
  }

  private func arm(_ index: Int) {
    let fired = self.fired
    withObservationTracking { reads[index]() } onChange: { fired.withLock { $0.append(index) } }
  }

  /// Renders again what was invalidated; returns how many.
  @discardableResult
  func rearm() -> Int {
    let indices = fired.withLock { fired in
      defer { fired.removeAll(keepingCapacity: true) }
      return fired
    }
    for index in indices { arm(index) }
    return indices.count
  }
}

func mainQueueTurn() async {
  await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}

/// One observed property: the floor of what telling a view of a change costs with Observation.
@Observable
@MainActor
final class OneFlag {
  var flag = false
}

/// 10,000 tasks, a row view per task and a list view: the cost of a toggle dispatched on the
/// main actor up to the views told (rendering them again is not timed), for a bare Store (no
/// views), a ViewStore (one row) and an ObservableStore (every view, a turn of the main queue
/// later).
/// Then the derived values: computations per action and per thousand reads.
@MainActor
func runViewStores(count: Int, withObservableStore: Bool = true) async {
  let toggles = 2_000
  let ids = (1...count).map { task($0).id }
  func ns(_ duration: Duration, _ n: Int) -> Double { seconds(duration) / Double(n) * 1e9 }
  let clock = ContinuousClock()

  let bare = Store(initialState: initialState(count), reducer: taskListReducer)
  let bareTime = clock.measure {
    for index in 0..<toggles { bare.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count])) }
  }

  let quiet = ViewStore(Store(initialState: initialState(count), reducer: taskListReducer))
  _ = quiet.rows(\.tasks)
  let quietTime = clock.measure {
    for index in 0..<toggles { quiet.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count])) }
  }
  let bareView = ViewStore(Store(initialState: initialState(count), reducer: taskListReducer))
  let bareViewTime = clock.measure {
    for index in 0..<toggles { bareView.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count])) }
  }

  let store = Store(initialState: initialState(count), reducer: taskListReducer)
  let viewStore = ViewStore(store)
  let rows = viewStore.rows(\.tasks)
  let rowViews = Renders(rows.map { row in { _ = row.value.isCompleted } })
  let listView = Renders([{ _ = viewStore.rows(\.tasks) }, { _ = viewStore.filter }])
  var rendered = 0
  // The dispatch, which tells the invalidated views, is timed; their rendering again is not.
  var viewStoreTime = Duration.zero
  for index in 0..<toggles {
    viewStoreTime += clock.measure { viewStore.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count])) }
    rendered += rowViews.rearm() + listView.rearm()
  }

  let observed = Store(initialState: initialState(count), reducer: taskListReducer)
  let observable = ObservableStore(observed)
  let wholeRows = Renders((0..<count).map { index in { _ = observable.state.tasks[index].isCompleted } })
  let wholeList = Renders([{ _ = observable.state.tasks.ids }])
  let observableToggles = withObservableStore ? 50 : 1
  var renderedWhole = 0
  let observableStart = clock.now
  var renderTime = Duration.zero
  for index in 0..<observableToggles {
    observable.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count]))
    await mainQueueTurn()
    let renderStart = clock.now
    renderedWhole += wholeRows.rearm() + wholeList.rearm()
    renderTime += clock.now - renderStart
  }
  let observableTime = clock.now - observableStart - renderTime

  let flag = OneFlag()
  let flagView = Renders([{ _ = flag.flag }])
  var flagTime = Duration.zero
  for _ in 0..<toggles {
    flagTime += clock.measure { flag.flag.toggle() }
    flagView.rearm()
  }

  let (b, v, o) = (ns(bareTime, toggles), ns(viewStoreTime, toggles), ns(observableTime, observableToggles))
  print("\(count) tasks, \(count) row views and a list view: a toggle dispatched on the main actor, up to the views told")
  print("  bare Store (no views):  \(String(format: "%9.0f", b)) ns")
  print("  Observation alone:      \(String(format: "%9.0f", ns(flagTime, toggles))) ns  (an @Observable Bool toggled, its one view told)")
  print("  ViewStore, nothing read:\(String(format: "%9.0f", ns(bareViewTime, toggles))) ns")
  print("  ViewStore, no views:    \(String(format: "%9.0f", ns(quietTime, toggles))) ns  (rows(\\.tasks) kept up to date)")
  print("  ViewStore:              \(String(format: "%9.0f", v)) ns  \(String(format: "%.2f", v / b))x bare (target <= 3)  "
    + "views rendered per toggle: \(Double(rendered) / Double(toggles))")
  print("  ObservableStore:        \(String(format: "%9.0f", o)) ns  \(String(format: "%.0f", o / b))x bare  "
    + "views rendered per toggle: \(Double(renderedWhole) / Double(observableToggles))")

  // Derived values: how often a view store computes them.
  let before = viewStore.computations
  for _ in 0..<1_000 {
    _ = viewStore.remaining
    _ = viewStore.filteredTasks
  }
  let perThousandReads = viewStore.computations - before
  let beforeActions = viewStore.computations
  let beforeUpdates = viewStore.updates
  for index in 0..<100 {
    viewStore.dispatch(.toggleTaskCompletion(id: ids[index]))
    _ = viewStore.remaining
    _ = viewStore.filteredTasks
  }
  let perAction = Double(viewStore.computations - beforeActions) / 100
  let updatedPerAction = Double(viewStore.updates - beforeUpdates) / 100
  print("derived values (remaining, filteredTasks): \(perThousandReads) computations in a thousand reads of both "
    + "after a change; per toggle read after it, \(perAction) computed from the whole list and \(updatedPerAction) "
    + "brought up to date from the toggled task (two)")
}

/// The screen docs/swiftui.md shows: `ForEach(store.rows(\.filteredTasks))` with a row view per
/// shown task, and a footer reading `remaining` and `completedCount`, at each size in `sizes`:
/// a toggle dispatched on the main actor, up to the views told, and a whole-list change
/// (`toggleAll`). The views' rendering again is not timed.
@MainActor
func runPageScreen(sizes: [Int]) {
  print("the page's screen (rows(\\.filteredTasks), a row view per shown task, footer counts):")
  print("| tasks | per toggle, all shown | views rendered per toggle | per toggle, active shown | per toggleAll |")
  print("|---:|---:|---:|---:|---:|")
  for count in sizes {
    let all = measureScreen(count, filter: .all)
    // The page's default: each toggled task leaves the result, or enters it.
    let active = measureScreen(count, filter: .active)
    print(
      "| \(count) | \(String(format: "%.1f", all.perToggle)) us | \(String(format: "%.1f", all.rendered)) "
        + "| \(String(format: "%.1f", active.perToggle)) us | \(String(format: "%.1f", all.perWhole)) ms |")
  }
}

/// The page's screen over `count` tasks with `filter` selected: microseconds per toggle, views
/// rendered per toggle, milliseconds per `toggleAll`.
@MainActor
func measureScreen(_ count: Int, filter: TaskListFilter) -> (perToggle: Double, rendered: Double, perWhole: Double) {
  let clock = ContinuousClock()
  let ids = (1...count).map { task($0).id }
  let viewStore = ViewStore(Store(initialState: initialState(count), reducer: taskListReducer))
  viewStore.dispatch(.filterTasks(filter: filter))
  let rows = viewStore.rows(\.filteredTasks)
  let rowViews = Renders(rows.map { row in { _ = row.value.isCompleted } })
  let screen = Renders([
    { _ = viewStore.rows(\.filteredTasks) }, { _ = viewStore.remaining }, { _ = viewStore.completedCount },
  ])
  let toggles = max(20, min(2_000, 20_000_000 / count))
  var time = Duration.zero
  var rendered = 0
  for index in 0..<toggles {
    time += clock.measure { viewStore.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count])) }
    rendered += rowViews.rearm() + screen.rearm()
  }
  let wholeChanges = 10
  var wholeTime = Duration.zero
  for _ in 0..<wholeChanges {
    wholeTime += clock.measure { viewStore.dispatch(.toggleAll) }
    rowViews.rearm()
    screen.rearm()
  }
  return (
    seconds(time) / Double(toggles) * 1e6, Double(rendered) / Double(toggles),
    seconds(wholeTime) / Double(wholeChanges) * 1e3
  )
}

/// A toggle on the page's screen over `count` tasks (all shown), many times: microseconds each.
@MainActor
func profileScreenToggles(_ count: Int) -> Double {
  let clock = ContinuousClock()
  let ids = (1...count).map { task($0).id }
  let viewStore = ViewStore(Store(initialState: initialState(count), reducer: taskListReducer))
  viewStore.dispatch(.filterTasks(filter: .all))
  let screen = Renders([
    { _ = viewStore.rows(\.filteredTasks) }, { _ = viewStore.remaining }, { _ = viewStore.completedCount },
  ])
  let toggles = 200_000
  let time = clock.measure {
    for index in 0..<toggles {
      viewStore.dispatch(.toggleTaskCompletion(id: ids[index * 7 % count]))
      screen.rearm()
    }
  }
  return seconds(time) / Double(toggles) * 1e6
}
