import Counter
import Foundation
import ReduxRuntime
import Synchronization
import TaskList
import Testing

@testable import App

@Suite struct AppStoreTests {
  func makeStore() -> Store<AppState, AppAction> {
    Store(
      initialState: AppState(), reducer: appReducer,
      middleware: appMiddleware(taskList: [TaskListValidation(), TaskListEnhancement()]))
  }

  @Test func eachFeatureMiddlewareRunsOnItsSlice() {
    let store = makeStore()
    store.dispatch(.taskList(.addTask(task: TaskList.Task(title: "  "))))
    store.dispatch(.taskList(.addTask(task: TaskList.Task(title: "Milk"))))
    store.dispatch(.counter(.add(amount: 2)))
    // TaskListValidation dropped the blank task; TaskListEnhancement filled in the subtitle.
    #expect(store.state.taskList.tasks.map(\.title) == ["Milk"])
    #expect(store.state.taskList.tasks.first?.subtitle == "No description provided")
    #expect(store.state.counter.count == 2)
  }

  @Test func anObserverOfOneFeatureIsNotComparedForAnother() {
    let store = makeStore()
    let comparisons = Atomic<Int>(0)
    let notifications = Atomic<Int>(0)
    let count: @Sendable (AppState) -> Int = { state in
      comparisons.add(1, ordering: .relaxed)
      return state.counter.count
    }
    store.subscribe(to: count, reading: AppState.fields(readBy: \.counter)) { _ in
      notifications.add(1, ordering: .relaxed)
      return .alive
    }
    let afterSubscribing = comparisons.load(ordering: .relaxed)
    store.dispatch(.taskList(.addTask(task: TaskList.Task(title: "Milk"))))
    store.dispatch(.taskList(.filterTasks(filter: .completed)))
    #expect(comparisons.load(ordering: .relaxed) == afterSubscribing)
    store.dispatch(.counter(.increase))
    #expect(comparisons.load(ordering: .relaxed) == afterSubscribing + 1)
    #expect(notifications.load(ordering: .relaxed) == 1)
  }
}
