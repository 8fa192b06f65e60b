// Filter and sort tests: a case's witnesses, near misses told apart, and the sort order.
extension TestTranslator {
  /// Elements on both sides of the case's predicate, and what the result must keep.
  func filterTest(_ filter: Filter, _ filterCase: Filter.Case, names: inout UniqueNames) -> Declaration? {
    let model = spec.model(named: filter.element)!
    let search = PredicateSearch(spec: spec, model: model)
    let (kept, dropped, stateValues) = search.witnesses(filterCase.predicate, settingState: settableState(of: filter))
    // Without an element on either side the test could not fail: examples cover such a case.
    guard kept != nil || dropped != nil else { return nil }
    var body: [Statement] = [newState()]
    var all: [Expression] = []
    var keptNames: [Expression] = []
    var values: [Value] = []
    for (index, fields) in [dropped, kept].enumerated() {
      guard let fields else { continue }
      let name = index == 0 ? "dropped" : "kept"
      values.append(element(model, index + 1, overrides: fields))
      body.append(constant(name, types.expression(values[values.count - 1], type: .model(model.name))))
      all.append(.name(name))
      if index == 1 { keptNames.append(.name(name)) }
    }
    // Elements that differ in what the other cases read: a case that keeps everything (`all:
    // true`) must keep both values of a Bool another case reads, not only one element.
    var others = spread(filter, except: filterCase, from: kept ?? [:], search: search, state: stateValues)
    if !distinctIDs(values + others.map(\.element)) { others = [] }
    for (offset, spread) in others.enumerated() {
      let name = "other\(offset + 1)"
      body.append(constant(name, types.expression(spread.element, type: .model(model.name))))
      all.append(.name(name))
      if spread.kept { keptNames.append(.name(name)) }
    }
    body.append(.assignment(state.dot(filter.over), .array(all)))
    body.append(.assignment(state.dot(filter.selected), .dot(filterCase.name)))
    body += stateAssignments(stateValues)
    body.append(expect(state.dot(filter.result), .equal, keptNames.isEmpty ? .literal(.emptyArray) : .array(keptNames)))
    body = checkingKept(filter.result, body)
    return test(
      "\(filter.name).\(filterCase.name) keeps exactly the matching \(filter.over)",
      names.make("\(filter.selected)\(filterCase.name.uppercasingFirst)KeepsMatching\(filter.over.uppercasingFirst)"), body)
  }

  /// For a case's test, besides its own witnesses: its kept element (`kept`) changed in each
  /// field the filter's other cases read (each value of a Bool, nil, the first cases of an enum),
  /// and those cases' own witnesses, each with whether `filterCase` keeps it in the state
  /// `stateValues`. A case that also dropped elements where another field holds some value
  /// (`all` dropping the done ones) drops one of these.
  /// None for a sorted filter (the order of several kept elements is the sort tests' to check)
  /// or where the search can't tell.
  func spread(
    _ filter: Filter, except filterCase: Filter.Case, from kept: [String: Value], search: PredicateSearch,
    state stateValues: [String: Value]
  ) -> [(element: Value, kept: Bool)] {
    guard filter.sort.isEmpty, let model = spec.model(named: filter.element) else { return [] }
    let settable = settableState(of: filter)
    let others = filter.cases.filter { $0.name != filterCase.name }
    var candidates: [[String: Value]] = []
    // An element each near miss of the case's arithmetic (`count % 2` for `count / 2`) would
    // keep or drop otherwise.
    for (_, nearMiss) in filterCase.predicate.arithmeticNearMisses() {
      if let element = search.distinguishing(filterCase.predicate, from: nearMiss, state: stateValues) {
        candidates.append(element)
      }
    }
    for name in others.flatMap({ search.elementFields(readBy: $0.predicate) }).uniqued {
      guard let field = model.fields.first(where: { $0.name == name }), name != "id" else { continue }
      let values: [Value]
      switch field.type.unwrapped {
      case .scalar(.bool): values = [.bool(false), .bool(true)]
      case .enumeration:
        let type = field.type.unwrapped
        values = (spec.cases(of: type) ?? []).prefix(3).map { name in
          spec.caseValue(name, of: type) { sample($0, 1) }
        }
      default: values = []
      }
      candidates += (field.type.isOptional ? [.null] + values : values).map { value in
        kept.merging([name: value]) { _, new in new }
      }
    }
    for other in others {
      let witnesses = search.witnesses(other.predicate, settingState: settable)
      candidates += [witnesses.dropped, witnesses.kept].compactMap { $0 }
    }
    var found: [(element: Value, kept: Bool)] = []
    var seen: [[String: Value]] = []
    for overrides in candidates where !seen.contains(overrides) {
      seen.append(overrides)
      // Numbered after the case's own two, so ids differ.
      let number = found.count + 3
      var fields: [String: Value] = [:]
      for field in model.fields {
        fields[field.name] =
          overrides[field.name]
          ?? (field.name == "id" || field.defaultValue == nil ? sample(field.type, number) : field.defaultValue)
      }
      guard let kept = search.holds(filterCase.predicate, element: fields, state: stateValues) else { return [] }
      found.append((element(model, number, overrides: overrides), kept))
      if found.count == 6 { return found }
    }
    return found
  }

