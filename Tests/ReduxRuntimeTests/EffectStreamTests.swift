import Testing

@testable import ReduxRuntime

/// The values a stream's request dispatched, in order.
private struct Received: Equatable, Sendable {
  var all: [String] = []
}

private enum Part: Equatable, Sendable {
  case partial(String)
  case failed(String)
}

private let receivedReducer: Store<Received, Part>.Reducer = { state, action in
  switch action {
  case .partial(let value): state.all.append(value)
  case .failed(let message): state.all.append("failed: \(message)")
  }
}

private struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// `EffectRunner.stream`: a request whose effect yields values, each dispatched, until it ends,
/// throws or is cancelled.
@Suite(.timeLimit(.minutes(1))) struct EffectStreamTests {
  private let store = Store(initialState: Received(), reducer: receivedReducer)
  private var context: MiddlewareContext<Received, Part> { MiddlewareContext(store: store) }

  @Test("each value yielded is dispatched in order; a finished stream dispatches nothing more")
  func valuesInOrder() async {
    let runner = EffectRunner<Received, Part>()
    runner.stream(
      "transcribe", context: context,
      { AsyncThrowingStream { continuation in
          for word in ["the", "the cat", "the cat sat"] { continuation.yield(word) }
          continuation.finish()
        }
      }, element: { .partial($0) }, failure: { .failed("\($0)") })
    #expect(await runner.idle())
    #expect(store.state.all == ["the", "the cat", "the cat sat"])
    #expect(runner.runningCount == 0)
  }

  @Test("a stream that throws dispatches its values, then the failure")
  func failureAfterValues() async {
    let runner = EffectRunner<Received, Part>()
    runner.stream(
      "transcribe", context: context,
      { AsyncThrowingStream { continuation in
          continuation.yield("the")
          continuation.finish(throwing: Boom())
        }
      }, element: { .partial($0) }, failure: { .failed("\($0)") })
    await runner.idle()
    #expect(store.state.all == ["the", "failed: boom"])
  }

  @Test("an effect that throws before streaming dispatches the failure")
  func failureBeforeStreaming() async {
    let runner = EffectRunner<Received, Part>()
    runner.stream(
      "transcribe", context: context, { () async throws -> AsyncThrowingStream<String, any Error> in throw Boom() },
      element: { .partial($0) }, failure: { .failed("\($0)") })
    await runner.idle()
    #expect(store.state.all == ["failed: boom"])
  }

  @Test("cancelling a stream's scope terminates the stream; what it yields after is dropped")
  func cancelTerminates() async throws {
    let runner = EffectRunner<Received, Part>()
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
    let (terminations, terminated) = AsyncStream.makeStream(of: Void.self)
    continuation.onTermination = { _ in terminated.yield() }
    runner.stream(
      "transcribe", context: context, { stream }, element: { .partial($0) }, failure: { .failed("\($0)") })
    continuation.yield("the")
    _ = try await store.firstState(where: { $0.all == ["the"] }, timeout: .seconds(50))
    runner.cancel("transcribe")
    var told = terminations.makeAsyncIterator()
    await told.next()
    continuation.yield("the cat")
    continuation.finish()
    await runner.idle()
    #expect(store.state.all == ["the"])
    #expect(runner.runningCount == 0)
  }

  @Test("under latest, a newer stream ends the older one; only the newer's values come")
  func newerStreamWins() async throws {
    let runner = EffectRunner<Received, Part>()
    let (old, oldContinuation) = AsyncThrowingStream.makeStream(of: String.self)
    let (new, newContinuation) = AsyncThrowingStream.makeStream(of: String.self)
    runner.stream("transcribe", context: context, { old }, element: { .partial($0) }, failure: { .failed("\($0)") })
    oldContinuation.yield("old")
    _ = try await store.firstState(where: { $0.all == ["old"] }, timeout: .seconds(50))
    runner.stream("transcribe", context: context, { new }, element: { .partial($0) }, failure: { .failed("\($0)") })
    newContinuation.yield("new")
    newContinuation.finish()
    oldContinuation.yield("old again")
    oldContinuation.finish()
    await runner.idle()
    #expect(store.state.all == ["old", "new"])
  }
}
