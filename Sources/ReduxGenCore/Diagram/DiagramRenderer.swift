/// Writes a `FeatureDiagram` as text: the one place that knows Mermaid's and Graphviz's syntax.
package enum DiagramRenderer {
  package enum Format: String, Sendable, CaseIterable {
    /// Mermaid's flowchart, which GitHub renders in a ```mermaid fence.
    case mermaid
    /// Graphviz DOT, for `dot -Tsvg`.
    case dot
  }

  package static func render(_ diagram: FeatureDiagram, as format: Format) -> String {
    switch format {
    case .mermaid: mermaid(diagram)
    case .dot: dot(diagram)
    }
  }

  /// Solid arrows carry the data flow (writes, outcomes, dispatches); dashed ones what listens,
  /// runs or may change anything. Both syntaxes draw the same edges alike.
  private static func isDashed(_ kind: FeatureDiagram.EdgeKind) -> Bool {
    switch kind {
    case .changes, .outcome, .dispatches: false
    case .customChange, .runs, .handledBy, .emits, .cancels: true
    }
  }

  // MARK: Mermaid

  private static func mermaid(_ diagram: FeatureDiagram) -> String {
    var lines = ["flowchart LR"]
    if !diagram.stateFields.isEmpty {
      lines.append("  subgraph \(FeatureDiagram.stateGroupID)[\"\(diagram.feature) state\"]")
      lines += diagram.stateFields.map { "    \(mermaidNode($0))" }
      lines.append("  end")
    }
    for node in diagram.actions + diagram.effects + diagram.middleware + diagram.events {
      lines.append("  \(mermaidNode(node))")
    }
    for edge in diagram.edges {
      let arrow = isDashed(edge.kind) ? "-.->" : "-->"
      let label = edge.label.map { "|\($0)|" } ?? ""
      lines.append("  \(edge.from) \(arrow)\(label) \(edge.to)")
    }
    let asyncActions = diagram.actions.filter { $0.kind == .asyncAction }.map(\.id)
    if !asyncActions.isEmpty {
      lines.append("  classDef async stroke-dasharray: 4 2")
      lines.append("  class \(asyncActions.joined(separator: ",")) async")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func mermaidNode(_ node: FeatureDiagram.Node) -> String {
    let label = "\"\(node.label)\""
    switch node.kind {
    case .stateField: return "\(node.id)[\(label)]"
    case .action, .asyncAction: return "\(node.id)([\(label)])"
    case .middleware: return "\(node.id){{\(label)}}"
    case .effect: return "\(node.id)[[\(label)]]"
    case .event: return "\(node.id)>\(label)]"
    }
  }

  // MARK: Graphviz DOT

  private static func dot(_ diagram: FeatureDiagram) -> String {
    var lines = [
      // Quoted: DOT's keywords (graph, node, edge...) are case-insensitive, and may be feature names.
      "digraph \"\(diagram.feature)\" {", "  rankdir=LR;", "  compound=true;",
      "  node [fontname=\"Helvetica\"];", "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    if !diagram.stateFields.isEmpty {
      lines.append("  subgraph cluster_\(FeatureDiagram.stateGroupID) {")
      lines.append("    label=\"\(diagram.feature) state\";")
      lines += diagram.stateFields.map { "    \(dotNode($0))" }
      lines.append("  }")
    }
    for node in diagram.actions + diagram.effects + diagram.middleware + diagram.events {
      lines.append("  \(dotNode(node))")
    }
    for edge in diagram.edges {
      var attributes: [String] = []
      var to = edge.to
      if edge.to == FeatureDiagram.stateGroupID, let first = diagram.stateFields.first {
        // An edge reaches a cluster through one of its nodes, clipped at the cluster's border.
        to = first.id
        attributes.append("lhead=cluster_\(FeatureDiagram.stateGroupID)")
      }
      if isDashed(edge.kind) { attributes.append("style=dashed") }
      if let label = edge.label { attributes.append("label=\"\(label)\"") }
      let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      lines.append("  \(edge.from) -> \(to)\(list);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func dotNode(_ node: FeatureDiagram.Node) -> String {
    let shape: String
    switch node.kind {
    case .stateField: shape = "shape=box"
    case .action: shape = "shape=box, style=rounded"
    case .asyncAction: shape = "shape=box, style=\"rounded,dashed\""
    case .middleware: shape = "shape=hexagon"
    case .effect: shape = "shape=component"
    case .event: shape = "shape=cds"
    }
    return "\(node.id) [label=\"\(node.label)\", \(shape)];"
  }
}
