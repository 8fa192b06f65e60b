// Hand-written. redux-gen created this file once from Specs/editprofile.yaml
// and never changes it: implement EditProfileValidation here.

import Foundation
import ReduxRuntime

/// Enables the save button only for names longer than three characters.
public struct EditProfileValidation: EditProfileValidationProtocol {
  public init() {}

  public func textDidChange(
    text: String, events: EditProfileValidationEvents,
    context: MiddlewareContext<EditProfileState, EditProfileAction>
  ) -> EditProfileAction? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    events.saveButtonEnabled(isEnabled: trimmed.count > 3)
    return .textDidChange(text: text)
  }
}
