// The messages of problems with conditions, the expressions in them, and filters.
extension SpecProblem {
  /// The message, when the problem is one of conditions, the expressions in them, and filters; nil otherwise.
  var conditionsMessage: String? {
    switch self {
    case .stateReadAsParameter(let name, let action, _):
      "'\(name)' is a state field, but this value reads action '\(action)''s payload and literals, not the state "
        + "(a 'set' reads the state: 'set total = \(name) * 2'); declare '\(name)' in the payload"
    case .readThroughOptional(let name, let path, let type):
      "can't read '\(name)' of '\(path)': '\(path)' is optional (\(type)); read it with '\(path)?.\(name)' (nil where '\(path)' is nil), compare '\(path)' with nil, or keep what you need in a field that isn't optional"
    case .notOptionalChained(let path, let type):
      "'\(path)' is \(type), not optional: read its fields with '.', not '?.'"
    case .subscriptAfterChain(let path):
      "can't read '\(path)[...]': '[...]' doesn't follow a path read through '?.'; read the list where it isn't optional, or keep it in a derived value first"
    case .cannotCompute(let lhs, let op, let rhs) where op == "%":
      "can't compute \(lhs) % \(rhs): '%' takes two whole numbers of one type, Int or Int64 (a Double has no remainder operator in Swift)"
    case .cannotCompute(let lhs, let op, let rhs) where op == "??":
      "can't compute \(lhs) ?? \(rhs): '??' takes an optional value on its left (a list's 'first' or 'last', an "
        + "optional field) and, on its right, a value of the type it wraps"
    case .cannotApply(let function, let value, let takes):
      "can't compute \(function) of \(value): \(function) takes \(takes)"
    case .cannotCompute(let lhs, let op, let rhs) where op == "min" || op == "max":
      "can't compute \(op)(\(lhs), \(rhs)): \(op) takes two values of one type that has an order (numbers, text, dates), or an integer and a Double (a Double), neither optional"
    case .cannotCompute(let lhs, let op, let rhs):
      "can't compute \(lhs) \(op) \(rhs): arithmetic takes two values of one type among Int, Int64 and Double, or an integer and a Double (a Double); keep other numbers in fields of their own; in a condition, '+' also joins two String values"
    case .membershipInCondition(let path, let type):
      "'\(path)' is \(type), and 'contains' asks a list whether it holds a value; "
        + (type.hasPrefix("[") && type.contains(":")
          ? "ask a dictionary whether it has a key with '\(path)[KEY] != nil'" : "compare text with '==' or keep a list")
    case .lookupInCondition(let path, let type):
      "can't look up '\(path)[...]': '\(path)' is \(type), and '[...]' reads a dictionary by key, a list of models with an 'id' by id, or any list by an offset from 0 (an Int)"
    case .stateHiddenByField(let name, let element):
      "'\(name)' is a state field, but \(element) has a field named 'state', which hides the state in a condition over its elements; rename that field to read the state here"
    case .nameOfTwoScopes(let name, let element, let action, let state):
      {
        let others = [action.map { "a parameter of action '\($0)'" }, state ? "a state field" : nil].compactMap { $0 }
        let ways = ["'element.\(name)' for the element's", action.map { _ in "'payload.\(name)' for the action's" },
          state ? "'state.\(name)' for the state's" : nil].compactMap { $0 }
        return "'\(name)' is both a field of each element (\(element)) and \(others.joined(separator: " and ")), "
          + "so which one it reads would be a guess; write " + ways.dropLast().joined(separator: ", ")
          + " or " + (ways.last ?? "")
      }()
    case .whereReadsOnlyElement(let name, let element, let what):
      "'\(name)' is \(what), which a 'where' condition doesn't read: it reads the fields of each element (\(element)), the state's fields and, in an action's operation, the payload; read the state fields it is made of, or, in an action, write an '- if' around the operation (which reads derived values and filter results)"
    case .filterOverNotModelList(let name, let type):
      "a filter must be over a state field that is a list of a model; '\(name)' is \(type)"
    case .filterSelectedExists(let name):
      "the filter's selected field '\(name)' is already a state field"
    case .noCases(let name):
      "'\(name)' needs at least one case"
    case .filterReadsFilterResult(let name):
      "a filter case can't read the filter result '\(name)': read the list it filters, or a derived value"
    case .expectedToken(let what, let found):
      "expected \(what), found \(found)"
    case .unexpectedText(let text):
      switch text {
      case "+", "-", "*", "/", "%":
        "unexpected '\(text)': arithmetic is computed over numbers in a derived value (`left: budget - spent`), an "
          + "operation's value (`set total = price * quantity`) and a condition (`count % 2 == 0`); text is joined "
          + "with + in a condition and in a `set` (`set name = first + \" \" + last`)"
      default:
        "unexpected '\(text)'"
      }
    case .typeMismatch(let expected, let found, let what):
      "\(what) has type \(found), but \(expected) is needed"
    case .notBool(let path, let type):
      "'\(path)' has type \(type); toggle needs a Bool"
    case .notNumeric(let path, let type):
      "'\(path)' has type \(type), which is not a number"
    case .cannotCompare(let lhs, let rhs, let op):
      "can't compare \(lhs) with \(rhs) using '\(op)'"
    case .nilAgainstNonOptional(let type):
      "can't compare \(type) with nil: it is not optional"
    case .predicateNotBool(let type):
      "a condition must be a Bool, but this has type \(type)"
    case .conditionNeedsFields(let path, let type):
      "a condition reads the fields of the elements of '\(path)', but its elements are \(type)"
    case .notSortable(let name, let type):
      "can't sort by '\(name)': \(type) has no order (sort by numbers, text, dates, Bool or enums whose cases carry no values)"
    case .caseNeedsValues(let name, let enumName, let labels):
      "case '\(name)' of \(enumName) carries values: test it with 'is' ('VALUE is \(name)'), read them with "
        + "'?.' ('VALUE.\(name)?.\(labels.first ?? "value")'), make it with all of them ('\(name)("
        + labels.map { "\($0): ..." }.joined(separator: ", ") + ")')"
    case .caseValuesMismatch(let name, let enumName, let labels):
      "case '\(name)' of \(enumName) is made with its values in their order: \(name)("
        + labels.map { "\($0): ..." }.joined(separator: ", ") + ")"
    case .notShownAsText(let text, let type):
      "'\\(\(text))' is \(type), which text doesn't show as it reads: interpolate text, a number, a Bool or an enum "
        + "of names" + (type.hasSuffix("?") ? " (give an optional a fallback: '\\(\(text) ?? \"none\")')" : "")
    case .bareWordKey(let word, let action):
      "'\(word)' is neither a parameter of action '\(action)' nor a name of the state; a key of text is written "
        + "in quotes: [\"\(word)\"]"
    case .caseTestOnNonEnum(let text, let type):
      "'is' tests an enum's case, but '\(text)' is \(type)"
    default: nil
    }
  }
}
