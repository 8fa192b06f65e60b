// Hand-written. redux-gen created this file once from Specs/users.yaml
// and never changes it: implement UsersCustomReducer here.

import Foundation
import ReduxRuntime

/// The `custom` reduce functions of the Users feature.
public enum UsersCustomReducer: UsersCustomReducing {
  /// Forgets a fetched user; an unknown id changes nothing.
  public static func forgetUser(_ state: inout UsersState, id: String) {
    state.users[id] = nil
  }
}
