/// The JSON Schema of specs (draft 2020-12), for editors: docs/redux-gen.schema.json, which
/// `redux-gen schema` prints and `redux-gen init` writes next to a new spec. Its keys are the
/// checker's (`SpecKeys`); SchemaTests holds both to it, and keeps `json` equal to the file.
package enum SpecSchema {
  /// The name `redux-gen init` gives the schema, next to the spec whose modeline names it.
  package static let fileName = "redux-gen.schema.json"
}
