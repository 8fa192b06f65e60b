// The messages of problems with types, models, conformances, JSON keys and values written inline.
extension SpecProblem {
  /// The message, when the problem is one of types, models, conformances, JSON keys and values written inline; nil otherwise.
  var typesMessage: String? {
    switch self {
    case .unknownType(let name, let suggestion):
      "unknown type '\(name)'"
        + (suggestion == nil
          ? "; a type is "
            + SpecType.Scalar.allCases.map(\.rawValue).joined(separator: ", ")
            + ", a model or enum of the spec, T?, [T] or [K: V], or IndexSet in a payload"
          : didYouMean(suggestion))
    case .unsupportedIDType(let model, let type):
      "the 'id' of model \(model) is how a list finds its elements, so it is a value tests can tell apart (a number, text, a UUID, a URL, a date, or a model of such fields), not \(type); "
        + "name the field otherwise if it isn't the element's identity"
    case .invalidTypeSyntax(let text):
      "'\(text)' is not a type; write a type as Swift does: String, Task?, [Task], [String: Task]"
    case .optionalDictionaryValue(let type, let suggestion):
      "a dictionary's values can't be optional ('\(type)'): an absent key already reads as nil; write '\(suggestion)'"
    case .invalidDictionaryKey(let type):
      "'\(type)' can't be a dictionary key; use String, Int, UUID or an enum"
    case .invalidDefault(let literal, let type):
      "default '\(literal)' is not a value of type \(type)"
    case .unknownEscape(let literal):
      "'\(literal)' has an escape that YAML's double-quoted text doesn't have; write a backslash as '\\\\'"
    case .missingDefault(let field, let type):
      "state field '\(field)' of type \(type) needs a default, as in '\(field): \(type) = ...'"
    case .invalidValue(let text, let type):
      "'\(text)' is not a value of type \(type)"
    case .unknownConformance(let word):
      ["Equatable", "Sendable", "Identifiable"].contains(word)
        ? "'\(word)' needs no asking: every model is \(word == "Identifiable" ? "Identifiable with an 'id' field" : word); "
          + "'conformances' lists Codable and Hashable"
        : "'\(word)' is not a conformance redux-gen generates on request; 'conformances' lists Codable and Hashable"
    case .repeatedConformance(let word):
      "'\(word)' is listed twice in 'conformances'"
    case .usedModelLacksConformance(let name, let conformance, let spec, let why):
      "'\(name)' must be \(conformance) here (\(why)), but \(spec) doesn't generate it so; "
        + "add 'conformances: [\(conformance)]' to '\(name)' there"
    case .missingField(let name, let model):
      "missing field '\(name)' of \(model), which has no default"
    case .jsonKeyOutsideModel(let name):
      "'json' names the JSON key of a model's field; '\(name)' is not a model's field"
    case .emptyJSONKey(let name):
      "the JSON key of '\(name)' is empty"
    case .duplicateJSONKey(let key, let field, let other):
      "'\(field)' would be encoded under the JSON key '\(key)', as '\(other)' is"
    case .valueOutOfRange(let text, let type):
      "'\(text)' is out of the range of \(type)"
    case .caseWithoutValues(let name, let enumName):
      "case '\(name)' of \(enumName) lists no values; a case without values is written by its name alone ('- \(name)')"
    case .caseValueWithDefault(let name, let owner):
      "'\(name)' of \(owner) has a default; \(owner) is made with all its values, so they take none"
    case .caseValueType(let name, let owner, let type):
      "'\(name)' of \(owner) is \(type); a value it carries is one of numbers, text, dates, URLs, Data, Bool, enums "
        + "and optionals, lists and dictionaries of them, not a model (hold the model in a state field)"
    case .caseValuesClash(let name, let enumName, let type, let clash):
      "case '\(name)' of \(enumName) keeps its values in the struct \(enumName).\(type), which \(clash); name the case otherwise"
    case .caseValueOfSumEnum(let name, let enumName, let held):
      "case '\(name)' of \(enumName) carries a value of \(held), whose cases carry values too; a case carries an enum "
        + "whose cases are names alone (keep the other in a field of its own)"
    case .caseHidesType(let name, let enumName, let type):
      "case '\(name)' of \(enumName) keeps its values in the struct \(enumName).\(type), which inside the enum would "
        + "hide the type \(type) that its values hold; name the case otherwise"
    case .enumCarriesValues(let name, let use):
      "\(name) has cases that carry values, so it has no text of its own to \(use); "
        + "use an enum whose cases are names alone"
    default: nil
    }
  }
}
