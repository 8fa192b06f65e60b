/// The code model of a feature's alerts (`alerts:`): what each says (an extension of
/// `<Feature>Alert`), the action case its buttons send, and the route that answers it.
extension FeatureTranslator {
  /// `extension TalliesAlert { var title: String ... }`: each alert's title, message, kind and
  /// buttons, for the view to show (ReduxRuntime's `AlertButton`).
  func alertText() -> [Declaration] {
    guard !spec.alerts.isEmpty else { return [] }
    /// Each alert's case binds the values its text reads (`parts`), the others left out.
    func property(
      _ name: String, _ type: TypeName, doc: String, parts: (AlertDeclaration) -> [AlertDeclaration.TextPart]? = { _ in nil },
      _ value: (AlertDeclaration) -> Expression
    ) -> Declaration {
      let cases = spec.alerts.map { alert in
        let read = Set((parts(alert) ?? []).flatMap { part -> [String] in
          if case .value(let predicate, _) = part { return PredicateSearch.fields(readBy: predicate) }
          return []
        })
        let bindings: [String?] = read.isEmpty ? [] : alert.values.map { read.contains($0.name) ? $0.name : nil }
        return SwitchCase(patterns: [Pattern(caseName: alert.name, bindings: bindings)], body: [.returnStatement(value(alert))])
      }
      return .variable(
        VariableDeclaration(doc: doc, access: access, name: name, type: type, getter: [.switchStatement(.name("self"), cases)]))
    }
    let buttonType = types.runtime.generic("AlertButton", [.named(spec.alertActionTypeName)])
    let members = [
      property("title", "String", doc: "The title.", parts: \.titleParts) { alertText($0.title, $0.titleParts) },
      property("message", .optional("String"), doc: "The message under the title, if any.", parts: \.messageParts) { alert in
        alert.message.map { alertText($0, alert.messageParts) } ?? .literal(.nilLiteral)
      },
      property("isDialog", "Bool", doc: "Whether it is a confirmation dialog rather than an alert.") { .literal(.bool($0.isDialog)) },
      property("buttons", .array(buttonType), doc: "Its buttons, in order: each sends its action (`dismiss`: none).") {
        .array($0.buttons.map(types.alertButton))
      },
    ]
    return [
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(spec.alertTypeName), conformances: [types.runtime.type("AlertPresentable")], members: members))
    ]
  }

  /// An alert's title or message: text, or where it interpolates the alert's values, string
  /// literals interpolating them (`"Couldn't log in: \(reason)"`), several joined by `+` where
  /// it is long, as `Expression.text` cuts text.
  func alertText(_ text: String, _ parts: [AlertDeclaration.TextPart]?) -> Expression {
    guard let parts else { return .text(text) }
    let translator = PredicateTranslator(types: types, element: .name("self"), root: { .name($0) })
    var pieces: [[InterpolationPart]] = [[]]
    var width = 0
    for part in parts {
      switch part {
      case .text(let literal):
        for (index, word) in literal.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
          let piece = (index == 0 ? "" : " ") + word
          if width + piece.count > 60, !(pieces[pieces.count - 1].isEmpty) {
            pieces.append([])
            width = 0
          }
          pieces[pieces.count - 1].append(.text(piece))
          width += piece.count
        }
      case .value(let predicate, _):
        pieces[pieces.count - 1].append(.value(translator.expression(predicate)))
        width += 8
      }
    }
    // Neighbouring text pieces joined: one literal each, between values.
    let literals: [Expression] = pieces.filter { !$0.isEmpty }.map { piece in
      var merged: [InterpolationPart] = []
      for part in piece {
        if case .text(let next) = part, case .text(let previous)? = merged.last {
          merged[merged.count - 1] = .text(previous + next)
        } else {
          merged.append(part)
        }
      }
      if merged.count == 1, case .text(let only) = merged[0] { return .literal(.string(only)) }
      return .interpolation(merged)
    }
    return literals.dropFirst().reduce(literals[0]) { .binary($0, .plus, $1) }
  }

  /// `case alert(TalliesAlertAction)`: what a button of the alert shown sends.
  func alertCase() -> [Declaration] {
    guard !spec.alerts.isEmpty else { return [] }
    return [
      .enumCase(
        EnumCaseDeclaration(
          doc: "A button of the alert shown: it dismisses the alert, then its action is reduced; dropped when none is shown.",
          name: Spec.alertField, associatedValues: [.init(label: "_", type: .named(spec.alertActionTypeName))]))
    ]
  }

  /// `case .alert(let action)`: while an alert is shown, it is dismissed and the button's action
  /// reduced; while none is, a warning (in debug builds) and nothing else.
  func alertRoute() -> [SwitchCase] {
    guard !spec.alerts.isEmpty else { return [] }
    let field = Expression.name("state").dot(Spec.alertField)
    var shown: [Statement] = []
    if spec.alertMutant != .staysShown { shown.append(.assignment(field, .literal(.nilLiteral))) }
    let actions = spec.alertActions
    if !actions.isEmpty, spec.alertMutant != .actionDropped {
      let cases =
        actions.map { name in
          SwitchCase(
            patterns: [Pattern(caseName: name, bindings: [])],
            body: [.expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(.name("state"))), Argument(nil, .dot(name))]))])
        } + [SwitchCase(patterns: [Pattern(caseName: Spec.alertDismiss, bindings: [])], body: [.breakStatement])]
      shown.append(.switchStatement(.name("action"), cases))
    }
    let dropped = Statement.expression(
      types.runtime.value("PresentationCheck").dot("dropped").call([
        Argument(nil, .name("action")), Argument("feature", .literal(.string(spec.feature))),
        Argument("field", .literal(.string(Spec.alertField))),
      ]))
    return [
      SwitchCase(
        patterns: [Pattern(caseName: Spec.alertField, bindings: ["action"])],
        body: [.ifElse(.binary(field, .notEqual, .literal(.nilLiteral)), shown.isEmpty ? [.breakStatement] : shown, [dropped])])
    ]
  }

  /// `func heard(showing:)`: the action as a parent's `from:` and `dismissOn` read it, a button's
  /// action answered while an alert is shown (`.alert(.save)`) being that action (`.save`). The
  /// alert shown is read only for a button's action. Nothing when no button sends an action.
  func buttonHearing() -> [Declaration] {
    let actions = spec.alertActions
    guard !actions.isEmpty else { return [] }
    let cases =
      actions.map { name in SwitchCase(patterns: [Pattern(caseName: name, bindings: [])], body: [.returnStatement(.dot(name))]) }
      + [SwitchCase(patterns: [], body: [.breakStatement])]
    return [
      .function(
        FunctionDeclaration(
          doc: """
            This action as a parent's `from:` and `dismissOn` read it: a button's action answered while
            an alert is shown (`.alert(.\(actions[0]))`) is that action (`.\(actions[0])`); any other is itself.

            - Parameter alert: The alert the feature shows as the action arrives, read only for a button's action.
            """,
          access: access, kind: .function("heard"),
          parameters: [Parameter(label: "showing", name: "alert", type: .autoclosure(.optional(.named(spec.alertTypeName))))],
          returnType: .named(spec.actionTypeName),
          body: [
            .ifCase(
              Pattern(caseName: Spec.alertField, bindings: ["button"]), .name("self"),
              [.ifElse(.binary(.name("alert").call([]), .notEqual, .literal(.nilLiteral)), [.switchStatement(.name("button"), cases)], nil)]),
            .returnStatement(.name("self")),
          ]))
    ]
  }

  /// The state fields a button can change: the alert's, and those its action changes.
  func changedFieldsByAlert() -> [Int]? {
    guard var indices = spec.stateFieldIndex(named: Spec.alertField).map({ [$0] }) else { return nil }
    for name in spec.alertActions {
      guard let action = spec.action(named: name), let fields = changedFields(by: action) else { return nil }
      indices.append(contentsOf: fields.filter { !indices.contains($0) })
    }
    return indices.sorted()
  }
}
