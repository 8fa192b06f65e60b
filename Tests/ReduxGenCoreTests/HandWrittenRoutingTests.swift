import Testing

@testable import ReduxGenCore

/// A parent's routing tests never run a child's hand-written (`custom`) reducer on sample values
/// the spec can't produce: TicTacToe's `cellTapped` reads `board[row][column]`, which traps on a
/// sample board of one row and a sample row 4.
@Suite struct HandWrittenRoutingTests {
  /// The child: a grid whose tap is written by hand, and a reset the generator writes.
  private let grid = """
    feature: Grid
    access: public
    state:
      id: Int = 0
      board: { type: "[[Int]]", default: [[0, 0, 0], [0, 0, 0], [0, 0, 0]] }
    actions:
      tap:
        payload: { row: Int, column: Int }
        reduce: custom
      restart:
        reduce: reset board
      picked:
        delegate: true
        payload: { row: Int, column: Int }
        reduce: custom
    examples:
      - name: restarted
        when: [restart]
        then: { board.count: 3 }
    """

  /// The parent's reducer tests, the grid held as `children`.
  private func reducerTests(children: String, actions: String = "") throws -> String {
    let text = """
      feature: Game
      children:
      \(children)
      state:
        title: String = ""
      actions:
        noop:
          reduce: set title = "x"
      \(actions)
      """
    let grid = Array(self.grid.utf8)
    let spec = try DocumentChecking.checkFeature(text, path: "game.yaml") { $0 == "grid.yaml" ? grid : nil }.0
    let files = GeneratorPipeline.files(for: spec)
    return files.filter { $0.part == .reducerTests }.map(\.contents).joined()
  }

  @Test(
    "a presented, listed or stacked child is routed its generated actions only",
    arguments: [
      "  grid: { presents: grid.yaml }", "  grids: { each: grid.yaml }", "  path: { stack: [grid.yaml] }",
    ])
  func routesOwnedActions(children: String) throws {
    let handlers = """
        tapped:
          from: \(children.contains("stack") ? "path.grid" : children.contains("each") ? "grids" : "grid").picked
          payload: { row: Int }
          reduce: set title = "tapped"
      """
    let tests = try reducerTests(children: children, actions: handlers)
    #expect(tests.contains(".restart"))
    #expect(!tests.contains(".tap("))
    #expect(!tests.contains(".picked("))
  }
}
