// Hand-written. redux-gen created this file once from Specs/tasklist.yaml
// and never changes it: implement TaskListEnhancement here.

import Foundation
import ReduxRuntime

/// Gives a task without a subtitle the subtitle "No description provided".
public struct TaskListEnhancement: TaskListEnhancementProtocol {
  public init() {}

  public func addTask(task: Task, context: MiddlewareContext<TaskListState, TaskListAction>)
    -> TaskListAction?
  {
    return .addTask(task: task)
  }
}
