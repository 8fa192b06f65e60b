import Foundation
import RecordMeeting
import ReduxRuntime
import ReduxTesting
import SyncUpDetail
import SyncUpForm
import SyncUpsList
import Testing

/// SyncUps' navigation, as TCA's AppFeatureTests drive it: the list pushes a sync-up's detail, the
/// detail's Delete pops it and removes the sync-up, its Start Meeting pushes the recorder, whose
/// end pops it.
struct AppTests {
  private let syncUp = SyncUp(
    id: UUID(number: 1), attendees: [Attendee(id: UUID(number: 2), name: "Blob")], title: "Design")

  /// The list with the sync-up's detail pushed (tapped), and the detail's screen id.
  private func detailShown() async -> (TestStore<SyncUpsListState, SyncUpsListAction>, Int) {
    let store = TestStore(initialState: SyncUpsListState(syncUps: [syncUp]), reducer: syncUpsListReducer)
    await store.send(.syncUpTapped(id: syncUp.id)) {
      $0.path.push(.syncUpDetail(SyncUpDetailState(syncUp: syncUp)))
    }
    return (store, store.state.path.ids[0])
  }

  /// Then its Delete tapped: the detail asks first.
  private func askedToDelete() async -> (TestStore<SyncUpsListState, SyncUpsListAction>, Int) {
    let (store, detail) = await detailShown()
    await store.send(.path(id: detail, action: .syncUpDetail(.deleteTapped))) {
      $0.path[id: detail] = .syncUpDetail(SyncUpDetailState(syncUp: syncUp, alert: .confirmDeletion))
    }
    return (store, detail)
  }

  @Test("deleting from the detail pops it and removes the sync-up from the list")
  func delete() async {
    let (store, detail) = await askedToDelete()
    // The parent hears the alert's Yes as the detail's `deleteConfirmed`.
    await store.send(.path(id: detail, action: .syncUpDetail(.alert(.deleteConfirmed)))) {
      $0.syncUps = []
      $0.path.pop(from: detail)
    }
    await store.finish()
  }

  @Test("Nevermind leaves the sync-up and its detail")
  func deleteCancelled() async {
    let (store, detail) = await askedToDelete()
    await store.send(.path(id: detail, action: .syncUpDetail(.alert(.dismiss)))) {
      $0.path[id: detail] = .syncUpDetail(SyncUpDetailState(syncUp: syncUp))
    }
    #expect(store.state.syncUps.count == 1)
    await store.finish()
  }

  @Test("starting a meeting pushes the recorder with the detail's sync-up; ending it pops the recorder")
  func recordMeeting() async {
    let (store, detail) = await detailShown()
    await store.send(.path(id: detail, action: .syncUpDetail(.startMeetingTapped))) {
      $0.path.push(.recordMeeting(RecordMeetingState(syncUp: syncUp)))
    }
    let recorder = store.state.path.ids[1]
    await store.send(.path(id: recorder, action: .recordMeeting(.endMeetingTapped))) {
      $0.path[id: recorder] = .recordMeeting(RecordMeetingState(syncUp: syncUp, alert: .endMeeting))
    }
    await store.send(.path(id: recorder, action: .recordMeeting(.alert(.saved)))) {
      $0.path.pop(from: recorder)
    }
    #expect(store.state.path.ids == [detail])
    await store.finish()
  }

  @Test("a sync-up removed while its row's tap was on its way pushes nothing")
  func tapAfterRemoval() async {
    let store = TestStore(initialState: SyncUpsListState(syncUps: [syncUp]), reducer: syncUpsListReducer)
    await store.send(.deleteSyncUps(offsets: [0])) { $0.syncUps = [] }
    await store.send(.syncUpTapped(id: syncUp.id))
    await store.finish()
  }
}
