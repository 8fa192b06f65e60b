import Foundation
import Testing

@testable import ReduxGenCore

/// The persisted shape recorded beside a spec, and what a changed spec must say about it.
/// Tests/BrokenSpecs/persisted-*.yaml pin the errors; these pin what passes once the spec says
/// the step or the version.
struct PersistedShapeTests {
  /// Version 1 of Notes, as a snapshot beside `notes.yaml`.
  static let first = """
    feature: Notes
    models:
      Note:
        fields:
          id: UUID
          title: String
          pinned: Bool = false
          count: Int = 0
          tag: String
    state:
      notes: [Note]
    actions:
      addNote:
        payload: { note: Note }
        reduce: append notes
    persist:
      fields: [notes]
    """

  /// Checks `text` as `notes.yaml` with the files given beside it.
  func generate(_ text: String, beside files: [String: String]) throws(DiagnosticsError) -> GenerationResult {
    try GeneratorPipeline.generate(text, path: "notes.yaml") { path in files[path].map { Array($0.utf8) } }
  }

  /// The snapshots `text` records, by path.
  func snapshots(of text: String, beside files: [String: String] = [:]) throws -> [String: String] {
    var recorded = files
    for file in try generate(text, beside: files).besideSpec { recorded[file.path] = file.contents }
    return recorded
  }

  func errors(_ text: String, beside files: [String: String]) -> [String] {
    do {
      _ = try generate(text, beside: files)
      return []
    } catch {
      return error.diagnostics.filter { $0.severity == .error }.map(\.summary)
    }
  }

  @Test("the first run records the shape of the spec's version; reading it back gives the same shape")
  func recordsAndReadsBack() throws {
    let files = try snapshots(of: Self.first)
    let text = try #require(files["notes.persisted/1.yaml"])
    #expect(text.hasPrefix(PersistedShape.header))
    #expect(text.contains("    pinned: \"Bool = false\"\n"))
    let spec = try #require(try generate(Self.first, beside: [:]).spec)
    let shape = try #require(PersistedShape(of: spec))
    var diagnostics = DiagnosticCollector()
    let root = try #require(YAMLLoader().load(text, path: "notes.persisted/1.yaml", diagnostics: &diagnostics))
    var reader = SnapshotReader(file: "notes.persisted/1.yaml")
    let parsed = reader.read(root, version: 1)
    let read = try #require(parsed)
    #expect(reader.problems.isEmpty)
    #expect(read.rendered(specPath: "notes.yaml") == text)
    #expect(read.models.map(\.name) == shape.models.map(\.name))
    #expect(read.fields.map(\.type) == shape.fields.map(\.type))
  }

  @Test("a field with a default is added at the same version, and the snapshot records it")
  func fieldWithDefaultNeedsNothing() throws {
    let files = try snapshots(of: Self.first)
    let grown = Self.first.replacingOccurrences(of: "      tag: String\n", with: "      tag: String\n      color: String?\n      labels: [String]\n")
    let updated = try snapshots(of: grown, beside: files)
    #expect(updated["notes.persisted/1.yaml"]?.contains("    labels: \"[String] = []\"\n") == true)
    #expect(errors(grown, beside: files).isEmpty)
  }

  @Test("a rename, a retype and a new field without a default pass once the version and steps are written")
  func stepsSettleTheChanges() throws {
    let files = try snapshots(of: Self.first)
    let changed = Self.first
      .replacingOccurrences(of: "pinned: Bool = false", with: "starred: Bool = false")
      .replacingOccurrences(of: "count: Int = 0", with: "count: String = \"\"\n      priority: Int")
      .replacingOccurrences(of: "      tag: String\n", with: "")
    #expect(errors(changed, beside: files).count == 4)
    let settled = changed + """

        version: 2
        migrations:
          2:
            - rename: notes.pinned
              to: starred
            - retype: notes.count
            - add: notes.priority
              value: 3
      """
    #expect(errors(settled, beside: files) == [])
    let both = try snapshots(of: settled, beside: files)
    #expect(both.keys.sorted() == ["notes.persisted/1.yaml", "notes.persisted/2.yaml"])
    #expect(both["notes.persisted/1.yaml"] == files["notes.persisted/1.yaml"])
    // Without the rename, the removal must be said: a rename can't be told from it.
    let removed = settled.replacingOccurrences(of: "- rename: notes.pinned\n        to: starred", with: "- remove: notes.pinned")
    #expect(removed != settled)
    #expect(errors(removed, beside: files) == [])
  }

