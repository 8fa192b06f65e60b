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
  func withNavigationActions(
    _ actions: YAMLNode, children: [(list: ChildFeature, node: YAMLNode)], stacks: [(stack: StackFeature, node: YAMLNode)]
  ) -> (actions: YAMLNode, declared: [DeclaredNavigationAction]) {
    guard case .mapping(var pairs) = actions.kind else { return (actions, []) }
    var declared: [DeclaredNavigationAction] = []
    let wanted =
      children.filter { !$0.list.isList }.map { (GeneratedNames.dismissal($0.list.field), $0.list.field, false, $0.node) }
      + stacks.map { (GeneratedNames.popped($0.stack.field), $0.stack.field, true, $0.node) }
    for (name, field, isPop, node) in wanted {
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
      }
    }
  }
}
