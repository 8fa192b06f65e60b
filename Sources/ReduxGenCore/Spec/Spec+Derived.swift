// Filters, derived values, sort keys and the conditions they read.
/// Named views over a list of the state.
package struct Filter: Sendable, Equatable {
  package struct Case: Sendable, Equatable {
    package var name: String
    package var predicate: Predicate
  }

  package var name: String
  package var over: String
  package var element: String
  package var selected: String
  package var defaultCase: String
  package var result: String
  package var cases: [Case]
  /// Sort keys over the element's fields, applied after the case, ties kept in list order.
  package var sort: [SortKey] = []
}

/// A value computed from the state (`remaining: count tasks where !isCompleted`): a read-only
/// property of the State, usable in examples' `then`, and observed like a field.
package struct DerivedValue: Sendable, Equatable {
  /// What names each entry's key in a sum over a dictionary (`* quantityById[key]`).
  package static let entryKey = "key"

  package enum Kind: Sendable, Equatable {
    /// The elements, or those the condition holds for.
    case count(Predicate?)
    /// Whether the condition holds for every element (true for an empty list).
    case all(Predicate)
    /// Whether it holds for at least one.
    case any(Predicate)
    case isEmpty
    /// The total of a numeric field of the elements, or of those the condition holds for.
    case sum(field: String, Predicate?)
    /// The total of two numeric fields' product over the elements (`sum items.price * quantity`,
    /// a cart's total); an integer field times a `Double` one is a `Double`.
    case sumOfProducts(field: String, times: String, Predicate?)
    /// The total of a numeric field times the number a dictionary state field holds under the
    /// element's `key` field, 0 where it holds none (`sum products.price * quantities[id]`,
    /// Redux's cart total: the catalogue's prices times the cart's quantities). Over a
    /// dictionary, `key` may be `entryKey`: each entry's key (`Spec.weighsByEntryKey`).
    case sumWeighted(field: String, weights: String, key: String, Predicate?)
    /// The element (by id) or entry (by key) the state field `key` names; nil when none does.
    /// In a value with a parameter, `key` is the parameter.
    case lookup(key: String)
    /// The elements (by id) or entries (by key) the list field `keys` names, in its order;
    /// keys that name nothing are skipped (`products[cartIDs]`, RTK's selector of many).
    case lookupMany(keys: String)
    /// Arithmetic over numeric state fields, derived values written before it and literals
    /// (`left: budget - spent`); `reads` are the state fields it depends on, through the
    /// derived values it reads.
    case arithmetic(Arithmetic<String>, reads: [String])
    /// Any other value of the expression language over the state's fields and the derived
    /// values written before it (`isValid: code.count >= 4`, `shout: name.uppercased`), read
    /// `state.NAME`; `reads` as for arithmetic.
    case expression(Predicate, reads: [String])
  }

  package var name: String
  /// The state field it is computed over.
  package var list: String
  package var kind: Kind
  package var type: SpecType
  /// The parameter of a value that takes one (`product(id)`): the key it looks up.
  package var parameter: String? = nil
  /// The typed parameters of a selector whose value is any expression (`parameters: { id: Int }`,
  /// `value: selectedID == id`): a function of the State taking them.
  package var parameters: [Field] = []
  /// What a lookup gives when its key names nothing (`quantities[id] ?? 0`): the value is then
  /// not optional.
  package var fallback: Value? = nil
  /// The state fields its `where` reads besides the list (`count todos where rank >= minimum`).
  package var conditionReads: [String] = []
  /// Where its list is a derived value written before it (`sum cartProducts.price`, Redux's
  /// `getTotal`): the state fields that value reads.
  package var listReads: [String]?

  /// For each path its lookup reads inside a state field of a model (`shelf.entities`,
  /// `shelf.selectedID`), the state field it starts at (`shelf`; in an app, a feature's field
  /// such as `cart.shelf`, itself a state field of the app's).
  package var pathRoots: [String: String] = [:]

  /// The state field its list or collection is, or is inside of (`shelf` for a lookup in
  /// `shelf.entities`).
  package var listRoot: String { root(of: list) }

  /// A path's first name (`shelf` of `shelf.ids`): where a path inside a feature's state field
  /// starts.
  static func firstName(_ path: String) -> String { String(path.prefix { $0 != "." }) }

  /// The state field a path it reads starts at: the path itself when it is a state field.
  func root(of path: String) -> String { pathRoots[path] ?? path }

  /// The state fields it reads.
  package var inputs: [String] {
    switch kind {
    case .lookup(let key) where key != parameter, .lookupMany(let key):
      listRoot == root(of: key) ? [listRoot] : [listRoot, root(of: key)]
    case .arithmetic(_, let reads), .expression(_, let reads): reads
    case .sumWeighted(_, let weights, _, _):
      ((listReads ?? [listRoot]) + [root(of: weights)] + conditionReads).uniqued
    default: ((listReads ?? [listRoot]) + conditionReads).uniqued
    }
  }
}

