/// What reduce operations build their statements with (each kind of operation, in
/// `Operations/`, says what its statements are).
struct ReduceTranslator {
  let types: TypeTranslator
  let action: Action
  /// Whether a path ending in a dictionary entry reaches into it, `d[k]?` (or `d[k, default: 0]`
  /// for a number or a flag), as every operation that changes a value in place needs; `set`
  /// alone names the entry itself, `d[k] = v`, through `assigning`.
  var chainsLastKey = true
  /// Where it reads the payload: in the reducer, the locals its case binds (each parameter's own
  /// name); in a generated test, the test's locals (`TestTranslator.local(_:)`), so every
  /// expression of a test reads the names its `let`s declare.
  var readsTestLocals = false

  init(types: TypeTranslator, action: Action, readsTestLocals: Bool = false) {
    self.types = types
    self.action = action
    self.readsTestLocals = readsTestLocals
  }

  /// The local holding payload parameter `name`.
  func parameterLocal(_ name: String) -> String {
    readsTestLocals ? TestTranslator.local(name) : name
  }

  func statements(for operation: ReduceOperation, state: Expression) -> [Statement] {
    operation.kind.statements(self, state: state)
  }

  /// Wraps `body` in one `if let index = ...index(id:)` per element step of `path` (a lookup in
  /// the list's index by id).
  func at(
    _ path: StatePath, _ base: Expression, depth: Int = 0, throughOptional: Bool = false, _ body: (Expression) -> [Statement]
  ) -> [Statement] {
    var target = base
    // Whether the target so far goes through an optional (a dictionary entry, `d[k]?`).
    var throughOptional = throughOptional
    for (position, step) in path.steps.enumerated() {
      switch step {
      case .field(let name):
        target = target.dot(name)
      case .key(let key):
        let isLast = position == path.steps.count - 1
        if isLast, chainsLastKey, let zero = Self.absentValue(of: path.type) {
          // `increment counts[k]` counts from 0 when the entry is absent; `toggle` starts from false.
          target = .subscriptedWithDefault(target, key: operand(key, type: .scalar(.string)), default: zero)
          continue
        }
        // A dictionary entry may be absent: go on through it with optional chaining.
        target = .subscripted(target, operand(key, type: .scalar(.string)))
        if !isLast || chainsLastKey {
          target = .optionalChain(target)
          throughOptional = true
        }
      case .element(let id):
        let index = local(depth == 0 ? "index" : "index\(depth + 1)")
        let finder = target.dot("index").call([Argument("id", operand(id, type: .scalar(.uuid)))])
        let rest = StatePath(
          steps: Array(path.steps[(position + 1)...]), type: path.type, defaultValue: path.defaultValue,
          text: path.text)
        let element = Expression.subscripted(target, .name(index))
        var inner = self
        inner.chainsLastKey = chainsLastKey
        return [.ifLet(index, finder, inner.at(rest, element, depth: depth + 1, throughOptional: throughOptional, body), else: nil)]
      case .offset(let offset):
        // Out of range, nothing: `if list.indices.contains(i) { list[i] = v }`.
        let at = operand(offset, type: .scalar(.int))
        let rest = StatePath(
          steps: Array(path.steps[(position + 1)...]), type: path.type, defaultValue: path.defaultValue,
          text: path.text)
        let contains = target.dot("indices").dot("contains").call([Argument(nil, at)])
        // Through an absent entry, `d[k]?.indices.contains(i)` is nil: nothing is written.
        let inRange = throughOptional ? Expression.binary(contains, .equal, .literal(.bool(true))) : contains
        return [.ifElse(inRange, self.at(rest, .subscripted(target, at), depth: depth, throughOptional: throughOptional, body), nil)]
      }
    }
    return body(target)
  }

  /// A local of the generated reducer named `base`, unless a payload parameter has that name.
  func local(_ base: String) -> String {
    var name = base
    while action.payload.contains(where: { $0.name == name }) { name += "Found" }
    return name
  }

  /// What an absent dictionary entry counts as when changed in place: 0 for numbers, false for Bool.
  static func absentValue(of type: SpecType) -> Expression? {
    switch type {
    case .scalar(.bool): .literal(.bool(false))
    case .scalar(let scalar) where scalar.isNumeric: .literal(.int(0))
    default: nil
    }
  }

  /// This translator for an operation that stores a whole value (`set d[k] = v` stores into an
  /// absent entry too).
  var assigning: ReduceTranslator {
    var copy = self
    copy.chainsLastKey = false
    return copy
  }

