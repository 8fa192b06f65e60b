// The names a condition over a list's elements reads, and the problems of a name two scopes give.
extension SpecProblem {
  /// A `where`'s problem: an unknown first name that is `outside` what it reads (a derived
  /// value, a filter result) says what a `where` reads.
  func readingOnly(_ element: Model, outside: (String) -> Subject?) -> SpecProblem {
    guard case .unknownField(let name, .named(.model, element.name), _) = self, let what = outside(name) else {
      return self
    }
    return .whereReadsOnlyElement(name, element: element.name, what: what)
  }

  /// A condition's problem over an element with a field `state`: an unknown name that is a
  /// state field says that field hides the state.
  func stateHidden(by element: Model, stateFields: [Field]) -> SpecProblem {
    guard case .unknownField(let name, _, _) = self, element.fields.contains(where: { $0.name == "state" }),
      stateFields.contains(where: { $0.name == name })
    else { return self }
    return .stateHiddenByField(name, element: element.name)
  }
}

/// What a condition over a list's elements reads besides a merged scope: the element's own
/// fields (`element.NAME`), the action's parameters (`payload.NAME`), and the state's names, so a
/// bare name both the element's field and a parameter or state field is refused, never chosen.
struct ElementScope {
  enum Qualifier {
    case element
    case payload
  }

  /// The element's model.
  var element: Model
  /// The action's parameters (none in a filter case or a derived value).
  var payload: [Field] = []
  /// The action, in an operation's `where`.
  var action: String?
  /// The state's fields and derived values a bare name reads (none where a name `state` of the
  /// element or the payload hides the state).
  var stateNames: Set<String> = []

  /// The scope `word` names: `element`, or `payload` in an action, unless the element or the
  /// payload has a field of that name.
  func qualifier(_ word: String) -> Qualifier? {
    guard !element.fields.contains(where: { $0.name == word }), !payload.contains(where: { $0.name == word }) else {
      return nil
    }
    if word == "element" { return .element }
    if word == "payload", action != nil { return .payload }
    return nil
  }

  /// The problem of a bare `name` that is the element's field and also a parameter or a state
  /// field.
  func ambiguity(of name: String) -> SpecProblem? {
    guard element.fields.contains(where: { $0.name == name }) else { return nil }
    let parameter = payload.contains { $0.name == name }
    let state = stateNames.contains(name)
    guard parameter || state else { return nil }
    return .nameOfTwoScopes(name, element: element.name, action: parameter ? action : nil, state: state)
  }
}
