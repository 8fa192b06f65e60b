/// `alerts:`: alerts and confirmation dialogs, each with its title, message and buttons. Read in
/// two passes: the alerts and their text first (their enums are types the state and examples
/// name), each button's action once the actions are known (`checkAlertButtons`).
extension SpecChecker {
  /// An alert as written: the node of each button's action (nil without one), and of its title
  /// and message, whose interpolations are read once the types are known.
  typealias ReadAlert = (alert: AlertDeclaration, actionNodes: [YAMLNode?], textNodes: [YAMLNode?])

  /// The alerts as written, each with the node of each button's action (nil without one).
  mutating func readAlerts(_ node: YAMLNode) -> [ReadAlert] {
    guard let pairs = mapping(node, what: .key("alerts")) else { return [] }
    var alerts: [ReadAlert] = []
    for pair in pairs {
      guard let name = identifier(pair.key, what: .a(.alert)) else { continue }
      if alerts.contains(where: { $0.alert.name == name }) {
        error(.duplicateName(name, what: .kind(.alert)), pair.key)
        continue
      }
      guard let entry = mapping(pair.value, what: .named(.alert, name)) else { continue }
      let keys = checkKeys(entry, allowed: SpecKeys.alert, context: .named(.alert, name))
      guard let titleNode = keys["title"] else {
        missing("title", in: .named(.alert, name), pair.key)
        continue
      }
      guard let title = text(titleNode, what: .key("title")) else { continue }
      var alert = AlertDeclaration(name: name, title: title, buttons: [])
      alert.message = keys["message"].flatMap { text($0, what: .key("message")) }
      if let valuesNode = keys["values"] {
        let enumName = GeneratedNames(feature: feature).alert
        alert.values = caseValueFields(valuesNode, enumName: enumName, caseName: name, isAlert: true)
        // Its values are read by a property named as the alert, beside what every alert says,
        // and kept in a struct named as it.
        let typeName = EnumType.valuesTypeName(name)
        let clash: String? =
          if ["title", "message", "isDialog", "buttons"].contains(name) {
            "is read by a property '\(name)' that every alert already has for what it says"
          } else if name.first?.isUppercase == true || ["Type", "Protocol", "Self", "CodingKeys", "Any"].contains(typeName) {
            "can't be a member's name here"
          } else {
            nil
          }
        if !alert.values.isEmpty, let clash {
          // The values are kept: what reads them isn't refused again.
          error(.caseValuesClash(name, enumName: enumName, type: typeName, clash: clash), pair.key)
        }
      }
      alert.isDialog = keys["dialog"].flatMap { flag($0, what: .key("dialog")) } ?? false
      var actionNodes: [YAMLNode?] = []
      for item in keys["buttons"].flatMap({ sequence($0, what: .key("buttons")) }) ?? [] {
        guard let buttonPairs = mapping(item, what: .a(.button)) else { continue }
        let buttonKeys = checkKeys(buttonPairs, allowed: SpecKeys.alertButton, context: .a(.button))
        guard let labelNode = buttonKeys["label"] else {
          missing("label", in: .a(.button), item)
          continue
        }
        guard let label = text(labelNode, what: .key("label")) else { continue }
        var button = AlertDeclaration.Button(label: label)
        if let roleNode = buttonKeys["role"], let role = text(roleNode, what: .key("role")) {
          guard let known = AlertDeclaration.Role(rawValue: role) else {
            error(.unknownAlertRole(role), roleNode)
            continue
          }
          button.role = known
        }
        if let actionNode = buttonKeys["action"] {
          guard let action = identifier(actionNode, what: .a(.action)) else { continue }
          button.action = action
        }
        alert.buttons.append(button)
        actionNodes.append(buttonKeys["action"])
      }
      alerts.append((alert, actionNodes, [titleNode, keys["message"]]))
    }
    return alerts
  }

