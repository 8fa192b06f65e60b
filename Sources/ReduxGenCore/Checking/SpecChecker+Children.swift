/// `children: { tallies: { each: tally.yaml } }`: state fields that hold other features. Each
/// child spec is checked (its problems reported against its own file), must be `access:
/// public` (its state and action live in its own module) and must have an `id` in its state
/// (the element an action is routed to is found by it).
extension SpecChecker {
  /// Each child list with the node of its field's name, where its problems are shown.
  mutating func checkChildren(_ node: YAMLNode) -> [(list: ChildList, node: YAMLNode)] {
    guard let pairs = mapping(node, what: .key("children")) else { return [] }
    var lists: [(list: ChildList, node: YAMLNode)] = []
    for pair in pairs {
      guard let field = identifier(pair.key, what: .kind(.stateField)) else { continue }
      if lists.contains(where: { $0.list.field == field }) {
        error(.duplicateName(field, what: .kind(.stateField)), pair.key)
        continue
      }
      guard let entry = mapping(pair.value, what: .named(.stateField, field)) else { continue }
      let keys = checkKeys(entry, allowed: SpecKeys.child, context: .named(.stateField, field))
      guard let eachNode = keys["each"] else {
        missing("each", in: .named(.stateField, field), pair.key)
        continue
      }
      guard let relative = text(eachNode, what: .usedSpecPath) else { continue }
      // Each entry reads its own spec: two lists of one child feature are two fields.
      var read: Set<String> = []
      guard let spec = loadSpec(relative, at: eachNode, read: &read, as: .child) else { continue }
      if spec.access != .public {
        error(.childSpecNotPublic(spec.feature), eachNode)
        continue
      }
      guard let id = spec.stateField(named: "id") else {
        error(.childWithoutID(spec.feature), eachNode)
        continue
      }
      guard Self.childIDTypes.contains(id.type) else {
        error(.childIDType(spec.feature, type: id.type.swiftName), eachNode)
        continue
      }
      lists.append((ChildList(field: field, spec: spec), pair.key))
    }
    return lists
  }

  /// A child's state and action are `Codable` only when the child's spec makes them so
  /// (`conformances: [Codable]`), and never `Hashable`: what the parent needs of them (a
  /// `Codable` feature, a persisted list) the child must give.
  mutating func checkChildConformances(_ spec: Spec, childrenNode: YAMLNode?) {
    guard let childrenNode, !spec.children.isEmpty else { return }
    let needed = spec.neededConformances
    for list in spec.children {
      let childCodable = list.spec.neededConformances.codableStateAndAction
      let name = list.spec.stateTypeName
      if !childCodable, let reason = needed.reasons[.codable]?[name] {
        error(.childLacksConformance(list.spec.feature, "Codable", why: reason.explanation), childrenNode)
      } else if !childCodable, needed.codableStateAndAction {
        error(.childLacksConformance(list.spec.feature, "Codable", why: NeededConformances.Reason.heldByStateOrAction.explanation), childrenNode)
      }
      if let reason = needed.reasons[.hashable]?[name] {
        error(.childLacksConformance(list.spec.feature, "Hashable", why: reason.explanation), childrenNode)
      }
    }
  }

  /// The types a child state's `id` may have: what an example and a test can write as a literal.
  static let childIDTypes: Set<SpecType> = [.scalar(.int), .scalar(.string), .scalar(.uuid)]

  /// The child lists' fields joined to the state; a name the state already has is reported at
  /// the child list's name.
  mutating func childFields(_ lists: [(list: ChildList, node: YAMLNode)], state: [Field]) -> [Field] {
    var fields: [Field] = []
    for (list, node) in lists {
      if state.contains(where: { $0.name == list.field }) {
        error(.duplicateName(list.field, what: .kind(.stateField)), node)
        continue
      }
      fields.append(list.stateField)
    }
    return fields
  }
}
