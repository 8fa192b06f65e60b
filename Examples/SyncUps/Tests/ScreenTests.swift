import Foundation
import Observation
import RecordMeeting
import ReduxRuntime
import SyncUpDetail
import SyncUpForm
import SyncUpsList
import Testing

/// SyncUps' screens driven through their view stores as the views drive them (the list's rows,
/// the stack's screens, each screen's own store, the form's rows and bindings), each view's
/// invalidations counted with `withObservationTracking`: what an action tells, and what not.
@MainActor
struct ScreenTests {
  /// Counts how often what `read` reads changes, as a SwiftUI view's body is invalidated: armed
  /// by `arm()`, it counts the first change after it.
  @MainActor
  final class Watch {
    private let read: @MainActor () -> Void
    private let fired = Fired()
    final class Fired: @unchecked Sendable {
      private let lock = NSLock()
      private var value = 0
      var count: Int { lock.withLock { value } }
      func add() { lock.withLock { value += 1 } }
    }

    init(_ read: @escaping @MainActor () -> Void) {
      self.read = read
      arm()
    }

    var count: Int { fired.count }
    var didFire: Bool { count > 0 }

    func arm() {
      let fired = self.fired
      withObservationTracking { read() } onChange: { fired.add() }
    }
  }

  private let syncUp = SyncUp(
    id: UUID(number: 1),
    attendees: [Attendee(id: UUID(number: 2), name: "Blob"), Attendee(id: UUID(number: 3), name: "Blob Jr")],
    minutes: 1, title: "Design")

  /// The app's view store over a store with each level's children middleware.
  private func app() -> SyncUpsListViewStore {
    let store = Store(
      initialState: SyncUpsListState(syncUps: [syncUp, SyncUp(id: UUID(number: 9), title: "Standup")]),
      reducer: syncUpsListReducer,
      middleware: syncUpsListChildren(addSyncUp: { [] }, pathSyncUpDetail: { _ in [] }, pathRecordMeeting: { _ in [] }))
    return SyncUpsListViewStore(store)
  }

  /// The app with the sync-up's detail pushed (tapped), and the detail's own store.
  private func detailShown() throws -> (SyncUpsListViewStore, SyncUpDetailViewStore) {
    let app = app()
    app.dispatch(.syncUpTapped(id: syncUp.id))
    return (app, try #require(app.path[0].syncUpDetail))
  }

  @Test("a second of the recorder's timer tells the recorder's views only")
  func timerTick() throws {
    let (app, detail) = try detailShown()
    detail.dispatch(.startMeetingTapped)
    #expect(app.path.count == 2)
    let recorder = try #require(app.path[1].recordMeeting)
    let rows = app.rows(\.syncUps)
    let list = Watch { _ = app.rows(\.syncUps) }
    let row = Watch { _ = rows[0].value }
    let stack = Watch { _ = app.path.ids }
    let detailView = Watch { _ = detail.syncUp }
    let seconds = Watch { _ = recorder.speakerSeconds }
    let meeting = Watch { _ = recorder.syncUp }
    recorder.dispatch(.timerTick)
    #expect(recorder.speakerSeconds == 1)
    #expect(seconds.count == 1)
    for quiet in [list, row, stack, detailView, meeting] { #expect(!quiet.didFire) }
  }

  @Test("renaming an attendee in the detail's form tells that attendee's row only")
  func renameAttendee() throws {
    let (app, detail) = try detailShown()
    detail.dispatch(.editTapped)
    let form = try #require(detail.editing)
    let attendees = form.rows(\.syncUp.attendees)
    let list = Watch { _ = form.rows(\.syncUp.attendees) }
    let first = Watch { _ = attendees[0].value.name }
    let second = Watch { _ = attendees[1].value.name }
    let title = Watch { _ = form.syncUpTitleBinding.wrappedValue }
    // The row's text field, as the view binds it.
    form.nameBinding(attendees[1]).wrappedValue = "Blob Sr"
    #expect(attendees[1].value.name == "Blob Sr")
    #expect(second.count == 1)
    #expect(!first.didFire)
    #expect(!list.didFire)
    #expect(!title.didFire)
    // Done: the detail's sync-up, the list's, and the form dismissed.
    let sheet = Watch { _ = detail.editing }
    form.dispatch(.done(id: UUID(number: 50)))
    #expect(sheet.count == 1)
    #expect(detail.editing == nil)
    #expect(detail.syncUp.attendees[1].name == "Blob Sr")
    #expect(app.syncUps[id: syncUp.id]?.attendees[1].name == "Blob Sr")
  }

  @Test("deleting from the detail pops it and tells the list; the other rows stay as they were")
  func deleteFromDetail() throws {
    let (app, detail) = try detailShown()
    let rows = app.rows(\.syncUps)
    let list = Watch { _ = app.rows(\.syncUps) }
    let other = Watch { _ = rows[1].value }
    let stack = Watch { _ = app.path.ids }
    detail.dispatch(.deleteTapped)
    #expect(detail.alert == .confirmDeletion)
    #expect(!list.didFire)
    #expect(!stack.didFire)
    detail.dispatch(.alert(.deleteConfirmed))
    #expect(list.count == 1)
    #expect(stack.count == 1)
    #expect(!other.didFire)
    #expect(app.path.isEmpty)
    #expect(app.rows(\.syncUps).map(\.id) == [UUID(number: 9)])
  }
}
