// ReduxRuntime's Store against a direct reducer loop and the seed article's Store.
// Run by hand, in release mode:
//   swift run -c release StoreBenchmark            # the tables (1M dispatches; 100, 10k, 100k tasks)
//   swift run -c release StoreBenchmark 200000     # fewer dispatches
//   swift run -c release StoreBenchmark overhead   # a bare Store against the direct reducer, in turn
//   swift run -c release StoreBenchmark observers  # 1,000 observers, change-aware or not
//   valgrind swift-build-output/StoreBenchmark allocs 1000   # see Benchmarks/README.md
//   swift run -c release StoreBenchmark effects 10000   # requests through an EffectRunner
//   swift run -c release StoreBenchmark persistence     # dispatch cost with persistence, flush, restore
//   swift run -c release StoreBenchmark sqlite          # rows written per action, restore, in SQLite
//   swift run -c release StoreBenchmark inspector 100   # a dispatch with the inspector attached
import Dispatch
import Foundation
import ReduxRuntime
import Atomics
import TaskList

/// A deterministic random number generator, so every run sees the same actions.
struct SplitMix: RandomNumberGenerator {
  var seed: UInt64
  mutating func next() -> UInt64 {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func task(_ number: Int) -> Task {
  Task(id: UUID(uuid: uuidBytes(number)), title: "Task \(number)", subtitle: nil)
}

func uuidBytes(_ n: Int) -> uuid_t {
  let b = withUnsafeBytes(of: UInt64(n).bigEndian) { Array($0) }
  return (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7])
}

/// `count` actions over a list of `size` tasks: 5% add and 5% remove (so the size stays put),
/// 80% toggle a random task, 10% set the filter.
func workload(size: Int, count: Int, seed: UInt64 = 42, addsAndRemoves: Bool = true) -> [TaskListAction] {
  var random = SplitMix(seed: seed)
  var added: [UUID] = []
  var next = size
  var actions: [TaskListAction] = []
  actions.reserveCapacity(count)
  let filters = TaskListFilter.allCases
  for _ in 0..<count {
    let roll = Int.random(in: 0..<100, using: &random)
    if addsAndRemoves && roll < 5 {
      next += 1
      let new = task(next)
      added.append(new.id)
      actions.append(.addTask(task: new))
    } else if addsAndRemoves && roll < 10, let id = added.popLast() {
      actions.append(.removeTask(id: id))
    } else if roll < 90 {
      actions.append(.toggleTaskCompletion(id: task(Int.random(in: 1...size, using: &random)).id))
    } else {
      actions.append(.filterTasks(filter: filters[Int.random(in: 0..<filters.count, using: &random)]))
    }
  }
  return actions
}

struct PassThrough: Middleware {
  func process(_ action: TaskListAction, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    action
  }
}

nonisolated(unsafe) let seedPassThrough = SeedAnyMiddleware<TaskListState, TaskListAction> { action, _, next in next(action) }

func initialState(_ size: Int) -> TaskListState {
  TaskListState(tasks: IdentifiedArray(uniqueElements: (1...size).map(task)))
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Median nanoseconds per action of `runs` runs of `body`, which dispatches `actions`.
func measure(runs: Int, actions: Int, _ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  var times: [Double] = []
  for _ in 0..<runs { times.append(seconds(clock.measure(body))) }
  return times.sorted()[runs / 2] / Double(actions) * 1e9
}

let sink = ManagedAtomic(0)

func observerOnly(_ store: Store<TaskListState, TaskListAction>) {
  store.subscribe(selecting: { $0.tasks.count }) { count in
    sink.store(count, ordering: .relaxed)
    return .alive
  }
}

func runTable(count: Int, runs: Int) {
  print("| config | tasks | ns/dispatch (median of \(runs)) | x direct |")
  print("|---|---:|---:|---:|")
  for size in [100, 10_000] {
    let actions = workload(size: size, count: count)
    let start = initialState(size)
    let direct = measure(runs: runs, actions: count) {
      var state = start
      for action in actions { taskListReducer(&state, action) }
      sink.store(state.tasks.count, ordering: .relaxed)
    }
    func row(_ name: String, _ value: Double) {
      print("| \(name) | \(size) | \(String(format: "%.1f", value)) | \(String(format: "%.2f", value / direct)) |")
    }
    row("direct reducer", direct)
    let three: [any Middleware<TaskListState, TaskListAction>] = [PassThrough(), PassThrough(), PassThrough()]
    row("(i) Store", measure(runs: runs, actions: count) {
      let store = Store(initialState: start, reducer: taskListReducer)
      for action in actions { store.dispatch(action) }
    })
    row("(ii) Store + 3 middleware", measure(runs: runs, actions: count) {
      let store = Store(initialState: start, reducer: taskListReducer, middleware: three)
      for action in actions { store.dispatch(action) }
    })
    row("(iii) Store + 3 middleware + observer", measure(runs: runs, actions: count) {
      let store = Store(initialState: start, reducer: taskListReducer, middleware: three)
      observerOnly(store)
      for action in actions { store.dispatch(action) }
    })
    row("seed 000 Store", measure(runs: runs, actions: count) {
      let store = SeedStore(initial: start, reducer: taskListReducer)
      for action in actions { store.dispatch(action) }
    })
    // It copies the whole state on every dispatch, so it gets a twentieth of the actions.
    let few = min(count, count / 20 + 1)
    row("seed 000 Store + 3 middleware", measure(runs: runs, actions: few) {
      let store = SeedStore(
        initial: start, reducer: taskListReducer, middleware: [seedPassThrough, seedPassThrough, seedPassThrough])
      for action in actions.prefix(few) { store.dispatch(action) }
    })
  }
}

/// The direct reducer's cost per `toggle tasks[id].isCompleted` at 100, 10,000 and 100,000 tasks:
/// flat in the work done, since the list finds an element by id through its index. Random
/// toggles over 100,000 tasks (about 6 MB) miss the caches, so a `[UUID: Task]` dictionary doing
/// the same toggles is shown as the floor any hashed lookup pays.
func runToggles(count: Int, runs: Int) {
  print("| tasks | ns/toggle, direct reducer (median of \(runs)) | x 100 tasks | ns/toggle, [UUID: Task] | x 100 tasks |")
  print("|---:|---:|---:|---:|---:|")
  var base = (reducer: 0.0, dictionary: 0.0)
  for size in [100, 10_000, 100_000] {
    var random = SplitMix(seed: 7)
    let ids = (0..<count).map { _ in task(Int.random(in: 1...size, using: &random)).id }
    let actions = ids.map { TaskListAction.toggleTaskCompletion(id: $0) }
    var state = initialState(size)
    let perToggle = measure(runs: runs, actions: count) {
      for action in actions { taskListReducer(&state, action) }
    }
    var dictionary = Dictionary(uniqueKeysWithValues: state.tasks.map { ($0.id, $0) })
    let perDictionaryToggle = measure(runs: runs, actions: count) {
      for id in ids { dictionary[id]?.isCompleted.toggle() }
    }
    sink.store(state.tasks.count + dictionary.count, ordering: .relaxed)
    if size == 100 { base = (perToggle, perDictionaryToggle) }
    print(
      "| \(size) | \(String(format: "%.1f", perToggle)) | \(String(format: "%.2f", perToggle / base.reducer)) "
        + "| \(String(format: "%.1f", perDictionaryToggle)) | \(String(format: "%.2f", perDictionaryToggle / base.dictionary)) |")
  }
}

/// The Store's own cost with nothing attached: runs of the direct reducer and of a bare Store
/// taken in turn, `rounds` of each, so that the machine's drift falls on both; the median of each
/// and the median of the rounds' ratios.
func runOverhead(count: Int, rounds: Int) {
  print("| tasks | direct reducer ns (median of \(rounds)) | bare Store ns | x direct (median of the rounds' ratios) |")
  print("|---:|---:|---:|---:|")
  for size in [100, 10_000] {
    let actions = workload(size: size, count: count)
    let start = initialState(size)
    var direct: [Double] = []
    var store: [Double] = []
    for _ in 0..<rounds {
      direct.append(measure(runs: 1, actions: count) {
        var state = start
        for action in actions { taskListReducer(&state, action) }
        sink.store(state.tasks.count, ordering: .relaxed)
      })
      store.append(measure(runs: 1, actions: count) {
        let store = Store(initialState: start, reducer: taskListReducer)
        for action in actions { store.dispatch(action) }
      })
    }
    let ratios = zip(store, direct).map { $0 / $1 }.sorted()
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print(
      "| \(size) | \(String(format: "%.1f", median(direct))) | \(String(format: "%.1f", median(store))) "
        + "| \(String(format: "%.2f", ratios[ratios.count / 2])) |")
  }
}

/// 100,000 and 10,000 appends into a store whose observer selects tasks.count.
func runAppends() {
  func appends(_ count: Int) -> Double {
    let actions = (1...count).map { TaskListAction.addTask(task: task($0)) }
    let clock = ContinuousClock()
    return seconds(
      clock.measure {
        let store = Store(initialState: TaskListState(), reducer: taskListReducer)
        observerOnly(store)
        for action in actions { store.dispatch(action) }
      })
  }
  _ = appends(1_000)
  let small = appends(10_000)
  let large = appends(100_000)
  print("appends with an observer of tasks.count: 10k \(String(format: "%.1f", small * 1000)) ms, "
    + "100k \(String(format: "%.1f", large * 1000)) ms, ratio \(String(format: "%.2f", large / small)) (target <= 12)")
}

/// Dispatches `count` toggles and filter changes through config (i), for counting allocations
/// with valgrind: run with two counts and divide the difference.
func runAllocations(count: Int) {
  let actions = workload(size: 100, count: 20_000, addsAndRemoves: false)
  let store = Store(initialState: initialState(100), reducer: taskListReducer)
  for action in actions.prefix(count) { store.dispatch(action) }
  sink.store(store.read { $0.tasks.count }, ordering: .relaxed)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "observers" {
  runObservers()
} else if arguments.first == "allocs" {
  runAllocations(count: Int(arguments.dropFirst().first ?? "1000") ?? 1000)
} else if arguments.first == "effects" {
  // Requests through an effects middleware, off the main actor; with the allocation counter,
  // two counts give the allocations per request (`effects N together` counts only those).
  let count = Int(arguments.dropFirst().first ?? "10000") ?? 10_000
  let modes = arguments.dropFirst(2).first.map { [$0] } ?? ["together", "sequential", "bare"]
  for mode in modes {
    let seconds = await _Concurrency.Task.detached {
      mode == "bare" ? await runBareTasks(count: count) : await runRequests(count: count, sequential: mode == "sequential")
    }.value
    print("\(count) requests, \(mode): \(String(format: "%.2f", seconds * 1e6 / Double(count))) us a request")
  }
} else if arguments.first == "sqlite" {
  runSQLite(count: Int(arguments.dropFirst().first ?? "200000") ?? 200_000, runs: 5)
} else if arguments.first == "persistence" {
  runPersistence(count: Int(arguments.dropFirst().first ?? "200000") ?? 200_000, runs: 5)
} else if arguments.first == "viewstore" {
  await runViewStores(
    count: Int(arguments.dropFirst().first ?? "10000") ?? 10_000, withObservableStore: !arguments.contains("--no-observable"))
} else if arguments.first == "childstores" {
  // A view store per row of a list of child features, against rows(_:), at 10k rows.
  runChildViewStores(
    count: Int(arguments.dropFirst().first ?? "10000") ?? 10_000,
    dispatches: Int(arguments.dropFirst(2).first ?? "2000") ?? 2_000)
} else if arguments.first == "deepstack" {
  // A stack 10 deep: the top screen's action against a top-level action.
  runDeepStack(
    depth: Int(arguments.dropFirst().first ?? "10") ?? 10,
    dispatches: Int(arguments.dropFirst(2).first ?? "20000") ?? 20_000)
} else if arguments.first == "screen" {
  // The page's screen at 1k, 10k and 100k tasks (`screen 1000000` adds a size).
  runPageScreen(sizes: [1_000, 10_000, 100_000] + arguments.dropFirst().compactMap { Int($0) })
} else if arguments.first == "screen-toggles" {
  // Toggles only, on the page's screen at one size: what a profiler reads.
  let count = Int(arguments.dropFirst().first ?? "10000") ?? 10_000
  print(profileScreenToggles(count))
} else if arguments.first == "app" {
  // An app's value over a feature's list, kept and computed again, at 1k, 10k and 100k tasks.
  runAppValues(sizes: [1_000, 10_000, 100_000] + arguments.dropFirst().compactMap { Int($0) })
} else if arguments.first == "children" {
  // A child feature's action routed through its parent, at 1,000 children (or the size given).
  runChildFeatures(count: Int(arguments.dropFirst().first ?? "1000") ?? 1_000, dispatches: 200_000, rounds: 7)
} else if arguments.first == "tree" {
  // A row's action three levels down (app -> stack screen -> row) against the app's own action.
  runTree(count: Int(arguments.dropFirst().first ?? "1000") ?? 1_000, dispatches: 200_000, rounds: 7)
} else if arguments.first == "tree-row" || arguments.first == "tree-row-middleware" {
  // The row's action three levels down alone, bare or with the children middleware: for a profiler.
  print(
    profileTreeRow(
      count: 1_000, dispatches: Int(arguments.dropFirst().first ?? "1000000") ?? 1_000_000,
      middleware: arguments.first == "tree-row-middleware"))
} else if arguments.first == "inspector" {
  // The inspector's cost on a dispatch: none listening, and redux-gen devtools in process.
  try await runInspector(
    size: Int(arguments.dropFirst().first ?? "100") ?? 100, dispatches: 200_000, rounds: 7)
} else if arguments.first == "overhead" {
  runOverhead(count: Int(arguments.dropFirst().first ?? "1000000") ?? 1_000_000, rounds: 15)
} else if arguments.first == "toggles" {
  runToggles(count: Int(arguments.dropFirst().first ?? "1000000") ?? 1_000_000, runs: 5)
} else {
  let count = arguments.first.flatMap { Int($0) } ?? 1_000_000
  runTable(count: count, runs: 5)
  runToggles(count: count, runs: 5)
  runAppends()
}

