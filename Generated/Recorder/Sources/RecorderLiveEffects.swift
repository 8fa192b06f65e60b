// Hand-written. redux-gen created this file once from Specs/recorder.yaml
// and never changes it: implement RecorderLiveEffects here.

import Foundation
import ReduxRuntime

/// The Recorder feature's effects against the real world.
public struct RecorderLiveEffects: RecorderEffects {
  public init() {}

  public func transcribe() async throws -> AsyncThrowingStream<String, any Swift.Error> {
    throw UnimplementedEffect("transcribe")
  }
}
