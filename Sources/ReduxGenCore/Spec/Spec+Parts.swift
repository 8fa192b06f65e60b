// Persistence, state paths and operands, middleware, and examples.
/// State fields saved between launches.
package struct Persist: Sendable, Equatable {
  package enum Storage: String, Sendable, Equatable, CaseIterable {
    /// A JSON file per key: ReduxRuntime's `Persistence` with any `PersistentStorage`.
    case file
    /// Row by row in SQLite: ReduxSQLite's `SQLitePersistence`.
    case sqlite
  }

  package var fields: [String]
  package var key: String
  package var storage: Storage = .file
  /// The format version the generated code writes.
  package var version: Int = 1
  /// The format changes up to `version`, oldest first.
  package var migrations: [PersistMigration] = []
  /// The persisted shapes of older versions recorded beside the spec, oldest first.
  package var snapshots: [PersistedShape] = []
}

/// The changes of the persisted format that make `version` from `version - 1`.
package struct PersistMigration: Sendable, Equatable {
  package var version: Int
  package var steps: [Step]

  /// A step, with paths of coding keys (a persisted field, then fields of models) as stored.
  package enum Step: Sendable, Equatable {
    case rename([String], to: String)
    /// JSON text for the values that lack the field.
    case add([String], json: String)
    case remove([String])
    /// The kind (`string`, `integer`, `number`, `bool`) and the JSON of values that don't convert.
    case retype([String], kind: String, fallback: String)

    package var path: [String] {
      switch self {
      case .rename(let path, _), .add(let path, _), .remove(let path), .retype(let path, _, _): path
      }
    }
  }
}

/// Where a reduce operation writes: a state field, then fields, maybe an element by id.
package struct StatePath: Sendable, Equatable {
  package enum Step: Sendable, Equatable {
    case field(String)
    /// The element of a list whose `id` equals the operand.
    case element(Operand)
    /// The entry of a dictionary under the operand.
    case key(Operand)
    /// The element of a list (of values without an `id`) at the offset the operand gives,
    /// counted from 0; out of range, the operation does nothing.
    case offset(Operand)
  }

  package var steps: [Step]
  package var type: SpecType
  /// The default of the field the path ends at, when it has one.
  package var defaultValue: Value?
  package var text: String
}

/// A value a reduce operation reads.
package enum Operand: Sendable, Equatable {
  /// A payload parameter, then fields of it.
  case parameter(String, fields: [String])
  /// The same fields of every element of a payload list, in its order: `books[].id`
  /// (Swift's `books.map(\.id)`).
  case eachElement(String, fields: [String])
  case literal(Value)
  /// Arithmetic over payload values and literals: `price * quantity`.
  case arithmetic(Arithmetic<Operand>)
  /// An expression of the expression language that reads the state (its fields and derived
  /// values, written `state.NAME` here) and maybe the payload: `count * price`,
  /// `transcript + " ❌"`, `min(focus, count - 1)`. Of the predicate's type.
  case expression(Predicate)

  /// The payload parameter it reads; nil for a literal, arithmetic and an expression (see
  /// `parameters`).
  package var parameter: String? {
    switch self {
    case .parameter(let name, _), .eachElement(let name, _): name
    case .literal, .arithmetic, .expression: nil
    }
  }

  /// Every payload parameter it reads.
  package var parameters: [String] {
    switch self {
    case .arithmetic(let arithmetic): arithmetic.leaves.flatMap(\.parameters)
    case .expression(let predicate): PredicateSearch.fields(readBy: predicate).filter { $0 != "state" }
    default: parameter.map { [$0] } ?? []
    }
  }

  /// The fields it reads of the parameter (of each element, for `eachElement`).
  package var fields: [String] {
    switch self {
    case .parameter(_, let fields), .eachElement(_, let fields): fields
    case .literal, .arithmetic, .expression: []
    }
  }
}

/// A middleware and the actions it handles.
package struct Middleware: Sendable, Equatable {
  package var name: String
  package var doc: String?
  package var on: [String]
  /// The actions it may dispatch (`dispatches`): documentation, and the feature's diagram.
  package var dispatches: [String] = []
  /// The events it may emit.
  package var emits: [String] = []

  /// The protocol the hand-written type conforms to.
  package var protocolName: String { GeneratedNames.middlewareProtocol(name) }
}