package struct SortKey: Sendable, Equatable {
  package var field: String
  package var type: SpecType
  package var descending: Bool

  /// Whether values of `type` have an order a sort can use: numbers, text, dates, Bool, enums
  /// whose cases are names alone (ReduxRuntime's `SortKey` compares each kind). `expressionModels`
  /// holds a model named as each enum whose cases carry values (`EnumType.accessorModels`).
  static func isSortable(_ type: SpecType, expressionModels: [String: Model]) -> Bool {
    switch type {
    case .scalar(.bool): true
    case .enumeration(let name): expressionModels[name] == nil
    default: type.isOrdered
    }
  }
}

/// A typed condition over an element's fields.
package indirect enum Predicate: Sendable, Equatable {
  case constant(Bool)
  /// A path of fields on the element, ending maybe in `count` or `isEmpty`.
  case path([PathStep], SpecType)
  case literal(Value, SpecType)
  case not(Predicate)
  case and(Predicate, Predicate)
  case or(Predicate, Predicate)
  case compare(Predicate, ComparisonOperator, Predicate)
  /// `LIST.contains(VALUE)`: whether a list holds the value (Swift's `contains(_:)`).
  case contains(Predicate, Predicate)
  /// `COLLECTION[KEY]`: a dictionary's value under the key or, `byID`, the element of a list of
  /// models whose `id` is the key; nil when there is none.
  case lookup(Predicate, key: Predicate, byID: Bool)
  /// `LHS op RHS` on numbers (`secondsElapsed % durationPerSpeaker`, `price * quantity`) or,
  /// with `+`, on text: a value of the type given, as `Arithmetic` types it.
  case arithmetic(Predicate, ArithmeticOperator, Predicate, SpecType)
  /// `min(A, B)` or `max(A, B)`: the smaller or larger of two values of the type given.
  case extremum(Extremum, Predicate, Predicate, SpecType)
  /// A function or method of the expression language over its arguments, of the type given:
  /// `VALUE ?? FALLBACK`, `abs(N)`, `TEXT.hasPrefix(T)`, `TEXT.hasSuffix(T)`.
  case call(Function, [Predicate], SpecType)
  /// `LIST[OFFSET]`: the element (of the type given) at an offset counted from 0 of a list, nil
  /// out of range or where the list is itself nil; a list of optionals gives its element's own
  /// optional, not one inside another.
  case index(Predicate, at: Predicate, element: SpecType)
  /// Steps read on the value of another expression (after a `]` or a `)`): `rows[id]?.title`,
  /// `board[row]?.count`; of the type given.
  case member(Predicate, [PathStep], SpecType)
  /// A case of an enum (the type given) made with its values, each labelled, in the case's
  /// order: `playing(progress: elapsed / duration)`.
  case makeCase(String, labels: [String], [Predicate], SpecType)

  package enum PathStep: Sendable, Hashable {
    case field(String)
    case count
    case isEmpty
    /// Text without its leading and trailing white space and newlines.
    case trimmed
    /// Text in lower case, or in upper case.
    case lowercased
    case uppercased
    /// A list's first or last element; nil when it is empty.
    case first
    case last
    /// `?.`: the rest of the path read through an optional, nil where it is nil (Swift's
    /// optional chaining: `rows.first?.id`).
    case unwrapped
    /// A list's total (`scores.sum`), or the total of a field of its elements
    /// (`lines.sum(price)`, the fields from the element); 0 when it is empty.
    case sum([String])
    /// A list's smallest or largest value, or that of a field of its elements
    /// (`lines.max(price)`); nil when it is empty.
    case minimum([String])
    case maximum([String])
    /// A `Double` rounded to the nearest whole number, halves away from zero (`rounded()`).
    case rounded
    /// First only, in an action's `where`: the payload parameter of this name, which the
    /// element's field of that name hides from a bare name (`payload.id`).
    case parameter(String)

    /// A path as the spec writes it (`lines.count`, `title.trimmed.isEmpty`), for messages and
    /// mutant descriptions.
    /// `(price)` after an aggregate of a field of the elements; nothing for the elements themselves.
    private static func argument(_ fields: [String]) -> String {
      fields.isEmpty ? "" : "(\(fields.joined(separator: ".")))"
    }

    package static func text(of steps: [PathStep]) -> String {
      var text = ""
      for (index, step) in steps.enumerated() {
        let word: String
        switch step {
        case .field(let name): word = name
        case .count: word = "count"
        case .isEmpty: word = "isEmpty"
        case .trimmed: word = "trimmed"
        case .lowercased: word = "lowercased"
        case .uppercased: word = "uppercased"
        case .first: word = "first"
        case .last: word = "last"
        case .parameter(let name): word = "payload.\(name)"
        case .sum(let fields): word = "sum" + Self.argument(fields)
        case .minimum(let fields): word = "min" + Self.argument(fields)
        case .maximum(let fields): word = "max" + Self.argument(fields)
        case .rounded: word = "rounded"
        case .unwrapped:
          // `?.` joins what is either side of it: `rows.first?.id`.
          text += "?"
          continue
        }
        if index > 0 { text += "." }
        text += word
      }
      return text
    }
  }

  package enum Extremum: String, Sendable, CaseIterable {
    case min
    case max
  }

  package enum Function: String, Sendable, CaseIterable {
    /// `VALUE ?? FALLBACK`: the optional value, or the fallback where it is nil.
    case coalesce = "??"
    /// `abs(N)`: the magnitude of a number.
    case abs
    /// `TEXT.hasPrefix(T)`, `TEXT.hasSuffix(T)`: whether the text starts or ends with another.
    case hasPrefix
    case hasSuffix
  }

  package enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
  }
}

