// What the generated reducer must do, computed independently of redux-gen: the expected values
// of an example's `then` come from here, so a generated test that fails is a wrong reducer
// (or a wrong simulator, which `shrink` makes easy to see).

struct Simulator {
  let spec: RSpec

  typealias State = [String: RValue]

  func initialState() -> State {
    var state: State = [:]
    for field in spec.allStateFields { state[field.name] = field.defaultValue ?? .null }
    return state
  }

  /// A model value with `given` fields and defaults for the rest; nil when a required field is missing.
  func modelValue(_ name: String, _ given: [String: RValue]) -> RValue? {
    guard let model = spec.model(name) else { return nil }
    var fields: [RNamed] = []
    for field in model.fields {
      guard let value = given[field.name] ?? field.defaultValue else { return nil }
      fields.append(RNamed(name: field.name, value: value))
    }
    return .model(name, fields)
  }

  func run(_ example: RExample) -> State {
    simulate(example).state
  }

  /// What an example through the store receives: follow-ups and each request's outcome, in order.
  func received(_ example: RExample) -> [RCall] {
    simulate(example).received
  }

  /// The example's end state, and what it received through the store. Through the store, an
  /// action's follow-ups (`then:`) are reduced right after it, breadth first as the store's queue
  /// runs them, and each action's effect ends before the next action is sent.
  func simulate(_ example: RExample) -> (state: State, received: [RCall]) {
    var state = initialState()
    for given in example.given { state[given.name] = given.value }
    var received: [RCall] = []
    // Ids the store's `ActionValues.incrementing` made so far.
    var made = 0
    // Where a timer ticks (`every`), the follow-ups' clock moves only by `wait:` steps.
    var clock = Clock()
    for call in example.when {
      guard example.store != nil else {
        apply(call, to: &state)
        continue
      }
      if let wait = call.wait {
        clock.now += wait
        while let timer = clock.timer, timer.due <= clock.now {
          for tick in timer.actions {
            received.append(tick)
            reduceWithFollowUps(tick, &state, &received, made: &made, clock: &clock)
          }
          clock.timer?.due += timer.interval
        }
        continue
      }
      let followUps = reduceWithFollowUps(call, &state, &received, made: &made, clock: &clock)
      // A follow-up that cancels the request's scope cancels the request it follows: no outcome.
      let scope = spec.action(call.action)?.async.map { $0.scope ?? call.action }
      let cancelled = followUps.contains { spec.action($0.action)?.cancels.contains { $0 == scope } == true }
      if !cancelled {
        for outcome in outcomes(of: call, in: example) {
          received.append(outcome)
          reduceWithFollowUps(outcome, &state, &received, made: &made, clock: &clock)
        }
      }
    }
    return (state, received)
  }

  /// The follow-ups' clock in an example through the store, and the timer running on it (one
  /// trigger at most has delayed follow-ups in a random spec).
  struct Clock {
    struct Timer {
      var trigger: String
      var actions: [RCall]
      var interval: Int
      var due: Int
    }
    var now = 0
    var timer: Timer?
  }

  /// Reduces `call`, then the follow-ups it dispatches (received, and returned), in the store's
  /// order. A follow-up's `= new` and `= now` parameters take what the example's store binds
  /// (`ActionValues.incrementing(now:)`): ids 1, 2, 3... as they are made (`made` counts
  /// them), and one time.
  @discardableResult
  private func reduceWithFollowUps(
    _ call: RCall, _ state: inout State, _ received: inout [RCall], made: inout Int, clock: inout Clock
  ) -> [RCall] {
    var queue = [call]
    var first = true
    var followUps: [RCall] = []
    // Delayed follow-ups come once the rest has run (an example's store on an immediate clock,
    // idle after each step), in the order their triggers made them.
    var delayed: [RCall] = []
    while !queue.isEmpty || !delayed.isEmpty {
      if queue.isEmpty { queue.append(delayed.removeFirst()) }
      let current = queue.removeFirst()
      if !first {
        received.append(current)
        followUps.append(current)
      }
      first = false
      // An action that stops the timer (`cancels: [trigger]`) stops it as the middleware sees it.
      if let stopped = clock.timer?.trigger, spec.action(current.action)?.cancels.contains(stopped) == true {
        clock.timer = nil
      }
      apply(current, to: &state)
      // A timer's trigger starts it anew with those of its follow-ups whose condition holds
      // (none: it stops); they come as a `wait:` moves the clock past each tick.
      let timer = spec.action(current.action)?.followUps.first(where: \.repeats)
      var ticks: [RCall] = []
      for (var followUp, waits) in followUpCalls(of: current, after: state) {
        let payload = spec.action(followUp.action)?.payload ?? []
        for index in followUp.arguments.indices {
          let argument = followUp.arguments[index]
          let declared = payload.first { $0.name == argument.name }?.defaultValue
          guard argument.value == declared else { continue }
          if argument.value == .freshUUID {
            made += 1
            followUp.arguments[index].value = .uuid(smallUUID(made))
          } else if argument.value == .freshDate {
            followUp.arguments[index].value = .date(Self.boundTime)
          }
        }
        if waits && timer != nil {
          ticks.append(followUp)
        } else if waits {
          delayed.append(followUp)
        } else {
          queue.append(followUp)
        }
      }
      if let interval = timer?.delay.flatMap(Self.milliseconds) {
        clock.timer =
          ticks.isEmpty
          ? nil : Clock.Timer(trigger: current.action, actions: ticks, interval: interval, due: clock.now + interval)
      }
    }
    return followUps
  }

  /// `300ms` or `1.5s` in milliseconds.
  static func milliseconds(_ text: String) -> Int? {
    if text.hasSuffix("ms") { return Int(text.dropLast(2)) }
    guard text.hasSuffix("s"), let seconds = Double(text.dropLast()) else { return nil }
    return Int((seconds * 1000).rounded())
  }

  /// The time the store's `ActionValues` tell in an example through the store (1970-01-02).
  static let boundTime: Double = 86_400

