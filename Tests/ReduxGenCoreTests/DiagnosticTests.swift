import Testing

@testable import ReduxGenCore

/// One broken spec per row, with the exact diagnostics it must produce.
private let brokenSpecs: [(name: String, spec: String, diagnostics: [String])] = [
  (
    "unknown-top-key",
    "featur: X\nstate: {}\nactions: { a: {} }\n",
    [
      "bad.yaml:1:1: error: unknown key 'featur' in the spec; did you mean 'feature'?",
    ]
  ),
  (
    "unknown-model-key",
    "feature: X\nmodels:\n  Task:\n    feilds: { id: UUID }\nstate: {}\nactions: { a: {} }\n",
    [
      "bad.yaml:4:5: error: unknown key 'feilds' in model Task; did you mean 'fields'?",
    ]
  ),
  (
    "unknown-type",
    "feature: X\nmodels:\n  Task:\n    fields:\n      title: Strng\nstate: {}\nactions: { a: {} }\n",
    [
      "bad.yaml:5:14: error: unknown type 'Strng'; did you mean 'String'?",
    ]
  ),
  (
    "unknown-type-in-list",
    "feature: X\nstate:\n  tasks: [Tsk]\nactions: { a: {} }\n",
    [
      "bad.yaml:3:11: error: unknown type 'Tsk'",
    ]
  ),
  (
    "bad-dictionary-key",
    "feature: X\nstate:\n  byFlag: \"[Bool: Int]\"\nactions: { a: {} }\n",
    [
      "bad.yaml:3:12: error: 'Bool' can't be a dictionary key; use String, Int, UUID or an enum",
    ]
  ),
  (
    "wrong-default",
    "feature: X\nstate:\n  count: Int = abc\nactions: { a: {} }\n",
    [
      "bad.yaml:3:16: error: default 'abc' is not a value of type Int",
    ]
  ),
  (
    "wrong-bool-default",
    "feature: X\nstate:\n  on: Bool = 1\nactions: { a: {} }\n",
    [
      "bad.yaml:3:14: error: default '1' is not a value of type Bool",
    ]
  ),
  (
    "missing-default",
    "feature: X\nstate:\n  title: String\nactions: { a: {} }\n",
    [
      "bad.yaml:3:10: error: state field 'title' of type String needs a default, as in 'title: String = ...'",
    ]
  ),
  (
    "yaml-unclosed",
    "feature: X\nstate: { a: [Int }\nactions: { a: {} }\n",
    [
      "bad.yaml:2:18: error: a '[' list is not closed with ']'",
    ]
  ),
  (
    "yaml-tab",
    "feature: X\nstate:\n\tcount: Int = 0\nactions: { a: {} }\n",
    [
      "bad.yaml:3:1: error: a tab is used for indentation; YAML allows only spaces",
    ]
  ),
  (
    "duplicate-key",
    "feature: X\nstate: {}\nstate: {}\nactions: { a: {} }\n",
    [
      "bad.yaml:3:1: error: duplicate key 'state'",
    ]
  ),
  (
    "empty",
    "",
    [
      "bad.yaml:1:1: error: the spec is empty; it needs at least 'feature', 'state' and 'actions'",
    ]
  ),
  (
    "not-a-mapping",
    "- feature: X\n",
    [
      "bad.yaml:1:1: error: expected a mapping of keys such as 'feature' and 'state', found a list",
    ]
  ),
  (
    "unsupported",
    "feature: X\nstate: {}\nactions: { a: {} }\nevents: { shown: {} }\n",
    [
      "bad.yaml:4:1: error: 'events' in the spec is not supported yet by this version of redux-gen",
    ]
  ),
  (
    "reduce-unknown-field",
    "feature: X\nmodels:\n  Task:\n    fields: { id: UUID, isCompleted: Bool = false }\nstate:\n  tasks: [Task]\nactions:\n  toggle:\n    payload: { id: UUID }\n    reduce: toggle tasks[id].isComplete\n",
    [
      "bad.yaml:10:30: error: unknown field 'isComplete' in model Task; did you mean 'isCompleted'?",
    ]
  ),
  (
    "reduce-unknown-state",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  up: { reduce: increment cont }\n",
    [
      "bad.yaml:5:27: error: unknown field 'cont' in the state; did you mean 'count'?",
    ]
  ),
  (
    "reduce-unknown-op",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  up: { reduce: incremnt count }\n",
    [
      "bad.yaml:5:17: error: unknown reduce operation 'incremnt'; did you mean 'increment'?",
    ]
  ),
  (
    "reduce-not-bool",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  flip: { reduce: toggle count }\n",
    [
      "bad.yaml:5:26: error: 'count' has type Int; toggle needs a Bool",
    ]
  ),
  (
    "reduce-type-mismatch",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  put:\n    payload: { text: String }\n    reduce: set count\n",
    [
      "bad.yaml:7:17: error: parameter 'text' has type String, but Int is needed",
    ]
  ),
  (
    "reduce-needs-value",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  put: { reduce: set count }\n",
    [
      "bad.yaml:5:22: error: 'set' needs a value, but action 'put' has no payload; write 'set PATH = VALUE'",
    ]
  ),
  (
    "reduce-custom-later",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  put: { reduce: custom }\n",
    [
      "bad.yaml:5:18: error: 'custom' in reduce is not supported yet by this version of redux-gen",
    ]
  ),
  (
    "predicate-unknown-field",
    "feature: X\nmodels:\n  Task:\n    fields: { id: UUID, isCompleted: Bool = false }\nstate:\n  tasks: [Task]\nfilters:\n  F:\n    over: tasks\n    cases:\n      active: \"!isComplete\"\nactions: { a: {} }\n",
    [
      "bad.yaml:11:17: error: unknown field 'isComplete' in model Task; did you mean 'isCompleted'?",
    ]
  ),
  (
    "predicate-not-bool",
    "feature: X\nmodels:\n  Task:\n    fields: { id: UUID, title: String }\nstate:\n  tasks: [Task]\nfilters:\n  F:\n    over: tasks\n    cases:\n      named: title\nactions: { a: {} }\n",
    [
      "bad.yaml:11:14: error: a filter case must be a Bool condition, but this has type String",
    ]
  ),
  (
    "predicate-unlike-types",
    "feature: X\nmodels:\n  Task:\n    fields: { id: UUID, title: String }\nstate:\n  tasks: [Task]\nfilters:\n  F:\n    over: tasks\n    cases:\n      short: \"title == 3\"\nactions: { a: {} }\n",
    [
      "bad.yaml:11:21: error: can't compare String with Int using '=='",
    ]
  ),
  (
    "predicate-nil",
    "feature: X\nmodels:\n  Task:\n    fields: { id: UUID, title: String }\nstate:\n  tasks: [Task]\nfilters:\n  F:\n    over: tasks\n    cases:\n      none: \"title == nil\"\nactions: { a: {} }\n",
    [
      "bad.yaml:11:23: error: can't compare String with nil: it is not optional",
    ]
  ),
  (
    "filter-over-scalar",
    "feature: X\nstate:\n  count: Int = 0\nfilters:\n  F:\n    over: count\n    cases: { all: true }\nactions: { a: {} }\n",
    [
      "bad.yaml:6:11: error: a filter must be over a state field that is a list of a model; 'count' is Int",
    ]
  ),
  (
    "middleware-unknown-action",
    "feature: X\nstate: {}\nactions: { add: {} }\nmiddleware:\n  Logger: { on: [ad] }\n",
    [
      "bad.yaml:5:18: error: unknown action 'ad'; did you mean 'add'?",
    ]
  ),
  (
    "example-unknown-action",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  up: { reduce: increment count }\nexamples:\n  - name: e\n    when: [upp]\n    then: { count: 1 }\n",
    [
      "bad.yaml:8:12: error: unknown action 'upp'; did you mean 'up'?",
    ]
  ),
  (
    "example-wrong-value",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  up: { reduce: increment count }\nexamples:\n  - name: e\n    when: [up]\n    then: { count: one }\n",
    [
      "bad.yaml:9:20: error: 'one' is not a value of type Int",
    ]
  ),
  (
    "example-unknown-path",
    "feature: X\nstate:\n  count: Int = 0\nactions:\n  up: { reduce: increment count }\nexamples:\n  - name: e\n    when: [up]\n    then: { cnt: 1 }\n",
    [
      "bad.yaml:9:13: error: unknown field 'cnt' in the state; did you mean 'count'?",
    ]
  ),
  (
    "example-missing-field",
    "feature: X\nmodels:\n  Task:\n    fields: { id: UUID, title: String }\nstate:\n  tasks: [Task]\nactions:\n  add:\n    payload: { task: Task }\n    reduce: append tasks\nexamples:\n  - name: e\n    when:\n      - add: { task: { id: 1 } }\n    then: { tasks.count: 1 }\n",
    [
      "bad.yaml:14:22: error: missing field 'title' of Task, which has no default",
    ]
  ),
  (
    "bad-identifier",
    "feature: X\nstate:\n  my-count: Int = 0\nactions: { a: {} }\n",
    [
      "bad.yaml:3:3: error: 'my-count' can't be the name of a field: use only letters, digits and '_'",
    ]
  ),
  (
    "no-actions",
    "feature: X\nstate: {}\n",
    [
      "bad.yaml:1:1: error: missing required key 'actions' in the spec",
    ]
  ),
  (
    "alias-bomb",
    "feature: X\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
    [
      "bad.yaml:7:32: error: the document expands to more than 1000000 nodes (are aliases repeating themselves?)",
    ]
  ),
  (
    "deep-nesting",
    "feature: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
    [
      "bad.yaml:1:265: error: the document is nested more than 256 levels deep",
    ]
  ),
]

