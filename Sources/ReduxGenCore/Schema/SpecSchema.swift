import Foundation

/// The JSON Schema of specs (draft 2020-12), for editors: `Schema/redux-gen.schema.json` beside
/// this file, the one copy (a resource of this module; docs/redux-gen.schema.json links to it),
/// which `redux-gen schema` prints and `redux-gen init` writes next to a new spec. Its keys are the
/// checker's (`SpecKeys`); SchemaTests holds it to them.
package enum SpecSchema {
  /// The name `redux-gen init` gives the schema, next to the spec whose modeline names it.
  package static let fileName = "redux-gen.schema.json"

  /// The schema's text, read from the module's resources once.
  package static let json: String? = {
    // SwiftPM puts a module's resources in a bundle next to the executable that links it (a
    // `.bundle` on Apple systems; `-tool` in the name when built for a plugin). Looked up here
    // rather than through `Bundle.module`, which stops the process when the bundle is missing.
    let names = ["redux-gen_ReduxGenCore", "redux-gen_ReduxGenCore-tool"].flatMap { [$0 + ".resources", $0 + ".bundle"] }
    for name in names {
      guard let bundle = Bundle(url: Bundle.main.bundleURL.appendingPathComponent(name)),
        let url = bundle.url(forResource: "redux-gen.schema", withExtension: "json")
      else { continue }
      return try? String(contentsOf: url, encoding: .utf8)
    }
    return nil
  }()

  /// Why `json` is nil: the resource bundle was not copied with the executable.
  package static let missingMessage =
    "the JSON Schema (redux-gen_ReduxGenCore.resources/redux-gen.schema.json) is not next to this redux-gen: "
    + "copy that folder from the build directory with the executable"
}
