// Hand-written. redux-gen created this file once from Specs/editprofile.yaml
// and never changes it: implement EditProfileLiveEffects here.

import Foundation
import ReduxRuntime

/// The EditProfile feature's effects against the real world.
public struct EditProfileLiveEffects: EditProfileEffects {
  public init() {}

  public func saveButtonDidTap() async throws {
    throw UnimplementedEffect("saveButtonDidTap")
  }
}
