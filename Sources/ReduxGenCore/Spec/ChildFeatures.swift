// Features that hold features: a list whose elements are another feature's state.

/// `children: { tallies: { each: tally.yaml } }`: the state field `tallies` holds one state of
/// the child feature per element, found by the child state's `id`. The parent's action gets a
/// case carrying an element's id and a child action (`.tallies(id:action:)`), which the
/// parent's reducer gives to that element alone; the child's middleware runs per element
/// (`<Parent>Children`), its work ended when the element is removed.
package struct ChildList: Sendable, Equatable {
  /// The parent's state field, and the name of its action case.
  package var field: String
  /// The child feature's spec, checked.
  package var spec: Spec
  /// A near miss of the routing: set only by the mutation harness.
  package var routeMutant: ChildRouteMutant?

  package init(field: String, spec: Spec) {
    self.field = field
    self.spec = spec
  }

  /// The child's state read as a model of the parent's: what the parent's operations, filters,
  /// derived values and tests see in each element.
  package var stateModel: Model {
    Model(name: spec.stateTypeName, doc: spec.doc, fields: spec.state)
  }

  /// The type of the child state's `id`.
  package var idType: SpecType {
    spec.stateField(named: "id")?.type ?? .scalar(.int)
  }

  /// The parent's state field holding the elements.
  package var stateField: Field {
    Field(
      name: field, type: .array(.model(spec.stateTypeName)), defaultValue: .array([]),
      doc: "One \(spec.feature) feature per element, each found by its `id`.")
  }
}

/// A near miss of a child list's routing, for the mutation harness.
package enum ChildRouteMutant: Sendable, Equatable {
  /// The child's action goes to the list's first element, whatever its id.
  case firstElement
  /// The child's action is dropped.
  case dropped
}

extension Spec {
  /// The child list whose field is `name`.
  package func childList(named name: String) -> ChildList? {
    children.first { $0.field == name }
  }

  /// The model of a child feature's state, by its type name (`TallyState`).
  package func childStateModel(named name: String) -> Model? {
    children.lazy.first { $0.spec.stateTypeName == name }?.stateModel
  }
}
