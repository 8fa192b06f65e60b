// Hand-written. redux-gen created this file once from Specs/tasklist.yaml
// and never changes it: implement TaskListEnhancement here.

import Foundation
import ReduxRuntime

/// Gives a task without a subtitle the subtitle "No description provided".
public struct TaskListEnhancement: TaskListEnhancementProtocol {
  /// The subtitle a task gets when it has none.
  public static let defaultSubtitle = "No description provided"

  public init() {}

  public func addTask(task: Task, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    .addTask(task: Self.enhanced(task))
  }

  public func addTaskOnTop(task: Task, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    .addTaskOnTop(task: Self.enhanced(task))
  }

  private static func enhanced(_ task: Task) -> Task {
    var task = task
    if task.subtitle?.isEmpty ?? true {
      task.subtitle = Self.defaultSubtitle
    }
    return task
  }
}
