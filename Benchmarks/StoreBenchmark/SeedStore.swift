import Dispatch
import Foundation

// A faithful re-implementation of the Store at the last level of seed article 000, as a
// baseline: a serial queue, the middleware chain rebuilt on every dispatch from `next`
// closures, observers in a Set notified asynchronously on their own queue with the state.

enum SeedObserverStatus {
  case alive
  case dead
}

final class SeedObserver<State: Sendable>: Hashable, @unchecked Sendable {
  let queue: DispatchQueue
  let observe: (State) -> SeedObserverStatus

  init(queue: DispatchQueue, observe: @escaping (State) -> SeedObserverStatus) {
    self.queue = queue
    self.observe = observe
  }

  static func == (lhs: SeedObserver<State>, rhs: SeedObserver<State>) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

struct SeedAnyMiddleware<State, Action> {
  let process: (Action, State, @escaping (Action) -> Void) -> Void
}

final class SeedStore<State: Equatable & Sendable, Action>: @unchecked Sendable {
  private(set) var state: State
  private let reducer: (inout State, Action) -> Void
  private var observers: Set<SeedObserver<State>> = []
  private var middleware: [SeedAnyMiddleware<State, Action>]
  private let queue = DispatchQueue(label: "Store queue", qos: .userInitiated)

  init(
    initial state: State, reducer: @escaping (inout State, Action) -> Void,
    middleware: [SeedAnyMiddleware<State, Action>] = []
  ) {
    self.reducer = reducer
    self.state = state
    self.middleware = middleware
  }

  func dispatch(_ action: Action) {
    queue.sync {
      let middlewareChain = self.middleware.reversed().reduce({ action in
        self.reducer(&self.state, action)
        self.notifyObservers()
      }) { next, mw in
        return { action in mw.process(action, self.state, next) }
      }
      middlewareChain(action)
    }
  }

  func subscribe(observer: SeedObserver<State>) {
    queue.sync {
      self.observers.insert(observer)
      self.notify(observer)
    }
  }

  private func notifyObservers() {
    for observer in observers { notify(observer) }
  }

  private func notify(_ observer: SeedObserver<State>) {
    let state = self.state
    observer.queue.async {
      if observer.observe(state) == .dead {
        self.queue.async { self.observers.remove(observer) }
      }
    }
  }
}
