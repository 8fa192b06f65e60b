// SwiftUI's navigation over a feature's view store: a stack's screens (`NavigationStack(path:
// root:destination:)`) and the spec's alerts (`alert(_:)`). A presented child needs nothing
// here: `sheet(item: Binding(store.editorBinding))` (or `fullScreenCover`, `popover`,
// `navigationDestination(item:)`). What the bindings send is ReduxRuntime's, tested there.
import ReduxRuntime

#if canImport(SwiftUIStandIn)
  import SwiftUIStandIn
#else
  import SwiftUI
#endif

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension NavigationStack {
  /// A navigation stack over a stack of destination features (`children: { path: { stack:
  /// [...] } }`): `root` shows under the screens, `destination` shows a screen from its store
  /// (`screen.detail`, the destination's own store while the screen is it). SwiftUI's pops
  /// (the back button, a swipe) dispatch the spec's `pathPopped(screen:)`.
  ///
  /// ```swift
  /// NavigationStack(path: store.pathBinding) {
  ///   SyncUpsListView(store: store)
  /// } destination: { screen in
  ///   if let detail = screen.syncUpDetail { SyncUpDetailView(store: detail) }
  /// }
  /// ```
  @MainActor
  public init<Screen, ScreenAction, Content: View, Destination: View>(
    path: ScreenPathBinding<Screen, ScreenAction>,
    @ViewBuilder root: () -> Content,
    @ViewBuilder destination:
      @escaping (ViewStore<ScreenStack<Screen>.Element, ScreenAction>) -> Destination
  )
  where
    Data == ScreenPath<Screen, ScreenAction>,
    Root == ModifiedContent<
      Content, ScreenDestinations<ViewStore<ScreenStack<Screen>.Element, ScreenAction>, Destination>
    >
  {
    self.init(path: Binding(path)) { root().modifier(ScreenDestinations(destination: destination)) }
  }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension NavigationStack {
  /// `NavigationStack(path:root:destination:)` for iOS 16's `PublishedStore`: a screen's store
  /// gives its destination's (`screen.detail`).
  @MainActor
  public init<Screen, ScreenAction, Content: View, Destination: View>(
    path: StoreBinding<[PublishedStore<ScreenStack<Screen>.Element, ScreenAction>]>,
    @ViewBuilder root: () -> Content,
    @ViewBuilder destination:
      @escaping (PublishedStore<ScreenStack<Screen>.Element, ScreenAction>) -> Destination
  )
  where
    Data == [PublishedStore<ScreenStack<Screen>.Element, ScreenAction>],
    Root == ModifiedContent<
      Content, ScreenDestinations<PublishedStore<ScreenStack<Screen>.Element, ScreenAction>, Destination>
    >
  {
    self.init(path: Binding(path)) { root().modifier(ScreenDestinations(destination: destination)) }
  }
}

/// What a screen of a stack shows, from its store (a `ViewStore`, or iOS 16's `PublishedStore`):
/// `NavigationStack(path:root:destination:)`'s destinations.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public struct ScreenDestinations<ScreenStore: Hashable, Destination: View>: ViewModifier {
  let destination: (ScreenStore) -> Destination

  public func body(content: Content) -> some View {
    content.navigationDestination(for: ScreenStore.self, destination: destination)
  }
}

extension View {
  /// Shows the alert the state holds (a spec's `alerts:`; one the spec marks `dialog: true` as a
  /// confirmation dialog), from the view store's `alertBinding`: a button dispatches its action,
  /// and a dismissal without one (a tap outside a dialog) dispatches `.alert(.dismiss)`.
  @MainActor
  public func alert<Shown: AlertPresentable>(_ binding: AlertBinding<Shown>) -> some View {
    let shown = binding.alert.wrappedValue
    func isPresented(dialog: Bool) -> Binding<Bool> {
      Binding(
        get: { @MainActor in
          binding.alert.wrappedValue.map { $0.isDialog == dialog } ?? false
        },
        set: { @MainActor in if !$0 { binding.alert.wrappedValue = nil } })
    }
    return
      self
      .alert(
        shown?.title ?? "", isPresented: isPresented(dialog: false), presenting: shown,
        actions: { AlertButtons(alert: $0, send: binding.send) },
        message: { AlertMessage(alert: $0) }
      )
      .confirmationDialog(
        shown?.title ?? "", isPresented: isPresented(dialog: true), titleVisibility: .visible,
        presenting: shown, actions: { AlertButtons(alert: $0, send: binding.send) },
        message: { AlertMessage(alert: $0) })
  }
}

/// An alert's buttons, each dispatching its action.
struct AlertButtons<Shown: AlertPresentable>: View {
  let alert: Shown
  let send: @MainActor @Sendable (Shown.ButtonAction) -> Void

  var body: some View {
    ForEach(alert.buttons.indices, id: \.self) { index in
      let button = alert.buttons[index]
      Button(button.label, role: button.role.map(ButtonRole.init)) { send(button.action) }
    }
  }
}

/// An alert's message, if it has one.
struct AlertMessage<Shown: AlertPresentable>: View {
  let alert: Shown

  var body: some View {
    if let message = alert.message { Text(message) }
  }
}

extension ButtonRole {
  /// SwiftUI's role of a spec's button.
  init<Action>(_ role: AlertButton<Action>.Role) {
    switch role {
    case .cancel: self = .cancel
    case .destructive: self = .destructive
    }
  }
}