extension Predicate {
  /// The type of the value it gives (`Bool` for a condition). A lookup's value type isn't
  /// kept: it is optional, which arithmetic, `min` and `max` refuse, and is read only by a
  /// comparison.
  package var type: SpecType {
    switch self {
    case .path(_, let type), .literal(_, let type), .arithmetic(_, _, _, let type), .extremum(_, _, _, let type),
      .call(_, _, let type), .member(_, _, let type), .makeCase(_, _, _, let type):
      type
    case .index(_, _, let element): element.isOptional ? element : .optional(element)
    case .constant, .not, .and, .or, .compare, .contains: .scalar(.bool)
    case .lookup: .optional(.scalar(.bool))
    }
  }

  /// Whether it is a value written in the spec.
  var isLiteral: Bool {
    if case .literal = self { return true }
    return false
  }

  /// The arithmetic it is: its `+ - * / %` nodes as `Arithmetic`'s, literals as its literals,
  /// anything else a leaf; for the arithmetic translator, evaluation and near misses.
  var arithmetic: Arithmetic<Predicate> {
    switch self {
    case .arithmetic(let lhs, let op, let rhs, let type): .binary(lhs.arithmetic, op, rhs.arithmetic, type)
    case .literal(let value, let type): .literal(value, type)
    default: .leaf(self, type)
    }
  }

