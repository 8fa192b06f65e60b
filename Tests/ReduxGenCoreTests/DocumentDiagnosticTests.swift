import Foundation
import Testing

/// A problem found in the OpenAPI document a spec names is shown as one in the spec is: its
/// place, the line and a caret under the column.
@Suite(.enabled(if: reduxGenExecutable != nil, "redux-gen is not built"))
struct DocumentDiagnosticTests {
  @Test("a property of a type redux-gen can't read is shown at its line in the document, with a caret")
  func documentLineAndCaret() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("redux-gen-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let document = """
      openapi: 3.1.0
      info: { title: Notes, version: "1" }
      paths:
        /note:
          get:
            operationId: getNote
            responses:
              "200":
                description: The note.
                content:
                  application/json:
                    schema:
                      type: object
                      required: [title]
                      properties:
                        title: { oneOf: [{ type: string }, { type: integer }] }

      """
    let spec = """
      feature: Notes
      api: notes.yaml
      state:
        title: String = ""
      actions:
        load:
          async:
            success: { title: String }
            operation: getNote
          onSuccess: set title

      """
    try Data(document.utf8).write(to: root.appendingPathComponent("notes.yaml"))
    try Data(spec.utf8).write(to: root.appendingPathComponent("notes-spec.yaml"))
    let run = try runReduxGen(["notes-spec.yaml", "--output", "Generated"], in: root.path)
    #expect(run.status != 0)
    let lines = run.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let at = try #require(lines.firstIndex { $0.hasPrefix("notes.yaml:16:") && $0.contains("'oneOf'") }, "\(run.errors)")
    #expect(lines[at + 1].trimmingCharacters(in: .whitespaces) == "title: { oneOf: [{ type: string }, { type: integer }] }")
    #expect(lines[at + 2].trimmingCharacters(in: .whitespaces) == "^")
    #expect(run.errors.hasSuffix("\n"))
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated").path))
  }
}
