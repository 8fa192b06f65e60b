public import OpenAPIRuntime

/// Why a call to an operation of an OpenAPI document ended without the outcome its spec maps:
/// the error generated `<Feature>APIEffects` throw when the request's failure is a message.
///
/// Its description is the message the failure action carries:
/// `searchVolumes: status 404 (No shelf of that id)`, `searchVolumes: status 500: quota exceeded`,
/// `searchVolumes: the request failed: ...`.
public struct APIFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The server answered with an error status the document describes.
    case documented(status: Int)
    /// The server answered with a status the document doesn't describe.
    case undocumented(status: Int)
    /// The request didn't complete, or its answer didn't decode: no connection, a timeout, a body
    /// that isn't the documented JSON.
    case transport
  }

  /// The operation's `operationId`.
  public let operation: String
  public let reason: Reason
  /// The documented description of the status, the start of an undocumented answer's body, or
  /// the transport's error in words.
  public let detail: String

  public init(operation: String, reason: Reason, detail: String) {
    self.operation = operation
    self.reason = reason
    self.detail = detail
  }

  /// The status the server answered with, if it answered.
  public var status: Int? {
    switch reason {
    case .documented(let status), .undocumented(let status): status
    case .transport: nil
    }
  }

  public var description: String {
    switch reason {
    case .documented(let status): "\(operation): status \(status) (\(detail))"
    case .undocumented(let status):
      detail.isEmpty
        ? "\(operation): status \(status)" : "\(operation): status \(status): \(detail)"
    case .transport: "\(operation): the request failed: \(detail)"
    }
  }
}

extension APIFailure {
  /// The most of an undocumented answer's body its message keeps.
  public static let bodyLimit = 512

  /// A documented error status, described as the document describes it.
  public static func documented(_ operation: String, status: Int, description: String) -> APIFailure
  {
    APIFailure(operation: operation, reason: .documented(status: status), detail: description)
  }

  /// A status the document doesn't describe, with the start of the answer's body as its detail.
  public static func undocumented(
    _ operation: String, status: Int, _ payload: UndocumentedPayload
  ) async -> APIFailure {
    var detail = ""
    if let body = payload.body {
      var bytes: [UInt8] = []
      do {
        for try await chunk in body {
          bytes += chunk.prefix(bodyLimit - bytes.count)
          if bytes.count >= bodyLimit { break }
        }
      } catch {
        // The body broke off: the status is still worth reporting, with what arrived.
      }
      detail = String(decoding: bytes, as: UTF8.self)
    }
    return APIFailure(operation: operation, reason: .undocumented(status: status), detail: detail)
  }

  /// The request of `operation` didn't complete or didn't decode. The error swift-openapi-runtime
  /// throws (`ClientError`) is described by its cause, without the request it repeats.
  public static func transport(_ operation: String, _ error: any Error) -> APIFailure {
    let cause = (error as? ClientError)?.underlyingError ?? error
    return APIFailure(operation: operation, reason: .transport, detail: String(describing: cause))
  }

  /// Calls `operation`, turning anything it throws into an `APIFailure.transport`, except a
  /// cancellation, which the effect runner ends the request on.
  public static func calling<Output>(
    _ operation: String, _ call: () async throws -> Output
  ) async throws -> Output {
    do {
      return try await call()
    } catch {
      if Task.isCancelled || error is CancellationError { throw CancellationError() }
      throw transport(operation, error)
    }
  }

  /// Calls `operation`, turning anything it throws into `failure`: the typed error's case for
  /// requests that don't complete (a cancelled request's outcome is dropped by the effect runner).
  public static func calling<Output, Failure: Error>(
    _ operation: String, failing failure: Failure, _ call: () async throws -> Output
  ) async throws(Failure) -> Output {
    do {
      return try await call()
    } catch {
      throw failure
    }
  }

  /// Reads an answer's body, turning a body that isn't the documented JSON into an
  /// `APIFailure.transport`.
  public static func decoding<Body>(_ operation: String, _ read: () throws -> Body) throws -> Body {
    do {
      return try read()
    } catch {
      throw transport(operation, error)
    }
  }

  /// Reads an answer's body, turning a body that isn't the documented JSON into `failure`.
  public static func decoding<Body, Failure: Error>(
    _ operation: String, failing failure: Failure, _ read: () throws -> Body
  ) throws(Failure) -> Body {
    do {
      return try read()
    } catch {
      throw failure
    }
  }
}
