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
    let subscription = subscribeFromNow(to: selector, skipRepeats: skipRepeats, deliver)
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }
}