  /// The follow-ups `call` dispatches, read over its payload and the state after its reduce.
  func followUpCalls(of call: RCall, after state: State) -> [(RCall, waits: Bool)] {
    guard let action = spec.action(call.action), !action.followUps.isEmpty else { return [] }
    var arguments: [String: RValue] = [:]
    for argument in call.arguments { arguments[argument.name] = argument.value }
    for parameter in action.payload where arguments[parameter.name] == nil {
      arguments[parameter.name] = parameter.defaultValue ?? .null
    }
    return action.followUps.compactMap { followUp -> (RCall, waits: Bool)? in
      if let condition = followUp.condition {
        let scope = conditionScope(action.payload, arguments, state)
        guard evaluate(condition, scope, RModel(name: "", fields: [])) == .bool(true) else { return nil }
      }
      guard let target = spec.action(followUp.action) else { return nil }
      let values = target.payload.map { parameter -> RNamed in
        if let written = followUp.written.first(where: { $0.label == parameter.name }) {
          let scope = conditionScope(action.payload, arguments, state)
          return RNamed(name: parameter.name, value: evaluate(written.value, scope, RModel(name: "", fields: [])) ?? .null)
        }
        if let own = action.payload.first(where: { $0.name == parameter.name }), own.type == parameter.type {
          return RNamed(name: parameter.name, value: arguments[own.name] ?? .null)
        }
        if let field = spec.allStateFields.first(where: { $0.name == parameter.name }), field.type == parameter.type {
          return RNamed(name: parameter.name, value: state[field.name] ?? .null)
        }
        return RNamed(name: parameter.name, value: parameter.defaultValue ?? .null)
      }
      return (RCall(action: target.name, arguments: values, bare: values.isEmpty), followUp.delay != nil)
    }
  }

  /// The outcome actions the effect of `call` dispatches, as the example's `effects` say: one,
  /// none (an optional effect's nil), or a stream's values, then maybe its failure.
  func outcomes(of call: RCall, in example: RExample) -> [RCall] {
    guard let run = example.store, let action = spec.actions.first(where: { $0.name == call.action }),
      case .yields(let elements, let failure)? = run.effects[spec.effectName(of: action)]
    else { return outcome(of: call, in: example).map { [$0] } ?? [] }
    return elements.compactMap { outcome(of: call, result: .returns($0)) }
      + (failure.flatMap { outcome(of: call, result: .fails($0)) }.map { [$0] } ?? [])
  }

  /// The outcome action the effect of `call` dispatches, as the example's `effects` say.
  func outcome(of call: RCall, in example: RExample) -> RCall? {
    guard let run = example.store, let action = spec.actions.first(where: { $0.name == call.action }),
      let result = run.effects[spec.effectName(of: action)]
    else { return nil }
    return outcome(of: call, result: result)
  }

  /// The outcome action `result` of the effect of `call` makes.
  func outcome(of call: RCall, result: RStoreRun.Outcome) -> RCall? {
    guard let action = spec.actions.first(where: { $0.name == call.action }), let async = action.async else { return nil }
    var arguments: [String: RValue] = [:]
    for argument in call.arguments { arguments[argument.name] = argument.value }
    for parameter in action.payload where arguments[parameter.name] == nil {
      arguments[parameter.name] = parameter.defaultValue ?? .null
    }
    var values: [String: RValue] = [:]
    for name in async.carry { values[name] = arguments[name] }
    let name: String
    switch result {
    case .returnsNil, .yields:
      return nil
    case .returns(let own):
      name = action.succeeded
      for field in own { values[field.name] = field.value }
    case .fails(let value):
      name = action.failed
      let carried = Set(async.carry)
      if let own = (spec.payload(of: name) ?? []).first(where: { !carried.contains($0.name) }) {
        values[own.name] = value
      }
    }
    let payload = spec.payload(of: name) ?? []
    let ordered = payload.compactMap { field in values[field.name].map { RNamed(name: field.name, value: $0) } }
    return RCall(action: name, arguments: ordered, bare: ordered.isEmpty)
  }

  func apply(_ call: RCall, to state: inout State) {
    var arguments: [String: RValue] = [:]
    for argument in call.arguments { arguments[argument.name] = argument.value }
    for action in spec.actions {
      if action.name == call.action {
        for parameter in action.payload where arguments[parameter.name] == nil {
          arguments[parameter.name] = parameter.defaultValue ?? .null
        }
        for operation in action.reduce { apply(operation, action.payload, arguments, &state) }
        if let status = action.async?.status { state[status] = .status(.loading) }
      } else if let async = action.async, call.action == action.succeeded || call.action == action.failed {
        let succeeded = call.action == action.succeeded
        let payload = spec.payload(of: call.action) ?? []
        for parameter in payload where arguments[parameter.name] == nil {
          arguments[parameter.name] = parameter.defaultValue ?? .null
        }
        for operation in succeeded ? async.onSuccess : async.onFailure {
          apply(operation, payload, arguments, &state)
        }
        if let status = async.status {
          if succeeded {
            state[status] = .status(.succeeded)
          } else if let message = payload.first(where: { $0.name == "message" && $0.type == .scalar(.string) }),
            case .string(let text)? = arguments[message.name]
          {
            state[status] = .status(.failed(text))
          } else {
            state[status] = .status(.failed(action.failed))
          }
        }
      }
    }
  }

  /// The parameter an operation without `= value` reads, as the checker picks it.
  static func impliedParameter(_ path: RPath, _ payload: [RField]) -> String? {
    if payload.count == 1 { return payload[0].name }
    return payload.first { $0.name == path.lastField }?.name
  }

  /// The operand's value; `state`, the state as the operation finds it, for arithmetic that
  /// reads its fields (`set total = count + 1`).
  func operand(_ operand: ROperand, _ arguments: [String: RValue], state: State = [:]) -> RValue {
    switch operand {
    case .literal(_, let value):
      return value
    case .parameter(let name, let fields):
      var value = arguments[name] ?? .null
      for field in fields { value = value.field(field) ?? .null }
      return value
    case .eachElement(let name, let fields):
      guard case .array(let elements)? = arguments[name] else { return .null }
      return .array(elements.map { element in fields.reduce(element) { $0.field($1) ?? .null } })
    case .arithmetic(let arithmetic):
      return Self.compute(arithmetic) { leaf in
        if case .operand(let inner) = leaf { return self.operand(inner, arguments) }
        if case .name(let field) = leaf { return state[field] }
        return nil
      } ?? .null
    case .expression(let predicate):
      // A set's value alone reads the state (`apply`); anywhere else, as the state's fields.
      return evaluate(predicate, .model("", spec.allStateFields.map { RNamed(name: $0.name, value: state[$0.name] ?? .null) }), RModel(name: "", fields: [])) ?? .null
    }
  }

