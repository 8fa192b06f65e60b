import CustomDump
import Foundation
import ReduxRuntime

/// The format of recordings: JSON lines. The first line is the header, with the state before
/// the first action:
///
/// ```
/// {"recording":"redux-gen","version":1,"feature":"TaskList","state":{...}}
/// {"action":{"addTask":{"task":{...}}},"state":{...}}
/// {"action":{"toggleTaskCompletion":{"id":"..."}},"state":{...}}
/// ```
///
/// Each further line is an action as it reached the reducer, with the state it left when the
/// recorder keeps states. A line is written whole or, when the app stops while writing it, is
/// the last and incomplete: readers report it as truncated.
public enum RecordingFormat {
  /// The header's `recording` value.
  public static let name = "redux-gen"
  /// The version this library writes and the newest it reads.
  public static let version = 1
}

private struct Header<State: Codable>: Codable {
  var recording: String
  var version: Int
  var feature: String
  var state: State
}

private struct Line<State: Codable, Action: Codable>: Codable {
  var action: Action
  var state: State?
}

/// Writes the actions that reach a store's reducer, with the states they leave, to a file:
/// a recording that `Recording` replays and `redux-gen --replay-test` turns into a test.
///
/// ```swift
/// let recorder = try ActionRecorder<TaskListState, TaskListAction>(feature: "TaskList", to: url)
/// let store = Store(initialState: TaskListState(), reducer: recorder.recording(taskListReducer))
/// ```
///
/// It records at the reducer, so what replays is what the reducer saw: actions after the
/// middleware, effects' outcomes included, stopped ones left out. Writing happens in the
/// reducer, under the store's lock: a debugging tool, not for release builds. A failed write
/// stops the recording and is kept in `failure`.
public final class ActionRecorder<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
  private struct Progress {
    var handle: FileHandle?
    var wroteHeader = false
    var failure: String?
  }

  private let feature: String
  private let keepsStates: Bool
  private let progress: Locked<Progress>

  /// - Parameters:
  ///   - feature: The feature's name, which the header keeps (and `--replay-test` checks).
  ///   - url: The file to write; an existing one is replaced.
  ///   - keepsStates: Whether each action's line holds the state it left (to find where a
  ///     replay goes another way). Without states a recording replays, but a test of it has
  ///     nothing to compare.
  public init(feature: String, to url: URL, keepsStates: Bool = true) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    self.feature = feature
    self.keepsStates = keepsStates
    progress = Locked(Progress(handle: try FileHandle(forWritingTo: url)))
  }

  deinit {
    progress.withLock { try? $0.handle?.close() }
  }

  /// Why recording stopped, if a write failed.
  public var failure: String? { progress.withLock { $0.failure } }

  /// `reducer`, recording each action and the state it leaves.
  public func recording(_ reducer: @escaping Store<State, Action>.Reducer) -> Store<State, Action>.Reducer {
    { state, action in
      let before = self.needsHeader ? state : nil
      reducer(&state, action)
      self.write(action, before: before, after: state)
    }
  }

  private var needsHeader: Bool { progress.withLock { !$0.wroteHeader && $0.handle != nil } }

  private func write(_ action: Action, before: State?, after: State) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    progress.withLock { progress in
      guard let handle = progress.handle else { return }
      do {
        var text = Data()
        if !progress.wroteHeader, let before {
          text += try encoder.encode(
            Header(recording: RecordingFormat.name, version: RecordingFormat.version, feature: feature, state: before))
          text.append(0x0A)
        }
        text += try encoder.encode(Line(action: action, state: keepsStates ? after : nil))
        text.append(0x0A)
        // One write per action: a crash leaves at most the last line incomplete.
        try handle.write(contentsOf: text)
        progress.wroteHeader = true
      } catch {
        progress.failure = "\(error)"
        try? handle.close()
        progress.handle = nil
      }
    }
  }

  /// Writes what is buffered to the disk and stops recording.
  public func close() {
    progress.withLock { progress in
      try? progress.handle?.synchronize()
      try? progress.handle?.close()
      progress.handle = nil
    }
  }
}

/// Why a recording can't be read.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    case empty
    /// The first line isn't a recording's header.
    case notARecording
    /// Written by a newer version of the format.
    case newerVersion(Int)
    /// The last line is incomplete: the app stopped while writing it.
    case truncated
    case notJSON
    /// An action this version of the feature doesn't have (or whose payload differs).
    case unknownAction(String, reason: String)
    case unreadableState(String)
  }

  /// The line, from 1.
  public var line: Int
  public var problem: Problem

  public init(line: Int, problem: Problem) {
    self.line = line
    self.problem = problem
  }

  public var description: String {
    let what =
      switch problem {
      case .empty: "the recording is empty"
      case .notARecording: "not a recording: the first line is no redux-gen recording header"
      case .newerVersion(let version):
        "the recording has format version \(version); this version reads up to \(RecordingFormat.version)"
      case .truncated: "the last line is incomplete (the app stopped while writing it)"
      case .notJSON: "the line is not JSON"
      case .unknownAction(let name, let reason): "the action '\(name)' can't be read: \(reason)"
      case .unreadableState(let reason): "the state can't be read: \(reason)"
      }
    return "line \(line): \(what)"
  }
}

