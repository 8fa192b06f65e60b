// The tests of a feature's alerts (`alerts:`): each says what the spec says, each button
// dismisses the alert and reduces its action, and a button while no alert is shown changes
// nothing.
extension TestTranslator {
  func alertTests(names: inout UniqueNames) -> [Declaration] {
    guard !spec.alerts.isEmpty else { return [] }
    let field = state.dot(Spec.alertField)
    let answered = { (action: String) in
      Statement.expression(
        .name(Self.reportingHelperName).call([
          Argument(nil, .inoutArgument(state)), Argument(nil, Expression.dot(Spec.alertField).call([Argument(nil, .dot(action))])),
        ]))
    }
    var tests: [Declaration] = []
    for alert in spec.alerts {
      let shown = Expression.name(spec.alertTypeName).dot(alert.name)
      let buttonType = types.runtime.generic("AlertButton", [.named(spec.alertActionTypeName)])
      let buttons = Expression.array(alert.buttons.map(types.alertButton))
      tests.append(
        test(
          "alert \(alert.name) says what the spec says", names.make("\(alert.name)SaysWhatTheSpecSays"),
          [
            expect(shown.dot("title"), .equal, .text(alert.title)),
            expect(shown.dot("message"), .equal, alert.message.map { .text($0) } ?? .literal(.nilLiteral)),
            expect(shown.dot("isDialog"), .equal, .literal(.bool(alert.isDialog))),
            .declaration(VariableDeclaration(isConstant: true, name: "buttons", type: .array(buttonType), initializer: buttons)),
            expect(shown.dot("buttons"), .equal, .name("buttons")),
          ]))
      // The view's presentation set to nil sends `dismiss`, as a button without an action does.
      let answers = alert.buttons + (alert.buttons.contains { $0.action == nil } ? [] : [AlertDeclaration.Button(label: "")])
      for button in answers {
        let action = button.action ?? Spec.alertDismiss
        var body: [Statement] = [newState(), .assignment(field, shown)]
        body.append(.declaration(VariableDeclaration(name: "expected", initializer: state)))
        body.append(.assignment(.name("expected").dot(Spec.alertField), .literal(.nilLiteral)))
        if let name = button.action {
          body.append(
            .expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(.name("expected"))), Argument(nil, .dot(name))])))
        }
        body += [answered(action), expect(state, .equal, .name("expected"))]
        tests.append(
          test(
            button.label.isEmpty
              ? "alert \(alert.name): dismiss (its presentation set to nil) dismisses it"
              : "alert \(alert.name): \(button.label) dismisses it" + (button.action.map { " and reduces \($0)" } ?? ""),
            names.make("\(alert.name)\(action.uppercasingFirst)Answers"), body))
      }
    }
    let first = spec.alertActions.first ?? Spec.alertDismiss
    tests.append(
      test(
        "a button while no alert is shown changes nothing", names.make("alertButtonWhileNoneIsShownChangesNothing"),
        [newState(), constant("before", state), answered(first), expect(state, .equal, .name("before"))]))
    return tests
  }
}
