// Written by SchemaTests from docs/redux-gen.schema.json (REDUX_GEN_RECORD=1): don't edit by hand.
extension SpecSchema {
  package static let json = #"""
    {}

    """#
}
