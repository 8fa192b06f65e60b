import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-redux [--target T ...] [--check] [--scaffolds-only]`
///
/// Regenerates the checked-in Redux features of the package's targets (`CheckedInFeatures`).
/// SwiftPM asks for its permission to write on every run, `--check` included: `check-redux`
/// checks without it.
@main
struct GenerateRedux: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try CheckedInFeatures(verb: "generate-redux", checksOnly: false).perform(context: context, arguments: arguments)
  }
}
