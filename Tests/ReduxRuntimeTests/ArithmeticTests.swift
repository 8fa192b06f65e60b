import ReduxRuntime
import Testing

@Suite("ReduxArithmetic: division as specs define it")
struct ArithmeticTests {
  @Test("a whole-number division rounds toward zero, as Swift's", arguments: [(7, 2, 3), (-7, 2, -3), (7, -2, -3), (1, 3, 0)])
  func wholeNumbers(_ dividend: Int, _ divisor: Int, _ quotient: Int) {
    #expect(ReduxArithmetic.quotient(dividend, divisor) == quotient)
  }

  @Test("a division by zero gives 0, for every numeric type")
  func byZero() {
    #expect(ReduxArithmetic.quotient(7, 0) == 0)
    #expect(ReduxArithmetic.quotient(Int64(-7), 0) == 0)
    #expect(ReduxArithmetic.quotient(7.5, 0) == 0)
    #expect(ReduxArithmetic.quotient(-0.0, 0.0) == 0)
  }

  @Test("Int.min / -1, which doesn't fit, wraps around instead of trapping")
  func overflow() {
    #expect(ReduxArithmetic.quotient(Int.min, -1) == Int.min)
  }

  @Test("a Double division is IEEE's")
  func doubles() {
    #expect(ReduxArithmetic.quotient(7.5, 2.5) == 3)
    #expect(ReduxArithmetic.quotient(1.0, 3.0) == 1.0 / 3.0)
  }
}
