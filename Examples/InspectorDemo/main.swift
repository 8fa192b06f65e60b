// An app to inspect with `redux-gen devtools`: one feature's store (TaskList, Shelf and its
// navigation stack, or Users with its effects and secret fields), connected to the inspector named by `REDUX_INSPECTOR`, driven by lines on
// its input. Each line is `dispatch JSON` (an action as its `Codable` conformance writes it),
// `state` or `quit`; after each change the store's state is printed as `state JSON`.
// `REDUX_INSPECTOR_CAPACITY` sets how many actions wait to be sent (1,000).
//
//     REDUX_INSPECTOR='http://127.0.0.1:PORT/?token=...' swift run inspector-demo tasklist

import Foundation
import ReduxDebugging
import ReduxRuntime
import Shelf
import TaskList
import Users

/// A line on the standard output, written at once (a pipe reads it without waiting).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func run<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
  feature: String, initialState: State, reducer: @escaping Store<State, Action>.Reducer,
  middleware: [any Middleware<State, Action>] = []
) {
  #if DEBUG
    let capacity = ProcessInfo.processInfo.environment["REDUX_INSPECTOR_CAPACITY"].flatMap { Int($0) } ?? 1_000
    let inspector = InspectorConnection<State, Action>.fromEnvironment(feature: feature, capacity: capacity)
  #else
    let inspector: InspectorConnection<State, Action>? = nil
  #endif
  let store = Store(initialState: initialState, reducer: inspector?.inspecting(reducer) ?? reducer, middleware: middleware)
  inspector?.connect(to: store)
  let show: @Sendable (State) -> Void = { state in
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(state) else { return }
    say("state " + String(decoding: data, as: UTF8.self))
  }
  let subscription = store.subscribeToState { state in
    show(state)
    return .alive
  }
  while let line = readLine() {
    if line == "quit" { break }
    if line == "state" {
      show(store.state)
    } else if line.hasPrefix("dispatch ") {
      do {
        store.dispatch(try JSONDecoder().decode(Action.self, from: Data(line.dropFirst("dispatch ".count).utf8)))
      } catch {
        say("error \(error)")
      }
    } else {
      say("error unknown command: \(line)")
    }
  }
  subscription.cancel()
  inspector?.disconnect()
}

switch CommandLine.arguments.dropFirst().first ?? "tasklist" {
case "tasklist": run(feature: "TaskList", initialState: TaskListState(), reducer: taskListReducer)
case "shelf": run(feature: "Shelf", initialState: ShelfState(), reducer: shelfReducer)
case "users":
  // Users come from a made-up server that knows two, after a tenth of a second.
  let users = [
    "u1.json": #"{"id": "u1", "name": "Ada"}"#,
    "u2.json": #"{"id": "u2", "name": "Grace", "email": "grace@example.com"}"#,
  ]
  let effects = UsersLiveEffects(baseURL: URL(string: "https://users.example")!) { url in
    try await _Concurrency.Task.sleep(for: .milliseconds(100))
    return users[url.lastPathComponent].map { Data($0.utf8) }
  }
  run(
    feature: "Users", initialState: UsersState(), reducer: usersReducer,
    middleware: [UsersEffectsMiddleware(effects: effects)])
case let other:
  say("error unknown feature '\(other)': tasklist, shelf or users")
  exit(2)
}
