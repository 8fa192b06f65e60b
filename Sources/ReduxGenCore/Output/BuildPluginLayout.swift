// This file is compiled twice: into ReduxGenCore, and (through a symlink) into the build-tool
// plugin, which must name every output file before it may read a spec. Keep it free of imports.

/// The fixed file names of a feature generated at build time: one file per part, whether or not
/// the spec has that part (an absent part is a file with only the header).
enum BuildPluginLayout {
  /// The parts generated into a source target, in order.
  static let sourceParts = ["Models", "State", "Action", "Reducer", "Middleware", "Effects", "Persistence"]
  /// The parts generated into a test target.
  static let testParts = ["ReducerTests", "ExampleTests"]

  /// `counter.State.swift` for the prefix `counter.` and the part `State`.
  static func fileName(prefix: String, part: String) -> String {
    prefix + part + ".swift"
  }

  /// Whether a file in a target's sources is a spec: `redux-gen.yaml` or `*.redux.yaml`.
  static func isSpec(fileName: String) -> Bool {
    fileName == "redux-gen.yaml" || (fileName.hasSuffix(".redux.yaml") && fileName.count > ".redux.yaml".count)
  }

  /// The prefix of a spec's output files: `counter.` for `counter.redux.yaml`, `redux-gen.` for `redux-gen.yaml`.
  static func prefix(forSpec fileName: String) -> String {
    if fileName.hasSuffix(".redux.yaml") { return String(fileName.dropLast(".redux.yaml".count)) + "." }
    return String(fileName.dropLast(".yaml".count)) + "."
  }
}