  func operand(_ operand: Operand, type: SpecType) -> Expression {
    switch operand {
    case .parameter(let name, let fields):
      return fields.reduce(Expression.name(parameterLocal(name))) { $0.dot($1) }
    case .eachElement(let name, let fields):
      return Expression.name(parameterLocal(name)).dot("map").call([Argument(nil, .keyPath(fields.joined(separator: ".")))])
    case .literal(let value):
      return types.expression(value, type: type)
    case .arithmetic(let arithmetic):
      return ArithmeticTranslator(types: types).expression(arithmetic) { self.operand($0, type: type) }
    case .expression(let predicate):
      // The reducer's `state` and the payload's locals, as an `- if` reads them.
      return PredicateTranslator(types: types, element: .name("state")) { name in
        name == "state" ? .name("state") : .name(self.parameterLocal(name))
      }.expression(predicate)
    }
  }
}

/// A filter predicate as a Swift expression over one element.
struct PredicateTranslator {
  let types: TypeTranslator
  let element: Expression
  /// What a path's first name reads, when not a field of `element` (an `if` reads the payload
  /// and the state).
  var root: ((String) -> Expression)?

  init(types: TypeTranslator, element: Expression, root: ((String) -> Expression)? = nil) {
    self.types = types
    self.element = element
    self.root = root
  }

  func expression(_ predicate: Predicate) -> Expression {
    switch predicate {
    case .constant(let flag):
      return .literal(.bool(flag))
    case .path(var steps, _):
      var start = element
      if case .parameter(let name)? = steps.first {
        // The payload's local, which the element's field of its name doesn't hide in Swift.
        start = .name(name)
        steps.removeFirst()
      } else if let root, case .field(let name)? = steps.first {
        start = root(name)
        steps.removeFirst()
      }
      return read(steps, on: start)
    case .literal(let value, let type):
      return types.expression(value, type: type)
    case .not(let operand):
      // `!!x` does not parse: a negation of a negation keeps its parentheses.
      if case .not = operand { return .prefix(.not, .parenthesized(expression(operand))) }
      return .prefix(.not, grouped(operand))
    case .and(let lhs, let rhs):
      return .binary(grouped(lhs, within: .and), .and, grouped(rhs, within: .and))
    case .or(let lhs, let rhs):
      return .binary(grouped(lhs, within: .or), .or, grouped(rhs, within: .or))
    case .compare(let lhs, let op, let rhs):
      return .binary(side(lhs, against: rhs), op.swiftOperator, side(rhs, against: lhs))
    case .contains(let list, let value):
      return receiver(list).dot("contains").call([Argument(nil, expression(value))])
    case .lookup(let collection, let key, let byID):
      return byID
        ? .subscriptedByLabel(expression(collection), label: "id", expression(key))
        : .subscripted(expression(collection), expression(key))
    case .index(let list, let offset, let elementType):
      // ReduxRuntime's `element(atOffset:)`: nil out of range, where a subscript would trap.
      let base = list.type.isOptional ? Expression.optionalChain(receiver(list)) : receiver(list)
      let element = base.dot("element").call([Argument("atOffset", expression(offset))])
      // A list of optionals: its element's own optional, not one inside another.
      return elementType.isOptional ? .parenthesized(.binary(element, .nilCoalescing, .literal(.nilLiteral))) : element
    case .member(let base, let steps, _):
      // `(rows.first?.title)?.count`: the parentheses end the chain inside, as the spec wrote them.
      return read(steps, on: PredicateParser.isChained(base) ? .parenthesized(expression(base)) : receiver(base))
    case .arithmetic:
      // `??` binds looser than arithmetic: a fallback inside a sum keeps its parentheses.
      return ArithmeticTranslator(types: types).expression(predicate.arithmetic) { leaf in
        if case .call(.coalesce, _, _) = leaf { return .parenthesized(expression(leaf)) }
        return expression(leaf)
      }
    case .call(.coalesce, let arguments, _):
      let value = expression(arguments[0])
      let grouped: Expression = if case .call(.coalesce, _, _) = arguments[0] { .parenthesized(value) } else { value }
      return .binary(grouped, .nilCoalescing, expression(arguments[1]))
    case .call(.abs, let arguments, _):
      // `Swift.abs`: a member named `abs` of the type the code is in would hide the function.
      return .name("Swift").dot("abs").call([Argument(nil, expression(arguments[0]))])
    case .call(let method, let arguments, _):
      return receiver(arguments[0]).dot(method.rawValue).call([Argument(nil, expression(arguments[1]))])
    case .extremum(let which, let lhs, let rhs, let type):
      // `Swift.min`: a member named `min` of the type the code is in would hide the function.
      func converted(_ side: Predicate) -> Expression {
        side.type == type || side.isLiteral ? expression(side) : .name(type.swiftName).call([Argument(nil, expression(side))])
      }
      return .name("Swift").dot(which.rawValue).call([Argument(nil, converted(lhs)), Argument(nil, converted(rhs))])
    case .makeCase(let name, let labels, let values, let type):
      // `.none` and `.some` would be Optional's own cases: those two are named with their type.
      let arguments = zip(labels, values).map { Argument($0, expression($1)) }
      let member: Expression = name == "none" || name == "some" ? .type(types.typeName(type)).dot(name) : .dot(name)
      return member.call(arguments)
    }
  }

