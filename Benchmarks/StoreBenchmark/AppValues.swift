import App
import ReduxRuntime
import TaskList

/// An app's value over a feature's list in the app's view store, after a toggle sent through the
/// app: `tasksLeft` (`count taskList.tasks where !isCompleted`, kept from the toggled task)
/// against `tasksLeftAfterCount` (`tasksLeft - counter.count`, arithmetic, so computed again
/// from the whole list), each read by a view of its own, at each size in `sizes`.
@MainActor
func runAppValues(sizes: [Int]) {
  print("an app's value over a feature's list, per toggle through the app (a view reading it):")
  print("| tasks | kept (tasksLeft) | computed again (tasksLeftAfterCount) |")
  print("|---:|---:|---:|")
  for count in sizes {
    let kept = measureAppValue(count) { _ = $0.tasksLeft }
    let computed = measureAppValue(count) { _ = $0.tasksLeftAfterCount }
    print("| \(count) | \(String(format: "%.2f", kept)) us | \(String(format: "%.2f", computed)) us |")
  }
}

/// Microseconds per toggle sent through the app's view store, with one view doing `read`.
@MainActor
func measureAppValue(_ count: Int, read: @escaping @MainActor (AppViewStore) -> Void) -> Double {
  let clock = ContinuousClock()
  let ids = (1...count).map { task($0).id }
  let viewStore = ViewStore(Store(initialState: AppState(taskList: initialState(count)), reducer: appReducer))
  let view = Renders([{ read(viewStore) }])
  let toggles = max(20, min(20_000, 200_000_000 / count))
  var time = Duration.zero
  for index in 0..<toggles {
    time += clock.measure { viewStore.dispatch(.taskList(.toggleTaskCompletion(id: ids[index * 7 % count]))) }
    view.rearm()
  }
  return seconds(time) / Double(toggles) * 1e6
}
