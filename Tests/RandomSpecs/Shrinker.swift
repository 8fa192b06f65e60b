import Foundation

// Greedy shrinking: remove one part at a time, keep the removal when the spec still checks and
// the test command still fails. Candidates the checker rejects cost nothing; each run of the
// test command costs one unit of the budget.

enum Cleanup {
  /// Drops references to what is gone: calls of removed actions, arguments of removed
  /// parameters, given values of removed fields, middleware lists, persisted fields.
  static func normalize(_ spec: RSpec) -> RSpec {
    var spec = spec
    let actions = Set(spec.allActionNames)
    let events = Set(spec.events.map(\.name))
    let fields = Set(spec.allStateFields.map(\.name))
    spec.middleware = spec.middleware.compactMap { middleware in
      var middleware = middleware
      middleware.on = middleware.on.filter(actions.contains)
      middleware.dispatches = middleware.dispatches.filter(actions.contains)
      middleware.emits = middleware.emits.filter(events.contains)
      return middleware.on.isEmpty ? nil : middleware
    }
    if var persist = spec.persist {
      let kept = persist.fields.filter(fields.contains)
      // A migration may name a field no longer persisted: drop them all with it.
      if kept != persist.fields { persist.migrations = [] }
      persist.fields = kept
      spec.persist = persist
    }
    spec.examples = spec.examples.map { example in
      var example = example
      example.given = example.given.filter { fields.contains($0.name) }
      // A wait stays while some follow-up still waits (else the checker refuses it).
      let waits = spec.actions.contains { $0.followUps.contains { $0.delay != nil } }
      example.when = example.when.compactMap { call in
        if call.wait != nil { return waits && example.store != nil ? call : nil }
        guard let payload = spec.payload(of: call.action) else { return nil }
        var call = call
        call.arguments = call.arguments.filter { argument in payload.contains { $0.name == argument.name } }
        // A parameter without a default must be given.
        for parameter in payload where parameter.defaultValue == nil && !parameter.type.isOptional {
          if !call.arguments.contains(where: { $0.name == parameter.name }) { return nil }
        }
        if !call.arguments.isEmpty { call.bare = false }
        if call.arguments.isEmpty, !payload.isEmpty { call.bare = false }
        return call
      }
      if example.whenStyle == .scalar, example.when.count != 1 || !example.when[0].bare { example.whenStyle = .list }
      return example
    }
    return spec
  }
}

struct Shrinker {
  var budget: Int
  /// Runs the test command on a candidate; true when it still fails.
  let stillFails: (RDocument) -> Bool
  let log: (String) -> Void

  /// Whether the checker accepts the document.
  func accepted(_ document: RDocument) -> Bool {
    if case .success = Pipeline.generate(document, directory: "S0") { return true }
    return false
  }

  mutating func shrink(_ document: RDocument) -> RDocument {
    var current = document
    var progress = true
    while progress, budget > 0 {
      progress = false
      var index = 0
      while budget > 0 {
        let candidates = Self.candidates(current)
        guard index < candidates.count else { break }
        let (label, candidate) = candidates[index]
        index += 1
        guard candidate != current, accepted(candidate) else { continue }
        budget -= 1
        if stillFails(candidate) {
          log("shrink: removed \(label) (budget left \(budget))")
          current = candidate
          progress = true
          // The list of candidates changed: start it again at the same place.
          index -= 1
          if index < 0 { index = 0 }
        } else {
          log("shrink: kept \(label) (budget left \(budget))")
        }
      }
    }
    return current
  }

