// Features that hold features: a list whose elements are another feature's state, and a
// feature presented while the parent's optional field holds its state.

/// A state field of the parent that holds another feature (`children:`).
///
/// - `tallies: { each: tally.yaml }`: one state of the child per element, found by the child
///   state's `id`. The parent's action gets a case carrying an element's id and a child action
///   (`.tallies(id:action:)`), which the parent's reducer gives to that element alone; the
///   child's middleware runs per element (`<parent>Children`), its work ended when the element
///   is removed.
/// - `namer: { presents: namer.yaml, dismissOn: [save] }`: the child's state while it is
///   presented (the field is optional, nil when it isn't). The parent's action gets a case
///   carrying a child action (`.namer(.save)`), given to the child's reducer while it is
///   presented and dropped (with a warning in debug builds) when it isn't; the child's actions
///   in `dismissOn` dismiss it after their reduce. Its middleware runs while it is presented and
///   is ended when it is dismissed.
package struct ChildFeature: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    /// A list of the child's states, one per element.
    case each
    /// The child's state while presented; the child's actions that dismiss it.
    case presented(dismissOn: [String])
  }

  /// The parent's state field, and the name of its action case.
  package var field: String
  /// The child feature's spec, checked.
  package var spec: Spec
  package var kind: Kind = .each
  /// A near miss of the routing: set only by the mutation harness.
  package var routeMutant: ChildRouteMutant?

  package init(field: String, spec: Spec, kind: Kind = .each) {
    self.field = field
    self.spec = spec
    self.kind = kind
  }

  /// Whether the field holds a list of the child's states.
  package var isList: Bool { kind == .each }

  /// The child's actions that dismiss it (presented only).
  package var dismissOn: [String] {
    if case .presented(let actions) = kind { return actions }
    return []
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

  /// The parent's state field holding the elements, or the presented child's state.
  package var stateField: Field {
    switch kind {
    case .each:
      Field(
        name: field, type: .array(.model(spec.stateTypeName)), defaultValue: .array([]),
        doc: "One \(spec.feature) feature per element, each found by its `id`.")
    case .presented:
      Field(
        name: field, type: .optional(.model(spec.stateTypeName)), defaultValue: .null,
        doc: "The \(spec.feature) feature while it is presented; nil when it isn't.")
    }
  }
}

/// `from: namer.save` on a parent's action: the parent reduces the action when the child's action
/// arrives, after the child's reducer and before a dismissal, so it can read the child's state (a
/// form's draft when its "Done" is tapped). Each parameter takes the child action's parameter of
/// its name, else the child state's field of its name (the element's, for a list).
package struct ChildActionHandler: Sendable, Equatable {
  /// The parent's child field (`namer`, `tallies`).
  package var field: String
  /// The child's action (`save`).
  package var action: String
  /// The parameters read from the child's state; the others are the child action's.
  package var readsState: Set<String> = []
  /// For a navigation stack (`from: path.detail.deleted`), the destination whose action it is.
  package var destination: String?
  /// For a navigation stack, the parameter that takes the id of the screen that sent the action
  /// (`screen: Int`, when neither the action nor the destination's state has a `screen`).
  package var screenIDParameter: String?
  /// For a grandchild's action (`from: login.twoFactor.submitted`), the presented features'
  /// fields from the child down to the feature whose action it is (`["twoFactor"]`); empty for
  /// the child's own action. Its parameters are that action's.
  package var through: [String] = []

  /// The path as written: `namer.save`, `path.detail.deleted`, `login.twoFactor.submitted`.
  package var source: String {
    ([field] + (destination.map { [$0] } ?? []) + through + [action]).joined(separator: ".")
  }

  package init(field: String, action: String, readsState: Set<String> = [], destination: String? = nil) {
    self.field = field
    self.action = action
    self.readsState = readsState
    self.destination = destination
  }
}

/// A near miss of a child list's routing, for the mutation harness.
package enum ChildRouteMutant: Sendable, Equatable {
  /// The child's action goes to the list's first element, whatever its id.
  case firstElement
  /// The child's action is dropped.
  case dropped
  /// A presented child's dismissing actions leave it presented.
  case keepsPresented
  /// The child's actions the parent reduces (`from:`) are not handed to the parent.
  case handlerDropped
  /// A button of the child's alert sending an action the parent reads is not heard as it.
  case buttonsUnheard
  /// A screen's copy of an element of the parent's list (`shows:`) is not written back.
  case notWrittenBack
  /// A change of the parent's list (`shows:`) doesn't reach the screens showing its elements.
  case notShown
}

extension Spec {
  /// The child list whose field is `name`.
  package func child(named name: String) -> ChildFeature? {
    children.first { $0.field == name }
  }

  /// The parent's actions that reduce an action of the child at `field` (`from:`), by the
  /// child's action.
  package func handlers(of field: String) -> [(childAction: String, action: Action)] {
    actions.compactMap { action in
      guard let from = action.from, from.field == field, from.through.isEmpty else { return nil }
      return (from.action, action)
    }
  }

