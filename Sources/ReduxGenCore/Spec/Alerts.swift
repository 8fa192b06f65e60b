// Alerts and confirmation dialogs as state: declared in the spec with their text and buttons,
// shown by setting the state's `alert` field, answered by a button.

/// One alert (or confirmation dialog) of `alerts:`: its text, and its buttons, each maybe an
/// action of the feature. The state's `alert` field holds the one shown (`<Feature>Alert?`);
/// `set alert = confirmReset` shows it, `reset alert` dismisses it. A button tapped sends
/// `.alert(.resetAll)`: while an alert is shown, it is dismissed and the button's action reduced;
/// while none is, it is dropped (with a warning in debug builds), as a dismissed child's action.
package struct AlertDeclaration: Sendable, Equatable {
  package enum Role: String, Sendable, Equatable, CaseIterable {
    case cancel
    case destructive
  }

  package struct Button: Sendable, Equatable {
    package var label: String
    package var role: Role?
    /// The feature's action the button sends (no payload); nil: it only dismisses.
    package var action: String?
  }

  /// A piece of a title or a message: text, or a value of the alert's interpolated (`\(reason)`).
  package enum TextPart: Sendable, Equatable {
    case text(String)
    /// An expression over the alert's values, of the type given.
    case value(Predicate, SpecType)
  }

  /// Its case of `<Feature>Alert`.
  package var name: String
  package var title: String
  package var message: String?
  /// The values it carries (`values: { reason: String }`), set as it is shown
  /// (`set alert = loginFailed(reason: message)`) and read by its text.
  package var values: [Field] = []
  /// The title and the message in pieces, where they interpolate the alert's values; nil where
  /// they are text alone.
  package var titleParts: [TextPart]?
  package var messageParts: [TextPart]?
  /// A confirmation dialog (`dialog: true`) rather than an alert.
  package var isDialog = false
  package var buttons: [Button]
}

/// A near miss of the alerts' route, for the mutation harness.
package enum AlertMutant: Sendable, Equatable {
  /// A button's action is not reduced (the alert is still dismissed).
  case actionDropped
  /// A button leaves the alert shown.
  case staysShown
}

extension Spec {
  /// The state field holding the alert shown, and the name of the action case its buttons send.
  package static let alertField = "alert"
  /// The case of `<Feature>AlertAction` for a button without an action: it only dismisses.
  package static let alertDismiss = "dismiss"

  /// `<Feature>Alert`: one case per alert.
  package var alertTypeName: String { names.alert }
  /// `<Feature>AlertAction`: what a button sends, one case per action of a button, then `dismiss`.
  package var alertActionTypeName: String { names.alertAction }

  /// The actions the alerts' buttons send, each once, in order.
  package var alertActions: [String] { Self.buttonActions(of: alerts) }

  /// Whether the parent holding `child` at `field` (at its destination `destination`, in a stack)
  /// reads an action of the child that a button of the child's alerts sends: one it reduces
  /// (`from:`) or, `dismissOn`, that dismisses the child. Its route then hears `.alert(.save)`,
  /// answered while an alert is shown, as `.save` (`<Child>Action.heard(showing:)`).
  package func hearsButtons(of child: Spec, field: String, destination: String? = nil, dismissOn: [String] = []) -> Bool {
    let buttons = Set(child.alertActions)
    guard !buttons.isEmpty else { return false }
    let handled = (destination.map { handlers(of: field, destination: $0) } ?? handlers(of: field)).map(\.childAction)
    return !buttons.isDisjoint(with: handled + dismissOn)
  }

  /// The actions of the child at `field` that the parent reduces writing the list or stack there
  /// (`from:`), and whether a button of the child's sends one (`.alert` then may too).
  package func writingHandlersHearButtons(_ writing: [String], child: Spec) -> Bool {
    !Set(child.alertActions).isDisjoint(with: writing)
  }

  /// The actions `alerts`' buttons send, each once, in order.
  static func buttonActions(of alerts: [AlertDeclaration]) -> [String] {
    var seen: Set<String> = []
    return alerts.flatMap(\.buttons).compactMap(\.action).filter { seen.insert($0).inserted }
  }

  /// The enums `alerts` of `feature` make: the alerts, and what their buttons send.
  package static func alertEnums(feature: String, alerts: [AlertDeclaration]) -> [EnumType] {
    guard !alerts.isEmpty else { return [] }
    let names = GeneratedNames(feature: feature)
    return [
      EnumType(
        name: names.alert, doc: "The alerts and confirmation dialogs of the \(feature) feature.", cases: alerts.map(\.name),
        caseValues: Dictionary(alerts.filter { !$0.values.isEmpty }.map { ($0.name, $0.values) }, uniquingKeysWith: { a, _ in a })),
      EnumType(
        name: names.alertAction, doc: "What a button of an alert of the \(feature) feature sends: its action, or `dismiss`.",
        cases: buttonActions(of: alerts) + [alertDismiss]),
    ]
  }

  /// The state field holding the alert shown, of `feature`.
  package static func alertStateField(feature: String) -> Field {
    Field(
      name: alertField, type: .optional(.enumeration(GeneratedNames(feature: feature).alert)), defaultValue: .null,
      doc: "The alert or confirmation dialog shown; nil when none is.")
  }
}
