/// A feature as a picture, before any diagram syntax: its state fields, actions, middleware and
/// events as nodes, and what links them as edges. `redux-gen diagram` builds one from a checked
/// spec and hands it to `DiagramRenderer`, which alone writes Mermaid or Graphviz DOT.
package struct FeatureDiagram: Equatable, Sendable {
  package enum NodeKind: Equatable, Sendable {
    case stateField
    case action
    /// An action whose effect runs outside the reducer (`async`).
    case asyncAction
    case middleware
    /// The method of the effects type that runs an async request (`<Feature>Effects.fetch`).
    case effect
    case event
  }

  package struct Node: Equatable, Sendable {
    /// Unique in the diagram, and safe as an identifier in both syntaxes.
    package var id: String
    package var label: String
    package var kind: NodeKind
  }

  package enum EdgeKind: Equatable, Sendable {
    /// The action's reducer writes the field.
    case changes
    /// The action's reducer is hand-written: it may change any field (the edge ends at the state).
    case customChange
    /// An async request runs its effect.
    case runs
    /// An effect's outcome action, labelled `success` or `failure`.
    case outcome
    /// A middleware handles the action (`on`).
    case handledBy
    /// A middleware dispatches the action (`dispatches`).
    case dispatches
    /// A middleware emits the event (`emits`).
    case emits
    /// The action cancels the requests of a scope (`cancels`).
    case cancels
  }

  package struct Edge: Equatable, Sendable {
    package var from: String
    /// A node's id, or `FeatureDiagram.stateGroupID` for the state as a whole.
    package var to: String
    package var kind: EdgeKind
    package var label: String?
  }

  /// The id of the group of state fields, which a custom reducer's edge points at.
  package static let stateGroupID = "state"

  package var feature: String
  package var stateFields: [Node]
  /// Actions, async requests among them, in the spec's order.
  package var actions: [Node]
  package var middleware: [Node]
  /// One per async request, in the spec's order.
  package var effects: [Node]
  package var events: [Node]
  package var edges: [Edge]

  package init(spec: Spec) {
    feature = spec.feature
    stateFields = spec.state.map { Node(id: Self.id(.stateField, $0.name), label: $0.name, kind: .stateField) }
    actions = spec.actions.map {
      Node(id: Self.id(.action, $0.name), label: $0.name, kind: $0.async == nil ? .action : .asyncAction)
    }
    middleware = spec.middleware.map { Node(id: Self.id(.middleware, $0.name), label: $0.name, kind: .middleware) }
    let effectsType = GeneratedNames(feature: spec.feature).effects
    effects = spec.actions.compactMap(\.async).map {
      Node(id: Self.id(.effect, $0.effect), label: "\(effectsType).\($0.effect)", kind: .effect)
    }
    events = spec.events.map { Node(id: Self.id(.event, $0.name), label: $0.name, kind: .event) }

    var edges: [Edge] = []
    for action in spec.actions {
      let from = Self.id(.action, action.name)
      if let fields = action.changedStateFields {
        edges += fields.map { Edge(from: from, to: Self.id(.stateField, $0), kind: .changes) }
      } else if !spec.state.isEmpty {
        edges.append(Edge(from: from, to: Self.stateGroupID, kind: .customChange, label: "custom"))
      }
      if let async = action.async {
        let effect = Self.id(.effect, async.effect)
        edges.append(Edge(from: from, to: effect, kind: .runs))
        edges.append(Edge(from: effect, to: Self.id(.action, async.success), kind: .outcome, label: "success"))
        edges.append(Edge(from: effect, to: Self.id(.action, async.failure), kind: .outcome, label: "failure"))
      }
      for scope in action.cancels {
        for request in spec.actions where request.async?.scope == scope {
          edges.append(Edge(from: from, to: Self.id(.action, request.name), kind: .cancels, label: "cancels"))
        }
      }
    }
    for middleware in spec.middleware {
      let node = Self.id(.middleware, middleware.name)
      edges += middleware.on.map { Edge(from: Self.id(.action, $0), to: node, kind: .handledBy) }
      edges += middleware.dispatches.map {
        Edge(from: node, to: Self.id(.action, $0), kind: .dispatches, label: "dispatches")
      }
      edges += middleware.emits.map { Edge(from: node, to: Self.id(.event, $0), kind: .emits, label: "emits") }
    }
    self.edges = edges
  }

  /// A node's id: its kind, then its name (spec names are identifiers, so the id is one too, and
  /// never a word either syntax reserves, such as Mermaid's `end`).
  private static func id(_ kind: NodeKind, _ name: String) -> String {
    switch kind {
    case .stateField: "state_\(name)"
    case .action, .asyncAction: "action_\(name)"
    case .middleware: "middleware_\(name)"
    case .effect: "effect_\(name)"
    case .event: "event_\(name)"
    }
  }
}
