// Hand-written. redux-gen created this file once from Examples/SyncUps/Specs/recordmeeting.yaml
// and never changes it: implement RecordMeetingLiveEffects here.

import Foundation
import ReduxRuntime
import SyncUpForm

/// The RecordMeeting feature's effects against the real world.
public struct RecordMeetingLiveEffects: RecordMeetingEffects {
  public init() {}

  public func requestAuthorization() async throws -> SpeechAuthorization {
    throw UnimplementedEffect("requestAuthorization")
  }

  public func transcribe() async throws -> AsyncThrowingStream<String, any Swift.Error> {
    throw UnimplementedEffect("transcribe")
  }
}
