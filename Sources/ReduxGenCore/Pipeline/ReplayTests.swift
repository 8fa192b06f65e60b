import Foundation

/// A recording (ReduxDebugging's `ActionRecorder`: JSON lines) checked against a feature spec,
/// and the Swift Testing test that replays it (`redux-gen SPEC --replay-test RECORDING`).
///
/// The check reads the recording's structure: the header (format, version, feature), each line
/// as JSON, each action's name and payload parameters, and at least one recorded state. What it
/// can't see (a payload's nested values) the test's decoding reports, with the line.
package enum ReplayTests {
  /// The recording format version this generator reads (ReduxDebugging's `RecordingFormat`).
  static let formatVersion = 1

  /// The test file for `recording`, read from `path`, named after `name`; or every problem.
  package static func file(
    for spec: Spec, recording: String, path: String, name: String, testedModule: String?
  ) throws(DiagnosticsError) -> GeneratedFile {
    let lines = try check(spec, recording, path: path)
    let typeName = spec.feature + String(name.identifierWords.prefix(40)).uppercasingFirst + "ReplayTests"
    let test = FunctionDeclaration(
      // A title that fits `@Test("...")` in swift-format's columns.
      attributes: [
        .attribute("Test", [Argument(nil, .literal(.string("\(name.prefix(40)) replays to the states it recorded")))])
      ],
      kind: .function("replaysAsRecorded"),
      body: [
        .expression(
          Expression.name("expectReplay").call([
            Argument("of", Expression.name("Self").dot("recording")), Argument("reducer", .name(spec.reducerName)),
          ]))
      ])
    let recordingText = VariableDeclaration(
      doc: "\((path as NSString).lastPathComponent), as recorded.", isStatic: true, isConstant: true, name: "recording",
      initializer: .literal(.rawLines(lines)))
    let suite = TypeDeclaration(
      doc: "Replays a recording of the \(spec.feature) feature against its reducer.", name: typeName,
      members: [.function(test), .variable(recordingText)])
    let file = SwiftFile(
      header: GeneratedHeader.lines(specPath: "\(spec.path) and \(path)"), imports: ["ReduxTesting", "Testing"],
      testableImports: [testedModule ?? spec.moduleName], declarations: [.structure(suite)])
    return GeneratedFile(path: "\(typeName).swift", contents: TextRenderer().render(file), ownership: .generated)
  }

  /// The recording's lines, or every problem in it.
  private static func check(_ spec: Spec, _ text: String, path: String) throws(DiagnosticsError) -> [String] {
    var diagnostics: [Diagnostic] = []
    func error(_ message: String, line: Int, column: Int = 1) {
      diagnostics.append(Diagnostic(.error, message, at: SourceLocation(file: path, line: line, column: column)))
    }
    // A recording copied through Windows may end its lines in CR LF: the CR is no part of them.
    var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { bytes in
      let line = String(decoding: bytes, as: UTF8.self)
      return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
    // Nor is a byte order mark some editors put first.
    if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
    let endsWhole = lines.last == ""
    if endsWhole { lines.removeLast() }
    guard let first = lines.first, !first.isEmpty else {
      throw DiagnosticsError([Diagnostic(.error, "the recording is empty", at: SourceLocation(file: path, line: 1, column: 1))])
    }
    /// The JSON object on line `index`, or nil having said why not.
    func object(_ index: Int) -> [String: Any]? {
      if let value = try? JSONSerialization.jsonObject(with: Data(lines[index].utf8)), let object = value as? [String: Any] {
        return object
      }
      if index == lines.count - 1 && !endsWhole {
        error("the last line is incomplete (the app stopped while writing it); remove it to replay the rest", line: index + 1)
      } else {
        error("the line is not a JSON object", line: index + 1)
      }
      return nil
    }
    var hasState = false
    if let header = object(0) {
      if header["recording"] as? String != "redux-gen" {
        error("not a redux-gen recording: the first line has no \"recording\": \"redux-gen\"", line: 1)
      } else if let version = header["version"] as? Int, version > formatVersion {
        error("the recording has format version \(version); this redux-gen reads up to \(formatVersion)", line: 1)
      } else if let feature = header["feature"] as? String, feature != spec.feature {
        error("the recording is of the feature '\(feature)', not '\(spec.feature)'", line: 1)
      }
    }
    let actions = spec.actions.map(\.name)
    for index in lines.indices.dropFirst() {
      guard let line = object(index) else { continue }
      if line["state"] != nil { hasState = true }
      guard let action = line["action"] as? [String: Any], action.count == 1, let (name, payload) = action.first else {
        error("the line has no \"action\" with one action in it", line: index + 1)
        continue
      }
      let column = (lines[index].range(of: "\"\(name)\"").map { lines[index].distance(from: lines[index].startIndex, to: $0.lowerBound) } ?? 0) + 1
      guard let declared = spec.action(named: name) else {
        let suggestion = closestMatch(to: name, in: actions).map { "; did you mean '\($0)'?" } ?? ""
        error("unknown action '\(name)' in the feature \(spec.feature)\(suggestion)", line: index + 1, column: column)
        continue
      }
      for key in (payload as? [String: Any])?.keys.sorted() ?? [] where !declared.payload.contains(where: { $0.name == key }) {
        error("action '\(name)' has no parameter '\(key)'", line: index + 1, column: column)
      }
    }
    if diagnostics.isEmpty && !hasState {
      error("the recording keeps no states to compare: record with 'keepsStates: true'", line: 1)
    }
    // Replaying decodes the recorded states and actions.
    if !spec.conformances.contains(.codable) {
      diagnostics.append(
        Diagnostic(
          .error,
          "a recording replays only a feature whose state and action are Codable; add 'conformances: [Codable]' to the spec",
          at: SourceLocation(file: spec.path, line: 1, column: 1)))
    }
    guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
    return lines
  }
}