struct DiagnosticTests {
  @Test("a broken spec gives exactly its diagnostics", arguments: brokenSpecs.map(\.name))
  func brokenSpec(name: String) throws {
    let row = try #require(brokenSpecs.first { $0.name == name })
    var diagnostics: [Diagnostic] = []
    do {
      let result = try GeneratorPipeline.generate(row.spec, path: "bad.yaml")
      Issue.record("expected errors, generated \(result.files.count) files")
    } catch {
      diagnostics = error.diagnostics
    }
    #expect(diagnostics.map(\.summary) == row.diagnostics)
    #expect(diagnostics.contains { $0.severity == .error })
  }

  @Test("the source line and a caret follow each diagnostic")
  func rendersExcerpt() throws {
    let text = "feature: X\nstate:\n  count: Int = abc\nactions: { a: {} }\n"
    var diagnostics: [Diagnostic] = []
    do {
      _ = try GeneratorPipeline.generate(text, path: "bad.yaml")
    } catch {
      diagnostics = error.diagnostics
    }
    let renderer = DiagnosticRenderer(sources: ["bad.yaml": text], colored: false)
    #expect(
      diagnostics.map(renderer.render) == [
        "bad.yaml:3:16: error: default 'abc' is not a value of type Int\n  count: Int = abc\n               ^"
      ])
  }

  @Test("the example specs check without problems", arguments: ["tasklist", "counter"])
  func exampleSpecsAreClean(spec: String) throws {
    let path = "Specs/\(spec).yaml"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    let (_, warnings) = try GeneratorPipeline.check(text, path: path)
    #expect(warnings.isEmpty)
  }
}
