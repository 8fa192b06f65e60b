/// An instant of ReduxTesting's clocks (`ImmediateClock`, `StoppedClock`, `PausedClock`,
/// `ManualClock`): the time since the clock's start.
public struct ClockInstant: InstantProtocol {
  let offset: Duration

  public func advanced(by duration: Duration) -> ClockInstant { ClockInstant(offset: offset + duration) }
  public func duration(to other: ClockInstant) -> Duration { other.offset - offset }
  public static func < (lhs: ClockInstant, rhs: ClockInstant) -> Bool { lhs.offset < rhs.offset }
}
