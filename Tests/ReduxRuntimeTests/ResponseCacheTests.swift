import Clocks
import ReduxRuntime
import Testing

struct ResponseCacheTests {
  struct Refused: Error, Equatable {}

  @Test("an answer is kept while fresh, per request and payload, and asked again once stale")
  func freshness() async throws {
    let clock = TestClock()
    let cache = ResponseCache(clock: clock)
    let calls = Locked(0)
    func load(_ query: String) async -> String {
      await cache.answer("search", key: .init([query]), freshFor: .seconds(60), tags: []) {
        calls.withLock { $0 += 1 }
        return "answer \(query) \(calls.withLock { $0 })"
      }
    }
    #expect(await load("emma") == "answer emma 1")
    #expect(await load("emma") == "answer emma 1")
    #expect(await load("persuasion") == "answer persuasion 2")
    await clock.advance(by: .seconds(60))
    #expect(await load("emma") == "answer emma 3")
    #expect(cache.count == 2)
  }

  @Test(
    "invalidating a tag empties the answers that provide it, and only those; errors aren't kept")
  func invalidation() async throws {
    let cache = ResponseCache(clock: TestClock())
    let calls = Locked(0)
    func load(_ request: String, tags: [ResponseCache.Tag]) async -> Int {
      await cache.answer(request, key: .init([]), freshFor: .seconds(60), tags: tags) {
        calls.withLock { $0 += 1 }
        return calls.withLock { $0 }
      }
    }
    #expect(await load("shelf", tags: ["collection"]) == 1)
    #expect(await load("profile", tags: ["user"]) == 2)
    cache.invalidate(["collection"])
    #expect(await load("shelf", tags: ["collection"]) == 3)
    #expect(await load("profile", tags: ["user"]) == 2)
    await #expect(throws: Refused.self) {
      try await cache.answer("failing", key: .init([1]), freshFor: .seconds(60), tags: []) {
        () throws(Refused) -> Int in
        throw Refused()
      }
    }
    #expect(cache.count == 2)
  }

  @Test(
    "a tag with an argument: its name alone empties every argument, an argument its own and the name alone's")
  func tagsWithArguments() async throws {
    let cache = ResponseCache(clock: TestClock())
    let calls = Locked(0)
    func load(_ request: String, _ id: String, tags: [ResponseCache.Tag]) async -> Int {
      await cache.answer(request, key: .init([id]), freshFor: .seconds(60), tags: tags) {
        calls.withLock { $0 += 1 }
        return calls.withLock { $0 }
      }
    }
    #expect(await load("volume", "a", tags: [ResponseCache.Tag("volume", "a")]) == 1)
    #expect(await load("volume", "b", tags: [ResponseCache.Tag("volume", "b")]) == 2)
    #expect(await load("shelf", "", tags: ["volume"]) == 3)
    #expect(await load("other", "a", tags: [ResponseCache.Tag("user", "a")]) == 4)
    // One argument: that volume and the list that provides the name alone, not volume b.
    cache.invalidate([ResponseCache.Tag("volume", "a")])
    #expect(await load("volume", "a", tags: [ResponseCache.Tag("volume", "a")]) == 5)
    #expect(await load("volume", "b", tags: [ResponseCache.Tag("volume", "b")]) == 2)
    #expect(await load("shelf", "", tags: ["volume"]) == 6)
    #expect(await load("other", "a", tags: [ResponseCache.Tag("user", "a")]) == 4)
    // The name alone: every argument.
    cache.invalidate(["volume"])
    #expect(await load("volume", "a", tags: [ResponseCache.Tag("volume", "a")]) == 7)
    #expect(await load("volume", "b", tags: [ResponseCache.Tag("volume", "b")]) == 8)
    // An argument of another type is another argument.
    cache.invalidate([ResponseCache.Tag("user", 1)])
    #expect(await load("other", "a", tags: [ResponseCache.Tag("user", "a")]) == 4)
    // Invalidated once the operation returns, not when it fails.
    let value = await cache.invalidating([ResponseCache.Tag("volume", "b")]) { 42 }
    #expect(value == 42)
    #expect(await load("volume", "b", tags: [ResponseCache.Tag("volume", "b")]) == 9)
  }
}