  /// `steps` read on `start`.
  private func read(_ steps: [Predicate.PathStep], on start: Expression) -> Expression {
    steps.reduce(start) { base, step in
      switch step {
      case .field(let name): base.dot(name)
      case .parameter(let name): .name(name)
      case .count: base.dot("count")
      case .isEmpty: base.dot("isEmpty")
      case .trimmed:
        base.dot("trimmingCharacters").call([Argument("in", .member(nil, "whitespacesAndNewlines"))])
      case .lowercased: base.dot("lowercased").call([])
      case .uppercased: base.dot("uppercased").call([])
      case .first: base.dot("first")
      case .last: base.dot("last")
      case .unwrapped: .optionalChain(base)
      case .sum(let fields): Self.values(base, fields).dot("reduce").call([Argument(nil, .literal(.int(0))), Argument(nil, .name("+"))])
      case .minimum(let fields): Self.values(base, fields).dot("min").call([])
      case .maximum(let fields): Self.values(base, fields).dot("max").call([])
      case .rounded: base.dot("rounded").call([])
      }
    }
  }

  /// A list's values, or those of a field of its elements (`lines.map(\.price)`).
  private static func values(_ list: Expression, _ fields: [String]) -> Expression {
    fields.isEmpty ? list : list.dot("map").call([Argument(nil, .keyPath(fields.joined(separator: ".")))])
  }

  /// The value a method is called on: in parentheses unless it is a path, a literal or a call.
  private func receiver(_ predicate: Predicate) -> Expression {
    switch predicate {
    case .path, .literal, .lookup, .extremum, .contains, .index, .member: expression(predicate)
    case .call(let function, _, _) where function != .coalesce: expression(predicate)
    default: .parenthesized(expression(predicate))
    }
  }

  /// One side of a comparison: an enum's case `none` or `some` against an optional is named with
  /// its type (`Level.none`), which `.none` alone would be Optional's own.
  private func side(_ predicate: Predicate, against other: Predicate) -> Expression {
    if case .literal(.enumCase(let name), let type) = predicate, name == "none" || name == "some",
      Self.isOptional(other)
    {
      return types.expression(.enumCase(name), type: .optional(type))
    }
    // `(a || b) == c`, `(a == b) == c`: Swift would read them otherwise, or not at all.
    switch predicate {
    case .and, .or, .compare: return .parenthesized(expression(predicate))
    default: return expression(predicate)
    }
  }

  private static func isOptional(_ predicate: Predicate) -> Bool {
    switch predicate {
    case .path(_, let type), .literal(_, let type), .member(_, _, let type): type.isOptional
    case .lookup, .index: true
    default: false
    }
  }

  /// Parentheses where Swift's precedence would read the text differently.
  private func grouped(_ predicate: Predicate, within op: BinaryOperator? = nil) -> Expression {
    switch predicate {
    case .constant, .path, .literal, .not, .contains, .lookup, .extremum, .index, .member: expression(predicate)
    // `??` binds looser than `!`, tighter than `&&` and `||`.
    case .call(let function, _, _) where function != .coalesce || op == .and || op == .or: expression(predicate)
    case .and where op == .and || op == .or: expression(predicate)
    case .or where op == .or: expression(predicate)
    default: .parenthesized(expression(predicate))
    }
  }
}

extension Predicate.ComparisonOperator {
  /// The Swift operator that compares the same way.
  var swiftOperator: BinaryOperator {
    switch self {
    case .equal: .equal
    case .notEqual: .notEqual
    case .lessOrEqual: .lessOrEqual
    case .greaterOrEqual: .greaterOrEqual
    case .less: .less
    case .greater: .greater
    }
  }
}
