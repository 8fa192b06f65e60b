/// `children: { tallies: { each: tally.yaml } }`: state fields that hold other features. Each
/// child spec is checked (its problems reported against its own file), must be `access:
/// public` (its state and action live in its own module) and must have an `id` in its state
/// (the element an action is routed to is found by it).
extension SpecChecker {
  /// Each child list with the node of its field's name, where its problems are shown.
  mutating func checkChildren(
    _ node: YAMLNode, stacks: inout [(stack: StackFeature, node: YAMLNode)]
  ) -> [(list: ChildFeature, node: YAMLNode)] {
    guard let pairs = mapping(node, what: .key("children")) else { return [] }
    var lists: [(list: ChildFeature, node: YAMLNode)] = []
    for pair in pairs {
      guard let field = identifier(pair.key, what: .kind(.stateField)) else { continue }
      if lists.contains(where: { $0.list.field == field }) || stacks.contains(where: { $0.stack.field == field }) {
        error(.duplicateName(field, what: .kind(.stateField)), pair.key)
        continue
      }
      guard let entry = mapping(pair.value, what: .named(.stateField, field)) else { continue }
      if GeneratedNames.viewStoreProperties.contains(field) {
        error(
          .reservedName(
            field, what: .kind(.stateField),
            reason: .generated("the feature's ViewStore has its own '\(field)', which the child's stores of that name would clash with")),
          pair.key)
        continue
      }
      let keys = checkKeys(entry, allowed: SpecKeys.child, context: .named(.stateField, field))
      if let stackNode = keys["stack"] {
        for other in ["each", "presents", "dismissOn"] {
          if let node = keys[other] {
            error(.exclusiveKeys("stack", other, reason: "the field holds a stack of destination features"), node)
          }
        }
        if let stack = checkStack(field, stackNode) { stacks.append((stack, pair.key)) }
        continue
      }
      if let shows = keys["shows"] { error(.showsNeedsStack(field), shows) }
      let isList = keys["each"] != nil
      if isList, let presents = keys["presents"] {
        error(
          .exclusiveKeys("each", "presents", reason: "the field holds a list of the feature, or the feature while it is presented"),
          presents)
        continue
      }
      guard let specNode = keys["each"] ?? keys["presents"] else {
        missing("each", in: .named(.stateField, field), pair.key)
        continue
      }
      // Refused until it is accepted below: what the spec says of it is not reported again.
      refusedChildren.insert(field)
      guard let relative = text(specNode, what: .usedSpecPath) else { continue }
      // Each entry reads its own spec: two lists of one child feature are two fields.
      var read: Set<String> = []
      guard let spec = loadSpec(relative, at: specNode, read: &read, as: .child) else { continue }
      if spec.access != .public {
        error(.childSpecNotPublic(spec.feature), specNode)
        continue
      }
      // Its state and action types must not be types this feature generates (`<Feature>Alert`).
      let generated = Set(GeneratedNames(feature: feature).featureTypes)
      if spec.feature == feature || generated.contains(spec.stateTypeName) || generated.contains(spec.actionTypeName) {
        error(.duplicateName(spec.feature, what: .kind(.feature)), specNode)
        continue
      }
      if isList {
        if let dismissOn = keys["dismissOn"] { error(.dismissOnList(field), dismissOn) }
        guard let id = spec.stateField(named: "id") else {
          error(.childWithoutID(spec.feature), specNode)
          continue
        }
        guard Self.childIDTypes.contains(id.type) else {
          error(.childIDType(spec.feature, type: id.type.swiftName), specNode)
          continue
        }
        // An element's id must stay its own: IdentifiedArray traps on a changed one.
        if let writer = spec.actions.first(where: { $0.changedStateFields?.contains("id") == true }) {
          error(.childChangesID(spec.feature, action: writer.name), specNode)
          continue
        }
        lists.append((ChildFeature(field: field, spec: spec), pair.key))
      } else {
        let dismissOn = keys["dismissOn"].map { dismissingActions($0, of: spec) } ?? []
        lists.append((ChildFeature(field: field, spec: spec, kind: .presented(dismissOn: dismissOn)), pair.key))
      }
      refusedChildren.remove(field)
    }
    return lists
  }

