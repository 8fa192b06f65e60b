/// A conformance generated only where the spec uses it or asks for it (`conformances:`).
///
/// Every model is `Equatable` and `Sendable` (and `Identifiable` with an `id`); the state and
/// the action are `Equatable` and `Sendable`. `Codable` and `Hashable` cost the compiler most
/// (synthesized for every type, of every field), so a spec gets them where it needs them.
package enum Conformance: String, Sendable, CaseIterable, Comparable {
  case codable = "Codable"
  case hashable = "Hashable"

  package static func < (lhs: Conformance, rhs: Conformance) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Which of a feature's types get `Codable` and `Hashable`, from what the spec uses.
package struct NeededConformances: Sendable, Equatable {
  /// Whether the state and the action are `Codable` (`conformances: [Codable]` on the feature):
  /// what recording (ReduxDebugging's `ActionRecorder`) and replay (`--replay-test`) need.
  package var codableStateAndAction: Bool
  /// Each model, of this spec or a used one, that needs a conformance, with why: the one record
  /// the sets below and the error of a used spec's model lacking one read.
  package var reasons: [Conformance: [String: Reason]]

  /// The models that are `Codable`: the feature asks for it; the model asks for it; a field has a
  /// `json:` key; it is persisted; or a `Codable` type holds it.
  package var codableModels: Set<String> { Set(reasons[.codable, default: [:]].keys) }
  /// The models that are `Hashable`: the feature or the model asks for it, or a cached request
  /// (`fresh:`) is keyed by a payload holding it, or a `Hashable` model holds it.
  package var hashableModels: Set<String> { Set(reasons[.hashable, default: [:]].keys) }

  /// What first made a model need a conformance.
  package enum Reason: Sendable, Equatable {
    case askedByFeature
    case askedByModel
    case jsonKeys
    case persisted(field: String)
    case cachedPayload(action: String)
    /// Held in a field of a model that needs it.
    case heldBy(model: String)
    /// Held in the state or a payload, and the state and action are `Codable`.
    case heldByStateOrAction
    /// The type of a model's `id` (`id: TrackID`), which a list finds its elements by.
    case idOf(model: String)
  }

  package func has(_ conformance: Conformance, model: String) -> Bool {
    reasons[conformance]?[model] != nil
  }
}

extension Spec {
  /// Every conformance the spec's generated types need, and their closure over the models
  /// their fields hold.
  package var neededConformances: NeededConformances {
    let codableStateAndAction = conformances.contains(.codable)
    var codableRoots: [(String, NeededConformances.Reason)] = []
    var hashableRoots: [(String, NeededConformances.Reason)] = []
    for model in models {
      if conformances.contains(.codable) { codableRoots.append((model.name, .askedByFeature)) }
      if model.conformances.contains(.codable) { codableRoots.append((model.name, .askedByModel)) }
      if model.fields.contains(where: { $0.jsonKey != nil }) { codableRoots.append((model.name, .jsonKeys)) }
      if conformances.contains(.hashable) { hashableRoots.append((model.name, .askedByFeature)) }
      if model.conformances.contains(.hashable) { hashableRoots.append((model.name, .askedByModel)) }
      if let id = model.idField { hashableRoots += id.type.modelNames.map { ($0, .idOf(model: model.name)) } }
    }
    if codableStateAndAction {
      for type in state.map(\.type) + actions.flatMap({ $0.payload.map(\.type) }) {
        codableRoots += type.modelNames.map { ($0, .heldByStateOrAction) }
      }
    }
    for name in persist?.fields ?? [] {
      guard let field = stateField(named: name) else { continue }
      codableRoots += field.type.modelNames.map { ($0, .persisted(field: name)) }
    }
    for action in actions where action.async?.freshFor != nil {
      hashableRoots += action.payload.flatMap(\.type.modelNames).map { ($0, .cachedPayload(action: action.name)) }
    }
    return NeededConformances(
      codableStateAndAction: codableStateAndAction,
      reasons: [.codable: closure(codableRoots), .hashable: closure(hashableRoots)])
  }

  /// The roots and every model their fields hold, in turn, each with its first reason.
  private func closure(_ roots: [(String, NeededConformances.Reason)]) -> [String: NeededConformances.Reason] {
    var reasons: [String: NeededConformances.Reason] = [:]
    var pending = roots
    var next = 0
    while next < pending.count {
      let (name, reason) = pending[next]
      next += 1
      guard reasons[name] == nil else { continue }
      reasons[name] = reason
      for field in model(named: name)?.fields ?? [] {
        pending += field.type.modelNames.map { ($0, .heldBy(model: name)) }
      }
    }
    return reasons
  }
}

extension SpecType {
  /// The models this type is or holds.
  package var modelNames: [String] {
    switch self {
    case .model(let name): [name]
    case .optional(let wrapped), .array(let wrapped): wrapped.modelNames
    case .dictionary(let key, let value): key.modelNames + value.modelNames
    case .scalar, .enumeration, .requestStatus, .indexSet, .stack: []
    }
  }
}

extension NeededConformances.Reason {
  /// Why, as an error says it.
  package var explanation: String {
    switch self {
    case .askedByFeature: "the feature asks 'conformances' of every model"
    case .askedByModel: "the model asks for it"
    case .jsonKeys: "a field has a 'json' key"
    case .persisted(let field): "'persist' keeps the state field '\(field)', which holds it"
    case .cachedPayload(let action): "the answers of '\(action)' are kept by its payload, which holds it"
    case .heldBy(let model): "the model '\(model)' holds it"
    case .heldByStateOrAction: "the feature is Codable, and its state or an action holds it"
    case .idOf(let model): "it is the type of the 'id' of model '\(model)', which a list finds its elements by"
    }
  }
}
