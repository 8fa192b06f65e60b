/// Arithmetic as specs define it, where Swift's own would trap or leave the numbers: generated
/// reducers and derived values divide through it.
public enum ReduxArithmetic {
  /// `dividend / divisor`, or 0 when `divisor` is 0 (Swift would trap); `Int.min / -1`, which
  /// doesn't fit, wraps around to `Int.min`.
  public static func quotient<Number: FixedWidthInteger>(
    _ dividend: Number, _ divisor: Number
  ) -> Number {
    guard divisor != 0 else { return 0 }
    return dividend.dividedReportingOverflow(by: divisor).partialValue
  }

  /// `dividend / divisor`, or 0 when `divisor` is 0 (not an infinity or NaN, which a state
  /// couldn't save as JSON).
  public static func quotient<Number: BinaryFloatingPoint>(
    _ dividend: Number, _ divisor: Number
  ) -> Number {
    divisor == 0 ? 0 : dividend / divisor
  }

  /// `dividend % divisor`, or 0 when `divisor` is 0 (Swift would trap); `Int.min % -1` is 0.
  public static func remainder<Number: FixedWidthInteger>(
    _ dividend: Number, _ divisor: Number
  ) -> Number {
    guard divisor != 0 else { return 0 }
    return dividend.remainderReportingOverflow(dividingBy: divisor).partialValue
  }
}