  /// `stack: [detail.yaml, record.yaml]`: the destinations, each a public feature spec read
  /// once, whose case is its feature's name lowercased first.
  private mutating func checkStack(_ field: String, _ node: YAMLNode) -> StackFeature? {
    let items: [YAMLNode] = node.scalar != nil ? [node] : sequence(node, what: .key("stack")) ?? []
    var destinations: [StackFeature.Destination] = []
    let generated = Set(GeneratedNames(feature: feature).featureTypes)
    let screens = StackFeature.screensTypeName(feature: feature, field: field)
    for item in items {
      guard let relative = text(item, what: .usedSpecPath) else { continue }
      var read: Set<String> = []
      guard let spec = loadSpec(relative, at: item, read: &read, as: .child) else { continue }
      if spec.access != .public {
        error(.childSpecNotPublic(spec.feature), item)
        continue
      }
      let taken = generated.union([screens, screens + "Action"])
      if spec.feature == feature || taken.contains(spec.stateTypeName) || taken.contains(spec.actionTypeName) {
        error(.duplicateName(spec.feature, what: .kind(.feature)), item)
        continue
      }
      let name = spec.feature.lowercasingFirst
      if destinations.contains(where: { $0.name == name }) {
        error(.duplicateName(spec.feature, what: .kind(.feature)), item)
        continue
      }
      // A screen's view store gets a property of the destination's name.
      if GeneratedNames.viewStoreProperties.contains(name) || name == "screen" {
        error(
          .reservedName(
            spec.feature, what: .kind(.feature),
            reason: .generated("a screen's ViewStore has its own '\(name)', which the destination's store of that name would clash with")),
          item)
        continue
      }
      destinations.append(StackFeature.Destination(name: name, spec: spec))
    }
    if destinations.isEmpty, !items.isEmpty || node.scalar == nil {
      if items.isEmpty { missing("stack", in: .named(.stateField, field), node) }
      return nil
    }
    return StackFeature(field: field, destinations: destinations)
  }

  /// `shows: { syncUp: syncUps }` on a stack: each destination holding the field shows the
  /// element of the parent's list with its id. The list is a state field of models with an
  /// id; some destination has the field, and each that has it holds one of those models.
  mutating func checkShown(_ childrenNode: YAMLNode, stacks: inout [(stack: StackFeature, node: YAMLNode)]) {
    guard let pairs = childrenNode.mapping else { return }
    for index in stacks.indices {
      let stack = stacks[index].stack
      guard let entry = pairs.first(where: { $0.key.scalar == stack.field })?.value.mapping,
        let showsNode = entry.first(where: { $0.key.scalar == "shows" })?.value,
        let shows = mapping(showsNode, what: .key("shows"))
      else { continue }
      for pair in shows {
        guard let field = identifier(pair.key, what: .kind(.stateField)),
          let list = text(pair.value, what: .kind(.stateField))
        else { continue }
        guard let listField = stateByName[list] else {
          error(.unknownField(list, context: .theState, suggestion: closestMatch(to: list, in: state.map(\.name))), pair.value)
          continue
        }
        guard case .array(.model(let element)) = listField.type, modelsByName[element]?.idField != nil else {
          error(.shownListNotModels(list), pair.value)
          continue
        }
        let holding = stack.destinations.filter { $0.spec.stateField(named: field) != nil }
        guard !holding.isEmpty else {
          error(.shownFieldMissing(field, stack: stack.field, list: list), pair.key)
          continue
        }
        var sound = true
        for destination in holding {
          guard let type = destination.spec.stateField(named: field)?.type, type != .model(element) else { continue }
          error(.shownFieldType(field, feature: destination.spec.feature, type: type.swiftName, element: element), pair.key)
          sound = false
        }
        if sound { stacks[index].stack.shows.append(StackFeature.Shown(field: field, list: list)) }
      }
    }
  }

