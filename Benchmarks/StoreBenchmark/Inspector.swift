import Foundation
import ReduxDebugging
import ReduxDevTools
import ReduxRuntime
import TaskList

/// What the inspector adds to a dispatch (`InspectorConnection`): TaskList's workload on a bare
/// store, against the same store inspected with no inspector listening (its batches fail and
/// back off) and with `redux-gen devtools`' server in process taking every batch (encoding and
/// sending on a task of its own, the buffer dropping what it can't keep up with). Microseconds a
/// dispatch, the best of `rounds` interleaved rounds. Target (the inspector's issue): at most 2x.
func runInspector(size: Int, dispatches: Int, rounds: Int) async throws {
  let clock = ContinuousClock()
  let actions = workload(size: size, count: dispatches)
  let state = initialState(size)
  func measure(_ store: Store<TaskListState, TaskListAction>) -> Double {
    let time = clock.measure { for action in actions { store.dispatch(action) } }
    return seconds(time) / Double(dispatches) * 1e6
  }
  let hub = try InspectorHub(specPath: "Specs/tasklist.yaml", capacity: 1_000)
  let (urls, announce) = AsyncStream<URL>.makeStream()
  let server = _Concurrency.Task { try await DevToolsServer(hub: hub).run { url in announce.yield(url) } }
  var started = urls.makeAsyncIterator()
  guard let live = await started.next() else { throw DevToolsError("the server didn't start") }
  // A port nobody listens on: the connection's sends fail.
  let absent = URL(string: "http://127.0.0.1:9/?token=none")!
  var best = (bare: Double.infinity, absent: Double.infinity, live: Double.infinity)
  var batches = 0
  for _ in 0..<rounds {
    best.bare = min(best.bare, measure(Store(initialState: state, reducer: taskListReducer)))
    for (url, isLive) in [(absent, false), (live, true)] {
      let connection = InspectorConnection<TaskListState, TaskListAction>(
        feature: "TaskList", url: url, allowsReleaseBuild: true)
      let store = Store(initialState: state, reducer: connection.inspecting(taskListReducer))
      connection.connect(to: store)
      let time = measure(store)
      // Until a batch has reached the server (at most 10 s), off the clock.
      for _ in 0..<100 where isLive && connection.batchesSent == 0 {
        try await _Concurrency.Task.sleep(for: .milliseconds(100))
      }
      connection.disconnect()
      if isLive {
        best.live = min(best.live, time)
        batches += connection.batchesSent
        if let failure = connection.failure { print("the live connection failed: \(failure)") }
      } else {
        best.absent = min(best.absent, time)
      }
    }
  }
  server.cancel()
  print("the inspector's cost, TaskList at \(size) tasks, \(dispatches) dispatches, best of \(rounds):")
  print("| dispatch | us |")
  print("|---|---:|")
  print("| a bare store | \(String(format: "%.3f", best.bare)) |")
  print("| inspected, no inspector listening | \(String(format: "%.3f", best.absent)) |")
  print("| inspected, redux-gen devtools taking the batches | \(String(format: "%.3f", best.live)) |")
  print(
    "inspected / bare: \(String(format: "%.2f", best.absent / best.bare))x with none listening, "
      + "\(String(format: "%.2f", best.live / best.bare))x with the server (\(batches) batches taken)")
}
