// The messages of problems with derived values.
extension SpecProblem {
  /// The message, when the problem is one of derived values; nil otherwise.
  var derivedMessage: String? {
    switch self {
    case .arithmeticAfterAggregate(let op):
      "'\(op)' after a count or sum: a derived value's arithmetic reads state fields and the derived values written "
        + "before it, so give the count its own derived value (`itemCount: count items`) and compute with that "
        + "(`itemCount + 1`)"
    case .derivedReadAsStateField(let name):
      "'\(name)' is a derived value, but only a state field can be read here: a lookup reads the state's "
        + "lists and dictionaries by a key that is a state field ('count', 'sum', 'any' and 'all' also read a list "
        + "an earlier derived value gives); write this value over the fields '\(name)' reads"
    case .derivedReadsLater(let name, let value) where name == value:
      "'\(value)' can't read itself: a derived value reads the state's fields and the derived values written before it"
    case .derivedReadsLater(let name, let value):
      "'\(value)' can't read '\(name)': a derived value reads the state's fields and the derived values written before it; move '\(name)' above '\(value)'"
    case .notWeights(let name, let type):
      "'\(name)' has type \(type): 'sum LIST.FIELD * NAME[KEY]' multiplies by the number a dictionary of numbers holds under each element's KEY"
    case .notAggregated(let name, let type):
      "'\(name)' has type \(type): count, sum, any, all and isEmpty read a list or a dictionary (its values)"
    case .entryKeyAmbiguous(let list, let model):
      "'key' over '\(list)' could name each entry's key or \(model)'s field 'key': rename the field to weigh by either"
    case .entryKeyMismatch(let list, let type, let weights, let weightsKey):
      "the keys of '\(list)' have type \(type), but '\(weights)' is keyed by \(weightsKey)"
    case .entryKeyOverList(let list, let model):
      "\(model) has no field 'key': '[key]' names each entry's key only over a dictionary, and '\(list)' is a list; weigh by a field of \(model)"
    case .derivedReadsNothing(let value):
      "'\(value)' reads nothing of the state: a derived value computes from state fields or other derived values; a constant belongs in a state field's default"
    case .notArithmeticValue(let name, let type):
      "can't compute with '\(name)': it has type \(type), and arithmetic takes Int, Int64 and Double values that aren't optional"
    case .cannotMultiply(let lhs, let rhs):
      "can't multiply \(lhs) by \(rhs): a product takes two values of one numeric type, or an Int and a Double (a Double)"
    case .lookupInsideField(let name):
      "a derived value reads inside '\(name)' by a lookup ('\(name).entities[\(name).selectedID]'), by count, sum and the others over a list in it ('count \(name).items'), or by arithmetic over its fields ('\(name).minutes * 60')"
    case .unknownDerivation(let word, let suggestion):
      "unknown derived value '\(word)': write 'count LIST', 'all LIST where CONDITION', 'any LIST where CONDITION', 'isEmpty LIST', 'sum LIST.FIELD', 'COLLECTION[FIELD]' or 'COLLECTION[LIST]'"
        + didYouMean(suggestion)
    case .notLookup(let name, let type):
      "'\(name)' has type \(type): a lookup reads a dictionary by key or a list of models by id"
    case .derivedNameTaken(let name):
      "'\(name)' is already a state field, filter result or derived value"
    case .derivedParameterSyntax(let text):
      "'\(text)' is not a derived value's name: write 'NAME' or, for a value that takes a parameter, 'NAME(PARAMETER)' (product(id): products[id])"
    case .derivedParameterNeedsLookup(let parameter):
      "a derived value with a parameter looks it up: write 'COLLECTION[\(parameter)]' (a dictionary by key, a list of models by id); "
        + "for any other value, write '{ parameters: { \(parameter): TYPE }, value: EXPRESSION }'"
    case .selectorInApp(let name):
      "'\(name)': an app's derived values read its features' fields as counts, sums, lookups and arithmetic; a value of "
        + "'parameters' and 'value' is written in a feature's spec"
    case .readsSelector(let selector, let value):
      "'\(value)' can't read '\(selector)': '\(selector)' takes parameters, and a derived value reads values without any; "
        + "compute what it needs here"
    case .selectorWithoutParameters(let name):
      "'\(name)' has no parameters: a derived value without any is written 'NAME: EXPRESSION'"
    case .selectorParameter(let parameter, let type, let hasDefault):
      hasDefault
        ? "parameter '\(parameter)' has a default: a derived value's parameters are given where it is read"
        : "parameter '\(parameter)' is \(type): a derived value's parameter is a value its view store remembers results by "
          + "(a number, text, a Bool, a UUID, a Date, a URL, an enum, or an optional one)"
    case .derivedParameterUnused(let parameter, let key):
      "the lookup's key is '\(key)', not the parameter '\(parameter)': a derived value with a parameter looks up by it ('COLLECTION[\(parameter)]')"
    default: nil
    }
  }
}