  /// Values of a sort key's type in the key's order (ascending, or reversed when descending).
  func orderedValues(_ key: SortKey) -> [Value]? {
    let ascending: [Value]
    switch key.type {
    case .scalar(.bool): ascending = [.bool(false), .bool(true)]
    case .scalar(.string): ascending = [.string("a"), .string("b"), .string("c")]
    case .scalar(.date): ascending = [.date(1), .date(2), .date(3)]
    case .scalar(let scalar) where scalar.isNumeric: ascending = [.int(1), .int(2), .int(3)]
    case .enumeration: ascending = (spec.cases(of: key.type) ?? []).prefix(3).map { .enumCase($0) }
    default: return nil
    }
    guard ascending.count >= 2 else { return nil }
    return key.descending ? Array(ascending.reversed()) : ascending
  }

  /// One test per sort key: elements that tie on the keys before it, in mixed order on it, come
  /// out sorted by it, equal ones in list order. The keys after it run against its order, so a
  /// sort that put them first (or dropped or reversed this one) fails.
  func sortTests(_ filter: Filter, names: inout UniqueNames) -> [Declaration] {
    guard let keepAll = filter.cases.first(where: { $0.predicate == .constant(true) }),
      let model = spec.model(named: filter.element)
    else { return [] }
    // In a list of models with an id, no two elements share it: ids never tie.
    let uniqueIDs = types.isIdentifiedList(over: filter)
    var tests: [Declaration] = []
    for (index, key) in filter.sort.enumerated() {
      guard let ordered = orderedValues(key) else { continue }
      // After the id, no key decides anything.
      if uniqueIDs, filter.sort[..<index].contains(where: { $0.field == "id" }) { continue }
      // Unique ids never tie, and an id among the later keys breaks every tie.
      let ties = !(uniqueIDs && filter.sort[index...].contains { $0.field == "id" })
      // Listed: highest, lowest (twice, to show ties keep their order), then the rest.
      let last = ordered.count - 1
      let listed: [(name: String, rank: Int)] =
        [("e1", last), ("e2", 0)] + ordered.indices.dropFirst().dropLast().map { ("e\($0 + 2)", $0) }
        + (ties ? [("tie", 0)] : [])
      var body: [Statement] = [newState()]
      for (offset, entry) in listed.enumerated() {
        var overrides: [String: Value] = [key.field: ordered[entry.rank]]
        for earlier in filter.sort[..<index] where earlier.field != key.field {
          overrides[earlier.field] = sample(earlier.type, 0)
        }
        // A later id keeps each element's own (it would tie equal ranks).
        for later in filter.sort[(index + 1)...] where overrides[later.field] == nil && !(uniqueIDs && later.field == "id") {
          guard let values = orderedValues(later) else {
            overrides[later.field] = sample(later.type, 0)
            continue
          }
          // Against this key's order; elements of equal rank get equal values (true ties).
          overrides[later.field] = values[min(last - entry.rank, values.count - 1)]
        }
        let value = element(model, offset + 1, overrides: overrides)
        body.append(constant(entry.name, types.expression(value, type: .model(model.name))))
      }
      let expected = listed.enumerated().sorted { a, b in
        a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
      }.map { Expression.name($0.element.name) }
      body.append(.assignment(state.dot(filter.over), .array(listed.map { .name($0.name) })))
      body.append(.assignment(state.dot(filter.selected), .dot(keepAll.name)))
      body.append(expect(state.dot(filter.result), .equal, .array(expected)))
      let direction = key.descending ? "descending" : "ascending"
      let after = index == 0 ? "" : " after the keys before it"
      tests.append(
        test(
          "\(filter.result) is sorted by \(key.field), \(direction)\(after)\(ties ? ", ties in list order" : "")",
          names.make("\(filter.result)SortedBy\(key.field.uppercasingFirst)"), body))
    }
    return tests
  }
}
