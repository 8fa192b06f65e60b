// Hand-written. redux-gen created this file once from Specs/editprofile.yaml
// and never changes it: implement EditProfileFeedback here.

import Foundation
import ReduxRuntime

/// Tells the view when the profile was saved.
public struct EditProfileFeedback: EditProfileFeedbackProtocol {
  public init() {}

  public func saveButtonDidTapSucceeded(
    events: EditProfileFeedbackEvents,
    context: MiddlewareContext<EditProfileState, EditProfileAction>
  ) -> EditProfileAction? {
    events.showSuccess()
    return .saveButtonDidTapSucceeded
  }
}
