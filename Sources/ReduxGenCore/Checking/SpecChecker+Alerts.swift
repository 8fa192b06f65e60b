/// `alerts:`: alerts and confirmation dialogs, each with its title, message and buttons. Read in
/// two passes: the alerts and their text first (their enums are types the state and examples
/// name), each button's action once the actions are known (`checkAlertButtons`).
extension SpecChecker {
  /// The alerts as written, each with the node of each button's action (nil without one).
  mutating func readAlerts(_ node: YAMLNode) -> [(alert: AlertDeclaration, actionNodes: [YAMLNode?])] {
    guard let pairs = mapping(node, what: .key("alerts")) else { return [] }
    var alerts: [(alert: AlertDeclaration, actionNodes: [YAMLNode?])] = []
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
      alerts.append((alert, actionNodes))
    }
    return alerts
  }

  /// Each button's action: one of the feature's, without a payload, starting no work (it is
  /// reduced inside the reducer as the alert is answered). A refused one is left out.
  mutating func checkAlertButtons(_ read: [(alert: AlertDeclaration, actionNodes: [YAMLNode?])]) -> [AlertDeclaration] {
    let names = actions.map(\.name)
    return read.map { alert, nodes in
      var checked = alert
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
          error(.unseenByMiddleware(entry.name, action: name, reducedBy: "'\(from.field).\(from.action)' (its 'from')"), key)
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
