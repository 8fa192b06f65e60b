/// Middleware and events: what the spec says around its reducer (persistence: SpecChecker+Persist).
extension SpecChecker {
  mutating func checkMiddleware(_ node: YAMLNode) -> [Middleware] {
    var result: [Middleware] = []
    for pair in mapping(node, what: .key("middleware")) ?? [] {
      guard let name = typeName(pair.key, what: .a(.middleware)) else { continue }
      if result.contains(where: { $0.name == name }) || typeNames.contains(name) {
        error(.duplicateName(name, what: .kind(.type)), pair.key)
        continue
      }
      guard checkTypeName(name, what: .kind(.middleware), pair.key, middleware: result.map(\.name)) else { continue }
      if let clash = GeneratedNames.middlewareTypes(name).first(where: { typeNames.contains($0) }) {
        error(.reservedName(name, what: .kind(.middleware), reason: .generatedTypeDeclared(clash)), pair.key)
        continue
      }
      let context: Subject = .named(.middleware, name)
      guard let pairs = mapping(pair.value, what: context) else { continue }
      let keys = checkKeys(pairs, allowed: SpecKeys.middleware, context: context)
      let on = keys["on"].map { actionNames($0, what: .key("on")) } ?? []
      let dispatches = keys["dispatches"].map { actionNames($0, what: .key("dispatches")) } ?? []
      let emits = keys["emits"].map { eventNames($0) } ?? []
      if on.isEmpty, keys["on"].map({ $0.isNull || $0.kind == .sequence([]) }) ?? true {
        diagnostics.warning(.middlewareHandlesNothing(name), at: pair.key.location)
      }
      result.append(
        Middleware(
          name: name, doc: keys["doc"].flatMap { text($0, what: .key("doc")) }, on: on, dispatches: dispatches,
          emits: emits))
    }
    return result
  }

  /// Checks that each listed event is declared.
  mutating func eventNames(_ node: YAMLNode) -> [String] {
    let items = node.scalar != nil ? [node] : sequence(node, what: .key("emits")) ?? []
    var names: [String] = []
    for item in items {
      guard let name = text(item, what: .a(.event)) else { continue }
      if events.contains(where: { $0.name == name }) {
        if !names.contains(name) { names.append(name) }
      } else {
        error(.unknownEvent(name, suggestion: closestMatch(to: name, in: events.map(\.name))), item)
      }
    }
    return names
  }

  mutating func checkEvents(_ node: YAMLNode) -> [Event] {
    var result: [Event] = []
    for pair in mapping(node, what: .key("events")) ?? [] {
      guard let name = identifier(pair.key, what: .a(.event)) else { continue }
      if result.contains(where: { $0.name == name }) {
        error(.duplicateName(name, what: .kind(.event)), pair.key)
        continue
      }
      result.append(Event(name: name, payload: fields(pair.value, context: .eventPayload(of: name), isPayload: true)))
    }
    return result
  }

  /// A list of declared action names.
  mutating func actionNames(_ node: YAMLNode, what: Subject) -> [String] {
    let items = node.scalar != nil ? [node] : sequence(node, what: what) ?? []
    var names: [String] = []
    for item in items {
      guard let name = text(item, what: .a(.action)) else { continue }
      guard actionIndex[name] != nil else {
        // `login`, `login.submit`: a child's routing case is no action a middleware names.
        let head = String(name.prefix { $0 != "." })
        let names = GeneratedNames(feature: feature)
        if let child = symbols.entries.children.first(where: { $0.field == head }) {
          let routing = child.isList ? ".\(head)(id:action:)" : ".\(head)(\(child.spec.actionTypeName))"
          error(
            .childInActionList(head, feature: child.spec.feature, routing: routing, children: "\(names.children)(\(head):)", key: what),
            item)
          continue
        }
        if let stack = symbols.entries.stacks.first(where: { $0.field == head }) {
          let feature = stack.destinations.map(\.spec.feature).joined(separator: ", ")
          let parameters = stack.destinations.map { head + $0.name.uppercasingFirst + ":" }.joined()
          error(
            .childInActionList(head, feature: feature, routing: ".\(head)(id:action:)", children: "\(names.children)(\(parameters))", key: what),
            item)
          continue
        }
        error(.unknownAction(name, suggestion: closestMatch(to: name, in: actions.map(\.name))), item)
        continue
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }
}
