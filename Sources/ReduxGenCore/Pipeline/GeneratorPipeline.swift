/// A file redux-gen produces for a feature, relative to the feature's output directory.
package struct GeneratedFile: Equatable, Sendable {
  package enum Ownership: Equatable, Sendable {
    /// Rewritten on every run; starts with the generator's header.
    case generated
    /// Created once when missing, then the user's.
    case scaffold
  }

  package var path: String
  package var contents: String
  package var ownership: Ownership
  /// The part of the feature a generated file holds; nil for scaffolds.
  package var part: GeneratedPart?
  /// Which of the part's files (`GeneratedPart.pieces`) this is, from 1.
  package var piece = 1
  /// A piece the part doesn't fill (only the header): it empties a file left from a larger spec,
  /// and is created only where a build's fixed names need it.
  package var isSpare = false

  package init(
    path: String, contents: String, ownership: Ownership, part: GeneratedPart? = nil, piece: Int = 1,
    isSpare: Bool = false
  ) {
    self.path = path
    self.contents = contents
    self.ownership = ownership
    self.part = part
    self.piece = piece
    self.isSpare = isSpare
  }
}

/// What a run produced for one spec.
package struct GenerationResult: Sendable {
  package var feature: String
  package var files: [GeneratedFile]
  /// Warnings; errors never reach a result.
  package var diagnostics: [Diagnostic]
  /// The checked feature spec; nil for an app.
  package var spec: Spec? = nil

  /// Files that live beside the spec, relative to its directory: the snapshot of the persisted
  /// shape of the spec's current version (`tasklist.persisted/3.yaml`).
  package var besideSpec: [GeneratedFile] {
    guard let spec, let shape = PersistedShape(of: spec) else { return [] }
    return [
      GeneratedFile(
        path: PersistedShape.path(specFile: spec.path, version: shape.version),
        contents: shape.rendered(specPath: spec.path), ownership: .generated)
    ]
  }
}

/// The stages, each a type with a named input and output:
///
/// 1. `SpecText`: bytes -> UTF-8 text;
/// 2. `DocumentChecking`: text -> YAML nodes with locations (`YAMLLoader`) -> a checked
///    `CheckedDocument` (`SpecChecker`, `AppChecker`), or every problem at once;
/// 3. `FeaturePartFiles` / `AppPartFiles`: checked spec -> one `SwiftFile` per `GeneratedPart`
///    (translators build the code model) -> text (`TextRenderer`);
/// 4. `OutputLayout.arrange`: which files a run writes, under which names;
/// 5. `OutputWriter`: files -> disk, all or nothing.
package enum GeneratorPipeline {
  /// Stages 2 to 4 for the document in `text`, read from `path` (the name used in diagnostics and
  /// headers); an app document's features are read through `readFile`.
  package static func generate(
    _ text: String, path: String, layout: OutputLayout = OutputLayout(),
    readFile: (String) -> [UInt8]? = { _ in nil }
  ) throws(DiagnosticsError) -> GenerationResult {
    let (document, warnings) = try DocumentChecking.check(text, path: path, readFile: readFile)
    switch document {
    case .feature(let spec):
      return GenerationResult(
        feature: spec.feature, files: files(for: spec, layout: layout), diagnostics: warnings, spec: spec)
    case .app(let app):
      return GenerationResult(feature: app.name, files: files(for: app, layout: layout), diagnostics: warnings)
    }
  }

  /// Stages 3 and 4 for a checked app.
  package static func files(for app: AppSpec, layout: OutputLayout = OutputLayout()) -> [GeneratedFile] {
    let files = AppPartFiles(app: app, testedModule: layout.testedModule).rendered()
    return layout.arrange(files, header: GeneratedHeader.lines(specPath: app.path))
  }

  /// Stage 3 for a checked feature spec, timed stage by stage on one core (GeneratorBenchmark).
  /// Returns once the code models of earlier runs are freed (they are freed on threads of their
  /// own after their files are rendered): a benchmark's next run then starts as a new process does.
  package static func settle() {
    Freeing.pending.wait()
  }

  package static func stageTimes(for spec: Spec, layout: OutputLayout = OutputLayout()) -> StageTimes {
    FeaturePartFiles(spec: spec, testedModule: layout.testedModule).stageTimes()
  }

  /// Stages 3 and 4 for a checked feature spec.
  package static func files(for spec: Spec, layout: OutputLayout = OutputLayout()) -> [GeneratedFile] {
    let files = FeaturePartFiles(spec: spec, testedModule: layout.testedModule).rendered()
    return layout.arrange(files, header: GeneratedHeader.lines(specPath: spec.path))
  }
}

extension Array where Element: Hashable {
  var uniqued: [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
