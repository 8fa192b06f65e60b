import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// `redux-gen devtools`: a server on 127.0.0.1 that apps send their actions to (ReduxDebugging's
/// `InspectorConnection`, `POST /app`) and that serves the inspector's page (`/`) and its
/// WebSocket (`/ws`). Every request needs the session's token in its URL; a request from a
/// browser page of another origin, or naming another host (DNS rebinding), is refused.
package struct DevToolsServer: Sendable {
  package var hub: InspectorHub
  package var port: Int
  package var token: String

  /// - Parameters:
  ///   - port: 0 for one the system picks.
  ///   - token: The session's token; a random one when nil.
  package init(hub: InspectorHub, port: Int = 0, token: String? = nil) {
    self.hub = hub
    self.port = port
    self.token = token ?? Self.randomToken()
  }

  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }

  /// Serves until cancelled; `started` gets the page's URL once it listens.
  package func run(started: @escaping @Sendable (URL) -> Void) async throws {
    let router = Router()
    let gate = Gate(token: token)
    let hub = self.hub
    let page = try Self.page()
    router.get("/") { request, _ -> Response in
      if let refusal = gate.refusal(request.head, uri: request.uri.description) { return refusal }
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      headers[.cacheControl] = "no-store"
      // The page talks to its own origin only.
      headers[.contentSecurityPolicy] =
        "default-src 'self'; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src 'self' data:"
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
    }
    router.post("/app") { request, _ -> Response in
      if let refusal = gate.refusal(request.head, uri: request.uri.description) { return refusal }
      let body = try await request.body.collect(upTo: 64 << 20)
      let (status, answer) = await hub.receive(batch: Data(buffer: body))
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      return Response(
        status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(data: answer)))
    }
    var logger = Logger(label: "redux-gen-devtools")
    logger.logLevel = .critical
    let (ports, port) = AsyncStream<Int>.makeStream()
    let app = Application(
      router: router,
      server: .http1WebSocketUpgrade { request, _, _ in
        guard gate.refusal(request, uri: request.path ?? "") == nil, request.path?.hasPrefix("/ws") == true else {
          return .dontUpgrade
        }
        return .upgrade([:]) { inbound, outbound, _ in
          let (id, messages) = await hub.attachPage()
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              for await message in messages { try await outbound.write(.text(message)) }
            }
            group.addTask {
              for try await message in inbound.messages(maxSize: 64 << 20) {
                guard case .text(let text) = message else { continue }
                await hub.pageSent(text)
              }
            }
            _ = try await group.next()
            group.cancelAll()
          }
          await hub.detachPage(id)
        }
      },
      configuration: .init(address: .hostname("127.0.0.1", port: self.port)),
      onServerRunning: { channel in
        port.yield(channel.localAddress?.port ?? 0)
        port.finish()
      },
      logger: logger)
    let token = self.token
    let announce = Task {
      for await number in ports {
        gate.port.withLock { $0 = number }
        if let url = URL(string: "http://127.0.0.1:\(number)/?token=\(token)") { started(url) }
      }
    }
    defer { announce.cancel() }
    try await app.runService()
  }

  /// The page, from the module's resources.
  static func page() throws -> String {
    guard let url = Bundle.module.url(forResource: "index", withExtension: "html", subdirectory: "Page") else {
      throw DevToolsError("the inspector's page is missing from the resources")
    }
    return try String(contentsOf: url, encoding: .utf8)
  }
}

/// Why the server refuses: a wrong or missing token, another origin, another host.
final class Gate: Sendable {
  let token: String
  let port = LockedValue(0)

  init(token: String) {
    self.token = token
  }

  /// nil when `request` may go on; else the answer refusing it.
  func refusal(_ request: HTTPRequest, uri: String) -> Response? {
    let port = self.port.withLock { $0 }
    let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    if let authority = request.authority, !hosts.contains(authority) {
      return Response(status: .forbidden)
    }
    if let origin = request.headerFields[.origin], !hosts.map({ "http://" + $0 }).contains(origin) {
      return Response(status: .forbidden)
    }
    let query = URLComponents(string: uri)?.queryItems ?? []
    guard let given = query.first(where: { $0.name == "token" })?.value, constantTimeEqual(given, token) else {
      return Response(status: .unauthorized)
    }
    return nil
  }
}

private func constantTimeEqual(_ left: String, _ right: String) -> Bool {
  let left = Array(left.utf8)
  let right = Array(right.utf8)
  guard left.count == right.count else { return false }
  return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
}

/// A value behind a lock, for what the server's handlers share.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// A problem with the server's setup, in words.
package struct DevToolsError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) {
    self.description = description
  }
}
