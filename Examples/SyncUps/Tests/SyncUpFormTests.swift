import Foundation
import ReduxRuntime
import ReduxTesting
import SyncUpForm
import Testing

/// SyncUps' form, as TCA's SyncUpFormTests drive it: attendees added, removed and kept.
///
/// `@MainActor`, as TCA's suites and SwiftUI apps' tests are: the TestStore's `send` and
/// `receive` run their closures on the caller's actor (AppTests and SyncUpsListTests call the
/// same TestStore from nonisolated suites).
@MainActor
struct SyncUpFormTests {
  private let values = ActionValues.incrementing(now: Date(timeIntervalSince1970: 0))

  @Test("adding an attendee appends a blank one and focuses it")
  func addAttendee() async {
    let store = TestStore(
      initialState: SyncUpFormState(
        syncUp: SyncUp(id: UUID(number: 100), attendees: [Attendee(id: UUID(number: 101))])), reducer: syncUpFormReducer)
    await store.send(.addAttendee(using: values)) {
      $0.syncUp.attendees.append(Attendee(id: UUID(number: 1)))
      $0.focusedAttendee = UUID(number: 1)
    }
    await store.finish()
  }

  @Test("removing the last attendee leaves a new blank one, focused")
  func removeLastAttendee() async {
    let store = TestStore(
      initialState: SyncUpFormState(
        syncUp: SyncUp(id: UUID(number: 100), attendees: [Attendee(id: UUID(number: 101), name: "Blob")])), reducer: syncUpFormReducer)
    await store.send(.deleteAttendees(offsets: [0], using: values)) {
      $0.syncUp.attendees = [Attendee(id: UUID(number: 1))]
      $0.focusedAttendee = UUID(number: 1)
    }
    await store.finish()
  }

  @Test("removing one of several attendees keeps the others, in order, and focuses the one now in its place")
  func removeAttendee() async {
    let attendees = (1...3).map { Attendee(id: UUID(number: 100 + $0), name: "A\($0)") }
    let store = TestStore(initialState: SyncUpFormState(syncUp: SyncUp(id: UUID(number: 100), attendees: IdentifiedArray(uniqueElements: attendees))), reducer: syncUpFormReducer)
    await store.send(.deleteAttendees(offsets: [1], using: values)) {
      $0.syncUp.attendees = [attendees[0], attendees[2]]
      $0.focusedAttendee = attendees[2].id
    }
    await store.send(.deleteAttendees(offsets: [1], using: values)) {
      // Past the end now: the last one left is focused.
      $0.syncUp.attendees = [attendees[0]]
      $0.focusedAttendee = attendees[0].id
    }
    await store.finish()
  }

  @Test("removing the focused attendee focuses the next (TCA's testRemoveFocusedAttendee)")
  func removeFocusedAttendee() async {
    let first = Attendee(id: UUID(number: 101))
    let second = Attendee(id: UUID(number: 102))
    let store = TestStore(
      initialState: SyncUpFormState(syncUp: SyncUp(id: UUID(number: 100), attendees: [first, second]), focusedAttendee: first.id),
      reducer: syncUpFormReducer)
    await store.send(.deleteAttendees(offsets: [0], using: values)) {
      $0.syncUp.attendees = [second]
      $0.focusedAttendee = second.id
    }
    await store.finish()
  }

  @Test("editing the title, length, theme and an attendee's name")
  func editFields() async {
    let attendee = Attendee(id: UUID(number: 101))
    let store = TestStore(initialState: SyncUpFormState(syncUp: SyncUp(id: UUID(number: 100), attendees: [attendee])), reducer: syncUpFormReducer)
    await store.send(.titleChanged(title: "Engineering")) { $0.syncUp.title = "Engineering" }
    await store.send(.minutesChanged(minutes: 10)) { $0.syncUp.minutes = 10 }
    await store.send(.themeChanged(theme: .navy)) { $0.syncUp.theme = .navy }
    await store.send(.attendeeRenamed(id: attendee.id, name: "Blob")) { $0.syncUp.attendees[0].name = "Blob" }
    await store.finish()
  }

  @Test("done with every attendee blank keeps the first one, as TCA's SyncUps does")
  func doneValidatesAttendees() async {
    let store = TestStore(
      initialState: SyncUpFormState(
        syncUp: SyncUp(
          id: UUID(number: 100), attendees: [Attendee(id: UUID(number: 101), name: " "), Attendee(id: UUID(number: 102))],
          title: "Design")), reducer: syncUpFormReducer)
    await store.send(.done(using: values)) {
      $0.syncUp.attendees = [Attendee(id: UUID(number: 101), name: " ")]
    }
    await store.finish()
  }
}
