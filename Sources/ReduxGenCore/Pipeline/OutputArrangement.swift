import Foundation

/// Stage 4, files -> the files a run writes: which of a feature's files, under which names.
package struct OutputLayout: Equatable, Sendable {
  package enum Parts: String, Sendable, CaseIterable {
    /// Generated sources and scaffolds in `Sources/`, generated tests in `Tests/`.
    case all
    /// Generated sources and scaffolds, directly in the output directory.
    case sources
    /// Generated tests, directly in the output directory.
    case tests
    /// Only the scaffolds that are missing (for targets generated at build time).
    case scaffolds
  }

  package var parts: Parts
  /// The module the generated tests import with `@testable`; the feature's name when nil.
  package var testedModule: String?
  /// When set, the build-tool plugin's fixed names: `<prefix><Part>.swift` for every part,
  /// empty parts included, and no scaffolds.
  package var fixedPrefix: String?

  package init(parts: Parts = .all, testedModule: String? = nil, fixedPrefix: String? = nil) {
    self.parts = parts
    self.testedModule = testedModule
    self.fixedPrefix = fixedPrefix
  }
}

extension OutputLayout {
  /// Where this layout puts a feature's scaffolds when writing into `directory`; nil when it
  /// writes none (only tests, or the build-tool plugin's fixed names).
  package func scaffoldDirectory(in directory: String) -> String? {
    guard fixedPrefix == nil else { return nil }
    switch parts {
    case .all:
      let folder = (GeneratedNames.scaffoldPath("Type") as NSString).deletingLastPathComponent
      return (directory as NSString).appendingPathComponent(folder)
    case .sources, .scaffolds: return directory
    case .tests: return nil
    }
  }

  /// Files named and chosen as this layout asks; `header` heads the empty parts of fixed layouts.
  func arrange(_ all: [GeneratedFile], header: [String]) -> [GeneratedFile] {
    if let prefix = fixedPrefix {
      let parts: [GeneratedPart] =
        switch self.parts {
        case .all: GeneratedPart.allCases
        case .sources: GeneratedPart.sourceParts
        case .tests: GeneratedPart.testParts
        case .scaffolds: []
        }
      return parts.flatMap { part in
        (1...part.pieces).map { piece in
          let name = BuildPluginLayout.fileName(prefix: prefix, part: part, piece: piece)
          guard var file = all.first(where: { $0.part == part && $0.piece == piece }) else {
            let empty = SwiftFile(
              header: header + ["This spec has no \(part.rawValue.lowercased())."], imports: [], declarations: [])
            return GeneratedFile(
              path: name, contents: TextRenderer().render(empty), ownership: .generated, part: part, piece: piece)
          }
          file.path = name
          // The build declared every piece: each is written.
          file.isSpare = false
          return file
        }
      }
    }
    func flattened(_ file: GeneratedFile) -> GeneratedFile {
      var file = file
      file.path = (file.path as NSString).lastPathComponent
      return file
    }
    switch self.parts {
    case .all: return all
    case .sources: return all.filter { !$0.path.hasPrefix("Tests/") }.map(flattened)
    case .tests: return all.filter { $0.path.hasPrefix("Tests/") }.map(flattened)
    case .scaffolds: return all.filter { $0.ownership == .scaffold }.map(flattened)
    }
  }
}
