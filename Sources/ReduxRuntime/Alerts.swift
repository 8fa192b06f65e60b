/// A button of an alert or confirmation dialog a spec declares (`alerts:`): its label, its role,
/// and what it sends when tapped (the generated `<Feature>AlertAction`, given to the feature's
/// `.alert(_:)` case: the alert is dismissed, then the button's action reduced).
///
/// A view shows `store.alert?.buttons` as SwiftUI buttons, each dispatching `.alert(button.action)`;
/// setting the presentation to nil sends `.alert(.dismiss)`.
public struct AlertButton<Action: Sendable & Equatable>: Equatable, Sendable {
  /// SwiftUI's `ButtonRole`s an alert's button may have.
  public enum Role: Sendable, Equatable {
    case cancel
    case destructive
  }

  public let label: String
  public let role: Role?
  public let action: Action

  public init(_ label: String, role: Role? = nil, action: Action) {
    self.label = label
    self.role = role
    self.action = action
  }
}

/// An alert or confirmation dialog a spec declares (the generated `<Feature>Alert`): what
/// ReduxSwiftUI's `alert(_:)` shows.
public protocol AlertPresentable: Sendable, Equatable {
  /// What a button sends (the generated `<Feature>AlertAction`).
  associatedtype ButtonAction: Sendable & Equatable
  var title: String { get }
  /// The message under the title, if any.
  var message: String? { get }
  /// Whether it is a confirmation dialog rather than an alert.
  var isDialog: Bool { get }
  /// Its buttons, in order.
  var buttons: [AlertButton<ButtonAction>] { get }
}
