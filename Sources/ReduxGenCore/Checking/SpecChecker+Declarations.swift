/// The first pass: the feature's name and every type's name, read before any type so that a
/// type can refer to a model or filter declared after it.
extension SpecChecker {
  /// `feature:`, or a stand-in so every other problem is reported too.
  mutating func checkFeatureName(_ keys: CheckedKeys, root: YAMLNode) -> String {
    guard let featureNode = keys["feature"] else {
      missing("feature", in: .theSpec, root)
      return "Feature"
    }
    let feature = typeName(featureNode, what: .a(.feature)) ?? "Feature"
    // The feature names the module: it must not hide a module or type the generated code uses.
    return checkTypeName(feature, what: .kind(.feature), featureNode, generatedFor: feature) ? feature : "Feature"
  }

  /// The names of the models, filters and enums, and every name a type may take (the used
  /// specs' types too). A name declared twice, or declared by a used spec, is reported.
  mutating func declareTypeNames(models modelPairs: [YAMLNode.Pair], filters filterPairs: [YAMLNode.Pair], enums enumPairs: [YAMLNode.Pair])
    -> (models: [String], filters: [String], types: Set<String>)
  {
    let modelNames = declaredNames(modelPairs, what: .model)
    let filterNames = declaredNames(filterPairs, what: .filter)
    _ = declaredNames(enumPairs, what: .enumeration)
    var typeNames = Set(modelNames)
    let usedTypes = usedTypeDeclarations()
    for pair in modelPairs + filterPairs + enumPairs {
      guard let name = pair.key.scalar, let feature = usedTypes[name] else { continue }
      error(.typeDeclaredByUsedSpec(name, feature: feature), pair.key)
    }
    for pair in filterPairs + enumPairs {
      guard let name = pair.key.scalar, identifierProblem(name) == nil else { continue }
      if !typeNames.insert(name).inserted { error(.duplicateName(name, what: .kind(.type)), pair.key) }
    }
    typeNames.formUnion(usedTypes.keys)
    // A child feature's state (`TallyState`) is a type the spec may name.
    typeNames.formUnion(usedModels.map(\.name))
    return (modelNames, filterNames, typeNames)
  }

  /// Each filter's case names, as written: values can name a case before the filter is read.
  static func filterCaseNames(_ filterPairs: [YAMLNode.Pair]) -> [(String, [String])] {
    filterPairs.compactMap { pair in
      guard let name = pair.key.scalar, case .mapping(let filterKeys) = pair.value.kind else { return nil }
      let casesNode = filterKeys.first { $0.key.scalar == "cases" }?.value
      guard case .mapping(let cases)? = casesNode?.kind else { return nil }
      return (name, cases.compactMap(\.key.scalar))
    }
  }

  /// Where each field of each checked model is written (its type node), by `MODEL.FIELD`: the
  /// last of a name written twice.
  static func fieldNodes(of models: [Model], in modelPairs: [YAMLNode.Pair]) -> [String: YAMLNode] {
    let checked = Dictionary(models.map { ($0.name, Set($0.fields.map(\.name))) }, uniquingKeysWith: { a, _ in a })
    var nodes: [String: YAMLNode] = [:]
    for pair in modelPairs {
      guard let model = pair.key.scalar, let fields = checked[model], case .mapping(let keys) = pair.value.kind,
        case .mapping(let fieldPairs)? = keys.first(where: { $0.key.scalar == "fields" })?.value.kind
      else { continue }
      for field in fieldPairs {
        guard let name = field.key.scalar, fields.contains(name) else { continue }
        nodes[model + "." + name] = field.value
      }
    }
    return nodes
  }
}
