/// What requests answered, kept while fresh, as RTK Query keeps query results: a request with
/// `fresh:` in its spec asks the cache before it calls its effect, and stores what the effect
/// returns under its arguments and the tags it `provides`; an action that `invalidates` tags
/// empties the answers that provide them, so the next request calls its effect again.
///
/// Generated `<Feature>EffectsMiddleware` keep one (`cache`); it is thread-safe.
public final class ResponseCache: Sendable {
  /// A request's arguments: its payload's values, each `Hashable`.
  public struct Key: Hashable, @unchecked Sendable {
    // Made only from `Sendable` values, so the boxes never share mutable state.
    private let parts: [AnyHashable]

    public init(_ parts: [any Hashable & Sendable]) {
      self.parts = parts.map { AnyHashable($0) }
    }
  }

  /// What a kept answer provides and an action invalidates, as RTK Query's tags: a name
  /// (`"collection"`, written as a string literal), maybe with an argument (`Tag("volume", id)`).
  /// Invalidating a name alone empties every answer that provides it, with any argument or none;
  /// invalidating a name with an argument empties the answers that provide it with that argument,
  /// and those that provide the name alone (a list, which may hold what changed).
  public struct Tag: Hashable, Sendable, ExpressibleByStringLiteral {
    public let name: String
    /// The argument, if any: a value of the request's payload.
    public let argument: Key?

    public init(_ name: String) {
      self.name = name
      argument = nil
    }

    public init(_ name: String, _ argument: some Hashable & Sendable) {
      self.name = name
      self.argument = Key([argument])
    }

    public init(stringLiteral name: String) {
      self.init(name)
    }

    /// Whether invalidating `self` empties an answer that provides `provided`.
    func empties(_ provided: Tag) -> Bool {
      name == provided.name && (argument == nil || provided.argument == nil || argument == provided.argument)
    }
  }

  private struct Entry: Sendable {
    var value: any Sendable
    /// When it was stored: time since the cache was made.
    var stored: Duration
    var tags: Set<Tag>
  }

  private let entries = Locked<[String: [Key: Entry]]>([:])
  private let now: @Sendable () -> Duration

  /// - Parameter clock: What freshness is measured on; a test passes one it advances.
  public init<C: Clock>(clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
  }

  /// A cache on the `ContinuousClock`.
  public convenience init() {
    self.init(clock: ContinuousClock())
  }

  /// What `request` answered for `key` less than `freshFor` ago, if no tag it provides was
  /// invalidated since; otherwise what `operation` returns, stored under `key` with `tags`. An
  /// error is never stored.
  public func answer<Value: Sendable, Failure: Error>(
    _ request: String, key: Key, freshFor: Duration, tags: [Tag],
    _ operation: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let now = now()
    let cached = entries.withLock { entries -> Value? in
      guard let entry = entries[request]?[key], now - entry.stored < freshFor else { return nil }
      return entry.value as? Value
    }
    if let cached { return cached }
    let value = try await operation()
    let stored = self.now()
    entries.withLock { $0[request, default: [:]][key] = Entry(value: value, stored: stored, tags: Set(tags)) }
    return value
  }

  /// Forgets every answer that provides one of `tags` (see `Tag`).
  public func invalidate(_ tags: [Tag]) {
    entries.withLock { entries in
      for request in entries.keys {
        entries[request] = entries[request]?.filter { entry in
          !entry.value.tags.contains { provided in tags.contains { $0.empties(provided) } }
        }
      }
    }
  }

  /// What `operation` returns; once it has returned, the answers that provide one of `tags` are
  /// forgotten, before the success it becomes is dispatched (a request that invalidates tags
  /// with its payload's values: `invalidates: [volume(book.id)]`).
  public func invalidating<Value: Sendable, Failure: Error>(
    _ tags: [Tag], after operation: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let value = try await operation()
    invalidate(tags)
    return value
  }

  /// Forgets every answer.
  public func removeAll() {
    entries.withLock { $0.removeAll() }
  }

  /// How many answers are kept, fresh or not.
  public var count: Int {
    entries.withLock { $0.values.reduce(0) { $0 + $1.count } }
  }
}
