import Foundation
import ReduxRuntime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's side of `redux-gen devtools`: each action the store's reducer sees, with its place
/// in the feature tree and the states around it, streamed to the inspector's page; and what the
/// page asks for (jump to an action's state, skip an action, dispatch one, replay a recording)
/// done on the store. Effect requests' starts, ends and cancellations (`EffectEvents`: every
/// store's in the process) are sent between the actions.
///
/// Off unless the app turns it on, in a debug build:
///
/// ```swift
/// #if DEBUG
///   let inspector = InspectorConnection<TaskListState, TaskListAction>.fromEnvironment(feature: "TaskList")
/// #endif
/// let reducer = inspector?.inspecting(taskListReducer) ?? taskListReducer
/// let store = Store(initialState: TaskListState(), reducer: reducer)
/// inspector?.connect(to: store)
/// ```
///
/// The store's path only copies the action and the states into bounded memory, under a lock:
/// encoding and sending happen on a task of their own, every `interval`. A page that is slow,
/// closed or not there never blocks the app or grows its memory: the outgoing buffer drops its
/// oldest actions and counts them, and the count reaches the page. A release build doesn't
/// connect unless `allowsReleaseBuild` says so. Fields a spec marks `secret` are never sent
/// (`InspectorJSON`).
public final class InspectorConnection<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: Sendable {
  /// What reaches the page, in order.
  enum Event: Sendable {
    case action(InspectedAction<State, Action>)
    /// The store was set to the state after action `sequence` (0: the state it connected with).
    case jump(to: Int, state: State)
    /// The log replayed from the first skipped action without the skipped ones.
    case skip(skipped: [Int], state: State)
    /// An effect request started, ended or was cancelled (`EffectEvents`).
    case effect(EffectEvent, time: Date)
  }

  struct CommandResult: Sendable {
    var id: Int
    var message: String?
  }

  private struct Shared {
    var reducer: Store<State, Action>.Reducer?
    var sequence = 0
    /// The newest actions, oldest first, up to `capacity` (trimmed in steps, so appending stays cheap).
    var history: [InspectedAction<State, Action>] = []
    /// The state when the connection started, what a jump to 0 sets.
    var initial: State?
    var skipped: Set<Int> = []
    var results: [CommandResult] = []
    /// Whether the page must be sent the whole state again (first, or after a failed send).
    var needsHello = true
    var lost = 0
    var task: _Concurrency.Task<Void, Never>?
    var effects: Subscription?
    var failure: String?
    var sent = 0
  }

  /// Where batches go: the page's URL with `/app` as its path, the token kept.
  public let url: URL
  public let feature: String
  public let capacity: Int
  let outbox: InspectorBuffer<Event>
  private let shared = Locked(Shared())
  private let interval: Duration
  private let session = UUID().uuidString

  #if DEBUG
    static var isDebugBuild: Bool { true }
  #else
    static var isDebugBuild: Bool { false }
  #endif
  private let allowsReleaseBuild: Bool

  /// - Parameters:
  ///   - feature: The feature's name, as the spec's `feature:` writes it.
  ///   - url: The URL `redux-gen devtools` prints (`http://127.0.0.1:PORT/?token=...`).
  ///   - capacity: How many actions wait to be sent, and how many are kept to jump back to.
  ///   - interval: How often what waits is sent.
  ///   - allowsReleaseBuild: Whether a build without `DEBUG` connects too.
  public init(
    feature: String, url: URL, capacity: Int = 1_000, interval: Duration = .milliseconds(50),
    allowsReleaseBuild: Bool = false
  ) {
    self.feature = feature
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.path = "/app"
    self.url = components?.url ?? url
    self.capacity = max(1, capacity)
    self.outbox = InspectorBuffer(capacity: max(1, capacity))
    self.interval = interval
    self.allowsReleaseBuild = allowsReleaseBuild
  }

  /// A connection to the URL in the environment variable `REDUX_INSPECTOR` (what
  /// `redux-gen devtools` prints), or nil when it isn't set.
  public static func fromEnvironment(
    feature: String, variable: String = "REDUX_INSPECTOR", capacity: Int = 1_000
  ) -> InspectorConnection? {
    guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty, let url = URL(string: text) else {
      return nil
    }
    return InspectorConnection(feature: feature, url: url, capacity: capacity)
  }

