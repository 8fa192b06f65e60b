/// Delivers the events middleware emit to the listeners present when each is emitted.
@usableFromInline
final class EventHub: Sendable {
  private struct Listeners {
    var nextID: UInt64 = 0
    /// In subscription order.
    var all: [(id: UInt64, deliver: @Sendable (any Sendable) -> Void)] = []
  }

  private let listeners = Locked(Listeners())

  @usableFromInline init() {}

  func emit(_ event: any Sendable) {
    // Delivered outside the lock, in listener order, so a listener may emit or stop listening.
    let current = listeners.withLock { $0.all }
    for listener in current { listener.deliver(event) }
  }

  func stream<Event: Sendable>(of type: Event.Type) -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    let id = listeners.withLock { listeners -> UInt64 in
      listeners.nextID += 1
      listeners.all.append(
        (
          listeners.nextID,
          { event in
            if let event = event as? Event { continuation.yield(event) }
          }
        ))
      return listeners.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.listeners.withLock { $0.all.removeAll { $0.id == id } }
    }
    return stream
  }
}

extension Store {
  /// The events of type `Event` that middleware emit from now on, each delivered once to every
  /// sequence that exists when it is emitted. Nothing is replayed; end listening by ending
  /// the iteration (or its task).
  public func events<Event: Sendable>(of type: Event.Type) -> AsyncStream<Event> {
    eventHub.stream(of: type)
  }

  @usableFromInline
  func emit(_ event: any Sendable) {
    eventHub.emit(event)
  }
}
