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
/// end pops it. The screens' sync-up is the list's (`shows: { syncUp: syncUps }`): an edit in the
/// detail and a meeting the recorder saves change the list's, and every screen's showing it.
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

  /// The store of the app with each screen's follow-ups (the recorder's `saved` after its Save
  /// and end, or after its last second), ids counting from 1 and the time 86,400 s.
  private func appStore(_ state: SyncUpsListState) -> TestStore<SyncUpsListState, SyncUpsListAction> {
    TestStore(
      initialState: state, reducer: syncUpsListReducer,
      middleware: syncUpsListChildren(
        addSyncUp: { [] }, pathSyncUpDetail: { _ in [] },
        pathRecordMeeting: { _ in [RecordMeetingFollowUps(clock: ImmediateClock())] }),
      actionValues: .incrementing(now: Date(timeIntervalSince1970: 86_400)))
  }

  @Test("starting a meeting pushes the recorder; Save and end adds the meeting to the list and the detail")
  func recordMeeting() async {
    let store = appStore(SyncUpsListState(syncUps: [syncUp]))
    await store.send(.syncUpTapped(id: syncUp.id)) {
      $0.path.push(.syncUpDetail(SyncUpDetailState(syncUp: self.syncUp)))
    }
    let detail = store.state.path.ids[0]
    await store.send(.path(id: detail, action: .syncUpDetail(.startMeetingTapped))) {
      $0.path.push(.recordMeeting(RecordMeetingState(syncUp: self.syncUp)))
    }
    let recorder = store.state.path.ids[1]
    await store.send(.path(id: recorder, action: .recordMeeting(.endMeetingTapped))) {
      $0.path[id: recorder] = .recordMeeting(RecordMeetingState(syncUp: self.syncUp, alert: .endMeeting))
    }
    await store.send(.path(id: recorder, action: .recordMeeting(.alert(.saveConfirmed)))) {
      $0.path[id: recorder] = .recordMeeting(RecordMeetingState(syncUp: self.syncUp))
    }
    // The recorder's follow-up: the meeting joins its sync-up, which is the list's and the
    // detail's too; the list pops the recorder.
    var met = syncUp
    met.meetings = [Meeting(id: UUID(number: 1), date: Date(timeIntervalSince1970: 86_400))]
    await store.receive(
      .path(
        id: recorder,
        action: .recordMeeting(.saved(id: UUID(number: 1), date: Date(timeIntervalSince1970: 86_400), transcript: "")))
    ) {
      $0.syncUps = [met]
      $0.path[id: detail] = .syncUpDetail(SyncUpDetailState(syncUp: met))
      $0.path.pop(from: recorder)
    }
    await store.finish()
  }

  @Test("the meeting's last second saves it with its transcript, shown in the detail below")
  func recordingRunsOut() async {
    var recording = RecordMeetingState(syncUp: syncUp, transcript: "I completed the project")
    recording.secondsElapsed = syncUp.minutes * 60 - 1
    let store = appStore(
      SyncUpsListState(syncUps: [syncUp], path: [.syncUpDetail(SyncUpDetailState(syncUp: syncUp)), .recordMeeting(recording)]))
    store.exhaustivity = .off
    await store.send(.path(id: 1, action: .recordMeeting(.timerTick)))
    await store.receive(where: { if case .path(1, .recordMeeting(.saved)) = $0 { true } else { false } })
    let meeting = Meeting(
      id: UUID(number: 1), date: Date(timeIntervalSince1970: 86_400), transcript: "I completed the project")
    #expect(store.state.path.ids == [0])
    #expect(store.state.path[id: 0]?.syncUpDetail?.syncUp.meetings == [meeting])
    #expect(store.state.syncUps[id: syncUp.id]?.meetings == [meeting])
    await store.finish()
  }

  @Test("editing in the detail's form changes the sync-up in the list")
  func detailEdit() async {
    let (store, detail) = await detailShown()
    await store.send(.path(id: detail, action: .syncUpDetail(.editTapped))) {
      $0.path[id: detail] = .syncUpDetail(
        SyncUpDetailState(syncUp: self.syncUp, editing: SyncUpFormState(syncUp: self.syncUp)))
    }
    var edited = syncUp
    edited.title = "Blob's Meeting"
    await store.send(.path(id: detail, action: .syncUpDetail(.editing(.titleChanged(title: "Blob's Meeting"))))) {
      $0.path[id: detail] = .syncUpDetail(SyncUpDetailState(syncUp: self.syncUp, editing: SyncUpFormState(syncUp: edited)))
    }
    await store.send(.path(id: detail, action: .syncUpDetail(.editing(.done(id: UUID(number: 9)))))) {
      $0.path[id: detail] = .syncUpDetail(SyncUpDetailState(syncUp: edited))
      $0.syncUps = [edited]
    }
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