  /// A title or a message in pieces where it interpolates the alert's values (`\(reason)`, any
  /// expression over them of text, a number, a `Bool` or an enum of names); nil where it is text
  /// alone or a problem was reported.
  mutating func interpolated(_ text: String, node: YAMLNode, alert: AlertDeclaration) -> [AlertDeclaration.TextPart]? {
    guard text.contains("\\(") else { return nil }
    var parts: [AlertDeclaration.TextPart] = []
    var literal = ""
    var failed = false
    var index = text.startIndex
    let values = Model(name: alert.name, doc: nil, fields: alert.values)
    while index < text.endIndex {
      guard text[index...].hasPrefix("\\(") else {
        literal.append(text[index])
        index = text.index(after: index)
        continue
      }
      // The expression ends at the `)` closing its `(`, outside quoted text.
      let start = text.index(index, offsetBy: 2)
      var depth = 1
      var end = start
      var quoted = false
      while end < text.endIndex {
        let character = text[end]
        if character == "\"" { quoted.toggle() }
        if !quoted, character == "(" { depth += 1 }
        if !quoted, character == ")" {
          depth -= 1
          if depth == 0 { break }
        }
        end = text.index(after: end)
      }
      let offset = text.distance(from: text.startIndex, to: start)
      guard end < text.endIndex else {
        error(.expectedToken(.closingParenthesis, found: "the end of the text"), at: node.textLocation.advanced(by: offset))
        return nil
      }
      let source = String(text[start..<end])
      index = text.index(after: end)
      // Each interpolation's problem is reported; the text is kept only when none has one.
      switch ExpressionLexer.tokens(source) {
      case .failure(let token):
        error(.unexpectedText(token.text), at: node.textLocation.advanced(by: offset + token.offset))
        failed = true
      case .success(let tokens):
        var parser = PredicateParser(
          tokens: TokenStream(tokens), element: values, models: expressionModels, enumCases: enumCaseNames,
          rootContext: .named(.alert, alert.name))
        guard let (predicate, type) = parser.parse() else {
          if let (problem, problemOffset) = parser.failure {
            error(problem, at: node.textLocation.advanced(by: offset + problemOffset))
          }
          failed = true
          continue
        }
        guard Self.isShownAsText(type, enums: enums) else {
          error(.notShownAsText(source, type: type.swiftName), at: node.textLocation.advanced(by: offset))
          failed = true
          continue
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        parts.append(.value(predicate, type))
      }
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    return failed ? nil : parts
  }

  /// Whether a value of `type` reads well in text: text, a number, a `Bool`, an enum whose cases
  /// are names alone (Swift writes its case's name); not an optional (`Optional(...)`).
  static func isShownAsText(_ type: SpecType, enums: [EnumType]) -> Bool {
    switch type {
    case .scalar(let scalar): [.string, .int, .int64, .double, .bool].contains(scalar)
    case .enumeration(let name): enums.first { $0.name == name }?.carriesValues != true
    default: false
    }
  }

  /// Each button's action: one of the feature's, without a payload, starting no work (it is
  /// reduced inside the reducer as the alert is answered). A refused one is left out.
  mutating func checkAlertButtons(_ read: [ReadAlert]) -> [AlertDeclaration] {
    let names = actions.map(\.name)
    return read.map { alert, nodes, textNodes in
      var checked = alert
      if let titleNode = textNodes.first ?? nil {
        checked.titleParts = interpolated(alert.title, node: titleNode, alert: alert)
      }
      if let message = alert.message, let messageNode = textNodes.dropFirst().first ?? nil {
        checked.messageParts = interpolated(message, node: messageNode, alert: alert)
      }
      for (index, node) in zip(alert.buttons.indices, nodes) {
        guard let name = alert.buttons[index].action, let node else { continue }
        guard name != Spec.alertDismiss else {
          error(.alertDismissTaken, node)
          checked.buttons[index].action = nil
          continue
        }
        guard let action = self.action(named: name) else {
          error(.unknownAction(name, suggestion: closestMatch(to: name, in: names)), node)
          checked.buttons[index].action = nil
          continue
        }
        if !action.payload.isEmpty {
          error(.alertButtonPayload(name), node)
          checked.buttons[index].action = nil
        } else if let key = Self.workKey(of: action, followUps: action.followUps.contains { $0.delay != nil }) {
          // Its follow-ups may: the generated middleware reads the alert as the button arrives.
          error(.alertButtonStartsWork(name, key: key), node)
          checked.buttons[index].action = nil
        }
      }
      return checked
    }
  }

  /// A middleware's `on` may not name an action reduced inside the reducer: an alert's button's
  /// or one reducing a child's (`from:`); reported at the middleware's name.
  mutating func checkUnseenByMiddleware(_ middleware: [Middleware], alerts: [AlertDeclaration], node: YAMLNode?) {
    guard let node, case .mapping(let pairs) = node.kind else { return }
    let buttons = Set(alerts.flatMap(\.buttons).compactMap(\.action))
    for entry in middleware {
      guard let key = pairs.first(where: { $0.key.scalar == entry.name })?.key else { continue }
      for name in entry.on {
        if buttons.contains(name) {
          error(.unseenByMiddleware(entry.name, action: name, reducedBy: "an alert's button"), key)
        } else if let from = action(named: name)?.from {
          error(.unseenByMiddleware(entry.name, action: name, reducedBy: "'\(from.source)' (its 'from')"), key)
        }
      }
    }
  }

  /// The key of the first work `action` starts that no middleware would see when it is reduced
  /// inside the reducer (a child's action it reduces, an alert's button): nil when none.
  static func workKey(of action: Action, followUps: Bool? = nil) -> String? {
    let work: [(String, Bool)] = [
      ("async", action.async != nil), ("then", followUps ?? !action.followUps.isEmpty), ("cancels", !action.cancels.isEmpty || !action.cancelsFollowUps.isEmpty),
      ("invalidates", !action.invalidates.isEmpty), ("reduce: custom", action.reduce.contains(where: \.isCustom)),
    ]
    return work.first(where: \.1)?.0
  }
}
