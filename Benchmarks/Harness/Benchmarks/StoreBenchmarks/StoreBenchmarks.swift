// The TaskList store's cost per action, with percentiles and allocations: the figures of
// StoreBenchmark (Benchmarks/StoreBenchmark) that a standard harness can report alone. Each
// iteration runs 1,000 actions, so a time in microseconds is nanoseconds per action and an
// allocation count divided by 1,000 is allocations per action.
import Benchmark
import Foundation
import ReduxRuntime
import TaskList

/// Task `number`, with a UUID that ends in `number`.
func task(_ number: Int) -> Task {
  let bytes = withUnsafeBytes(of: UInt64(number).bigEndian) { Array($0) }
  let uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]))
  return Task(id: uuid, title: "Task \(number)", subtitle: nil)
}

func tasks(_ count: Int) -> IdentifiedArrayOf<Task> {
  IdentifiedArray(uniqueElements: (1...count).map(task))
}

/// Toggles of tasks spread over the list, the same for every run.
func toggles(over size: Int, count: Int) -> [TaskListAction] {
  (0..<count).map { .toggleTaskCompletion(id: task(($0 &* 7919) % size + 1).id) }
}

struct PassThrough: Middleware {
  func process(_ action: TaskListAction, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    action
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

  for size in [100, 10_000, 100_000] {
    Benchmark("1,000 toggles, direct reducer, \(size) tasks") { benchmark, actions in
      var state = TaskListState(tasks: tasks(size))
      benchmark.startMeasurement()
      for action in actions { taskListReducer(&state, action) }
      benchmark.stopMeasurement()
      blackHole(state.tasks.count)
    } setup: {
      toggles(over: size, count: 1_000)
    }
  }

  for size in [100, 10_000] {
    Benchmark("1,000 toggles, Store + 3 middleware + observer, \(size) tasks") { benchmark, actions in
      let store = Store(
        initialState: TaskListState(tasks: tasks(size)), reducer: taskListReducer,
        middleware: [PassThrough(), PassThrough(), PassThrough()])
      store.subscribe(selecting: { $0.tasks.count }) { count in
        blackHole(count)
        return .alive
      }
      benchmark.startMeasurement()
      for action in actions { store.dispatch(action) }
      benchmark.stopMeasurement()
    } setup: {
      toggles(over: size, count: 1_000)
    }
  }

  Benchmark("1,000 filter changes, Store + an observer of the filter, 100 tasks") { benchmark, actions in
    let store = Store(initialState: TaskListState(tasks: tasks(100)), reducer: taskListReducer)
    store.subscribe(selecting: { $0.filter }) { filter in
      blackHole(filter)
      return .alive
    }
    benchmark.startMeasurement()
    for action in actions { store.dispatch(action) }
    benchmark.stopMeasurement()
  } setup: {
    (0..<1_000).map { TaskListAction.filterTasks(filter: $0 % 2 == 0 ? .completed : .active) }
  }
}
