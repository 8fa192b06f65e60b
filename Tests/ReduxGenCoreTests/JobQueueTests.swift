import Foundation
import Testing

@testable import ReduxGenCore

/// The queue that translates parts and renders their files on every core: every job runs once,
/// including the ones running jobs add, and `run` returns only when all are done.
struct JobQueueTests {
  /// A job that records its name, then adds `children` jobs `depth` levels further down.
  static func job(_ name: String, children: Int, depth: Int, into ran: Slots<String, Int>) -> JobQueue.Job {
    { queue in
      ran.set(name, (ran[name] ?? 0) + 1)
      guard depth > 0 else { return }
      for child in 0..<children {
        queue.add(job("\(name).\(child)", children: children, depth: depth - 1, into: ran))
      }
    }
  }

  /// Every name the jobs of `roots` roots should record.
  static func names(roots: Int, children: Int, depth: Int) -> [String] {
    var level = (0..<roots).map { "\($0)" }
    var all = level
    for _ in 0..<depth {
      level = level.flatMap { name in (0..<children).map { "\(name).\($0)" } }
      all += level
    }
    return all
  }

  @Test("jobs added by running jobs all run once, on one worker or on many", arguments: [1, 2, 8])
  func addedJobsRun(workers: Int) {
    let ran = Slots<String, Int>()
    let roots = (0..<5).map { Self.job("\($0)", children: 3, depth: 3, into: ran) }
    JobQueue(roots).run(workers: workers)
    let expected = Self.names(roots: 5, children: 3, depth: 3)
    #expect(expected.count == 5 * (1 + 3 + 9 + 27))
    #expect(expected.allSatisfy { ran[$0] == 1 })
  }

  @Test("a worker waits for a running job that adds more after a while, rather than stopping")
  func slowJobAddsLater() {
    let ran = Slots<String, Int>()
    let slow: JobQueue.Job = { queue in
      Thread.sleep(forTimeInterval: 0.05)
      queue.add(Self.job("late", children: 2, depth: 1, into: ran))
    }
    JobQueue([slow]).run(workers: 4)
    #expect(["late", "late.0", "late.1"].allSatisfy { ran[$0] == 1 })
  }

  @Test("a queue without jobs returns at once")
  func empty() {
    JobQueue([]).run(workers: 2)
    let ran = Slots<String, Int>()
    JobQueue([Self.job("only", children: 0, depth: 0, into: ran)]).run(workers: 0)
    #expect(ran["only"] == 1)
  }
}