/// One test written in the spec.
package struct Example: Sendable, Equatable {
  package struct Step: Sendable, Equatable {
    package var action: String
    package var arguments: [(name: String, value: Value)]
    /// For a child's action (`tallies[1].increment`): the element's id and the child's step;
    /// `action` is then the list's field.
    package var element: ElementStep?
    /// `wait: 3s` in an example through the store: no action, the follow-ups' clock moved on by
    /// this many milliseconds (a timer's ticks due by then come); `action` is then empty.
    package var wait: Int?

    package init(
      action: String, arguments: [(name: String, value: Value)], element: ElementStep? = nil, wait: Int? = nil
    ) {
      self.action = action
      self.arguments = arguments
      self.element = element
      self.wait = wait
    }

    package static func == (lhs: Step, rhs: Step) -> Bool {
      lhs.action == rhs.action
        && lhs.arguments.map(\.name) == rhs.arguments.map(\.name)
        && lhs.arguments.map(\.value) == rhs.arguments.map(\.value)
        && lhs.element == rhs.element && lhs.wait == rhs.wait
    }
  }

  /// A child feature's action sent to one element of a list: the element's id, and the action
  /// as the child's spec reads it.
  package indirect enum ElementStep: Sendable, Equatable {
    case element(id: Value, step: Step)
    /// A destination's action sent to a screen of a navigation stack (`path[1].detail.save`).
    case screen(id: Int, destination: String, step: Step)

    package var id: Value {
      switch self {
      case .element(let id, _): id
      case .screen(let id, _, _): .int(id)
      }
    }

    package var step: Step {
      switch self {
      case .element(_, let step), .screen(_, _, let step): step
      }
    }

    /// The stack's destination, for a screen's step.
    package var destination: String? {
      if case .screen(_, let destination, _) = self { return destination }
      return nil
    }
  }

  package struct Expectation: Sendable, Equatable {
    package var path: [ExamplePathStep]
    package var value: Value
    package var type: SpecType
  }

  /// What an example says one effect does: `fetchUser: { returns: ... }`.
  package struct EffectResult: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
      /// Returns the success action's own fields (none, one, or a tuple of them), in order.
      case returns([Value])
      /// Returns nil: the request ends without an outcome (`optional: true`).
      case returnsNil
      /// Throws the typed error, or an error whose description is the message (`.string`).
      case fails(Value)
      /// A stream's values, each the success action's own fields as `returns` holds them, then
      /// the end: finished, or thrown as an error whose description is the message.
      case yields([[Value]], thenFails: Value?)
    }

    /// The async action whose effect it is.
    package var action: String
    package var outcome: Outcome
    /// The list or presented child whose effect it is (`tallies.loadFact`), its action the
    /// child's; nil for the feature's own.
    package var child: String? = nil
  }

  package var name: String
  package var given: [(field: String, value: Value)]
  package var when: [Step]
  package var then: [Expectation]
  /// Whether the example runs through a TestStore with the middleware and the effects
  /// (`through: store`, or `effects` or `receive` given) rather than the reducer alone.
  package var throughStore = false
  package var effects: [EffectResult] = []
  /// The actions middleware and effects must have dispatched, in order, all of them.
  package var receive: [Step] = []
  /// The spec's middleware a store example runs (`middleware:`), each made with `init()`; nil
  /// for all of them. The chain keeps the spec's order.
  package var middleware: [String]?

  package static func == (lhs: Example, rhs: Example) -> Bool {
    lhs.name == rhs.name && lhs.given.map(\.field) == rhs.given.map(\.field)
      && lhs.given.map(\.value) == rhs.given.map(\.value) && lhs.when == rhs.when
      && lhs.then == rhs.then && lhs.throughStore == rhs.throughStore && lhs.effects == rhs.effects
      && lhs.receive == rhs.receive && lhs.middleware == rhs.middleware
  }
}

/// A step of a path in an example's `then`.
package enum ExamplePathStep: Sendable, Equatable {
  case field(String)
  /// Goes on through an optional with optional chaining (`?`).
  case unwrap
  case index(Int)
  /// The entry of a dictionary under a key of the given type.
  case key(Value, SpecType)
  case count
  case isEmpty
}
