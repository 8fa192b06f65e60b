import Foundation
import ReduxRuntime
import ReduxTesting
import SyncUpForm
import SyncUpsList
import Testing

/// SyncUps' list, as TCA's SyncUpsListTests drive it: a sync-up added through the form in a sheet,
/// validated, and swiped away.
struct SyncUpsListTests {
  private let values = ActionValues.incrementing(now: Date(timeIntervalSince1970: 0))
  private let newSyncUp = SyncUp(id: UUID(number: 100), attendees: [Attendee(id: UUID(number: 101))])

  @Test("a sync-up filled in the form is added and the form dismissed")
  func add() async {
    let store = TestStore(initialState: SyncUpsListState(), reducer: syncUpsListReducer)
    // The sync-up's id and its first attendee's, made by the action's creator (TCA's uuid()).
    await store.send(.addSyncUpTapped(using: values)) {
      $0.addSyncUp = SyncUpFormState(syncUp: SyncUp(id: UUID(number: 1), attendees: [Attendee(id: UUID(number: 2))]))
    }
    await store.send(.addSyncUp(.titleChanged(title: "Engineering"))) {
      $0.addSyncUp?.syncUp.title = "Engineering"
    }
    await store.send(.addSyncUp(.attendeeRenamed(id: UUID(number: 2), name: "Blob"))) {
      $0.addSyncUp?.syncUp.attendees[0].name = "Blob"
    }
    await store.send(.addSyncUp(.done(using: values))) {
      $0.addSyncUp = nil
      $0.syncUps = [
        SyncUp(id: UUID(number: 1), attendees: [Attendee(id: UUID(number: 2), name: "Blob")], title: "Engineering")
      ]
    }
    await store.finish()
  }

  @Test("attendees left blank are not added; one blank attendee is kept")
  func addValidatedAttendees() async {
    var syncUp = newSyncUp
    syncUp.attendees = [Attendee(id: UUID(number: 101)), Attendee(id: UUID(number: 102), name: "Blob"), Attendee(id: UUID(number: 103))]
    let store = TestStore(initialState: SyncUpsListState(addSyncUp: SyncUpFormState(syncUp: syncUp)), reducer: syncUpsListReducer)
    await store.send(.addSyncUp(.done(using: values))) {
      $0.addSyncUp = nil
      $0.syncUps = [SyncUp(id: UUID(number: 100), attendees: [Attendee(id: UUID(number: 102), name: "Blob")])]
    }
    await store.finish()
  }

  @Test("cancelling the form adds nothing")
  func cancel() async {
    let store = TestStore(initialState: SyncUpsListState(addSyncUp: SyncUpFormState(syncUp: newSyncUp)), reducer: syncUpsListReducer)
    await store.send(.addSyncUp(.titleChanged(title: "Engineering"))) {
      $0.addSyncUp?.syncUp.title = "Engineering"
    }
    await store.send(.addSyncUp(.cancel)) { $0.addSyncUp = nil }
    await store.finish()
  }

  @Test("a swipe deletes the sync-ups at its offsets")
  func deletion() async {
    let syncUps = (1...3).map { SyncUp(id: UUID(number: $0), title: "S\($0)") }
    let store = TestStore(initialState: SyncUpsListState(syncUps: IdentifiedArray(uniqueElements: syncUps)), reducer: syncUpsListReducer)
    await store.send(.deleteSyncUps(offsets: [0, 2])) { $0.syncUps = [syncUps[1]] }
    await store.finish()
  }
}
