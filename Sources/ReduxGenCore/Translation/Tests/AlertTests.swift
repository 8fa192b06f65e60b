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
      let shown = Self.shownAlert(spec, alert.name, types: types)
      let buttonType = types.runtime.generic("AlertButton", [.named(spec.alertActionTypeName)])
      let buttons = Expression.array(alert.buttons.map(types.alertButton))
      // Text that interpolates the alert's values says them as Swift writes them; where this
      // can't work one out, the text isn't checked.
      let arguments = Self.alertValues(spec, alert.name)
      let title = Self.expectedText(alert.title, alert.titleParts, spec: spec, values: arguments)
      let message = alert.message.map { Self.expectedText($0, alert.messageParts, spec: spec, values: arguments) }
      tests.append(
        test(
          "alert \(alert.name) says what the spec says", names.make("\(alert.name)SaysWhatTheSpecSays"),
          (title.map { [expect(shown.dot("title"), .equal, .text($0))] } ?? [])
            + (message == nil ? [expect(shown.dot("message"), .equal, .literal(.nilLiteral))]
              : (message ?? nil).map { [expect(shown.dot("message"), .equal, .text($0))] } ?? [])
            + [
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

extension TestTranslator {
  /// The alert `name` of `spec` as a test shows it: its case, with sample values where it
  /// carries some (`TalliesAlert.failed(reason: "text 1")`).
  static func shownAlert(_ spec: Spec, _ name: String, types: TypeTranslator) -> Expression {
    let shown = Expression.name(spec.alertTypeName).dot(name)
    let fields = spec.alerts.first { $0.name == name }?.values ?? []
    guard !fields.isEmpty else { return shown }
    let values = alertValues(spec, name)
    return shown.call(fields.map { field in Argument(field.name, types.expression(values[field.name] ?? .null, type: field.type)) })
  }

  /// The sample values a test shows alert `name` of `spec` with, by name.
  static func alertValues(_ spec: Spec, _ name: String) -> [String: Value] {
    let fields = spec.alerts.first { $0.name == name }?.values ?? []
    return Dictionary(fields.map { ($0.name, plainSample($0.type, in: spec)) }, uniquingKeysWith: { a, _ in a })
  }

  /// A value of a type an alert or a case carries (`SpecChecker.isCaseValueType`).
  static func plainSample(_ type: SpecType, in spec: Spec, depth: Int = 0) -> Value {
    switch type {
    case .scalar(let scalar):
      switch scalar {
      case .string: return .string("text 1")
      case .int, .int64: return .int(2)
      case .double, .float, .decimal: return .double(1.5)
      case .bool: return .bool(true)
      case .uuid: return .uuid(smallUUID(1))
      case .date: return .date(86_400)
      case .url: return .url("https://example.com/1")
      case .data: return .data("data 1")
      }
    case .enumeration:
      guard let first = spec.cases(of: type)?.first, depth < 8 else { return .null }
      return spec.caseValue(first, of: type) { plainSample($0, in: spec, depth: depth + 1) }
    case .optional(let wrapped): return plainSample(wrapped, in: spec, depth: depth + 1)
    case .array(let element): return .array([plainSample(element, in: spec, depth: depth + 1)])
    case .dictionary(let key, let value):
      return .dictionary([(plainSample(key, in: spec, depth: depth + 1), plainSample(value, in: spec, depth: depth + 1))])
    default: return .null
    }
  }

  /// The text an alert's title or message says for these values, as Swift's interpolation
  /// writes them; nil where a value can't be worked out here.
  static func expectedText(_ text: String, _ parts: [AlertDeclaration.TextPart]?, spec: Spec, values: [String: Value])
    -> String?
  {
    guard let parts else { return text }
    let search = PredicateSearch(spec: spec, model: Model(name: "", doc: nil, fields: []))
    var result = ""
    for part in parts {
      switch part {
      case .text(let literal): result += literal
      case .value(let predicate, _):
        switch search.value(of: predicate, state: [:], arguments: values) {
        case .string(let text)?: result += text
        case .int(let number)?: result += String(number)
        case .double(let number)?: result += String(describing: number)
        case .bool(let flag)?: result += flag ? "true" : "false"
        case .enumCase(let name)?: result += name
        default: return nil
        }
      }
    }
    return result
  }
}
