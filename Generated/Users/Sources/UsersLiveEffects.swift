// Hand-written. redux-gen created this file once from Specs/users.yaml
// and never changes it: implement UsersLiveEffects here.

import Foundation
import ReduxRuntime

/// The Users feature's effects against the real world.
public struct UsersLiveEffects: UsersEffects {
  public init() {}

  public func fetchUser(id: String) async throws -> User {
    throw UnimplementedEffect("fetchUser")
  }
}
