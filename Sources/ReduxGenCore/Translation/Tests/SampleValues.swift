// Sample values: the distinct values, elements and numbers tests are made of.
extension TestTranslator {
  /// A sample element of a model: id `number`, its required fields filled, the rest defaulted.
  /// With `allFields`, every field gets a sample unlike its default, so the element differs
  /// from one built from defaults.
  func element(_ model: Model, _ number: Int, overrides: [String: Value] = [:], allFields: Bool = false) -> Value {
    var fields: [(name: String, value: Value)] = []
    // Each field read in place, not copied whole: every test's sample elements come here.
    let declared = model.fields
    for index in declared.indices {
      let name = declared[index].name
      if !overrides.isEmpty, let value = overrides[name] {
        fields.append((name, value))
      } else if name == "id", case .model(let idName) = declared[index].type, let idModel = spec.model(named: idName) {
        // An id of a model type with every field its own, so two elements' ids differ.
        fields.append((name, element(idModel, number, allFields: true)))
      } else if name == "id" || declared[index].defaultValue == nil {
        fields.append((name, sample(declared[index].type, number)))
      } else if allFields {
        fields.append((name, sample(differentFrom: declared[index].defaultValue, declared[index].type, number)))
      }
    }
    return .model(model.name, fields)
  }

  /// A sample of `type` whose fields all hold samples of their own (nested models' too), each
  /// numbered apart, so reading one field for another gives another value.
  func distinctSample(_ type: SpecType, _ number: Int, depth: Int = 0) -> Value {
    guard case .model(let name) = type, let model = spec.model(named: name), depth < 3 else {
      return sample(type, number)
    }
    // Bool fields (and two-case enums) take turns through the four pairs of values two samples
    // (numbers of different parity) can hold, so fields next to each other differ.
    let turns = [(0, 1), (1, 0), (1, 1), (0, 0)]
    return .model(
      name,
      model.fields.enumerated().map { index, field in
        var fieldNumber = number + index * 12
        if field.type == .scalar(.bool) || (spec.cases(of: field.type)?.count ?? 0) == 2 {
          let turn = turns[index % 4]
          fieldNumber = number % 2 == 0 ? turn.0 : turn.1
        }
        if case .model = field.type { return (field.name, distinctSample(field.type, fieldNumber, depth: depth + 1)) }
        return (field.name, sample(field.type, fieldNumber))
      })
  }

  /// What reading `fields` of `value` gives; nil when a field isn't in it.
  func value(_ value: Value, through fields: [String]) -> Value? {
    fields.reduce(Optional(value)) { value, field in
      guard case .model(_, let values)? = value else { return nil }
      return values.first { $0.name == field }?.value
    }
  }

  /// The numbers arithmetic's tests read, in turn: none 0 or 1 and no two equal, so a swapped
  /// operator or operand shows; odd and even mixed, so a whole-number division that drops a
  /// `- 1` shows too (`(7 - 1) / 2` and `7 / 2` are both 3).
  static let arithmeticNumbers = [7, 4, 5, 10, 3, 12, 13, 6, 17, 8, 19, 22, 23, 14]

  /// `arithmeticNumbers` but those written in `literals` (`limit / 4` with `limit` 4 would not
  /// tell `4 / limit` from it).
  static func arithmeticNumbers(besides literals: [Value]) -> [Int] {
    arithmeticNumbers.filter { number in !literals.contains { $0.number.map(abs) == Double(number) } }
  }

  /// Arguments for the payload values arithmetic reads, each a distinct number
  /// (`arithmeticNumbers`), and the value it makes of them, computed as the generated code
  /// computes it; nil when it can't be computed.
  func arithmeticSample(_ arithmetic: Arithmetic<Operand>, in action: Action) -> (arguments: [String: Value], written: Value)? {
    let numbers = Self.arithmeticNumbers(besides: arithmetic.literals)
    var arguments: [String: Value] = [:]
    var numbered: [String: Value] = [:]
    for (index, leaf) in arithmetic.leaves.enumerated() where numbered[leaf.text] == nil {
      guard index < numbers.count, let name = leaf.parameter,
        let parameterType = action.payload.first(where: { $0.name == name })?.type,
        let type = SpecMutator.operandType(leaf, of: action, in: spec)
      else { return nil }
      let number: Value = type == .scalar(.double) ? .double(Double(numbers[index]) + 0.5) : .int(numbers[index])
      numbered[leaf.text] = number
      let argument = arguments[name] ?? distinctSample(parameterType, 7)
      guard let patched = Self.replacing(leaf.fields, in: argument, with: number) else { return nil }
      arguments[name] = patched
    }
    guard let written = arithmetic.evaluate({ numbered[$0.text] }) else { return nil }
    return (arguments, written)
  }

  /// `value` with the value at the path `fields` replaced by `replacement`.
  static func replacing(_ fields: [String], in value: Value, with replacement: Value) -> Value? {
    guard let field = fields.first else { return replacement }
    guard case .model(let name, var values) = value, let index = values.firstIndex(where: { $0.name == field }),
      let inner = replacing(Array(fields.dropFirst()), in: values[index].value, with: replacement)
    else { return nil }
    values[index].value = inner
    return .model(name, values)
  }

