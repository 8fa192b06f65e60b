import ReduxRuntime
import Testing

/// A test double of one effect: the test says what it does (return a value, throw an error,
/// answer from the arguments, or wait until the test answers), and reads the calls it got.
///
/// A generated `<Feature>TestEffects` holds one per effect of the feature's spec:
///
/// ```swift
/// effects.fetchUser.returns(User(id: "u1", name: "Ada"))
/// effects.saveUser.waits()
/// await store.send(.saveUser(user: ada)) { $0.users["u1"] = ada }
/// await effects.saveUser.succeed()          // the oldest waiting call returns
/// #expect(effects.fetchUser.calls == ["u1"])
/// ```
///
/// A call made before the test said what to do fails the test (and throws
/// `UnimplementedEffect`, or waits when the effect's error type can't be that). A waiting call
/// whose request is cancelled ends with `CancellationError`; an effect with a typed error that
/// returns a value keeps waiting until the test answers it.
public final class EffectDouble<Arguments: Sendable, Value: Sendable, Failure: Error>: Sendable {
  private enum Behavior {
    case unset
    case answer(@Sendable (Arguments) -> Result<Value, Failure>)
    case waits
  }

  private struct Contents {
    var behavior = Behavior.unset
    var calls: [Arguments] = []
    var nextID: UInt64 = 0
    /// The calls waiting for the test's answer, oldest first.
    var waiting: [(id: UInt64, continuation: CheckedContinuation<Result<Value, Failure>?, Never>)] = []
  }

  /// The effect's name, for failure messages.
  public let name: String
  private let contents = Locked(Contents())
  private let signal = Signal()

  public init(_ name: String) {
    self.name = name
  }

  /// The arguments of every call, in order.
  public var calls: [Arguments] { contents.withLock { $0.calls } }

  /// How many calls wait for the test's answer.
  public var waitingCount: Int { contents.withLock { $0.waiting.count } }

  /// Every call returns `value`.
  public func returns(_ value: Value) {
    set(.answer { _ in .success(value) })
  }

  /// Every call throws `error`.
  public func fails(with error: Failure) {
    set(.answer { _ in .failure(error) })
  }

  /// Every call returns what `answer` makes of its arguments, or throws what it throws.
  public func answers(_ answer: @escaping @Sendable (Arguments) throws(Failure) -> Value) {
    set(.answer { arguments in Result { () throws(Failure) -> Value in try answer(arguments) } })
  }

  /// Every call waits until the test answers it with `succeed` or `fail`.
  public func waits() {
    set(.waits)
  }

  private func set(_ behavior: Behavior) {
    contents.withLock { $0.behavior = behavior }
  }

  /// Answers the oldest waiting call with `value`, waiting up to `timeout` for a call to wait.
  public func succeed(
    _ value: Value, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    await resolve(
      .success(value), timeout: timeout,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Answers the oldest waiting call by throwing `error`, waiting up to `timeout` for a call.
  public func fail(
    _ error: Failure, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    await resolve(
      .failure(error), timeout: timeout,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits until the double has had `count` calls, up to `timeout`: a request's task may not
  /// have called its effect yet when `send` returns.
  public func waitForCalls(
    _ count: Int, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let reached = await signal.waitUntil(timeout: timeout) { self.calls.count >= count ? true : nil }
    if reached == nil {
      record(
        "\(name) had \(calls.count) call(s), not \(count), within \(timeout).",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  private func resolve(_ result: Result<Value, Failure>, timeout: Duration, at location: SourceLocation) async {
    let waiting = await signal.waitUntil(timeout: timeout) {
      self.contents.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst().continuation }
    }
    guard let waiting else {
      record("No call of \(name) was waiting for an answer within \(timeout).", at: location)
      return
    }
    waiting.resume(returning: result)
  }

  /// What the generated test effects call: records the call and does what the test said.
  public func call(_ arguments: Arguments) async throws(Failure) -> Value {
    let behavior = contents.withLock { contents in
      contents.calls.append(arguments)
      return contents.behavior
    }
    signal.fire()
    switch behavior {
    case .answer(let answer):
      return try answer(arguments).get()
    case .unset:
      Issue.record(
        "\(name) was called, but the test didn't say what it does: call returns, fails, answers or waits first.")
      if let unimplemented = UnimplementedEffect(name) as? Failure { throw unimplemented }
      return try await wait(cancellable: false).get()
    case .waits:
      return try await wait(cancellable: true).get()
    }
  }

  /// Waits for the test's answer. A cancelled call ends with `CancellationError` (or `()`, the
  /// outcome being dropped anyway) when its types allow it; otherwise it waits on.
  private func wait(cancellable: Bool) async -> Result<Value, Failure> {
    let canEnd = CancellationError() is Failure || Value.self == Void.self
    let id = contents.withLock { contents -> UInt64 in
      contents.nextID += 1
      return contents.nextID
    }
    let answer = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // A task cancelled before it got here ran the handler already, with nothing to end.
        let endNow = contents.withLock { contents -> Bool in
          if Task.isCancelled && canEnd && cancellable { return true }
          contents.waiting.append((id, continuation))
          return false
        }
        if endNow { continuation.resume(returning: nil) } else { signal.fire() }
      }
    } onCancel: {
      guard canEnd && cancellable else { return }
      let continuation = contents.withLock { contents in
        contents.waiting.firstIndex { $0.id == id }.map { contents.waiting.remove(at: $0).continuation }
      }
      continuation?.resume(returning: nil)
    }
    if let answer { return answer }
    if let cancelled = CancellationError() as? Failure { return .failure(cancelled) }
    // Value is Void (`canEnd`): the runner drops a cancelled request's outcome.
    guard let nothing = () as? Value else { preconditionFailure("only a Void effect ends this way") }
    return .success(nothing)
  }
}
