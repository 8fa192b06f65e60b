// The words messages are made of: what a spec names, what was expected, why a name is refused.
/// What a message talks about: a place in the spec (`model Task`, `the payload of addTask`) or
/// the kind of thing a name names (`an action`, `state field`). Checkers say which; the words
/// are made here, with the messages.
package enum Subject: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of things a spec names, by their noun.
  package enum Kind: String, Hashable, Sendable {
    case action, alert, app, button, event, example, feature, field, filter, key, middleware, model, module, parameter
    case path, property, type
    case caseName = "case"
    case customReducer = "custom reducer"
    case enumCase = "enum case"
    case enumeration = "enum"
    case featureField = "feature field"
    case filterCase = "filter case"
    case reduceOperation = "reduce operation"
    case derivedValue = "derived value"
    case effectScope = "effect scope"
    case effectMethod = "effect method"
    case sortKey = "sort key"
    case stateField = "state field"
    case usedSpec = "used spec"
    case childSpec = "child spec"
    case cacheTag = "cache tag"
    case filterResult = "filter result"
  }

  /// `state field`
  case kind(Kind)
  /// `a state field`, `an action`
  case a(Kind)
  /// `model Task`, `action addTask`
  case named(Kind, String)
  case theSpec
  case theState
  case theApp
  /// A key of the spec: `'doc'`.
  case key(String)
  /// Text as the spec writes it: `'task.title'`.
  case quoted(String)
  case payload(of: String)
  /// What an action's `if` condition reads: its payload, the state and derived values.
  case conditionScope(of: String)
  /// What a filter case reads: the element's fields, the state and derived values.
  case filterScope(of: String)
  case eventPayload(of: String)
  case async(of: String)
  case success(of: String)
  case failure(of: String)
  /// `field 'title'`
  case field(String)
  /// `parameter 'title'`
  case parameter(String)
  case cases(of: String)
  /// `an operand of '<'`
  case operand(of: String)
  /// `the key of 'byID[...]'`
  case lookupKey(of: String)
  case featureSpecPath
  case sharedFeatures(of: String)
  case usedSpecPath

  package var description: String {
    switch self {
    case .kind(let kind): kind.rawValue
    case .a(let kind): ("aeiou".contains(kind.rawValue.first!) ? "an " : "a ") + kind.rawValue
    case .named(let kind, let name): "\(kind.rawValue) \(name)"
    case .theSpec: "the spec"
    case .theState: "the state"
    case .theApp: "the app"
    case .key(let key): "'\(key)'"
    case .quoted(let text): "'\(text)'"
    case .payload(let action): "the payload of \(action)"
    case .conditionScope(let action): "the payload of \(action), the state or its derived values"
    case .filterScope(let model): "model \(model), the state or its derived values"
    case .eventPayload(let event): "the payload of event \(event)"
    case .lookupKey(let path): "the key of '\(path)[...]'"
    case .async(let action): "the async of \(action)"
    case .success(let action): "the success of \(action)"
    case .failure(let action): "the failure of \(action)"
    case .field(let name): "field '\(name)'"
    case .parameter(let name): "parameter '\(name)'"
    case .cases(let name): "the cases of \(name)"
    case .operand(let op): "an operand of '\(op)'"
    case .featureSpecPath: "the path of a feature spec"
    case .sharedFeatures(let action): "the features sharing \(action)"
    case .usedSpecPath: "the path of a used spec"
    }
  }

  /// `state field` for `a state field`; other subjects as they are.
  var withoutArticle: Subject {
    if case .a(let kind) = self { return .kind(kind) }
    return self
  }
}

