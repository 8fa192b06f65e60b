import PackagePlugin

/// `swift package check-redux [--target T ...]`
///
/// `generate-redux --check` without permission to write (SwiftPM asks for a plugin's permissions
/// as its manifest declares them, whatever the arguments): writes nothing and fails, listing each
/// file that is missing or differs, when the checked-in Redux features are stale.
@main
struct CheckRedux: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try CheckedInFeatures(verb: "check-redux", checksOnly: true).perform(context: context, arguments: arguments)
  }
}
