extension SpecMutator {
  // MARK: Filters

  /// Each field an action changes, left out of its change report (`changedFields`): observers
  /// of that field would miss the change.
  static func reportMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    // A binding into a model said to read another field: its view would miss the model's changes.
    for read in spec.bindingReads where spec.state.count > 1 {
      var mutated = spec
      mutated.misreadBindingPath = read.path
      mutants.append(
        Mutant(
          id: "binding:\(read.path):reads-other",
          description: "fields(readBy: \\.\(read.path)) names \(spec.state[(read.field + 1) % spec.state.count].name)",
          spec: mutated))
    }
    for (index, action) in spec.actions.enumerated() {
      for field in action.changedStateFields ?? [] {
        var mutated = spec
        mutated.actions[index].unreportedField = field
        mutants.append(
          Mutant(
            id: "\(action.name):report-\(field)", description: "\(action.name): changedFields leaves out \(field)",
            spec: mutated))
      }
      // changedElements: naming no element, or calling a removal or replacement a change in place.
      for (kind, mutant) in [("drops-ids", ElementReportMutant.dropsIDs), ("claims-in-place", .claimsInPlace)] {
        var mutated = spec
        mutated.actions[index].elementReportMutant = mutant
        guard mutated.elementChange(by: mutated.actions[index]) != spec.elementChange(by: action) else { continue }
        mutants.append(
          Mutant(
            id: "\(action.name):elements-\(kind)",
            description: "\(action.name): changedElements \(kind == "drops-ids" ? "names no element" : "says the list changes in place")",
            spec: mutated))
      }
    }
    return mutants
  }

  static func filterMutants(_ spec: Spec) -> [Mutant] {
    var mutants: [Mutant] = []
    for (filterIndex, filter) in spec.filters.enumerated() {
      func mutant(_ id: String, _ description: String, _ change: (inout Filter) -> Void) {
        var mutated = spec
        change(&mutated.filters[filterIndex])
        mutants.append(
          Mutant(id: "filter:\(filter.name).\(id)", description: "\(filter.name): \(description)", spec: mutated))
      }
      for (index, filterCase) in filter.cases.enumerated() {
        let negated: Predicate
        switch filterCase.predicate {
        case .not(let inner): negated = inner
        case .constant(let flag): negated = .constant(!flag)
        default: negated = .not(filterCase.predicate)
        }
        mutant(
          "\(filterCase.name):negate",
          ".\(filterCase.name) keeps \(describe(filterCase.predicate)) -> \(describe(negated))"
        ) { $0.cases[index].predicate = negated }
        for (kind, nearMiss) in filterCase.predicate.arithmeticNearMisses() {
          mutant(
            "\(filterCase.name):\(kind)",
            ".\(filterCase.name) keeps \(describe(filterCase.predicate)) -> \(describe(nearMiss))"
          ) { $0.cases[index].predicate = nearMiss }
        }
        // Also dropping the elements where a Bool another case reads (and this one doesn't) is
        // true. A sorted filter's case tests list one element a side (its sort tests several),
        // so only an unsorted filter's.
        let element = spec.model(named: filter.element)
        let readHere = Set(PredicateSearch.fields(readBy: filterCase.predicate))
        let readByOthers = filter.cases.filter { $0.name != filterCase.name }.flatMap {
          PredicateSearch.fields(readBy: $0.predicate)
        }.uniqued.filter { !readHere.contains($0) && filter.sort.isEmpty }
        for name in readByOthers where element?.fields.first(where: { $0.name == name })?.type == .scalar(.bool) {
          let narrowed = Predicate.and(filterCase.predicate, .not(.path([.field(name)], .scalar(.bool))))
          mutant(
            "\(filterCase.name):narrow-\(name)",
            ".\(filterCase.name) keeps \(describe(filterCase.predicate)) -> \(describe(narrowed))"
          ) { $0.cases[index].predicate = narrowed }
        }
      }
      for first in filter.cases.indices {
        for second in filter.cases.indices where second > first {
          let (a, b) = (filter.cases[first], filter.cases[second])
          guard a.predicate != b.predicate else { continue }
          mutant(
            "\(a.name)<->\(b.name):swap",
            "the predicates of .\(a.name) (\(describe(a.predicate))) and .\(b.name) (\(describe(b.predicate))) swapped"
          ) {
            $0.cases[first].predicate = b.predicate
            $0.cases[second].predicate = a.predicate
          }
        }
      }
      for (index, key) in filter.sort.enumerated() {
        mutant("sort.\(key.field):reverse", "sort by \(describe(key)) -> \(describe(reversed(key)))") {
          $0.sort[index].descending.toggle()
        }
        mutant("sort.\(key.field):drop", "sort by \(describe(key)) -> not sorted by \(key.field)") {
          $0.sort.remove(at: index)
        }
        if index + 1 < filter.sort.count {
          let next = filter.sort[index + 1]
          mutant(
            "sort.\(key.field)<->\(next.field):swap",
            "sort by \(describe(key)) then \(describe(next)) -> \(describe(next)) then \(describe(key))"
          ) { $0.sort.swapAt(index, index + 1) }
        }
      }
    }
    return mutants
  }

  static func reversed(_ key: SortKey) -> SortKey {
    var key = key
    key.descending.toggle()
    return key
  }
}
