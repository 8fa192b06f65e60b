import Foundation
import ReduxDebugging
import ReduxRuntime
import ReduxTesting
import Testing

private struct Tally: Codable, Equatable, Sendable {
  var total = 0
  var log: [String] = []
}

private enum TallyAction: Codable, Equatable, Sendable {
  case add(amount: Int)
  case note(text: String)
  case reset
}

private let tallyReducer: Store<Tally, TallyAction>.Reducer = { state, action in
  switch action {
  case .add(let amount): state.total += amount
  case .note(let text): state.log.append(text)
  case .reset: state = Tally()
  }
}

/// A reducer that gets `add` wrong: what a replay must catch.
private let brokenReducer: Store<Tally, TallyAction>.Reducer = { state, action in
  tallyReducer(&state, action)
  if case .add = action { state.total += 1 }
}

@Suite struct RecordingTests {
  /// Records a few actions through a store and returns the file's text.
  func recorded(keepsStates: Bool = true) throws -> String {
    let url = FileManager.default.temporaryDirectory.appending(path: "recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try ActionRecorder<Tally, TallyAction>(feature: "Tally", to: url, keepsStates: keepsStates)
    let store = Store(initialState: Tally(total: 5), reducer: recorder.recording(tallyReducer))
    store.dispatch(.add(amount: 2))
    store.dispatch(.note(text: "hi"))
    store.dispatch(.add(amount: -1))
    recorder.close()
    #expect(recorder.failure == nil)
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test func aRecordingReplaysToTheSameState() throws {
    let text = try recorded()
    let lines = text.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix(#"{"feature":"Tally","recording":"redux-gen","state":{"log":[],"total":5},"version":1}"#))
    let recording = try Recording<Tally, TallyAction>(jsonLines: text)
    #expect(recording.initialState == Tally(total: 5))
    #expect(recording.steps.map(\.action) == [.add(amount: 2), .note(text: "hi"), .add(amount: -1)])
    let replay = recording.replay(tallyReducer)
    #expect(replay.finalState == Tally(total: 6, log: ["hi"]))
    #expect(replay.finalState == recording.finalState)
    #expect(replay.divergence == nil)
    expectReplay(of: text, reducer: tallyReducer)
  }

  @Test func aReducerThatChangedIsCaughtAtTheFirstActionItGetsWrong() throws {
    let text = try recorded()
    let replay = try Recording<Tally, TallyAction>(jsonLines: text).replay(brokenReducer)
    #expect(replay.divergence?.step.line == 2)
    #expect(replay.divergenceDescription?.contains("−   total: 7,\n+   total: 8,") == true)
    withKnownIssue {
      expectReplay(of: text, reducer: brokenReducer)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("line 2, after TallyAction.add(amount: 2)")
    }
  }

  @Test func crlfLineEndsAndAByteOrderMarkReadTheSame() throws {
    let text = try recorded()
    let windows = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    let recording = try Recording<Tally, TallyAction>(jsonLines: windows)
    #expect(recording.steps.count == 3)
    #expect(recording.finalState == Tally(total: 6, log: ["hi"]))
  }

  @Test func withoutStatesATestHasNothingToCompare() throws {
    let text = try recorded(keepsStates: false)
    #expect(try Recording<Tally, TallyAction>(jsonLines: text).finalState == nil)
    withKnownIssue {
      expectReplay(of: text, reducer: tallyReducer)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("keeps no states")
    }
  }

  @Test(
    "bad recordings fail with the line and the reason",
    arguments: [
      ("", RecordingError(line: 1, problem: .empty)),
      (#"{"hello":1}"#, RecordingError(line: 1, problem: .notARecording)),
      (#"{"recording":"redux-gen","version":2,"feature":"Tally","state":{}}"#, RecordingError(line: 1, problem: .newerVersion(2))),
    ])
  func badHeaders(text: String, expected: RecordingError) {
    #expect(throws: expected) { try Recording<Tally, TallyAction>(jsonLines: text) }
  }

  @Test func aTruncatedLastLineAndAnUnknownActionAreNamed() throws {
    let text = try recorded()
    let truncated = String(text.dropLast(9))
    #expect(throws: RecordingError(line: 4, problem: .truncated)) {
      try Recording<Tally, TallyAction>(jsonLines: truncated)
    }
    let unknown = text.replacingOccurrences(of: #"{"note":{"text":"hi"}}"#, with: #"{"shout":{"text":"hi"}}"#)
    do {
      _ = try Recording<Tally, TallyAction>(jsonLines: unknown)
      Issue.record("an unknown action was read")
    } catch {
      #expect(error.line == 3)
      guard case .unknownAction("shout", _) = error.problem else {
        Issue.record("unexpected problem \(error.problem)")
        return
      }
    }
    let broken = text.replacingOccurrences(of: #""text":"hi""#, with: #""text":"hi"#)
    #expect(throws: RecordingError(line: 3, problem: .notJSON)) {
      try Recording<Tally, TallyAction>(jsonLines: broken)
    }
  }
}