  /// The parent's actions that reduce an action of a feature the child at `field` presents, or
  /// one further down (`from: login.twoFactor.submitted`).
  package func grandchildHandlers(of field: String) -> [(handler: ChildActionHandler, action: Action)] {
    actions.compactMap { action in
      guard let from = action.from, from.field == field, !from.through.isEmpty else { return nil }
      return (from, action)
    }
  }

  /// The parent's actions that reduce an action of the stack at `field`'s destination
  /// `destination` (`from: path.detail.deleted`), by the destination's action.
  package func handlers(of field: String, destination: String) -> [(childAction: String, action: Action)] {
    actions.compactMap { action in
      guard let from = action.from, from.field == field, from.destination == destination else { return nil }
      return (from.action, action)
    }
  }

  /// The child's actions at `list.field` reduced by an action of the parent's that writes the
  /// list (`from:`): they change the list other than in their element.
  package func listWritingHandlers(_ list: ChildFeature) -> [String] {
    handlers(of: list.field).filter { $0.action.changedStateFields?.contains(list.field) != false }.map(\.childAction)
  }

  /// Whether some child action changes the list at `list.field` only in place, in its element.
  package func routeChangesInPlace(_ list: ChildFeature) -> Bool {
    list.isList && listWritingHandlers(list).count < list.spec.actions.count
  }

  /// The state models of the features it holds (each child's, each stack destination's): what a
  /// parent's paths read through it to a grandchild (`login.twoFactor.token`).
  package var heldStateModels: [Model] {
    children.map(\.stateModel) + stacks.flatMap { $0.destinations.map(\.stateModel) }
  }

  /// The model of a child feature's state, by its type name (`TallyState`).
  package func childStateModel(named name: String) -> Model? {
    children.lazy.first { $0.spec.stateTypeName == name }?.stateModel
      ?? stacks.lazy.flatMap(\.destinations).first { $0.spec.stateTypeName == name }?.stateModel
  }
}

/// `path: { stack: [detail.yaml, record.yaml] }`: a navigation stack of destination features,
/// its state a `ScreenStack` of the parent's enum of screens (`<Feature><Field>`, a case per
/// destination holding its state). The parent's action gets a case carrying a screen's id and
/// an action of the screens' enum (`.path(id: 3, action: .detail(.save))`), which the parent's
/// reducer gives to that screen alone, and only when the screen is that destination; each
/// screen's middleware runs for it alone, and is ended when an action pops it.
package struct StackFeature: Sendable, Equatable {
  /// A feature a screen of the stack can be: its case of the screens' enum.
  package struct Destination: Sendable, Equatable {
    /// The case's name: the feature's name, lowercased first (`detail` for `Detail`).
    package var name: String
    package var spec: Spec

    /// The destination's state read as a model of the parent's.
    package var stateModel: Model {
      Model(name: spec.stateTypeName, doc: spec.doc, fields: spec.state)
    }
  }

  /// `shows: { syncUp: syncUps }`: the destinations' state field (`syncUp`, a model with an id)
  /// that shows the element of a list of the parent's (`syncUps`) with its id. The parent's
  /// reducer keeps the two in step: a screen's change of its copy is written into the list
  /// (where the list still holds the element), and a change of the list reaches every screen
  /// showing one of its elements.
  package struct Shown: Sendable, Equatable {
    /// The destinations' state field.
    package var field: String
    /// The parent's list of models with an id.
    package var list: String
  }

  /// The parent's state field, and the name of its action case.
  package var field: String
  package var destinations: [Destination]
  /// The elements of the parent's lists its screens show (`shows:`).
  package var shows: [Shown] = []
  /// A near miss of the routing: set only by the mutation harness.
  package var routeMutant: ChildRouteMutant?

  /// The enum of screens: `TalliesPath` for the field `path` of `Tallies`.
  package static func screensTypeName(feature: String, field: String) -> String {
    feature + field.uppercasingFirst
  }

  /// The enum of the screens' actions: `TalliesPathAction`.
  package static func screenActionsTypeName(feature: String, field: String) -> String {
    screensTypeName(feature: feature, field: field) + "Action"
  }

  /// The parent's state field holding the stack.
  package func stateField(feature: String) -> Field {
    Field(
      name: field, type: .stack(Self.screensTypeName(feature: feature, field: field)), defaultValue: .array([]),
      doc: "The screens pushed on the stack, bottom first; empty when the root alone shows.")
  }

  /// The destination whose case is `name`.
  package func destination(named name: String) -> Destination? {
    destinations.first { $0.name == name }
  }

  /// The destinations whose state has `shown`'s field.
  package func destinations(showing shown: Shown) -> [Destination] {
    destinations.filter { $0.spec.stateField(named: shown.field) != nil }
  }
}

extension Spec {
  /// The navigation stack whose field is `name`.
  package func stack(named name: String) -> StackFeature? {
    stacks.first { $0.field == name }
  }

  /// The stacks whose screens show an element of the list `list` (`shows:`), each with what
  /// they show of it.
  package func stacks(showing list: String) -> [(stack: StackFeature, shown: StackFeature.Shown)] {
    stacks.flatMap { stack in stack.shows.filter { $0.list == list }.map { (stack, $0) } }
  }
}
