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

  /// A path the checker resolved against `name`, as the file system reads it: the same way
  /// from the spec's directory as from `name`'s (`name` may be relative to somewhere other
  /// than the working directory, as generated headers name a spec).
  package func location(of resolved: String) -> String {
    guard name != path, !resolved.hasPrefix("/") else { return resolved }
    let directory = name.split(separator: "/").dropLast().map(String.init)
    let target = resolved.split(separator: "/").map(String.init)
    var common = 0
    while common < directory.count, common < target.count, directory[common] == target[common] { common += 1 }
    let relative = Array(repeating: "..", count: directory.count - common) + target[common...]
    return SpecChecker.resolve(relative.joined(separator: "/"), from: path)
  }
}
