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
/// The store's path only numbers the action and copies it, with the time, into bounded memory:
/// no state is copied there (a copy would make the reducer's next change copy the state's
/// collections). Every `interval`, a task of its own takes what waits, with the store's state at
/// that moment, and works out each action's states by running the reducer from the state it last
/// saw, checking it ends where the store is; then it encodes and sends them. A page that is slow,
/// closed or not there never blocks the app or grows its memory: the buffer drops its oldest
/// actions and counts them (their states are then unknown, and the page is sent the whole state),
/// and the count reaches the page. A release build doesn't connect unless `allowsReleaseBuild`
/// says so. Fields a spec marks `secret` are never sent (`InspectorJSON`).
public final class InspectorConnection<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: Sendable {
  /// What the store's path records, in order, under the store's lock. A state is boxed, so
  /// that an action's event, the common one, is no larger than the action and its time.
  @usableFromInline
  enum Event: Sendable {
    case action(sequence: Int, time: Date, action: Action)
    /// The store was set to the state after action `sequence` (0: the state it connected with;
    /// -1: a recording's first state).
    case jump(to: Int, state: Boxed)
    /// The log replayed from the first skipped action without the skipped ones.
    case skip(skipped: [Int], state: Boxed)
    /// An effect request started, ended or was cancelled (`EffectEvents`).
    case effect(EffectEvent, time: Date)
  }

  @usableFromInline
  final class Boxed: Sendable {
    let state: State
    init(_ state: State) { self.state = state }
  }

  /// An event with the states worked out for it: what a batch sends.
  enum Sent {
    case action(InspectedAction<State, Action>)
    /// An action whose states aren't known: actions before it were dropped.
    case actionAlone(sequence: Int, time: Date, action: Action)
    case jump(to: Int, state: State)
    case skip(skipped: [Int], state: State)
    case effect(EffectEvent, time: Date)
  }

  struct CommandResult: Sendable {
    var id: Int
    var message: String?
  }

  private struct Shared {
    var reducer: Store<State, Action>.Reducer?
    /// The state after the last event worked out; nil when it isn't known (before connecting, or
    /// after dropped actions until the next batch).
    var shadow: State?
    /// The newest actions with their states, oldest first, up to `capacity` (trimmed in steps).
    var history: [InspectedAction<State, Action>] = []
    /// The state when the connection started, what a jump to 0 sets.
    var initial: State?
    var skipped: Set<Int> = []
    /// The last action numbered before the latest jump (or replay): a skip replays the actions
    /// after it, the store's present line, not those the jump left behind.
    var lineStartsAfter = 0
    /// Whether the inspector answered last time: until it does, what waits stays in the buffer
    /// (its newest `capacity` actions) and a batch without events asks whether it is there.
    var reachable = false
    var results: [CommandResult] = []
    /// Whether the page must be sent the whole state again (first, after dropped actions, after
    /// a failed send, or when the store was found elsewhere than the actions lead).
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
  @usableFromInline let outbox: InspectorBuffer<Event>
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

  /// `reducer`, each action it reduces numbered and kept for the page. Inlined, so that the
  /// store's path is specialized for the feature's types.
  @inlinable
  public func inspecting(_ reducer: @escaping Store<State, Action>.Reducer) -> Store<State, Action>.Reducer {
    keep(reducer)
    let outbox = self.outbox
    return { state, action in
      reducer(&state, action)
      outbox.append(numbering: { .action(sequence: $0, time: Date(), action: action) })
    }
  }

  /// The reducer the states are worked out with, off the store's path.
  @usableFromInline
  func keep(_ reducer: @escaping Store<State, Action>.Reducer) {
    shared.withLock { $0.reducer = reducer }
  }

  /// Starts sending to the inspector and doing what its page asks on `store`, until
  /// `disconnect()` or the store is gone. Does nothing in a release build unless allowed.
  public func connect(to store: Store<State, Action>) {
    guard Self.isDebugBuild || allowsReleaseBuild else { return }
    start(from: store)
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
    running(task, effects: EffectEvents.observe { event in outbox.append(.effect(event, time: Date())) })
  }

  /// Puts `task` and `effects` in place of the ones running, which are stopped.
  private func running(_ task: _Concurrency.Task<Void, Never>?, effects: Subscription?) {
    let replaced = shared.withLock { shared in
      shared.task?.cancel()
      shared.task = task
      defer { shared.effects = effects }
      return shared.effects
    }
    replaced?.cancel()
  }

  /// Where the actions start from: the store's state, with nothing waiting before it.
  func start(from store: Store<State, Action>) {
    let start = store.read { state in
      _ = outbox.take()
      return state
    }
    shared.withLock { shared in
      shared.initial = shared.initial ?? start
      shared.shadow = start
      shared.needsHello = true
    }
  }

  /// Stops sending; what waits is kept (and dropped past `capacity`) until `connect` again.
  public func disconnect() {
    running(nil, effects: nil)
  }

  /// Why the last send failed, while it does; nil once one succeeds.
  public var failure: String? { shared.withLock { $0.failure } }