  /// Its arithmetic's near misses (`Arithmetic.nearMisses`) and each `min` turned `max` and back,
  /// wherever they are in it, for the mutation harness; a kind names each once.
  func arithmeticNearMisses() -> [(kind: String, predicate: Predicate)] {
    var result: [(kind: String, predicate: Predicate)] = []
    switch self {
    case .arithmetic:
      // Only those Swift can compute: joined text has no partner of `+`.
      result = arithmetic.nearMisses().filter { $0.expression.isWellTyped }.map { ($0.kind, Predicate($0.expression)) }
      // Its leaves' own (a `min` inside a sum).
      for (index, leaf) in arithmetic.leaves.enumerated() {
        for (kind, nearMiss) in leaf.arithmeticNearMisses() {
          var position = 0
          let changed = arithmetic.mapLeaves { original -> Predicate in
            defer { position += 1 }
            return position == index ? nearMiss : original
          }
          result.append((kind, Predicate(changed)))
        }
      }
    case .extremum(let which, let lhs, let rhs, let type):
      result = [(which == .min ? "max" : "min", .extremum(which == .min ? .max : .min, lhs, rhs, type))]
      result += lhs.arithmeticNearMisses().map { ($0.kind, .extremum(which, $0.predicate, rhs, type)) }
      result += rhs.arithmeticNearMisses().map { ($0.kind, .extremum(which, lhs, $0.predicate, type)) }
    case .call(let function, let arguments, let type):
      // `hasPrefix` and `hasSuffix` swapped; `abs` left out; then each argument's own.
      switch function {
      case .hasPrefix: result = [("hasSuffix", .call(.hasSuffix, arguments, type))]
      case .hasSuffix: result = [("hasPrefix", .call(.hasPrefix, arguments, type))]
      case .abs: result = [("no-abs", arguments[0])]
      case .coalesce: break
      }
      for (index, argument) in arguments.enumerated() {
        for (kind, nearMiss) in argument.arithmeticNearMisses() {
          var changed = arguments
          changed[index] = nearMiss
          result.append((kind, .call(function, changed, type)))
        }
      }
    case .path(let steps, let type):
      // A list's `first` read as its `last`, and back; lower case as upper case.
      var swapped: [Predicate.PathStep: Predicate.PathStep] = [
        .first: .last, .last: .first, .lowercased: .uppercased, .uppercased: .lowercased,
      ]
      // A list's smallest value read as its largest, and back.
      for case .minimum(let fields) in steps { swapped[.minimum(fields)] = .maximum(fields) }
      for case .maximum(let fields) in steps { swapped[.maximum(fields)] = .minimum(fields) }
      if let index = steps.lastIndex(where: { swapped[$0] != nil }) {
        var changed = steps
        changed[index] = swapped[steps[index]]!
        result = [(PathStep.text(of: [changed[index]]), .path(changed, type))]
      }
    case .not(let operand):
      result = operand.arithmeticNearMisses().map { ($0.kind, .not($0.predicate)) }
    case .index(let list, let offset, let element) where offset.type == .scalar(.int):
      // The element next to the one read (an offset off by one), then the offset's own.
      result = [("offset+1", .index(list, at: .arithmetic(offset, .plus, .literal(.int(1), .scalar(.int)), .scalar(.int)), element: element))]
      result += offset.arithmeticNearMisses().map { ($0.kind, .index(list, at: $0.predicate, element: element)) }
      result += list.arithmeticNearMisses().map { ($0.kind, .index($0.predicate, at: offset, element: element)) }
    case .member(let base, let steps, let type):
      result = base.arithmeticNearMisses().map { ($0.kind, .member($0.predicate, steps, type)) }
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs), .contains(let lhs, let rhs),
      .lookup(let lhs, let rhs, _), .index(let lhs, let rhs, _):
      func rebuilt(_ left: Predicate, _ right: Predicate) -> Predicate {
        switch self {
        case .and: .and(left, right)
        case .or: .or(left, right)
        case .compare(_, let op, _): .compare(left, op, right)
        case .contains: .contains(left, right)
        case .lookup(_, _, let byID): .lookup(left, key: right, byID: byID)
        case .index(_, _, let element): .index(left, at: right, element: element)
        default: self
        }
      }
      result = lhs.arithmeticNearMisses().map { ($0.kind, rebuilt($0.predicate, rhs)) }
      result += rhs.arithmeticNearMisses().map { ($0.kind, rebuilt(lhs, $0.predicate)) }
    case .makeCase(let name, let labels, let values, let type):
      for (index, value) in values.enumerated() {
        for (kind, nearMiss) in value.arithmeticNearMisses() {
          var changed = values
          changed[index] = nearMiss
          result.append((kind, .makeCase(name, labels: labels, changed, type)))
        }
      }
    case .constant, .literal:
      break
    }
    // One mutant per kind: the first of a kind (the outermost) stands for it.
    var seen: Set<String> = []
    return result.filter { seen.insert($0.kind).inserted }
  }

  /// Each ordering comparison's boundary moved (`<` and `<=`, `>` and `>=` swapped), wherever it
  /// is, for the mutation harness: a near miss that only a value at the boundary tells apart.
  func boundaryNearMisses() -> [(kind: String, predicate: Predicate)] {
    let partners: [ComparisonOperator: ComparisonOperator] = [
      .less: .lessOrEqual, .lessOrEqual: .less, .greater: .greaterOrEqual, .greaterOrEqual: .greater,
    ]
    var result: [(kind: String, predicate: Predicate)] = []
    if case .compare(let lhs, let op, let rhs) = self, let partner = partners[op] {
      result.append((partner.rawValue, .compare(lhs, partner, rhs)))
    }
    switch self {
    case .not(let operand):
      result += operand.boundaryNearMisses().map { ($0.kind, .not($0.predicate)) }
    case .and(let lhs, let rhs):
      result += lhs.boundaryNearMisses().map { ($0.kind, .and($0.predicate, rhs)) }
      result += rhs.boundaryNearMisses().map { ($0.kind, .and(lhs, $0.predicate)) }
    case .or(let lhs, let rhs):
      result += lhs.boundaryNearMisses().map { ($0.kind, .or($0.predicate, rhs)) }
      result += rhs.boundaryNearMisses().map { ($0.kind, .or(lhs, $0.predicate)) }
    default:
      break
    }
    return result
  }

  /// The predicate an arithmetic expression over predicates stands for.
  init(_ arithmetic: Arithmetic<Predicate>) {
    switch arithmetic {
    case .leaf(let predicate, _): self = predicate
    case .literal(let value, let type): self = .literal(value, type)
    case .binary(let lhs, let op, let rhs, let type): self = .arithmetic(Predicate(lhs), op, Predicate(rhs), type)
    }
  }

  /// Whether a path of a condition over `element` reads the state (`state.NAME`, as a filter
  /// case's checked condition writes every name that isn't the element's) rather than the element.
  package static func readsState(_ steps: [PathStep], over element: Model) -> Bool {
    guard steps.count > 1, case .field(let first) = steps[0] else { return false }
    return isStateRoot(first, over: element)
  }

  /// Whether a path over `element` starting with `name` starts at the state.
  package static func isStateRoot(_ name: String, over element: Model) -> Bool {
    name == "state" && !element.fields.contains { $0.name == "state" }
  }

  /// Whether the predicate reads the element at all (`false` and `1 < 2` don't).
  var readsElement: Bool { readsElement(over: nil) }

  /// Whether a condition over `element` reads it, not only the state (a filter case's
  /// `state.NAME`).
  func readsElement(over element: Model?) -> Bool {
    switch self {
    case .path(let steps, _):
      // Over an element, a path reads it when it starts at one of its fields: not at the
      // state, nor at a payload parameter (an operation's `where`).
      guard let element else { return true }
      guard case .field(let first)? = steps.first else { return false }
      return element.fields.contains { $0.name == first }
    case .constant, .literal: return false
    case .not(let operand), .member(let operand, _, _): return operand.readsElement(over: element)
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs), .contains(let lhs, let rhs),
      .lookup(let lhs, let rhs, _), .arithmetic(let lhs, _, let rhs, _), .extremum(_, let lhs, let rhs, _),
      .index(let lhs, let rhs, _):
      return lhs.readsElement(over: element) || rhs.readsElement(over: element)
    case .call(_, let arguments, _), .makeCase(_, _, let arguments, _):
      return arguments.contains { $0.readsElement(over: element) }
    }
  }

  /// The conditions it is made of, in order (none for a path, a literal or a constant).
  package var operands: [Predicate] {
    switch self {
    case .path, .constant, .literal: []
    case .not(let operand), .member(let operand, _, _): [operand]
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs), .contains(let lhs, let rhs),
      .lookup(let lhs, let rhs, _), .arithmetic(let lhs, _, let rhs, _), .extremum(_, let lhs, let rhs, _),
      .index(let lhs, let rhs, _):
      [lhs, rhs]
    case .call(_, let arguments, _), .makeCase(_, _, let arguments, _): arguments
    }
  }

  /// The payload parameters a `where` over `element` in an action's operation reads, by name,
  /// in order: the names its paths start with that are neither the element's fields nor the
  /// state (`ReadingScope.whereCondition`).
  package func parameterReads(over element: Model) -> [String] {
    names { steps in
      if case .parameter(let name)? = steps.first { return name }
      guard case .field(let first)? = steps.first, !element.fields.contains(where: { $0.name == first }),
        !Predicate.readsState(steps, over: element)
      else { return nil }
      return first
    }
  }

  /// The state fields and derived values a condition over `element` reads, by name, in order.
  package func stateReads(over element: Model) -> [String] {
    names { steps in
      guard Predicate.readsState(steps, over: element), case .field(let name) = steps[1] else { return nil }
      return name
    }
  }

  /// The names `read` finds in the condition's paths, each once, in order.
  private func names(_ read: ([PathStep]) -> String?) -> [String] {
    switch self {
    case .path(let steps, _):
      return read(steps).map { [$0] } ?? []
    default:
      var names: [String] = []
      for operand in operands {
        names += operand.names(read).filter { !names.contains($0) }
      }
      return names
    }
  }
}