  @Test("another key or storage at the same version is an error; a new version starts afresh")
  func keyAndStorage() throws {
    let files = try snapshots(of: Self.first)
    let moved = Self.first + "\n  key: jottings\n  storage: sqlite\n"
    #expect(
      errors(moved, beside: files) == [
        "notes.yaml:18:3: error: persist's key was 'notes' at this version and is 'jottings' now, so data stored before would not be read: keep it, or raise persist's 'version' to 2 to start without that data",
        "notes.yaml:19:3: error: persist's storage was 'file' at this version and is 'sqlite' now, so data stored before would not be read: keep it, or raise persist's 'version' to 2 to start without that data",
      ])
    #expect(errors(moved + "  version: 2\n", beside: files) == [])
  }

  @Test("a removed enum case, an id added to stored elements, a nil made required and a lowered version are errors")
  func changesWithoutSteps() throws {
    let first = Self.first.replacingOccurrences(of: "      tag: String\n", with: "      tag: String\n      kind: Kind = plain\n      color: String?\n")
      .replacingOccurrences(of: "models:", with: "enums:\n  Kind: [plain, todo]\nmodels:")
    let files = try snapshots(of: first)
    let changed = first.replacingOccurrences(of: "[plain, todo]", with: "[todo]").replacingOccurrences(of: "Kind = plain", with: "Kind = todo")
      .replacingOccurrences(of: "color: String?", with: "color: String")
    #expect(
      errors(changed + "\n  version: 2\n", beside: files) == [
        "notes.yaml:12:7: error: 'notes.kind' may hold 'plain', stored at version 1, which Kind no longer has: keep the case (no migration step maps an enum case)",
        "notes.yaml:13:7: error: 'notes.color' is stored as String?, where nil is left out, and is String now: give it a default, or write `- add: notes.color` under `migrations: 2:` with the 'value' stored nils become",
      ])
    let points = "feature: P\nmodels:\n  Point:\n    fields:\n      x: Int\nstate:\n  points: [Point]\nactions:\n  clear:\n    reduce: clear points\npersist:\n  fields: [points]\n"
    let pointFiles = try GeneratorPipeline.generate(points, path: "notes.yaml").besideSpec
    let identified = points.replacingOccurrences(of: "      x: Int", with: "      id: UUID\n      x: Int")
    #expect(errors(identified, beside: [pointFiles[0].path: pointFiles[0].contents]).first?.contains("'points.id' is new") == true)
    let lowered = try snapshots(of: Self.first + "\n  version: 2\n")
    #expect(
      errors(Self.first, beside: lowered) == [
        "notes.yaml:17:3: error: notes.persisted/2.yaml records a newer version than persist's 'version' 1: data of that version may be stored; keep 'version' at it or above"
      ])
  }

  @Test("a removal is inferred into the migrations, so a later field of that key starts from its default")
  func inferredRemovals() throws {
    let files = try snapshots(of: Self.first)
    let second = Self.first.replacingOccurrences(of: "      count: Int = 0\n", with: "") + "\n  version: 2\n"
    let both = try snapshots(of: second, beside: files)
    let third = Self.first.replacingOccurrences(of: "count: Int = 0", with: "count: String = \"\"") + "\n  version: 3\n"
    let spec = try #require(try generate(third, beside: both).spec)
    #expect(spec.persist?.migrations == [PersistMigration(version: 2, steps: [.remove(["notes", "count"])])])
    #expect(errors(third, beside: both) == [])
  }

  @Test("a step goes along its own path: a model held in two places needs it in each")
  func stepsFollowTheirPath() throws {
    let first = Self.first.replacingOccurrences(of: "  notes: [Note]\n", with: "  notes: [Note]\n  pinnedNotes: [Note]\n")
      .replacingOccurrences(of: "fields: [notes]", with: "fields: [notes, pinnedNotes]")
    let files = try snapshots(of: first)
    let renamed = first.replacingOccurrences(of: "pinned: Bool = false", with: "starred: Bool = false")
      + "\n  version: 2\n  migrations:\n    2:\n      - rename: notes.pinned\n        to: starred\n"
    #expect(errors(renamed, beside: files).map { $0.contains("'pinnedNotes.pinned' is gone") } == [true])
    #expect(errors(renamed + "      - rename: pinnedNotes.pinned\n        to: starred\n", beside: files) == [])
  }

  @Test("a snapshot that doesn't read is an error located in it")
  func unreadableSnapshot() {
    let files = ["notes.persisted/1.yaml": "version: 1\nkey: notes\nstorage: file\nfields:\n  notes: \"[Nope]\"\n"]
    #expect(
      errors(Self.first, beside: files) == [
        "notes.persisted/1.yaml:5:10: error: this persisted-shape snapshot can't be read: '[Nope]' is not a type this snapshot declares; redux-gen writes it, so take it from version control"
      ])
  }

  @Test("a sample of an older version is expected migrated, with today's defaults filled in")
  func expectedRestore() throws {
    let files = try snapshots(of: Self.first)
    let settled =
      Self.first
      .replacingOccurrences(of: "pinned: Bool = false", with: "starred: Bool = false\n      note: String = \"none\"")
      + "\n  version: 2\n  migrations:\n    2:\n      - rename: notes.pinned\n        to: starred\n"
    let spec = try #require(try generate(settled, beside: files).spec)
    let old = try #require(spec.persist?.snapshots.first)
    let samples = StoredSamples(shape: old, current: try #require(PersistedShape(of: spec)), migrations: spec.persist!.migrations)
    let every = try #require(samples.all.first)
    guard case .object(let stored) = every.value, case .array(let notes)? = stored["notes"],
      case .object(let note)? = notes.first,
      case .object(let restored) = every.expected, case .array(let restoredNotes)? = restored["notes"],
      case .object(let restoredNote)? = restoredNotes.first
    else {
      Issue.record("unexpected samples \(every)")
      return
    }
    #expect(note["pinned"] == .bool(true))
    #expect(restoredNote["starred"] == .bool(true))
    #expect(restoredNote["pinned"] == nil)
    #expect(restoredNote["note"] == .string("none"))
    #expect(restoredNote["tag"] == .string("stored tag"))
  }
}
