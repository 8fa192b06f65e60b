import Foundation
import Observation
import RecordMeeting
import ReduxRuntime
import SyncUpDetail
import SyncUpForm
import SyncUpsList
import Testing

/// SyncUps' screens (Examples/SyncUps/App) driven through their view stores and bindings as the
/// views drive them (the list's rows, the stack's path binding and its screens' stores, the
/// sheets' bindings, the alerts' bindings, the form's rows and fields), each view's invalidations
/// counted with `withObservationTracking`: what an action tells, and what not. Where SwiftUI
/// itself sets a binding (a sheet swiped down, the back button, an alert's button answered), the
/// test sets it as SwiftUI does.
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

  /// The app with the sync-up's detail pushed (its card tapped), and the detail's own store as
  /// the stack's destination gets it (`NavigationStack(path: store.pathBinding)`).
  private func detailShown() throws -> (SyncUpsListViewStore, SyncUpDetailViewStore) {
    let app = app()
    app.dispatch(.syncUpTapped(id: syncUp.id))
    return (app, try #require(app.pathBinding.wrappedValue.first?.syncUpDetail))
  }

  @Test("a second of the recorder's timer tells the recorder's views only")
  func timerTick() throws {
    let (app, detail) = try detailShown()
    detail.dispatch(.startMeetingTapped)
    #expect(app.path.count == 2)
    let recorder = try #require(app.pathBinding.wrappedValue.last?.recordMeeting)
    let rows = app.rows(\.syncUps)
    let list = Watch { _ = app.rows(\.syncUps) }
    let row = Watch { _ = rows[0].value }
    let stack = Watch { _ = app.path.ids }
    let detailView = Watch { _ = detail.syncUp }
    let seconds = Watch { _ = recorder.secondsElapsed }
    let meeting = Watch { _ = recorder.syncUp }
    recorder.dispatch(.timerTick)
    #expect(recorder.secondsElapsed == 1)
    #expect(seconds.count == 1)
    for quiet in [list, row, stack, detailView, meeting] { #expect(!quiet.didFire) }
  }

  @Test("renaming an attendee in the detail's form tells that attendee's row only")
  func renameAttendee() throws {
    let (app, detail) = try detailShown()
    detail.dispatch(.editTapped)
    // The sheet's content, from `sheet(item: Binding(store.editingBinding))`.
    let form = try #require(detail.editingBinding.wrappedValue)
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
    // `alert(store.alertBinding)` shows it; Yes sends its action, then SwiftUI sets nil.
    let alert = detail.alertBinding
    #expect(alert.alert.wrappedValue == .confirmDeletion)
    #expect(alert.alert.wrappedValue?.buttons.map(\.label) == ["Yes", "Nevermind"])
    #expect(!list.didFire)
    #expect(!stack.didFire)
    alert.send(.deleteConfirmed)
    alert.alert.wrappedValue = nil
    #expect(list.count == 1)
    #expect(stack.count == 1)
    #expect(!other.didFire)
    #expect(app.path.isEmpty)
    #expect(app.rows(\.syncUps).map(\.id) == [UUID(number: 9)])
  }

  @Test("Add: the sheet shows the form, Add adds its sync-up; SwiftUI's nil after sends nothing more")
  func addThroughTheSheet() throws {
    let app = app()
    let list = Watch { _ = app.rows(\.syncUps) }
    let sheet = Watch { _ = app.addSyncUpBinding.wrappedValue }
    app.dispatch(.addSyncUpTapped())
    #expect(sheet.count == 1)
    #expect(!list.didFire)
    let form = try #require(app.addSyncUpBinding.wrappedValue)
    #expect(form.syncUp.attendees.count == 1)
    form.syncUpTitleBinding.wrappedValue = "Engineering"
    form.nameBinding(form.rows(\.syncUp.attendees)[0]).wrappedValue = "Blob"
    #expect(!list.didFire)
    form.dispatch(.done())
    #expect(app.addSyncUpBinding.wrappedValue == nil)
    // The sheet goes: SwiftUI sets the binding to nil, with nothing left to dismiss.
    app.addSyncUpBinding.wrappedValue = nil
    #expect(list.count == 1)
    #expect(app.rows(\.syncUps).map(\.value.title) == ["Design", "Standup", "Engineering"])
  }

  @Test("the Add sheet swiped down is dismissed (addSyncUpDismissed), and nothing is added")
  func addSheetSwipedDown() throws {
    let app = app()
    app.dispatch(.addSyncUpTapped())
    let form = try #require(app.addSyncUpBinding.wrappedValue)
    form.syncUpTitleBinding.wrappedValue = "Engineering"
    let list = Watch { _ = app.rows(\.syncUps) }
    let sheet = Watch { _ = app.addSyncUpBinding.wrappedValue }
    app.addSyncUpBinding.wrappedValue = nil
    #expect(sheet.count == 1)
    #expect(app.read(\.addSyncUp) == nil)
    #expect(!list.didFire)
    #expect(app.read(\.syncUps).count == 2)
  }

  @Test("the back button pops the detail (pathPopped); the list and its rows aren't told")
  func backButton() throws {
    let (app, detail) = try detailShown()
    let rows = app.rows(\.syncUps)
    let list = Watch { _ = app.rows(\.syncUps) }
    let row = Watch { _ = rows[0].value }
    let stack = Watch { _ = app.pathBinding.wrappedValue }
    let detailView = Watch { _ = detail.syncUp }
    // SwiftUI's path after the back button: the screens below the detail, none.
    app.pathBinding.wrappedValue = []
    #expect(app.path.isEmpty)
    #expect(stack.count == 1)
    for quiet in [list, row, detailView] { #expect(!quiet.didFire) }
  }

  @Test("editing in the detail's sheet swiped down leaves the sync-up as it was")
  func editSheetSwipedDown() throws {
    let (app, detail) = try detailShown()
    detail.dispatch(.editTapped)
    let form = try #require(detail.editingBinding.wrappedValue)
    form.syncUpTitleBinding.wrappedValue = "Engineering"
    let title = Watch { _ = detail.syncUp }
    detail.editingBinding.wrappedValue = nil
    #expect(detail.editingBinding.wrappedValue == nil)
    #expect(!title.didFire)
    #expect(detail.syncUp.title == "Design")
    #expect(app.read(\.syncUps)[id: syncUp.id]?.title == "Design")
  }

  @Test("End meeting, then Discard in its alert: the recorder pops, the detail shows no meeting")
  func discardMeeting() throws {
    let (app, detail) = try detailShown()
    detail.dispatch(.startMeetingTapped)
    let recorder = try #require(app.pathBinding.wrappedValue.last?.recordMeeting)
    recorder.dispatch(.endMeetingTapped)
    let alert = recorder.alertBinding
    #expect(alert.alert.wrappedValue == .endMeeting)
    let stack = Watch { _ = app.pathBinding.wrappedValue }
    let meetings = Watch { _ = detail.syncUp }
    alert.send(.discarded)
    alert.alert.wrappedValue = nil
    #expect(stack.count == 1)
    #expect(app.path.ids.count == 1)
    #expect(!meetings.didFire)
    #expect(detail.syncUp.meetings.isEmpty)
  }
}
