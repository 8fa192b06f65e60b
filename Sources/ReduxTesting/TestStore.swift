import CustomDump
import ReduxDebugging
import ReduxRuntime
import Testing

/// How much a `TestStore` insists on.
public enum Exhaustivity: Sendable, Equatable {
  /// Every change of the state is asserted, every action the middleware and effects dispatch is
  /// received, and no effect is left running at the end.
  case on
  /// Only what the test states is checked: a `send` or `receive` closure's assignments must hold,
  /// received actions the test doesn't ask for are skipped, and effects may still be running.
  /// For integration tests of many actions.
  case off
}

/// A store for tests: every action's change of the state is asserted as the test expects it,
/// and the actions that middleware and effects dispatch are received and asserted in turn.
///
/// ```swift
/// let effects = UsersTestEffects()
/// let store = TestStore(
///   initialState: UsersState(), reducer: usersReducer,
///   middleware: [UsersEffectsMiddleware(effects: effects.effects)])
/// effects.fetchUser.returns(ada)
/// await store.send(.fetchUser(id: "u1")) { $0.fetchStatus = .loading }
/// await store.receive(.fetchUserSucceeded(user: ada)) {
///   $0.users["u1"] = ada
///   $0.fetchStatus = .succeeded
/// }
/// await store.finish()
/// ```
///
/// The closure of `send` and `receive` changes the state as it was before the action into the
/// state the test expects after it; any difference fails the test with a diff of the two, at the
/// line of the call. A test fails, too, when it sends an action while received actions are left
/// unasserted, and when the store is released (or `finish()`ed) with received actions left or
/// effects still running. `exhaustivity = .off` relaxes all this for integration tests.
///
/// The middleware run as in a `Store`: effects are real middleware over test doubles (a
/// generated `<Feature>TestEffects`), with a clock the test advances for debounced and throttled
/// requests. The TestStore waits for what effects dispatch, up to `timeout`; it never sleeps
/// otherwise.
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable>: Sendable {
  private let store: Store<State, Action>
  private let journal: Journal<State, Action>
  private let progress: Locked<Progress>
  private let createdAt: SourceLocation

  private struct Progress {
    var exhaustivity: Exhaustivity
    var timeout: Duration
    /// The first step not yet asserted or skipped.
    var cursor = 0
    var finished = false
  }

  /// - Parameters:
  ///   - initialState: The state before the first action.
  ///   - reducer: The feature's reducer.
  ///   - middleware: The middleware, in order, as the app's store has them (effects over test
  ///     doubles).
  ///   - actionValues: The ids and time middleware make as they run (`ActionValues.current`,
  ///     which generated creators and follow-ups read), such as `.incrementing(now:)`, so a
  ///     test knows the actions they send; nil leaves what the test's task has bound.
  ///   - exhaustivity: Whether every change must be asserted (the default) or only what the test
  ///     states.
  ///   - timeout: How long `send`, `receive` and `finish` wait for what effects do.
  ///   - fileID: Where the test creates the store, for failures found when it goes away.
  ///   - filePath: Where the test creates the store.
  ///   - line: Where the test creates the store.
  ///   - column: Where the test creates the store.
  public init(
    initialState: State, reducer: @escaping Store<State, Action>.Reducer,
    middleware: [any Middleware<State, Action>] = [], actionValues: ActionValues? = nil,
    exhaustivity: Exhaustivity = .on, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) {
    FollowUpCheck.warnIfMissing(Action.self, in: middleware)
    let journal = Journal<State, Action>()
    self.journal = journal
    self.store = Store(
      initialState: initialState,
      reducer: { state, action in
        reducer(&state, action)
        journal.reduced(state)
      },
      middleware: [JournalMiddleware(journal: journal, middleware: middleware, actionValues: actionValues)])
    self.progress = Locked(Progress(exhaustivity: exhaustivity, timeout: timeout))
    self.createdAt = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    let progress = progress.withLock { $0 }
    guard !progress.finished, progress.exhaustivity == .on else { return }
    let left = journal.steps(from: progress.cursor).filter { !$0.isSent }
    if !left.isEmpty {
      record(Self.unasserted(left, before: "the store was released"), at: createdAt)
    }
    let pending = store.pendingWork
    if !pending.isEmpty {
      record(
        "Effects were still running when the store was released: \(pending.joined(separator: "; ")). "
          + "Await `finish()`, or cancel them.", at: createdAt)
    }
  }

  /// The current state.
  public var state: State { store.state }

  /// Whether every change must be asserted; it may change during a test.
  public var exhaustivity: Exhaustivity {
    get { progress.withLock { $0.exhaustivity } }
    set { progress.withLock { $0.exhaustivity = newValue } }
  }

  /// How long `send`, `receive` and `finish` wait for what effects do.
  public var timeout: Duration {
    get { progress.withLock { $0.timeout } }
    set { progress.withLock { $0.timeout = newValue } }
  }

  /// Sends `action` through the middleware to the reducer and asserts the state it leaves:
  /// `updateExpected` changes the state before the action into the one expected after it (leave
  /// it out when the action changes nothing).
  ///
  /// It runs on the caller's actor (`isolation`, filled in by `#isolation`): a `@MainActor`
  /// test's closure never leaves the main actor, and a nonisolated test's stays nonisolated.
  public func send(
    _ action: Action, assert updateExpected: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (cursor, exhaustivity, timeout) = progress.withLock { ($0.cursor, $0.exhaustivity, $0.timeout) }
    let earlier = journal.steps(from: cursor).filter { !$0.isSent }
    if exhaustivity == .on, !earlier.isEmpty {
      record(Self.unasserted(earlier, before: "sending an action"), at: location)
    }
    journal.expectSend(action)
    store.dispatch(action)
    // Another thread (an effect's outcome) may be dispatching: the action then waits its turn.
    let found = await journal.waitForStep(from: cursor, timeout: timeout) { $0.isSent }
    guard let (index, step) = found else {
      record("The sent action \(Self.describe(action)) wasn't processed within \(timeout).", at: location)
      return
    }
    progress.withLock { $0.cursor = index + 1 }
    check(step, against: updateExpected, exhaustivity: exhaustivity, what: "sending", at: location)
  }

  /// Asserts that the next action dispatched by middleware or an effect is `expected` (waiting
  /// for it up to `timeout`), and the state it leaves as `send` does. With exhaustivity off,
  /// received actions before a matching one are skipped.
  public func receive(
    _ expected: Action, timeout: Duration? = nil, assert updateExpected: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      description: Self.describe(expected), matching: { $0 == expected }, expected: expected, timeout: timeout,
      assert: updateExpected, isolation: isolation, at: location)
  }

  /// Asserts that the next action dispatched by middleware or an effect is one `isExpected`
  /// accepts (for actions whose payload the test can't know in full), and the state it leaves.
  public func receive(
    where isExpected: @escaping @Sendable (Action) -> Bool, timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      description: "an action that matches", matching: isExpected, expected: nil, timeout: timeout,
      assert: updateExpected, isolation: isolation, at: location)
  }

  private func receive(
    description: String, matching isExpected: @escaping @Sendable (Action) -> Bool, expected: Action?,
    timeout: Duration?, assert updateExpected: ((inout State) throws -> Void)?,
    isolation: isolated (any Actor)?, at location: SourceLocation
  ) async {
    let (cursor, exhaustivity, storeTimeout) = progress.withLock { ($0.cursor, $0.exhaustivity, $0.timeout) }
    let timeout = timeout ?? storeTimeout
    // With exhaustivity on, the next received action is the one; off, the next matching one.
    let found = await journal.waitForStep(from: cursor, timeout: timeout) { step in
      !step.isSent && (exhaustivity == .on || isExpected(step.action))
    }
    guard let (index, step) = found else {
      let skipped = journal.steps(from: cursor).filter { !$0.isSent }.map { Self.describe($0.action) }
      record(
        "Expected to receive \(description) within \(timeout), but "
          + (skipped.isEmpty ? "no action was received." : "received only: \(skipped.joined(separator: ", ")).")
          + Self.pendingNote(store.pendingWork), at: location)
      return
    }
    progress.withLock { $0.cursor = index + 1 }
    guard isExpected(step.action) else {
      let difference = expected.flatMap { diff($0, step.action, format: .proportional) }
      record(
        "Received an unexpected action: "
          + (difference.map { "(−expected, +received)\n\n\($0)" } ?? Self.describe(step.action)), at: location)
      return
    }
    check(step, against: updateExpected, exhaustivity: exhaustivity, what: "receiving", at: location)
  }

  /// Every action middleware and effects dispatched so far, in order, asserted or not.
  public var receivedActions: [Action] {
    journal.steps(from: 0).filter { !$0.isSent }.map(\.action)
  }

  /// Waits until the effects have dispatched their outcomes (as `Store.idle()`), up to `timeout`;
  /// fails the test if they haven't by then.
  public func idle(
    timeout: Duration? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let store = self.store
    guard await !completes(within: timeout, { await store.idle() }) else { return }
    record(
      "Effects were still running after \(timeout): \(store.pendingWork.joined(separator: "; ")).",
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Skips the received actions not yet asserted, for a test that doesn't care about them.
  public func skipReceivedActions() {
    let end = journal.count
    progress.withLock { $0.cursor = max($0.cursor, end) }
  }

  /// Waits for the effects to finish (up to `timeout`), then fails if any is still running or
  /// waiting on the clock, or if received actions were left unasserted. With exhaustivity off,
  /// it only waits.
  public func finish(
    timeout: Duration? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (exhaustivity, storeTimeout) = progress.withLock { progress in
      progress.finished = true
      return (progress.exhaustivity, progress.timeout)
    }
    let timeout = timeout ?? storeTimeout
    let store = self.store
    let settled = await completes(within: timeout) { await store.idle() }
    guard exhaustivity == .on else { return }
    let pending = store.pendingWork
    if !settled || !pending.isEmpty {
      record(
        (settled ? "Effects are still waiting on the clock: " : "Effects were still running after \(timeout): ")
          + pending.joined(separator: "; ") + ". Let them finish (advance the clock), or cancel them (a timer runs until stopped).",
        at: location)
    }
    let cursor = progress.withLock { $0.cursor }
    let left = journal.steps(from: cursor).filter { !$0.isSent }
    if !left.isEmpty {
      record(Self.unasserted(left, before: "finishing"), at: location)
    }
  }

  /// Asserts the state a step left.
  private func check(
    _ step: Step<State, Action>, against updateExpected: ((inout State) throws -> Void)?,
    exhaustivity: Exhaustivity, what: String, at location: SourceLocation
  ) {
    // On, the expectation starts from the state before; off, from the actual state after, so
    // only what the closure sets is checked.
    var expected = exhaustivity == .on ? step.before : step.after
    do {
      try updateExpected?(&expected)
    } catch {
      record("The assertion closure threw: \(error)", at: location)
      return
    }
    guard expected != step.after else { return }
    let difference = diff(expected, step.after, format: .proportional) ?? ""
    let intro =
      updateExpected == nil && exhaustivity == .on
      ? "The state was expected not to change after \(what) \(Self.describe(step.action)), but it did:"
      : "The state after \(what) \(Self.describe(step.action)) isn't the expected one:"
    record("\(intro) (−expected, +actual)\n\n\(difference)", at: location)
  }

  private static func describe(_ action: Action) -> String {
    String(customDumping: action)
  }

  private static func unasserted(_ steps: [Step<State, Action>], before moment: String) -> String {
    "\(steps.count) received action(s) were not asserted before \(moment): "
      + steps.map { describe($0.action) }.joined(separator: ", ")
      + ". Receive them, or call `skipReceivedActions()`."
  }

  private static func pendingNote(_ pending: [String]) -> String {
    pending.isEmpty ? "" : " Effects under way: \(pending.joined(separator: "; "))."
  }
}

/// Records a failure of the current test at `location`.
func record(_ message: String, at location: SourceLocation) {
  Issue.record(Comment(rawValue: message), sourceLocation: location)
}

/// One action as it went through a TestStore's store.
struct Step<State: Sendable, Action: Sendable>: Sendable {
  /// The action as dispatched (before middleware changed it, if they did).
  var action: Action
  /// Whether the test sent it; otherwise middleware or an effect dispatched it.
  var isSent: Bool
  var before: State
  /// The state after the reducer; `before` when a middleware stopped the action.
  var after: State
}

/// Every action a TestStore's store processed, in order, with the state before and after.
final class Journal<State: Sendable, Action: Equatable & Sendable>: Sendable {
  private struct Contents {
    var steps: [Step<State, Action>] = []
    /// The action the test is sending, until it enters the middleware.
    var sending: Action?
    /// The action between the middleware's start and the reducer.
    var current: Step<State, Action>?
  }

  private let contents = Locked(Contents())
  private let signal = Signal()

  var count: Int { contents.withLock { $0.steps.count } }

  func steps(from index: Int) -> [Step<State, Action>] {
    contents.withLock { Array($0.steps[min(index, $0.steps.count)...]) }
  }

  func expectSend(_ action: Action) {
    contents.withLock { $0.sending = action }
  }

  /// An action enters the middleware (the store processes one at a time).
  func begin(_ action: Action, state: State) {
    contents.withLock { contents in
      let isSent = contents.sending == action
      if isSent { contents.sending = nil }
      contents.current = Step(action: action, isSent: isSent, before: state, after: state)
    }
  }

  /// The reducer has run: the step is done.
  func reduced(_ state: State) {
    commit { $0.after = state }
  }

  /// A middleware stopped the action: the state didn't change.
  func stopped() {
    commit { _ in }
  }

  private func commit(_ finish: (inout Step<State, Action>) -> Void) {
    contents.withLock { contents in
      guard var step = contents.current else { return }
      finish(&step)
      contents.steps.append(step)
      contents.current = nil
    }
    signal.fire()
  }

  /// The first step from `index` on that `isWanted` accepts, waiting for it up to `timeout`.
  func waitForStep(
    from index: Int, timeout: Duration, where isWanted: @escaping @Sendable (Step<State, Action>) -> Bool
  ) async -> (Int, Step<State, Action>)? {
    await signal.waitUntil(timeout: timeout) { () -> (Int, Step<State, Action>)? in
      self.contents.withLock { contents -> (Int, Step<State, Action>)? in
        guard index < contents.steps.count else { return nil }
        return contents.steps[index...].firstIndex(where: isWanted).map { ($0, contents.steps[$0]) }
      }
    }
  }
}

/// Runs a TestStore's middleware and writes each action in its journal.
struct JournalMiddleware<State: Sendable, Action: Equatable & Sendable>: Middleware {
  let journal: Journal<State, Action>
  let middleware: [any Middleware<State, Action>]
  /// Bound as `ActionValues.current` while the middleware run, when given.
  let actionValues: ActionValues?

  /// `body`, with `actionValues` bound when there are some.
  private func bound<T>(_ body: () -> T) -> T {
    guard let actionValues else { return body() }
    return ActionValues.$current.withValue(actionValues, operation: body)
  }

  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    bound { processAll(action, context: context) }
  }

  private func processAll(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    journal.begin(action, state: context.state)
    var current = action
    for step in middleware {
      guard let passed = step.process(current, context: context) else {
        journal.stopped()
        return nil
      }
      current = passed
    }
    return current
  }

  func start(context: MiddlewareContext<State, Action>) {
    bound {
      for step in middleware { step.start(context: context) }
    }
  }

  func idle() async -> Bool {
    var waited = false
    for step in middleware where await step.idle() { waited = true }
    return waited
  }

  var pendingWork: [String] { middleware.flatMap(\.pendingWork) }
}
