extension SpecChecker {
  // MARK: Node shapes

  mutating func mapping(_ node: YAMLNode, what: Subject) -> [YAMLNode.Pair]? {
    if case .mapping(let pairs) = node.kind { return pairs }
    if node.isNull { return [] }
    // `reduce:` at the indentation of the action names reads as an action named `reduce`.
    if case .named(let kind, let name) = what, Self.keys(of: kind).contains(name) {
      error(.keyAtNameIndentation(.mapping(for: what), found: node.kindDescription, key: name, of: kind), node)
      return nil
    }
    error(.expected(.mapping(for: what), found: node.kindDescription), node)
    return nil
  }

  /// The keys a mapping of `kind` has (`reduce` for an action); none for kinds without a mapping.
  static func keys(of kind: Subject.Kind) -> [String] {
    switch kind {
    case .action: SpecKeys.action
    case .model: SpecKeys.model
    case .filter: SpecKeys.filter
    default: []
    }
  }

  mutating func sequence(_ node: YAMLNode, what: Subject) -> [YAMLNode]? {
    if case .sequence(let items) = node.kind { return items }
    error(.expected(.list(for: what), found: node.kindDescription), node)
    return nil
  }

  mutating func text(_ node: YAMLNode, what: Subject) -> String? {
    if let text = node.scalar { return text }
    error(.expected(.text(for: what), found: node.kindDescription), node)
    return nil
  }

  /// `true` or `false`.
  mutating func flag(_ node: YAMLNode, what: Subject) -> Bool? {
    switch node.scalar {
    case "true": return true
    case "false": return false
    default:
      error(.expected(.flag(for: what), found: node.scalar.map { "'\($0)'" } ?? node.kindDescription), node)
      return nil
    }
  }

  /// The keys of a mapping by name; unknown keys are reported with a suggestion.
  mutating func checkKeys(
    _ pairs: [YAMLNode.Pair], allowed: [String], context: Subject
  ) -> CheckedKeys {
    var result = CheckedKeys()
    for pair in pairs {
      guard let key = text(pair.key, what: .a(.key)) else { continue }
      if allowed.contains(key) {
        if result[key] == nil { result.add(key, pair.value) }
      } else {
        let suggestion = closestMatch(to: key, in: allowed)
        if let suggestion { suggestedKeys.insert(SuggestedKey(context: context, key: suggestion)) }
        error(.unknownKey(key, context: context, suggestion: suggestion), pair.key)
      }
    }
    return result
  }
}
