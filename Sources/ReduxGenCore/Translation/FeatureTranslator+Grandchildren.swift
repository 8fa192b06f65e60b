// A parent hearing a grandchild's action (`from: login.twoFactor.submitted`): the cases nested in
// the presented child's route, and the presence of each feature on the way.
extension FeatureTranslator {
  /// `case .twoFactor(let action): switch action { case .submitted(let token): ... }`: in the
  /// switch over a presented child's action (of `feature`), the parent's actions that reduce an
  /// action of a feature further down (`from: login.twoFactor.submitted`), each `through` the
  /// presented fields left, given that action's parameters.
  /// An action for a grandchild no longer presented is dropped by the child's reducer, and not
  /// heard here either: each one's presence is read before the child's reducer may dismiss it.
  func grandchildCases(
    _ handlers: [(through: [String], action: Action)], in feature: Spec, names: [[String]: String], above: [String] = []
  ) -> [SwitchCase] {
    var fields: [String] = []
    for handler in handlers where !fields.contains(handler.through[0]) { fields.append(handler.through[0]) }
    return fields.compactMap { field -> SwitchCase? in
      guard let held = feature.child(named: field) else { return nil }
      let below = handlers.filter { $0.through[0] == field }.map { (Array($0.through.dropFirst()), $0.action) }
      var cases = grandchildCases(below.filter { !$0.0.isEmpty }, in: held.spec, names: names, above: above + [field])
      cases = below.filter(\.0.isEmpty).compactMap { _, action in grandchildCase(action, in: held.spec) } + cases
      let heard = Statement.switchStatement(.name("action"), cases + Self.otherwise(cases.count, of: held.spec))
      return SwitchCase(
        patterns: [Pattern(caseName: field, bindings: ["action"])],
        body: [.ifElse(.name(names[above + [field]] ?? ""), [heard], nil)])
    }
  }

  /// `let twoFactorWasPresented = state.login!.twoFactor != nil`, before the child's reducer: for
  /// each presented feature a parent's action hears an action of (`from: login.twoFactor.x`), or
  /// of one it presents, whether it is presented.
  func grandchildPresence(_ list: ChildFeature, element: Expression) -> [Statement] {
    let paths = list.routeMutant == .handlerDropped ? [] : grandchildPaths(list)
    let names = Self.presenceNames(paths)
    return paths.map { path in
      var read = element
      for (index, field) in path.enumerated() { read = index == 0 ? read.dot(field) : .optionalChain(read).dot(field) }
      let name = names[path] ?? ""
      return .declaration(VariableDeclaration(isConstant: true, name: name, initializer: .binary(read, .notEqual, .literal(.nilLiteral))))
    }
  }

  /// The paths below a child that its parent's actions hear through (`from:`), each with the
  /// prefixes it goes through.
  func grandchildPaths(_ list: ChildFeature) -> [[String]] {
    var paths: [[String]] = []
    for (handler, _) in spec.grandchildHandlers(of: list.field) {
      for depth in 1...handler.through.count where !paths.contains(Array(handler.through.prefix(depth))) {
        paths.append(Array(handler.through.prefix(depth)))
      }
    }
    return paths
  }

  /// `twoFactorWasPresented`: the name of the presence of the feature at each path below a child,
  /// each its own (`a.bC` and `aB.c` would read alike). No parameter hides one: parameters are
  /// bound in the innermost cases, where none is read.
  static func presenceNames(_ paths: [[String]]) -> [[String]: String] {
    var names: [[String]: String] = [:]
    var taken: Set<String> = []
    for path in paths {
      let base = path.enumerated().map { $0.offset == 0 ? $0.element : $0.element.uppercasingFirst }.joined() + "WasPresented"
      var name = base
      var number = 2
      while !taken.insert(name).inserted {
        name = base + String(number)
        number += 1
      }
      names[path] = name
    }
    return names
  }

  /// `case .submitted(let token): appReducer(&state, .loggedIn(token: token))`: the parent's
  /// action reducing a grandchild's, given its parameters.
  private func grandchildCase(_ action: Action, in feature: Spec) -> SwitchCase? {
    guard let from = action.from, let childAction = feature.action(named: from.action) else { return nil }
    let local = { (name: String) in Self.routeNames.contains(name) ? name + "Given" : name }
    let used = Set(action.payload.map(\.name))
    let bindings = childAction.payload.map { used.contains($0.name) ? local($0.name) : nil }
    let arguments = action.payload.map { Argument($0.name, .name(local($0.name))) }
    let parentAction: Expression = arguments.isEmpty ? .dot(action.name) : .dot(action.name).call(arguments)
    return SwitchCase(
      patterns: [Pattern(caseName: from.action, bindings: bindings.allSatisfy { $0 == nil } ? [] : bindings)],
      body: [.expression(.name(spec.reducerName).call([Argument(nil, .inoutArgument(.name("state"))), Argument(nil, parentAction)]))])
  }
}