/// What the checker expected where it found something else.
package enum Expectation: Hashable, Sendable, CustomStringConvertible {
  case mapping(for: Subject)
  case list(for: Subject)
  case text(for: Subject)
  case specMapping
  case type
  case atLeastOneAction
  case atLeastOneOperation
  case atLeastOneFeature
  case exampleName
  case exampleNameOfAtMost(Int)
  case exampleStep
  case operation
  case stateField
  case fieldNameAfterDot
  case caseNameAfterDot
  case closingBracket
  /// After `??`: what a lookup gives when its key names nothing.
  case fallbackValue
  /// In arithmetic: a number, a name, or `(`.
  case arithmeticOperand
  case everyElement
  case sortKeys
  case derivation
  case whereCondition
  case ifCondition
  case fieldName
  case closingParenthesis
  case openingParenthesis
  /// Between the two values of `min(A, B)` and `max(A, B)`.
  case comma
  /// In `push STACK.DEST with FIELD = VALUE`.
  case withEquals
  case elementPosition
  case followUp
  case index
  case predicateOperand
  case moveDestination
  case offsetsParameter([String])
  case filterResult
  case flag(for: Subject)
  /// `through:`'s values.
  case exampleRun
  /// What an example's `effects` says of an effect.
  case effectOutcome(effect: String, returnsValue: Bool)
  /// What an example says a stream's effect does.
  case streamOutcome(effect: String)

  package var description: String {
    switch self {
    case .mapping(let subject): "a mapping for \(subject)"
    case .list(let subject): "a list for \(subject)"
    case .text(let subject): "text for \(subject)"
    case .specMapping: "a mapping of keys such as 'feature' and 'state'"
    case .type: "a type"
    case .atLeastOneAction: "at least one action"
    case .atLeastOneOperation: "at least one reduce operation"
    case .atLeastOneFeature: "at least one feature"
    case .exampleName: "a name that says what the example shows"
    case .exampleNameOfAtMost(let limit): "a name of at most \(limit) characters"
    case .exampleStep: "an action name or 'action: { payload }'"
    case .operation: "an operation such as 'set' or 'append'"
    case .stateField: "a state field"
    case .fieldNameAfterDot: "a field name after '.'"
    case .caseNameAfterDot: "a case name after '.'"
    case .closingBracket: "']'"
    case .fallbackValue: "a value for a key that names nothing ('?? 0')"
    case .arithmeticOperand: "a number, a name or '('"
    case .everyElement: "'[]' after a list"
    case .sortKeys: "'by' and the fields to sort by, as in 'by isCompleted, -priority'"
    case .fieldName: "a field name"
    case .derivation: "'count', 'all', 'any', 'isEmpty', 'sum' or a lookup such as 'users[selectedID]'"
    case .whereCondition: "'where' and a condition over the elements"
    case .ifCondition: "a condition after 'if'"
    case .closingParenthesis: "')'"
    case .openingParenthesis: "'(' and the value to look for, as in 'ids.contains(id)'"
    case .comma: "',' and a second value, as in 'min(a, b)'"
    case .withEquals: "'=' and the field's value, as in 'with syncUp = syncUps[id]'"
    case .elementPosition: "an element's position, as in 'attendees[0].id'"
    case .followUp:
      "an action's name, maybe followed by 'after' or 'every' and a duration, then 'if' and a condition, as in 'then: search after 300ms if !query.isEmpty'"
    case .index: "an index such as [0]"
    case .predicateOperand: "a field, a value or '('"
    case .offsetsParameter(let names):
      "a payload parameter of type IndexSet (" + names.map { "'\($0)'" }.joined(separator: " or ") + ")"
    case .moveDestination: "'to' and the destination, as in 'from offsets to destination'"
    case .filterResult: "the name of a filter's result after 'in'"
    case .flag(let subject): "true or false for \(subject)"
    case .exampleRun: "'store' or 'reducer'"
    case .effectOutcome(let effect, let returnsValue):
      (returnsValue ? "" : "'succeeds', ") + "'{ returns: VALUE }' or '{ fails: ERROR }' for effect '\(effect)'"
    case .streamOutcome(let effect):
      "'{ yields: [VALUE, ...] }', with 'fails: ERROR' beside it for a stream that then throws, or '{ fails: ERROR }' "
        + "for the stream '\(effect)'"
    }
  }
}

/// Why a name can't be an identifier.
package enum IdentifierFlaw: Hashable, Sendable, CustomStringConvertible {
  case empty
  case badStart
  case badCharacter
  case lowercaseType
  /// `_` alone: Swift's wildcard, which names nothing.
  case wildcard

  package var description: String {
    switch self {
    case .empty: "it is empty"
    case .wildcard: "'_' alone is Swift's wildcard, which names nothing"
    case .badStart: "an identifier starts with a letter or '_'"
    case .badCharacter: "use only letters, digits and '_'"
    case .lowercaseType: "type names start with an upper-case letter"
    }
  }
}

/// Why a name clashes with generated code.
package enum ClashReason: Hashable, Sendable, CustomStringConvertible {
  /// In the words of `GeneratedNames`, which knows every generated and imported name.
  case generated(String)
  /// The generated reducer, middleware and effects have a parameter of this name.
  case generatedParameter(String)
  /// redux-gen generates a type of this name for the middleware, and the spec declares one too.
  case generatedTypeDeclared(String)

  package var description: String {
    switch self {
    case .generated(let reason): reason
    case .generatedParameter(let name):
      "the generated reducer, middleware and effects have a parameter '\(name)' of their own"
    case .generatedTypeDeclared(let type): "redux-gen generates '\(type)' for it, which is also a type of the spec"
    }
  }
}
