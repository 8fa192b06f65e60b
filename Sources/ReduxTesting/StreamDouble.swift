import ReduxRuntime
import Testing

/// A test double of an effect that gives a stream (`async: { stream: true }`): the test says
/// what each call's stream yields, or keeps the streams open and yields to them by hand, and
/// reads the calls it got and how many streams are still open.
///
/// A generated `<Feature>TestEffects` holds one per streaming effect of the feature's spec:
///
/// ```swift
/// effects.transcribe.yields(["the", "the cat"])          // then the stream finishes
/// effects.transcribe.yields(["the"], thenFails: Offline())
/// effects.transcribe.streams()                          // open until the test ends it
/// await store.send(.transcribe)
/// await effects.transcribe.yield("the cat sat")          // to every open stream
/// await effects.transcribe.finish()
/// #expect(effects.transcribe.openCount == 0)             // a cancelled request's is ended too
/// ```
///
/// A call made before the test said what it does fails the test and throws `UnimplementedEffect`.
public final class StreamDouble<Arguments: Sendable, Element: Sendable>: Sendable {
  private enum Behavior {
    case unset
    case yields([Element], failure: (any Error)?)
    case fails(any Error)
    case open
  }

  private struct Contents {
    var behavior = Behavior.unset
    var calls: [Arguments] = []
    var nextID: UInt64 = 0
    /// The streams the test feeds by hand, by call, until they finish or their request ends.
    var open: [UInt64: AsyncThrowingStream<Element, any Error>.Continuation] = [:]
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

  /// How many streams of `streams()` are open: neither finished by the test nor ended by their
  /// request (a cancelled request's stream is told it is terminated).
  public var openCount: Int { contents.withLock { $0.open.count } }

  /// Every call's stream yields `elements`, then finishes, or throws `error` when one is given.
  public func yields(_ elements: [Element], thenFails error: (any Error)? = nil) {
    contents.withLock { $0.behavior = .yields(elements, failure: error) }
  }

  /// Every call throws `error` before streaming anything.
  public func fails(with error: any Error) {
    contents.withLock { $0.behavior = .fails(error) }
  }

  /// Every call's stream stays open until the test yields to it, finishes it, or its request ends.
  public func streams() {
    contents.withLock { $0.behavior = .open }
  }

  /// Yields `element` to every open stream, waiting up to `timeout` for one to be open: a
  /// request's task may not have called its effect yet when `send` returns.
  public func yield(
    _ element: Element, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    for continuation in await openStreams(timeout: timeout, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
      continuation.yield(element)
    }
  }

  /// Finishes every open stream, by throwing `error` when one is given.
  public func finish(
    throwing error: (any Error)? = nil, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for continuation in await openStreams(timeout: timeout, at: location) {
      continuation.finish(throwing: error)
    }
  }

  private func openStreams(timeout: Duration, at location: SourceLocation) async
    -> [AsyncThrowingStream<Element, any Error>.Continuation]
  {
    let open = await signal.waitUntil(timeout: timeout) {
      self.contents.withLock { $0.open.isEmpty ? nil : $0.open.sorted { $0.key < $1.key }.map(\.value) }
    }
    guard let open else {
      record("No stream of \(name) was open within \(timeout).", at: location)
      return []
    }
    return open
  }

  /// What the generated test effects call: records the call and gives the stream the test said.
  public func call(_ arguments: Arguments) throws -> AsyncThrowingStream<Element, any Error> {
    let (behavior, id) = contents.withLock { contents in
      contents.calls.append(arguments)
      contents.nextID += 1
      return (contents.behavior, contents.nextID)
    }
    defer { signal.fire() }
    switch behavior {
    case .unset:
      Issue.record("\(name) was called, but the test didn't say what it does: call yields, fails or streams first.")
      throw UnimplementedEffect(name)
    case .fails(let error):
      throw error
    case .yields(let elements, let failure):
      return AsyncThrowingStream { continuation in
        for element in elements { continuation.yield(element) }
        continuation.finish(throwing: failure)
      }
    case .open:
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
      continuation.onTermination = { [weak self] _ in
        _ = self?.contents.withLock { $0.open.removeValue(forKey: id) }
      }
      contents.withLock { $0.open[id] = continuation }
      return stream
    }
  }
}
