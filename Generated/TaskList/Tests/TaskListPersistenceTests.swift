import Foundation
import ReduxRuntime
import Testing

@testable import TaskList

@Suite struct TaskListPersistenceTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "tasklist-persistence-\(UUID())")
  var storage: FileStorage { FileStorage(directory: directory) }
  var file: URL { storage.url(forKey: "tasklist") }

  /// A store as an app builds it at launch: restored, then saving.
  func launch() throws -> (Store<TaskListState, TaskListAction>, Subscription) {
    let persistence = TaskListState.persistence(storage: storage)
    let store = Store(
      initialState: try persistence.restoredState(TaskListState()), reducer: taskListReducer)
    let subscription = persistence.attach(to: store) { error in
      Issue.record("saving failed: \(error)")
    }
    return (store, subscription)
  }

  @Test func aRestartRestoresTheTasksButNotTheFilter() throws {
    do {
      let (store, subscription) = try launch()
      store.dispatch(
        .addTask(
          task: Task(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Milk")))
      store.dispatch(
        .toggleTaskCompletion(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!))
      store.dispatch(.filterTasks(filter: .completed))
      subscription.cancel()
    }
    let (restarted, _) = try launch()
    #expect(restarted.state.tasks.map(\.title) == ["Milk"])
    #expect(restarted.state.tasks.first?.isCompleted == true)
    #expect(restarted.state.filter == TaskListState().filter)
  }

  @Test func onlyActionsThatChangeTheTasksWrite() throws {
    let (store, _) = try launch()
    store.dispatch(.addTask(task: Task(title: "Milk")))
    let written = try Data(contentsOf: file)
    try FileManager.default.removeItem(at: file)
    store.dispatch(.filterTasks(filter: .completed))
    #expect(!FileManager.default.fileExists(atPath: file.path))
    store.dispatch(.addTask(task: Task(title: "Bread")))
    #expect(try Data(contentsOf: file) != written)
  }

  @Test func aCrashBeforeTheRenameLosesOnlyTheLastChange() throws {
    let (store, _) = try launch()
    store.dispatch(.addTask(task: Task(title: "Milk")))
    let saved = try Data(contentsOf: file)
    // The state of the disk after a crash between writing the temporary file and renaming it.
    try Data(#"{"version":1,"value":{"tasks":[{"id":"#.utf8).write(
      to: directory.appending(path: ".tasklist.json.99.tmp"))
    #expect(try Data(contentsOf: file) == saved)
    let (restarted, _) = try launch()
    #expect(restarted.state.tasks.map(\.title) == ["Milk"])
  }

  @Test func aCorruptFileIsAnErrorAndIsKept() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let corrupt = Data("{ not json".utf8)
    try corrupt.write(to: file)
    #expect(throws: PersistenceError.unreadable(key: "tasklist", reason: "no format version")) {
      try launch()
    }
    #expect(try Data(contentsOf: file) == corrupt)
  }

  @Test func aFileFromANewerVersionIsAnErrorAndIsKept() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let future = Data(#"{"version":2,"value":{"tasks":[],"tags":[]}}"#.utf8)
    try future.write(to: file)
    #expect(throws: PersistenceError.futureVersion(key: "tasklist", found: 2, supported: 1)) {
      try launch()
    }
    #expect(try Data(contentsOf: file) == future)
  }

  @Test func aWrongShapeIsUnreadable() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(#"{"version":1,"value":{"tasks":"milk"}}"#.utf8).write(to: file)
    #expect {
      try launch()
    } throws: { error in
      guard case .unreadable(key: "tasklist", _) = error as? PersistenceError else { return false }
      return "\(error)".contains("it was left as it is")
    }
  }
}
