import ReduxDebugging
import Testing

/// Replays a recording (an `ActionRecorder`'s JSON lines) against `reducer` and fails the test
/// where it can't be read, where a replayed state differs from the recorded one (with a diff),
/// or when it keeps no state to compare. What `redux-gen --replay-test` generates calls it.
public func expectReplay<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
  of recording: String, reducer: (inout State, Action) -> Void,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let read: Recording<State, Action>
  do {
    read = try Recording(jsonLines: recording)
  } catch {
    record("The recording can't be read: \(error)", at: location)
    return
  }
  guard read.finalState != nil else {
    record("The recording keeps no states to compare: record with `keepsStates: true`.", at: location)
    return
  }
  let replay = read.replay(reducer)
  if let divergence = replay.divergenceDescription {
    record("The replay goes another way than the recording: \(divergence)", at: location)
  }
}
