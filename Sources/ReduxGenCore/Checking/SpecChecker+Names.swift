extension SpecChecker {
  // MARK: Names

  mutating func identifier(_ node: YAMLNode, what: Subject) -> String? {
    guard let name = text(node, what: what) else { return nil }
    if let reason = identifierProblem(name) {
      error(.invalidIdentifier(name, what: what, reason: reason), node)
      return nil
    }
    // A name of no more bytes than the limit has no more characters: most are never counted.
    if name.utf8.count > GeneratedNames.maximumNameLength, name.count > GeneratedNames.maximumNameLength {
      // Longer names make lines swift-format can't break within its 100 columns.
      error(.nameTooLong(name, what: what, limit: GeneratedNames.maximumNameLength), node)
      return nil
    }
    if let reason = GeneratedNames.reservedMemberReason(name) {
      // Reported, and kept, so uses of the name report nothing more.
      error(.reservedName(name, what: what, reason: .generated(reason)), node)
    }
    return name
  }

  /// A type name the spec declares: no clash with generated or imported types. (Its length is
  /// checked with every name, in `identifier`.)
  /// `featureTypes`: the feature's generated type names, when a caller asking of many names has
  /// them already.
  /// `generatedFor`: the feature whose generated names count, when not yet in the table.
  mutating func checkTypeName(
    _ name: String, what: Subject, _ node: YAMLNode, middleware: [String] = [], featureTypes: Set<String>? = nil,
    generatedFor: String? = nil
  ) -> Bool {
    let generated = GeneratedNames(feature: generatedFor ?? feature)
    guard let reason = generated.typeClash(name, middleware: middleware, featureTypes: featureTypes)
    else { return true }
    error(.reservedName(name, what: what, reason: .generated(reason)), node)
    return false
  }

  /// A name that must start with an upper-case letter, as Swift types do.
  mutating func typeName(_ node: YAMLNode, what: Subject) -> String? {
    guard let name = identifier(node, what: what) else { return nil }
    guard name.first?.isUppercase == true else {
      error(.invalidIdentifier(name, what: what, reason: .lowercaseType), node)
      return nil
    }
    return name
  }

  mutating func declaredNames(_ pairs: [YAMLNode.Pair], what: Subject.Kind) -> [String] {
    var names: [String] = []
    let featureTypes = Set(GeneratedNames(feature: feature).featureTypes)
    for pair in pairs {
      guard let name = typeName(pair.key, what: .a(what)) else { continue }
      // A key repeated in the mapping is reported by the loader as a duplicate key.
      if SpecType.Scalar(rawValue: name) != nil || name == "RequestStatus" {
        error(.duplicateName(name, what: .kind(.type)), pair.key)
      } else {
        _ = checkTypeName(name, what: .kind(what), pair.key, featureTypes: featureTypes)
      }
      names.append(name)
    }
    return names
  }

  mutating func accessLevel(_ node: YAMLNode) -> Spec.Access? {
    guard let word = text(node, what: .key("access")) else { return nil }
    if let access = Spec.Access(rawValue: word) { return access }
    let options = Spec.Access.allCases.map(\.rawValue)
    error(.invalidValue(word, type: "access (\(options.joined(separator: ", ")))"), node)
    return nil
  }

  /// `conformances: [Codable, Hashable]`, of the feature or of a model.
  mutating func conformanceList(_ node: YAMLNode) -> Set<Conformance> {
    let items: [YAMLNode] = node.scalar != nil ? [node] : sequence(node, what: .key("conformances")) ?? []
    var result: Set<Conformance> = []
    for item in items {
      guard let word = text(item, what: .key("conformances")) else { continue }
      guard let conformance = Conformance(rawValue: word) else {
        error(.unknownConformance(word), item)
        continue
      }
      if !result.insert(conformance).inserted { error(.repeatedConformance(word), item) }
    }
    return result
  }

  /// A model declared elsewhere that this spec's types hold must have the conformances they
  /// need here, whichever way it arrived (`uses:`, a child feature's spec, or a spec either of
  /// those uses): its own spec generates it, so the error names that spec and is reported at the
  /// entry that brought it (`arrivals`: a `uses:` list or a child's entry, with its specs).
  mutating func checkForeignConformances(_ spec: Spec, arrivals: [(specs: [Spec], node: YAMLNode)]) {
    let needed = spec.neededConformances
    // Each declaring spec's, worked out once.
    var owners: [(spec: Spec, needs: NeededConformances, node: YAMLNode)] = []
    for (specs, node) in arrivals {
      for owner in Spec.flattened(specs) where !owners.contains(where: { $0.spec.feature == owner.feature }) {
        owners.append((owner, owner.neededConformances, node))
      }
    }
    for conformance in Conformance.allCases.sorted() {
      for (name, reason) in (needed.reasons[conformance] ?? [:]).sorted(by: { $0.key < $1.key }) {
        guard !spec.models.contains(where: { $0.name == name }),
          let owner = owners.first(where: { $0.spec.models.contains { $0.name == name } }),
          !owner.needs.has(conformance, model: name)
        else { continue }
        error(
          .usedModelLacksConformance(name, conformance.rawValue, spec: owner.spec.path, why: reason.explanation),
          owner.node)
      }
    }
  }

  mutating func importList(_ node: YAMLNode) -> [String] {
    let items: [YAMLNode] = node.scalar != nil ? [node] : sequence(node, what: .key("imports")) ?? []
    return items.compactMap { identifier($0, what: .a(.module)) }
  }
}
