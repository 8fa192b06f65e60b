import Foundation
import ReduxDebugging
import ReduxRuntime
import Shelf
import Tallies
import TaskList
import Tally
import Testing

/// The app's side of the inspector: each action the reducer sees, with its place in the feature
/// tree and the states around it, into a bounded buffer that never blocks the store.
struct InspectorTests {
  @Test("a full buffer drops its oldest elements and counts them; taking empties it")
  func boundedBuffer() {
    let buffer = InspectorBuffer<Int>(capacity: 3)
    for value in 1...5 { buffer.append(value) }
    #expect(buffer.count == 3)
    let first = buffer.take()
    #expect(first.elements == [3, 4, 5] && first.dropped == 2)
    let second = buffer.take()
    #expect(second.elements.isEmpty && second.dropped == 0)
    buffer.append(6)
    #expect(buffer.take().elements == [6])
  }

  @Test("actions sent from many threads with nobody taking them: the buffer stays at its capacity and counts the rest")
  func nobodyReading() async {
    let inspector = ActionInspector<TalliesState, TalliesAction>(capacity: 50)
    let store = Store(initialState: TalliesState(), reducer: inspector.inspecting(talliesReducer))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<100 { store.dispatch(.addTally) } }
      }
    }
    #expect(inspector.buffer.count == 50)
    let taken = inspector.buffer.take()
    #expect(taken.dropped == 750)
    // The newest, in order: numbers 751 to 800.
    #expect(taken.elements.map(\.sequence) == Array(751...800))
    #expect(store.read(\.tallies.count) == 800)
  }

  @Test("each action's place in the tree, its states and what it changed")
  func inspectedActions() throws {
    let inspector = ActionInspector<TalliesState, TalliesAction>()
    let store = Store(initialState: TalliesState(), reducer: inspector.inspecting(talliesReducer))
    store.dispatch(.addTally)
    store.dispatch(.addTally)
    let second = try #require(store.read { $0.tallies.last?.id })
    store.dispatch(.tallies(id: second, action: .increment))
    store.dispatch(.startNaming(form: .init()))
    store.dispatch(.namer(.type(draft: "Laps")))
    let taken = inspector.buffer.take().elements
    #expect(taken.map(\.path) == ["addTally", "addTally", "tallies[\(second)].increment", "startNaming", "namer.type"])
    #expect(taken.map(\.sequence) == [1, 2, 3, 4, 5])
    let increment = taken[2]
    #expect(increment.before.tallies[id: second]?.count == 0 && increment.after.tallies[id: second]?.count == 1)
    #expect(increment.changes.map(\.path) == ["tallies[id: \(second)].count"])
    #expect(increment.changes.first.map { ($0.before, $0.after) } ?? ("", "") == ("0", "1"))
  }

  @Test("what an inspector's page reads: each action's number, place, action, state and changes as JSON, and the count dropped")
  func json() throws {
    let inspector = ActionInspector<TaskListState, TaskListAction>(capacity: 2)
    let store = Store(initialState: TaskListState(), reducer: inspector.inspecting(taskListReducer))
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    store.dispatch(.addTask(task: TaskList.Task(id: id, title: "Buy milk")))
    store.dispatch(.editDraftTitle(draftTitle: "Walk"))
    store.dispatch(.toggleTaskCompletion(id: id))
    let data = try InspectorBuffer.json(inspector.buffer.take())
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["dropped"] as? Int == 1)
    let actions = try #require(object["actions"] as? [[String: Any]])
    #expect(actions.map { $0["sequence"] as? Int } == [2, 3])
    #expect(actions.map { $0["path"] as? String } == ["editDraftTitle", "toggleTaskCompletion"])
    let state = try #require(actions[1]["state"] as? [String: Any])
    #expect((state["tasks"] as? [[String: Any]])?.first?["isCompleted"] as? Bool == true)
    #expect(state["draftTitle"] as? String == "Walk")
    let changes = try #require(actions[1]["changes"] as? [[String: Any]])
    #expect(changes.map { $0["path"] as? String } == ["tasks[id: UUID(\(id))].isCompleted"])
    #expect(changes.first?["before"] as? String == "false" && changes.first?["after"] as? String == "true")
    #expect(actions[1]["action"] is [String: Any])
    #expect((actions[1]["time"] as? String)?.hasSuffix("Z") == true)
  }

  @Test("a stack's screen: the screen's id and the destination's case")
  func stackPath() {
    #expect(actionPath(ShelfAction.path(id: 1, action: .tally(.increment))) == "path[1].tally.increment")
    #expect(actionPath(ShelfAction.showTally) == "showTally")
    #expect(actionPath(ShelfAction.tallyRemoved(screen: 2)) == "tallyRemoved")
  }
}
