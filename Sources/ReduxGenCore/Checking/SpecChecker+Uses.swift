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
      guard let spec = loadSpec(relative, at: item, read: &read, as: .used) else { continue }
      if spec.access != .public {
        error(.usedSpecNotPublic(spec.feature), item)
      } else if spec.feature == feature {
        error(.duplicateName(spec.feature, what: .kind(.feature)), item)
      } else if !uses.contains(where: { $0.feature == spec.feature }) {
        uses.append(spec)
      }
    }
    return uses
  }

  /// How a spec names another: what its errors say.
  enum SpecLink {
    /// `uses:`
    case used
    /// `children:`
    case child
  }

  /// The spec at `relative` (next to this one), read and checked once per `read`; nil, with the
  /// problem reported, when it can't be read, doesn't pass its checks or leads back here.
  mutating func loadSpec(_ relative: String, at item: YAMLNode, read: inout Set<String>, as link: SpecLink) -> Spec? {
    let linkedPath = SpecChecker.resolve(relative, from: path)
    guard read.insert(linkedPath).inserted else {
      error(.duplicateName(relative, what: .kind(link == .used ? .usedSpec : .childSpec)), item)
      return nil
    }
    if let start = (usedBy + [path]).firstIndex(of: linkedPath) {
      let chain = Array((usedBy + [path])[start...]) + [linkedPath]
      error(link == .used ? .usesCycle(chain) : .childrenCycle(chain), item)
      return nil
    }
    guard let bytes = readFile(linkedPath) else {
      error(link == .used ? .unreadableUsedSpec(relative) : .unreadableChildSpec(relative), item)
      return nil
    }
    do {
      let text = try SpecText.decode(bytes, path: linkedPath)
      let (spec, warnings) = try DocumentChecking.checkFeature(
        text, path: linkedPath, readFile: readFile, usedBy: usedBy + [path])
      diagnostics.append(contentsOf: warnings)
      return spec
    } catch {
      diagnostics.append(contentsOf: error.diagnostics)
      // The child's errors are reported in its file; here, that this entry waits on them.
      if link == .child { self.error(.childSpecHasErrors(relative), item) }
      return nil
    }
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
