import Foundation
import Testing

@testable import ReduxGenCore

@Suite struct DiagramTests {
  private func diagram(_ name: String) throws -> FeatureDiagram {
    try #require(try featureDiagram(name))
  }

  /// The diagram of `Specs/<name>.yaml`; nil for an app spec, which has none.
  private func featureDiagram(_ name: String) throws -> FeatureDiagram? {
    let path = "Specs/\(name).yaml"
    let text = String(decoding: try #require(readPackageFile(path)), as: UTF8.self)
    guard case .feature(let spec) = try DocumentChecking.check(text, path: path, readFile: readPackageFile).0 else {
      return nil
    }
    return FeatureDiagram(spec: spec)
  }

  private func edges(_ diagram: FeatureDiagram, _ kind: FeatureDiagram.EdgeKind) -> [String] {
    diagram.edges.filter { $0.kind == kind }.map { "\($0.from) -> \($0.to)" + ($0.label.map { " \($0)" } ?? "") }
  }

  @Test("every edge of every feature spec's diagram joins nodes it declares")
  func edgesJoinDeclaredNodes() throws {
    for name in specNames() {
      guard let diagram = try featureDiagram(name) else { continue }
      let nodes = diagram.stateFields + diagram.actions + diagram.effects + diagram.middleware + diagram.events
      let ids = Set(nodes.map(\.id))
      #expect(ids.count == nodes.count, "\(name): two nodes share an id")
      for edge in diagram.edges {
        #expect(ids.contains(edge.from), "\(name): \(edge.from) is not a node")
        #expect(ids.contains(edge.to) || edge.to == FeatureDiagram.stateGroupID, "\(name): \(edge.to) is not a node")
      }
    }
  }

  @Test("Users: what each action changes, its effect's outcomes, what cancels it, a custom reducer")
  func usersDiagram() throws {
    let diagram = try diagram("users")
    #expect(diagram.effects.map(\.label) == ["UsersEffects.fetchUser", "UsersEffects.saveUser"])
    #expect(
      edges(diagram, .changes).prefix(3) == [
        "action_fetchUser -> state_fetchStatus", "action_fetchUserSucceeded -> state_users",
        "action_fetchUserSucceeded -> state_fetchStatus",
      ])
    #expect(edges(diagram, .runs).first == "action_fetchUser -> effect_fetchUser")
    #expect(
      edges(diagram, .outcome).prefix(2) == [
        "effect_fetchUser -> action_fetchUserSucceeded success", "effect_fetchUser -> action_fetchUserFailed failure",
      ])
    #expect(edges(diagram, .cancels) == ["action_stopFetching -> action_fetchUser cancels"])
    #expect(edges(diagram, .customChange) == ["action_forgetUser -> state custom"])
  }

  @Test("TaskList: middleware and the actions they handle")
  func taskListDiagram() throws {
    let diagram = try diagram("tasklist")
    #expect(diagram.middleware.map(\.label) == ["TaskListValidation", "TaskListEnhancement"])
    #expect(edges(diagram, .handledBy).prefix(2) == [
      "action_addTask -> middleware_TaskListValidation", "action_addTaskOnTop -> middleware_TaskListValidation",
    ])
    #expect(edges(diagram, .changes).contains("action_filterTasks -> state_filter"))
    #expect(!edges(diagram, .changes).contains { $0.hasPrefix("action_loadTasks ") })
  }

  @Test("a feature named like a DOT keyword is quoted; Mermaid never sees a bare 'end'")
  func keywordsAreSafe() throws {
    let text = "feature: Node\nstate: { end: Int = 0 }\nactions: { graph: { reduce: increment end } }\n"
    let (spec, _) = try DocumentChecking.checkFeature(text, path: "node.yaml")
    let diagram = FeatureDiagram(spec: spec)
    #expect(DiagramRenderer.render(diagram, as: .dot).hasPrefix("digraph \"Node\" {\n"))
    let mermaid = DiagramRenderer.render(diagram, as: .mermaid)
    #expect(mermaid.contains("  action_graph --> state_end\n"))
  }

  @Test("README and docs show TaskList's diagram as redux-gen draws it today")
  func readmeShowsTheCurrentDiagram() throws {
    let mermaid = DiagramRenderer.render(try diagram("tasklist"), as: .mermaid)
    for document in ["README.md", "docs/diagrams.md"] {
      let text = String(decoding: try #require(readPackageFile(document)), as: UTF8.self)
      #expect(text.contains("```mermaid\n" + mermaid + "```\n"), "\(document) shows a stale diagram of TaskList")
    }
  }
}
