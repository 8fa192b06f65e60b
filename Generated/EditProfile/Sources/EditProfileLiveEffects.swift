// Hand-written. redux-gen created this file once from Specs/editprofile.yaml
// and never changes it: implement EditProfileLiveEffects here.

import Foundation
import ReduxRuntime

/// The EditProfile feature's effects against the real world: saving hands the name being
/// edited to `save` (a profile service in an app, a fake in tests).
public struct EditProfileLiveEffects: EditProfileEffects {
  let name: @Sendable () -> String
  let save: @Sendable (String) async throws -> Void

  /// - Parameters:
  ///   - name: The name to save, read when saving starts (for example `{ store.state.profileName }`).
  ///   - save: Stores the name; throws when it can't.
  public init(
    name: @escaping @Sendable () -> String, save: @escaping @Sendable (String) async throws -> Void
  ) {
    self.name = name
    self.save = save
  }

  public func saveButtonDidTap() async throws {
    try await save(name())
  }
}