  /// A sample for the parameter `operand` reads (two elements for `list[].field`, every field
  /// distinct), and what the operand makes of it written at `type`; nil for a literal or an
  /// unknown parameter. The one place an operation's test picks a value read through fields.
  func operandSample(_ operand: Operand, in action: Action, as type: SpecType) -> OperandSample? {
    guard let parameter = operand.parameter,
      let parameterType = action.payload.first(where: { $0.name == parameter })?.type
    else { return nil }
    let argument: Value
    let written: Value?
    switch operand {
    case .literal, .arithmetic, .expression: return nil
    case .parameter(_, let fields):
      argument = distinctSample(parameterType, 7)
      written = value(argument, through: fields)
    case .eachElement(_, let fields):
      guard let element = parameterType.elementType else { return nil }
      let elements = [distinctSample(element, 2), distinctSample(element, 3)]
      let values = elements.compactMap { value($0, through: fields) }
      argument = .array(elements)
      written = values.count == elements.count ? .array(values) : nil
    }
    // A fresh UUID in what is read equals nothing written here: expect the operand itself.
    let expected = written.flatMap { hasFreshUUID($0) ? nil : types.expression($0, type: type) }
    return OperandSample(
      parameter: parameter, value: argument, argument: types.expression(argument, type: parameterType),
      written: written, expected: expected)
  }

  /// Sample `number` of `type`, a model's element with `overrides` on its fields.
  func sample(_ type: SpecType, _ number: Int, overrides: [String: Value]) -> Value {
    if case .model(let name) = type, let model = spec.model(named: name) {
      return element(model, number, overrides: overrides)
    }
    return sample(type, number)
  }

  /// `let name = value`, typed unless it is a model's (an enum case alone, `.done`, needs its type).
  func sampleConstant(_ name: String, _ value: Value, type: SpecType) -> Statement {
    let isModel = if case .model = type { true } else { false }
    return constant(name, types.expression(value, type: type), type: isModel ? nil : type)
  }

  /// A value of `type` that differs with `number`.
  func sample(_ type: SpecType, _ number: Int) -> Value {
    switch type {
    case .scalar(let scalar):
      switch scalar {
      case .string: return .string("text \(number)")
      case .int, .int64: return .int(number + 1)
      case .double, .float, .decimal: return .double(Double(number) + 0.5)
      case .bool: return .bool(number % 2 == 1)
      case .uuid: return .uuid(smallUUID(number))
      case .date: return .date(Double(1_700_000_000 + number * 86_400))
      case .url: return .url("https://example.com/\(number)")
      case .data: return .data("data \(number)")
      }
    case .model(let name):
      return spec.model(named: name).map { element($0, number) } ?? .null
    case .enumeration:
      let cases = spec.cases(of: type) ?? []
      return cases.isEmpty ? .null : spec.caseValue(cases[number % cases.count], of: type) { sample($0, number) }
    case .optional(let wrapped):
      return sample(wrapped, number)
    case .array(let elementType):
      return .array([sample(elementType, number)])
    case .dictionary(let key, let value):
      return .dictionary([(sample(key, number), sample(value, number))])
    case .stack:
      // An empty stack: `ScreenStack` is written as an array literal.
      return .array([])
    case .requestStatus:
      return .enumCase(["loading", "succeeded"][number % 2])
    case .indexSet:
      return .array([.int(number % 3)])
    }
  }

  /// A sample that is not the field's default, so a change is visible.
  func sample(differentFrom defaultValue: Value?, _ type: SpecType, _ number: Int) -> Value {
    for attempt in number..<(number + 4) {
      let value = sample(type, attempt)
      if value != defaultValue { return value }
    }
    return sample(type, number)
  }

  /// Two values of a sortable type, the first before the second in ascending order; nil for an
  /// enum of one case.
  func orderedPair(_ type: SpecType) -> (low: Value, high: Value)? {
    switch type {
    case .scalar(.bool): return (.bool(false), .bool(true))
    case .enumeration:
      let cases = spec.cases(of: type) ?? []
      return cases.count < 2 ? nil : (.enumCase(cases[0]), .enumCase(cases[1]))
    default: return (sample(type, 1), sample(type, 2))
    }
  }

  /// A value of `type` unlike `value` (and not empty), for a test to start from; nil when none is found.
  func startValue(unlike value: Value?, _ type: SpecType) -> Value? {
    for number in 4..<10 {
      let candidate: Value
      if case .model(let name) = type.unwrapped, let model = spec.model(named: name) {
        candidate = element(model, number, allFields: true)
      } else {
        candidate = sample(type, number)
      }
      if candidate != value && candidate != .array([]) && candidate != .dictionary([]) { return candidate }
    }
    return nil
  }

  /// Whether the value is or holds a fresh `UUID()` (written, or a model field's default left
  /// out), which no expected value can equal.
  func hasFreshUUID(_ value: Value) -> Bool {
    switch value {
    case .newUUID, .now: return true
    case .array(let values): return values.contains(where: hasFreshUUID)
    case .dictionary(let entries): return entries.contains { hasFreshUUID($0.key) || hasFreshUUID($0.value) }
    case .model(let name, let fields):
      if fields.contains(where: { hasFreshUUID($0.value) }) { return true }
      let given = Set(fields.map(\.name))
      let omitted = spec.model(named: name)?.fields.filter { !given.contains($0.name) } ?? []
      return omitted.contains { $0.defaultValue.map(hasFreshUUID) ?? false }
    case .modelDefault(let name):
      return spec.model(named: name)?.fields.contains { $0.defaultValue.map(hasFreshUUID) ?? false } ?? false
    default: return false
    }
  }
}
