import Foundation
import ReduxRuntime
import Testing

@Suite("ActionValues")
struct ActionValuesTests {
  @Test("incrementing ids count up from 1 and the clock stands still")
  func incrementing() {
    let values = ActionValues.incrementing(now: Date(timeIntervalSince1970: 5))
    #expect(values.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    #expect(values.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000002"))
    #expect(values.now() == Date(timeIntervalSince1970: 5))
    #expect(values.now() == Date(timeIntervalSince1970: 5))
  }

  @Test("a task binds the values creators read; outside it they are the system's")
  func taskLocal() {
    let bound = ActionValues.$current.withValue(.incrementing()) { ActionValues.current.uuid() }
    #expect(bound == UUID(number: 1))
    let first = ActionValues.current.uuid()
    #expect(first != ActionValues.current.uuid())
    #expect(first != UUID(number: 1))
  }

  @Test("UUID(number:) writes the number in the last hex digits")
  func uuidNumber() {
    #expect(UUID(number: 255) == UUID(uuidString: "00000000-0000-0000-0000-0000000000FF"))
    #expect(UUID(number: 0) == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
  }
}
