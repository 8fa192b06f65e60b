import RecordMeeting
import ReduxRuntime
import ReduxSwiftUI
import SyncUpDetail
import SyncUpForm
import SyncUpsList
#if canImport(SwiftUIStandIn)
  import CombineStandIn
  import SwiftUIStandIn  // Linux: the stand-in of SwiftUI's declarations (Package.swift)
#else
  import SwiftUI
#endif

/// The app on iOS 16 and macOS 13, without Observation: the same screens on `PublishedStore`s,
/// each rendered again after its own feature's changes (a screen's store publishes after
/// changes of that screen's state only). Bindings and children are the view store's, by name.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public struct SyncUpsAppView16: View {
  @ObservedObject var store: PublishedStore<SyncUpsListState, SyncUpsListAction>

  public init(store: PublishedStore<SyncUpsListState, SyncUpsListAction>) {
    self.store = store
  }

  public var body: some View {
    NavigationStack(path: store.pathBinding) {
      List {
        ForEach(store.state.syncUps) { syncUp in
          Button(syncUp.title) { store.dispatch(.syncUpTapped(id: syncUp.id)) }
        }
        .onDelete { store.dispatch(.deleteSyncUps(offsets: $0)) }
      }
      .navigationTitle("Daily Sync-ups")
      .toolbar {
        Button("Add") { store.dispatch(.addSyncUpTapped()) }
      }
      .sheet(item: Binding(store.addSyncUpBinding)) { form in
        SyncUpFormView16(store: form)
      }
    } destination: { screen in
      if let detail = screen.syncUpDetail {
        SyncUpDetailView16(store: detail)
      } else if let recorder = screen.recordMeeting {
        RecordMeetingView16(store: recorder)
      }
    }
  }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct SyncUpFormView16: View {
  @ObservedObject var store: PublishedStore<SyncUpFormState, SyncUpFormAction>

  var body: some View {
    NavigationStack {
      Form {
        TextField("Title", text: Binding(store.syncUpTitleBinding))
        Button("New attendee") { store.dispatch(.addAttendee()) }
      }
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Discard") { store.dispatch(.cancel) }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Add") { store.dispatch(.done()) }
        }
      }
    }
  }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct SyncUpDetailView16: View {
  @ObservedObject var store: PublishedStore<SyncUpDetailState, SyncUpDetailAction>

  var body: some View {
    List {
      Button("Start Meeting") { store.dispatch(.startMeetingTapped) }
      Button("Delete", role: .destructive) { store.dispatch(.deleteTapped) }
    }
    .navigationTitle(store.state.syncUp.title)
    .toolbar {
      Button("Edit") { store.dispatch(.editTapped) }
    }
    .alert(store.alertBinding)
    .sheet(item: Binding(store.editingBinding)) { form in
      SyncUpFormView16(store: form)
    }
  }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct RecordMeetingView16: View {
  @ObservedObject var store: PublishedStore<RecordMeetingState, RecordMeetingAction>

  var body: some View {
    VStack {
      Text("\(store.state.durationRemaining) seconds left")
      Button("Next speaker") { store.dispatch(.nextTapped) }
    }
    .navigationBarBackButtonHidden(true)
    .toolbar {
      Button("End meeting") { store.dispatch(.endMeetingTapped) }
    }
    .alert(store.alertBinding)
    .onAppear { store.dispatch(.appeared) }
  }
}
