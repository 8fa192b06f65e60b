// Hand-written. redux-gen created this file once from Specs/users.yaml
// and never changes it: implement UsersLiveEffects here.

import Foundation
import ReduxRuntime

/// The Users feature's effects against the real world: users are read as JSON from
/// `<baseURL>/users/<id>.json` through `load`, which is `URLSession` in an app and a fake in tests.
public struct UsersLiveEffects: UsersEffects {
  /// A user that does not exist.
  public struct NotFound: Error, CustomStringConvertible {
    public let id: String
    public var description: String { "no user with id \(id)" }
  }

  public let baseURL: URL
  let load: @Sendable (URL) async throws -> Data?

  /// - Parameter load: The bytes at a URL, or nil when there is nothing there.
  public init(baseURL: URL, load: @escaping @Sendable (URL) async throws -> Data?) {
    self.baseURL = baseURL
    self.load = load
  }

  public func fetchUser(id: String) async throws -> User {
    let url = baseURL.appending(path: "users").appending(path: "\(id).json")
    guard let data = try await load(url) else { throw NotFound(id: id) }
    try _Concurrency.Task.checkCancellation()
    return try JSONDecoder().decode(User.self, from: data)
  }

  /// Saving is not offered by this server yet.
  public func saveUser(user: User) async throws {
    throw UnimplementedEffect("saveUser")
  }
}
