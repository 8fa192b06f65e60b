import Dispatch
import Foundation
import Observation
import ReduxRuntime
import TaskList

/// Counts how often what `read` reads changes, as a SwiftUI view's body would be invalidated:
/// armed once by `arm()`, it counts the first change after it, then waits to be armed again.
@MainActor
final class Watch {
  private let read: @MainActor () -> Void
  private let fired = Locked(0)

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    arm()
  }

  /// How many armed reads were invalidated.
  var count: Int { fired.withLock { $0 } }
  var didFire: Bool { count > 0 }

  /// Reads again, as a view renders after an invalidation.
  func arm() {
    let fired = self.fired
    withObservationTracking { read() } onChange: { fired.withLock { $0 += 1 } }
  }

  /// Forgets past invalidations and reads again.
  func reset() {
    fired.withLock { $0 = 0 }
    arm()
  }
}

/// Tasks with the ids 1...count (as UUIDs), the even ones completed.
func tasks(_ count: Int) -> IdentifiedArrayOf<TaskList.Task> {
  IdentifiedArray(
    uniqueElements: (1...max(count, 1)).prefix(count).map {
      TaskList.Task(id: uuid($0), title: "task \($0)", isCompleted: $0.isMultiple(of: 2))
    })
}

func uuid(_ number: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

/// Returns once the main queue has run what was queued on it before.
func mainQueueTurn() async {
  await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}