/// A recording read back: the state before the first action, then each action with the state it
/// left (when recorded).
public struct Recording<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: Sendable {
  public struct Step: Sendable {
    public var action: Action
    public var state: State?
    /// Where it is in the recording, from 1.
    public var line: Int
  }

  public var feature: String
  public var initialState: State
  public var steps: [Step]

  /// The last state recorded: what a replay must end in.
  public var finalState: State? { steps.last?.state }

  /// Reads a recording's text.
  public init(jsonLines text: String) throws(RecordingError) {
    var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { bytes in
      let line = String(decoding: bytes, as: UTF8.self)
      return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
    // Nor is a byte order mark some editors put first.
    if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
    let endsWhole = lines.last == ""
    if endsWhole { lines.removeLast() }
    guard !lines.isEmpty, !lines[0].isEmpty else { throw RecordingError(line: 1, problem: .empty) }
    // Dates as numbers (ActionRecorder) or ISO 8601 text (the inspector's exports).
    let decoder = InspectorJSON.decoder()
    /// The object on line `index`; an incomplete last line is truncated, any other not JSON.
    func object(_ index: Int) throws(RecordingError) -> [String: Any] {
      let data = Data(lines[index].utf8)
      guard let value = try? JSONSerialization.jsonObject(with: data), let object = value as? [String: Any] else {
        let isLast = index == lines.count - 1
        throw RecordingError(line: index + 1, problem: isLast && !endsWhole ? .truncated : .notJSON)
      }
      return object
    }
    let header = try object(0)
    guard header["recording"] as? String == RecordingFormat.name, let version = header["version"] as? Int else {
      throw RecordingError(line: 1, problem: .notARecording)
    }
    guard version <= RecordingFormat.version else { throw RecordingError(line: 1, problem: .newerVersion(version)) }
    do {
      let decoded = try decoder.decode(Header<State>.self, from: Data(lines[0].utf8))
      feature = decoded.feature
      initialState = decoded.state
    } catch {
      throw RecordingError(line: 1, problem: .unreadableState(Self.reason(error)))
    }
    var steps: [Step] = []
    for index in 1..<lines.count where !lines[index].isEmpty || index < lines.count - 1 {
      let object = try object(index)
      let name = (object["action"] as? [String: Any])?.keys.first ?? "?"
      do {
        let line = try decoder.decode(Line<State, Action>.self, from: Data(lines[index].utf8))
        steps.append(Step(action: line.action, state: line.state, line: index + 1))
      } catch {
        let inState = (error as? DecodingError).map(Self.path)?.first?.stringValue == "state"
        throw RecordingError(
          line: index + 1,
          problem: inState ? .unreadableState(Self.reason(error)) : .unknownAction(name, reason: Self.reason(error)))
      }
    }
    self.steps = steps
  }

  /// Reads the recording in a file.
  public init(contentsOf url: URL) throws {
    try self.init(jsonLines: String(decoding: try Data(contentsOf: url), as: UTF8.self))
  }

  private static func path(_ error: DecodingError) -> [any CodingKey] {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
      .dataCorrupted(let context):
      context.codingPath
    @unknown default:
      []
    }
  }

  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      return "no '\(key.stringValue)' at \(where: context.codingPath)"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "\(context.debugDescription) at \(where: context.codingPath)"
    @unknown default:
      return "\(error)"
    }
  }

  /// What replaying a recording gives: the final state, and the first action whose state
  /// differs from the recorded one.
  public struct Replay: Sendable {
    public var finalState: State
    /// The first step whose state isn't the recorded one, with the state the replay gave.
    public var divergence: (step: Step, replayed: State)?

    /// Where the replay first went another way, with a diff (−recorded, +replayed); nil when it
    /// didn't.
    public var divergenceDescription: String? {
      guard let (step, replayed) = divergence, let recorded = step.state else { return nil }
      return "line \(step.line), after \(String(customDumping: step.action)): the state differs "
        + "(−recorded, +replayed)\n\n" + (diff(recorded, replayed, format: .proportional) ?? "")
    }
  }

  /// Runs the recorded actions through `reducer` from the recorded initial state, comparing each
  /// state with the recorded one.
  public func replay(_ reducer: (inout State, Action) -> Void) -> Replay {
    var state = initialState
    var divergence: (step: Step, replayed: State)?
    for step in steps {
      reducer(&state, step.action)
      if divergence == nil, let recorded = step.state, recorded != state { divergence = (step, state) }
    }
    return Replay(finalState: state, divergence: divergence)
  }
}

extension String.StringInterpolation {
  /// A coding path as `action.addTask.task.title`, or `the top` when empty.
  fileprivate mutating func appendInterpolation(where path: [any CodingKey]) {
    appendLiteral(path.isEmpty ? "the top" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."))
  }
}
