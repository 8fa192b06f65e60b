import ReduxRuntime
import Testing

@testable import ReduxTesting

private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// Everything a stream gives, then how it ended.
private func drain(_ stream: AsyncThrowingStream<String, any Error>) async -> [String] {
  var values: [String] = []
  do {
    for try await value in stream { values.append(value) }
    values.append("finished")
  } catch {
    values.append("threw \(error)")
  }
  return values
}

/// `StreamDouble`: what each call's stream gives, fed by the test or set up front.
@Suite(.timeLimit(.minutes(1))) struct StreamDoubleTests {
  @Test("yields gives each call a fresh stream of the values, then its end")
  func yieldsValues() async throws {
    let double = StreamDouble<String, String>("transcribe(language:)")
    double.yields(["the", "the cat"])
    #expect(await drain(try double.call("en")) == ["the", "the cat", "finished"])
    #expect(await drain(try double.call("fr")) == ["the", "the cat", "finished"])
    double.yields(["the"], thenFails: Offline())
    #expect(await drain(try double.call("de")) == ["the", "threw offline"])
    #expect(double.calls == ["en", "fr", "de"])
  }

  @Test("fails makes the call throw before streaming")
  func failsAtOnce() {
    let double = StreamDouble<Void, String>("transcribe()")
    double.fails(with: Offline())
    #expect(throws: Offline.self) { try double.call(()) }
    #expect(double.calls.count == 1)
  }

  @Test("streams keeps each stream open for the test to feed, and counts those still open")
  func fedByHand() async throws {
    let double = StreamDouble<Void, String>("transcribe()")
    double.streams()
    let first = try double.call(())
    let second = try double.call(())
    #expect(double.openCount == 2)
    let firstValues = Task { await drain(first) }
    let secondValues = Task { await drain(second) }
    await double.yield("hello")
    await double.finish()
    #expect(await firstValues.value == ["hello", "finished"])
    #expect(await secondValues.value == ["hello", "finished"])
    #expect(double.openCount == 0)
  }

  @Test("a stream whose reader is cancelled is no longer open")
  func cancelledReaderCloses() async throws {
    let double = StreamDouble<Void, String>("transcribe()")
    double.streams()
    let stream = try double.call(())
    let reader = Task { await drain(stream) }
    reader.cancel()
    _ = await reader.value
    #expect(double.openCount == 0)
  }

  @Test("a call the test didn't set up fails the test and throws UnimplementedEffect")
  func unsetCallFails() {
    let double = StreamDouble<Void, String>("transcribe()")
    withKnownIssue {
      #expect(throws: UnimplementedEffect.self) { try double.call(()) }
    }
  }

  @Test("yielding with no stream open fails the test after the timeout")
  func yieldWithoutStream() async {
    let double = StreamDouble<Void, String>("transcribe()")
    await withKnownIssue {
      await double.yield("hello", timeout: .milliseconds(10))
    }
  }
}
