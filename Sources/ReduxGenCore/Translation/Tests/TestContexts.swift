/// A payload argument chosen for an operand read through fields (`item.title`, `books[].id`),
/// and what the reducer writes from it.
struct OperandSample {
  var parameter: String
  /// The argument's value, and as Swift.
  var value: Value
  var argument: Expression
  /// What the operand reads from it, when known.
  var written: Value?
  /// `written` as Swift; nil when unknown or holding a fresh UUID.
  var expected: Expression?
}

/// What an operation's derived tests at a path through fields are built from.
struct OperationTestContext {
  /// The test translator, for samples, arguments, `#expect`s and the rest.
  let kit: TestTranslator
  let action: Action
  /// The path's field, reached from `state`.
  let target: Expression
  let reducer: ReduceTranslator
  var names: UniqueNames

  /// A test with a name unique in its file.
  mutating func test(_ title: String, _ name: String, _ body: [Statement]) -> Declaration {
    kit.test(title, names.make(name), body)
  }
}

/// What an operation's derived tests on one element (`tasks[id]...`) or dictionary entry
/// (`d[k]...`) are built from.
struct InPlaceTestContext {
  let kit: TestTranslator
  let action: Action
  let reducer: ReduceTranslator
  /// What the changed place held before the action: `first.isCompleted`, `entry`.
  let current: Expression
  /// The payload parameter that picks the element or entry.
  let selector: String
  /// Whether the key is a field of that parameter (`users[user.id]`).
  let selectorHasFields: Bool
  let isEntry: Bool
  /// The arguments the test passes, by parameter; an operation adds the values it needs.
  var chosen: [String: Expression]
}

/// What an operation makes of one element or entry.
struct InPlaceChange {
  /// `flips`, `sets`, ..., for the test's title and name.
  var verb: String
  /// The changed place's value afterwards.
  var expected: Expression
  /// What an absent dictionary entry becomes (operations that change a value in place).
  var absent: Expression? = nil
  /// For `update`: each field and the parameter it must now hold (`expected` is unused).
  var assignments: [Assignment]? = nil
  /// Whether doing it again restores the value (`toggle`): the test checks that too.
  var flipsBack = false
}
