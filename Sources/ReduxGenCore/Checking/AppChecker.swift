/// A checked app document: features composed into one state tree.
package struct AppSpec: Sendable, Equatable {
  package struct Feature: Sendable, Equatable {
    /// The field of `AppState` and case of `AppAction` for it.
    package var name: String
    package var spec: Spec
  }

  package var path: String
  package var name: String
  package var features: [Feature]
}

/// Checks `app: Name` with `features: { name: path }`, and each feature spec it names.
struct AppChecker {
  var checker: SpecChecker

  /// `readFile` reads a file by the path diagnostics show; nil when it can't be read.
  mutating func check(
    _ pairs: [YAMLNode.Pair], root: YAMLNode, readFile: (String) -> [UInt8]?
  ) -> AppSpec? {
    let keys = checker.checkKeys(pairs, allowed: ["app", "doc", "features"], context: .theApp)
    let name: String
    if let nameNode = keys["app"] {
      name = checker.typeName(nameNode, what: .a(.app)) ?? "App"
    } else {
      checker.missing("app", in: .theApp, root)
      name = "App"
    }
    guard let featuresNode = keys["features"] else {
      checker.missing("features", in: .theApp, root)
      return nil
    }
    var features: [AppSpec.Feature] = []
    var featureTypes: Set<String> = []
    for pair in checker.mapping(featuresNode, what: .key("features")) ?? [] {
      guard let fieldName = checker.identifier(pair.key, what: .a(.featureField)),
        let relative = checker.text(pair.value, what: .featureSpecPath)
      else { continue }
      let path = resolve(relative, from: checker.path)
      guard let bytes = readFile(path) else {
        checker.error(.unreadableFeature(relative), pair.value)
        continue
      }
      do {
        let text = try SpecText.decode(bytes, path: path)
        let (spec, warnings) = try DocumentChecking.checkFeature(text, path: path)
        checker.diagnostics.append(contentsOf: warnings)
        if !featureTypes.insert(spec.feature).inserted {
          checker.error(.duplicateName(spec.feature, what: .kind(.feature)), pair.value)
        }
        // The app is generated into its own module, which imports each feature's.
        if spec.access != .public {
          checker.error(.appFeatureNotPublic(spec.feature), pair.value)
        }
        features.append(AppSpec.Feature(name: fieldName, spec: spec))
      } catch {
        checker.diagnostics.append(contentsOf: error.diagnostics)
      }
    }
    if features.isEmpty && !checker.diagnostics.hasErrors {
      checker.error(.expected(.atLeastOneFeature, found: "none"), featuresNode)
    }
    return AppSpec(path: checker.path, name: name, features: features)
  }

  /// `relative` next to the file `base`, as a path diagnostics can show.
  private func resolve(_ relative: String, from base: String) -> String {
    guard !relative.hasPrefix("/"), let slash = base.lastIndex(of: "/") else { return relative }
    return String(base[...slash]) + relative
  }
}
