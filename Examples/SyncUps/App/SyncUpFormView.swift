import ReduxRuntime
import ReduxSwiftUI
import SyncUpForm
#if canImport(SwiftUIStandIn)
  import SwiftUIStandIn  // Linux: the stand-in of SwiftUI's declarations (Package.swift)
#else
  import SwiftUI
#endif

/// The form that adds or edits a sync-up: its title, length, theme and attendees.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct SyncUpFormView: View {
  let store: SyncUpFormViewStore

  var body: some View {
    Form {
      Section("Sync-up info") {
        TextField("Title", text: Binding(store.syncUpTitleBinding))
        #if !os(tvOS)
          Stepper(
            "\(store.syncUp.minutes) min", value: Binding(store.syncUpMinutesBinding), in: 5...30)
        #endif
        Picker("Theme", selection: Binding(store.syncUpThemeBinding)) {
          ForEach(Theme.allCases, id: \.self) { theme in
            Text(theme.rawValue.capitalized).tag(theme)
          }
        }
      }
      Section("Attendees") {
        // An attendee's field tells that attendee's row only.
        ForEach(store.rows(\.syncUp.attendees)) { attendee in
          TextField("Name", text: Binding(store.nameBinding(attendee)))
        }
        .onDelete { store.dispatch(.deleteAttendees(offsets: $0)) }
        Button("New attendee") { store.dispatch(.addAttendee()) }
      }
    }
  }
}
