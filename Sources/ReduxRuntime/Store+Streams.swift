extension Store {
  /// The state now and after every action, as an asynchronous sequence. Ending the iteration
  /// ends the subscription. Only the newest `limit` states wait for a slow reader.
  public func states(bufferingNewest limit: Int = 64) -> AsyncStream<State> {
    values(of: { $0 }, skipRepeats: nil, bufferingNewest: limit)
  }

  /// The selected value now and whenever an action changes it, as an asynchronous sequence.
  public func values<Value: Equatable & Sendable>(
    of selector: @escaping @Sendable (State) -> Value, bufferingNewest limit: Int = 64
  ) -> AsyncStream<Value> {
    values(of: selector, skipRepeats: (==), bufferingNewest: limit)
  }

  private func values<Value: Sendable>(
    of selector: @escaping @Sendable (State) -> Value,
    skipRepeats: (@Sendable (Value, Value) -> Bool)?, bufferingNewest limit: Int
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(limit))
    let deliver: @Sendable (Value) -> ObserverStatus = { value in
      if case .terminated = continuation.yield(value) { return .dead }
      return .alive
    }
    // Started under the store's lock, so the current value comes before any change.
    let subscription = engine.add { id, end in
      ObserverBox(
        id: id, queue: nil, select: selector, skipRepeats: skipRepeats, observer: deliver, end: end,
        receivesCurrent: true)
    }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }
}

/// `Store.firstState(where:timeout:)` gave up.
public struct StateTimeout: Error, CustomStringConvertible {
  public let timeout: Duration
  public var description: String { "no state matched within \(timeout)" }
}

extension Store {
  /// The first state, from the current one on, for which `predicate` holds: for tests and for
  /// code that waits for an effect's outcome. Throws `StateTimeout` after `timeout`.
  public func firstState(
    where predicate: @escaping @Sendable (State) -> Bool, timeout: Duration = .seconds(5)
  ) async throws -> State {
    let states = self.states()
    return try await withThrowingTaskGroup(of: State?.self) { group in
      group.addTask {
        for await state in states where predicate(state) { return state }
        return nil
      }
      group.addTask {
        try await _Concurrency.Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let state = first else { throw StateTimeout(timeout: timeout) }
      return state
    }
  }
}
