/// Where the files a spec names (`uses:`, an app's `features:`) are: relative to the spec file,
/// whatever the working directory and however the spec's own path was given.
///
/// The checker resolves them against the name the spec goes by in diagnostics and headers
/// (`SpecChecker.resolve`), which can be its bare file name when the spec lies outside the
/// working directory; `location(of:)` turns such a path into one the file system reads.
package struct SpecPaths: Sendable {
  /// The name the pipeline is given for the spec.
  package let name: String
  /// The path the spec was read from.
  package let path: String

  package init(named name: String, readFrom path: String) {
    self.name = name
    self.path = path
  }

  /// A path the checker resolved against `name`, as the file system reads it.
  package func location(of resolved: String) -> String {
    // A name with a directory is the spec's path itself (relative to the working directory, or
    // absolute): what the checker resolved against it is read as it is.
    guard !name.contains("/"), name != path else { return resolved }
    return SpecChecker.resolve(resolved, from: path)
  }
}
