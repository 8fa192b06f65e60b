// The TaskList screen's code that isn't a view: the store it runs on, and what its buttons do.
// Built and tested everywhere (Tests drive it as the views of TaskListScreen.swift do).
import Foundation
import ReduxRuntime
import TaskList

/// The store the screen runs on: TaskList's reducer behind its validation and enhancement
/// middleware, observed field by field.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public func makeTaskListViewStore(tasks: IdentifiedArrayOf<TaskList.Task> = []) -> TaskListViewStore {
  ViewStore(
    Store(
      initialState: TaskListState(tasks: tasks), reducer: taskListReducer,
      middleware: [TaskListValidation(), TaskListEnhancement()]))
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ViewStore where State == TaskListState, Action == TaskListAction {
  /// The add sheet's Save: the typed title (and subtitle, when there is one) becomes a task on
  /// top of the list, and the fields empty. False, with nothing changed, for a blank title.
  @discardableResult
  public func saveDraft() -> Bool {
    let title = self.draftTitle.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { return false }
    let subtitle = self.draftSubtitle.trimmingCharacters(in: .whitespacesAndNewlines)
    dispatch(.newTask(title: title, subtitle: subtitle.isEmpty ? nil : subtitle))
    dispatch(.clearDraft)
    return true
  }

  /// The footer's line: how many tasks are left.
  public var remainingText: String {
    self.remaining == 1 ? "1 task left" : "\(self.remaining) tasks left"
  }
}
