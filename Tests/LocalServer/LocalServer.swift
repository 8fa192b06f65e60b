public import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
public import OpenAPIRuntime

/// A real HTTP server on 127.0.0.1 for tests of effects bound to an OpenAPI document: Hummingbird
/// serving the handlers `register` puts on it (swift-openapi-generator's `registerHandlers(on:)`
/// of an `APIProtocol` the test writes), on a port the system picks, while `body` runs.
public enum LocalServer {
  public struct NotStarted: Error {}

  /// What puts handlers on the server: swift-openapi-generator's `registerHandlers(on:)`.
  public typealias Handlers = @Sendable (any ServerTransport) throws -> Void

  /// No handlers: every request is answered 404.
  public static let nothing: Handlers = { _ in }

  public static func serving<Result: Sendable>(
    _ register: Handlers,
    _ body: (URL) async throws -> Result
  ) async throws -> Result {
    let router = Router()
    try register(router)
    let (ports, port) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "LocalServer")
    // Cancelling the server when a test ends is how it stops, which Hummingbird logs as errors.
    logger.logLevel = .critical
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in
        port.yield(channel.localAddress?.port ?? 0)
        port.finish()
      },
      logger: logger)
    let server = Task { try await app.runService() }
    var started = ports.makeAsyncIterator()
    guard let number = await started.next(), number > 0,
      let url = URL(string: "http://127.0.0.1:\(number)")
    else {
      server.cancel()
      throw NotStarted()
    }
    do {
      let result = try await body(url)
      server.cancel()
      _ = await server.result
      return result
    } catch {
      server.cancel()
      _ = await server.result
      throw error
    }
  }

  /// Registers an answer of `status` with `text` as its body to `GET path`, outside the
  /// document's handlers: swift-openapi-generator's server stubs send an undocumented status
  /// without its body.
  public static func raw(status: Int, text: String, path: String) -> Handlers {
    { transport in
      try transport.register(
        { _, _, _ in (HTTPResponse(status: .init(code: status)), HTTPBody(text)) }, method: .get,
        path: path)
    }
  }
}
