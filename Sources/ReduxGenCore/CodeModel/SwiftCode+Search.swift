extension Declaration {
  /// Whether any expression inside calls a function named `name`.
  func calls(_ name: String) -> Bool {
    switch self {
    case .structure(let type), .enumeration(let type), .protocolDeclaration(let type):
      type.members.contains { $0.calls(name) }
    case .extensionDeclaration(let ext):
      ext.members.contains { $0.calls(name) }
    case .function(let function):
      function.body?.contains { $0.calls(name) } ?? false
    case .variable(let variable):
      variable.calls(name)
    case .enumCase, .typeAlias:
      false
    }
  }
}

extension VariableDeclaration {
  func calls(_ name: String) -> Bool {
    (initializer?.calls(name) ?? false) || (getter?.contains { $0.calls(name) } ?? false)
  }
}

extension Statement {
  func calls(_ name: String) -> Bool {
    switch self {
    case .expression(let value), .returnStatement(let value?), .throwStatement(let value):
      value.calls(name)
    case .declaration(let variable):
      variable.calls(name)
    case .assignment(let lhs, let rhs), .compoundAssignment(let lhs, _, let rhs):
      lhs.calls(name) || rhs.calls(name)
    case .ifLet(_, let value, let body, let otherwise):
      value.calls(name) || body.contains { $0.calls(name) } || (otherwise?.contains { $0.calls(name) } ?? false)
    case .ifCase(_, let value, let body):
      value.calls(name) || body.contains { $0.calls(name) }
    case .doBlock(let body):
      body.contains { $0.calls(name) }
    case .ifElse(let condition, let body, let otherwise):
      condition.calls(name) || body.contains { $0.calls(name) }
        || (otherwise?.contains { $0.calls(name) } ?? false)
    case .switchStatement(let subject, let cases):
      subject.calls(name) || cases.contains { $0.body.contains { $0.calls(name) } }
    case .forIn(_, let sequence, let condition, let body):
      sequence.calls(name) || (condition?.calls(name) ?? false) || body.contains { $0.calls(name) }
    case .returnStatement(nil), .breakStatement:
      false
    }
  }
}

extension Expression {
  func calls(_ name: String) -> Bool {
    switch self {
    case .call(let callee, let arguments, let trailing):
      if case .identifier(name) = callee { return true }
      return callee.calls(name) || arguments.contains { $0.value.calls(name) }
        || (trailing?.body.calls(name) ?? false)
    case .member(let base, _), .initializer(let base):
      return base?.calls(name) ?? false
    case .closure(let closure):
      return closure.body.calls(name)
    case .array(let elements):
      return elements.contains { $0.calls(name) }
    case .dictionary(let entries):
      return entries.contains { $0.key.calls(name) || $0.value.calls(name) }
    case .binary(let lhs, _, let rhs):
      return lhs.calls(name) || rhs.calls(name)
    case .prefix(_, let value), .subscripted(let value, _), .forceUnwrap(let value), .inoutArgument(let value),
      .optionalChain(let value),
      .tryExpression(let value), .awaitExpression(let value), .parenthesized(let value):
      if case .subscripted(let base, let index) = self { return base.calls(name) || index.calls(name) }
      return value.calls(name)
    case .subscriptedWithDefault(let base, let key, let value):
      return base.calls(name) || key.calls(name) || value.calls(name)
    case .subscriptedByLabel(let base, _, let index):
      return base.calls(name) || index.calls(name)
    case .macro(_, let arguments), .attribute(_, let arguments), .tuple(let arguments):
      return arguments.contains { $0.value.calls(name) }
    case .interpolation(let parts):
      return parts.contains { part in
        if case .value(let value) = part { return value.calls(name) }
        return false
      }
    case .identifier, .literal, .keyPath, .type, .metatype:
      return false
    }
  }
}

extension Expression {
  /// A number written out: `3`, `2.5`, `-(3.0)`.
  /// A number literal with its negations folded in (`-(1)` as `-1`, a literal of its own): what
  /// a conversion such as `Float(...)` takes unambiguously. Anything else as it is.
  var negationFolded: Expression {
    switch self {
    case .parenthesized(let inner):
      let folded = inner.negationFolded
      if case .literal = folded { return folded }
      return self
    case .prefix(.negate, let inner):
      switch inner.negationFolded {
      case .literal(.int(let number)) where number != .min: return .literal(.int(-number))
      case .literal(.double(let number)): return .literal(.double(-number))
      default: return self
      }
    default:
      return self
    }
  }

  var isNumberLiteral: Bool {
    switch self {
    case .literal(.int), .literal(.double): true
    case .prefix(.negate, let inner), .parenthesized(let inner): inner.isNumberLiteral
    default: false
    }
  }
}