  /// Int arithmetic as generated code computes it: Swift's `+ - *`, a division rounded toward
  /// zero, by zero 0 (ReduxArithmetic.quotient); nil when a leaf has no Int value or a result
  /// overflows (the generated code would trap).
  static func compute(_ arithmetic: RArithmetic, _ leaf: (RArithmetic) -> RValue?) -> RValue? {
    switch arithmetic {
    case .number(let number): return .int(number)
    case .operand, .name: return leaf(arithmetic)
    case .binary(let lhs, let op, let rhs):
      guard case .int(let a)? = compute(lhs, leaf), case .int(let b)? = compute(rhs, leaf) else { return nil }
      let (result, overflow): (Int, Bool) =
        switch op {
        case "+": a.addingReportingOverflow(b)
        case "-": a.subtractingReportingOverflow(b)
        case "*": a.multipliedReportingOverflow(by: b)
        default: b == 0 ? (0, false) : a.dividedReportingOverflow(by: b)
        }
      return overflow ? nil : .int(result)
    }
  }

  private func apply(_ operation: ROperation, _ payload: [RField], _ arguments: [String: RValue], _ state: inout State) {
    func value(_ path: RPath, _ given: ROperand?) -> RValue {
      if case .expression(let predicate)? = given {
        // As an `- if` reads: the payload, then the state's fields.
        let scope = conditionScope(payload, arguments, state)
        return evaluate(predicate, scope, RModel(name: "", fields: [])) ?? .null
      }
      if let given { return operand(given, arguments, state: state) }
      return arguments[Self.impliedParameter(path, payload) ?? ""] ?? .null
    }
    switch operation {
    case .custom:
      // The hand-written custom reducers `package` writes leave the state alone.
      break
    case .navigate:
      // A navigation stack is a child field: the simulated state doesn't hold it.
      break
    case .conditional(let condition, let then, let otherwise):
      let scope = conditionScope(payload, arguments, state)
      let holds = evaluate(condition, scope, RModel(name: "", fields: [])) == .bool(true)
      for inner in holds ? then : otherwise { apply(inner, payload, arguments, &state) }
    case .set(let path, let given):
      let new = value(path, given)
      modify(&state, path, arguments, absent: .null) { $0 = new }
    case .append(let path, let given), .prepend(let path, let given):
      let new = value(path, given)
      let atStart = if case .prepend = operation { true } else { false }
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        // A list of models with an id holds one element per id: a taken id adds nothing.
        // A fresh UUID() is new every time: it takes no id.
        if let id = new.field("id"), id != .freshUUID, items.contains(where: { $0.field("id") == id }) { return }
        $0 = .array(atStart ? [new] + items : items + [new])
      }
    case .appendBuilt(let path, let atStart):
      guard case .array(.model(let name))? = pathType(path), let model = spec.model(name) else { return }
      var given: [String: RValue] = [:]
      for parameter in payload { given[parameter.name] = arguments[parameter.name] ?? .null }
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        if given["id"] == nil, model.idField?.type == .scalar(.int) || model.idField?.type == .scalar(.int64) {
          // The largest plus one; in an empty list, the id's default, else 1.
          if let largest = items.compactMap({ $0.field("id")?.number }).max() {
            given["id"] = .int(Int(largest) + 1)
          } else {
            given["id"] = model.idField?.defaultValue ?? .int(1)
          }
        }
        guard let new = modelValue(name, given) else { return }
        if let id = new.field("id"), id != .freshUUID, items.contains(where: { $0.field("id") == id }) { return }
        $0 = .array(atStart ? [new] + items : items + [new])
      }
    case .add(let path, let given):
      let new = operand(given, arguments)
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        if Self.holds(items, new) { return }
        $0 = .array(items + [new])
      }
    case .addMany(let path, let given, let word):
      guard case .array(let elements) = value(path, given) else { return }
      modify(&state, path, arguments, absent: nil) {
        switch $0 {
        case .array(var items):
          var position = word == "prepend" ? 0 : items.count
          for element in elements {
            if word == "add" {
              if !Self.holds(items, element) { items.append(element) }
              continue
            }
            let id = element.field("id")
            let taken = id.flatMap { id in id == .freshUUID ? nil : items.firstIndex { $0.field("id") == id } }
            if word == "upsert", let taken {
              items[taken] = element
            } else if taken == nil {
              // A list of models with an id holds one element per id: a taken id adds nothing.
              items.insert(element, at: word == "upsert" ? items.count : position)
              position += 1
            }
          }
          $0 = .array(items)
        case .dictionary(var pairs):
          for element in elements {
            guard let id = element.field("id") else { continue }
            if let index = pairs.firstIndex(where: { $0.key == id }) {
              pairs[index].value = element
            } else {
              pairs.append(RPair(key: id, value: element))
            }
          }
          $0 = .dictionary(pairs)
        default:
          return
        }
      }
    case .upsert(let path, let given):
      let new = value(path, given)
      modify(&state, path, arguments, absent: nil) {
        if case .dictionary(var pairs) = $0, let id = new.field("id") {
          if let index = pairs.firstIndex(where: { $0.key == id }) {
            pairs[index].value = new
          } else {
            pairs.append(RPair(key: id, value: new))
          }
          $0 = .dictionary(pairs)
          return
        }
        guard case .array(var items) = $0 else { return }
        if new.field("id") != .freshUUID, let index = items.firstIndex(where: { $0.field("id") == new.field("id") }) {
          items[index] = new
        } else {
          items.append(new)
        }
        $0 = .array(items)
      }
    case .setEach(let path, let field, let given, let condition):
      let new = operand(given, arguments)
      let stateFields = whereStateFields(state)
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        $0 = .array(
          items.map { item in
            guard case .model(let name, _) = item, let model = spec.model(name) else { return item }
            let scope = whereScope(item, payload, arguments, stateFields)
            if let condition, evaluate(condition, scope, model) != .bool(true) { return item }
            return item.settingField(field, new)
          })
      }
    case .sort(let path, let keys):
      guard let listType = pathType(path), case .array(let element) = listType else { return }
      var typed: [(RSortKey, RType)] = []
      for key in keys {
        if key.field == "self" {
          typed.append((key, element))
        } else if case .model(let name) = element, let field = spec.model(name)?.fields.first(where: { $0.name == key.field }) {
          typed.append((key, field.type))
        }
      }
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        $0 = .array(sortedStably(items, typed))
      }
    case .removeValue(let path, let given):
      let removed = operand(given, arguments)
      modify(&state, path, arguments, absent: nil) {
        if case .array(let items) = $0 { $0 = .array(items.filter { $0 != removed }) }
      }
    case .removeAt(let path, let name, let view):
      let offsets = Self.offsets(arguments[name])
      // With a view, the offsets are positions in a filter's result: found in the list.
      let shown = view.flatMap { result in spec.filters.first { $0.resultName == result } }.flatMap { filterPositions($0, state) }
      if view != nil && shown == nil { return }
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        let removed = Set(shown.map { shown in offsets.filter { $0 >= 0 && $0 < shown.count }.map { shown[$0] } } ?? offsets)
        $0 = .array(items.enumerated().filter { !removed.contains($0.offset) }.map(\.element))
      }
    case .move(let path, let name, let given, let view):
      let offsets = Self.offsets(arguments[name])
      let destinationValue: RValue
      if let given {
        destinationValue = operand(given, arguments)
      } else {
        destinationValue = payload.first { $0.type == .scalar(.int) }.flatMap { arguments[$0.name] } ?? .null
      }
      guard case .int(let destination) = destinationValue else { return }
      let shown = view.flatMap { result in spec.filters.first { $0.resultName == result } }.flatMap { filterPositions($0, state) }
      if view != nil && shown == nil { return }
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        var moving = offsets
        var target = destination
        if let shown {
          // Before the element shown at the destination, or after the last one shown.
          moving = offsets.filter { $0 >= 0 && $0 < shown.count }.map { shown[$0] }
          guard !moving.isEmpty, let last = shown.last else { return }
          target = destination >= shown.count ? last + 1 : shown[max(destination, 0)]
        }
        $0 = .array(Self.moved(count: items.count, offsets: moving, destination: target).map { items[$0] })
      }
    case .removeWhere(let path, let condition):
      // The state as the operation starts, as the reducer reads it into locals.
      let stateFields = whereStateFields(state)
      modify(&state, path, arguments, absent: nil) {
        guard case .array(let items) = $0 else { return }
        $0 = .array(
          items.filter { item in
            guard case .model(let name, _) = item, let model = spec.model(name) else { return true }
            return evaluate(condition, whereScope(item, payload, arguments, stateFields), model) != .bool(true)
          })
      }
    case .remove(let path):
      guard let last = path.steps.last else { return }
      let collection = RPath(steps: Array(path.steps.dropLast()))
      switch last {
      case .element(let id):
        let key = selector(id, arguments, state)
        modify(&state, collection, arguments, absent: nil) {
          if case .array(let items) = $0 { $0 = .array(items.filter { $0.field("id") != key }) }
        }
      case .key(let keyOperand):
        let key = selector(keyOperand, arguments, state)
        modify(&state, collection, arguments, absent: nil) {
          if case .dictionary(let pairs) = $0 { $0 = .dictionary(pairs.filter { $0.key != key }) }
        }
      case .field, .offset:
        break
      }
    case .update(let path):
      let ids = Set(
        path.steps.compactMap { step -> String? in
          switch step {
          case .element(.parameter(let name, _)), .key(.parameter(let name, _)): name
          default: nil
          }
        })
      let assignments = payload.filter { !ids.contains($0.name) }
      modify(&state, path, arguments, absent: nil) { element in
        for parameter in assignments {
          element = element.settingField(parameter.name, arguments[parameter.name] ?? .null)
        }
      }
    case .toggle(let path):
      // An absent dictionary entry changed in place starts from false (or 0, below).
      modify(&state, path, arguments, absent: .bool(false)) {
        if case .bool(let flag) = $0 { $0 = .bool(!flag) }
      }
    case .increment(let path, let amount), .decrement(let path, let amount):
      let sign: Double = if case .increment = operation { 1 } else { -1 }
      // An amount that reads the state reads it as a set's value does.
      let by = amount.map { value(path, $0) } ?? .int(1)
      let isInteger = pathType(path).map { if case .scalar(let s) = $0 { s.isInteger } else { false } } ?? false
      modify(&state, path, arguments, absent: isInteger ? .int(0) : .double(0)) {
        guard let current = $0.number, let step = by.number else { return }
        let result = current + sign * step
        $0 = isInteger ? .int(Int(result)) : .double(result)
      }
    case .reset(let path):
      guard let defaultValue = defaultValue(at: path) else { return }
      modify(&state, path, arguments, absent: .null) { $0 = defaultValue }
    case .clear(let path):
      modify(&state, path, arguments, absent: nil) {
        switch $0 {
        case .array: $0 = .array([])
        case .dictionary: $0 = .dictionary([])
        default: break
        }
      }
    }
  }

  /// A written path's key or id: a parameter or a literal, or a state field named with
  /// `state.` (`counts[state.selected]`).
  private func selector(_ operand: ROperand, _ arguments: [String: RValue], _ state: State) -> RValue {
    if case .expression(.path(let steps, nil)) = operand, steps.count == 2, steps[0] == "state" {
      return state[steps[1]] ?? .null
    }
    return self.operand(operand, arguments, state: state)
  }

  /// The type a path of the state ends at.
  func pathType(_ path: RPath) -> RType? {
    var type: RType?
    for step in path.steps {
      switch step {
      case .field(let name):
        if type == nil {
          type = spec.allStateFields.first { $0.name == name }?.type
        } else if case .model(let model)? = type {
          type = spec.model(model)?.fields.first { $0.name == name }?.type
        } else {
          return nil
        }
      case .element, .offset:
        type = type?.element
      case .key:
        if case .dictionary(_, let value)? = type { type = value } else { return nil }
      }
    }
    return type
  }

  /// The default of the field a path ends at.
  func defaultValue(at path: RPath) -> RValue? {
    guard case .field(let last)? = path.steps.last else { return nil }
    if path.steps.count == 1 { return spec.allStateFields.first { $0.name == last }?.defaultValue }
    let parent = RPath(steps: Array(path.steps.dropLast()))
    guard case .model(let model)? = pathType(parent) else { return nil }
    return spec.model(model)?.fields.first { $0.name == last }?.defaultValue
  }

  /// Runs `body` on the value at `path`; an element or entry that is not there leaves the state
  /// alone, except that the last step of an assignment stores a dictionary entry.
  private func modify(
    _ state: inout State, _ path: RPath, _ arguments: [String: RValue], absent: RValue?,
    _ body: (inout RValue) -> Void
  ) {
    guard case .field(let root) = path.steps[0], var value = state[root] else { return }
    // A key or an id read from the state is read as the operation starts.
    let steps = path.steps.map { step -> RStep in
      switch step {
      case .element(let selector): .element(.literal("", self.selector(selector, arguments, state)))
      case .key(let selector): .key(.literal("", self.selector(selector, arguments, state)))
      default: step
      }
    }
    modify(&value, steps.dropFirst(), arguments, absent: absent, body)
    state[root] = value
  }

  private func modify(
    _ value: inout RValue, _ steps: ArraySlice<RStep>, _ arguments: [String: RValue], absent: RValue?,
    _ body: (inout RValue) -> Void
  ) {
    guard let step = steps.first else {
      body(&value)
      return
    }
    let rest = steps.dropFirst()
    switch step {
    case .field(let name):
      guard case .model(let model, var fields) = value, let index = fields.firstIndex(where: { $0.name == name })
      else { return }
      modify(&fields[index].value, rest, arguments, absent: absent, body)
      value = .model(model, fields)
    case .element(let id):
      let key = operand(id, arguments)
      guard case .array(var items) = value, let index = items.firstIndex(where: { $0.field("id") == key }) else { return }
      modify(&items[index], rest, arguments, absent: absent, body)
      value = .array(items)
    case .offset(let offsetOperand):
      // Out of range, nothing.
      guard case .array(var items) = value, case .int(let index) = operand(offsetOperand, arguments),
        items.indices.contains(index)
      else { return }
      modify(&items[index], rest, arguments, absent: absent, body)
      value = .array(items)
    case .key(let keyOperand):
      let key = operand(keyOperand, arguments)
      guard case .dictionary(var pairs) = value else { return }
      if let index = pairs.firstIndex(where: { $0.key == key }) {
        modify(&pairs[index].value, rest, arguments, absent: absent, body)
      } else if rest.isEmpty, let absent {
        var entry = absent
        body(&entry)
        pairs.append(RPair(key: key, value: entry))
      }
      value = .dictionary(pairs)
    }
  }

  // MARK: Reading the state

  /// The value and type at a `then` path, as the checker types it; nil when the path does not
  /// reach a value (an index past the end). Through an optional or a dictionary entry the path
  /// goes on with optional chaining: nil there makes the whole path nil.
  func read(_ path: [RThenStep], in state: State) -> (RValue, RType)? {
    guard case .field(let root)? = path.first else { return nil }
    var value: RValue
    var type: RType
    if let field = spec.allStateFields.first(where: { $0.name == root }), let stored = state[root] {
      value = stored
      type = field.type
    } else if let filter = spec.filters.first(where: { $0.resultName == root }) {
      guard let items = filterResult(filter, state), let element = filterElement(filter) else { return nil }
      value = .array(items)
      type = .array(.model(element))
    } else {
      return nil
    }
    var chained = false
    var isNil = false
    func unwrap() {
      guard type.isOptional else { return }
      chained = true
      type = type.unwrapped
      if value == .null { isNil = true }
    }
    for step in path.dropFirst() {
      switch step {
      case .field(let name):
        unwrap()
        guard case .model(let modelName) = type,
          let field = spec.model(modelName)?.fields.first(where: { $0.name == name })
        else { return nil }
        type = field.type
        if !isNil { value = value.field(name) ?? .null }
      case .index(let index):
        unwrap()
        guard let element = type.element else { return nil }
        type = element
        if !isNil {
          guard case .array(let items) = value, items.indices.contains(index) else { return nil }
          value = items[index]
        }
      case .key(let key):
        unwrap()
        guard case .dictionary(_, let valueType) = type else { return nil }
        type = valueType.isOptional ? valueType : .optional(valueType)
        if !isNil {
          guard case .dictionary(let pairs) = value else { return nil }
          value = pairs.first { $0.key == key }?.value ?? .null
        }
      case .count, .isEmpty:
        unwrap()
        if !isNil {
          guard let count = value.elementCount else { return nil }
          value = step == .count ? .int(count) : .bool(count == 0)
        }
        type = step == .count ? .scalar(.int) : .scalar(.bool)
      }
    }
    if chained && !type.isOptional { type = .optional(type) }
    return (isNil ? .null : value, type)
  }

  func filterElement(_ filter: RFilter) -> String? {
    guard case .array(.model(let name))? = spec.state.first(where: { $0.name == filter.over })?.type else { return nil }
    return name
  }

  func filterResult(_ filter: RFilter, _ state: State) -> [RValue]? {
    guard case .array(let items)? = state[filter.over], let positions = filterPositions(filter, state) else { return nil }
    return positions.map { items[$0] }
  }

  /// The positions in its list of the elements a filter's result shows, in the result's order.
  func filterPositions(_ filter: RFilter, _ state: State) -> [Int]? {
    guard case .array(let items)? = state[filter.over],
      case .enumCase(let selected)? = state[filter.selectedName],
      let filterCase = filter.cases.first(where: { $0.name == selected }),
      let modelName = filterElement(filter), let model = spec.model(modelName)
    else { return nil }
    var kept: [Int] = []
    let stateScope = stateScopeFields(state)
    for (position, item) in items.enumerated() {
      guard case .bool(let keep)? = evaluate(filterCase.predicate, filterScope(item, stateScope), model) else { return nil }
      if keep { kept.append(position) }
    }
    let keys = filter.sort.compactMap { key in model.fields.first { $0.name == key.field }.map { (key, $0.type) } }
    return sortedOrder(kept.map { items[$0] }, keys).map { kept[$0] }
  }

  /// The positions a move leaves `count` elements in, as ReduxRuntime's `moveElements` does it:
  /// offsets past the end ignored, the destination clamped.
  static func moved(count: Int, offsets: [Int], destination: Int) -> [Int] {
    let moving = offsets.filter { $0 >= 0 && $0 < count }.sorted()
    guard !moving.isEmpty else { return Array(0..<count) }
    let target = min(max(destination, 0), count)
    return (0..<target).filter { !moving.contains($0) } + moving + (target..<count).filter { !moving.contains($0) }
  }

  static func offsets(_ value: RValue?) -> [Int] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap { if case .int(let offset) = $0 { offset } else { nil } }
  }

  /// The state's fields and derived values, by name, as a condition reads them.
  func stateScopeFields(_ state: State) -> [RNamed] {
    var stateFields: [RNamed] = spec.allStateFields.map { RNamed(name: $0.name, value: state[$0.name] ?? .null) }
    for value in spec.derived {
      if let (derived, _) = derivedValue(value, state) { stateFields.append(RNamed(name: value.name, value: derived)) }
    }
    return stateFields
  }

  /// What a filter case reads, as one model value: the element's fields, then the state's
  /// fields and derived values it doesn't hide, and `state` holding them all unless the element
  /// has a field `state`.
  func filterScope(_ item: RValue, _ stateFields: [RNamed]) -> RValue {
    guard case .model(let name, let own) = item else { return item }
    var fields = own
    // `element.NAME`, before any state field of that name.
    if !own.contains(where: { $0.name == "element" }) { fields.append(RNamed(name: "element", value: item)) }
    fields += stateFields.filter { field in !own.contains { $0.name == field.name } }
    if !own.contains(where: { $0.name == "state" }) { fields.append(RNamed(name: "state", value: .model("", stateFields))) }
    return .model(name, fields)
  }

  /// Whether a list holds a value as `add` asks: a model with an id by its id (a fresh UUID is
  /// none held), anything else by value.
  static func holds(_ items: [RValue], _ value: RValue) -> Bool {
    if let id = value.field("id") { return id != .freshUUID && items.contains { $0.field("id") == id } }
    return items.contains(value)
  }

  /// The state's fields, by name, as a `where` reads them (no derived value).
  func whereStateFields(_ state: State) -> [RNamed] {
    spec.allStateFields.map { RNamed(name: $0.name, value: state[$0.name] ?? .null) }
  }

  /// What a `where` reads, as one model value: the element's fields, then the payload's (in an
  /// action), then the state's fields neither hides, and `state` holding the state's fields
  /// unless a name before is `state`.
  func whereScope(_ item: RValue, _ payload: [RField], _ arguments: [String: RValue], _ stateFields: [RNamed]) -> RValue {
    guard case .model(let name, let own) = item else { return item }
    var fields = own
    for field in payload where !fields.contains(where: { $0.name == field.name }) {
      fields.append(RNamed(name: field.name, value: arguments[field.name] ?? .null))
    }
    let before = fields
    // `element.NAME` and `payload.NAME`, unless the element or the payload has such a field; before
    // any state field of those names.
    if !before.contains(where: { $0.name == "element" }) { fields.append(RNamed(name: "element", value: item)) }
    if !before.contains(where: { $0.name == "payload" }) {
      fields.append(RNamed(name: "payload", value: .model("", payload.map { RNamed(name: $0.name, value: arguments[$0.name] ?? .null) })))
    }
    fields += stateFields.filter { field in !before.contains { $0.name == field.name } }
    let hidden = before.contains { $0.name == "state" }
    if !hidden { fields.append(RNamed(name: "state", value: .model("", stateFields))) }
    return .model(name, fields)
  }

  /// What an action's condition reads, as one model value: the payload, then the state's fields
  /// and derived values no parameter hides, and `state` holding them all.
  func conditionScope(_ payload: [RField], _ arguments: [String: RValue], _ state: State) -> RValue {
    let stateFields = stateScopeFields(state)
    var fields = payload.map { RNamed(name: $0.name, value: arguments[$0.name] ?? .null) }
    fields += stateFields.filter { field in !payload.contains { $0.name == field.name } }
    fields.append(RNamed(name: "state", value: .model("", stateFields)))
    return .model("", fields)
  }

  /// A derived value of `state`, and its type; nil when it can't be worked out here.
  func derivedValue(_ value: RDerived, _ state: State) -> (RValue, RType)? {
    if case .expression(let expression, let type) = value.kind {
      // Over the state's fields, as a derived value reads them.
      let scope = RValue.model("", spec.allStateFields.map { RNamed(name: $0.name, value: state[$0.name] ?? .null) })
      return evaluate(expression, scope, RModel(name: "", fields: [])).map { ($0, type) }
    }
    if case .arithmetic(let arithmetic) = value.kind {
      let result = Self.compute(arithmetic) { leaf in
        guard case .name(let name) = leaf else { return nil }
        if let earlier = spec.derived.first(where: { $0.name == name }) { return derivedValue(earlier, state)?.0 }
        return state[name]
      }
      return result.map { ($0, .scalar(.int)) }
    }
    guard let field = spec.state.first(where: { $0.name == value.list }), let collection = state[value.list] else {
      return nil
    }
    var items: [RValue] = []
    // A dictionary's values, each with its entry's key.
    var entryKeys: [RValue] = []
    if case .array(let list) = collection { items = list }
    if case .dictionary(let pairs) = collection { (entryKeys, items) = (pairs.map(\.key), pairs.map(\.value)) }
    var model: RModel?
    switch field.type {
    case .array(.model(let name)), .dictionary(_, .model(let name)): model = spec.model(name)
    default: break
    }
    let stateFields = whereStateFields(state)
    /// The positions of the items the condition holds for.
    func matchingIndices(_ condition: RPredicate?) -> [Int]? {
      guard let condition else { return Array(items.indices) }
      guard let model else { return nil }
      var kept: [Int] = []
      for (index, item) in items.enumerated() {
        guard case .bool(let flag)? = evaluate(condition, whereScope(item, [], [:], stateFields), model) else { return nil }
        if flag { kept.append(index) }
      }
      return kept
    }
    func matches(_ condition: RPredicate?) -> [RValue]? {
      matchingIndices(condition).map { $0.map { items[$0] } }
    }
    switch value.kind {
    case .arithmetic, .expression:
      return nil
    case .count(let condition):
      return matches(condition).map { (.int($0.count), .scalar(.int)) }
    case .all(let condition):
      return matches(condition).map { (.bool($0.count == items.count), .scalar(.bool)) }
    case .any(let condition):
      return matches(condition).map { (.bool(!$0.isEmpty), .scalar(.bool)) }
    case .isEmpty:
      return (.bool(collection.elementCount == 0), .scalar(.bool))
    case .sum(let summed, let condition, let times):
      guard let kept = matches(condition), let type = model?.fields.first(where: { $0.name == summed })?.type,
        case .scalar(let scalar) = type
      else { return nil }
      // Doubles added in another order could round differently: only integers are expected.
      guard scalar.isInteger else { return nil }
      if let times, case .scalar(let timesScalar)? = model?.fields.first(where: { $0.name == times })?.type,
        !timesScalar.isInteger
      {
        return nil
      }
      let total = kept.reduce(0) { total, item in
        let value = Int(item.field(summed)?.number ?? 0)
        return total + (times.map { value * Int(item.field($0)?.number ?? 0) } ?? value)
      }
      return (.int(total), type)
    case .weighted(let summed, let weightsName, let key, let condition):
      guard let kept = matchingIndices(condition), case .dictionary(let weights)? = state[weightsName] else { return nil }
      // Over a dictionary, `key` is each entry's own (its values have no field `key`).
      let byEntry = !entryKeys.isEmpty && key == "key"
      var total = 0
      for index in kept {
        let item = items[index]
        guard case .int(let value)? = item.field(summed), let keyValue = byEntry ? entryKeys[index] : item.field(key) else {
          return nil
        }
        let weight: Int
        if case .int(let found)? = weights.first(where: { $0.key == keyValue })?.value { weight = found } else { weight = 0 }
        let (product, overflow) = value.multipliedReportingOverflow(by: weight)
        let (sum, overflowed) = total.addingReportingOverflow(product)
        guard !overflow, !overflowed else { return nil }
        total = sum
      }
      return (.int(total), .scalar(.int))
    case .lookup where value.parameter != nil:
      // A function of the State: its derived test pins it, examples don't read it.
      return nil
    case .lookupMany(let keysName):
      guard case .array(let keys)? = state[keysName] else { return nil }
      switch field.type {
      case .dictionary(_, let valueType):
        guard case .dictionary(let pairs) = collection else { return nil }
        return (.array(keys.compactMap { key in pairs.first { $0.key == key }?.value }), .array(valueType))
      case .array(let element):
        return (.array(keys.compactMap { key in items.first { $0.field("id") == key } }), .array(element))
      default:
        return nil
      }
    case .lookup(let keyName):
      guard let key = state[keyName] else { return nil }
      switch field.type {
      case .dictionary(_, let valueType):
        guard case .dictionary(let pairs) = collection else { return nil }
        if let fallback = value.fallback {
          return (pairs.first { $0.key == key }?.value ?? .int(fallback), valueType)
        }
        return (pairs.first { $0.key == key }?.value ?? .null, .optional(valueType))
      case .array(let element):
        return (items.first { $0.field("id") == key && key != .null } ?? .null, .optional(element))
      default:
        return nil
      }
    }
  }

  /// `items` sorted by `keys` (`self`: the element itself), ties in their order.
  func sortedStably(_ items: [RValue], _ keys: [(RSortKey, RType)]) -> [RValue] {
    sortedOrder(items, keys).map { items[$0] }
  }

  /// The positions of `items` in sorted order, ties in list order.
  func sortedOrder(_ items: [RValue], _ keys: [(RSortKey, RType)]) -> [Int] {
    let sorted = items.enumerated().sorted { lhs, rhs in
      for (key, type) in keys {
        let a = key.field == "self" ? lhs.element : lhs.element.field(key.field) ?? .null
        let b = key.field == "self" ? rhs.element : rhs.element.field(key.field) ?? .null
        if a == b { continue }
        guard let order = orderOf(a, b, type) else { continue }
        if order == 0 { continue }
        return key.descending ? order > 0 : order < 0
      }
      return lhs.offset < rhs.offset
    }
    return sorted.map(\.offset)
  }

  /// -1, 0 or 1; nil when unordered.
  func orderOf(_ a: RValue, _ b: RValue, _ type: RType) -> Int? {
    switch (a, b) {
    case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
    case (.enumCase(let x), .enumCase(let y)):
      guard case .enumeration(let name) = type, let cases = spec.enumCases(name) else { return nil }
      let i = cases.firstIndex(of: x) ?? 0
      let j = cases.firstIndex(of: y) ?? 0
      return i == j ? 0 : (i < j ? -1 : 1)
    case (.string(let x), .string(let y)): return x == y ? 0 : (x < y ? -1 : 1)
    case (.date(let x), .date(let y)): return x == y ? 0 : (x < y ? -1 : 1)
    default:
      guard let x = a.number, let y = b.number else { return nil }
      return x == y ? 0 : (x < y ? -1 : 1)
    }
  }

  /// A predicate's value for one element.
  func evaluate(_ predicate: RPredicate, _ element: RValue, _ model: RModel) -> RValue? {
    switch predicate {
    case .constant(let flag): return .bool(flag)
    case .literal(_, let value): return value
    case .parenthesized(let inner): return evaluate(inner, element, model)
    case .path(let steps, let suffix):
      var value = element
      for step in steps {
        // `rows.first?.id`: a list's first or last element, the rest of the path nil without one.
        if step == "first?" || step == "last?" {
          guard case .array(let items) = value else { return nil }
          guard let end = step == "first?" ? items.first : items.last else { return .null }
          value = end
          continue
        }
        // `mode.playing?.at`: a case's values, the rest of the path nil in another case.
        if step.hasSuffix("?") {
          let caseName = String(step.dropLast())
          switch value {
          case .caseValue(caseName, let values): value = .model("", values)
          case .caseValue, .enumCase, .null: return .null
          default: return nil
          }
          continue
        }
        guard let next = value.field(step) else { return nil }
        value = next
      }
      guard let suffix else { return value }
      switch (suffix, value) {
      case ("lowercased", .string(let text)): return .string(text.lowercased())
      case ("uppercased", .string(let text)): return .string(text.uppercased())
      case ("first", .array(let items)): return items.first ?? .null
      case ("last", .array(let items)): return items.last ?? .null
      case ("rounded", .double(let number)): return .double(number.rounded())
      default: break
      }
      // `scores.sum`, `lines.max(price)`: a list's total (0 when empty), smallest or largest (nil).
      if let open = suffix.firstIndex(of: "(") ?? Optional(suffix.endIndex), case .array(let items) = value,
        ["sum", "min", "max"].contains(String(suffix[..<open]))
      {
        let field = open == suffix.endIndex ? nil : String(suffix[suffix.index(after: open)..<suffix.index(before: suffix.endIndex)])
        let values = items.map { item in field.flatMap { item.field($0) } ?? item }
        switch suffix[..<open] {
        case "sum":
          var total = 0
          for case .int(let number) in values { total += number }
          return .int(total)
        default:
          let numbers = values.compactMap { if case .int(let number) = $0 { number } else { nil } }
          guard let best = suffix.hasPrefix("min") ? numbers.min() : numbers.max() else { return .null }
          return .int(best)
        }
      }
      guard let count = value.elementCount else { return nil }
      return suffix == "count" ? .int(count) : .bool(count == 0)
    case .not(let inner):
      guard case .bool(let flag)? = evaluate(inner, element, model) else { return nil }
      return .bool(!flag)
    case .and(let a, let b), .or(let a, let b):
      guard case .bool(let x)? = evaluate(a, element, model), case .bool(let y)? = evaluate(b, element, model) else {
        return nil
      }
      if case .and = predicate { return .bool(x && y) }
      return .bool(x || y)
    case .contains(let steps, let inner):
      guard case .array(let items)? = evaluate(.path(steps, suffix: nil), element, model),
        let value = evaluate(inner, element, model)
      else { return nil }
      return .bool(items.contains { same($0, value) })
    case .lookup(let steps, let inner):
      guard let collection = evaluate(.path(steps, suffix: nil), element, model), let key = evaluate(inner, element, model)
      else { return nil }
      switch collection {
      case .dictionary(let pairs): return pairs.first { same($0.key, key) }?.value ?? .null
      case .array(let items): return items.first { $0.field("id").map { same($0, key) } ?? false } ?? .null
      default: return nil
      }
    case .index(let steps, let inner, let suffix):
      guard case .array(let items)? = evaluate(.path(steps, suffix: nil), element, model),
        case .int(let offset)? = evaluate(inner, element, model)
      else { return nil }
      // Out of range, nil; `?.` reads on the element where there is one.
      guard offset >= 0, offset < items.count else { return .null }
      switch (suffix, items[offset]) {
      case (nil, let item): return item
      case ("lowercased", .string(let text)): return .string(text.lowercased())
      case ("uppercased", .string(let text)): return .string(text.uppercased())
      case ("count", .string(let text)): return .int(text.count)
      default: return nil
      }
    case .arithmetic(let a, let op, let b):
      guard let x = evaluate(a, element, model), let y = evaluate(b, element, model) else { return nil }
      switch (x, y) {
      case (.string(let s), .string(let t)): return .string(s + t)
      case (.int(let s), .int(let t)):
        switch op {
        case "+": return .int(s + t)
        case "-": return .int(s - t)
        case "*": return .int(s * t)
        case "/": return .int(t == 0 ? 0 : s / t)
        default: return .int(t == 0 ? 0 : s % t)
        }
      default:
        guard let s = x.number, let t = y.number else { return nil }
        switch op {
        case "+": return .double(s + t)
        case "-": return .double(s - t)
        case "*": return .double(s * t)
        default: return .double(t == 0 ? 0 : s / t)
        }
      }
    case .call(let function, let arguments):
      let values = arguments.map { evaluate($0, element, model) }
      switch (function, values.first ?? nil, values.dropFirst().first ?? nil) {
      case ("??", .null?, let fallback): return fallback
      case ("??", let value?, _): return value
      case ("abs", .int(let number)?, _): return .int(number < 0 ? -number : number)
      case ("abs", .double(let number)?, _): return .double(number < 0 ? -number : number)
      case ("hasPrefix", .string(let text)?, .string(let part)?): return .bool(text.hasPrefix(part))
      case ("hasSuffix", .string(let text)?, .string(let part)?): return .bool(text.hasSuffix(part))
      case ("contains", .string(let text)?, .string(let part)?) where !part.isEmpty:
        return .bool(text.indices.contains { text[$0...].hasPrefix(part) })
      default: return nil
      }
    case .isCase(let steps, let caseName):
      switch evaluate(.path(steps, suffix: nil), element, model) {
      case .caseValue(let name, _)?, .enumCase(let name)?: return .bool(name == caseName)
      case .null?: return .bool(false)
      default: return nil
      }
    case .makeCase(let caseName, let arguments):
      var values: [RNamed] = []
      for argument in arguments {
        guard let value = evaluate(argument.value, element, model) else { return nil }
        values.append(RNamed(name: argument.label, value: value))
      }
      return .caseValue(caseName, values)
    case .extremum(let which, let a, let b):
      guard let x = evaluate(a, element, model), let y = evaluate(b, element, model) else { return nil }
      let xFirst: Bool
      switch (x, y) {
      case (.int(let s), .int(let t)): xFirst = s <= t
      case (.string(let s), .string(let t)): xFirst = s <= t
      default:
        guard let s = x.number, let t = y.number else { return nil }
        // An integer beside a Double is converted, as the generated code does.
        return .double(which == "min" ? Swift.min(s, t) : Swift.max(s, t))
      }
      return (which == "min") == xFirst ? x : y
    case .compare(let a, let op, let b):
      guard let x = evaluate(a, element, model), let y = evaluate(b, element, model) else { return nil }
      switch op {
      case "==": return .bool(same(x, y))
      case "!=": return .bool(!same(x, y))
      default:
        let order: Int?
        switch (x, y) {
        case (.string(let s), .string(let t)): order = s == t ? 0 : (s < t ? -1 : 1)
        case (.date(let s), .date(let t)): order = s == t ? 0 : (s < t ? -1 : 1)
        default:
          guard let s = x.number, let t = y.number else { return nil }
          order = s == t ? 0 : (s < t ? -1 : 1)
        }
        guard let order else { return nil }
        switch op {
        case "<": return .bool(order < 0)
        case "<=": return .bool(order <= 0)
        case ">": return .bool(order > 0)
        default: return .bool(order >= 0)
        }
      }
    }
  }

  /// Swift's `==` on two values of one type (numbers by value).
  func same(_ a: RValue, _ b: RValue) -> Bool {
    if let x = a.number, let y = b.number { return x == y }
    return a == b
  }
}

extension RValue {
  /// What `.count` reads: the elements of a list or dictionary, the characters of text.
  var elementCount: Int? {
    switch self {
    case .array(let items): items.count
    case .dictionary(let pairs): pairs.count
    case .string(let text): text.count
    default: nil
    }
  }
}
