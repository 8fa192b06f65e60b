import ReduxGenCore

/// What the page makes its dispatch forms from: the spec's actions with their payloads' types,
/// its models' fields and its enums' cases (types as Swift writes them: `[Task]`, `UUID?`).
enum SpecForms {
  static func description(of spec: Spec) -> [String: Any] {
    func fields(_ fields: [Field]) -> [[String: Any]] {
      fields.map { field in
        [
          "name": field.name, "type": field.type.swiftName, "key": field.codingKey,
          "required": field.defaultValue == nil, "madeByCreator": field.madeByCreator,
        ]
      }
    }
    var models: [String: Any] = [:]
    var enums: [String: Any] = [:]
    for each in [spec] + spec.usedSpecs {
      for model in each.models { models[model.name] = fields(model.fields) }
      for enumType in each.enums where !enumType.carriesValues { enums[enumType.name] = enumType.cases }
    }
    for filter in spec.filters { enums[filter.name] = filter.cases.map(\.name) }
    return [
      "feature": spec.feature,
      "actions": spec.actions.map { action -> [String: Any] in
        ["name": action.name, "doc": action.doc ?? "", "payload": fields(action.payload)]
      },
      "models": models, "enums": enums,
      "state": spec.state.map(\.name),
      "stacks": spec.stacks.map(\.field),
      "children": spec.children.map(\.field),
    ]
  }
}