  /// `reducer`, each action it reduces kept with the states around it for the page.
  public func inspecting(_ reducer: @escaping Store<State, Action>.Reducer) -> Store<State, Action>.Reducer {
    shared.withLock { $0.reducer = reducer }
    let capacity = self.capacity
    return { state, action in
      let before = state
      reducer(&state, action)
      let inspected = self.shared.withLock { shared in
        shared.sequence += 1
        let inspected = InspectedAction(
          sequence: shared.sequence, time: Date(), action: action, before: before, after: state)
        shared.history.append(inspected)
        if shared.history.count >= 2 * capacity { shared.history.removeFirst(shared.history.count - capacity) }
        return inspected
      }
      self.outbox.append(.action(inspected))
    }
  }

  /// Starts sending to the inspector and doing what its page asks on `store`, until
  /// `disconnect()` or the store is gone. Does nothing in a release build unless allowed.
  public func connect(to store: Store<State, Action>) {
    guard Self.isDebugBuild || allowsReleaseBuild else { return }
    let interval = self.interval
    let task = _Concurrency.Task.detached { [weak self, weak store] in
      var pause = interval
      while !_Concurrency.Task.isCancelled {
        guard let self, let store else { return }
        if await self.exchange(with: store) {
          pause = interval
        } else {
          pause = min(pause * 2, .seconds(1))
        }
        try? await _Concurrency.Task.sleep(for: pause)
      }
    }
    let outbox = self.outbox
    let effects = EffectEvents.observe { event in outbox.append(.effect(event, time: Date())) }
    let replaced = shared.withLock { shared in
      shared.initial = shared.initial ?? store.state
      shared.task?.cancel()
      shared.task = task
      defer { shared.effects = effects }
      return shared.effects
    }
    replaced?.cancel()
  }

  /// Stops sending; what waits is kept (and dropped past `capacity`) until `connect` again.
  public func disconnect() {
    let effects = shared.withLock { shared in
      shared.task?.cancel()
      shared.task = nil
      defer { shared.effects = nil }
      return shared.effects
    }
    effects?.cancel()
  }

  /// Why the last send failed, while it does; nil once one succeeds.
  public var failure: String? { shared.withLock { $0.failure } }

  /// How many batches the inspector has taken.
  public var batchesSent: Int { shared.withLock { $0.sent } }

  // MARK: Sending

  /// Sends what waits, then does the commands the answer brings; false when sending failed.
  func exchange(with store: Store<State, Action>) async -> Bool {
    let body: Data
    let taken = outbox.take()
    let (hello, lost, results) = shared.withLock { shared in
      defer {
        shared.needsHello = false
        shared.lost = 0
        shared.results = []
      }
      return (shared.needsHello, shared.lost, shared.results)
    }
    do {
      body = try batch(taken, hello: hello ? store.state : nil, dropped: taken.dropped + lost, results: results)
    } catch {
      shared.withLock { $0.failure = "\(error)" }
      return false
    }
    var request = URLRequest(url: url, timeoutInterval: 5)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = body
    do {
      let (data, response) = try await URLSession.shared.data(for: request)
      guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
        throw InspectorConnectionError(
          message: "the inspector answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
      }
      shared.withLock { shared in
        shared.failure = nil
        shared.sent += 1
      }
      let done = perform(commands: data, on: store)
      shared.withLock { $0.results += done }
      return true
    } catch {
      shared.withLock { shared in
        shared.failure = "\(error)"
        // What was taken is gone: say how much, and send the whole state with the next batch.
        shared.needsHello = true
        shared.lost += taken.elements.reduce(0) { count, event in
          if case .action = event { return count + 1 }
          return count
        }
        shared.results = results + shared.results
      }
      return false
    }
  }

  /// One batch as JSON: `feature`, `session`, `hello` (the state now, when the page needs it
  /// whole), `dropped`, `events` and `results` of earlier commands.
  func batch(
    _ taken: (elements: [Event], dropped: Int), hello: State?, dropped: Int, results: [CommandResult]
  ) throws -> Data {
    var events: [Any] = []
    for event in taken.elements {
      switch event {
      case .action(let inspected):
        events.append([
          "kind": "action", "sequence": inspected.sequence,
          "time": inspected.time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
          "path": inspected.path, "action": try InspectorJSON.object(inspected.action),
          "before": try InspectorJSON.object(inspected.before), "state": try InspectorJSON.object(inspected.after),
        ])
      case .jump(let sequence, let state):
        events.append(["kind": "jump", "sequence": sequence, "state": try InspectorJSON.object(state)])
      case .skip(let skipped, let state):
        events.append(["kind": "skip", "skipped": skipped, "state": try InspectorJSON.object(state)])
      case .effect(let event, let time):
        events.append([
          "kind": "effect", "phase": event.kind.rawValue, "scope": event.scope,
          "time": time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
        ])
      }
    }
    var object: [String: Any] = [
      "feature": feature, "session": session, "dropped": dropped, "capacity": capacity, "events": events,
      "results": results.map { result -> [String: Any] in
        ["id": result.id, "ok": result.message == nil, "message": result.message ?? ""]
      },
    ]
    if let hello {
      object["hello"] = ["state": try InspectorJSON.object(hello), "sequence": shared.withLock { $0.sequence }]
    }
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
  }

