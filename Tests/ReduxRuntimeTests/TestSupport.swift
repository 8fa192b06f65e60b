import ReduxRuntime
import Atomics

// Small hand-written states, actions and middleware that the runtime tests share.

/// A counter with a log of notes.
struct Counter: Equatable, Sendable {
  var count = 0
  var log: [String] = []
}

enum CounterAction: Equatable, Sendable {
  case add(Int)
  case note(String)
}

let counterReducer: Store<Counter, CounterAction>.Reducer = { state, action in
  switch action {
  case .add(let amount): state.count += amount
  case .note(let text): state.log.append(text)
  }
}

/// Doubles every `add`, stops negative ones.
struct Doubler: Middleware {
  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    guard case .add(let amount) = action else { return action }
    if amount < 0 { return nil }
    return .add(amount * 2)
  }
}

/// Dispatches a note after each `add`, re-entrantly, saying what it saw.
struct Narrator: Middleware {
  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    if case .add(let amount) = action {
      context.dispatch(.note("saw \(amount) at \(context.state.count)"))
    }
    return action
  }
}

/// Records every action it sees and passes it on.
struct Recorder<State: Sendable, Action: Sendable>: Middleware {
  let seen: Log<Action>

  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    seen.append(action)
    return action
  }
}

/// An app made of the counter feature and a field of its own.
struct App: Equatable, Sendable {
  var counter = Counter()
  var other = 0
}

enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case other

  var counterAction: CounterAction? {
    if case .counter(let action) = self { action } else { nil }
  }
}

let appReducer: Store<App, AppAction>.Reducer = { state, action in
  switch action {
  case .counter(let action): counterReducer(&state.counter, action)
  case .other: state.other += 1
  }
}

/// The counter's middleware run inside the app store.
func scoped(
  _ middleware: [any Middleware<Counter, CounterAction>]
) -> ScopedMiddleware<App, AppAction, Counter, CounterAction> {
  ScopedMiddleware(middleware, state: { $0.counter }, extract: { $0.counterAction }, embed: { .counter($0) })
}

/// Values appended from any thread.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])

  init() {}

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var values: [Element] { storage.withLock { $0 } }
}

/// Counts how often something happens (a selection evaluated, a value compared).
final class ReadCounter: Sendable {
  let count = ManagedAtomic<Int>(0)
  var value: Int { count.load(ordering: .relaxed) }
  func tick() { count.wrappingIncrement(ordering: .relaxed) }
}
