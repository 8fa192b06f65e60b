import Dispatch
import Foundation

extension Array where Element: Sendable {
  /// `transform` of each element, in order, computed on every core: the parts of a feature are
  /// independent values, so each is translated and rendered on whichever core is free. Put the
  /// costly elements first; a core that takes one last waits for nothing else.
  func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
    guard count > 1 else { return map(transform) }
    let slots = Slots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in slots.set(index, transform(self[index])) }
    return slots.values
  }
}

/// One result per index, set from any thread.
private final class Slots<Value: Sendable>: @unchecked Sendable {
  private var storage: [Value?]
  private let lock = NSLock()

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    storage[index] = value
  }

  /// Every slot's value; call once every slot is set.
  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storage.map { $0! }
  }
}