  /// Every single removal, the parts other parts refer to last.
  static func candidates(_ document: RDocument) -> [(String, RDocument)] {
    switch document {
    case .feature(let spec):
      return candidates(spec).map { ($0.0, .feature($0.1)) }
    case .app(let app):
      var result: [(String, RDocument)] = []
      if app.features.count > 1 {
        for index in app.features.indices {
          var smaller = app
          smaller.features.remove(at: index)
          result.append(("feature \(app.features[index].field)", .app(smaller)))
        }
      }
      if app.doc != nil {
        var smaller = app
        smaller.doc = nil
        result.append(("the app's doc", .app(smaller)))
      }
      for (position, feature) in app.features.enumerated() {
        for (label, spec) in candidates(feature.spec) {
          var smaller = app
          smaller.features[position].spec = spec
          result.append(("\(feature.field): \(label)", .app(smaller)))
        }
      }
      return result
    }
  }

  static func candidates(_ spec: RSpec) -> [(String, RSpec)] {
    var result: [(String, RSpec)] = []
    func add(_ label: String, _ change: (inout RSpec) -> Void) {
      var copy = spec
      change(&copy)
      result.append((label, Cleanup.normalize(copy)))
    }
    for index in spec.examples.indices.reversed() { add("example \(index)") { $0.examples.remove(at: index) } }
    for (e, example) in spec.examples.enumerated() {
      for index in example.when.indices.reversed() { add("example \(e) step \(index)") { $0.examples[e].when.remove(at: index) } }
      for index in example.given.indices.reversed() { add("example \(e) given \(index)") { $0.examples[e].given.remove(at: index) } }
      for index in example.then.indices.reversed() where example.then.count > 1 {
        add("example \(e) then \(index)") { $0.examples[e].then.remove(at: index) }
      }
    }
    for index in spec.middleware.indices.reversed() { add("middleware \(spec.middleware[index].name)") { $0.middleware.remove(at: index) } }
    for (m, middleware) in spec.middleware.enumerated() {
      for index in middleware.on.indices where middleware.on.count > 1 { add("middleware \(m) on \(index)") { $0.middleware[m].on.remove(at: index) } }
      for index in middleware.dispatches.indices { add("middleware \(m) dispatches \(index)") { $0.middleware[m].dispatches.remove(at: index) } }
      for index in middleware.emits.indices { add("middleware \(m) emits \(index)") { $0.middleware[m].emits.remove(at: index) } }
    }
    if spec.persist != nil { add("persist") { $0.persist = nil } }
    if let persist = spec.persist {
      if !persist.migrations.isEmpty { add("persist migrations") { $0.persist!.migrations = [] } }
      for index in persist.fields.indices {
        add("persisted field \(index)") {
          $0.persist!.fields.remove(at: index)
          $0.persist!.migrations = []
        }
      }
    }
    for index in spec.events.indices.reversed() {
      add("event \(spec.events[index].name)") { spec in
        let name = spec.events[index].name
        spec.events.remove(at: index)
        for m in spec.middleware.indices { spec.middleware[m].emits.removeAll { $0 == name } }
      }
    }
    for (e, event) in spec.events.enumerated() {
      for index in event.payload.indices { add("event \(e) parameter \(index)") { $0.events[e].payload.remove(at: index) } }
    }
    for index in spec.filters.indices.reversed() { add("filter \(spec.filters[index].name)") { $0.filters.remove(at: index) } }
    for (f, filter) in spec.filters.enumerated() {
      for index in filter.cases.indices where filter.cases.count > 1 {
        add("filter \(f) case \(index)") { spec in
          if spec.filters[f].defaultCase == filter.cases[index].name { spec.filters[f].defaultCase = nil }
          spec.filters[f].cases.remove(at: index)
        }
      }
      for (c, filterCase) in filter.cases.enumerated() {
        for (label, smaller) in smallerPredicates(filterCase.predicate) {
          add("filter \(f) case \(c): \(label)") { $0.filters[f].cases[c].predicate = smaller }
        }
      }
      if !filter.sort.isEmpty { add("filter \(f) sort") { $0.filters[f].sort = [] } }
      if filter.selected != nil || filter.result != nil || filter.defaultCase != nil {
        add("filter \(f) names") { spec in
          spec.filters[f].selected = nil
          spec.filters[f].result = nil
          spec.filters[f].defaultCase = nil
        }
      }
    }
    for index in spec.actions.indices.reversed() {
      add("action \(spec.actions[index].name)") { $0.actions.remove(at: index) }
    }
    for (a, action) in spec.actions.enumerated() {
      for index in action.reduce.indices where action.reduce.count > 1 || action.reduce[index] != .custom {
        add("action \(action.name) operation \(index)") { $0.actions[a].reduce.remove(at: index) }
      }
      if let async = action.async {
        add("action \(action.name) async") { $0.actions[a].async = nil }
        for index in async.onSuccess.indices { add("\(action.name) onSuccess \(index)") { $0.actions[a].async!.onSuccess.remove(at: index) } }
        for index in async.onFailure.indices { add("\(action.name) onFailure \(index)") { $0.actions[a].async!.onFailure.remove(at: index) } }
        if async.status != nil { add("\(action.name) status") { $0.actions[a].async!.status = nil } }
        for index in async.successPayload.indices { add("\(action.name) success \(index)") { $0.actions[a].async!.success!.remove(at: index) } }
        if case .fields(let fields) = async.failure {
          add("\(action.name) failure") { $0.actions[a].async!.failure = .implicit }
          for index in fields.indices {
            add("\(action.name) failure \(index)") { spec in
              var smaller = fields
              smaller.remove(at: index)
              spec.actions[a].async!.failure = .fields(smaller)
            }
          }
        }
      }
      for index in action.payload.indices { add("action \(action.name) parameter \(index)") { $0.actions[a].payload.remove(at: index) } }
      if action.doc != nil { add("action \(action.name) doc") { $0.actions[a].doc = nil } }
    }
    for index in spec.state.indices.reversed() {
      add("state field \(spec.state[index].name)") { spec in
        let name = spec.state[index].name
        spec.state.remove(at: index)
        spec.filters.removeAll { $0.over == name }
      }
    }
    for (s, field) in spec.state.enumerated() where field.style != .implicit || field.doc != nil {
      // A simpler default: the implicit one, where there is one.
      if let implicit = SpecGenerator(seed: 0, feature: spec.feature).withSpec(spec).implicitDefault(field.type) {
        add("state field \(field.name) default") { spec in
          spec.state[s].style = .implicit
          spec.state[s].doc = nil
          spec.state[s].defaultValue = implicit
        }
      }
    }
    for (m, model) in spec.models.enumerated() {
      for index in model.fields.indices.reversed() {
        add("model \(model.name) field \(model.fields[index].name)") { $0.models[m].fields.remove(at: index) }
      }
      if model.doc != nil { add("model \(model.name) doc") { $0.models[m].doc = nil } }
    }
    for index in spec.models.indices.reversed() { add("model \(spec.models[index].name)") { $0.models.remove(at: index) } }
    for (e, item) in spec.enums.enumerated() {
      for index in item.cases.indices where item.cases.count > 1 {
        add("enum \(item.name) case \(item.cases[index])") { $0.enums[e].cases.remove(at: index) }
      }
    }
    for index in spec.enums.indices.reversed() { add("enum \(spec.enums[index].name)") { $0.enums.remove(at: index) } }
    if spec.doc != nil || spec.imports.count > 0 {
      add("doc and imports") { spec in
        spec.doc = nil
        spec.imports = []
      }
    }
    if spec.access != .public && spec.access != nil { add("access") { $0.access = nil } }
    return result
  }

  static func smallerPredicates(_ predicate: RPredicate) -> [(String, RPredicate)] {
    switch predicate {
    case .and(let a, let b), .or(let a, let b): [("left side", a), ("right side", b)]
    case .not(let inner), .parenthesized(let inner): [("inner", inner)]
    case .constant(true): []
    default: [("true", .constant(true))]
    }
  }
}

extension SpecGenerator {
  func withSpec(_ spec: RSpec) -> SpecGenerator {
    var copy = self
    copy.spec = spec
    return copy
  }
}
