/// The actions SwiftUI's navigation sends through a view store's bindings: a presented child's
/// binding set to nil (a sheet swiped down) sends `<child>Dismissed`, a stack's path popped (the
/// back button, a swipe, pop to root) sends `<stack>Popped(screen:)`. Each is an action of the
/// spec's: declared by the spec when it does more than dismiss or pop, else made here as the
/// spec would write it (`reduce: reset namer`, `reduce: pop path from screen`), written where
/// the child is declared, so that the reducer, change reports, derived tests, random specs and
/// the mutation harness treat it as any other action.
extension SpecChecker {
  /// A navigation action the spec declares itself: checked once read.
  struct DeclaredNavigationAction {
    var name: String
    var isPop: Bool
    var node: YAMLNode
  }

  /// `actions` with each navigation action the spec doesn't declare added, and the ones it does.
  /// A child field named like another child's navigation action is an error at that field.
  mutating func withNavigationActions(
    _ actions: YAMLNode, children: [(list: ChildFeature, node: YAMLNode)], stacks: [(stack: StackFeature, node: YAMLNode)]
  ) -> (actions: YAMLNode, declared: [DeclaredNavigationAction]) {
    guard case .mapping(var pairs) = actions.kind else { return (actions, []) }
    var declared: [DeclaredNavigationAction] = []
    let wanted =
      children.filter { !$0.list.isList }.map { (GeneratedNames.dismissal($0.list.field), $0.list.field, false, $0.node) }
      + stacks.map { (GeneratedNames.popped($0.stack.field), $0.stack.field, true, $0.node) }
    let fields = Set(children.map(\.list.field) + stacks.map(\.stack.field))
    for (name, field, isPop, node) in wanted {
      if fields.contains(name), let other = (children.map { ($0.list.field, $0.node) } + stacks.map { ($0.stack.field, $0.node) })
        .first(where: { $0.0 == name })
      {
        error(.childNamedLikeNavigationAction(name, madeFor: field), other.1)
        continue
      }
      if let written = pairs.first(where: { $0.key.scalar == name }) {
        declared.append(DeclaredNavigationAction(name: name, isPop: isPop, node: written.key))
        continue
      }
      let at = node.location
      func scalar(_ text: String) -> YAMLNode { YAMLNode(.scalar(text, .plain), at: at) }
      var entry: [YAMLNode.Pair] = []
      if isPop {
        let screen = GeneratedNames.poppedScreen
        entry.append(
          YAMLNode.Pair(
            key: scalar("doc"),
            value: scalar("SwiftUI popped `\(field)` from screen `\(screen)` up (the back button, a swipe): sent by its path binding.")))
        entry.append(
          YAMLNode.Pair(
            key: scalar("payload"), value: YAMLNode(.mapping([YAMLNode.Pair(key: scalar(screen), value: scalar("Int"))]), at: at)))
        entry.append(YAMLNode.Pair(key: scalar("reduce"), value: scalar("pop \(field) from \(screen)")))
      } else {
        entry.append(
          YAMLNode.Pair(
            key: scalar("doc"),
            value: scalar("SwiftUI dismissed `\(field)` (a sheet swiped down): sent by its presentation binding set to nil.")))
        entry.append(YAMLNode.Pair(key: scalar("reduce"), value: scalar("reset \(field)")))
      }
      pairs.append(YAMLNode.Pair(key: scalar(name), value: YAMLNode(.mapping(entry), at: at)))
    }
    return (YAMLNode(.mapping(pairs), at: actions.location), declared)
  }

  /// A navigation action the spec declares takes what its binding gives: nothing for a
  /// dismissal, the lowest popped screen's id (`screen: Int`) for a pop.
  mutating func checkNavigationActions(_ declared: [DeclaredNavigationAction], read: ReadActions) {
    for navigation in declared {
      guard let action = action(named: navigation.name) else { continue }
      let fits =
        navigation.isPop
        ? action.payload.map(\.name) == [GeneratedNames.poppedScreen] && action.payload.first?.type == .scalar(.int)
        : action.payload.isEmpty
      if !fits || read.fromNodes[navigation.name] != nil || action.async != nil {
        error(.navigationActionShape(navigation.name, isPop: navigation.isPop), navigation.node)
        continue
      }
      // SwiftUI has dismissed the view (or popped its screens) already: the state must follow,
      // whatever else the action does.
      let field = String(navigation.name.dropLast(navigation.isPop ? 6 : 9))
      let follows = action.reduce.contains { operation in
        if navigation.isPop {
          if let pop = operation.kind as? PopOperation {
            return pop.target.steps.first == .field(field) && pop.reach == .from && pop.id == GeneratedNames.poppedScreen
          }
          if let clear = operation.kind as? ClearOperation { return clear.target.steps.first == .field(field) }
          return false
        }
        if let reset = operation.kind as? ResetOperation { return reset.target.steps == [.field(field)] }
        return false
      }
      if !follows { error(.navigationActionKeepsView(navigation.name, field: field, isPop: navigation.isPop), navigation.node) }
    }
  }
}

extension SpecChecker {
  /// The members a feature's view store (and notifier) gets from the spec, each from one place:
  /// a `binding: true` field's `<path>Binding`, a presented child's or a stack's `<field>Binding`,
  /// the alerts' `alertBinding`. Two of one name would be declared twice; reported at the child.
  mutating func checkViewStoreMembers(
    children: [(list: ChildFeature, node: YAMLNode)], stacks: [(stack: StackFeature, node: YAMLNode)], hasAlerts: Bool
  ) {
    var taken: [String: String] = [:]
    for action in actions {
      if let path = action.binding { taken[GeneratedNames.bindingMember(path)] = "the binding of '\(path)'" }
    }
    if hasAlerts { taken[GeneratedNames.bindingMember(Spec.alertField)] = "the alerts' binding" }
    let navigated = children.filter { !$0.list.isList }.map { ($0.list.field, $0.node) } + stacks.map { ($0.stack.field, $0.node) }
    // A child named `alert` beside alerts is a field declared twice, reported as that.
    for (field, node) in navigated where !(hasAlerts && field == Spec.alertField) {
      let member = GeneratedNames.bindingMember(field)
      if let other = taken[member] {
        error(.viewStoreMemberTwice(member, field: field, other: other), node)
      } else {
        taken[member] = "the binding of child '\(field)'"
      }
    }
  }
}
