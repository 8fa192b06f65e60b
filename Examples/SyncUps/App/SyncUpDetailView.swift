import ReduxRuntime
import ReduxSwiftUI
import SyncUpDetail
import SyncUpForm
#if canImport(SwiftUIStandIn)
  import SwiftUIStandIn  // Linux: the stand-in of SwiftUI's declarations (Package.swift)
#else
  import SwiftUI
#endif

/// One sync-up: Start Meeting (the parent pushes the recorder), its past meetings and attendees,
/// Delete after asking (the parent pops the screen), Edit in a sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct SyncUpDetailView: View {
  let store: SyncUpDetailViewStore

  var body: some View {
    List {
      Section("Sync-up info") {
        Button {
          store.dispatch(.startMeetingTapped)
        } label: {
          Label("Start Meeting", systemImage: "timer")
        }
        HStack {
          Label("Length", systemImage: "clock")
          Spacer()
          Text("\(store.syncUp.minutes) min")
        }
        HStack {
          Label("Theme", systemImage: "paintpalette")
          Spacer()
          Text(store.syncUp.theme.rawValue.capitalized)
        }
      }
      if !store.syncUp.meetings.isEmpty {
        Section("Past meetings") {
          ForEach(store.rows(\.syncUp.meetings)) { meeting in
            HStack {
              Image(systemName: "calendar")
              Text(meeting.date, style: .date)
              Text(meeting.date, style: .time)
            }
          }
          .onDelete { store.dispatch(.deleteMeetings(offsets: $0)) }
        }
      }
      Section("Attendees") {
        ForEach(store.rows(\.syncUp.attendees)) { attendee in
          Label(attendee.name, systemImage: "person")
        }
      }
      Section {
        Button("Delete", role: .destructive) { store.dispatch(.deleteTapped) }
      }
    }
    .navigationTitle(store.syncUp.title)
    .toolbar {
      Button("Edit") { store.dispatch(.editTapped) }
    }
    // "Delete?": Yes sends `.alert(.deleteConfirmed)`, a tap outside `.alert(.dismiss)`.
    .alert(store.alertBinding)
    .sheet(item: Binding(store.editingBinding)) { form in
      NavigationStack {
        SyncUpFormView(store: form)
          .navigationTitle(store.syncUp.title)
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Cancel") { form.dispatch(.cancel) }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Done") { form.dispatch(.done()) }
            }
          }
      }
    }
  }
}
