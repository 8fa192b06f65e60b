// Hand-written. redux-gen created this file once from Specs/tasklist.yaml
// and never changes it: implement TaskListValidation here.

import Foundation
import ReduxRuntime

/// Rejects a task whose title is empty or only white space.
public struct TaskListValidation: TaskListValidationProtocol {
  public init() {}

  public func addTask(task: Task, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    Self.hasTitle(task) ? .addTask(task: task) : nil
  }

  public func addTaskOnTop(task: Task, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    Self.hasTitle(task) ? .addTaskOnTop(task: task) : nil
  }

  private static func hasTitle(_ task: Task) -> Bool {
    !task.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }
}
