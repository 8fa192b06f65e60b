// SyncUps' screens in SwiftUI, on the generated features' view stores: no hand-written binding,
// observer or scope. Built against SwiftUI on Apple systems and, on Linux, against the test-only
// stand-in of the SwiftUI declarations they use (Package.swift), so they always compile;
// Tests/ScreenTests.swift drives the same view stores and bindings as these views do.
import ReduxRuntime
import ReduxSwiftUI
import SyncUpDetail
import SyncUpForm
import SyncUpsList
#if canImport(SwiftUIStandIn)
  import SwiftUIStandIn  // Linux: the stand-in of SwiftUI's declarations (Package.swift)
#else
  import SwiftUI
#endif

/// The app: the list of sync-ups at the root of a navigation stack of details and recorders.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct SyncUpsAppView: View {
  let store: SyncUpsListViewStore

  public init(store: SyncUpsListViewStore) {
    self.store = store
  }

  public var body: some View {
    // The back button and the swipe pop through `pathPopped(screen:)`.
    NavigationStack(path: store.pathBinding) {
      SyncUpsListView(store: store)
    } destination: { screen in
      if let detail = screen.syncUpDetail {
        SyncUpDetailView(store: detail)
      } else if let recorder = screen.recordMeeting {
        RecordMeetingView(store: recorder)
      }
    }
  }
}

/// The sync-ups, a card each: tapped, its detail is pushed; swiped, it is deleted; Add shows the
/// form in a sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct SyncUpsListView: View {
  let store: SyncUpsListViewStore

  var body: some View {
    List {
      // Iterates the ids; each card reads its own sync-up.
      ForEach(store.rows(\.syncUps)) { syncUp in
        Button {
          store.dispatch(.syncUpTapped(id: syncUp.id))
        } label: {
          CardView(syncUp: syncUp)
        }
      }
      .onDelete { store.dispatch(.deleteSyncUps(offsets: $0)) }
    }
    .navigationTitle("Daily Sync-ups")
    .toolbar {
      Button {
        store.dispatch(.addSyncUpTapped())
      } label: {
        Image(systemName: "plus")
      }
    }
    // Swiped down, the sheet sends `addSyncUpDismissed`.
    .sheet(item: Binding(store.addSyncUpBinding)) { form in
      NavigationStack {
        SyncUpFormView(store: form)
          .navigationTitle("New sync-up")
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Discard") { form.dispatch(.cancel) }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Add") { form.dispatch(.done()) }
            }
          }
      }
    }
  }
}

/// A sync-up's card in the list: rendered again when that sync-up changes only.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct CardView: View {
  let syncUp: Observed<SyncUp>

  var body: some View {
    VStack(alignment: .leading) {
      Text(syncUp.title).font(.headline)
      Spacer()
      HStack {
        Label("\(syncUp.attendees.count)", systemImage: "person.3")
        Spacer()
        Label("\(syncUp.minutes) min", systemImage: "clock")
      }
      .font(.caption)
    }
  }
}
