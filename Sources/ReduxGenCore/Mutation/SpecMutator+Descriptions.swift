extension SpecMutator {
  // MARK: Descriptions

  static func describe(_ value: Value) -> String {
    switch value {
    case .bool(let flag): String(flag)
    case .int(let number): String(number)
    case .double(let number): String(number)
    case .string(let text): "\"\(text)\""
    case .uuid(let text): "UUID(\(text))"
    case .newUUID: "UUID()"
    case .now: "Date()"
    case .date(let seconds): "Date(\(seconds))"
    case .url(let text): "URL(\(text))"
    case .data(let text): "Data(\"\(text)\")"
    case .enumCase(let name): ".\(name)"
    case .caseWithValues(let name, let values):
      ".\(name)(\(values.map { "\($0.name): \(describe($0.value))" }.joined(separator: ", ")))"
    case .null: "nil"
    case .array(let elements): "[\(elements.map(describe).joined(separator: ", "))]"
    case .dictionary(let entries):
      entries.isEmpty ? "[:]" : "[\(entries.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", "))]"
    case .model(let name, let fields):
      "\(name)(\(fields.map { "\($0.name): \(describe($0.value))" }.joined(separator: ", ")))"
    case .modelDefault(let name): "\(name)()"
    case .failed(let message): ".failed(\"\(message)\")"
    }
  }

  /// The value and the case a `VALUE is CASE` test reads (`mode.playing`, `mode?.playing`).
  private static func caseTested(_ read: Predicate) -> (Predicate, String)? {
    func base(_ steps: [Predicate.PathStep]) -> ([Predicate.PathStep], String)? {
      guard case .field(let caseName)? = steps.last else { return nil }
      var rest = Array(steps.dropLast())
      if rest.last == .unwrapped { rest.removeLast() }
      return (rest, caseName)
    }
    switch read {
    case .path(let steps, let type):
      return base(steps).map { (.path($0.0, type), $0.1) }
    case .member(let value, let steps, let type):
      guard let (rest, caseName) = base(steps) else { return nil }
      return (rest.isEmpty ? value : .member(value, rest, type), caseName)
    default:
      return nil
    }
  }

  static func describe(_ predicate: Predicate) -> String {
    /// In parentheses unless it binds tighter than the operator it is an operand of.
    func grouped(_ predicate: Predicate, within op: String = "!") -> String {
      switch predicate {
      case .constant, .path, .literal, .not, .contains, .lookup, .extremum, .index, .member, .makeCase: describe(predicate)
      case .call(let function, _, _) where function != .coalesce: describe(predicate)
      case .call where op == "==" || op == "&&" || op == "||": describe(predicate)
      case .arithmetic where op == "==": describe(predicate)
      case .compare where op == "&&" || op == "||": describe(predicate)
      case .and where op == "&&" || op == "||": describe(predicate)
      case .or where op == "||": describe(predicate)
      default: "(\(describe(predicate)))"
      }
    }
    switch predicate {
    case .constant(let flag): return String(flag)
    case .path(let steps, _):
      return Predicate.PathStep.text(of: steps)
    case .literal(let value, _): return describe(value)
    case .arithmetic: return predicate.arithmetic.text { grouped($0) }
    case .extremum(let which, let lhs, let rhs, _): return "\(which.rawValue)(\(describe(lhs)), \(describe(rhs)))"
    case .call(.coalesce, let arguments, _):
      // `??` binds looser than arithmetic, tighter than a comparison; it groups to the right.
      func side(_ operand: Predicate) -> String {
        switch operand {
        case .constant, .path, .literal, .contains, .lookup, .extremum, .call, .index, .member: describe(operand)
        default: "(\(describe(operand)))"
        }
      }
      return "\(side(arguments[0])) ?? \(describe(arguments[1]))"
    case .call(.abs, let arguments, _): return "abs(\(describe(arguments[0])))"
    case .call(let method, let arguments, _):
      return "\(grouped(arguments[0])).\(method.rawValue)(\(describe(arguments[1])))"
    case .not(let operand): return "!" + grouped(operand)
    case .and(let lhs, let rhs): return "\(grouped(lhs, within: "&&")) && \(grouped(rhs, within: "&&"))"
    case .or(let lhs, let rhs): return "\(grouped(lhs, within: "||")) || \(grouped(rhs, within: "||"))"
    case .compare(let lhs, let op, let rhs):
      // `mode is playing`, as the spec writes it (`mode.playing != nil` in Swift).
      if op == .notEqual, case .literal(.null, .optional(.model(let valuesType))) = rhs, valuesType.contains("."),
        let (value, caseName) = caseTested(lhs)
      {
        return "\(grouped(value, within: "==")) is \(caseName)"
      }
      return "\(grouped(lhs, within: "==")) \(op.rawValue) \(grouped(rhs, within: "=="))"
    case .contains(let list, let value): return "\(describe(list)).contains(\(describe(value)))"
    case .lookup(let collection, let key, _): return "\(describe(collection))[\(describe(key))]"
    case .index(let list, let offset, _): return "\(describe(list))[\(describe(offset))]"
    case .member(let base, let steps, _):
      let receiver: String
      switch base {
      case .path, .lookup, .index, .member, .literal: receiver = describe(base)
      default: receiver = "(\(describe(base)))"
      }
      return receiver + (steps.first == .unwrapped ? "" : ".") + Predicate.PathStep.text(of: steps)
    case .makeCase(let name, let labels, let values, _):
      return "\(name)(\(zip(labels, values).map { "\($0): \(describe($1))" }.joined(separator: ", ")))"
    }
  }

  static func describe(_ key: SortKey) -> String { (key.descending ? "-" : "") + key.field }

  static func describe(_ phase: StatusUpdate.Phase, action: String) -> String {
    switch phase {
    case .loading: ".loading"
    case .succeeded: ".succeeded"
    case .failed(let message?): ".failed(\(message))"
    case .failed(nil): ".failed(\"\(action)\")"
    }
  }
}