  /// A child's state and action are `Codable` only when the child's spec makes them so
  /// (`conformances: [Codable]`), and never `Hashable`: what the parent needs of them (a
  /// `Codable` feature, a persisted list) the child must give.
  mutating func checkChildConformances(_ spec: Spec, childrenNode: YAMLNode?) {
    guard let childrenNode, !spec.children.isEmpty || !spec.stacks.isEmpty else { return }
    let needed = spec.neededConformances
    // A stack's destinations too: its enums of screens and actions hold their states and actions.
    let destinations = spec.stacks.flatMap { $0.destinations.map { ChildFeature(field: $0.name, spec: $0.spec) } }
    for list in spec.children + destinations {
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

  /// `dismissOn: [save, cancel]`: actions of the presented child, each once.
  private mutating func dismissingActions(_ node: YAMLNode, of child: Spec) -> [String] {
    let items: [YAMLNode] = node.scalar != nil ? [node] : sequence(node, what: .key("dismissOn")) ?? []
    var names: [String] = []
    for item in items {
      guard let name = text(item, what: .a(.action)) else { continue }
      guard child.action(named: name) != nil else {
        error(.unknownChildAction(name, feature: child.feature, suggestion: closestMatch(to: name, in: child.actions.map(\.name))), item)
        continue
      }
      if child.action(named: name)?.async != nil || child.action(named: name)?.followUps.isEmpty == false {
        // Its request or follow-up would start, then end with the chain it dismisses.
        error(.dismissOnStartsWork(name, feature: child.feature), item)
      } else if names.contains(name) {
        error(.duplicateName(name, what: .kind(.action)), item)
      } else {
        names.append(name)
      }
    }
    return names
  }

  /// The types a child state's `id` may have: what an example and a test can write as a literal.
  static let childIDTypes: Set<SpecType> = [
    .scalar(.int), .scalar(.int64), .scalar(.string), .scalar(.uuid), .scalar(.url), .scalar(.date),
  ]

  /// The child lists' fields joined to the state; a name the state already has is reported at
  /// the child list's name.
  mutating func childFields(
    _ lists: [(list: ChildFeature, node: YAMLNode)], stacks: [(stack: StackFeature, node: YAMLNode)], state: [Field]
  ) -> [Field] {
    var fields: [Field] = []
    for (stack, node) in stacks {
      if state.contains(where: { $0.name == stack.field }) {
        error(.duplicateName(stack.field, what: .kind(.stateField)), node)
        continue
      }
      fields.append(stack.stateField(feature: feature))
    }
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

/// Children talking to their parent: `from: namer.save` on a parent's action reduces it when the
/// child's action arrives (its parameters read from that action's, else from the child's state),
/// and `delegate: true` on a child's action says a parent must reduce it or dismiss on it.
extension SpecChecker {
  /// Reads each action's `from:`; an action reducing a child's action runs inside the parent's
  /// reducer, where no middleware sees it, so it starts no work of its own.
  mutating func checkHandlers(_ checked: inout [Action], nodes: [String: YAMLNode]) {
    guard !nodes.isEmpty else { return }
    let children = symbols.entries.children
    var handled: [String: String] = [:]
    for index in checked.indices {
      let action = checked[index]
      guard let node = nodes[action.name], let source = text(node, what: .key("from")) else { continue }
      var parts = source.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      let stacks = symbols.entries.stacks
      guard parts.count >= 2, !parts.contains("") else {
        error(.handlerSource(source), node)
        continue
      }
      // `path.detail.deleted`: a destination of a stack is read as a child of its own.
      var destination: String?
      let child: ChildFeature
      if parts.count >= 3, let stack = stacks.first(where: { $0.field == parts[0] }) {
        guard let found = stack.destination(named: parts[1]) else {
          error(
            .unknownDestination(parts[1], stack: parts[0], suggestion: closestMatch(to: parts[1], in: stack.destinations.map(\.name))),
            node)
          continue
        }
        destination = found.name
        child = ChildFeature(field: stack.field, spec: found.spec)
        parts.remove(at: 1)
      } else if let list = children.first(where: { $0.field == parts[0] }) {
        child = list
      } else {
        let fields = children.map(\.field) + stacks.map(\.field)
        error(.unknownChild(parts[0], suggestion: closestMatch(to: parts[0], in: fields)), node)
        continue
      }
      // `login.twoFactor.submitted`: a grandchild's action, through presented features.
      guard let (through, owner) = grandchild(parts, child: child, destination: destination, node: node) else { continue }
      let name = parts[parts.count - 1]
      guard let childAction = owner.action(named: name) else {
        error(
          .unknownChildAction(name, feature: owner.feature, suggestion: closestMatch(to: name, in: owner.actions.map(\.name))), node)
        continue
      }
      // Refused until it is accepted below: the child's delegate action is then not unheard.
      refusedHandlerSources.insert(source)
      if let key = Self.workKey(of: action) {
        error(.handlerStartsWork(action.name, key: key), node)
        continue
      }
      if let childFrom = childAction.from {
        error(.handlerHearsHandler(source, feature: owner.feature, childFrom: childFrom.source), node)
        continue
      }
      // A button sending it is heard as it one level up only (`.twoFactor(.alert(...))`).
      if !through.isEmpty, let alert = owner.alerts.first(where: { $0.buttons.contains { $0.action == name } }) {
        error(.grandchildButton(source, alert: alert.name, feature: owner.feature), node)
        continue
      }
      if action.isDelegate {
        error(.delegateFromChild(action.name, from: source), node)
        continue
      }
      if let first = handled[source] {
        error(.handledTwice(source, first: first), node)
        continue
      }
      var readsState: Set<String> = []
      var screenIDParameter: String?
      var sound = true
      for parameter in action.payload {
        let given = childAction.payload.first { $0.name == parameter.name }
        // A grandchild may be dismissed by the time the parent hears it: its action alone gives.
        if !through.isEmpty, given == nil {
          error(
            .grandchildHandlerParameter(parameter.name, action: action.name, childAction: childAction.name, feature: owner.feature),
            node)
          sound = false
          continue
        }
        let field = given == nil ? child.spec.stateField(named: parameter.name) : nil
        // A stack's `screen: Int`: the id of the screen that sent the action.
        if destination != nil, parameter.name == Self.screenIDParameter, given == nil, field == nil {
          guard parameter.type == .scalar(.int) else {
            error(.handlerParameterType(parameter.name, type: parameter.type.swiftName, given: "Int"), node)
            sound = false
            continue
          }
          screenIDParameter = parameter.name
          continue
        }
        guard let type = given?.type ?? field?.type else {
          error(
            .handlerParameter(parameter.name, action: action.name, childAction: childAction.name, feature: child.spec.feature),
            node)
          sound = false
          continue
        }
        if type != parameter.type {
          error(.handlerParameterType(parameter.name, type: parameter.type.swiftName, given: type.swiftName), node)
          sound = false
        }
        if field != nil { readsState.insert(parameter.name) }
      }
      guard sound else { continue }
      refusedHandlerSources.remove(source)
      handled[source] = action.name
      checked[index].from = ChildActionHandler(
        field: child.field, action: childAction.name, readsState: readsState, destination: destination)
      checked[index].from?.screenIDParameter = screenIDParameter
      checked[index].from?.through = through
    }
  }

  /// The fields of presented features between `child` and the feature whose action `parts` ends
  /// with (`login.twoFactor.submitted`: `["twoFactor"]`, and TwoFactor's spec), where `parts`
  /// holds the child's field, those fields and the action; nil, reported, where one is not a
  /// presented feature.
  private mutating func grandchild(
    _ parts: [String], child: ChildFeature, destination: String?, node: YAMLNode
  ) -> (through: [String], owner: Spec)? {
    let steps = parts.dropFirst().dropLast()
    guard !steps.isEmpty else { return ([], child.spec) }
    if destination != nil || child.isList {
      let holds = destination != nil ? "a navigation stack's screens" : "a list of features ('each:')"
      error(.handlerThrough(child.field, feature: feature, holds: holds), node)
      return nil
    }
    var owner = child.spec
    for step in steps {
      if let held = owner.child(named: step), !held.isList {
        owner = held.spec
        continue
      }
      if owner.child(named: step) != nil {
        error(.handlerThrough(step, feature: owner.feature, holds: "a list of features ('each:')"), node)
      } else if owner.stacks.contains(where: { $0.field == step }) {
        error(.handlerThrough(step, feature: owner.feature, holds: "a navigation stack's screens"), node)
      } else {
        let fields = owner.children.filter { !$0.isList }.map(\.field)
        error(.unknownGrandchild(step, feature: owner.feature, suggestion: closestMatch(to: step, in: fields)), node)
      }
      return nil
    }
    return (Array(steps), owner)
  }

  /// Whether `operations` pop screens of the stack `stack` (`pop`, `clear`, in a branch too).
  static func pops(_ operations: [ReduceOperation], stack: String) -> Bool {
    operations.contains { operation in
      if let pop = operation.kind as? PopOperation { return pop.target.steps.first == .field(stack) }
      if let clear = operation.kind as? ClearOperation { return clear.target.steps.first == .field(stack) }
      if let branch = operation.kind as? ConditionalOperation { return pops(branch.then + branch.otherwise, stack: stack) }
      return false
    }
  }

  /// The parameter of a stack's handler that takes the sending screen's id.
  static let screenIDParameter = "screen"

  /// Each child's `delegate: true` action must be reduced by an action of this feature
  /// (`from:`) or dismiss the child; reported at the child's field.
  mutating func checkDelegates(
    _ children: [(list: ChildFeature, node: YAMLNode)], stacks: [(stack: StackFeature, node: YAMLNode)]
  ) {
    // The names a stack makes: its action case, its enums, its middleware's parameters.
    let generated = Set(GeneratedNames(feature: feature).featureTypes)
    var typeNames: Set<String> = []
    var parameters = Set(children.map(\.list.field))
    for (stack, node) in stacks {
      if actions.contains(where: { $0.name == stack.field }) {
        error(.duplicateName(stack.field, what: .kind(.action)), node)
      }
      let screens = StackFeature.screensTypeName(feature: feature, field: stack.field)
      for name in [screens, screens + "Action"] where generated.contains(name) || !typeNames.insert(name).inserted {
        error(.duplicateName(name, what: .kind(.type)), node)
      }
      for destination in stack.destinations where !parameters.insert(stack.field + destination.name.uppercasingFirst).inserted {
        error(.duplicateName(stack.field + destination.name.uppercasingFirst, what: .kind(.parameter)), node)
      }
    }
    for (stack, node) in stacks {
      // A destination's action that starts work, reduced by a parent's action that pops it.
      for action in actions {
        guard let from = action.from, from.field == stack.field, let name = from.destination,
          let childAction = stack.destination(named: name)?.spec.action(named: from.action),
          childAction.async != nil || !childAction.followUps.isEmpty, Self.pops(action.reduce, stack: stack.field)
        else { continue }
        error(.handlerPopsWork("\(stack.field).\(name).\(from.action)", handler: action.name), node)
      }
      for destination in stack.destinations {
        let handled = Set(actions.compactMap { $0.from?.field == stack.field && $0.from?.destination == destination.name ? $0.from?.action : nil })
          .union(destination.spec.actions.map(\.name).filter { refusedHandlerSources.contains("\(stack.field).\(destination.name).\($0)") })
        for action in destination.spec.actions where action.isDelegate && !handled.contains(action.name) {
          error(.delegateUnhandled(action.name, feature: destination.spec.feature, field: stack.field + "." + destination.name), node)
        }
      }
    }
    for (child, node) in children {
      // A grandchild's action heard here (`from: sheet.namer.save`) is not the child's own.
      let handled = Set(actions.compactMap { $0.from?.field == child.field && $0.from?.through.isEmpty == true ? $0.from?.action : nil })
        .union(child.spec.actions.map(\.name).filter { refusedHandlerSources.contains("\(child.field).\($0)") })
      for action in child.spec.actions where action.isDelegate {
        guard !handled.contains(action.name), !child.dismissOn.contains(action.name) else { continue }
        error(.delegateUnhandled(action.name, feature: child.spec.feature, field: child.field), node)
      }
    }
  }
}