  // MARK: Commands

  /// Does each command of the inspector's answer (`{"commands": [...]}`), in order.
  func perform(commands data: Data, on store: Store<State, Action>) -> [CommandResult] {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let commands = object["commands"] as? [[String: Any]]
    else { return [] }
    return commands.map { command in
      let id = command["id"] as? Int ?? 0
      do {
        try perform(command, on: store)
        return CommandResult(id: id, message: nil)
      } catch {
        return CommandResult(id: id, message: "\(error)")
      }
    }
  }

  private func perform(_ command: [String: Any], on store: Store<State, Action>) throws {
    switch command["kind"] as? String {
    case "jump":
      let sequence = command["sequence"] as? Int ?? -1
      let state = try shared.withLock { shared -> State in
        shared.skipped = []
        if sequence == 0, let initial = shared.initial { return initial }
        guard let kept = shared.history.first(where: { $0.sequence == sequence }) else {
          throw InspectorConnectionError(message: "action #\(sequence) is no longer kept (the app keeps \(capacity))")
        }
        return kept.after
      }
      store.replaceState(state)
      outbox.append(.jump(to: sequence, state: state))
    case "skip":
      let sequence = command["sequence"] as? Int ?? -1
      let (state, skipped) = try shared.withLock { shared -> (State, [Int]) in
        guard shared.history.contains(where: { $0.sequence == sequence }), let reducer = shared.reducer else {
          throw InspectorConnectionError(message: "action #\(sequence) is no longer kept (the app keeps \(capacity))")
        }
        if shared.skipped.contains(sequence) { shared.skipped.remove(sequence) } else { shared.skipped.insert(sequence) }
        let first = shared.skipped.min() ?? sequence
        guard let start = shared.history.firstIndex(where: { $0.sequence == first }) else {
          throw InspectorConnectionError(message: "action #\(first) is no longer kept")
        }
        var state = shared.history[start].before
        for kept in shared.history[start...] where !shared.skipped.contains(kept.sequence) {
          reducer(&state, kept.action)
        }
        return (state, shared.skipped.sorted())
      }
      store.replaceState(state)
      outbox.append(.skip(skipped: skipped, state: state))
    case "dispatch":
      guard let action = command["action"] else { throw InspectorConnectionError(message: "no action to dispatch") }
      let data = try JSONSerialization.data(withJSONObject: action, options: [.fragmentsAllowed])
      do {
        store.dispatch(try JSONDecoder().decode(Action.self, from: data))
      } catch let error as DecodingError {
        throw InspectorConnectionError(message: "the action doesn't decode: \(describe(error))")
      }
    case "replay":
      guard let text = command["recording"] as? String else { throw InspectorConnectionError(message: "no recording") }
      let recording = try Recording<State, Action>(jsonLines: text)
      guard let reducer = shared.withLock({ $0.reducer }) else {
        throw InspectorConnectionError(message: "the store's reducer isn't inspected")
      }
      let wrapped = inspecting(reducer)
      var state = recording.initialState
      store.replaceState(state)
      outbox.append(.jump(to: -1, state: state))
      for step in recording.steps { wrapped(&state, step.action) }
      store.replaceState(state)
    default:
      throw InspectorConnectionError(message: "unknown command '\(command["kind"] as? String ?? "")'")
    }
  }
}

/// Why an inspector's command or a send failed, in words.
struct InspectorConnectionError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// A decoding error in words: what was wrong, and where.
private func describe(_ error: DecodingError) -> String {
  func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
  }
  switch error {
  case .keyNotFound(let key, let context): return "\(path(context)) missing '\(key.stringValue)'"
  case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): return path(context)
  @unknown default: return "\(error)"
  }
}
