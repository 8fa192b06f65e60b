// Persistence: what saving costs the dispatching thread, what a flush and a restore take.
import Foundation
import ReduxRuntime
import ReduxSQLite
import TaskList

/// A fresh directory for a FileStorage, removed by the caller.
func scratchDirectory() -> URL {
  let directory = FileManager.default.temporaryDirectory.appending(path: "StoreBenchmark-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// Random toggles over `size` tasks: the workload the persistence targets are stated for.
func toggles(size: Int, count: Int) -> [TaskListAction] {
  var random = SplitMix(seed: 11)
  return (0..<count).map { _ in .toggleTaskCompletion(id: task(Int.random(in: 1...size, using: &random)).id) }
}

/// Nanoseconds per toggle (median of `runs`) through a Store: bare, with TaskList's persistence
/// attached to a FileStorage (write-behind, default window and a 1 ms one, so writes run during
/// the loop), and saving synchronously after each change as ReduxRuntime did before write-behind
/// (on a twentieth of the actions at most: it is that slow). Then what a flush and a restore take.
func runPersistence(count: Int, runs: Int) {
  print("| tasks | bare Store ns/toggle | write-behind (500 ms) | x bare | write-behind (1 ms) | x bare | saving on the dispatching thread | x bare |")
  print("|---:|---:|---:|---:|---:|---:|---:|---:|")
  for size in [100, 10_000] {
    let actions = toggles(size: size, count: count)
    let start = initialState(size)
    let bare = measure(runs: runs, actions: count) {
      let store = Store(initialState: start, reducer: taskListReducer)
      for action in actions { store.dispatch(action) }
      sink.store(store.read { $0.tasks.count }, ordering: .relaxed)
    }
    func writeBehind(_ window: Duration) -> Double {
      let directory = scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let persistence = TaskListState.persistence(storage: FileStorage(directory: directory))
      var savers: [PersistenceSaver] = []
      let perAction = measure(runs: runs, actions: count) {
        let store = Store(initialState: start, reducer: taskListReducer)
        savers.append(persistence.attach(to: store, coalescing: window))
        for action in actions { store.dispatch(action) }
        sink.store(store.read { $0.tasks.count }, ordering: .relaxed)
      }
      for saver in savers { try? saver.flush() }
      return perAction
    }
    let slow = writeBehind(.milliseconds(500))
    let fast = writeBehind(.milliseconds(1))
    let few = max(1, min(count, size <= 100 ? 2_000 : 50))
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let persistence = TaskListState.persistence(storage: FileStorage(directory: directory))
    let synchronous = measure(runs: runs, actions: few) {
      let store = Store(initialState: start, reducer: taskListReducer)
      store.subscribe(selecting: { $0.tasks }, reading: StateFields(0)) { _ in
        try? persistence.save(store.state)
        return .alive
      }
      for action in actions.prefix(few) { store.dispatch(action) }
    }
    func cell(_ value: Double) -> String { String(format: "%.1f", value) }
    print(
      "| \(size) | \(cell(bare)) | \(cell(slow)) | \(String(format: "%.2f", slow / bare)) | \(cell(fast)) "
        + "| \(String(format: "%.2f", fast / bare)) | \(cell(synchronous)) | \(String(format: "%.0f", synchronous / bare)) |")
  }
  print()
  print("| tasks | flush after a toggle (ms) | restore at launch (ms) | file (KB) |")
  print("|---:|---:|---:|---:|")
  let clock = ContinuousClock()
  for size in [10_000, 100_000] {
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let storage = FileStorage(directory: directory)
    let persistence = TaskListState.persistence(storage: storage)
    let store = Store(initialState: initialState(size), reducer: taskListReducer)
    let saver = persistence.attach(to: store, coalescing: .seconds(3600))
    var flushes: [Double] = []
    var restores: [Double] = []
    for action in toggles(size: size, count: runs) {
      store.dispatch(action)
      flushes.append(seconds(clock.measure { try? saver.flush() }))
      restores.append(
        seconds(
          clock.measure {
            let restored = try? persistence.restoredState(TaskListState())
            sink.store(restored?.tasks.count ?? -1, ordering: .relaxed)
          }))
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: storage.url(forKey: "tasklist").path)[.size] as? Int) ?? 0
    print(
      "| \(size) | \(String(format: "%.1f", flushes.sorted()[runs / 2] * 1000)) "
        + "| \(String(format: "%.1f", restores.sorted()[runs / 2] * 1000)) | \(bytes / 1024) |")
  }
}

/// TaskList's tasks in SQLite, row by row (`storage: sqlite`'s `SQLitePersistence`, built here
/// by hand over the TaskList feature): rows written per action and the time of a flush, the
/// first save and a restore at launch, at 100,000 tasks; and dispatch cost with it attached.
func runSQLite(count: Int, runs: Int) {
  func persistence(_ storage: SQLiteStorage) -> SQLitePersistence<TaskListState> {
    SQLitePersistence(key: "tasklist", storage: storage, reading: StateFields(0), fields: [.rows("tasks", \.tasks)])
  }
  let clock = ContinuousClock()
  let size = 100_000
  let directory = scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let path = directory.appending(path: "tasks.sqlite").path
  do {
    let storage = try SQLiteStorage(path: path)
    let store = Store(initialState: initialState(size), reducer: taskListReducer)
    let saver = persistence(storage).attach(to: store, coalescing: .seconds(3600))
    store.dispatch(.toggleTaskCompletion(id: task(1).id))
    let first = seconds(clock.measure { try? saver.flush() })
    print("| \(size) tasks in SQLite | rows written | flush (ms) |")
    print("|---|---:|---:|")
    print("| first save | \(storage.rowsWritten) | \(String(format: "%.1f", first * 1000)) |")
    func row(_ name: String, _ actions: [TaskListAction]) {
      var rows: [Int] = []
      var times: [Double] = []
      for action in actions {
        let before = storage.rowsWritten
        store.dispatch(action)
        times.append(seconds(clock.measure { try? saver.flush() }))
        rows.append(storage.rowsWritten - before)
      }
      print(
        "| \(name) (median of \(actions.count)) | \(rows.sorted()[rows.count / 2]) "
          + "| \(String(format: "%.2f", times.sorted()[times.count / 2] * 1000)) |")
    }
    row("toggle one task", toggles(size: size, count: runs))
    row("add a task", (1...runs).map { .addTask(task: task(size + $0)) })
    row("remove a task", (1...runs).map { .removeTask(id: task(size + $0).id) })
    row("set the filter (not persisted)", (1...runs).map { .filterTasks(filter: $0 % 2 == 0 ? .completed : .all) })
    var restores: [Double] = []
    for _ in 0..<runs {
      restores.append(
        seconds(
          clock.measure {
            let restored = try? persistence(SQLiteStorage(path: path)).restoredState(TaskListState())
            sink.store(restored?.tasks.count ?? -1, ordering: .relaxed)
          }))
    }
    print()
    print("restore of \(size) tasks from SQLite at launch: \(String(format: "%.0f", restores.sorted()[runs / 2] * 1000)) ms (median of \(runs))")
  } catch {
    print("SQLite failed: \(error)")
  }
  print()
  print("| tasks | bare Store ns/toggle | with SQLite attached (500 ms) | x bare |")
  print("|---:|---:|---:|---:|")
  for tasks in [100, 10_000] {
    let actions = toggles(size: tasks, count: count)
    let start = initialState(tasks)
    let bare = measure(runs: runs, actions: count) {
      let store = Store(initialState: start, reducer: taskListReducer)
      for action in actions { store.dispatch(action) }
    }
    guard let storage = try? SQLiteStorage.inMemory() else { continue }
    var savers: [PersistenceSaver] = []
    let attached = measure(runs: runs, actions: count) {
      let store = Store(initialState: start, reducer: taskListReducer)
      savers.append(persistence(storage).attach(to: store))
      for action in actions { store.dispatch(action) }
    }
    for saver in savers { try? saver.flush() }
    print("| \(tasks) | \(String(format: "%.1f", bare)) | \(String(format: "%.1f", attached)) | \(String(format: "%.2f", attached / bare)) |")
  }
}
