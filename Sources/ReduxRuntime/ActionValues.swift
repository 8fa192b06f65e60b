import Foundation

/// Where generated action creators get what a reducer must not make itself: new ids and the
/// current time. A reducer stays a pure function of the state and the action; the action
/// carries the id and the date, made once, when it is created (Redux Toolkit's `prepare` step).
///
/// Creators read `ActionValues.current`, a task-local value: the system's by default, and in a
/// test whatever the test binds.
///
/// ```swift
/// ActionValues.$current.withValue(.incrementing()) {
///   store.dispatch(.addTask(title: "Buy milk"))  // id 00000000-0000-0000-0000-000000000001
/// }
/// ```
public struct ActionValues: Sendable {
  /// Makes a new id.
  public var uuid: @Sendable () -> UUID
  /// Tells the time.
  public var now: @Sendable () -> Date

  public init(uuid: @escaping @Sendable () -> UUID, now: @escaping @Sendable () -> Date) {
    self.uuid = uuid
    self.now = now
  }

  /// Random ids (`UUID()`) and the system clock (`Date()`).
  public static let system = ActionValues(uuid: { UUID() }, now: { Date() })

  /// Ids counting up from `00000000-0000-0000-0000-000000000001`, each creator call taking the
  /// next, and a clock that always says `now`; for tests.
  public static func incrementing(now: Date = Date(timeIntervalSince1970: 0)) -> ActionValues {
    let counter = Locked(0)
    return ActionValues(
      uuid: {
        let number = counter.withLock { value -> Int in
          value += 1
          return value
        }
        return UUID(number: number)
      },
      now: { now })
  }

  /// The values creators use: the system's unless a task binds others
  /// (`ActionValues.$current.withValue(...)`).
  @TaskLocal public static var current: ActionValues = .system
}

extension UUID {
  /// The UUID whose last twelve hex digits are `number` (1 is `00000000-0000-0000-0000-000000000001`),
  /// as examples write small numbers for ids.
  public init(number: Int) {
    let digits = String(UInt64(truncatingIfNeeded: number) & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: 12 - digits.count) + digits
    self.init(uuidString: "00000000-0000-0000-0000-" + padded)!
  }
}
