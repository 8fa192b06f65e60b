// The TaskList screen driven as its views drive it (TaskListScreen.swift), with Observation
// telling what each view would render again.
import App
import Foundation
import Observation
import ReduxRuntime
import TaskList
import TaskListApp
import Testing

@MainActor
@Suite struct TaskListScreenTests {
  /// Counts invalidations of what `read` reads, as a view's body.
  final class Renders: @unchecked Sendable {
    private(set) var count = 0
    private let read: @MainActor () -> Void

    @MainActor init(_ read: @escaping @MainActor () -> Void) {
      self.read = read
      arm()
    }

    @MainActor func arm() {
      withObservationTracking { read() } onChange: { [self] in count += 1 }
    }
  }

  @Test func addingATaskThroughTheSheetsFieldsPutsItOnTopAndEmptiesThem() {
    let store = makeTaskListViewStore()
    let footer = Renders { _ = store.remainingText }
    // TextField("Title", text: Binding(store.draftTitleBinding)) as the user types.
    store.draftTitleBinding.wrappedValue = "Buy milk"
    #expect(store.draftTitleBinding.wrappedValue == "Buy milk")
    store.draftSubtitleBinding.wrappedValue = "Before nine"
    #expect(footer.count == 0)
    #expect(store.saveDraft())
    #expect(store.rows(\.filteredTasks).map(\.title) == ["Buy milk"])
    #expect(store.rows(\.filteredTasks).first?.subtitle == "Before nine")
    #expect(store.draftTitle.isEmpty && store.draftSubtitle.isEmpty)
    #expect(footer.count == 1)
    #expect(store.remainingText == "1 task left")
  }

  @Test func aBlankTitleIsNotSaved() {
    let store = makeTaskListViewStore()
    store.draftTitleBinding.wrappedValue = "   "
    #expect(!store.saveDraft())
    #expect(store.tasks.isEmpty)
  }

  @Test func theFilterPickerAndTheRowsFollowTheBindings() {
    let store = makeTaskListViewStore(tasks: [
      TaskList.Task(id: UUID(), title: "A"), TaskList.Task(id: UUID(), title: "B", isCompleted: true),
    ])
    let picker = Renders { _ = store.filterBinding.wrappedValue }
    // ForEach(store.rows(\.filteredTasks)) in the list's body.
    let list = Renders { _ = store.rows(\.filteredTasks) }
    #expect(store.rows(\.filteredTasks).map(\.title) == ["A"])
    // Picker(selection: Binding(store.filterBinding)) picks "All".
    store.filterBinding.wrappedValue = .all
    #expect(picker.count == 1)
    #expect(list.count == 1)
    #expect(store.rows(\.filteredTasks).map(\.title) == ["A", "B"])
  }

  @Test func aRowsButtonTogglesItsTaskAndRendersThatRowOnly() {
    let store = makeTaskListViewStore(tasks: [
      TaskList.Task(id: UUID(), title: "A"), TaskList.Task(id: UUID(), title: "B"),
    ])
    store.filterBinding.wrappedValue = .all
    let rows = store.rows(\.filteredTasks)
    let rowRenders = rows.map { row in Renders { _ = row.isCompleted } }
    let picker = Renders { _ = store.filterBinding.wrappedValue }
    store.dispatch(.toggleTaskCompletion(id: rows[1].id))
    #expect(rowRenders.map(\.count) == [0, 1])
    #expect(picker.count == 0)
    #expect(store.completedCount == 1)
  }

  @Test func swipeToDeleteAndDragToReorderUseTheVisibleRowsOffsets() {
    let ids = (0..<3).map { _ in UUID() }
    let store = makeTaskListViewStore(tasks: [
      TaskList.Task(id: ids[0], title: "A"), TaskList.Task(id: ids[1], title: "B", isCompleted: true),
      TaskList.Task(id: ids[2], title: "C"),
    ])
    // Active tasks are shown: A and C. onMove reports C to the top, onDelete the second row.
    store.dispatch(.moveTasks(from: IndexSet(integer: 1), to: 0))
    #expect(store.rows(\.filteredTasks).map(\.title) == ["C", "A"])
    store.dispatch(.deleteTasks(offsets: IndexSet(integer: 1)))
    #expect(store.tasks.map(\.title) == ["C", "B"])
  }

  @Test func insideTheAppTheSameScreenGetsAStoreOfItsOwnFeature() {
    let app = AppViewStore(Store(initialState: AppState(), reducer: appReducer))
    // TaskListScreen(store: app.taskList): the same view, the app's store.
    let store = app.taskList
    let counter = Renders { _ = app.counter.count }
    store.draftTitleBinding.wrappedValue = "Walk the dog"
    #expect(store.saveDraft())
    #expect(app.state.taskList.tasks.map(\.title) == ["Walk the dog"])
    #expect(counter.count == 0)
  }
}
