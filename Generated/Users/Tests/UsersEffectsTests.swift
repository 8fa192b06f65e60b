import Foundation
import ReduxRuntime
import Synchronization
import Testing

@testable import Users

/// Effects whose requests wait until the test answers them, in any order.
final class FakeUsersEffects: UsersEffects, Sendable {
  private let pending = Mutex<[String: [CheckedContinuation<User, any Error>]]>([:])
  private let started = Mutex<[String]>([])

  func fetchUser(id: String) async throws -> User {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0[id, default: []].append(continuation) }
        started.withLock { $0.append(id) }
      }
    } onCancel: {
      // The runner cancels an overtaken request; the fake answers it like a real client would.
      let continuations = pending.withLock { pending in
        defer { pending[id] = nil }
        return pending[id] ?? []
      }
      for continuation in continuations { continuation.resume(throwing: CancellationError()) }
    }
  }

  var startedIDs: [String] { started.withLock { $0 } }

  func answer(_ id: String, with result: Result<User, any Error>) {
    let continuation = pending.withLock { pending -> CheckedContinuation<User, any Error>? in
      guard var waiting = pending[id], !waiting.isEmpty else { return nil }
      let first = waiting.removeFirst()
      pending[id] = waiting.isEmpty ? nil : waiting
      return first
    }
    continuation?.resume(with: result)
  }

  func waitUntilStarted(_ count: Int) async throws {
    for _ in 0..<500 where startedIDs.count < count {
      try await _Concurrency.Task.sleep(for: .milliseconds(5))
    }
    #expect(startedIDs.count == count)
  }
}

struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@Suite struct UsersEffectsTests {
  let effects = FakeUsersEffects()

  func makeStore() -> (Store<UsersState, UsersAction>, UsersEffectsMiddleware<FakeUsersEffects>) {
    let middleware = UsersEffectsMiddleware(effects: effects)
    return (
      Store(initialState: UsersState(), reducer: usersReducer, middleware: [middleware]), middleware
    )
  }

  @Test func successStoresTheUser() async throws {
    let (store, _) = makeStore()
    store.dispatch(.fetchUser(id: "u1"))
    #expect(store.state.fetchStatus == .loading)
    try await effects.waitUntilStarted(1)
    effects.answer("u1", with: .success(User(id: "u1", name: "Ada")))
    let state = try await store.firstState { $0.fetchStatus == .succeeded }
    #expect(state.users["u1"]?.name == "Ada")
  }

  @Test func failureKeepsTheMessage() async throws {
    let (store, _) = makeStore()
    store.dispatch(.fetchUser(id: "u1"))
    try await effects.waitUntilStarted(1)
    effects.answer("u1", with: .failure(Offline()))
    let state = try await store.firstState { $0.fetchStatus != .loading }
    #expect(state.fetchStatus == .failed("offline"))
    #expect(state.lastError == "offline")
    #expect(state.users.isEmpty)
  }

  @Test func cancellingDispatchesNothing() async throws {
    let (store, middleware) = makeStore()
    store.dispatch(.fetchUser(id: "u1"))
    try await effects.waitUntilStarted(1)
    middleware.runner.cancelAll()
    effects.answer("u1", with: .success(User(id: "u1", name: "Ada")))
    try await _Concurrency.Task.sleep(for: .milliseconds(50))
    #expect(store.state.fetchStatus == .loading)
    #expect(store.state.users.isEmpty)
    #expect(middleware.runner.runningCount == 0)
  }

  @Test func aSlowRequestOvertakenByANewerOneIsDropped() async throws {
    let (store, middleware) = makeStore()
    store.dispatch(.fetchUser(id: "slow"))
    try await effects.waitUntilStarted(1)
    store.dispatch(.fetchUser(id: "fast"))
    try await effects.waitUntilStarted(2)
    effects.answer("fast", with: .success(User(id: "fast", name: "Grace")))
    let state = try await store.firstState { $0.fetchStatus == .succeeded }
    #expect(Array(state.users.keys) == ["fast"])
    // The slow one was cancelled; even an answer arriving now is dropped.
    effects.answer("slow", with: .success(User(id: "slow", name: "Ada")))
    try await _Concurrency.Task.sleep(for: .milliseconds(50))
    #expect(Array(store.state.users.keys) == ["fast"])
    #expect(middleware.runner.runningCount == 0)
  }

  @Test func liveEffectsDecodeUsersAndReportMissingOnes() async throws {
    let live = UsersLiveEffects(baseURL: URL(string: "https://example.com/api")!) { url in
      url.lastPathComponent == "u1.json"
        ? Data(#"{"id":"u1","name":"Ada","email":"ada@example.com"}"#.utf8) : nil
    }
    let store = Store(
      initialState: UsersState(), reducer: usersReducer,
      middleware: [UsersEffectsMiddleware(effects: live)])
    store.dispatch(.fetchUser(id: "u1"))
    let loaded = try await store.firstState { $0.fetchStatus == .succeeded }
    #expect(loaded.users["u1"] == User(id: "u1", name: "Ada", email: "ada@example.com"))
    store.dispatch(.fetchUser(id: "u2"))
    let failed = try await store.firstState {
      $0.fetchStatus != .loading && $0.fetchStatus != .succeeded
    }
    #expect(failed.lastError == "no user with id u2")
  }

  @Test func forgetUserRemovesOnlyThatUser() {
    var state = UsersState(users: ["a": User(id: "a", name: "A"), "b": User(id: "b", name: "B")])
    usersReducer(&state, .forgetUser(id: "a"))
    usersReducer(&state, .forgetUser(id: "unknown"))
    #expect(Array(state.users.keys) == ["b"])
  }
}
