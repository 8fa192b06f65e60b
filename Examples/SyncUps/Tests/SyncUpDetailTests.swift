import Foundation
import ReduxRuntime
import ReduxTesting
import SyncUpDetail
import SyncUpForm
import Testing

/// SyncUps' detail, as TCA's SyncUpDetailTests drive it: edited in the form, deleted after asking.
///
/// `@MainActor`, as TCA's suites and SwiftUI apps' tests are: the TestStore's `send` and
/// `receive` run their closures on the caller's actor (AppTests and SyncUpsListTests call the
/// same TestStore from nonisolated suites).
@MainActor
struct SyncUpDetailTests {
  private let values = ActionValues.incrementing(now: Date(timeIntervalSince1970: 0))
  private let syncUp = SyncUp(
    id: UUID(number: 1), attendees: [Attendee(id: UUID(number: 2), name: "Blob")],
    meetings: [
      Meeting(id: UUID(number: 3), date: Date(timeIntervalSince1970: 1_000), transcript: "Hi"),
      Meeting(id: UUID(number: 4), date: Date(timeIntervalSince1970: 2_000), transcript: "Bye"),
    ],
    title: "Design")

  @Test("the form edits a copy; Done hands it back and dismisses the form")
  func edit() async {
    let store = TestStore(initialState: SyncUpDetailState(syncUp: syncUp), reducer: syncUpDetailReducer)
    await store.send(.editTapped) {
      $0.editing = SyncUpFormState(syncUp: syncUp)
    }
    await store.send(.editing(.titleChanged(title: "Engineering"))) {
      $0.editing?.syncUp.title = "Engineering"
    }
    await store.send(.editing(.done(using: values))) {
      $0.editing = nil
      $0.syncUp.title = "Engineering"
    }
    await store.finish()
  }

  @Test("Delete asks first; Yes dismisses the alert and is the parent's to do")
  func delete() async {
    let store = TestStore(initialState: SyncUpDetailState(syncUp: syncUp), reducer: syncUpDetailReducer)
    await store.send(.deleteTapped) { $0.alert = .confirmDeletion }
    #expect(store.state.alert?.title == "Delete?")
    #expect(store.state.alert?.buttons.map(\.role) == [.destructive, .cancel])
    await store.send(.alert(.deleteConfirmed)) { $0.alert = nil }
    await store.finish()
  }

  @Test("Nevermind leaves the sync-up as it is")
  func deleteCancelled() async {
    let store = TestStore(initialState: SyncUpDetailState(syncUp: syncUp), reducer: syncUpDetailReducer)
    await store.send(.deleteTapped) { $0.alert = .confirmDeletion }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.finish()
  }

  @Test("a swipe deletes the meetings at its offsets")
  func deleteMeetings() async {
    let store = TestStore(initialState: SyncUpDetailState(syncUp: syncUp), reducer: syncUpDetailReducer)
    await store.send(.deleteMeetings(offsets: [0])) { $0.syncUp.meetings.remove(at: 0) }
    await store.finish()
  }
}