/// How `COLLECTION[KEY]` reads a collection: a dictionary by key, or a list of models by the
/// elements' `id` (`byID`). Conditions, derived values and their translation share it.
package struct LookupShape: Sendable, Equatable {
  package var key: SpecType
  package var value: SpecType
  package var byID: Bool

  /// Nil for a collection that can't be looked up: not a dictionary, or a list of plain values or
  /// of models without an id (`idField` finds a model's id by the model's name).
  init?(_ type: SpecType, idField: (String) -> Field?) {
    switch type {
    case .dictionary(let key, let value):
      (self.key, self.value, byID) = (key, value, false)
    case .array(.model(let name)):
      guard let id = idField(name) else { return nil }
      (key, value, byID) = (id.type, .model(name), true)
    default:
      return nil
    }
  }
}

/// A near miss of a value a view store keeps element by element (`IncrementallyDerived`), for
/// the mutation harness: its kept form differs from the state's property, which stays as written.
package struct KeptValueMutant: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    /// A filter's case (by index) keeps what its condition leaves out, and the reverse: an
    /// element that should leave the result stays, one that should enter doesn't.
    case negatedCase(Int)
    /// A count's, `all`'s, `any`'s or sum's condition negated.
    case negatedCondition
    /// A sum's part subtracted: each change moves the total the wrong way.
    case negatedPart
    /// A sorted filter's result kept in list order: a changed element goes to the wrong place.
    case unsorted
  }

  /// The value's name (its property's).
  package var value: String
  package var kind: Kind
}

/// A feature's list as an app's value reads it: the feature's field of the app state (by the
/// app's order) and the list's field of the feature's state.
package struct ListInFeature: Sendable, Equatable {
  package var feature: Int
  package var field: Int
}
