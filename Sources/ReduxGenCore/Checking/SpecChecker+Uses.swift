/// `uses: [products.yaml]`: models and enums shared between specs. Each used spec is checked
/// (its problems reported against its own file) and must be `access: public`: its types live
/// in its own module, which the generated code imports.
extension SpecChecker {
  mutating func checkUses(_ node: YAMLNode) -> [Spec] {
    let items: [YAMLNode]
    if node.scalar != nil {
      items = [node]
    } else {
      guard let list = sequence(node, what: .key("uses")) else { return [] }
      items = list
    }
    var uses: [Spec] = []
    var read: Set<String> = []
    for item in items {
      guard let relative = text(item, what: .usedSpecPath) else { continue }
      let usedPath = SpecChecker.resolve(relative, from: path)
      // Read and checked once.
      guard read.insert(usedPath).inserted else {
        error(.duplicateName(relative, what: .kind(.usedSpec)), item)
        continue
      }
      if let start = (usedBy + [path]).firstIndex(of: usedPath) {
        error(.usesCycle(Array((usedBy + [path])[start...]) + [usedPath]), item)
        continue
      }
      guard let bytes = readFile(usedPath) else {
        error(.unreadableUsedSpec(relative), item)
        continue
      }
      do {
        let text = try SpecText.decode(bytes, path: usedPath)
        let (spec, warnings) = try DocumentChecking.checkFeature(
          text, path: usedPath, readFile: readFile, usedBy: usedBy + [path])
        diagnostics.append(contentsOf: warnings)
        if spec.access != .public {
          error(.usedSpecNotPublic(spec.feature), item)
        } else if spec.feature == feature {
          error(.duplicateName(spec.feature, what: .kind(.feature)), item)
        } else if !uses.contains(where: { $0.feature == spec.feature }) {
          uses.append(spec)
        }
      } catch {
        diagnostics.append(contentsOf: error.diagnostics)
      }
    }
    return uses
  }

  /// The used specs, each once, the ones they use first.
  var usedSpecs: [Spec] { Spec.flattened(uses) }

  /// Each model and enum name a used spec declares, with the feature that declares it.
  func usedTypeDeclarations() -> [String: String] {
    var declared: [String: String] = [:]
    for spec in usedSpecs {
      for name in spec.models.map(\.name) + spec.enums.map(\.name) where declared[name] == nil {
        declared[name] = spec.feature
      }
    }
    return declared
  }

  /// `relative` next to the file `base`, as a path diagnostics can show.
  static func resolve(_ relative: String, from base: String) -> String {
    guard !relative.hasPrefix("/"), let slash = base.lastIndex(of: "/") else { return normalized(relative) }
    return normalized(String(base[...slash]) + relative)
  }

  /// `a/./b/../c` as `a/c`, so one file has one name in a cycle.
  private static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != "..", !last.isEmpty {
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}
