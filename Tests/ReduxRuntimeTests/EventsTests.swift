import Testing

@_spi(Generated) import ReduxRuntime

private struct Ping: Equatable, Sendable {
  var amount: Int
}

private struct Pong: Equatable, Sendable {
  var text: String
}

/// Emits a `Ping` for each add and a `Pong` for each note, as generated middleware do through
/// their `<Name>Events`.
private struct Emitter: Middleware {
  func process(_ action: CounterAction, context: MiddlewareContext<Counter, CounterAction>) -> CounterAction? {
    switch action {
    case .add(let amount): context.emit(Ping(amount: amount))
    case .note(let text): context.emit(Pong(text: text))
    }
    return action
  }
}

/// Events: what middleware emit reaches the `events(of:)` streams that exist at the time.
@Suite(.timeLimit(.minutes(1))) struct EventsTests {
  @Test("every stream of an event's type gets each event once, in order")
  func eachStreamGetsEveryEvent() async {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Emitter()])
    var first = store.events(of: Ping.self).makeAsyncIterator()
    var second = store.events(of: Ping.self).makeAsyncIterator()
    var pongs = store.events(of: Pong.self).makeAsyncIterator()
    store.dispatch(.add(1))
    store.dispatch(.note("x"))
    store.dispatch(.add(2))
    // Each stream of pings: both pings, no pong.
    #expect(await first.next() == Ping(amount: 1))
    #expect(await first.next() == Ping(amount: 2))
    #expect(await second.next() == Ping(amount: 1))
    #expect(await second.next() == Ping(amount: 2))
    #expect(await pongs.next() == Pong(text: "x"))
    // Nothing twice: the next event is the one emitted later.
    store.dispatch(.add(3))
    #expect(await first.next() == Ping(amount: 3))
    #expect(await second.next() == Ping(amount: 3))
  }

  @Test("nothing is replayed: a stream gets only the events emitted after it exists")
  func noReplay() async {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Emitter()])
    store.dispatch(.add(1))
    var late = store.events(of: Ping.self).makeAsyncIterator()
    store.dispatch(.add(2))
    #expect(await late.next() == Ping(amount: 2))
  }

  @Test("an event is emitted when the middleware runs, even for an action a later middleware stops")
  func emittedBeforeTheActionIsStopped() async {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Emitter(), Doubler()])
    var pings = store.events(of: Ping.self).makeAsyncIterator()
    store.dispatch(.add(-1))
    store.dispatch(.add(1))
    #expect(await pings.next() == Ping(amount: -1))
    #expect(await pings.next() == Ping(amount: 1))
    #expect(store.state.count == 2)
  }

  @Test("events a scoped middleware emits reach the app store's streams")
  func scopedMiddlewareEmits() async {
    let store = Store(initialState: App(), reducer: appReducer, middleware: [scoped([Emitter()])])
    var pings = store.events(of: Ping.self).makeAsyncIterator()
    store.dispatch(.other)
    store.dispatch(.counter(.add(5)))
    #expect(await pings.next() == Ping(amount: 5))
    #expect(store.state.counter.count == 5)
  }

  @Test("a stream that ended doesn't keep the others from getting events")
  func endedStream() async {
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [Emitter()])
    var kept = store.events(of: Ping.self).makeAsyncIterator()
    do {
      var ended = store.events(of: Ping.self).makeAsyncIterator()
      store.dispatch(.add(1))
      #expect(await ended.next() == Ping(amount: 1))
    }
    store.dispatch(.add(2))
    #expect(await kept.next() == Ping(amount: 1))
    #expect(await kept.next() == Ping(amount: 2))
  }
}