  /// How many batches the inspector has taken.
  public var batchesSent: Int { shared.withLock { $0.sent } }

  // MARK: Sending

  /// Sends what waits, then does the commands the answer brings; false when sending failed.
  func exchange(with store: Store<State, Action>) async -> Bool {
    if !shared.withLock({ $0.reachable }) {
      // Nothing is taken until the inspector answers: the buffer keeps the newest actions.
      guard await probe() else { return false }
      shared.withLock { $0.reachable = true }
    }
    let (body, actions, results): (Data, Int, [CommandResult])
    do {
      (body, actions, results) = try collect(from: store)
    } catch {
      shared.withLock { $0.failure = "\(error)" }
      return false
    }
    do {
      let data = try await post(body)
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
        shared.lost += actions
        shared.results = results + shared.results
        shared.reachable = false
      }
      return false
    }
  }

  /// Whether the inspector answers a batch without events.
  func probe() async -> Bool {
    do {
      _ = try await post(try JSONSerialization.data(withJSONObject: ["feature": feature, "session": session, "events": []]))
      return true
    } catch {
      shared.withLock { $0.failure = "\(error)" }
      return false
    }
  }

  /// Posts `body` to the inspector; its answer's body, or why there is none.
  private func post(_ body: Data) async throws -> Data {
    var request = URLRequest(url: url, timeoutInterval: 5)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = body
    let (data, response) = try await URLSession.shared.data(for: request)
    guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
      throw InspectorConnectionError(message: "the inspector answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    }
    return data
  }

  /// Takes what waits, with the store's state at that moment (under the store's lock, so the
  /// two agree), works out each action's states, and makes the batch: its JSON, how many
  /// actions it holds, and the results it reports.
  func collect(from store: Store<State, Action>) throws -> (Data, Int, [CommandResult]) {
    let (taken, now) = store.read { state in (outbox.take(), state) }
    let (sent, hello, lost, results) = shared.withLock { shared in
      var sent: [Sent] = []
      if taken.dropped > 0 {
        shared.shadow = nil
        shared.needsHello = true
      }
      for event in taken.elements {
        switch event {
        case .action(let sequence, let time, let action):
          guard var state = shared.shadow, let reducer = shared.reducer else {
            sent.append(.actionAlone(sequence: sequence, time: time, action: action))
            continue
          }
          let before = state
          reducer(&state, action)
          shared.shadow = state
          let inspected = InspectedAction(sequence: sequence, time: time, action: action, before: before, after: state)
          shared.history.append(inspected)
          if shared.history.count >= 2 * capacity { shared.history.removeFirst(shared.history.count - capacity) }
          sent.append(.action(inspected))
        case .jump(let sequence, let boxed):
          shared.shadow = boxed.state
          sent.append(.jump(to: sequence, state: boxed.state))
        case .skip(let skipped, let boxed):
          shared.shadow = boxed.state
          sent.append(.skip(skipped: skipped, state: boxed.state))
        case .effect(let event, let time):
          sent.append(.effect(event, time: time))
        }
      }
      // The actions lead where the store is, unless something else set its state (or actions
      // were dropped): then the page is sent the store's state whole, and goes on from there.
      if shared.shadow != now {
        shared.shadow = now
        shared.needsHello = true
      }
      return (sent, shared.needsHello, shared.lost, shared.results)
    }
    let actions = taken.elements.reduce(0) { count, event in
      if case .action = event { return count + 1 }
      return count
    }
    let body: Data
    do {
      body = try batch(sent, hello: hello ? now : nil, dropped: taken.dropped + lost, results: results)
    } catch {
      // What was taken can't be sent: counted as dropped, and the whole state sent next time.
      shared.withLock { shared in
        shared.lost += actions
        shared.needsHello = true
      }
      throw error
    }
    // Only this task changes them between the two locks: what was read is what is cleared.
    shared.withLock { shared in
      shared.needsHello = false
      shared.lost = 0
      shared.results.removeFirst(min(results.count, shared.results.count))
    }
    return (body, actions, results)
  }

  /// One batch as JSON: `feature`, `session`, `hello` (the state now, when the page needs it
  /// whole), `dropped`, `events` and `results` of earlier commands. An action's `before` is left
  /// out when the event before it in the batch (an action, a jump, a skip) left that state.
  func batch(_ sent: [Sent], hello: State?, dropped: Int, results: [CommandResult]) throws -> Data {
    let iso = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    var events: [Any] = []
    // An action's state before it is the state the event before it left, when that is in this
    // batch: it is sent once.
    var follows = false
    for event in sent {
      defer {
        switch event {
        case .action, .jump, .skip: follows = true
        case .actionAlone: follows = false
        case .effect: break
        }
      }
      switch event {
      case .action(let inspected):
        var object: [String: Any] = [
          "kind": "action", "sequence": inspected.sequence, "time": inspected.time.formatted(iso),
          "path": inspected.path, "action": try InspectorJSON.object(inspected.action),
          "state": try InspectorJSON.object(inspected.after),
        ]
        if !follows { object["before"] = try InspectorJSON.object(inspected.before) }
        events.append(object)
      case .actionAlone(let sequence, let time, let action):
        events.append([
          "kind": "action", "sequence": sequence, "time": time.formatted(iso), "path": actionPath(action),
          "action": try InspectorJSON.object(action),
        ])
      case .jump(let sequence, let state):
        events.append(["kind": "jump", "sequence": sequence, "state": try InspectorJSON.object(state)])
      case .skip(let skipped, let state):
        events.append(["kind": "skip", "skipped": skipped, "state": try InspectorJSON.object(state)])
      case .effect(let event, let time):
        events.append(["kind": "effect", "phase": event.kind.rawValue, "scope": event.scope, "time": time.formatted(iso)])
      }
    }
    var object: [String: Any] = [
      "feature": feature, "session": session, "dropped": dropped, "capacity": capacity, "events": events,
      "results": results.map { result -> [String: Any] in
        ["id": result.id, "ok": result.message == nil, "message": result.message ?? ""]
      },
    ]
    if let hello {
      object["hello"] = ["state": try InspectorJSON.object(hello)]
    }
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
  }

  // MARK: Commands

  /// Under the store's lock, as a jump sets the state: the actions numbered so far are behind it.
  private func startLine() {
    let numbered = outbox.numbered
    shared.withLock { $0.lineStartsAfter = numbered }
  }

  /// Sets the store's state, recording it in the log under the store's lock, and returns once
  /// it is set (while another thread dispatches, that is when its dispatch ends), so that the
  /// next command comes after it.
  private func replace(_ store: Store<State, Action>, with state: State, recording: @escaping @Sendable () -> Void) {
    let applied = DispatchSemaphore(value: 0)
    store.replaceState(state) {
      recording()
      applied.signal()
    }
    // This task is never the one dispatching; a dispatch that never ends is not waited for.
    _ = applied.wait(timeout: .now() + .seconds(5))
  }

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
    let outbox = self.outbox
    switch command["kind"] as? String {
    case "jump":
      let sequence = command["sequence"] as? Int ?? -1
      let state = try shared.withLock { shared -> State in
        let state: State
        if sequence == 0, let initial = shared.initial {
          state = initial
        } else if let kept = shared.history.first(where: { $0.sequence == sequence }) {
          state = kept.after
        } else {
          throw InspectorConnectionError(message: "action #\(sequence) is no longer kept (the app keeps \(capacity))")
        }
        shared.skipped = []
        return state
      }
      let boxed = Boxed(state)
      replace(store, with: state) {
        self.startLine()
        outbox.append(.jump(to: sequence, state: boxed))
      }
    case "skip":
      let sequence = command["sequence"] as? Int ?? -1
      let (state, skipped) = try shared.withLock { shared -> (State, [Int]) in
        guard shared.history.contains(where: { $0.sequence == sequence }), let reducer = shared.reducer else {
          throw InspectorConnectionError(message: "action #\(sequence) is no longer kept (the app keeps \(capacity))")
        }
        guard sequence > shared.lineStartsAfter else {
          throw InspectorConnectionError(
            message: "action #\(sequence) came before the last jump: only the actions since can be skipped")
        }
        var skipped = shared.skipped
        if skipped.contains(sequence) { skipped.remove(sequence) } else { skipped.insert(sequence) }
        let first = skipped.min() ?? sequence
        guard let start = shared.history.firstIndex(where: { $0.sequence == first }) else {
          throw InspectorConnectionError(message: "action #\(first) is no longer kept")
        }
        var state = shared.history[start].before
        for kept in shared.history[start...] where !skipped.contains(kept.sequence) {
          reducer(&state, kept.action)
        }
        shared.skipped = skipped
        return (state, skipped.sorted())
      }
      let boxed = Boxed(state)
      replace(store, with: state) { outbox.append(.skip(skipped: skipped, state: boxed)) }
    case "dispatch":
      guard let action = command["action"] else { throw InspectorConnectionError(message: "no action to dispatch") }
      let data = try JSONSerialization.data(withJSONObject: action, options: [.fragmentsAllowed])
      do {
        store.dispatch(try InspectorJSON.decoder().decode(Action.self, from: data))
      } catch let error as DecodingError {
        throw InspectorConnectionError(message: "the action doesn't decode: \(describe(error))")
      }
    case "replay":
      guard let text = command["recording"] as? String else { throw InspectorConnectionError(message: "no recording") }
      let recording = try Recording<State, Action>(jsonLines: text)
      guard let reducer = shared.withLock({ $0.reducer }) else {
        throw InspectorConnectionError(message: "the store's reducer isn't inspected")
      }
      var state = recording.initialState
      for step in recording.steps { reducer(&state, step.action) }
      // The recording's first state, then its actions, in the log as the store takes its last state.
      let initial = Boxed(recording.initialState)
      let actions = recording.steps.map(\.action)
      shared.withLock { $0.skipped = [] }
      replace(store, with: state) {
        self.startLine()
        outbox.append(.jump(to: -1, state: initial))
        for action in actions { outbox.append(numbering: { .action(sequence: $0, time: Date(), action: action) }) }
      }
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
