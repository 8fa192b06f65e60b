import ReduxRuntime
import ReduxSwiftUI
import SyncUpForm
import SyncUpsList
#if canImport(SwiftUIStandIn)
  import SwiftUIStandIn  // Linux: the stand-in of SwiftUI's declarations (Package.swift)
#else
  import SwiftUI
#endif

/// Each way SwiftUI presents a child feature, on the list's Add form: one binding
/// (`store.addSyncUpBinding`) for all of them, and set to nil by any (swiped down, tapped
/// outside, back) it sends `addSyncUpDismissed`. SyncUps itself uses the sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct PresentationForms: View {
  enum Form {
    case sheet, fullScreenCover, popover, navigationDestination
  }

  let store: SyncUpsListViewStore
  let form: Form

  var body: some View {
    switch form {
    case .sheet:
      Text("Sync-ups").sheet(item: Binding(store.addSyncUpBinding)) { SyncUpFormView(store: $0) }
    case .fullScreenCover:
      #if os(iOS) || os(tvOS) || os(watchOS) || canImport(SwiftUIStandIn)
        Text("Sync-ups").fullScreenCover(item: Binding(store.addSyncUpBinding)) { SyncUpFormView(store: $0) }
      #else
        Text("Sync-ups")
      #endif
    case .popover:
      #if !os(tvOS) && !os(watchOS)
        Text("Sync-ups").popover(item: Binding(store.addSyncUpBinding)) { SyncUpFormView(store: $0) }
      #else
        Text("Sync-ups")
      #endif
    case .navigationDestination:
      Text("Sync-ups").navigationDestination(item: Binding(store.addSyncUpBinding)) { SyncUpFormView(store: $0) }
    }
  }
}
