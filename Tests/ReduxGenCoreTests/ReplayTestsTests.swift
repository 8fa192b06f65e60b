import Foundation
import Testing

@testable import ReduxGenCore

/// `redux-gen SPEC --replay-test RECORDING`: the recording checked against the spec, and the
/// test that replays it (the checked-in one is compiled and run in TaskListTests).
struct ReplayTestsTests {
  let recordingPath = "Tests/Recordings/session.jsonl"

  func taskList() throws -> Spec {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("Specs/tasklist.yaml"), encoding: .utf8)
    return try #require(try GeneratorPipeline.generate(text, path: "Specs/tasklist.yaml").spec)
  }

  func recording() throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(recordingPath), encoding: .utf8)
  }

  @Test("the checked-in replay test is fresh against its recording")
  func freshReplayTest() throws {
    let file = try ReplayTests.file(
      for: try taskList(), recording: try recording(), path: recordingPath, name: "session", testedModule: nil)
    #expect(file.path == "TaskListSessionReplayTests.swift")
    let directory = packageRoot.appendingPathComponent("Generated/TaskList/Tests").path
    if isRecording { _ = try OutputWriter().write([file], in: directory) }
    let existing = try? String(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file.path), encoding: .utf8)
    #expect(
      existing == file.contents,
      "run `swift run redux-gen Specs/tasklist.yaml --replay-test \(recordingPath)` (or REDUX_GEN_RECORD=1 swift test)")
  }

  @Test("a recording with CR LF line ends and a byte order mark makes the same test")
  func windowsLineEnds() throws {
    let text = try recording()
    let windows = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    let expected = try ReplayTests.file(for: try taskList(), recording: text, path: "r.jsonl", name: "r", testedModule: nil)
    let made = try ReplayTests.file(for: try taskList(), recording: windows, path: "r.jsonl", name: "r", testedModule: nil)
    #expect(made == expected)
  }

  @Test("every problem of a recording is reported at its line, and nothing is made")
  func problems() throws {
    var lines = try recording().split(separator: "\n").map(String.init)
    lines[0] = lines[0].replacingOccurrences(of: #""feature":"TaskList""#, with: #""feature":"Counter""#)
    lines[2] = lines[2].replacingOccurrences(of: #"{"addTask":"#, with: #"{"addTsk":"#)
    lines[3] = lines[3].replacingOccurrences(of: #"{"id":"#, with: #"{"identifier":"#)
    lines[4] = "not json"
    let text = lines.joined(separator: "\n") + "\n" + #"{"action":{"clearComp"#
    #expect {
      _ = try ReplayTests.file(for: try taskList(), recording: text, path: "r.jsonl", name: "r", testedModule: nil)
    } throws: { error in
      let summaries = (error as? DiagnosticsError)?.diagnostics.map(\.summary) ?? []
      return summaries == [
        "r.jsonl:1:1: error: the recording is of the feature 'Counter', not 'TaskList'",
        "r.jsonl:3:12: error: unknown action 'addTsk' in the feature TaskList; did you mean 'addTask'?",
        "r.jsonl:4:12: error: action 'toggleTaskCompletion' has no parameter 'identifier'",
        "r.jsonl:5:1: error: the line is not a JSON object",
        "r.jsonl:7:1: error: the last line is incomplete (the app stopped while writing it); remove it to replay the rest",
      ]
    }
  }

  @Test("a recording without states, or from a newer format, is refused")
  func refused() throws {
    let withoutStates = try recording().split(separator: "\n").enumerated().map { index, line in
      index == 0 ? String(line) : String(line[..<line.range(of: #","state":"#)!.lowerBound]) + "}"
    }.joined(separator: "\n")
    let newer = try recording().replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
    for (text, message) in [
      (withoutStates, "the recording keeps no states to compare"), (newer, "format version 2"), ("", "is empty"),
    ] {
      #expect {
        _ = try ReplayTests.file(for: try taskList(), recording: text, path: "r.jsonl", name: "r", testedModule: nil)
      } throws: { error in
        (error as? DiagnosticsError)?.diagnostics.first?.message.contains(message) == true
      }
    }
  }

  @Test("a feature whose state and action aren't Codable can't replay, and the error says how to ask")
  func needsCodable() throws {
    var spec = try taskList()
    spec.conformances = []
    #expect {
      _ = try ReplayTests.file(for: spec, recording: try recording(), path: "r.jsonl", name: "r", testedModule: nil)
    } throws: { error in
      (error as? DiagnosticsError)?.diagnostics.map(\.summary) == [
        "\(spec.path):1:1: error: a recording replays only a feature whose state and action are Codable; "
          + "add 'conformances: [Codable]' to the spec"
      ]
    }
  }
}
