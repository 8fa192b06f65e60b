import Foundation
@testable import ReduxDebugging
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

  @Test("a batch: each action's number, place, action and the states around it, worked out off the store's path")
  func batch() throws {
    let connection = InspectorConnection<TaskListState, TaskListAction>(
      feature: "TaskList", url: URL(string: "http://127.0.0.1:9/?token=t")!, capacity: 10)
    #expect(connection.url.absoluteString == "http://127.0.0.1:9/app?token=t")
    let store = Store(initialState: TaskListState(), reducer: connection.inspecting(taskListReducer))
    connection.start(from: store)
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    store.dispatch(.addTask(task: TaskList.Task(id: id, title: "Buy milk")))
    store.dispatch(.editDraftTitle(draftTitle: "Walk"))
    store.dispatch(.toggleTaskCompletion(id: id))
    let object = try Self.object(try connection.collect(from: store).0)
    #expect(object["feature"] as? String == "TaskList")
    #expect(object["dropped"] as? Int == 0)
    let events = try #require(object["events"] as? [[String: Any]])
    #expect(events.map { $0["sequence"] as? Int } == [1, 2, 3])
    #expect(events.map { $0["path"] as? String } == ["addTask", "editDraftTitle", "toggleTaskCompletion"])
    // The state before an action is sent once: the first action's, then each action's after.
    #expect(events.map { $0["before"] != nil } == [true, false, false])
    let before = try #require(events[1]["state"] as? [String: Any])
    let state = try #require(events[2]["state"] as? [String: Any])
    #expect((before["tasks"] as? [[String: Any]])?.first?["isCompleted"] as? Bool == false)
    #expect((state["tasks"] as? [[String: Any]])?.first?["isCompleted"] as? Bool == true)
    #expect(state["draftTitle"] as? String == "Walk")
    #expect(events[2]["action"] as? [String: [String: String]] == ["toggleTaskCompletion": ["id": id.uuidString]])
    #expect((events[2]["time"] as? String)?.hasSuffix("Z") == true)
    // The first batch carries the store's state as it is, whole; the next, nothing more.
    #expect(((object["hello"] as? [String: Any])?["state"] as? [String: Any])?["draftTitle"] as? String == "Walk")
    store.dispatch(.editDraftTitle(draftTitle: "Run"))
    let next = try Self.object(try connection.collect(from: store).0)
    #expect(next["hello"] == nil)
    #expect((next["events"] as? [[String: Any]])?.map { $0["sequence"] as? Int } == [4])
  }

  @Test("dropped actions: counted, sent without states, and the store's state sent whole")
  func dropped() throws {
    let (connection, store) = Self.inspected(capacity: 2)
    for title in ["a", "b", "c"] { store.dispatch(.editDraftTitle(draftTitle: title)) }
    let object = try Self.object(try connection.collect(from: store).0)
    #expect(object["dropped"] as? Int == 1)
    let events = try #require(object["events"] as? [[String: Any]])
    #expect(events.map { $0["sequence"] as? Int } == [2, 3])
    #expect(events.allSatisfy { $0["state"] == nil && $0["path"] as? String == "editDraftTitle" })
    #expect(((object["hello"] as? [String: Any])?["state"] as? [String: Any])?["draftTitle"] as? String == "c")
    // From there the states are known again.
    store.dispatch(.editDraftTitle(draftTitle: "d"))
    let next = try Self.object(try connection.collect(from: store).0)
    let event = try #require((next["events"] as? [[String: Any]])?.first)
    #expect((event["before"] as? [String: Any])?["draftTitle"] as? String == "c")
    #expect((event["state"] as? [String: Any])?["draftTitle"] as? String == "d")
  }

  /// TaskList's store, inspected by a connection that is started but sends nothing.
  static func inspected(
    capacity: Int
  ) -> (InspectorConnection<TaskListState, TaskListAction>, Store<TaskListState, TaskListAction>) {
    let connection = InspectorConnection<TaskListState, TaskListAction>(
      feature: "TaskList", url: URL(string: "http://127.0.0.1:9/?token=t")!, capacity: capacity)
    let store = Store(initialState: TaskListState(), reducer: connection.inspecting(taskListReducer))
    connection.start(from: store)
    return (connection, store)
  }

  static func object(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test("the page's commands: jump to an action's state, skip one and replay the rest, dispatch one, refuse the rest")
  func commands() throws {
    let (connection, store) = Self.inspected(capacity: 10)
    let seen = Locked(0)
    let subscription = store.subscribe(to: \.tasks) { _ in
      seen.withLock { $0 += 1 }
      return .alive
    }
    defer { subscription.cancel() }
    let one = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let two = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!
    store.dispatch(.addTask(task: TaskList.Task(id: one, title: "Buy milk")))
    store.dispatch(.addTask(task: TaskList.Task(id: two, title: "Walk")))
    store.dispatch(.toggleTaskCompletion(id: one))
    // The states kept to jump back to are worked out as the batch is made.
    _ = try connection.collect(from: store)
    func run(_ commands: String) -> [InspectorConnection<TaskListState, TaskListAction>.CommandResult] {
      connection.perform(commands: Data(commands.utf8), on: store)
    }
    // Skip the second action: the third replays on the first's state.
    #expect(run(#"{"commands":[{"id":1,"kind":"skip","sequence":2}]}"#).map(\.message) == [nil])
    #expect(store.state.tasks.map(\.title) == ["Buy milk"])
    #expect(store.state.tasks.first?.isCompleted == true)
    // Skipped again: back in.
    #expect(run(#"{"commands":[{"id":2,"kind":"skip","sequence":2}]}"#).map(\.message) == [nil])
    #expect(store.state.tasks.map(\.title) == ["Buy milk", "Walk"])
    // Jump back to the state after the first action: the observers hear of it.
    let notified = seen.withLock { $0 }
    #expect(run(#"{"commands":[{"id":3,"kind":"jump","sequence":1}]}"#).map(\.message) == [nil])
    #expect(store.state.tasks.map(\.title) == ["Buy milk"])
    #expect(seen.withLock { $0 } == notified + 1)
    // The actions the jump left behind can't be skipped: the store isn't on their line.
    let behind = run(#"{"commands":[{"id":9,"kind":"skip","sequence":2}]}"#)
    #expect(behind.first?.message?.contains("came before the last jump") == true)
    #expect(store.state.tasks.map(\.title) == ["Buy milk"])
    let dispatch = #"{"commands":[{"id":4,"kind":"dispatch","action":{"editDraftTitle":{"draftTitle":"From the page"}}}]}"#
    #expect(run(dispatch).map(\.message) == [nil])
    #expect(store.state.draftTitle == "From the page")
    let refused = run(
      #"{"commands":[{"id":5,"kind":"jump","sequence":99},{"id":6,"kind":"dispatch","action":{"editDraftTitle":{}}},{"id":7,"kind":"fly"}]}"#)
    #expect(refused.map(\.id) == [5, 6, 7])
    #expect(refused[0].message?.contains("no longer kept") == true)
    #expect(refused[1].message?.contains("draftTitle") == true)
    #expect(refused[2].message == "unknown command 'fly'")
    // In the log, in order with the actions, and the page's view of the store where it is.
    let object = try Self.object(try connection.collect(from: store).0)
    let events = try #require(object["events"] as? [[String: Any]])
    #expect(events.map { $0["kind"] as? String } == ["skip", "skip", "jump", "action"])
    #expect(object["hello"] == nil)
    let last = try #require(events.last?["state"] as? [String: Any])
    #expect(last["draftTitle"] as? String == "From the page")
    #expect((last["tasks"] as? [Any])?.count == 1)
  }

  @Test("a recording replayed: its first state, then its actions in the log, the store at its last state")
  func replay() throws {
    let (connection, store) = Self.inspected(capacity: 1_000)
    store.dispatch(.editDraftTitle(draftTitle: "before the replay"))
    let recording = """
      {"recording":"redux-gen","version":1,"feature":"TaskList","state":\(String(decoding: try JSONEncoder().encode(TaskListState()), as: UTF8.self))}
      {"action":{"editDraftTitle":{"draftTitle":"a"}}}
      {"action":{"editDraftTitle":{"draftTitle":"ab"}}}
      """
    let command = try JSONSerialization.data(withJSONObject: ["commands": [["id": 1, "kind": "replay", "recording": recording]]])
    #expect(connection.perform(commands: command, on: store).map(\.message) == [nil])
    #expect(store.state.draftTitle == "ab")
    let events = try #require(try Self.object(try connection.collect(from: store).0)["events"] as? [[String: Any]])
    #expect(events.map { $0["kind"] as? String } == ["action", "jump", "action", "action"])
    #expect(events.map { $0["sequence"] as? Int } == [1, -1, 2, 3])
    // The first replayed action starts from the recording's first state, sent with the jump.
    #expect((events[1]["state"] as? [String: Any])?["draftTitle"] as? String == "")
    #expect(events[2]["before"] == nil)
  }

  @Test("dates go out as ISO 8601 text and come back from the page, or a recording, either way")
  func dates() throws {
    struct Stamp: Codable, Equatable {
      var at: Date
    }
    let stamp = Stamp(at: Date(timeIntervalSince1970: 1_700_000_000.25))
    let sent = try InspectorJSON.data(stamp)
    #expect(String(decoding: sent, as: UTF8.self) == #"{"at":"2023-11-14T22:13:20.250Z"}"#)
    #expect(try InspectorJSON.decoder().decode(Stamp.self, from: sent) == stamp)
    #expect(try InspectorJSON.decoder().decode(Stamp.self, from: try JSONEncoder().encode(stamp)) == stamp)
    #expect(try InspectorJSON.decoder().decode(Stamp.self, from: Data(#"{"at":"2023-11-14T22:13:20Z"}"#.utf8)).at
      == Date(timeIntervalSince1970: 1_700_000_000))
  }

  @Test("secret fields are never sent: in a model, a list, an optional, a dictionary and an action's payload")
  func secrets() throws {
    let login = Login(user: "ada", password: "hunter2", pin: 1234)
    let vault = Vault(
      logins: [login], current: login, byName: ["ada": login], key: "k3y", note: "kept")
    let object = try #require(try InspectorJSON.object(vault) as? [String: Any])
    let text = String(decoding: try InspectorJSON.data(vault), as: UTF8.self)
    #expect(!text.contains("hunter2") && !text.contains("1234") && !text.contains("k3y"))
    #expect(object["key"] as? String == InspectorJSON.secret)
    #expect(object["note"] as? String == "kept")
    #expect((object["logins"] as? [[String: Any]])?.first?["user"] as? String == "ada")
    #expect((object["current"] as? [String: Any])?["password"] as? String == InspectorJSON.secret)
    #expect(((object["byName"] as? [String: Any])?["ada"] as? [String: Any])?["pin"] as? String == InspectorJSON.secret)
    let action = try #require(try InspectorJSON.object(VaultAction.signIn(user: "ada", password: "hunter2")) as? [String: Any])
    #expect(action["signIn"] as? [String: String] == ["user": "ada", "password": InspectorJSON.secret])
    let date = try InspectorJSON.object(Date(timeIntervalSince1970: 0)) as? String
    #expect(date == "1970-01-01T00:00:00.000Z")
  }

  @Test("a stack's screen: the screen's id and the destination's case")
  func stackPath() {
    #expect(actionPath(ShelfAction.path(id: 1, action: .tally(.increment))) == "path[1].tally.increment")
    #expect(actionPath(ShelfAction.showTally) == "showTally")
    #expect(actionPath(ShelfAction.tallyRemoved(screen: 2)) == "tallyRemoved")
  }
}

private struct Login: Codable, InspectorSecrets {
  var user: String
  var password: String
  var pin: Int
  static var secretFields: Set<String> { ["password", "pin"] }
}

private struct Vault: Codable, InspectorSecrets {
  var logins: [Login]
  var current: Login?
  var byName: [String: Login]
  var key: String
  var note: String
  static var secretFields: Set<String> { ["key"] }
}

private enum VaultAction: Codable, InspectorSecrets {
  case signIn(user: String, password: String)
  static var secretFields: Set<String> { ["signIn.password"] }
}
