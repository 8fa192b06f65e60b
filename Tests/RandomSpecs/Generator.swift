// Builds a random spec the checker must accept: every name declared once, every reference to
// something declared, every operation on a type it accepts. Deterministic by seed.

struct SpecGenerator {
  var rng: RNG
  /// The draws of passes added after a seed's spec was first made (`makeWhereReads`), apart
  /// from `rng`: seeds chosen for what they hold keep holding it.
  private var laterRNG: RNG
  /// Timers (`every`) and their examples' waits, from a stream of their own: a seed without a
  /// timer is as it was before timers.
  private var timerRNG: RNG
  /// Bindings into a model the state holds, from a stream of their own.
  private var bindingRNG: RNG
  /// Requests that stream (`stream: true`), from a stream of their own.
  private var streamRNG: RNG
  /// Names two scopes give (`element.id != payload.id`), drawn apart so earlier seeds keep theirs.
  private var scopeRNG: RNG
  /// Parameters named like the generated tests' own locals, drawn apart too.
  private var localsRNG: RNG
  /// Enums whose cases carry values, and what reads and makes them, drawn apart too.
  private var sumRNG: RNG
  /// Selectors of any expression (`parameters:` and `value:`), drawn apart too.
  private var selectorRNG: RNG
  /// Fields marked `secret: true`, drawn apart too.
  private var secretRNG: RNG
  var spec: RSpec
  /// Type names taken: models, enums, filters, middleware.
  private var typeNames: Set<String> = []
  private var stateNames: Set<String> = []
  private var actionNames: Set<String> = []
  /// How big a spec to make, 1 (small, for an app's features) to 3.
  let size: Int

  init(seed: UInt64, feature: String, size: Int = 3, access: Access? = nil) {
    rng = RNG(seed: seed)
    laterRNG = RNG(seed: seed ^ 0x3E4E_5EED)
    timerRNG = RNG(seed: seed ^ 0x7131_E5)
    bindingRNG = RNG(seed: seed ^ 0xB1_4D1)
    streamRNG = RNG(seed: seed ^ 0x57_2EA)
    scopeRNG = RNG(seed: seed ^ 0x5C_09E)
    localsRNG = RNG(seed: seed ^ 0x10_CA15)
    sumRNG = RNG(seed: seed ^ 0x50_3E4)
    selectorRNG = RNG(seed: seed ^ 0x5E_1EC7)
    secretRNG = RNG(seed: seed ^ 0x5EC_2E7)
    self.size = size
    spec = RSpec(
      feature: feature, access: access, imports: [], enums: [], models: [], state: [], filters: [], actions: [],
      events: [], middleware: [], persist: nil, examples: [])
    typeNames = Set(Scalar.allCases.map(\.rawValue) + ["RequestStatus", feature])
  }

  /// A whole document for `seed`: usually a feature, sometimes an app of two or three features.
  static func document(seed: UInt64) -> RDocument {
    var rng = RNG(seed: seed ^ 0xA5A5)
    let word = rng.pick(Pools.featureWords)
    // One seed in eleven names its feature, or its app and the app's features, long (30 to 45
    // characters): the generated lines that name them twice break as swift-format breaks them.
    let named = { (name: String) in
      seed % 11 == 7 ? String((name + String(repeating: "Long", count: 12)).prefix(30 + Int(seed % 16))) : name
    }
    if rng.chance(18) {
      let count = rng.int(in: 2...3)
      var features: [RAppFeature] = []
      var fields: Set<String> = []
      // Now and then the second feature uses the first's models, and an action is shared.
      let uses = rng.chance(50)
      for index in 0..<count {
        let letter = ["A", "B", "C"][index]
        let short = rng.pick(Pools.featureWords) + "S\(seed)" + letter
        let name = named(short)
        var generator = SpecGenerator(seed: seed &* 31 &+ UInt64(index), feature: name, size: 1, access: .public)
        // The app's field keeps the short name: a long type name is what's under test.
        var field = short.prefix(1).lowercased() + short.dropFirst()
        if rng.chance(30) { field = ["counter", "tasks", "profile"][index] }
        if !fields.insert(field).inserted { field += "\(index)" }
        if index == 1, uses {
          // What this feature may need of the used models (persisting them, keying a cache by
          // them) their own spec generates: asked there.
          features[0].spec.conformances = ["Codable", "Hashable"]
          generator.reserveTypeNames(features[0].spec.models.map(\.name) + features[0].spec.enums.map(\.name))
          generator.spec.uses = ["\(features[0].field).yaml"]
          generator.spec.usesAsScalar = rng.chance(30)
        }
        features.append(RAppFeature(field: field, spec: generator.generate()))
      }
      // Now and then the second feature holds a list of the first (`children:`), from a random
      // stream of its own, so every other seed's app stays as it was.
      var treeRNG = RNG(seed: seed ^ 0xC41D)
      if treeRNG.chance(35) { makeTree(&features, presents: treeRNG.chance(50), rng: &treeRNG) }
      // Now and then the third presents the second, which presents the first, and hears the
      // first's action two levels down (`from: FIELD.childSheet.ACTION`), from a stream of its own.
      var grandchildRNG = RNG(seed: seed ^ 0x6C_4D)
      if features.count == 3, grandchildRNG.chance(60) { makeGrandchildTree(&features, rng: &grandchildRNG) }
      // Or a navigation stack of the first, from a stream of its own too.
      var stackRNG = RNG(seed: seed ^ 0x57AC_4)
      if features.count >= 2, features[1].spec.children.isEmpty, stackRNG.chance(30) {
        makeStack(&features, rng: &stackRNG)
      }
      // A feature's state grown by the tree (an element's `id`) may give a name its conditions read.
      for index in features.indices { features[index].spec.scopeElementNames() }
      // Now and then the parent's example through the store sends its child an action followed up
      // there, and receives the child's follow-ups, from a stream of its own.
      var treeExampleRNG = RNG(seed: seed ^ 0x7E3E)
      if features.count >= 2, treeExampleRNG.chance(60) { makeTreeExample(&features, rng: &treeExampleRNG) }
      // Now and then the parent keeps a list of a model of its child's spec and persists it: the
      // model, and those it holds, are Codable because the child's spec asks (the checker's one
      // rule for a model however it arrived), from a stream of its own.
      var keptRNG = RNG(seed: seed ^ 0x6EE9)
      if features.count >= 2, !features[1].spec.children.isEmpty, features[1].spec.persist?.storage != "sqlite",
        keptRNG.chance(35), let model = keptRNG.pickOptional(features[0].spec.models)
      {
        let parent = features[1].spec
        let taken = Set(
          parent.allStateFields.map(\.name) + parent.derived.map(\.name) + parent.filters.map(\.resultName)
            + parent.allActionNames + parent.children.map(\.field))
        let field = "kept" + model.name
        if !taken.contains(field) {
          features[1].spec.state.append(RField(name: field, type: .array(.model(model.name)), defaultValue: .array([])))
          if features[1].spec.persist == nil { features[1].spec.persist = RPersist(fields: [], key: nil, storage: nil) }
          features[1].spec.persist?.fields.append(field)
          var held = [model.name]
          var index = 0
          while index < held.count {
            let name = held[index]
            index += 1
            guard let found = features[0].spec.models.first(where: { $0.name == name }) else { continue }
            for inner in found.fields.flatMap({ $0.type.models }) where !held.contains(inner) { held.append(inner) }
          }
          for position in features[0].spec.models.indices
          where held.contains(features[0].spec.models[position].name)
            && !features[0].spec.models[position].conformances.contains("Codable")
          {
            features[0].spec.models[position].conformances.append("Codable")
          }
        }
      }
      // Now and then a parent's middleware hears every action it declares: its switch still
      // needs a `default` for the child's case, from a stream of its own.
      var hearsAllRNG = RNG(seed: seed ^ 0x4EA2)
      if features.count >= 2, !features[1].spec.children.isEmpty, !features[1].spec.middleware.isEmpty,
        hearsAllRNG.chance(40)
      {
        let parent = features[1].spec
        let buttons = Set(parent.alerts.flatMap { $0.buttons.compactMap(\.action) })
        if parent.actions.allSatisfy({ $0.from == nil && !buttons.contains($0.name) }) {
          // With what SwiftUI's navigation sends, which the checker makes where not declared.
          let made = parent.children.compactMap { child -> String? in
            child.presents ? child.field + "Dismissed" : child.stack ? child.field + "Popped" : nil
          }
          features[1].spec.middleware[0].on = parent.allActionNames + made.filter { !parent.allActionNames.contains($0) }
        }
      }
      let doc: String? = rng.chance(30) ? rng.pick(Pools.docs) : nil
      var app = RApp(name: named("Shell\(seed)"), doc: doc, features: features)
      if uses || rng.chance(40) { app.share(everyFeature: count == 3 && rng.chance(50)) }
      if rng.chance(50) { app.makeDerived(&rng) }
      return .app(app)
    }
    // One seed in thirteen a large feature (25 to 40 actions), whose reducer tests are a large
    // suite: run as arguments, checked through helpers, spread over four files. Chosen by the
    // seed, so every other seed's spec stays as it was.
    var generator = SpecGenerator(seed: seed, feature: named(word + "S\(seed)"), size: seed % 13 == 5 ? 4 : 3)
    var spec = generator.generate()
    // Now and then some requests are sent to operations of an OpenAPI document made for them,
    // from a random stream of their own, so the rest of the spec is as without.
    if rng.chance(25) {
      var binder = APIBinder(rng: RNG(seed: seed ^ 0x0A_91), spec: spec)
      binder.bind()
      spec = binder.spec
    }
    // Now and then an alert, from a random stream of its own, so the rest is as without.
    var alertRNG = RNG(seed: seed ^ 0xA1E7)
    if alertRNG.chance(25) { spec.addAlert(&alertRNG) }
    // Now and then built into a target not named like the feature (`module:`).
    if rng.chance(15) { spec.module = spec.feature + "Kit" }
    return .feature(spec)
  }

  /// The app's second feature holds a list of the first (`childRows: { each: FIRST.yaml }`):
  /// the first gets an `id` in its state when it has none, and what the second needs of it
  /// (`Codable`) it asks too. Nothing when a name is taken.
  /// Or, `presents`, the second presents the first (`childSheet: { presents: FIRST.yaml,
  /// dismissOn: [...] }`), one of the first's actions now and then dismissing it.
  /// A model field of `child`'s state built new by a `with` (`item.id = itemId, item.tags[0].id =
  /// itemTags0Id`): its id and every field without a default given by a payload parameter of
  /// its own (a made `UUID` or `Date`), others now and then; a list of models with an id in it
  /// now and then given one or two elements. Nil when a field it needs has a type no parameter
  /// can give simply.
  static func builtGiven(_ child: RSpec, rng: inout RNG) -> (payload: [RField], text: String)? {
    let simple: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.bool), .scalar(.uuid), .scalar(.date), .scalar(.double)]
    func parameter(_ name: String, _ type: RType) -> RField {
      switch type {
      case .scalar(.uuid): RField(name: name, type: type, defaultValue: .freshUUID, style: .short("new"))
      case .scalar(.date): RField(name: name, type: type, defaultValue: .freshDate, style: .short("now"))
      default: RField(name: name, type: type, defaultValue: nil)
      }
    }
    // The fields given inside a model at `path` (`item`, `item.tags[0]`), with their parameters.
    func inside(_ model: RModel, path: String, name: String, depth: Int, rng: inout RNG) -> [(text: String, parameter: RField)]? {
      var given: [(text: String, parameter: RField)] = []
      for field in model.fields {
        let needed = field.name == "id" || (field.defaultValue == nil && !field.type.isOptional && !field.type.isCollection)
        if simple.contains(field.type) {
          guard needed || rng.chance(40) else { continue }
          let parameterName = name + field.name.uppercasingFirst
          given.append(("\(path).\(field.name) = \(parameterName)", parameter(parameterName, field.type)))
        } else if case .array(.model(let element)) = field.type, depth == 0, let inner = child.models.first(where: { $0.name == element }),
          inner.idField != nil, rng.chance(50)
        {
          for position in 0..<rng.int(in: 1...2) {
            guard
              let elements = inside(
                inner, path: "\(path).\(field.name)[\(position)]", name: name + field.name.uppercasingFirst + "\(position)", depth: 1,
                rng: &rng)
            else { return nil }
            given += elements
          }
        } else if needed {
          return nil
        }
      }
      return given
    }
    for field in child.state {
      guard case .model(let name) = field.type.unwrapped, let model = child.models.first(where: { $0.name == name }), model.idField != nil,
        let given = inside(model, path: field.name, name: field.name, depth: 0, rng: &rng), !given.isEmpty
      else { continue }
      return (given.map(\.parameter), given.map(\.text).joined(separator: ", "))
    }
    return nil
  }

  static func makeTree(_ features: inout [RAppFeature], presents: Bool, rng: inout RNG) {
    guard features.count >= 2 else { return }
    let child = features[0].spec
    let parent = features[1].spec
    let field = presents ? "childSheet" : "childRows"
    let parentNames = Set(
      parent.allStateFields.map(\.name) + parent.derived.map(\.name) + parent.filters.map(\.resultName)
        + parent.allActionNames + parent.events.map(\.name))
    guard !parentNames.contains(field) else { return }
    // The child's types become the parent's to read: none may be declared by both.
    let childTypes = Set(child.models.map(\.name) + child.enums.map(\.name) + [child.feature + "State", child.feature + "Action"])
    let parentTypes = parent.models.map(\.name) + parent.enums.map(\.name) + parent.filters.map(\.name)
      + parent.middleware.map(\.name)
    guard parentTypes.allSatisfy({ !childTypes.contains($0) }) else { return }
    if presents {
      if parent.conformances.contains("Codable"), !child.conformances.contains("Codable") {
        features[0].spec.conformances.append("Codable")
      }
      // An action that starts no request and no follow-up (dismissing would cancel them).
      let actions = child.actions.filter { $0.async == nil && $0.followUps.isEmpty }.map(\.name)
      let dismissOn = rng.chance(70) && !actions.isEmpty ? [rng.pick(actions)] : []
      features[1].spec.children = [
        RChild(field: field, file: "\(features[0].field).yaml", presents: true, dismissOn: dismissOn)
      ]
      makeHandler(&features, field: field, presents: true, rng: &rng)
      // Now and then the spec declares what the sheet's binding sends when swiped down (else the
      // checker makes it), from a stream of its own.
      var dismissRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0xD15)) { $0 &* 31 &+ UInt64($1) })
      let dismissal = field + "Dismissed"
      if dismissRNG.chance(30), !Set(features[1].spec.allActionNames).union(parentNames).contains(dismissal) {
        var action = RAction(name: dismissal, payload: [], reduce: [.navigate("reset \(field)")])
        action.reduceAsScalar = false
        features[1].spec.actions.append(action)
      }
      // Now and then actions that present it, with its default state or with a field of it
      // given by the parent's state or the payload, from a stream of their own.
      var presentRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0x9E5E)) { $0 &* 31 &+ UInt64($1) })
      guard presentRNG.chance(60) else { return }
      let taken = Set(features[1].spec.allActionNames).union(parentNames).union([field])
      if !taken.contains("presentChild") {
        features[1].spec.actions.append(RAction(name: "presentChild", payload: [], reduce: [.navigate("present \(field)")]))
      }
      // Now and then (a stream of its own) a field of it given any value of the action's scope:
      // `present childSheet with count = amount * 2 + 1`, `with title = word.uppercased + "!"`.
      var computedRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0xE7_9A)) { $0 &* 31 &+ UInt64($1) })
      if computedRNG.chance(40), !taken.contains("presentChildComputed"),
        let given = child.state.first(where: { $0.type == .scalar(.int) || $0.type == .scalar(.string) })
      {
        let isInt = given.type == .scalar(.int)
        let parameter = RField(name: isInt ? "amount" : "word", type: given.type, defaultValue: nil)
        let value = isInt ? "amount * 2 + 1" : "word.uppercased + \"!\""
        features[1].spec.actions.append(
          RAction(
            name: "presentChildComputed", payload: [parameter],
            reduce: [.navigate("present \(field) with \(given.name) = \(value)")]))
      }
      // A scalar field of the child's that a field of the parent's state of its type gives.
      let pairs = child.state.flatMap { given -> [(RField, RField)] in
        guard case .scalar = given.type else { return [] }
        return parent.state.filter { $0.type == given.type && $0.name != field }.map { (given, $0) }
      }
      if let (given, source) = pairs.first, presentRNG.chance(50), !taken.contains("presentChildFromState") {
        features[1].spec.actions.append(
          RAction(name: "presentChildFromState", payload: [], reduce: [.navigate("present \(field) with \(given.name) = \(source.name)")]))
        return
      }
      if presentRNG.chance(50), !taken.contains("presentChildBuilt"), let built = builtGiven(child, rng: &presentRNG) {
        features[1].spec.actions.append(
          RAction(name: "presentChildBuilt", payload: built.payload, reduce: [.navigate("present \(field) with \(built.text)")]))
        return
      }
      let plain: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.bool)]
      guard let given = child.state.first(where: { plain.contains($0.type) }) else { return }
      if !taken.contains("presentChildWith") {
        features[1].spec.actions.append(
          RAction(
            name: "presentChildWith", payload: [RField(name: given.name, type: given.type, defaultValue: nil)],
            reduce: [.navigate("present \(field) with \(given.name) = \(given.name)")]))
      }
      return
    }
    if child.allStateFields.contains(where: { $0.name == "id" }) {
      // Its actions may write it; an element's id must stay its own.
      return
    } else {
      let childNames = Set(child.derived.map(\.name) + child.filters.map(\.resultName) + child.allActionNames)
      guard !childNames.contains("id") else { return }
      // Now and then a URL (a voice memo's file), from a stream of its own.
      var idRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0x1D5)) { $0 &* 31 &+ UInt64($1) })
      let id =
        idRNG.chance(25)
        ? RField(name: "id", type: .scalar(.url), defaultValue: .url("file:///new.m4a"), style: .short("\"file:///new.m4a\""))
        : RField(name: "id", type: .scalar(.int), defaultValue: .int(0), style: .short("0"))
      features[0].spec.state.insert(id, at: 0)
    }
    if parent.conformances.contains("Codable"), !child.conformances.contains("Codable") {
      features[0].spec.conformances.append("Codable")
    }
    features[1].spec.children = [RChild(field: field, file: "\(features[0].field).yaml")]
    makeHandler(&features, field: field, presents: false, rng: &rng)
  }

  /// Where the second feature presents the first (`childSheet`), the third presents the second
  /// (`parentSheet: { presents: SECOND.yaml }`) and reduces one of the first's actions
  /// (`from: parentSheet.childSheet.ACTION`), given its plain parameters, setting a field of its
  /// state of the same type. Nothing when a name or a type is taken, or a button sends the action
  /// (heard as it one level up only).
  static func makeGrandchildTree(_ features: inout [RAppFeature], rng: inout RNG) {
    guard let sheet = features[1].spec.children.first(where: { $0.presents }) else { return }
    let (child, parent, holder) = (features[0].spec, features[1].spec, features[2].spec)
    let field = "parentSheet"
    let holderNames = Set(
      holder.allStateFields.map(\.name) + holder.derived.map(\.name) + holder.filters.map(\.resultName)
        + holder.allActionNames + holder.events.map(\.name))
    guard !holderNames.contains(field), holder.children.isEmpty, holder.uses.isEmpty else { return }
    // The types of the features it holds become its own to read: none may be declared twice.
    let heldTypes = Set(
      child.models.map(\.name) + child.enums.map(\.name) + parent.models.map(\.name) + parent.enums.map(\.name)
        + [child.feature + "State", child.feature + "Action", parent.feature + "State", parent.feature + "Action"])
    let holderTypes = holder.models.map(\.name) + holder.enums.map(\.name) + holder.filters.map(\.name) + holder.middleware.map(\.name)
    guard holderTypes.allSatisfy({ !heldTypes.contains($0) }) else { return }
    let sent = Set(child.alerts.flatMap(\.buttons).compactMap(\.action))
    let candidates = child.actions.filter { !sent.contains($0.name) && $0.async == nil && $0.followUps.isEmpty }
    guard let childAction = rng.pickOptional(candidates) else { return }
    let name = "heardDeep" + childAction.name.prefix(1).uppercased() + childAction.name.dropFirst()
    guard !holderNames.contains(name) else { return }
    if holder.conformances.contains("Codable") {
      for index in 0...1 where !features[index].spec.conformances.contains("Codable") { features[index].spec.conformances.append("Codable") }
    }
    features[2].spec.children = [RChild(field: field, file: "\(features[1].field).yaml", presents: true)]
    var action = RAction(name: name, payload: [], reduce: [])
    let plain: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.bool)]
    let pairs = childAction.payload.filter { plain.contains($0.type) }.flatMap { source in
      holder.state.filter { $0.type == source.type }.map { (source, $0) }
    }
    if let (source, target) = pairs.isEmpty ? nil : rng.pick(pairs) {
      action.payload = [RField(name: source.name, type: source.type, defaultValue: nil)]
      action.reduce = [.set(RPath(steps: [.field(target.name)]), .parameter(source.name, []))]
    }
    action.from = "\(field).\(sheet.field).\(childAction.name)"
    features[2].spec.actions.append(action)
  }

  /// An example of the parent (`features[1]`) through the store that shows its child (a row
  /// appended, the sheet presented, a screen pushed), sends the child an action whose follow-ups
  /// the child dispatches at once, and receives them as the child's: what the child's simulator
  /// works out alone, the child's chain running in the parent's store. The child's state after
  /// it is expected too, field by field where plain.
  static func makeTreeExample(_ features: inout [RAppFeature], rng: inout RNG) {
    var child = features[0].spec
    let parent = features[1].spec
    // A parent with requests may build a failure its test doubles can't: no example through its
    // store then.
    guard let holder = parent.children.first, parent.actions.allSatisfy({ $0.async == nil }) else { return }
    // The action and what it leads to: follow-ups dispatched at once, no request, nothing the
    // parent hears or dismisses on (the chain goes on as in the child alone).
    let heard = Set(parent.actions.compactMap { $0.from?.split(separator: ".").last.map(String.init) })
    // A request of the child (not a screen's) answered by the example's `effects:`, its outcome
    // received as the child's: one that succeeds with nothing of its own to give, or fails with
    // the default message, no stream, no cache, bound to no document.
    func plain(_ type: RType) -> RValue? {
      switch type {
      case .scalar(.int): .int(2)
      case .scalar(.string): .string("a")
      case .scalar(.bool): .bool(true)
      default: nil
      }
    }
    func answerable(_ action: RAction) -> RStoreRun.Outcome? {
      guard !holder.stack, let async = action.async, !async.isStream, async.binding == nil, async.fresh == nil,
        !async.isOptional, async.successAction == nil, async.failureAction == nil
      else { return nil }
      let carried = Set(async.carry)
      let own = async.successPayload.filter { !carried.contains($0.name) }
      let values = own.compactMap { field in plain(field.type).map { RNamed(name: field.name, value: $0) } }
      if values.count == own.count { return .returns(values) }
      if case .implicit = async.failure { return .fails(.string("down")) }
      return nil
    }
    // The trigger's arguments: plain values for the parameters without a default.
    func arguments(_ action: RAction) -> [RNamed]? {
      var result: [RNamed] = []
      for parameter in action.payload where parameter.defaultValue == nil {
        guard let value = plain(parameter.type) else { return nil }
        result.append(RNamed(name: parameter.name, value: value))
      }
      return result
    }
    func reached(from name: String) -> [RAction]? {
      var result: [RAction] = []
      var queue = [name]
      while let next = queue.popLast() {
        guard !result.contains(where: { $0.name == next }) else { continue }
        guard let action = child.actions.first(where: { $0.name == next }) else { return nil }
        guard action.async == nil || (next == name && answerable(action) != nil),
          action.followUps.allSatisfy({ $0.delay == nil }), action.cancels.isEmpty,
          !heard.contains(next), !holder.dismissOn.contains(next)
        else { return nil }
        result.append(action)
        queue += action.followUps.map(\.action)
        if action.async != nil { queue += [action.succeeded, action.failed] }
      }
      return result
    }
    var candidates = child.actions.filter { action in
      (!action.followUps.isEmpty || answerable(action) != nil) && arguments(action) != nil
        && reached(from: action.name) != nil
    }
    // Few children follow up an action of their own: where none does, the child gets a pair
    // (`treePing`, followed by `treePong`, which counts or flips a field of its state).
    let childNames = Set(child.allActionNames + child.allStateFields.map(\.name) + child.derived.map(\.name))
    if candidates.isEmpty, !childNames.contains("treePing"), !childNames.contains("treePong") {
      var pong = RAction(name: "treePong", payload: [], reduce: [])
      if let field = child.state.first(where: { $0.type == .scalar(.int) && $0.name != "id" }) {
        pong.reduce = [.increment(RPath(steps: [.field(field.name)]), nil)]
      } else if let field = child.state.first(where: { $0.type == .scalar(.bool) }) {
        pong.reduce = [.toggle(RPath(steps: [.field(field.name)]))]
      }
      var ping = RAction(name: "treePing", payload: [], reduce: [])
      ping.followUps = [RFollowUp(action: "treePong", condition: nil)]
      child.actions += [ping, pong]
      features[0].spec = child
      candidates = [ping]
    }
    // Where no request of a list's or presented child's fits, now and then the child gets one
    // (`treeFetch`, counting or flipping a field once answered) for the example to answer.
    let childTaken = Set(child.allActionNames + child.allStateFields.map(\.name) + child.derived.map(\.name))
    if !holder.stack, !candidates.contains(where: { $0.async != nil }), rng.chance(50),
      !childTaken.contains("treeFetch"), !childTaken.contains("treeFetchStatus")
    {
      var onSuccess: [ROperation] = []
      if let field = child.state.first(where: { $0.type == .scalar(.int) && $0.name != "id" }) {
        onSuccess = [.increment(RPath(steps: [.field(field.name)]), nil)]
      } else if let field = child.state.first(where: { $0.type == .scalar(.bool) }) {
        onSuccess = [.toggle(RPath(steps: [.field(field.name)]))]
      }
      var fetch = RAction(name: "treeFetch", payload: [], reduce: [])
      // Its status moves as it runs: what its derived tests see.
      fetch.async = RAsync(
        success: nil, failure: .implicit, status: "treeFetchStatus", onSuccess: onSuccess, onFailure: [], policy: nil,
        scope: nil, timing: nil)
      if !Set(child.allActionNames).contains(fetch.succeeded), !Set(child.allActionNames).contains(fetch.failed) {
        child.actions.append(fetch)
        features[0].spec = child
        candidates = [fetch]
      }
    }
    guard let trigger = rng.pickOptional(candidates) else { return }
    // The step that shows the child, and how its steps are written.
    var taken = Set(parent.allActionNames + parent.allStateFields.map(\.name) + parent.children.map(\.field))
    let show = "showTreeChild"
    guard !taken.contains(show) else { return }
    taken.insert(show)
    let prefix: String
    let operation: String
    if holder.presents {
      (prefix, operation) = ("\(holder.field).", "present \(holder.field)")
    } else if holder.stack {
      let destination = child.feature.prefix(1).lowercased() + child.feature.dropFirst()
      (prefix, operation) = ("\(holder.field)[0].\(destination).", "push \(holder.field).\(destination)")
    } else {
      // A row: its id an Int the append makes (0 first).
      guard child.state.first(where: { $0.name == "id" })?.type == .scalar(.int) else { return }
      (prefix, operation) = ("\(holder.field)[0].", "append \(holder.field)")
    }
    features[1].spec.actions.append(RAction(name: show, payload: [], reduce: [.navigate(operation)]))
    // The child alone: the trigger through its store, with every follow-up on.
    var run = RStoreRun(saysThrough: true)
    if let outcome = answerable(trigger) { run.effects[child.effectName(of: trigger)] = outcome }
    let given = arguments(trigger) ?? []
    let example = RExample(
      name: "tree", given: [], when: [RCall(action: trigger.name, arguments: given, bare: given.isEmpty)], then: [], store: run)
    let simulator = Simulator(spec: child)
    let received = simulator.received(example)
    let after = simulator.run(example)
    let renderer = Renderer(spec: child)
    var lines = [
      "  - name: " + YAMLText.doubleQuoted("the child's follow-ups come through the parent's store"),
      "    through: store",
    ]
    // The child's effects and what it receives, as the child's own example writes them, each
    // named through the parent (`childSheet.treeFetch: succeeds`, `- childRows[0].treePong`).
    guard !received.contains(where: { call in call.arguments.contains { $0.value.isFresh } }) else { return }
    let childLines = renderer.storeRun(run, example, simulator, variant: 0)
    func section(_ key: String, _ itemPrefix: String, through name: String) -> [String] {
      guard let start = childLines.firstIndex(of: "    \(key):") else { return [] }
      let items = childLines[(start + 1)...].prefix { $0.hasPrefix(itemPrefix) }
      return ["    \(key):"] + items.map { itemPrefix + name + $0.dropFirst(itemPrefix.count) }
    }
    lines += section("effects", "      ", through: "\(holder.field).")
    let writtenArguments = given.map { argument -> String in
      let type = trigger.payload.first { $0.name == argument.name }?.type ?? .scalar(.string)
      return "\(argument.name): " + renderer.value(argument.value, type)
    }
    lines += [
      "    when:",
      "      - \(show)",
      "      - \(prefix)\(trigger.name)" + (writtenArguments.isEmpty ? "" : ": { " + writtenArguments.joined(separator: ", ") + " }"),
    ]
    lines += section("receive", "      - ", through: prefix)
    // The child's plain fields its actions wrote, read through the parent.
    let plainTypes: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.bool)]
    let written = Set((([trigger] + (reached(from: trigger.name) ?? [])).flatMap(\.reduce)).compactMap { $0.path?.root })
    let then = child.state.filter { plainTypes.contains($0.type) && written.contains($0.name) && $0.name != "id" }.compactMap {
      field -> String? in
      guard let value = after[field.name], !value.isFresh else { return nil }
      let path = holder.presents ? "\(holder.field).\(field.name)" : holder.stack ? "\(holder.field).count" : "\(holder.field)[0].\(field.name)"
      return "      \(YAMLText.scalar(path, flow: false)): " + (holder.stack ? "1" : renderer.value(value, field.type))
    }
    if !then.isEmpty { lines += ["    then:"] + Array(Set(then)).sorted() }
    features[1].spec.writtenExamples.append(lines)
  }

  /// The app's second feature holds a navigation stack whose screens are the first
  /// (`childPath: { stack: [FIRST.yaml] }`), with actions that push a screen and pop it (to or
  /// from an id, or all), and now and then one that reduces the first's action (`from:
  /// childPath.first.ACTION`), which the first may mark `delegate: true`. Nothing when a name is
  /// taken.
  static func makeStack(_ features: inout [RAppFeature], rng: inout RNG) {
    let child = features[0].spec
    let parent = features[1].spec
    let field = "childPath"
    let destination = child.feature.prefix(1).lowercased() + child.feature.dropFirst()
    var taken = Set(
      parent.allStateFields.map(\.name) + parent.derived.map(\.name) + parent.filters.map(\.resultName)
        + parent.allActionNames + parent.events.map(\.name))
    guard !taken.contains(field) else { return }
    let childTypes = Set(child.models.map(\.name) + child.enums.map(\.name) + [child.feature + "State", child.feature + "Action"])
    let screens = parent.feature + field.prefix(1).uppercased() + field.dropFirst()
    let parentTypes = parent.models.map(\.name) + parent.enums.map(\.name) + parent.filters.map(\.name)
      + parent.middleware.map(\.name)
    guard parentTypes.allSatisfy({ !childTypes.contains($0) && $0 != screens && $0 != screens + "Action" }) else { return }
    if parent.conformances.contains("Codable"), !child.conformances.contains("Codable") {
      features[0].spec.conformances.append("Codable")
    }
    features[1].spec.children = [RChild(field: field, file: "\(features[0].field).yaml", stack: true)]
    func add(_ name: String, _ payload: [RField], _ text: String) {
      guard !taken.contains(name) else { return }
      taken.insert(name)
      features[1].spec.actions.append(RAction(name: name, payload: payload, reduce: [.navigate(text)]))
    }
    add("showChild", [], "push \(field).\(destination)")
    add("childBack", [], "pop \(field)")
    // Now and then the spec declares what the path's binding sends when SwiftUI pops (else the
    // checker makes it), from a stream of its own.
    var popRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0x909)) { $0 &* 31 &+ UInt64($1) })
    if popRNG.chance(30) {
      add(field + "Popped", [RField(name: "screen", type: .scalar(.int), defaultValue: nil)], "pop \(field) from screen")
    }
    if rng.chance(50) {
      let reach = rng.pick(["to", "from"])
      add("childBack\(reach.uppercased())", [RField(name: "id", type: .scalar(.int), defaultValue: nil)], "pop \(field) \(reach) id")
    }
    if rng.chance(40) { add("childHome", [], "clear \(field)") }
    // Now and then a push that gives a field of the screen from the payload (`push childPath.x
    // with count = count`), from a stream of its own so the rest of the seed is as it was.
    var givenRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0x617E)) { $0 &* 31 &+ UInt64($1) })
    let plain: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.bool)]
    if givenRNG.chance(35), let given = child.state.first(where: { plain.contains($0.type) }) {
      add(
        "showChildWith", [RField(name: given.name, type: given.type, defaultValue: nil)],
        "push \(field).\(destination) with \(given.name) = \(given.name)")
    }
    // Now and then the screen shows an element of a list of the parent's (`shows: { FIELD:
    // shownItems }`), pushed by its id and changed by the parent (`upsert`), from a stream of
    // its own too.
    var shownRNG = RNG(seed: child.feature.utf8.reduce(UInt64(0x5B0E)) { $0 &* 31 &+ UInt64($1) })
    let idTypes: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.uuid)]
    let shownField = child.state.first { field in
      guard case .model(let name) = field.type, let id = child.model(name)?.idField else { return false }
      return idTypes.contains(id.type)
    }
    if shownRNG.chance(60), let shownField, case .model(let modelName) = shownField.type,
      let id = child.model(modelName)?.idField,
      !["shownItems", "showShown", "keepShown"].contains(where: taken.contains)
    {
      taken.insert("shownItems")
      features[1].spec.state.append(RField(name: "shownItems", type: .array(.model(modelName)), defaultValue: .array([])))
      if features[1].spec.usedModule == nil {
        features[1].spec.usedModels = child.models
        features[1].spec.usedEnums = child.enums
        features[1].spec.usedModule = child.feature
      }
      features[1].spec.children[0].shows = RShown(field: shownField.name, list: "shownItems")
      add(
        "showShown", [RField(name: "id", type: id.type, defaultValue: nil)],
        "push \(field).\(destination) with \(shownField.name) = shownItems[id]")
      taken.insert("keepShown")
      features[1].spec.actions.append(
        RAction(
          name: "keepShown", payload: [RField(name: "item", type: .model(modelName), defaultValue: nil)],
          reduce: [.upsert(RPath(steps: [.field("shownItems")]), .parameter("item", []))]))
    }
    // A destination's action the parent reduces: the screen popped (not after an action that
    // starts work, which the pop would end at once).
    if rng.chance(60), let childAction = child.actions.isEmpty ? nil : rng.pick(child.actions) {
      let name = "heard" + childAction.name.prefix(1).uppercased() + childAction.name.dropFirst()
      if !taken.contains(name), childAction.async == nil, childAction.followUps.isEmpty {
        var action = RAction(name: name, payload: [], reduce: [.navigate("pop \(field)")])
        action.from = "\(field).\(destination).\(childAction.name)"
        features[1].spec.actions.append(action)
        if rng.chance(50), let index = features[0].spec.actions.firstIndex(where: { $0.name == childAction.name }) {
          features[0].spec.actions[index].delegate = true
        }
        // Now and then a button of the screen's alert sends it: the parent hears it too.
        if rng.chance(40) { features[0].spec.addAlert(&rng, sending: childAction.name) }
      }
    }
  }

  /// Now and then the parent reduces one of the child's actions (`from: FIELD.ACTION`), which
  /// the child may mark `delegate: true`: a list's row asks to be removed (`remove
  /// childRows[id]`, its id read from its state), or a field of the child's state (or a parameter
  /// of its action) is set on a parent's field of the same type.
  static func makeHandler(_ features: inout [RAppFeature], field: String, presents: Bool, rng: inout RNG) {
    guard rng.chance(60), !features[0].spec.actions.isEmpty else { return }
    let child = features[0].spec
    let parent = features[1].spec
    let childAction = rng.pick(child.actions)
    let name = "heard" + childAction.name.prefix(1).uppercased() + childAction.name.dropFirst()
    let taken = Set(
      parent.allStateFields.map(\.name) + parent.derived.map(\.name) + parent.filters.map(\.resultName)
        + parent.allActionNames + parent.events.map(\.name) + [field])
    guard !taken.contains(name) else { return }
    let given = childAction.payload + child.allStateFields.filter { field in !childAction.payload.contains { $0.name == field.name } }
    var action = RAction(name: name, payload: [], reduce: [])
    let plain: Set<RType> = [.scalar(.int), .scalar(.string), .scalar(.bool)]
    if !presents, rng.chance(50), given.first(where: { $0.name == "id" })?.type == .scalar(.int) {
      action.payload = [RField(name: "id", type: .scalar(.int), defaultValue: nil)]
      action.reduce = [.remove(RPath(steps: [.field(field), .element(.parameter("id", []))]))]
    } else {
      let pairs = given.filter { plain.contains($0.type) }.flatMap { source in
        parent.state.filter { $0.type == source.type && $0.name != field }.map { (source, $0) }
      }
      if let (source, target) = pairs.isEmpty ? nil : rng.pick(pairs) {
        action.payload = [RField(name: source.name, type: source.type, defaultValue: nil)]
        action.reduce = [.set(RPath(steps: [.field(target.name)]), .parameter(source.name, []))]
      }
    }
    action.from = "\(field).\(childAction.name)"
    features[1].spec.actions.append(action)
    if rng.chance(50), let index = features[0].spec.actions.firstIndex(where: { $0.name == childAction.name }) {
      features[0].spec.actions[index].delegate = true
    }
    // Now and then a button of the child's alert sends it: the parent hears it too.
    if rng.chance(40) { features[0].spec.addAlert(&rng, sending: childAction.name) }
  }

  /// Names the spec must not declare: the types of a spec it uses.
  mutating func reserveTypeNames(_ names: [String]) {
    typeNames.formUnion(names)
  }

  // MARK: The whole spec

  mutating func generate() -> RSpec {
    if spec.access == nil { spec.access = rng.chance(25) ? nil : rng.pick([.public, .package, .internal]) }
    if rng.chance(30) {
      spec.imports = rng.pick([["Foundation"], ["Foundation", "Dispatch"], ["Dispatch"]])
      spec.importsAsScalar = spec.imports.count == 1 && rng.chance(50)
    }
    if rng.chance(30) { spec.doc = rng.pick(Pools.docs) }
    if rng.chance(20) { spec.conformances = rng.pick([["Codable"], ["Hashable"], ["Codable", "Hashable"]]) }
    makeEnums()
    makeModels()
    makeState()
    makeFilters()
    makeDerived()
    makeFilterStateReads()
    makeActions()
    swap(&rng, &laterRNG)
    makeWhereReads()
    makeAdds()
    swap(&rng, &laterRNG)
    makeFollowUps()
    makeWrittenArguments()
    swap(&rng, &laterRNG)
    makeDelayedFollowUps()
    makeConditionArithmetic()
    makeInsideLookups()
    makeTagArguments()
    makeSumsOverDerived()
    makeDictionaryAggregates()
    makeElementBindings()
    swap(&rng, &laterRNG)
    makeNestedBindings()
    makeStart()
    makeEvents()
    makeMiddleware()
    makePersist()
    makeScopedNames()
    swap(&rng, &sumRNG)
    makeSumEnum()
    swap(&rng, &sumRNG)
    makeExamples()
    makeSelector()
    makeSecrets()
    return spec
  }

  /// Now and then fields of the state, of models and of payloads marked `secret: true`: each
  /// type holding one lists it for the inspector, and its generated test checks the list.
  private mutating func makeSecrets() {
    guard secretRNG.chance(20) else { return }
    for index in spec.state.indices where secretRNG.chance(25) { spec.state[index].secret = true }
    for model in spec.models.indices {
      for field in spec.models[model].fields.indices where secretRNG.chance(20) {
        spec.models[model].fields[field].secret = true
      }
    }
    for action in spec.actions.indices {
      for field in spec.actions[action].payload.indices where secretRNG.chance(20) {
        // `= new` and `= now` stay short: the action's creator makes them.
        if case .short = spec.actions[action].payload[field].style { continue }
        spec.actions[action].payload[field].secret = true
      }
    }
  }

  /// Now and then a selector of any expression (`scaled: { parameters: { by: Int }, value:
  /// count * by + 1 }`), a function of the State its derived test pins; examples don't read it.
  private mutating func makeSelector() {
    guard selectorRNG.chance(30) else { return }
    var choices: [(parameter: RField, value: RPredicate, base: String)] = []
    func literal(_ number: Int) -> RPredicate { .literal(String(number), .int(number)) }
    for field in spec.state {
      let read = RPredicate.path([field.name], suffix: nil)
      switch field.type {
      case .scalar(.int):
        let by = RField(name: "by", type: .scalar(.int), defaultValue: nil)
        let given = RPredicate.path(["by"], suffix: nil)
        choices.append((by, .arithmetic(.arithmetic(read, "*", given), "+", literal(selectorRNG.int(in: 1...4))), "scaled"))
        choices.append((by, .extremum(selectorRNG.pick(["min", "max"]), read, given), "bounded"))
        choices.append((by, .compare(read, selectorRNG.pick([">=", "<", "=="]), given), "reaches"))
      case .scalar(.string):
        let suffix = RField(name: "suffix", type: .scalar(.string), defaultValue: nil)
        choices.append((suffix, .arithmetic(read, "+", .path(["suffix"], suffix: nil)), "joined"))
        choices.append((suffix, .call("hasPrefix", [read, .path(["suffix"], suffix: nil)]), "startsWith"))
      default:
        continue
      }
    }
    // A parameter named like a state field would hide it: the value would read nothing of the state.
    let named = Set(spec.allStateFields.map(\.name))
    guard let choice = selectorRNG.pickOptional(choices.filter { !named.contains($0.parameter.name) }) else { return }
    let name = freshName(choice.base, in: &stateNames)
    spec.selectors.append(RSelector(name: name, parameters: [choice.parameter], value: choice.value))
  }

  // MARK: Enums whose cases carry values

  /// Now and then an enum whose cases carry values (`Phase: [still, running: { at: Int }, held:
  /// { at: Int, note: String }]`), a state field of it (maybe an optional one beside it), actions
  /// that make its cases from the payload, literals and the state, one that tests a case before
  /// making it anew, and derived values that test and read it. Examples reach them as any others:
  /// their given values and the state after them hold its cases.
  private mutating func makeSumEnum() {
    guard size >= 2, rng.chance(35), let name = freshTypeName(["Phase", "Playback", "Stage", "Progress", "Signal"]) else {
      return
    }
    // Case names no state name, derived value or Swift type is written as.
    let pool = ["still", "running", "held", "waiting", "moving", "ended"].filter { !stateNames.contains($0) }
    guard pool.count >= 3 else { return }
    let names = Array(rng.shuffled(pool).prefix(3))
    var cases = [RSumEnum.Case(name: names[0], values: [])]
    cases.append(RSumEnum.Case(name: names[1], values: [RLabelType(label: "at", type: .scalar(.int))]))
    if rng.chance(60) {
      cases.append(
        RSumEnum.Case(
          name: names[2], values: [RLabelType(label: "at", type: .scalar(.int)), RLabelType(label: "note", type: .scalar(.string))]))
    }
    if rng.chance(30) { cases.swapAt(0, cases.count - 1) }
    let sum = RSumEnum(name: name, cases: cases)
    spec.sumEnums.append(sum)
    let plain = names[0]
    let running = names[1]
    let field = freshName("phase", in: &stateNames)
    let type = RType.enumeration(name)
    let startsRunning = rng.chance(30)
    spec.state.append(
      RField(
        name: field, type: type,
        defaultValue: startsRunning ? .caseValue(running, [RNamed(name: "at", value: .int(2))]) : .enumCase(plain),
        style: startsRunning ? .long : .short(plain)))
    var last: String?
    if rng.chance(50) {
      let name = freshName("lastPhase", in: &stateNames)
      spec.state.append(RField(name: name, type: .optional(type), defaultValue: .null))
      last = name
    }
    // Persisted as Codable writes it; its shape keeps each case's values.
    if spec.persist != nil, rng.chance(50) { spec.persist?.fields += [field] + (last.map { [$0] } ?? []) }
    let at = RPredicate.call("??", [.path([field, running + "?", "at"], suffix: nil), .literal("0", .int(0))])
    // Made from the payload or a literal.
    let start = actionName("start" + field.uppercasingFirst)
    let fromPayload = rng.chance(60)
    let startValue: RPredicate =
      fromPayload ? .arithmetic(.path(["count"], suffix: nil), "+", .literal("1", .int(1))) : .literal("3", .int(3))
    spec.actions.append(
      RAction(
        name: start, payload: fromPayload ? [RField(name: "count", type: .scalar(.int), defaultValue: nil)] : [],
        reduce: [.set(RPath(steps: [.field(field)]), .expression(.makeCase(running, [RLabeled(label: "at", value: startValue)])))]))
    // Made anew from the state, where it is running.
    let step = actionName("advance" + field.uppercasingFirst)
    let next = RPredicate.makeCase(
      running, [RLabeled(label: "at", value: rng.chance(50) ? .arithmetic(at, "*", .literal("2", .int(2))) : .extremum("min", .arithmetic(at, "+", .literal("1", .int(1))), .literal("9", .int(9))))])
    spec.actions.append(
      RAction(
        name: step, payload: [],
        reduce: [.conditional(.isCase([field], running), [.set(RPath(steps: [.field(field)]), .expression(next))], [])]))
    // Back to the case alone, keeping the one before.
    let stop = actionName("stop" + field.uppercasingFirst)
    var stopping: [ROperation] = []
    if let last { stopping.append(.set(RPath(steps: [.field(last)]), .expression(.path(["state", field], suffix: nil)))) }
    stopping.append(.set(RPath(steps: [.field(field)]), .literal(plain, .enumCase(plain))))
    spec.actions.append(RAction(name: stop, payload: [], reduce: stopping, reduceAsScalar: stopping.count == 1))
    // A case of two values, made from a payload's text.
    if cases.count == 3, let held = cases.first(where: { $0.values.count == 2 })?.name {
      let hold = actionName("hold" + field.uppercasingFirst)
      spec.actions.append(
        RAction(
          name: hold, payload: [RField(name: "note", type: .scalar(.string), defaultValue: nil)],
          reduce: [
            .set(
              RPath(steps: [.field(field)]),
              .expression(.makeCase(held, [RLabeled(label: "at", value: at), RLabeled(label: "note", value: .path(["note"], suffix: nil))])))
          ]))
    }
    // Derived values that test and read it.
    spec.derived.append(RDerived(name: freshName(field + "Running", in: &stateNames), list: field, kind: .expression(.isCase([field], running), .scalar(.bool))))
    if rng.chance(60) {
      spec.derived.append(RDerived(name: freshName(field + "At", in: &stateNames), list: field, kind: .expression(at, .scalar(.int))))
    }
  }

  /// A condition over elements names by its scope a name two scopes give: now and then an
  /// action's `where` also compares the element's field with a parameter of the same name
  /// (`element.code != payload.code`, TCA's `$0.id != id`); then `RSpec.scopingElementNames()`.
  private mutating func makeScopedNames() {
    let simulator = Simulator(spec: spec)
    for index in spec.actions.indices {
      // A parameter is added only where nothing else reads the payload as a whole (an implied
      // `upsert books`, a request's carried payload, a binding, a follow-up's arguments).
      let action = spec.actions[index]
      let mayGrow =
        action.reduce.count == 1 && action.async == nil && !action.binding && action.followUps.isEmpty
      var payload = action.payload
      var changed = action
      changed.mapWhereConditions(over: simulator.elementModel(at:)) { model, predicate in
        drawn(predicate, over: model, payload: &payload, mayGrow: mayGrow)
      }
      changed.payload = payload
      spec.actions[index] = changed
    }
    spec.scopeElementNames()
  }

  /// Now and then the condition and-ed with the element's field compared with a parameter of
  /// its name (added, with a default, where the payload has none), each named by its scope.
  private mutating func drawn(_ predicate: RPredicate, over model: RModel, payload: inout [RField], mayGrow: Bool)
    -> RPredicate
  {
    guard scopeRNG.chance(30) else { return predicate }
    let plain = model.fields.filter { field in
      [.scalar(.int), .scalar(.string), .scalar(.bool)].contains(field.type) && field.name != "state"
    }
    guard let field = scopeRNG.pickOptional(plain) else { return predicate }
    if let existing = payload.first(where: { $0.name == field.name }) {
      guard existing.type == field.type else { return predicate }
    } else {
      guard mayGrow else { return predicate }
      let (value, text): (RValue, String) =
        switch field.type {
        case .scalar(.int): (.int(1), "1")
        case .scalar(.string): (.string("a"), "a")
        default: (.bool(true), "true")
        }
      payload.append(RField(name: field.name, type: field.type, defaultValue: value, style: .short(text)))
    }
    let comparison = RPredicate.compare(
      .path(["element", field.name], suffix: nil), scopeRNG.pick(["==", "!="]), .path(["payload", field.name], suffix: nil))
    return .and(.parenthesized(predicate), comparison)
  }

  /// Now and then one to three actions the store starts with, each with its arguments.
  private mutating func makeStart() {
    guard rng.chance(20), !spec.actions.isEmpty else { return }
    // Models in payloads now and then: named `State` or `Action`, the middleware must not
    // read them as its own associated types.
    let withModels = spec.actions.filter { action in
      action.payload.contains { if case .model = $0.type.unwrapped { true } else { false } }
    }
    for _ in 0..<rng.int(in: 1...3) {
      let action = !withModels.isEmpty && rng.chance(50) ? rng.pick(withModels) : rng.pick(spec.actions)
      var arguments: [RNamed] = []
      for parameter in action.payload {
        if parameter.defaultValue != nil, rng.chance(50) { continue }
        guard let value = randomValue(parameter.type, ids: 1...3) else { return }
        arguments.append(RNamed(name: parameter.name, value: value))
      }
      spec.start.append(RCall(action: action.name, arguments: arguments, bare: arguments.isEmpty))
    }
  }

  // MARK: Names

  private mutating func freshTypeName(_ pool: [String]) -> String? {
    for name in rng.shuffled(pool) where typeNames.insert(name).inserted { return name }
    return nil
  }

  private func freshName(_ base: String, in taken: inout Set<String>) -> String {
    if taken.insert(base).inserted { return base }
    var number = 2
    while !taken.insert("\(base)\(number)").inserted { number += 1 }
    return "\(base)\(number)"
  }

  // MARK: Enums and models

  private mutating func makeEnums() {
    for _ in 0..<rng.int(in: 0...(size >= 2 ? 3 : 1)) {
      let named = rng.chance(10) ? freshTypeName(Pools.libraryNamedTypes) : nil
      guard let name = named ?? freshTypeName(Pools.enumNames) else { break }
      var cases: [String] = []
      var pool = rng.shuffled(Pools.enumCases)
      if rng.chance(25) { pool.insert(rng.pick(Pools.keywordCases), at: 0) }
      for item in pool.prefix(rng.int(in: 1...4)) where !cases.contains(item) { cases.append(item) }
      spec.enums.append(REnum(name: name, doc: rng.chance(20) ? rng.pick(Pools.docs) : nil, cases: cases))
      if rng.chance(30) { spec.longEnums.insert(name) }
    }
  }

  private mutating func makeModels() {
    let count = rng.int(in: (size >= 2 ? 1 : 0)...(size >= 2 ? 5 : 2))
    var names: [String] = []
    for index in 0..<count {
      // Task, Result and Error are common model names that shadow Swift's types.
      let shadow = index == 0 ? 50 : 15
      var name = rng.chance(shadow) ? freshTypeName(Pools.shadowingModels) : nil
      if name == nil, rng.chance(12) { name = freshTypeName(Pools.libraryNamedTypes) }
      let pool = Pools.modelNames + Pools.importedTypeModels
      guard let name = name ?? freshTypeName(pool) else { break }
      names.append(name)
    }
    // A model may use the models made before it (no cycles); written in a shuffled order.
    var models: [RModel] = []
    for name in names {
      spec.models = models
      models.append(makeModel(name))
    }
    spec.models = rng.chance(50) ? models : rng.shuffled(models)
  }

  private mutating func makeModel(_ name: String) -> RModel {
    var fields: [RField] = []
    var taken: Set<String> = []
    if rng.chance(80) {
      // Ids of any value tests tell apart: a URL too (a voice memo's file).
      let idType = rng.pick([Scalar.uuid, .uuid, .int, .string, .url])
      var id = RField(name: "id", type: .scalar(idType), defaultValue: nil)
      if idType == .uuid, rng.chance(70) { id.defaultValue = .freshUUID }
      // An Int id's default is the first id of an empty list (Redux numbers todos from 0).
      if idType == .int, rng.chance(30) {
        let first = rng.pick([0, 1, 10])
        id.defaultValue = .int(first)
        id.style = .short(String(first))
      }
      fields.append(id)
      taken.insert("id")
    }
    let count = rng.int(in: 1...(size >= 2 ? 6 : 3))
    for _ in 0..<count {
      let base = rng.chance(20) ? rng.pick(Pools.keywordFields) : rng.pick(Pools.fieldNames)
      guard taken.insert(base).inserted else { continue }
      let type = randomType(depth: 0, allowStatus: false)
      fields.append(field(base, type, inModel: true))
    }
    // Now and then an Int and a Double side by side (a line's count and price), which sums of
    // products and conditions mix.
    if rng.chance(20) {
      for (name, scalar) in [("count", Scalar.int), ("price", .double)] where taken.insert(name).inserted {
        fields.append(field(name, .scalar(scalar), inModel: true))
      }
    }
    // JSON keys for some fields, unlike every other field's key.
    if rng.chance(15) {
      var keys = Set(fields.map(\.name))
      for index in fields.indices where rng.chance(40) {
        let key = rng.pick(Pools.jsonKeys(for: fields[index].name))
        if keys.insert(key).inserted { fields[index].json = key }
      }
    }
    let doc: String? = rng.chance(15) ? rng.pick(Pools.docs) : nil
    let conformances = rng.chance(10) ? rng.pick([["Codable"], ["Hashable"], ["Hashable", "Codable"]]) : []
    return RModel(
      name: name, doc: doc, fields: rng.chance(30) ? rng.shuffled(fields) : fields, conformances: conformances)
  }

  /// A field with a default (always for state fields), written in one of the three forms.
  private mutating func field(_ name: String, _ type: RType, inModel: Bool) -> RField {
    var field = RField(name: name, type: type, defaultValue: nil)
    if rng.chance(8) { field.doc = rng.pick(Pools.docs) }
    if inModel, rng.chance(45) {
      // Required: an initializer parameter.
      return field
    }
    // A model field of a model type has no implicit default (a state field does).
    var implicit = implicitDefault(type)
    if inModel, case .model = type { implicit = nil }
    if let implicit, rng.chance(55) {
      field.defaultValue = implicit
      field.style = .implicit
      if case .array = type, field.doc == nil, rng.chance(30) { field.flowList = true }
      return field
    }
    if let (text, value) = shortLiteral(type), rng.chance(70) {
      field.defaultValue = value
      field.style = .short(text)
      return field
    }
    if let value = randomValue(type, ids: 1...3) {
      field.defaultValue = value
      field.style = .long
      return field
    }
    if let implicit {
      field.defaultValue = implicit
      return field
    }
    // A model with required fields and no value: leave it required in models only.
    return field
  }

  /// The default written nothing gives, or nil when the type needs one written.
  func implicitDefault(_ type: RType) -> RValue? {
    switch type {
    case .optional: return .null
    case .array: return .array([])
    case .dictionary: return .dictionary([])
    case .model(let name):
      guard let model = spec.model(name), model.fields.allSatisfy({ $0.defaultValue != nil }) else { return nil }
      return .model(name, model.fields.map { RNamed(name: $0.name, value: $0.defaultValue!) })
    default: return nil
    }
  }

  /// `Type = literal` text and its value.
  private mutating func shortLiteral(_ type: RType) -> (String, RValue)? {
    switch type {
    case .model(let name):
      // `Search = {}`: the model of its own defaults.
      guard let model = spec.model(name), model.fields.allSatisfy({ $0.defaultValue != nil }) else { return nil }
      return ("{}", .model(name, model.fields.map { RNamed(name: $0.name, value: $0.defaultValue!) }))
    case .optional(let wrapped):
      if rng.chance(40) { return ("nil", .null) }
      return shortLiteral(wrapped)
    case .array: return ("[]", .array([]))
    case .dictionary: return ("[:]", .dictionary([]))
    case .enumeration(let name):
      guard let item = spec.enumCases(name).flatMap({ rng.pickOptional($0) }) else { return nil }
      return (rng.chance(50) ? item : "." + item, .enumCase(item))
    case .scalar(let scalar):
      switch scalar {
      case .string:
        let text = rng.pick(Pools.shortStrings)
        if !text.isEmpty, text.allSatisfy({ $0.isLetter && $0.isASCII }), rng.chance(40) { return (text, .string(text)) }
        // Quoted text in a spec reads YAML's escapes.
        return (YAMLText.doubleQuoted(text), .string(text))
      case .int, .int64:
        let number = rng.pick([0, 1, 42, -7, 1000, 12])
        return (number == 1000 && rng.chance(50) ? "1_000" : String(number), .int(number))
      case .double, .float, .decimal:
        let number = rng.pick([0, 1.5, -2.25, 3, 0.5])
        let text = number == number.rounded() ? String(Int(number)) : String(number)
        return (text, .double(number))
      case .bool:
        let flag = rng.chance(50)
        return (flag ? "true" : "false", .bool(flag))
      case .uuid:
        let number = rng.int(in: 1...9)
        if rng.chance(70) { return (String(number), .uuid(smallUUID(number))) }
        let text = randomUUIDText()
        return ("\"\(text)\"", .uuid(text))
      case .date:
        let (seconds, text) = rng.pick([(1_714_521_600.0, "2024-05-01"), (1_704_164_645.0, "2024-01-02T03:04:05Z")])
        return (rng.chance(50) ? "\"\(text)\"" : text, .date(seconds))
      case .url:
        let url = rng.pick(Pools.urls)
        return ("\"\(url)\"", .url(url))
      case .data:
        return ("\"bytes\"", .data("bytes"))
      }
    default:
      return nil
    }
  }

  private mutating func randomUUIDText() -> String {
    let hex = Array("0123456789ABCDEF")
    let groups = [8, 4, 4, 4, 12].map { count in String((0..<count).map { _ in hex[rng.int(16)] }) }
    return groups.joined(separator: "-")
  }

  /// A random type for a field; models only those already made.
  private mutating func randomType(depth: Int, allowStatus: Bool) -> RType {
    let scalar = RType.scalar(rng.pick(Scalar.allCases))
    let enumName = rng.pickOptional(spec.enums.map(\.name))
    let modelName = rng.pickOptional(spec.models.map(\.name))
    let roll = rng.int(100)
    switch roll {
    case 0..<40: return scalar
    case 40..<50: return .optional(scalar)
    case 50..<58: return enumName.map { rng.chance(25) ? .optional(.enumeration($0)) : .enumeration($0) } ?? scalar
    case 58..<66:
      let list = RType.array(rng.chance(70) ? scalar : (enumName.map { .enumeration($0) } ?? scalar))
      return rng.chance(15) ? .optional(list) : list
    case 66..<74:
      var keys: [RType] = [.scalar(.string), .scalar(.int), .scalar(.uuid)]
      if let enumName { keys.append(.enumeration(enumName)) }
      let value: RType =
        rng.chance(60) ? scalar : (modelName.map { .model($0) } ?? enumName.map { .enumeration($0) } ?? scalar)
      let key = rng.pick(keys)
      return .dictionary(key, value)
    case 74..<82: return modelName.map { .model($0) } ?? scalar
    case 82..<88: return modelName.map { .optional(.model($0)) } ?? .optional(scalar)
    default: return modelName.map { .array(.model($0)) } ?? .array(scalar)
    }
  }

  // MARK: Values

  /// A random value of `type`; model elements of lists get distinct ids from `ids`.
  mutating func randomValue(_ type: RType, ids: ClosedRange<Int>) -> RValue? {
    switch type {
    case .optional(let wrapped):
      return rng.chance(30) ? .null : randomValue(wrapped, ids: ids)
    case .scalar(let scalar): return randomScalar(scalar)
    case .enumeration(let name):
      if let sum = spec.sumEnums.first(where: { $0.name == name }) {
        let chosen = rng.pick(sum.cases)
        if chosen.values.isEmpty { return .enumCase(chosen.name) }
        return .caseValue(
          chosen.name,
          chosen.values.map { value in
            RNamed(name: value.label, value: value.type == .scalar(.int) ? .int(rng.int(in: 0...5)) : .string(rng.pick(["a", "b"])))
          })
      }
      guard let cases = spec.enumCases(name), !cases.isEmpty else { return nil }
      return .enumCase(rng.pick(cases))
    case .status:
      return .status(rng.pick([.idle, .loading, .succeeded, .failed("oops")]))
    case .indexSet:
      // Offsets once each, in order; past the end now and then (a view's stale report).
      let offsets = (0...4).filter { _ in rng.chance(35) }
      return .array(offsets.map { .int($0) })
    case .array(let element):
      var items: [RValue] = []
      var usedIds: Set<RValue> = []
      for _ in 0..<rng.int(in: 0...3) {
        guard var item = randomValue(element, ids: ids) else { return nil }
        if case .model(let name, _) = item, let idField = spec.model(name)?.idField {
          // Distinct ids, so finding an element by id is unambiguous.
          var id = idValue(idField.type, rng.int(in: ids))
          var tries = 0
          while usedIds.contains(id), tries < 10 {
            id = idValue(idField.type, rng.int(in: ids.lowerBound...(ids.upperBound + 5)))
            tries += 1
          }
          if usedIds.contains(id) { continue }
          usedIds.insert(id)
          item = item.settingField("id", id)
        }
        items.append(item)
      }
      return .array(items)
    case .dictionary(let key, let value):
      var pairs: [RPair] = []
      for _ in 0..<rng.int(in: 0...3) {
        guard let k = randomKey(key), let v = randomValue(value, ids: ids) else { return nil }
        if pairs.contains(where: { $0.key == k }) { continue }
        pairs.append(RPair(key: k, value: v))
      }
      return .dictionary(pairs)
    case .model(let name):
      guard let model = spec.model(name) else { return nil }
      var fields: [RNamed] = []
      for field in model.fields {
        let value: RValue?
        if field.name == "id", case .scalar(let scalar) = field.type {
          value = idValue(.scalar(scalar), rng.int(in: ids))
        } else if let defaultValue = field.defaultValue, !defaultValue.isFresh, rng.chance(40) {
          value = defaultValue
        } else {
          value = randomValue(field.type, ids: ids)
        }
        guard let value else { return nil }
        fields.append(RNamed(name: field.name, value: value))
      }
      return .model(name, fields)
    }
  }

  func idValue(_ type: RType, _ number: Int) -> RValue {
    switch type {
    case .scalar(.uuid): .uuid(smallUUID(number))
    case .scalar(.int), .scalar(.int64): .int(number)
    case .scalar(.string): .string("u\(number)")
    case .scalar(.url): .url("file:///memo\(number).m4a")
    default: .null
    }
  }

  private mutating func randomKey(_ type: RType) -> RValue? {
    switch type {
    case .scalar(.string): return .string(rng.pick(["a", "b", "u1", "u2", "key c"]))
    case .scalar(.int): return .int(rng.int(in: 0...4))
    case .scalar(.uuid): return .uuid(smallUUID(rng.int(in: 1...4)))
    case .enumeration(let name): return spec.enumCases(name).flatMap { rng.pickOptional($0) }.map { .enumCase($0) }
    default: return nil
    }
  }

  private mutating func randomScalar(_ scalar: Scalar) -> RValue {
    switch scalar {
    case .string: return .string(rng.pick(Pools.strings))
    case .int: return .int(rng.chance(85) ? rng.int(in: -5...40) : rng.int(in: 1000...250_000))
    case .int64: return .int(rng.chance(80) ? rng.int(in: -5...40) : 9_000_000_000 + rng.int(100))
    case .double, .float, .decimal: return .double(Double(rng.int(in: -40...40)) * 0.25)
    case .bool: return .bool(rng.chance(50))
    case .uuid: return rng.chance(70) ? .uuid(smallUUID(rng.int(in: 1...9))) : .uuid(randomUUIDText())
    case .date:
      let seconds = 1_700_000_000.0 + Double(rng.int(in: 0...400)) * 86_400 + (rng.chance(30) ? 3_723 : 0)
      return .date(rng.chance(10) ? seconds + 0.5 : seconds)
    case .url: return .url(rng.pick(Pools.urls))
    case .data: return .data(rng.pick(Pools.dataTexts))
    }
  }

  // MARK: State

  private mutating func makeState() {
    var fields: [RField] = []
    let count = rng.int(in: 1...(size >= 2 ? 9 : 4))
    // A list of models with ids, so element paths, upsert, remove and filters have something to work on.
    let listModels = spec.models.filter { $0.idField != nil }
    if let model = rng.pickOptional(listModels), rng.chance(85) {
      let name = model.name.lowercasingFirst + "s"
      stateNames.insert(name)
      fields.append(field(name, .array(.model(model.name)), inModel: false))
    }
    for _ in 0..<count {
      let base = rng.chance(12) ? rng.pick(Pools.keywordFields) : rng.pick(Pools.fieldNames)
      guard stateNames.insert(base).inserted else { continue }
      let type = randomType(depth: 0, allowStatus: false)
      var field = field(base, type, inModel: false)
      if spec.access == .public, size == 1, field.defaultValue?.isFresh == true,
        KnownBugs.avoids("appTestsFreshUUIDDefaults")
      {
        // An app's feature: a default without a fresh UUID.
        field.doc = nil
        if type.isOptional {
          field.defaultValue = .null
          field.style = .implicit
        } else {
          field.defaultValue = nil
        }
      }
      if field.defaultValue == nil {
        // A model with required fields needs its default written out.
        guard let value = randomValue(type, ids: 1...3) else {
          stateNames.remove(base)
          continue
        }
        field.defaultValue = value
        field.style = .long
      }
      fields.append(field)
    }
    spec.state = fields
  }

  // MARK: Filters

  private mutating func makeFilters() {
    for field in spec.state {
      guard case .array(.model(let modelName)) = field.type, let model = spec.model(modelName), rng.chance(55) else {
        continue
      }
      guard let name = freshTypeName([modelName + "Filter", modelName + "View", modelName + "Scope"]) else { continue }
      var filter = RFilter(name: name, over: field.name, sort: [], cases: [])
      var caseNames: Set<String> = []
      for index in 0..<rng.int(in: 1...4) {
        let caseName = rng.pick(Pools.filterCases)
        guard caseNames.insert(caseName).inserted else { continue }
        let predicate = index == 0 && rng.chance(60) ? RPredicate.constant(true) : randomPredicate(model, depth: 0)
        filter.cases.append(RFilterCase(name: caseName, predicate: predicate))
      }
      let selected = rng.chance(50) ? nil : name.lowercasingFirst + "Selection"
      let selectedName = selected ?? "filter"
      let result = rng.chance(50) ? nil : "visible" + field.name.uppercasingFirst
      let resultName = result ?? "filtered" + field.name.uppercasingFirst
      guard !stateNames.contains(selectedName), !stateNames.contains(resultName), selectedName != resultName else {
        typeNames.remove(name)
        continue
      }
      stateNames.insert(selectedName)
      stateNames.insert(resultName)
      filter.selected = selected
      filter.result = result
      if rng.chance(40), let defaultCase = rng.pickOptional(filter.cases) { filter.defaultCase = defaultCase.name }
      let sortable = sortableFields(model.name)
      if rng.chance(50) {
        for key in rng.shuffled(sortable).prefix(rng.int(in: 1...3)) {
          filter.sort.append(RSortKey(field: key.name, descending: rng.chance(40)))
        }
      }
      spec.filters.append(filter)
    }
    // A filter enum as a dictionary key.
    if let filter = rng.pickOptional(spec.filters), rng.chance(30), stateNames.insert("byView").inserted {
      spec.state.append(RField(name: "byView", type: .dictionary(.enumeration(filter.name), .scalar(.int)), defaultValue: .dictionary([])))
    }
  }

  /// Derived values over the state's lists, and lookups keyed by other state fields.
  private mutating func makeDerived() {
    guard rng.chance(45) else { return }
    for _ in 0..<rng.int(in: 1...3) {
      guard let field = rng.pickOptional(spec.state.filter { $0.type.isCollection }) else { return }
      var kind: RDerived.Kind?
      var base = "derived"
      var parameter: String?
      /// A lookup of the collection by a key of `keyType`: a state field's value, each key of a
      /// list field, or the value's parameter.
      func lookup(keyType: RType) -> (RDerived.Kind?, String, String?) {
        var keys = spec.state.filter { $0.type == .array(keyType) }
        let key = spec.state.filter { $0.type.unwrapped == keyType }
        switch rng.int(3) {
        case 0:
          // The keys: a list field of the key type, made when the state has none.
          if keys.isEmpty {
            let field = RField(name: freshName("keys", in: &stateNames), type: .array(keyType), defaultValue: .array([]))
            spec.state.append(field)
            keys = [field]
          }
          return (.lookupMany(keys: rng.pick(keys).name), "pickedAll", nil)
        case 1: return (.lookup(key: "key"), "pickedBy", "key")
        default: return (rng.pickOptional(key).map { .lookup(key: $0.name) }, "picked", nil)
        }
      }
      switch field.type {
      case .array(.model(let name)):
        guard let model = spec.model(name) else { continue }
        let numeric = model.fields.filter { if case .scalar(let s) = $0.type { s.isNumeric } else { false } }
        switch rng.int(6) {
        case 0: (kind, base) = (.count(rng.chance(70) ? randomPredicate(model, depth: 0) : nil), "howMany")
        case 1: (kind, base) = (.all(randomPredicate(model, depth: 0)), "allMatch")
        case 2: (kind, base) = (.any(randomPredicate(model, depth: 0)), "anyMatch")
        case 3: (kind, base) = (.isEmpty, "nothingIn")
        case 4:
          if let summed = rng.pickOptional(numeric) {
            // Now and then a sum of products: another field of the same type.
            // (Int only: an Int64 sample can be too large to multiply.)
            // Now and then an Int and a Double side by side (a Double sum, which examples don't
            // expect but derived tests pin).
            let mixable: [RType] = [.scalar(.int), .scalar(.double)]
            let factor =
              summed.type == .scalar(.int) && rng.chance(35)
              ? rng.pickOptional(numeric.filter { $0.type == summed.type })?.name
              : mixable.contains(summed.type) && rng.chance(40)
                ? rng.pickOptional(numeric.filter { mixable.contains($0.type) && $0.type != summed.type })?.name : nil
            (kind, base) = (
              .sum(summed.name, rng.chance(50) ? randomPredicate(model, depth: 0) : nil, times: factor), "total"
            )
            // Now and then weighted by an Int dictionary keyed by one of the element's fields.
            if summed.type == .scalar(.int), rng.chance(60) {
              // The key: any field of the weights' key type, the id or another (whose default,
              // where it has one, is one key for every element).
              var weighted = spec.state.compactMap { weights -> (String, String)? in
                let keys = model.fields.filter { weights.type == .dictionary($0.type, .scalar(.int)) }
                let others = keys.filter { $0.name != "id" }
                guard let key = rng.pickOptional(!others.isEmpty && rng.chance(70) ? others : keys) else { return nil }
                return (weights.name, key.name)
              }
              // None: a dictionary of weights keyed like one of the element's fields.
              let keyable: [RType] = [.scalar(.string), .scalar(.int), .scalar(.uuid)]
              let keyFields = model.fields.filter { keyable.contains($0.type) }
              let otherKeys = keyFields.filter { $0.name != "id" }
              if weighted.isEmpty, let key = rng.pickOptional(!otherKeys.isEmpty && rng.chance(70) ? otherKeys : keyFields) {
                let name = freshName("weights", in: &stateNames)
                spec.state.append(RField(name: name, type: .dictionary(key.type, .scalar(.int)), defaultValue: .dictionary([])))
                weighted = [(name, key.name)]
              }
              if let (weights, key) = rng.pickOptional(weighted) {
                let condition = rng.chance(40) ? randomPredicate(model, depth: 0) : nil
                (kind, base) = (.weighted(summed.name, weights: weights, key: key, condition), "weighed")
              }
            }
          }
        default:
          if let id = model.idField {
            (kind, base, parameter) = lookup(keyType: id.type)
          }
        }
      case .array:
        (kind, base) = rng.chance(50) ? (.count(nil), "howMany") : (.isEmpty, "nothingIn")
      case .dictionary(let keyType, _):
        (kind, base, parameter) = lookup(keyType: keyType)
      default:
        break
      }
      guard let kind else { continue }
      let name = freshName(base + field.name.uppercasingFirst, in: &stateNames)
      var value = RDerived(name: name, list: field.name, kind: kind, parameter: parameter)
      // Now and then an Int value's fallback: `counts[key] ?? 0`.
      if case .lookup = kind, case .dictionary(_, .scalar(.int)) = field.type, rng.chance(40) {
        value.fallback = rng.pick([0, -1, 7])
      }
      spec.derived.append(value)
    }
    makeArithmetic()
    makeDerivedExpression()
  }

  /// Now and then a derived value of Int arithmetic over the state's Int fields and the Int
  /// derived values before it (`total: (count + 2) * howManyItems`), three operands at most so
  /// no sample overflows.
  private mutating func makeArithmetic() {
    let fields = spec.state.filter { $0.type == .scalar(.int) }.map(\.name)
    let derived = spec.derived.filter { value in
      guard value.parameter == nil else { return false }
      switch value.kind {
      case .count, .arithmetic, .weighted: return true
      case .sum(let summed, _, let times):
        let list = spec.state.first { $0.name == value.list }
        guard case .array(.model(let name))? = list?.type else { return false }
        let fields = spec.model(name)?.fields ?? []
        return ([summed] + (times.map { [$0] } ?? [])).allSatisfy { field in
          fields.first { $0.name == field }?.type == .scalar(.int)
        }
      default: return false
      }
    }.map(\.name)
    let names = fields + derived
    guard !names.isEmpty, rng.chance(50) else { return }
    let expression = randomArithmetic(leaves: rng.int(in: 1...3)) { generator in
      generator.rng.chance(25) ? RArithmetic.number(generator.rng.int(in: -3...9)) : .name(generator.rng.pick(names))
    }
    // It must read the state: a lone number gets a name beside it.
    let read: RArithmetic = expression.names.isEmpty ? .binary(expression, "+", .name(rng.pick(names))) : expression
    guard case .binary = read, let first = read.names.first else { return }
    let name = freshName("computed", in: &stateNames)
    spec.derived.append(RDerived(name: name, list: first, kind: .arithmetic(read)))
  }

  /// Now and then a derived value that is another value of the expression language over a
  /// state field: `code.count >= 4`, `!title.isEmpty && title.count <= 5`, `title.uppercased`,
  /// `abs(count - 3)`, `scores.first ?? 0`, `names.last ?? "none"`.
  private mutating func makeDerivedExpression() {
    guard rng.chance(35) else { return }
    func literal(_ number: Int) -> RPredicate { .literal(String(number), .int(number)) }
    func text(_ value: String) -> RPredicate { .literal(YAMLText.doubleQuoted(value), .string(value)) }
    var choices: [(RPredicate, RType, String)] = []
    for field in spec.state {
      let path = RPredicate.path([field.name], suffix: nil)
      switch field.type {
      case .scalar(.string):
        choices.append((.compare(.path([field.name], suffix: "count"), rng.pick([">=", "<"]), literal(rng.int(in: 1...6))), .scalar(.bool), field.name))
        choices.append((.and(.not(.path([field.name], suffix: "isEmpty")), .compare(.path([field.name], suffix: "count"), "<=", literal(5))), .scalar(.bool), field.name))
        choices.append((.path([field.name], suffix: rng.pick(["lowercased", "uppercased"])), .scalar(.string), field.name))
      case .scalar(.int):
        choices.append((.call("abs", [.arithmetic(path, "-", literal(rng.int(in: 1...5)))]), .scalar(.int), field.name))
      case .array(.scalar(.int)):
        choices.append((.call("??", [.path([field.name], suffix: rng.pick(["first", "last"])), literal(rng.int(in: 0...2))]), .scalar(.int), field.name))
      case .array(.scalar(.string)):
        choices.append((.call("??", [.path([field.name], suffix: rng.pick(["first", "last"])), text("none")]), .scalar(.string), field.name))
      case .array(.model(let modelName)):
        // `rows.first?.count ?? 0`: a field of the first or last element, through `?.`.
        for inner in spec.model(modelName)?.fields ?? [] where inner.name != "id" {
          let end = RPredicate.path([field.name, rng.pick(["first?", "last?"]), inner.name], suffix: nil)
          if inner.type == .scalar(.int) {
            choices.append((.call("??", [end, literal(rng.int(in: 0...2))]), .scalar(.int), field.name))
          } else if inner.type == .scalar(.string) {
            choices.append((.call("??", [end, text("none")]), .scalar(.string), field.name))
          }
        }
      default:
        continue
      }
    }
    guard let (expression, type, list) = rng.pickOptional(choices) else { return }
    let name = freshName("shown", in: &stateNames)
    spec.derived.append(RDerived(name: name, list: list, kind: .expression(expression, type)))
  }

  /// Arithmetic of `leaves` operands made by `leaf`, each operator one of `+ - * /`.
  mutating func randomArithmetic(leaves: Int, _ leaf: (inout SpecGenerator) -> RArithmetic) -> RArithmetic {
    guard leaves > 1 else { return leaf(&self) }
    let left = rng.int(in: 1...(leaves - 1))
    let lhs = randomArithmetic(leaves: left, leaf)
    let rhs = randomArithmetic(leaves: leaves - left, leaf)
    return .binary(lhs, rng.pick(["+", "-", "*", "/"]), rhs)
  }

  /// A predicate over the element's fields that the checker types as Bool.
  private mutating func randomPredicate(_ model: RModel, depth: Int) -> RPredicate {
    let roll = rng.int(100)
    if depth < 2 {
      switch roll {
      case 0..<12: return .and(randomPredicate(model, depth: depth + 1), randomPredicate(model, depth: depth + 1))
      case 12..<22: return .or(randomPredicate(model, depth: depth + 1), randomPredicate(model, depth: depth + 1))
      case 22..<28:
        let inner = randomPredicate(model, depth: depth + 1)
        return .not(.parenthesized(inner))
      case 28..<34: return .parenthesized(randomPredicate(model, depth: depth + 1))
      default: break
      }
    }
    return atom(model) ?? .constant(rng.chance(50))
  }

  /// The fields a predicate can reach: the element's, and those of its non-optional model fields.
  private func predicateFields(_ model: RModel) -> [(path: [String], type: RType)] {
    var result: [(path: [String], type: RType)] = []
    for field in model.fields {
      result.append(([field.name], field.type))
      if case .model(let nested) = field.type, let inner = spec.model(nested) {
        for innerField in inner.fields { result.append(([field.name, innerField.name], innerField.type)) }
      }
    }
    return result
  }

  private mutating func numberLiteral(_ scalar: Scalar) -> (String, RValue) {
    // Now and then a negative number (`count > -1`).
    let lowest = rng.chance(20) ? -3 : 0
    if scalar.isInteger || rng.chance(50) {
      let number = rng.int(in: lowest...6)
      return (String(number), .int(number))
    }
    let number = Double(rng.int(in: (lowest * 2)...12)) * 0.5
    return (number == number.rounded() ? String(Int(number)) + ".0" : String(number), .double(number))
  }

  /// An enum case on the right of a comparison: `.case`, or now and then bare (`status ==
  /// denied`) where no name the condition reads is spelled so.
  private mutating func caseText(_ item: String, _ model: RModel) -> String {
    rng.chance(25) && !model.fields.contains(where: { $0.name == item }) && !spec.state.contains(where: { $0.name == item })
      && !spec.derived.contains(where: { $0.name == item }) ? item : "." + item
  }

  private mutating func atom(_ model: RModel) -> RPredicate? {
    let fields = predicateFields(model)
    guard let (path, type) = rng.pickOptional(fields) else { return nil }
    let subject = RPredicate.path(path, suffix: nil)
    let ops = ["==", "!=", "<", "<=", ">", ">="]
    switch type {
    case .scalar(.bool):
      return rng.pick([subject, .not(subject), .compare(subject, "==", .constant(rng.chance(50)))])
    case .scalar(let scalar) where scalar.isNumeric:
      let (text, value) = numberLiteral(scalar)
      let literal = RPredicate.literal(text, value)
      return rng.chance(20) ? .compare(literal, rng.pick(ops), subject) : .compare(subject, rng.pick(ops), literal)
    case .scalar(.string):
      switch rng.int(4) {
      case 0: return .path(path, suffix: "isEmpty")
      case 1: return .compare(.path(path, suffix: "count"), rng.pick(ops), .literal("2", .int(2)))
      default:
        let text = rng.pick(["", "Ada", "m", "light", "a b", "back\\slash"])
        return .compare(subject, rng.pick(ops), .literal(YAMLText.doubleQuoted(text), .string(text)))
      }
    case .scalar(let scalar):
      // Dates, UUIDs, URLs and Data compare only with fields of their type.
      let peers = fields.filter { $0.type == type }
      guard let peer = rng.pickOptional(peers) else { return nil }
      let op = scalar.isOrdered ? rng.pick(ops) : rng.pick(["==", "!="])
      return .compare(subject, op, .path(peer.path, suffix: nil))
    case .optional(let wrapped):
      if rng.chance(50) { return .compare(subject, rng.pick(["==", "!="]), .literal("nil", .null)) }
      switch wrapped {
      case .scalar(let scalar) where scalar.isNumeric:
        let (text, value) = numberLiteral(scalar)
        return .compare(subject, rng.pick(["==", "!="]), .literal(text, value))
      case .scalar(.string):
        return .compare(subject, "==", .literal("\"Ada\"", .string("Ada")))
      case .scalar(.bool):
        // An optional Bool against true or false: false for nil with '=='.
        return .compare(subject, rng.pick(["==", "!="]), .constant(rng.chance(50)))
      case .enumeration(let name):
        guard let item = spec.enumCases(name).flatMap({ rng.pickOptional($0) }) else { return nil }
        return .compare(subject, rng.pick(["==", "!="]), .literal(caseText(item, model), .enumCase(item)))
      default:
        return .compare(.literal("nil", .null), "!=", subject)
      }
    case .enumeration(let name):
      guard let item = spec.enumCases(name).flatMap({ rng.pickOptional($0) }) else { return nil }
      let literal = RPredicate.literal("." + item, .enumCase(item))
      if rng.chance(20) { return .compare(literal, "==", subject) }
      return .compare(subject, rng.pick(["==", "!="]), .literal(caseText(item, model), .enumCase(item)))
    case .array, .dictionary, .indexSet:
      if rng.chance(35), let membership = membership(path, type, fields) { return membership }
      if rng.chance(50) { return rng.chance(50) ? .path(path, suffix: "isEmpty") : .not(.path(path, suffix: "isEmpty")) }
      let number = rng.int(in: 0...3)
      return .compare(.path(path, suffix: "count"), rng.pick(ops), .literal(String(number), .int(number)))
    default:
      return nil
    }
  }

  /// `LIST.contains(VALUE)`, or `COLLECTION[KEY]` compared with nil (or, for numbers, with a
  /// number): the value or key a field of its type, or a literal.
  private mutating func membership(_ path: [String], _ type: RType, _ fields: [(path: [String], type: RType)]) -> RPredicate? {
    switch type {
    case .array(.model(let name)):
      guard let id = spec.model(name)?.idField, let key = keyOperand(id.type, fields) else { return nil }
      return .compare(.lookup(path, key), rng.pick(["==", "!="]), .literal("nil", .null))
    case .array(let element):
      guard let value = keyOperand(element, fields) else { return nil }
      let membership = RPredicate.contains(path, value)
      return rng.chance(40) ? .not(membership) : membership
    case .dictionary(let keyType, let valueType):
      guard let key = keyOperand(keyType, fields) else { return nil }
      if case .scalar(let scalar) = valueType, scalar.isNumeric, rng.chance(50) {
        let (text, value) = numberLiteral(scalar)
        return .compare(.lookup(path, key), rng.pick(["==", "!="]), .literal(text, value))
      }
      return .compare(.lookup(path, key), rng.pick(["==", "!="]), .literal("nil", .null))
    default:
      return nil
    }
  }

  /// A field of exactly `type` (a parameter, a state field), else a literal of it.
  private mutating func keyOperand(_ type: RType, _ fields: [(path: [String], type: RType)]) -> RPredicate? {
    if rng.chance(70), let field = rng.pickOptional(fields.filter { $0.type == type }) {
      return .path(field.path, suffix: nil)
    }
    switch type {
    case .scalar(let scalar) where scalar.isInteger:
      let number = rng.int(in: 0...4)
      return .literal(String(number), .int(number))
    case .scalar(.string):
      let text = rng.pick(["Ada", "m", ""])
      return .literal(YAMLText.doubleQuoted(text), .string(text))
    case .enumeration(let name):
      guard let item = spec.enumCases(name).flatMap({ rng.pickOptional($0) }) else { return nil }
      return .literal("." + item, .enumCase(item))
    default:
      return nil
    }
  }

  // MARK: Actions

  /// Where an operation can write, with placeholders for ids and keys.
  struct Target {
    enum Step: Hashable {
      case field(String)
      /// An element of a list of models, found by an id of this type.
      case element(RType, model: String)
      case key(RType)
      /// An element of a list of plain values at an offset.
      case offset
    }

    var steps: [Step]
    var type: RType
    /// The default of the field it ends at, when it has one.
    var defaultValue: RValue?
    var fieldName: String?

    var endsInElement: Bool { if case .element? = steps.last { true } else { false } }
    var endsInKey: Bool { if case .key? = steps.last { true } else { false } }
    var hasOffset: Bool { steps.contains { if case .offset = $0 { true } else { false } } }
    /// A whole element of a list found by id, or its id: what no operation may write, since the
    /// list finds its elements by id.
    var isElementIdentity: Bool {
      if endsInElement { return true }
      guard steps.count >= 2, case .field("id") = steps[steps.count - 1], case .element = steps[steps.count - 2] else {
        return false
      }
      return true
    }
  }

  func targets() -> [Target] {
    var result: [Target] = []
    func walk(_ target: Target, depth: Int) {
      result.append(target)
      guard depth < 4 else { return }
      switch target.type {
      case .model(let name):
        for field in spec.model(name)?.fields ?? [] {
          walk(
            Target(
              steps: target.steps + [.field(field.name)], type: field.type, defaultValue: field.defaultValue,
              fieldName: field.name), depth: depth + 1)
        }
      case .array(.model(let name)):
        guard let idField = spec.model(name)?.idField else { return }
        walk(Target(steps: target.steps + [.element(idField.type, model: name)], type: .model(name)), depth: depth + 1)
      case .dictionary(let key, let value):
        walk(Target(steps: target.steps + [.key(key)], type: value), depth: depth + 1)
      case .array(.scalar(let scalar)) where target.steps.count == 1 && scalar != .data:
        // `cells[at]`: a state list's element at an offset.
        walk(Target(steps: target.steps + [.offset], type: .scalar(scalar)), depth: depth + 1)
      default:
        break
      }
    }
    for field in spec.allStateFields {
      walk(Target(steps: [.field(field.name)], type: field.type, defaultValue: field.defaultValue, fieldName: field.name), depth: 0)
    }
    return result
  }

  private mutating func makeActions() {
    let count = size >= 4 ? rng.int(in: 25...40) : rng.int(in: (size >= 2 ? 3 : 1)...(size >= 2 ? 12 : 4))
    for _ in 0..<count {
      let roll = rng.int(100)
      if roll < 8 {
        makeCustomAction()
      } else if roll < 18 {
        makeAsyncAction()
      } else if roll < 23 {
        let name = actionName(rng.pick(Pools.actionVerbs))
        spec.actions.append(RAction(name: name, payload: randomPayload(), reduce: []))
      } else if roll < 28, makeBuildingAction() {
        continue
      } else {
        makeReducingAction()
      }
    }
    if spec.actions.isEmpty {
      spec.actions.append(RAction(name: actionName("noop"), payload: [], reduce: []))
    }
    makeEffectPolicies()
    makeEffectOptions()
    makeCache()
    makeStreams()
    makeBindings()
  }

  /// `stream: true` on some requests whose options a stream allows (no status, optional, cache
  /// or typed error; outcomes of their own): each value becomes `<request>Received`. From a
  /// stream of their own: a seed without them is as it was.
  private mutating func makeStreams() {
    for index in spec.actions.indices {
      guard let async = spec.actions[index].async, streamRNG.chance(25), async.status == nil, !async.isOptional,
        async.fresh == nil, async.provides.isEmpty, async.successAction == nil, async.failureAction == nil,
        async.successName == nil, async.binding == nil
      else { continue }
      if case .fields(let fields) = async.failure, fields.contains(where: { field in
        if case .enumeration = field.type { field.name == "error" } else { false }
      }) {
        continue
      }
      let name = spec.actions[index].name
      guard !actionNames.contains(name + "Received") else { continue }
      actionNames.remove(name + "Succeeded")
      actionNames.insert(name + "Received")
      spec.actions[index].async!.isStream = true
    }
  }

  /// Answers kept while fresh (`fresh:`, some with `provides:` tags), and actions that
  /// invalidate a tag provided (a plain one, or a request, on its success).
  private mutating func makeCache() {
    var tags: [String] = []
    for index in spec.actions.indices where spec.actions[index].async != nil && rng.chance(20) {
      spec.actions[index].async!.fresh = rng.pick(["60s", "300s", "1.5s", "86400s"])
      if rng.chance(70) {
        let tag = rng.pick(["shelf", "items", "feed", "profile"])
        spec.actions[index].async!.provides = [tag]
        if !tags.contains(tag) { tags.append(tag) }
      }
    }
    guard !tags.isEmpty else { return }
    for index in spec.actions.indices where rng.chance(20) {
      spec.actions[index].invalidates = Array(rng.shuffled(tags).prefix(rng.int(in: 1...2)))
    }
  }

  /// `binding: true` on some setters of a top-level field from the action's one parameter
  /// (`set title`, `set title = name`), one per field, unless `<field>Binding` is taken.
  private mutating func makeBindings() {
    var taken = Set(spec.state.map(\.name) + spec.derived.map(\.name) + spec.filters.map(\.resultName))
    for index in spec.actions.indices where spec.actions[index].async == nil && rng.chance(50) {
      let action = spec.actions[index]
      guard action.payload.count == 1, action.reduce.count == 1, case .set(let path, let operand) = action.reduce[0],
        path.steps.count == 1, case .field(let field) = path.steps[0],
        operand == nil || operand == .parameter(action.payload[0].name, []),
        // The binding reads the field's type and sends the parameter's: the same type.
        spec.state.first(where: { $0.name == field })?.type == action.payload[0].type,
        !taken.contains(field + "Binding")
      else { continue }
      taken.insert(field + "Binding")
      spec.actions[index].binding = true
    }
  }

  /// `binding: true` on a new setter of one field of an element found by id (`payload: { id,
  /// done }`, `reduce: set todos[id].done`): a row's binding, one per model and field, unless
  /// `<field>Binding` is taken.
  private mutating func makeElementBindings() {
    var taken = Set(spec.state.map(\.name) + spec.derived.map(\.name) + spec.filters.map(\.resultName))
    for action in spec.actions where action.binding {
      if case .set(let path, _)? = action.reduce.first, case .field(let field)? = path.steps.first {
        taken.insert(field + "Binding")
      }
    }
    var bound: Set<String> = []
    // The reducer's and middleware's own parameter names can't be a payload's.
    let reserved: Set<String> = ["id", "state", "action", "context", "events", "effects"]
    for list in spec.state where rng.chance(30) {
      guard case .array(.model(let modelName)) = list.type, !bound.contains(modelName),
        let model = spec.models.first(where: { $0.name == modelName }), let id = model.idField
      else { continue }
      let fields = model.fields.filter { field in
        guard field.name != "id", !taken.contains(field.name + "Binding") else { return false }
        switch field.type {
        case .scalar, .enumeration, .optional(.scalar): return true
        default: return false
        }
      }
      guard !fields.isEmpty else { continue }
      let field = rng.pick(fields)
      let value = reserved.contains(field.name) ? "value" : field.name
      taken.insert(field.name + "Binding")
      bound.insert(modelName)
      let path = RPath(steps: [.field(list.name), .element(.parameter("id", [])), .field(field.name)])
      var action = RAction(
        name: actionName("bind" + modelName + field.name.uppercasingFirst),
        payload: [
          RField(name: "id", type: id.type, defaultValue: nil), RField(name: value, type: field.type, defaultValue: nil),
        ],
        reduce: [.set(path, value == field.name && rng.chance(50) ? nil : .parameter(value, []))])
      action.binding = true
      spec.actions.append(action)
    }
  }

  /// `binding: true` into a model a state field holds: a new setter of one of its fields (`set
  /// card.note`, a form's text field) and of a field of an element of a list inside it (`set
  /// card.members[id].name`, a row's), unless the binding's name is taken. From a stream of
  /// their own: a seed without them is as it was.
  private mutating func makeNestedBindings() {
    swap(&rng, &bindingRNG)
    defer { swap(&rng, &bindingRNG) }
    var taken = Set(spec.state.map(\.name) + spec.derived.map(\.name) + spec.filters.map(\.resultName))
    for action in spec.actions where action.binding {
      guard case .set(let path, _)? = action.reduce.first else { continue }
      if path.steps.contains(where: { if case .element = $0 { true } else { false } }) {
        taken.insert((path.lastField ?? "") + "Binding")
      } else {
        let names = path.steps.compactMap { step -> String? in if case .field(let name) = step { name } else { nil } }
        taken.insert((names.first ?? "") + names.dropFirst().map(\.uppercasingFirst).joined() + "Binding")
      }
    }
    func bindable(_ type: RType) -> Bool {
      switch type {
      case .scalar, .enumeration, .optional(.scalar): true
      default: false
      }
    }
    // The reducer's and middleware's own parameter names can't be a payload's.
    let reserved: Set<String> = ["id", "state", "action", "context", "events", "effects"]
    for holder in spec.state where rng.chance(35) {
      guard case .model(let modelName) = holder.type, let model = spec.model(modelName) else { continue }
      let fields = model.fields.filter { $0.name != "id" && bindable($0.type) }
      if rng.chance(70), let field = rng.pickOptional(fields) {
        let member = holder.name + field.name.uppercasingFirst + "Binding"
        if !taken.contains(member) {
          taken.insert(member)
          let value = reserved.contains(field.name) ? "value" : field.name
          var action = RAction(
            name: actionName("edit" + holder.name.uppercasingFirst + field.name.uppercasingFirst),
            payload: [RField(name: value, type: field.type, defaultValue: nil)],
            reduce: [
              .set(
                RPath(steps: [.field(holder.name), .field(field.name)]),
                value == field.name && rng.chance(50) ? nil : .parameter(value, []))
            ])
          action.binding = true
          spec.actions.append(action)
        }
      }
      for list in model.fields where rng.chance(50) {
        guard case .array(.model(let elementName)) = list.type, let element = spec.model(elementName),
          let id = element.idField
        else { continue }
        let rowFields = element.fields.filter { $0.name != "id" && bindable($0.type) && !taken.contains($0.name + "Binding") }
        guard let field = rng.pickOptional(rowFields) else { continue }
        taken.insert(field.name + "Binding")
        let value = reserved.contains(field.name) ? "value" : field.name
        let path = RPath(steps: [.field(holder.name), .field(list.name), .element(.parameter("id", [])), .field(field.name)])
        var action = RAction(
          name: actionName("rename" + elementName + field.name.uppercasingFirst),
          payload: [
            RField(name: "id", type: id.type, defaultValue: nil), RField(name: value, type: field.type, defaultValue: nil),
          ],
          reduce: [.set(path, value == field.name && rng.chance(50) ? nil : .parameter(value, []))])
        action.binding = true
        spec.actions.append(action)
      }
    }
  }

  /// Time, carried parameters, chosen names, existing success actions, state snapshots,
  /// optional outcomes and typed errors for the async actions.
  private mutating func makeEffectOptions() {
    var methods = Set(spec.actions.filter { $0.async != nil }.map(\.name))
    var claimed: Set<String> = []
    for index in spec.actions.indices where spec.actions[index].async != nil {
      let action = spec.actions[index]
      var async = action.async!
      if rng.chance(20) {
        async.timing = rng.pick(["debounce: 300ms", "throttle: 1s", "debounce: 0.25s", "throttle: 50ms"])
      }
      let own = Set((async.successPayload + async.failurePayload).map(\.name))
      let carriable = action.payload.filter { !own.contains($0.name) }
      // Carried parameters join the outcomes' payloads: an operation that names no parameter
      // (`set x`, reading the only one) would then be ambiguous.
      func namesNoParameter(_ operation: ROperation) -> Bool {
        switch operation {
        case .set(_, nil), .append(_, nil), .prepend(_, nil), .upsert(_, nil): true
        case .move(_, _, nil, _): true
        default: false
        }
      }
      if rng.chance(30), !carriable.isEmpty, !(async.onSuccess + async.onFailure).contains(where: namesNoParameter) {
        async.carry = rng.shuffled(carriable).prefix(rng.int(in: 1...2)).map(\.name)
      }
      if rng.chance(15), actionNames.insert(action.name + "Done").inserted {
        actionNames.remove(action.name + "Succeeded")
        async.successName = action.name + "Done"
      }
      if rng.chance(15), actionNames.insert(action.name + "Refused").inserted {
        actionNames.remove(action.name + "Failed")
        async.failureName = action.name + "Refused"
      }
      if rng.chance(15) {
        let method = "perform" + action.name.prefix(1).uppercased() + action.name.dropFirst()
        if methods.insert(method).inserted { async.effect = method }
      }
      if rng.chance(15), !action.payload.contains(where: { $0.name == "state" }) { async.readsState = true }
      if rng.chance(15), async.status == nil { async.isOptional = true }
      if rng.chance(15), let errorType = rng.pickOptional(spec.enums.map(\.name)) {
        async.failure = .fields([RField(name: "error", type: .enumeration(errorType), defaultValue: nil)])
        async.onFailure = []
        async.carry = async.carry.filter { $0 != "error" }
      }
      // A plain action of the spec as the success: it holds the success's payload itself.
      if rng.chance(15), async.carry.isEmpty, async.successName == nil,
        let plain = rng.pickOptional(
          spec.actions.filter { other in
            other.async == nil && other.name != action.name && !claimed.contains(other.name)
              && !other.reduce.contains(.custom)
          })
      {
        claimed.insert(plain.name)
        actionNames.remove(action.name + "Succeeded")
        async.successAction = plain.name
        async.success = nil
        async.onSuccess = []
      }
      // And as the failure: its payload is what the effects type builds from the error.
      if rng.chance(10), async.carry.isEmpty, async.failureName == nil,
        let plain = rng.pickOptional(
          spec.actions.filter { other in
            other.async == nil && other.name != action.name && !claimed.contains(other.name)
              && !other.reduce.contains(.custom)
          })
      {
        claimed.insert(plain.name)
        actionNames.remove(action.name + "Failed")
        async.failureAction = plain.name
        async.failure = .implicit
        async.onFailure = []
      }
      spec.actions[index].async = async
    }
    // Under a policy other than latest, a scope's requests wait alike.
    var scopeTiming: [String: String?] = [:]
    for index in spec.actions.indices where spec.actions[index].async != nil {
      let async = spec.actions[index].async!
      guard (async.policy ?? "latest") != "latest" else { continue }
      let scope = async.scope ?? spec.actions[index].name
      if let timing = scopeTiming[scope] {
        spec.actions[index].async!.timing = timing
      } else {
        scopeTiming[scope] = async.timing
      }
    }
  }

  /// Policies and shared scopes for the async actions, and actions that cancel scopes.
  private mutating func makeEffectPolicies() {
    var scopePolicy: [String: String] = [:]
    for index in spec.actions.indices where spec.actions[index].async != nil {
      var async = spec.actions[index].async!
      if rng.chance(55) { async.policy = rng.pick(["latest", "every", "queue", "exhaust"]) }
      if rng.chance(25) {
        // A scope of its own name, another request's, or one that only requests name.
        let others = spec.actions.filter { $0.async != nil }.map { $0.async!.scope ?? $0.name }
        async.scope = rng.chance(50) ? rng.pick(others) : rng.pick(["network", "io", "sync"])
      }
      let scope = async.scope ?? spec.actions[index].name
      // The requests of a scope follow one policy.
      if let shared = scopePolicy[scope] {
        async.policy = shared == "latest" && rng.chance(50) ? nil : shared
      } else {
        scopePolicy[scope] = async.policy ?? "latest"
      }
      spec.actions[index].async = async
    }
    // A scope named by an earlier request may have got its policy from a later one: re-read.
    for index in spec.actions.indices where spec.actions[index].async != nil {
      let scope = spec.actions[index].async!.scope ?? spec.actions[index].name
      if let policy = scopePolicy[scope], (spec.actions[index].async!.policy ?? "latest") != policy {
        spec.actions[index].async!.policy = policy
      }
    }
    let scopes = scopePolicy.keys.sorted()
    guard !scopes.isEmpty else { return }
    for index in spec.actions.indices where rng.chance(15) {
      spec.actions[index].cancels = Array(rng.shuffled(scopes).prefix(rng.int(in: 1...2)))
      spec.actions[index].cancelsAsScalar = rng.chance(50)
    }
  }

  private mutating func actionName(_ base: String) -> String {
    var name = base
    if rng.chance(6) { name = rng.pick(Pools.keywordActions) }
    var taken = actionNames
    let fresh = freshName(name, in: &taken)
    actionNames = taken
    return fresh
  }

  private mutating func randomPayload() -> [RField] {
    var payload: [RField] = []
    var names: Set<String> = []
    for _ in 0..<rng.int(in: 0...3) {
      let picked = rng.pick(["text", "amount", "flag", "when", "item", "key", "note", "code", "choice"])
      // Now and then a name the generated tests use for a local of their own (`before`, `store`).
      let name = localsRNG.chance(15) ? localsRNG.pick(Pools.testLocals) : picked
      guard names.insert(name).inserted else { continue }
      payload.append(parameter(name, randomType(depth: 0, allowStatus: false)))
    }
    return payload
  }

  /// A payload parameter, sometimes with a default so examples may leave it out.
  private mutating func parameter(_ name: String, _ type: RType) -> RField {
    var field = RField(name: name, type: type, defaultValue: nil)
    // Made by the action's creator.
    if type == .scalar(.uuid), rng.chance(15) {
      field.defaultValue = .freshUUID
      field.style = .short("new")
      return field
    }
    if type == .scalar(.date), rng.chance(15) {
      field.defaultValue = .freshDate
      field.style = .short("now")
      return field
    }
    if type.isOptional, rng.chance(50) {
      field.defaultValue = .null
      return field
    }
    if rng.chance(15), let (text, value) = shortLiteral(type) {
      field.defaultValue = value
      field.style = .short(text)
    }
    return field
  }

  /// An action adding an element built from its payload to a list of models with an id at the
  /// top of the state: each parameter a field (`id: UUID = new` now and then), an Int id left
  /// out now and then.
  private mutating func makeBuildingAction() -> Bool {
    let lists = spec.state.compactMap { field -> (RField, RModel)? in
      guard case .array(.model(let name)) = field.type, let model = spec.model(name), model.idField != nil else {
        return nil
      }
      return (field, model)
    }
    guard let (list, model) = rng.pickOptional(lists), let id = model.idField else { return false }
    var payload: [RField] = []
    for field in model.fields {
      if field.name == "id" {
        switch id.type {
        case .scalar(.int), .scalar(.int64):
          if rng.chance(50) { continue }
          payload.append(RField(name: "id", type: id.type, defaultValue: nil))
        case .scalar(.uuid):
          payload.append(
            rng.chance(60)
              ? RField(name: "id", type: id.type, defaultValue: .freshUUID, style: .short("new"))
              : RField(name: "id", type: id.type, defaultValue: nil))
        default:
          payload.append(RField(name: "id", type: id.type, defaultValue: nil))
        }
      } else if field.defaultValue == nil || rng.chance(40) {
        payload.append(RField(name: field.name, type: field.type, defaultValue: nil))
      }
    }
    // A parameter of the element's type would be the element itself. An empty payload builds
    // the element from the defaults alone.
    guard !payload.contains(where: { $0.type == .model(model.name) }) else { return false }
    let atStart = rng.chance(40)
    let name = actionName((atStart ? "push" : "add") + model.name)
    spec.actions.append(
      RAction(name: name, payload: payload, reduce: [.appendBuilt(RPath(steps: [.field(list.name)]), atStart: atStart)]))
    return true
  }

  private mutating func makeCustomAction() {
    let name = actionName(rng.pick(["reorder", "shuffle", "recompute", "sortAll", "tidy"]))
    spec.actions.append(RAction(name: name, payload: randomPayload(), reduce: [.custom], reduceAsScalar: rng.chance(70)))
  }

  private mutating func makeReducingAction() {
    var payload: [RField] = []
    var operations: [ROperation] = []
    let kinds = [
      "set", "set", "append", "prepend", "upsert", "remove", "removeWhere", "setEach", "sort", "update", "toggle", "increment", "decrement",
      "reset", "clear", "move", "removeAt", "removeValue", "setFromState",
    ]
    let count = rng.chance(75) ? 1 : rng.int(in: 2...3)
    var verb = "change"
    // The parameters each operation found: one added after it may hide a state field its
    // `where` read bare, which then reads `state.NAME`.
    var parametersBefore: [Set<String>] = []
    for _ in 0..<(count * 4) where operations.count < count {
      let kind = rng.pick(kinds)
      if kind == "update", !operations.isEmpty { continue }
      if operations.contains(where: { if case .update = $0 { true } else { false } }) { break }
      let before = Set(payload.map(\.name))
      guard let operation = makeOperation(kind, payload: &payload, newParameters: true) else { continue }
      if operations.isEmpty { verb = kind }
      operations.append(operation)
      parametersBefore.append(before)
    }
    guard !operations.isEmpty else { return }
    let stateFieldNames = Set(spec.allStateFields.map(\.name))
    let simulator = Simulator(spec: spec)
    for index in operations.indices {
      let hidden = stateFieldNames.intersection(payload.map(\.name)).subtracting(parametersBefore[index])
      guard !hidden.isEmpty else { continue }
      var single = RAction(name: "", payload: payload, reduce: [operations[index]])
      single.mapWhereConditions(over: simulator.elementModel(at:)) { model, predicate in
        predicate.qualifying(hidden.subtracting(model.fields.map(\.name)), with: "state")
      }
      operations[index] = single.reduce[0]
    }
    // Sometimes the operations run under a condition on the payload, the state and derived
    // values, with maybe another operation otherwise (made first: it may add a parameter, which
    // must not hide a state name the condition reads).
    let hasUpdate = operations.contains { if case .update = $0 { true } else { false } }
    if !hasUpdate, rng.chance(12) {
      var otherwise: [ROperation] = []
      if rng.chance(60),
        let other = makeOperation(rng.pick(["set", "toggle", "increment", "clear", "append"]), payload: &payload, newParameters: true)
      {
        otherwise = [other]
      }
      if let condition = actionCondition(payload) {
        operations = [.conditional(condition, operations, otherwise)]
      }
    }
    let base: String
    if let root = operations[0].path?.root, rng.chance(70) {
      base = verb + root.uppercasingFirst
    } else {
      base = rng.pick(Pools.actionVerbs)
    }
    // An operation reading the parameter it would imply may leave out `= value`.
    operations = operations.map { impliedForm($0, payload) }
    let doc: String? = rng.chance(10) ? rng.pick(Pools.docs) : nil
    spec.actions.append(
      RAction(name: actionName(base), doc: doc, payload: payload, reduce: operations, reduceAsScalar: rng.chance(70)))
  }

  /// A condition over the payload, the state's fields and derived values (`state.NAME` now and
  /// then), as an `if` writes it; nil when there is nothing to read.
  private mutating func actionCondition(_ payload: [RField]) -> RPredicate? {
    let stateFields = spec.state.filter { $0.type != .status } + derivedFields()
    let visible = stateFields.filter { field in !payload.contains { $0.name == field.name } }
    let scope = RModel(name: "", fields: payload + visible)
    let stateNames = Set(visible.map(\.name))
    var condition = randomPredicate(scope, depth: 1)
    guard !condition.allPaths.isEmpty else { return nil }
    if rng.chance(30) { condition = condition.qualifying(stateNames) }
    return condition
  }

  /// `then:` on some actions: a later plain action (no loop) whose parameters the trigger's
  /// payload, the state or defaults give, maybe under a condition over the payload and the state.
  private mutating func makeFollowUps() {
    // Now and then an action taking a model the state holds, by its field's name: a follow-up
    // hands it the state's value, an id its default made (`item: Item = {}`) included.
    let models = spec.state.filter { if case .model = $0.type { true } else { false } }
    if rng.chance(30), let field = rng.pickOptional(models), spec.actions.count > 1 {
      spec.actions.append(
        RAction(
          name: actionName("keep" + field.name.uppercasingFirst), doc: nil,
          payload: [RField(name: field.name, type: field.type, defaultValue: nil)],
          reduce: [.set(RPath(steps: [.field(field.name)]), nil)]))
    }
    let stateFields = spec.state
    for index in spec.actions.indices where rng.chance(20) {
      let trigger = spec.actions[index]
      let targets = spec.actions[(index + 1)...].filter { target in
        target.async == nil && !target.binding
          && target.payload.allSatisfy { parameter in
            if let own = trigger.payload.first(where: { $0.name == parameter.name }) { return own.type == parameter.type }
            if let field = stateFields.first(where: { $0.name == parameter.name }) { return field.type == parameter.type }
            // `= new` and `= now` too: the test binds the values they are made from.
            return parameter.defaultValue != nil
          }
      }
      for target in rng.shuffled(Array(targets)).prefix(rng.int(in: 1...2)) {
        let condition = rng.chance(50) ? actionCondition(trigger.payload) : nil
        spec.actions[index].followUps.append(RFollowUp(action: target.name, condition: condition))
      }
    }
  }

  /// Now and then (a stream of its own) a follow-up's Int or String parameter given a value written
  /// for it, of the trigger's scope: `recordCount(count: by * 2 + 1)`, `(count: state.total + 1)`,
  /// `(title: name.uppercased)`; the simulator computes it over the payload and the new state.
  private mutating func makeWrittenArguments() {
    var argsRNG = RNG(seed: spec.feature.utf8.reduce(UInt64(0xA7_65)) { $0 &* 31 &+ UInt64($1) })
    for index in spec.actions.indices {
      let trigger = spec.actions[index]
      for position in trigger.followUps.indices where argsRNG.chance(35) {
        guard let target = spec.action(trigger.followUps[position].action),
          let parameter = target.payload.first(where: { $0.type == .scalar(.int) || $0.type == .scalar(.string) })
        else { continue }
        let value: RPredicate
        if parameter.type == .scalar(.int) {
          if let own = trigger.payload.first(where: { $0.type == .scalar(.int) }) {
            value = .arithmetic(.arithmetic(.path([own.name], suffix: nil), "*", .literal("2", .int(2))), "+", .literal("1", .int(1)))
          } else if let field = spec.state.first(where: { $0.type == .scalar(.int) }),
            !trigger.payload.contains(where: { $0.name == "state" })
          {
            value = .arithmetic(.path(["state", field.name], suffix: nil), "+", .literal("1", .int(1)))
          } else {
            value = .literal("7", .int(7))
          }
        } else if let own = trigger.payload.first(where: { $0.type == .scalar(.string) }) {
          value = .path([own.name], suffix: "uppercased")
        } else {
          value = .literal("\"x\"", .string("x"))
        }
        spec.actions[index].followUps[position].written = [RLabeled(label: parameter.name, value: value)]
      }
    }
  }

  /// Now and then an `append` of a given value becomes an `add` (appended unless the list holds
  /// it), and one of every element of a list (`add ids = books[].id`): each once.
  private mutating func makeAdds() {
    for index in spec.actions.indices {
      for position in spec.actions[index].reduce.indices where rng.chance(30) {
        switch spec.actions[index].reduce[position] {
        case .append(let path, let value?):
          spec.actions[index].reduce[position] = .add(path, value)
        case .addMany(let path, let value, "append"):
          spec.actions[index].reduce[position] = .addMany(path, value, word: "add")
        default: continue
        }
      }
    }
  }

  /// Now and then one trigger's follow-ups (some of them) wait: `then: "sortTodos after 1s"`,
  /// or, in a spec that has none, tick: `then: "tick every 1s"`.
  /// One trigger at most, not async, nobody's follow-up or outcome, whose follow-ups are not
  /// async and have none of their own: an example through the store then receives its delayed
  /// follow-ups, in order, after the rest of its step, and nothing else runs meanwhile.
  private mutating func makeDelayedFollowUps() {
    // A spec without delayed follow-ups gets a timer now and then, drawn from a stream of its
    // own, so every seed with delayed follow-ups keeps them as they were.
    let delays = rng.chance(40)
    guard delays || timerRNG.chance(30) else { return }
    let followed = Set(spec.actions.flatMap { $0.followUps.map(\.action) })
    let outcomes = Set(spec.actions.flatMap { [$0.async?.successAction, $0.async?.failureAction].compactMap { $0 } })
    let candidates = spec.actions.indices.filter { index in
      let trigger = spec.actions[index]
      return !trigger.followUps.isEmpty && trigger.async == nil && !followed.contains(trigger.name)
        && !outcomes.contains(trigger.name)
        && trigger.followUps.allSatisfy { followUp in
          guard let target = spec.action(followUp.action) else { return false }
          return target.async == nil && target.followUps.isEmpty && target.cancels.isEmpty
        }
    }
    guard delays else {
      // A timer (`every`): its examples through the store wait to see it tick.
      guard let index = timerRNG.pickOptional(candidates) else { return }
      let interval = timerRNG.pick(["10ms", "300ms", "1s", "1.5s"])
      for position in spec.actions[index].followUps.indices where position == 0 || timerRNG.chance(50) {
        spec.actions[index].followUps[position].delay = interval
        spec.actions[index].followUps[position].repeats = true
      }
      // Now and then another plain action stops it (`cancels: [trigger]`).
      let trigger = spec.actions[index]
      let targets = Set(trigger.followUps.map(\.action))
      let stoppers = spec.actions.indices.filter { other in
        let action = spec.actions[other]
        return other != index && action.async == nil && action.followUps.isEmpty && action.cancels.isEmpty
          && !targets.contains(action.name) && !outcomes.contains(action.name)
      }
      if timerRNG.chance(40), let stop = timerRNG.pickOptional(stoppers) { spec.actions[stop].cancels = [trigger.name] }
      return
    }
    guard let index = rng.pickOptional(candidates) else { return }
    let delay = rng.pick(["10ms", "300ms", "1s", "1.5s"])
    var any = false
    for position in spec.actions[index].followUps.indices where rng.chance(70) {
      spec.actions[index].followUps[position].delay = delay
      any = true
    }
    if !any { spec.actions[index].followUps[0].delay = delay }
  }

  /// In an example through the store of a spec with a timer, `wait:` steps after some steps:
  /// half an interval to three, so ticks come (or don't yet) between the actions.
  private mutating func addWaits(to example: inout RExample) {
    guard example.store != nil, !spec.allActionNames.contains("wait"),
      let interval = spec.actions.lazy.compactMap({ $0.followUps.first(where: \.repeats)?.delay }).first
        .flatMap(Simulator.milliseconds)
    else { return }
    var calls = example.when
    // The timer's trigger first, now and then, where it needs no arguments: ticks to wait for.
    if let trigger = spec.actions.first(where: { $0.followUps.contains(where: \.repeats) }),
      !calls.contains(where: { $0.action == trigger.name }), trigger.payload.allSatisfy({ $0.defaultValue != nil }),
      timerRNG.chance(70)
    {
      calls.insert(RCall(action: trigger.name, arguments: [], bare: true), at: 0)
    }
    var steps: [RCall] = []
    for call in calls {
      steps.append(call)
      guard timerRNG.chance(50) else { continue }
      let wait = timerRNG.chance(25) ? max(1, interval / 2) : interval * timerRNG.int(in: 1...3)
      steps.append(RCall(action: "", arguments: [], bare: false, wait: wait))
    }
    if steps.count == calls.count, timerRNG.chance(60) {
      steps.append(RCall(action: "", arguments: [], bare: false, wait: interval * timerRNG.int(in: 1...3)))
    }
    let before = example.when
    example.when = steps
    // What it receives must be writable: no id made by a state's default.
    if Simulator(spec: spec).received(example).contains(where: { call in call.arguments.contains { $0.value.isFresh } }) {
      example.when = before
    }
  }

  /// `where` conditions that read beyond the element: a derived value's, the state's fields; an
  /// action's `remove ... where` and `set ...[].F = V where`, its payload and the state's fields.
  /// Only names the element's fields (and the payload's) don't hide, of plain types; `state.NAME`
  /// now and then.
  /// Now and then a filter case or a derived value's condition also computes, or-ed with what it
  /// was: `count % 3 == 1`, `size / 2 + 1 > 2`, `min(count, 4) == count`, `price * 2 >= 1.5`,
  /// `title + "!" == "Ada!"`.
  private mutating func makeConditionArithmetic() {
    let ops = ["==", "!=", "<", "<=", ">", ">="]
    func computed(_ model: RModel) -> RPredicate? {
      let fields = predicateFields(model).filter { field in
        [.scalar(.int), .scalar(.int64), .scalar(.double), .scalar(.string)].contains(field.type)
      }
      guard let (path, type) = rng.pickOptional(fields) else { return nil }
      let subject = RPredicate.path(path, suffix: nil)
      func int(_ number: Int) -> RPredicate { .literal(String(number), .int(number)) }
      switch type {
      case .scalar(.string):
        let (text, suffix) = (rng.pick(["Ada", "m", ""]), rng.pick(["!", " b"]))
        func quoted(_ value: String) -> RPredicate { .literal(YAMLText.doubleQuoted(value), .string(value)) }
        switch rng.int(3) {
        case 0:
          // Text's tests and its case: `title.hasPrefix("A")`, `title.lowercased == "ada"`.
          guard case .path(let steps, nil) = subject else { return nil }
          if rng.chance(50) {
            return .call(rng.pick(["hasPrefix", "hasSuffix", "contains"]), [subject, quoted(rng.pick(["A", "a", "d"]))])
          }
          let changed = RPredicate.path(steps, suffix: rng.pick(["lowercased", "uppercased"]))
          return .compare(changed, rng.pick(["==", "!="]), quoted(rng.pick(["ada", "ADA", "text 1", "TEXT 1"])))
        default:
          let joined = RPredicate.arithmetic(subject, "+", quoted(suffix))
          return .compare(joined, rng.pick(["==", "!="]), quoted(text + suffix))
        }
      case .scalar(.double):
        // No `/`: a Double field may hold a whole number, which the simulator would divide as one.
        let (text, value) = numberLiteral(.double)
        if rng.chance(50) {
          return .compare(.arithmetic(subject, rng.pick(["+", "-", "*"]), int(rng.int(in: 2...3))), rng.pick(ops), .literal(text, value))
        }
        return .compare(.extremum(rng.pick(["min", "max"]), subject, .literal(text, value)), rng.pick(["==", "!=", "<", ">="]), subject)
      default:
        switch rng.int(4) {
        case 0:
          let divisor = rng.int(in: 2...3)
          return .compare(.arithmetic(subject, "%", int(divisor)), rng.pick(["==", "!="]), int(rng.int(in: 0...(divisor - 1))))
        case 1:
          let scaled = RPredicate.arithmetic(subject, rng.pick(["*", "/"]), int(2))
          return .compare(.arithmetic(scaled, rng.pick(["+", "-"]), int(1)), rng.pick(ops), int(rng.int(in: 0...6)))
        case 2:
          if type == .scalar(.int), rng.chance(50) {
            // `abs(count - 2) <= 1`
            return .compare(.call("abs", [.arithmetic(subject, "-", int(rng.int(in: 1...4)))]), rng.pick(ops), int(rng.int(in: 0...3)))
          }
          return .compare(.extremum(rng.pick(["min", "max"]), subject, int(rng.int(in: 0...4))), rng.pick(["==", "!="]), subject)
        default:
          return .compare(.arithmetic(.parenthesized(.arithmetic(subject, "+", int(1))), "%", int(2)), "==", int(0))
        }
      }
    }
    for filterIndex in spec.filters.indices {
      guard let model = elementModel(of: spec.filters[filterIndex].over) else { continue }
      for caseIndex in spec.filters[filterIndex].cases.indices where rng.chance(20) {
        guard let extra = computed(model) else { continue }
        let predicate = spec.filters[filterIndex].cases[caseIndex].predicate
        spec.filters[filterIndex].cases[caseIndex].predicate = .or(predicate, extra)
      }
    }
    for index in spec.derived.indices where rng.chance(20) {
      guard let model = elementModel(of: spec.derived[index].list) else { continue }
      switch spec.derived[index].kind {
      case .count(let predicate?):
        if let extra = computed(model) { spec.derived[index].kind = .count(.or(predicate, extra)) }
      case .any(let predicate):
        if let extra = computed(model) { spec.derived[index].kind = .any(.or(predicate, extra)) }
      case .all(let predicate):
        if let extra = computed(model) { spec.derived[index].kind = .all(.and(predicate, extra)) }
      default:
        continue
      }
    }
  }

  /// Now and then NgRx's entity shape inside one state field (`shelf: Shelf` holding `entities:
  /// [String: Int]`, `selected: String?` and `ids: [String]`) and derived lookups inside it:
  /// `shelf.entities[shelf.selected]`, `shelf.entities[shelf.ids]`, `NAME(key): shelf.entities[key]`.
  /// Examples don't read them (the simulator reads state fields); their derived tests do.
  private mutating func makeInsideLookups() {
    guard rng.chance(15), let typeName = freshTypeName(["Shelf", "Slice", "Entities"]) else { return }
    let keyType = rng.pick([RType.scalar(.string), .scalar(.int)])
    spec.models.append(
      RModel(
        name: typeName,
        fields: [
          RField(name: "entities", type: .dictionary(keyType, .scalar(.int)), defaultValue: .dictionary([])),
          RField(name: "selected", type: .optional(keyType), defaultValue: .null),
          RField(name: "ids", type: .array(keyType), defaultValue: .array([])),
          RField(name: "size", type: .scalar(.int), defaultValue: .int(0), style: .short("0")),
        ]))
    let slice = freshName(typeName.lowercasingFirst, in: &stateNames)
    spec.state.append(RField(name: slice, type: .model(typeName), defaultValue: implicitDefault(.model(typeName))))
    let entities = slice + ".entities"
    var values = [
      RDerived(name: freshName("selected" + typeName, in: &stateNames), list: entities, kind: .lookup(key: slice + ".selected"))
    ]
    if rng.chance(50) {
      values.append(RDerived(name: freshName("listed" + typeName, in: &stateNames), list: entities, kind: .lookupMany(keys: slice + ".ids")))
    }
    if rng.chance(50) {
      values.append(
        RDerived(name: freshName("entry" + typeName, in: &stateNames), list: entities, kind: .lookup(key: "key"), parameter: "key"))
    }
    // A count of a list inside it, and arithmetic over a field of it (`count shelf.ids`,
    // `shelf.size * 2 + 1`: SyncUps' attendees and minutes of a sync-up).
    values.append(RDerived(name: freshName("counted" + typeName, in: &stateNames), list: slice + ".ids", kind: .count(nil)))
    values.append(
      RDerived(
        name: freshName("sized" + typeName, in: &stateNames), list: slice,
        kind: .arithmetic(.binary(.binary(.name(slice + ".size"), "*", .number(2)), "+", .number(1)))))
    spec.derived += values
  }

  /// Now and then a cache tag with an argument from the payload (RTK Query's `{ type, id }`): a
  /// request's `provides: [shelf(id)]`, and an action's `invalidates: [shelf(key)]` with a
  /// parameter of the same type (else the tag alone, which empties every argument's answers).
  private mutating func makeTagArguments() {
    func hashable(_ field: RField) -> Bool {
      [.scalar(.string), .scalar(.int), .scalar(.uuid), .scalar(.bool)].contains(field.type)
        || { if case .enumeration = field.type { true } else { false } }()
    }
    var argumentTypes: [String: RType] = [:]
    for index in spec.actions.indices {
      guard let async = spec.actions[index].async, async.fresh != nil, async.provides.count == 1,
        !async.provides[0].contains("("), rng.chance(50),
        let parameter = rng.pickOptional(spec.actions[index].payload.filter(hashable))
      else { continue }
      let tag = async.provides[0]
      // One argument type per tag.
      guard argumentTypes[tag] == nil || argumentTypes[tag] == parameter.type else { continue }
      argumentTypes[tag] = parameter.type
      spec.actions[index].async!.provides = ["\(tag)(\(parameter.name))"]
    }
    for index in spec.actions.indices {
      for (position, tag) in spec.actions[index].invalidates.enumerated() {
        guard let type = argumentTypes[tag], rng.chance(60),
          let parameter = rng.pickOptional(spec.actions[index].payload.filter { $0.type == type })
        else { continue }
        spec.actions[index].invalidates[position] = "\(tag)(\(parameter.name))"
      }
    }
  }

  /// Now and then a sum over the list an earlier derived value looks up (Redux's `getTotal`:
  /// `cartProducts: products[cart.addedIds]`, then `sum cartProducts.price`), or a count of it.
  private mutating func makeSumsOverDerived() {
    for value in spec.derived where rng.chance(40) {
      guard value.parameter == nil, case .lookupMany = value.kind,
        case .array(.model(let modelName))? = spec.state.first(where: { $0.name == value.list })?.type,
        let model = spec.model(modelName)
      else { continue }
      let integers = model.fields.filter { $0.type == .scalar(.int) }
      let kind: RDerived.Kind
      if let field = rng.pickOptional(integers), rng.chance(70) {
        kind = .sum(field.name, nil)
      } else {
        kind = .count(nil)
      }
      spec.derived.append(RDerived(name: freshName("totalOf" + value.name.uppercasingFirst, in: &stateNames), list: value.name, kind: kind))
    }
  }

  /// Now and then values over a dictionary of models' values (Redux's `byId`): a count (with a
  /// condition or not), `any`/`all`, `isEmpty`, a sum of an Int field, or one weighed by an Int
  /// dictionary under each entry's key (`sum byId.count * weights[key]`).
  private mutating func makeDictionaryAggregates() {
    for field in spec.state where rng.chance(50) {
      guard case .dictionary(let keyType, .model(let modelName)) = field.type, let model = spec.model(modelName),
        !model.fields.contains(where: { $0.name == "key" })
      else { continue }
      let ints = model.fields.filter { $0.type == .scalar(.int) }
      let condition = rng.chance(50) ? randomPredicate(model, depth: 0) : nil
      var (kind, base): (RDerived.Kind, String) = (.isEmpty, "noEntriesIn")
      switch rng.int(5) {
      case 0: (kind, base) = (.count(condition), "entriesOf")
      case 1: (kind, base) = (rng.chance(50) ? .any(randomPredicate(model, depth: 0)) : .all(randomPredicate(model, depth: 0)), "whetherEntries")
      case 2: if let summed = rng.pickOptional(ints) { (kind, base) = (.sum(summed.name, condition), "entryTotal") }
      case 3:
        guard let summed = rng.pickOptional(ints) else { break }
        let weightsType = RType.dictionary(keyType, .scalar(.int))
        var weights = rng.pickOptional(spec.state.filter { $0.type == weightsType }.map(\.name))
        if weights == nil {
          let name = freshName("entryWeights", in: &stateNames)
          spec.state.append(RField(name: name, type: weightsType, defaultValue: .dictionary([])))
          weights = name
        }
        if let weights { (kind, base) = (.weighted(summed.name, weights: weights, key: "key", condition), "keyWeighed") }
      default: break
      }
      spec.derived.append(RDerived(name: freshName(base + field.name.uppercasingFirst, in: &stateNames), list: field.name, kind: kind))
    }
  }

  /// The model of the elements of the state's list `name`, if it is one of models.
  private func elementModel(of name: String) -> RModel? {
    guard case .array(.model(let model))? = spec.state.first(where: { $0.name == name })?.type else { return nil }
    return spec.model(model)
  }

  private mutating func makeWhereReads() {
    let stateFields = spec.state.filter { field in
      switch field.type {
      case .scalar, .enumeration, .optional(.scalar): true
      default: false
      }
    }
    func replaced(_ model: RModel, own: [RField], list: String) -> RPredicate? {
      let ownNames = Set(own.map(\.name))
      let visibleOwn = own.filter { field in !model.fields.contains { $0.name == field.name } }
      let visibleState = stateFields.filter { field in
        field.name != list && !model.fields.contains { $0.name == field.name } && !ownNames.contains(field.name)
      }
      let outside = visibleOwn + visibleState
      guard !outside.isEmpty else { return nil }
      let outsideNames = Set(outside.map(\.name))
      for _ in 0..<8 {
        let candidate = randomPredicate(RModel(name: model.name, fields: model.fields + outside), depth: 1)
        guard candidate.allPaths.contains(where: { outsideNames.contains($0[0]) }) else { continue }
        let stateNames = Set(visibleState.map(\.name))
        let qualifies = rng.chance(30) && !model.fields.contains { $0.name == "state" } && !ownNames.contains("state")
        return qualifies ? candidate.qualifying(stateNames) : candidate
      }
      return nil
    }
    func elementModel(_ list: String) -> RModel? {
      guard case .array(.model(let name))? = spec.state.first(where: { $0.name == list })?.type else { return nil }
      return spec.model(name)
    }
    for index in spec.derived.indices where rng.chance(30) {
      let value = spec.derived[index]
      guard let model = elementModel(value.list), let predicate = replaced(model, own: [], list: value.list) else {
        continue
      }
      switch value.kind {
      case .count(.some): spec.derived[index].kind = .count(predicate)
      case .all: spec.derived[index].kind = .all(predicate)
      case .any: spec.derived[index].kind = .any(predicate)
      case .sum(let summed, .some, let times): spec.derived[index].kind = .sum(summed, predicate, times: times)
      case .weighted(let summed, let weights, let key, .some):
        spec.derived[index].kind = .weighted(summed, weights: weights, key: key, predicate)
      default: continue
      }
    }
    for index in spec.actions.indices {
      let payload = spec.actions[index].payload.filter { field in
        switch field.type {
        case .scalar, .enumeration: field.defaultValue == nil
        default: false
        }
      }
      for position in spec.actions[index].reduce.indices where rng.chance(35) {
        switch spec.actions[index].reduce[position] {
        case .removeWhere(let path, _):
          guard path.steps.count == 1, case .field(let list) = path.steps[0], let model = elementModel(list),
            let predicate = replaced(model, own: payload, list: list)
          else { continue }
          spec.actions[index].reduce[position] = .removeWhere(path, predicate)
        case .setEach(let path, let field, let given, .some):
          guard path.steps.count == 1, case .field(let list) = path.steps[0], let model = elementModel(list),
            let predicate = replaced(model, own: payload, list: list)
          else { continue }
          spec.actions[index].reduce[position] = .setEach(path, field: field, given, predicate)
        default: continue
        }
      }
    }
  }

  /// Filter cases that read the state too: a state field or derived value beside the element's
  /// fields, `state.NAME` now and then.
  private mutating func makeFilterStateReads() {
    for index in spec.filters.indices where rng.chance(35) {
      let filter = spec.filters[index]
      guard case .array(.model(let modelName))? = spec.state.first(where: { $0.name == filter.over })?.type,
        let model = spec.model(modelName)
      else { continue }
      let stateFields = spec.state.filter { $0.type != .status } + derivedFields()
      let visible = stateFields.filter { field in !model.fields.contains { $0.name == field.name } }
      guard !visible.isEmpty else { continue }
      let stateNames = Set(visible.map(\.name))
      var predicate: RPredicate?
      for _ in 0..<8 {
        let candidate = randomPredicate(RModel(name: modelName, fields: model.fields + visible), depth: 1)
        if candidate.allPaths.contains(where: { stateNames.contains($0[0]) }) {
          predicate = candidate
          break
        }
      }
      guard var predicate else { continue }
      // `state.NAME` is the state only where the element has no field `state`.
      if rng.chance(30), !model.fields.contains(where: { $0.name == "state" }) { predicate = predicate.qualifying(stateNames) }
      let taken = Set(spec.filters[index].cases.map(\.name))
      guard let caseName = rng.shuffled(Pools.filterCases).first(where: { !taken.contains($0) }) else { continue }
      spec.filters[index].cases.append(RFilterCase(name: caseName, predicate: predicate))
    }
  }

  /// The derived values as fields a condition can read, of the types the simulator can work out.
  private func derivedFields() -> [RField] {
    var fields: [RField] = []
    // Not those read inside a field of a model (`count shelf.ids`): the simulator reads state fields.
    for value in spec.derived where !value.list.contains(".") && !value.readsInsideField {
      let type: RType?
      switch value.kind {
      case .count, .arithmetic, .weighted: type = .scalar(.int)
      case .all, .any, .isEmpty: type = .scalar(.bool)
      case .expression(_, let expressionType): type = expressionType
      case .sum(let summed, _, let times):
        // Only integer sums: the simulator doesn't add doubles as Swift does.
        let list = spec.state.first { $0.name == value.list }
        let fields = list.flatMap { list -> [RField]? in
          guard case .array(.model(let name)) = list.type else { return nil }
          return spec.model(name)?.fields
        }
        let timesIsInteger = times.map { times in fields?.first { $0.name == times }?.type == .scalar(.int) } ?? true
        if let field = fields?.first(where: { $0.name == summed }), case .scalar(let scalar) = field.type, scalar.isInteger,
          timesIsInteger
        {
          type = field.type
        } else {
          type = nil
        }
      case .lookup where value.parameter != nil, .lookupMany:
        type = nil
      case .lookup:
        switch spec.state.first(where: { $0.name == value.list })?.type {
        case .array(let element)?: type = .optional(element)
        case .dictionary(_, let valueType)?: type = value.fallback == nil ? .optional(valueType) : valueType
        default: type = nil
        }
      }
      if let type { fields.append(RField(name: value.name, type: type, defaultValue: nil)) }
    }
    return fields
  }

  private mutating func impliedForm(_ operation: ROperation, _ payload: [RField]) -> ROperation {
    guard rng.chance(60) else { return operation }
    switch operation {
    case .set(let path, .parameter(let name, [])?) where Simulator.impliedParameter(path, payload) == name:
      return .set(path, nil)
    case .append(let path, .parameter(let name, [])?) where Simulator.impliedParameter(path, payload) == name:
      return .append(path, nil)
    case .prepend(let path, .parameter(let name, [])?) where Simulator.impliedParameter(path, payload) == name:
      return .prepend(path, nil)
    case .upsert(let path, .parameter(let name, [])?) where Simulator.impliedParameter(path, payload) == name:
      return .upsert(path, nil)
    case .move(let path, let offsets, .parameter(let name, [])?, let view)
    where payload.filter({ $0.type == .indexSet }).map(\.name) == [offsets]
      && payload.filter({ $0.type == .scalar(.int) }).map(\.name) == [name]:
      return .move(path, offsets: offsets, destination: nil, view: view)
    default:
      return operation
    }
  }

  /// A literal of `type` as a reduce operation writes it after `=`, `by` or in `[...]`.
  private mutating func operandLiteral(_ type: RType) -> (String, RValue)? {
    switch type {
    case .optional(let wrapped):
      if rng.chance(50) { return ("nil", .null) }
      return operandLiteral(wrapped)
    case .array, .indexSet: return ("[]", .array([]))
    case .dictionary: return ("[:]", .dictionary([]))
    case .status:
      let item = rng.pick(["idle", "loading", "succeeded"])
      return (item, .status(item == "idle" ? .idle : item == "loading" ? .loading : .succeeded))
    case .enumeration(let name):
      guard let item = spec.enumCases(name).flatMap({ rng.pickOptional($0) }) else { return nil }
      return (rng.chance(60) ? "." + item : item, .enumCase(item))
    case .scalar(let scalar):
      switch scalar {
      case .string:
        let text = rng.pick(["Bonus!", "", "a b", "it's", "émoji 🎉", "x=y", "say \"hi\"", "back\\slash"])
        return (YAMLText.doubleQuoted(text), .string(text))
      case .int, .int64:
        let number = rng.pick([0, 2, 5, -3, 100])
        return (String(number), .int(number))
      case .double, .float, .decimal:
        let number = rng.pick([1.5, 2, -0.5, 0.25])
        return (number == number.rounded() ? String(Int(number)) : String(number), .double(number))
      case .bool:
        let flag = rng.chance(50)
        return (flag ? "true" : "false", .bool(flag))
      case .uuid:
        let number = rng.int(in: 1...4)
        return (String(number), .uuid(smallUUID(number)))
      case .date:
        return ("\"2024-05-01\"", .date(1_714_521_600))
      case .url:
        return ("\"https://example.com/z\"", .url("https://example.com/z"))
      case .data:
        return ("\"raw\"", .data("raw"))
      }
    case .model:
      return nil
    }
  }

  /// Now and then a value of `type` the expression language computes from the state's fields
  /// `readable`: `abs(count - 3)`, `(scores.first ?? 0) + 2`, `title.lowercased`,
  /// `title + "!"`, `names.last ?? "none"`; nil when none fits.
  private mutating func stateExpression(_ type: RType, _ readable: [RField]) -> ROperand? {
    func literal(_ number: Int) -> RPredicate { .literal(String(number), .int(number)) }
    func text(_ value: String) -> RPredicate { .literal(YAMLText.doubleQuoted(value), .string(value)) }
    var choices: [RPredicate] = []
    for field in readable {
      let path = RPredicate.path([field.name], suffix: nil)
      switch (type, field.type) {
      case (.scalar(.int), .scalar(.int)):
        choices.append(.call("abs", [.arithmetic(path, "-", literal(rng.int(in: 2...9)))]))
      case (.scalar(.int), .array(.scalar(.int))):
        let end = RPredicate.path([field.name], suffix: rng.pick(["first", "last"]))
        choices.append(.arithmetic(.call("??", [end, literal(rng.int(in: 0...3))]), "+", literal(rng.int(in: 1...4))))
        // An element at an offset, maybe out of range: `cells[1] ?? 0`, `cells[cells.count - 2] ?? -1`.
        let offset: RPredicate =
          rng.chance(50) ? literal(rng.int(in: 0...2)) : .arithmetic(.path([field.name], suffix: "count"), "-", literal(rng.int(in: 1...2)))
        choices.append(.call("??", [.index([field.name], offset, suffix: nil), literal(rng.int(in: -1...3))]))
        // A total, a smallest or a largest: `scores.sum`, `scores.max ?? 0`.
        choices.append(.path([field.name], suffix: "sum"))
        choices.append(.call("??", [.path([field.name], suffix: rng.pick(["min", "max"])), literal(rng.int(in: -1...3))]))
      case (.scalar(.int), .array(.model(let modelName))):
        // A field of the elements totalled or compared: `lines.sum(quantity)`, `lines.max(quantity) ?? 0`.
        let numbers = (spec.model(modelName)?.fields ?? []).filter { $0.type == .scalar(.int) && $0.name != "id" }
        guard let summed = rng.pickOptional(numbers) else { continue }
        let which = rng.pick(["sum", "min", "max"])
        let aggregate = RPredicate.path([field.name], suffix: "\(which)(\(summed.name))")
        choices.append(which == "sum" ? aggregate : .call("??", [aggregate, literal(rng.int(in: -1...3))]))
      case (.scalar(.double), .scalar(.double)):
        choices.append(.path([field.name], suffix: "rounded"))
      case (.scalar(.int), .dictionary(.scalar(let keyScalar), .scalar(.int))) where keyScalar == .string || keyScalar == .int:
        // An entry with a fallback: `byKey["a"] ?? 0`.
        let key = keyScalar == .string ? text(rng.pick(["a", "b"])) : literal(rng.int(in: 0...3))
        choices.append(.call("??", [.lookup([field.name], key), literal(rng.int(in: -1...2))]))
      case (.scalar(.bool), .scalar(.bool)):
        // A flag compared with another's negation: `flag == !other`.
        let others = readable.filter { $0.type == .scalar(.bool) && $0.name != field.name }
        guard let other = rng.pickOptional(others) else { continue }
        choices.append(.compare(path, "==", .not(.path([other.name], suffix: nil))))
      case (.scalar(.string), .scalar(.string)):
        choices.append(.path([field.name], suffix: rng.pick(["lowercased", "uppercased"])))
        choices.append(.arithmetic(path, "+", text(rng.pick(["!", " ❌", "s"]))))
      case (.scalar(.string), .array(.scalar(.string))):
        let end = RPredicate.path([field.name], suffix: rng.pick(["first", "last"]))
        choices.append(.call("??", [end, text(rng.pick(["none", ""]))]))
        // An element at an offset read on: `names[1]?.uppercased ?? ""`.
        let element = RPredicate.index([field.name], literal(rng.int(in: 0...2)), suffix: rng.pick([nil, "lowercased", "uppercased"]))
        choices.append(.call("??", [element, text(rng.pick(["none", ""]))]))
      default:
        continue
      }
    }
    return rng.pickOptional(choices).map { .expression($0) }
  }

  private func fits(_ type: RType, into target: RType) -> Bool {
    type == target || (target.isOptional && type == target.unwrapped)
  }

  /// An operand of `type`: an existing parameter, a new one, or a literal.
  private mutating func valueOperand(
    _ type: RType, name: String, payload: inout [RField], newParameters: Bool, literal: Bool = true,
    arithmetic: Bool = false, stateRead: [RField] = [], prefersState: Bool = false
  ) -> ROperand? {
    // A RequestStatus is written only as a literal: `set loadStatus = idle`.
    if type == .status {
      return literal ? operandLiteral(type).map { .literal($0.0, $0.1) } : nil
    }
    // A value of the expression language over state fields a parameter doesn't hide.
    let readable = stateRead.filter { field in !payload.contains { $0.name == field.name } }
    if let expression = stateExpression(type, readable), prefersState || rng.chance(50) { return expression }
    // `set total = count + a * 2`: a state field (the one set, or another) plus or minus
    // arithmetic over the payload and literals; bounded, so a long example can't overflow.
    let numbers = readable.filter { $0.type == .scalar(.int) }.map(\.name)
    if !numbers.isEmpty, type == .scalar(.int), prefersState || rng.chance(50) {
      let field = rng.pick(numbers)
      let rest: RArithmetic
      if rng.chance(40) {
        rest = .number(rng.int(in: 1...9))
      } else if let existing = payload.filter({ $0.type == .scalar(.int) }).randomElement(using: &rng) {
        rest = .binary(.operand(.parameter(existing.name, [])), rng.pick(["+", "*"]), .number(rng.int(in: 1...3)))
      } else if newParameters {
        var names = Set(payload.map(\.name))
        let fresh = freshName(name + "Step", in: &names)
        payload.append(parameter(fresh, .scalar(.int)))
        rest = .operand(.parameter(fresh, []))
      } else {
        rest = .number(rng.int(in: 1...9))
      }
      return .arithmetic(.binary(.name(field), rng.pick(["+", "-"]), rest))
    }
    if arithmetic, type.unwrapped == .scalar(.int), newParameters, rng.chance(40) {
      // `a * b - 2`: Int arithmetic over new Int parameters and literals.
      var names = Set(payload.map(\.name))
      var parameters: [String] = []
      let expression = randomArithmetic(leaves: rng.int(in: 2...3)) { generator in
        if generator.rng.chance(30) { return .number(generator.rng.int(in: 1...9)) }
        if let reused = generator.rng.pickOptional(parameters), generator.rng.chance(30) {
          return .operand(.parameter(reused, []))
        }
        let fresh = generator.freshName(name + "Part", in: &names)
        parameters.append(fresh)
        return .operand(.parameter(fresh, []))
      }
      if !parameters.isEmpty {
        for parameterName in parameters { payload.append(parameter(parameterName, .scalar(.int))) }
        return .arithmetic(expression)
      }
    }
    if let existing = payload.filter({ fits($0.type, into: type) }).randomElement(using: &rng), rng.chance(40) {
      return .parameter(existing.name, [])
    }
    // A field of a model parameter: `users[user.id] = user`, `set title = item.title`.
    for parameter in payload {
      guard case .model(let modelName) = parameter.type, let model = spec.model(modelName) else { continue }
      if let field = model.fields.first(where: { fits($0.type, into: type) }), rng.chance(50) {
        return .parameter(parameter.name, [field.name])
      }
    }
    // The same field of every element of a list of models: `set ids = books[].id`.
    // (Not into a list of models with an id: two elements could share one, a checker error.)
    var identified = false
    if case .array(.model(let name)) = type.unwrapped, let model = spec.model(name) {
      identified = model.fields.contains { $0.name == "id" }
    }
    if case .array(let element) = type.unwrapped, !identified, rng.chance(50) {
      let spec = spec
      func field(of parameterType: RType) -> String? {
        guard case .array(.model(let modelName)) = parameterType, let model = spec.model(modelName) else { return nil }
        return model.fields.first { $0.type == element }?.name
      }
      for parameter in payload {
        if let field = field(of: parameter.type) { return .eachElement(parameter.name, [field]) }
      }
      if newParameters,
        let source = spec.models.first(where: { model in model.fields.contains { $0.type == element } }),
        let field = field(of: .array(.model(source.name)))
      {
        var names = Set(payload.map(\.name))
        let parameterName = freshName(name + "Source", in: &names)
        payload.append(parameter(parameterName, .array(.model(source.name))))
        return .eachElement(parameterName, [field])
      }
    }
    if literal, rng.chance(35), let (text, value) = operandLiteral(type) { return .literal(text, value) }
    guard newParameters else {
      if literal, let (text, value) = operandLiteral(type) { return .literal(text, value) }
      return nil
    }
    var parameterType = type
    if type.isOptional, rng.chance(50) { parameterType = type.unwrapped }
    var names = Set(payload.map(\.name))
    let parameterName = freshName(name, in: &names)
    payload.append(parameter(parameterName, parameterType))
    return .parameter(parameterName, [])
  }

  /// Now and then a state field of the type, as a written path's key or id reads it
  /// (`increment counts[state.selected]`): named with `state.`, which a parameter added later
  /// can't hide.
  private mutating func stateSelector(_ type: RType, _ payload: [RField]) -> ROperand? {
    let fields = spec.state.filter { $0.type == type }
    guard let field = rng.pickOptional(fields), rng.chance(20) else { return nil }
    return .expression(.path(["state", field.name], suffix: nil))
  }

  /// Fills a target's ids and keys with parameters or literals.
  private mutating func path(_ target: Target, payload: inout [RField], newParameters: Bool) -> RPath? {
    var steps: [RStep] = []
    for step in target.steps {
      switch step {
      case .field(let name):
        steps.append(.field(name))
      case .element(let idType, _):
        if let selected = stateSelector(idType, payload) {
          steps.append(.element(selected))
          continue
        }
        let name = steps.contains { if case .element = $0 { true } else { false } } ? "childId" : "id"
        guard let id = valueOperand(idType, name: name, payload: &payload, newParameters: newParameters) else {
          return nil
        }
        steps.append(.element(id))
      case .key(let keyType):
        if let selected = stateSelector(keyType, payload) {
          steps.append(.key(selected))
          continue
        }
        let literal = rng.chance(30)
        guard
          let key = valueOperand(
            keyType, name: "key", payload: &payload, newParameters: newParameters, literal: literal)
        else { return nil }
        steps.append(.key(key))
      case .offset:
        let literal = rng.chance(30)
        guard
          let at = valueOperand(.scalar(.int), name: "at", payload: &payload, newParameters: newParameters, literal: literal)
        else { return nil }
        steps.append(.offset(at))
      }
    }
    return RPath(steps: steps)
  }

  /// Whether values of `type` have an order to sort by.
  func isSortable(_ type: RType) -> Bool {
    switch type {
    case .scalar(let scalar): scalar == .bool || scalar.isOrdered
    case .enumeration: true
    default: false
    }
  }

  /// The fields of a model a sort can order by.
  func sortableFields(_ model: String) -> [RField] {
    (spec.model(model)?.fields ?? []).filter { isSortable($0.type) }
  }

  mutating func makeOperation(_ kind: String, payload: inout [RField], newParameters: Bool) -> ROperation? {
    // An element at an offset is set, toggled, incremented or decremented only.
    let withOffsets = targets()
    let all = withOffsets.filter { !$0.hasOffset }
    let writable = (["set", "toggle", "increment", "decrement"].contains(kind) ? withOffsets : all).filter {
      !$0.isElementIdentity
    }
    let candidates: [Target]
    switch kind {
    case "set": candidates = writable
    case "setFromState":
      // An Int state field, its value read from the state (`set total = count + 1`).
      candidates = writable.filter { ($0.type == .scalar(.int) || $0.type == .scalar(.string)) && $0.steps.count == 1 }
    case "append", "prepend": candidates = all.filter { $0.type.element != nil }
    case "upsert":
      candidates = all.filter {
        if case .array(.model(let name)) = $0.type { return spec.model(name)?.idField != nil }
        // A dictionary keyed by its models' ids (Redux's byId).
        if case .dictionary(let key, .model(let name)) = $0.type { return spec.model(name)?.idField?.type == key }
        return false
      }
    case "remove": candidates = all.filter { $0.endsInElement || $0.endsInKey }
    case "removeWhere":
      candidates = all.filter {
        if case .array(.model) = $0.type { return true }
        return false
      }
    case "sort":
      candidates = all.filter { target in
        switch target.type {
        case .array(.model(let name)): return !sortableFields(name).isEmpty
        case .array(let element): return isSortable(element)
        default: return false
        }
      }
    case "setEach":
      // A list of models reached through fields and elements, not through a dictionary entry.
      candidates = all.filter { target in
        guard case .array(.model) = target.type else { return false }
        return !target.steps.contains { if case .key = $0 { true } else { false } }
      }
    case "update":
      candidates = all.filter {
        guard $0.endsInElement, case .model(let name) = $0.type else { return false }
        return (spec.model(name)?.fields.count ?? 0) > 1
      }
    case "toggle": candidates = writable.filter { $0.type == .scalar(.bool) }
    case "increment", "decrement": candidates = writable.filter { $0.type.isNumeric }
    case "reset":
      candidates = writable.filter { target in
        target.defaultValue != nil && !target.endsInElement && !target.endsInKey
      }
    case "clear": candidates = all.filter { $0.type.isCollection }
    case "move", "removeAt": candidates = all.filter { $0.type.element != nil }
    case "removeValue":
      candidates = all.filter { target in
        guard let element = target.type.element else { return false }
        if case .model(let name) = element { return spec.model(name)?.idField == nil }
        return true
      }
    default: candidates = []
    }
    let targets = candidates
    guard let target = rng.pickOptional(targets) else { return nil }
    let before = payload
    guard let path = path(target, payload: &payload, newParameters: newParameters) else {
      payload = before
      return nil
    }
    let valueName = target.fieldName ?? "value"
    let operation: ROperation?
    switch kind {
    case "set", "setFromState":
      // A set at a state field reads the state's Int fields too.
      let fieldsOnly = path.steps.allSatisfy { if case .field = $0 { true } else { false } }
      let stateRead = fieldsOnly ? spec.state : []
      operation = valueOperand(
        target.type, name: valueName, payload: &payload, newParameters: newParameters, arithmetic: true,
        stateRead: stateRead, prefersState: kind == "setFromState"
      ).map { .set(path, $0) }
    case "append", "prepend":
      if rng.chance(25) {
        // Every element of a list, in order (`append ids = books[].id`).
        operation = valueOperand(target.type, name: valueName + "List", payload: &payload, newParameters: newParameters, literal: false)
          .map { .addMany(path, $0, word: kind) }
      } else {
        operation = valueOperand(target.type.element!, name: valueName, payload: &payload, newParameters: newParameters)
          .map { kind == "append" ? .append(path, $0) : .prepend(path, $0) }
      }
    case "upsert":
      let element: RType
      if case .dictionary(_, let value) = target.type { element = value } else { element = target.type.element! }
      if rng.chance(30) {
        operation = valueOperand(.array(element), name: "items", payload: &payload, newParameters: newParameters, literal: false)
          .map { .addMany(path, $0, word: "upsert") }
      } else {
        operation = valueOperand(element, name: "item", payload: &payload, newParameters: newParameters, literal: false)
          .map { .upsert(path, $0) }
      }
    case "remove":
      operation = .remove(path)
    case "sort":
      if case .array(.model(let name)) = target.type {
        let keys = rng.shuffled(sortableFields(name)).prefix(rng.int(in: 1...3))
        operation = .sort(path, keys.map { RSortKey(field: $0.name, descending: rng.chance(40)) })
      } else {
        operation = .sort(path, [RSortKey(field: "self", descending: rng.chance(40))])
      }
    case "setEach":
      guard case .array(.model(let name)) = target.type, let model = spec.model(name),
        let field = rng.pickOptional(model.fields.filter { $0.name != "id" })
      else {
        payload = before
        return nil
      }
      let condition = rng.chance(60) ? randomPredicate(model, depth: 0) : nil
      operation = valueOperand(field.type, name: field.name, payload: &payload, newParameters: newParameters)
        .map { .setEach(path, field: field.name, $0, condition) }
    case "removeWhere":
      guard case .array(.model(let name)) = target.type, let model = spec.model(name) else {
        payload = before
        return nil
      }
      operation = .removeWhere(path, randomPredicate(model, depth: 0))
    case "update":
      guard newParameters, case .model(let name) = target.type, let model = spec.model(name) else {
        payload = before
        return nil
      }
      var assigned = false
      for field in rng.shuffled(model.fields) where field.name != "id" && !payload.contains(where: { $0.name == field.name }) {
        if assigned, rng.chance(50) { continue }
        payload.append(parameter(field.name, field.type))
        assigned = true
      }
      // Every parameter but the ids must name a field of the element.
      let ids = Set(path.steps.compactMap { step -> String? in
        if case .element(.parameter(let name, _)) = step { return name }
        if case .key(.parameter(let name, _)) = step { return name }
        if case .offset(.parameter(let name, _)) = step { return name }
        return nil
      })
      let valid = payload.allSatisfy { parameter in
        ids.contains(parameter.name)
          || model.fields.contains { $0.name == parameter.name && fits(parameter.type, into: $0.type) }
      }
      operation = assigned && valid ? .update(path) : nil
    case "toggle":
      operation = .toggle(path)
    case "increment", "decrement":
      var amount: ROperand?
      if rng.chance(60) {
        if rng.chance(50), let scalar = { if case .scalar(let s) = target.type { s } else { nil } }() {
          let (text, value) = numberLiteral(scalar)
          amount = .literal(text, value)
        } else {
          // At a state field, maybe an expression that reads the state (`increment total by count * 2`).
          let fieldsOnly = path.steps.allSatisfy { if case .field = $0 { true } else { false } }
          amount = valueOperand(
            target.type, name: "by", payload: &payload, newParameters: newParameters, literal: false,
            stateRead: fieldsOnly ? spec.state : [])
        }
      }
      operation = kind == "increment" ? .increment(path, amount) : .decrement(path, amount)
    case "reset":
      operation = .reset(path)
    case "clear":
      operation = .clear(path)
    case "move", "removeAt":
      guard newParameters else {
        payload = before
        return nil
      }
      var names = Set(payload.map(\.name))
      let offsets = freshName("offsets", in: &names)
      payload.append(RField(name: offsets, type: .indexSet, defaultValue: nil))
      // Offsets of a filter's result over a list at the top of the state, now and then (a move
      // only in an unsorted result).
      var view: String?
      if case .field(let name)? = target.steps.first, target.steps.count == 1, rng.chance(50),
        case .array(.model(let element)) = target.type, spec.model(element)?.idField != nil,
        let filter = rng.pickOptional(spec.filters.filter { $0.over == name && (kind == "removeAt" || $0.sort.isEmpty) })
      {
        view = filter.resultName
      }
      if kind == "removeAt" {
        operation = .removeAt(path, offsets: offsets, view: view)
      } else if rng.chance(25) {
        let number = rng.int(in: 0...3)
        operation = .move(path, offsets: offsets, destination: .literal(String(number), .int(number)), view: view)
      } else {
        operation = valueOperand(.scalar(.int), name: "to", payload: &payload, newParameters: true, literal: false)
          .map { .move(path, offsets: offsets, destination: $0, view: view) }
      }
    case "removeValue":
      operation = valueOperand(target.type.element!, name: "value", payload: &payload, newParameters: newParameters)
        .map { .removeValue(path, $0) }
    default:
      operation = nil
    }
    if operation == nil { payload = before }
    return operation
  }

  private mutating func makeAsyncAction() {
    let name = actionName(rng.pick(Pools.asyncVerbs))
    guard !actionNames.contains(name + "Succeeded"), !actionNames.contains(name + "Failed") else { return }
    actionNames.insert(name + "Succeeded")
    actionNames.insert(name + "Failed")
    var payload = randomPayload()
    var operations: [ROperation] = []
    if rng.chance(15), let operation = makeOperation("set", payload: &payload, newParameters: true) {
      operations.append(operation)
    }
    // The success payload: what the effect returns, none, one value or several (a tuple).
    var success: [RField] = []
    var onSuccess: [ROperation] = []
    let successShape = rng.int(100)
    if successShape < 70 {
      for _ in 0..<(successShape < 50 ? 1 : 2) {
        if let operation = makeOperation(rng.pick(["set", "append", "upsert", "set"]), payload: &success, newParameters: true) {
          onSuccess.append(operation)
        }
      }
      if rng.chance(20) {
        var names = Set(success.map(\.name))
        success.append(RField(name: freshName("extra", in: &names), type: randomType(depth: 0, allowStatus: false)))
      }
    }
    let successKey: [RField]? = success.isEmpty && rng.chance(50) ? nil : success.map {
      var field = $0
      field.defaultValue = nil
      field.style = .implicit
      return field
    }
    // The failure payload: left out, empty, `{ message: String }`, or something else.
    var failure: FailureShape
    var failurePayload: [RField]
    switch rng.int(5) {
    case 0:
      failure = .fields([])
      failurePayload = []
    case 1:
      failurePayload = [RField(name: "message", type: .scalar(.string), defaultValue: nil)]
      failure = .fields(failurePayload)
    case 2:
      failurePayload = [RField(name: "code", type: .scalar(.int), defaultValue: nil)]
      if rng.chance(50) { failurePayload.append(RField(name: "message", type: .scalar(.string), defaultValue: nil)) }
      failure = .fields(failurePayload)
    default:
      failure = .implicit
      failurePayload = [RField(name: "message", type: .scalar(.string), defaultValue: nil)]
    }
    var onFailure: [ROperation] = []
    if !failurePayload.isEmpty, rng.chance(60) {
      var fixed = failurePayload
      if let operation = makeOperation("set", payload: &fixed, newParameters: false), fixed == failurePayload {
        onFailure.append(operation)
      }
    }
    var status: String?
    if rng.chance(60) {
      let candidate = name + "Status"
      if stateNames.insert(candidate).inserted { status = candidate }
    }
    let async = RAsync(
      success: successKey, failure: failure, status: status, onSuccess: onSuccess.map { impliedForm($0, success) },
      onFailure: onFailure)
    spec.actions.append(RAction(name: name, payload: payload, reduce: operations, async: async))
  }

  // MARK: Events, middleware, persist

  private mutating func makeEvents() {
    var names: Set<String> = []
    for _ in 0..<rng.int(in: 0...3) {
      let name = rng.pick(Pools.eventNames)
      guard names.insert(name).inserted else { continue }
      var payload: [RField] = []
      var parameters: Set<String> = []
      for _ in 0..<rng.int(in: 0...2) {
        let parameter = rng.pick(["message", "count", "isEnabled", "item", "when"])
        guard parameters.insert(parameter).inserted else { continue }
        payload.append(RField(name: parameter, type: randomType(depth: 0, allowStatus: false), defaultValue: nil))
      }
      spec.events.append(REvent(name: name, payload: payload))
    }
  }

  private mutating func makeMiddleware() {
    let actions = spec.allActionNames
    guard !actions.isEmpty else { return }
    for _ in 0..<rng.int(in: 0...2) {
      guard let name = freshTypeName(Pools.middlewareSuffixes.map { spec.feature + $0 }) else { break }
      var on: [String] = []
      for action in rng.shuffled(actions).prefix(rng.int(in: 1...3)) { on.append(action) }
      let dispatches = Array(rng.shuffled(actions).prefix(rng.int(in: 0...2)))
      let emits = Array(rng.shuffled(spec.events.map(\.name)).prefix(rng.int(in: 0...2)))
      let doc: String? = rng.chance(30) ? rng.pick(Pools.docs) : nil
      spec.middleware.append(RMiddleware(name: name, doc: doc, on: on, dispatches: dispatches, emits: emits))
    }
  }

  private mutating func makePersist() {
    guard rng.chance(30) else { return }
    let fields = Array(rng.shuffled(spec.allStateFields.map(\.name)).prefix(rng.int(in: 0...3)))
    let storage: String? = rng.chance(30) ? "sqlite" : rng.chance(15) ? "file" : nil
    var persist = RPersist(fields: fields, key: rng.chance(50) ? rng.pick(Pools.persistKeys) : nil, storage: storage)
    if rng.chance(40) {
      var version = 1
      for _ in 0..<rng.int(in: 1...2) {
        version += rng.int(in: 1...2)
        let steps = (0..<rng.int(in: 1...3)).compactMap { _ in makeMigrationStep(fields, sqlite: storage == "sqlite") }
        if !steps.isEmpty { persist.migrations.append(RMigration(version: version, steps: steps)) }
      }
      if rng.chance(40) { persist.version = (persist.migrations.last?.version ?? 1) + rng.int(in: 0...1) }
    } else if rng.chance(10) {
      persist.version = rng.int(in: 1...3)
    }
    spec.persist = persist
  }

  /// A step the checker accepts: a rename from a legacy name, or a removal of an obsolete one,
  /// to anything; an add or a retype only of a field whose default (or optional null) a
  /// migration can write as JSON. Top-level steps only for a file.
  private mutating func makeMigrationStep(_ persisted: [String], sqlite: Bool) -> RMigrationStep? {
    guard let fieldName = rng.pickOptional(persisted),
      let field = spec.allStateFields.first(where: { $0.name == fieldName })
    else { return nil }
    let modelName: String? = {
      var type = field.type
      while true {
        switch type {
        case .optional(let wrapped), .array(let wrapped): type = wrapped
        case .model(let name): return name
        default: return nil
        }
      }
    }()
    if let modelName, let model = spec.models.first(where: { $0.name == modelName }), rng.chance(80) {
      let target = rng.pick(model.fields)
      let names = Set(model.fields.map(\.name))
      switch rng.int(4) {
      case 0:
        let legacy = "legacy" + target.name.prefix(1).uppercased() + target.name.dropFirst()
        guard !names.contains(legacy), legacy.count <= 40 else { return nil }
        return RMigrationStep(kind: "rename", path: "\(fieldName).\(legacy)", to: target.name)
      case 1:
        let obsolete = "obsolete\(rng.int(in: 1...9))"
        guard !names.contains(obsolete) else { return nil }
        return RMigrationStep(kind: "remove", path: "\(fieldName).\(obsolete)")
      case 2:
        guard Self.migrationWritesDefault(of: target) else { return nil }
        return RMigrationStep(kind: "add", path: "\(fieldName).\(target.name)")
      default:
        guard Self.migrationWritesDefault(of: target), Self.retypes(target.type) else { return nil }
        return RMigrationStep(kind: "retype", path: "\(fieldName).\(target.name)")
      }
    }
    guard !sqlite else { return nil }
    switch rng.int(3) {
    case 0:
      return RMigrationStep(kind: "rename", path: "former" + fieldName.prefix(1).uppercased() + fieldName.dropFirst(), to: fieldName)
    case 1:
      return RMigrationStep(kind: "remove", path: "retired\(rng.int(in: 1...9))")
    default:
      guard Self.migrationWritesDefault(of: field) else { return nil }
      return RMigrationStep(kind: "add", path: fieldName)
    }
  }

  /// Whether the checker can write the field's default (or an optional's null) as JSON.
  static func migrationWritesDefault(of field: RField) -> Bool {
    guard let value = field.defaultValue else {
      if case .optional = field.type { return true }
      return false
    }
    switch value {
    case .string, .int, .double, .bool, .uuid, .url, .enumCase, .null: return true
    case .array(let items): return items.isEmpty
    case .dictionary(let pairs): return pairs.isEmpty
    default: return false
    }
  }

  /// Whether retype converts to the type: a String, number, Bool, UUID, URL or enum.
  static func retypes(_ type: RType) -> Bool {
    switch type {
    case .optional(let wrapped): retypes(wrapped)
    case .scalar(let scalar): [.string, .int, .int64, .double, .float, .bool, .uuid, .url].contains(scalar)
    case .enumeration: true
    default: false
    }
  }

  // MARK: Examples

  private mutating func makeExamples() {
    for _ in 0..<rng.int(in: 0...(size >= 2 ? 4 : 2)) { spec.examples.append(makeExample(actions: nil)) }
    // Actions no derived test covers must appear in an example (or the checker warns).
    let untested = spec.allActionNames.filter { name in
      !spec.examples.contains { $0.when.contains { $0.action == name } } && !hasDerivedTest(name)
    }
    if !untested.isEmpty { spec.examples.append(makeExample(actions: untested)) }
    // Requests through the store, so their effects' outcomes are received.
    let requests = spec.actions.filter { $0.async != nil }.map(\.name)
    if !requests.isEmpty, rng.chance(60) {
      let example = makeExample(actions: Array(rng.shuffled(requests).prefix(rng.int(in: 1...2))), throughStore: true)
      if example.store != nil { spec.examples.append(example) }
    }
  }

  private func hasDerivedTest(_ name: String) -> Bool {
    for action in spec.actions {
      if action.name == name { return action.reduce.contains { $0 != .custom } || action.async?.status != nil }
      if let async = action.async {
        if action.succeeded == name { return !async.onSuccess.isEmpty || async.status != nil }
        if action.failed == name { return !async.onFailure.isEmpty || async.status != nil }
      }
    }
    return false
  }

  private mutating func makeExample(actions: [String]?, throughStore: Bool = false) -> RExample {
    var example = RExample(name: rng.pick(Pools.exampleNames), given: [], when: [], then: [])
    for field in rng.shuffled(spec.allStateFields).prefix(rng.int(in: 0...3)) {
      // A list of models gets ids 1...3, which the actions below aim at.
      guard let value = randomValue(field.type, ids: 1...3) else { continue }
      example.given.append(RNamed(name: field.name, value: value))
    }
    let names = actions ?? Array(rng.shuffled(spec.allActionNames).prefix(rng.int(in: 0...4)))
    for name in names {
      guard let payload = spec.payload(of: name) else { continue }
      var arguments: [RNamed] = []
      var complete = true
      for parameter in payload {
        if parameter.defaultValue != nil, rng.chance(40) { continue }
        let value: RValue?
        if parameter.name.lowercased().hasSuffix("id") || parameter.name == "key", rng.chance(70) {
          value = idValue(parameter.type.unwrapped, rng.int(in: 1...4)) == .null
            ? randomValue(parameter.type, ids: 1...3) : idValue(parameter.type.unwrapped, rng.int(in: 1...4))
        } else {
          value = randomValue(parameter.type, ids: 1...3)
        }
        guard let value else {
          complete = false
          break
        }
        arguments.append(RNamed(name: parameter.name, value: value))
      }
      if !complete { continue }
      example.when.append(RCall(action: name, arguments: arguments, bare: arguments.isEmpty && rng.chance(70)))
    }
    if example.when.count == 1, example.when[0].bare, rng.chance(40) { example.whenStyle = .scalar }
    if example.when.isEmpty, rng.chance(50) { example.whenStyle = .omitted }
    if throughStore || rng.chance(30) {
      example.store = makeStoreRun(example)
      // What it receives must be writable: no id made by a state's default (`item: Item = {}`).
      if example.store != nil, Simulator(spec: spec).received(example).contains(where: { call in
        call.arguments.contains { $0.value.isFresh }
      }) {
        example.store = nil
      }
    }
    if example.store == nil, rng.chance(10) { example.saysReducer = true }
    addWaits(to: &example)
    example.then = thenPaths(Simulator(spec: spec).run(example))
    return example
  }

  /// An example through the store: what each async action's effect does. Nil where a test
  /// double can't stand in (a failure built by hand, an outcome that is a request itself) or
  /// where the store would receive values an example can't write (a fresh id or time).
  private mutating func makeStoreRun(_ example: RExample) -> RStoreRun? {
    let asyncActions = spec.actions.filter { $0.async != nil }
    let outcomes = Set(asyncActions.flatMap { [$0.succeeded, $0.failed] })
    guard asyncActions.allSatisfy(spec.failureIsDerived),
      !asyncActions.contains(where: { outcomes.contains($0.name) })
    else { return nil }
    var run = RStoreRun(saysThrough: rng.chance(30))
    // Now and then only some of the middleware (scaffolds pass every action on, so the outcome
    // is the same), in any order, or none.
    if rng.chance(25) {
      run.middleware = Array(rng.shuffled(spec.middleware.map(\.name)).prefix(rng.int(in: 0...spec.middleware.count)))
    }
    for call in example.when {
      guard let action = spec.actions.first(where: { $0.name == call.action }) else { continue }
      let given = Dictionary(call.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
      let values = action.payload.map { given[$0.name] ?? $0.defaultValue ?? .null }
      if values.contains(where: \.isFresh) { return nil }
      guard let async = action.async, run.effects[spec.effectName(of: action)] == nil else { continue }
      let carried = Set(async.carry)
      if async.isStream {
        // None to three values, now and then followed by an error.
        var elements: [[RNamed]] = []
        for _ in 0..<rng.int(in: 0...3) {
          var own: [RNamed] = []
          for field in (spec.payload(of: action.succeeded) ?? []) where !carried.contains(field.name) {
            guard let value = randomValue(field.type, ids: 1...3), !value.isFresh else { return nil }
            own.append(RNamed(name: field.name, value: value))
          }
          elements.append(own)
        }
        let failure = rng.chance(30) ? RValue.string(rng.pick(["offline", "timed out", "no such thing"])) : nil
        run.effects[spec.effectName(of: action)] =
          elements.isEmpty && failure != nil && rng.chance(50) ? .fails(failure!) : .yields(elements, fails: failure)
        continue
      }
      if async.isOptional, rng.chance(20) {
        run.effects[spec.effectName(of: action)] = .returnsNil
      } else if rng.chance(35) {
        let own = (spec.payload(of: action.failed) ?? []).first { !carried.contains($0.name) }
        var error = RValue.string(rng.pick(["offline", "timed out", "no such thing"]))
        if case .enumeration(let name)? = own?.type, let cases = spec.enums.first(where: { $0.name == name })?.cases {
          error = .enumCase(rng.pick(cases))
        }
        run.effects[spec.effectName(of: action)] = .fails(error)
      } else {
        var own: [RNamed] = []
        for field in (spec.payload(of: action.succeeded) ?? []) where !carried.contains(field.name) {
          guard let value = randomValue(field.type, ids: 1...3), !value.isFresh else { return nil }
          own.append(RNamed(name: field.name, value: value))
        }
        run.effects[spec.effectName(of: action)] = .returns(own)
      }
    }
    return run
  }

  private mutating func absentKey(_ type: RType, _ pairs: [RPair]) -> RValue? {
    for _ in 0..<4 {
      if let key = randomKey(type), !pairs.contains(where: { $0.key == key }) { return key }
    }
    return nil
  }

  /// Paths into the state after the example: fields, counts, elements, fields of models.
  private mutating func thenPaths(_ state: Simulator.State) -> [[RThenStep]] {
    var catalog: [[RThenStep]] = []
    func walk(_ path: [RThenStep], _ value: RValue, _ type: RType, depth: Int) {
      catalog.append(path)
      guard depth < 3 else { return }
      switch (value, type) {
      case (.null, .optional(let wrapped)):
        // Through a nil optional: the whole path is nil.
        if case .model(let name) = wrapped, let field = rng.pickOptional(spec.model(name)?.fields ?? []) {
          catalog.append(path + [.field(field.name)])
        } else if wrapped.element != nil {
          catalog.append(path + [.count])
        }
      case (_, .optional(let wrapped)):
        walk(path, value, wrapped, depth: depth + 1)
      case (.array(let items), .array(let element)):
        catalog.append(path + [.count])
        catalog.append(path + [.isEmpty])
        for (index, item) in items.enumerated().prefix(2) { walk(path + [.index(index)], item, element, depth: depth + 1) }
      case (.dictionary(let pairs), .dictionary(let keyType, let valueType)):
        catalog.append(path + [rng.chance(50) ? .count : .isEmpty])
        // A key made at run time (`= new`, `= now`) can't be written in a path.
        for pair in pairs.prefix(2) where pair.key != .freshUUID && pair.key != .freshDate {
          walk(path + [.key(pair.key)], pair.value, valueType, depth: depth + 1)
        }
        // An absent entry is nil.
        if let key = absentKey(keyType, pairs) { catalog.append(path + [.key(key)]) }
      case (.string, _):
        if rng.chance(20) { catalog.append(path + [rng.chance(50) ? .count : .isEmpty]) }
      case (.model, .model(let name)):
        for field in spec.model(name)?.fields ?? [] {
          if let inner = value.field(field.name) { walk(path + [.field(field.name)], inner, field.type, depth: depth + 1) }
        }
      default:
        break
      }
    }
    for field in spec.allStateFields {
      guard let value = state[field.name] else { continue }
      walk([.field(field.name)], value, field.type, depth: 0)
    }
    let simulator = Simulator(spec: spec)
    for filter in spec.filters {
      guard let items = simulator.filterResult(filter, state), let element = simulator.filterElement(filter) else {
        continue
      }
      walk([.field(filter.resultName)], .array(items), .array(.model(element)), depth: 0)
    }
    for value in spec.derived {
      guard let (result, type) = simulator.derivedValue(value, state) else { continue }
      walk([.field(value.name)], result, type, depth: 0)
    }
    return Array(rng.shuffled(catalog).prefix(rng.int(in: 1...5)))
  }
}

extension Array {
  func randomElement(using rng: inout RNG) -> Element? {
    isEmpty ? nil : self[rng.int(count)]
  }
}

extension RApp {
  /// Values over the features' state, each feature's fields read as `FEATURE.FIELD`: a count of
  /// a list, Int arithmetic across features, and a sum of an Int field weighted by another
  /// feature's dictionary under the elements' key. Only over element types one feature declares,
  /// which the app's tests can name.
  mutating func makeDerived(_ rng: inout RNG) {
    // A model or enum two features declare: an app value over a list of it is refused.
    let typeCounts = Dictionary(
      features.flatMap { $0.spec.models.map { ($0.name, 1) } + $0.spec.enums.map { ($0.name, 1) } }, uniquingKeysWith: +)
    func unique(_ type: RType) -> Bool {
      switch type {
      case .array(.model(let name)), .array(.enumeration(let name)): (typeCounts[name] ?? 0) <= 1
      default: true
      }
    }
    var names: Set<String> = []
    func fresh(_ base: String) -> String {
      var name = base
      var number = 2
      while !names.insert(name).inserted {
        name = base + String(number)
        number += 1
      }
      return name
    }
    let lists = features.flatMap { feature in
      feature.spec.state.filter { if case .array = $0.type { unique($0.type) } else { false } }.map { (feature, $0) }
    }
    if let (feature, list) = rng.pickOptional(lists) {
      derived.append(RAppValue(name: fresh("appCount"), text: "count \(feature.field).\(list.name)"))
    }
    let ints = features.flatMap { feature in
      feature.spec.state.filter { $0.type == .scalar(.int) }.map { "\(feature.field).\($0.name)" }
    }
    if ints.count >= 2, rng.chance(70) {
      let (a, b) = (rng.pick(ints), rng.pick(ints))
      let op = rng.pick(["+", "-", "*", "/"])
      let text = derived.first.map { rng.chance(40) ? "(\(a) \(op) \(b)) - \($0.name)" : "\(a) \(op) \(b)" } ?? "\(a) \(op) \(b)"
      derived.append(RAppValue(name: fresh("appSum"), text: text))
    }
    // `sum A.list.f * B.weights[key]`: an Int field, a dictionary of Ints keyed by a field's type.
    var weighted: [String] = []
    for (feature, list) in lists {
      guard case .array(.model(let modelName)) = list.type, let model = feature.spec.model(modelName) else { continue }
      for summed in model.fields where summed.type == .scalar(.int) {
        for other in features {
          for weights in other.spec.state {
            guard case .dictionary(let keyType, .scalar(.int)) = weights.type,
              let key = model.fields.first(where: { $0.type == keyType })
            else { continue }
            weighted.append("sum \(feature.field).\(list.name).\(summed.name) * \(other.field).\(weights.name)[\(key.name)]")
          }
        }
      }
    }
    if let text = rng.pickOptional(weighted), rng.chance(80) { derived.append(RAppValue(name: fresh("appWeighted"), text: text)) }
    // `sum A.byId.f * B.weights[key]`: a dictionary's values weighed under each entry's key.
    var keyed: [String] = []
    for feature in features {
      for entries in feature.spec.state {
        guard case .dictionary(let keyType, .model(let modelName)) = entries.type, typeCounts[modelName] == 1,
          let model = feature.spec.model(modelName), !model.fields.contains(where: { $0.name == "key" })
        else { continue }
        for summed in model.fields where summed.type == .scalar(.int) {
          for other in features {
            for weights in other.spec.state where weights.type == .dictionary(keyType, .scalar(.int)) {
              keyed.append("sum \(feature.field).\(entries.name).\(summed.name) * \(other.field).\(weights.name)[key]")
            }
          }
        }
      }
    }
    if let text = rng.pickOptional(keyed), rng.chance(80) { derived.append(RAppValue(name: fresh("appKeyed"), text: text)) }
    // A condition or a part per element of a list of models with an id (`count a.items where
    // isDone`, `sum a.items.size`): what a view store keeps element by element when the feature
    // changes the list in place. Drawn last, so the values above stay as they were.
    var perElement: [String] = []
    for (feature, list) in lists {
      guard case .array(.model(let modelName)) = list.type, let model = feature.spec.model(modelName),
        model.idField != nil
      else { continue }
      let path = "\(feature.field).\(list.name)"
      for flag in model.fields where flag.type == .scalar(.bool) {
        perElement += ["count \(path) where \(flag.name)", "any \(path) where !\(flag.name)", "all \(path) where \(flag.name)"]
      }
      for summed in model.fields where summed.type == .scalar(.int) && summed.name != "id" {
        perElement.append("sum \(path).\(summed.name)")
      }
    }
    if let text = rng.pickOptional(perElement), rng.chance(80) { derived.append(RAppValue(name: fresh("appKept"), text: text)) }
  }

  /// Adds `shareTally(amount:)` to the first two features (or all), each counting it in a
  /// field of its own; a feature that uses the first one's models also keeps the last one sent.
  mutating func share(everyFeature: Bool) {
    let sharedModel = features[1].spec.uses.isEmpty ? nil : features[0].spec.models.first
    // A third feature doesn't use the first's models: it can't share a payload holding one.
    let sharers = everyFeature && sharedModel == nil ? features.indices.map { $0 } : [0, 1]
    for index in sharers {
      var payload = [RField(name: "amount", type: .scalar(.int), defaultValue: nil)]
      if let sharedModel {
        payload.append(RField(name: "sharedItem", type: .model(sharedModel.name), defaultValue: nil))
        if index == 1 {
          features[index].spec.usedModels = features[0].spec.models
          features[index].spec.usedEnums = features[0].spec.enums
          features[index].spec.usedModule = features[0].spec.feature
        }
      }
      features[index].spec.state.append(
        RField(name: "sharedTally", type: .scalar(.int), defaultValue: .int(0), style: .short("0")))
      var reduce: [ROperation] = [.increment(RPath(steps: [.field("sharedTally")]), .parameter("amount", []))]
      if sharedModel != nil, index == 1 {
        features[index].spec.state.append(
          RField(name: "sharedLast", type: .optional(.model(sharedModel!.name)), defaultValue: .null))
        reduce.append(.set(RPath(steps: [.field("sharedLast")]), .parameter("sharedItem", [])))
      }
      features[index].spec.actions.append(
        RAction(name: "shareTally", doc: nil, payload: payload, reduce: reduce, reduceAsScalar: reduce.count == 1))
    }
    shared = [RShared(action: "shareTally", features: sharers.map { features[$0].field })]
  }
}

extension RSpec {
  /// An alert (`confirmIt`, now and then a confirmation dialog) shown by a new action
  /// (`askAlert: set alert = confirmIt`), with a button sending one of the actions a button may
  /// send (no payload, no work) and now and then a cancel button. Nothing when a name is taken.
  /// `sending`: the action the button sends, when a button may send it (a child's action its
  /// parent reads, which the parent then hears through the button too).
  mutating func addAlert(_ rng: inout RNG, sending: String? = nil) {
    let names = Set(
      allStateFields.map(\.name) + derived.map(\.name) + filters.map(\.resultName) + allActionNames + events.map(\.name))
    guard !names.contains("alert"), !names.contains("askAlert") else { return }
    let types = Set(models.map(\.name) + enums.map(\.name) + filters.map(\.name) + middleware.map(\.name))
    guard !types.contains(feature + "Alert"), !types.contains(feature + "AlertAction") else { return }
    // A middleware's action is not one: a button's action is reduced where no middleware sees it.
    let watched = Set(middleware.flatMap(\.on))
    let sendable = actions.filter { action in
      action.payload.isEmpty && action.async == nil && action.followUps.isEmpty && action.cancels.isEmpty
        && action.invalidates.isEmpty && !action.reduce.contains(.custom) && action.name != "dismiss"
        && !watched.contains(action.name)
    }.map(\.name)
    var buttons: [RAlertButton] = []
    if let sending {
      guard sendable.contains(sending) else { return }
      buttons.append(RAlertButton(label: rng.pick(Pools.docs), role: rng.chance(50) ? "destructive" : nil, action: sending))
    } else if let action = rng.pickOptional(sendable) {
      buttons.append(RAlertButton(label: rng.pick(Pools.docs), role: rng.chance(50) ? "destructive" : nil, action: action))
    }
    if rng.chance(70) { buttons.append(RAlertButton(label: "Cancel", role: "cancel", action: nil)) }
    // Now and then the button's action has a follow-up (sent when the button answers a shown
    // alert), from a stream of its own.
    var thenRNG = RNG(seed: feature.utf8.reduce(UInt64(0xB7_0E)) { $0 &* 31 &+ UInt64($1) })
    if let chosen = buttons.first?.action, thenRNG.chance(30),
      let index = actions.firstIndex(where: { $0.name == chosen && $0.from == nil }),
      let target = thenRNG.pickOptional(
        actions.filter {
          $0.name != chosen && $0.payload.isEmpty && $0.async == nil && $0.followUps.isEmpty && $0.cancels.isEmpty
            && !$0.reduce.contains(.custom)
        })
    {
      actions[index].followUps = [RFollowUp(action: target.name, condition: nil)]
    }
    var alert = RAlert(
      name: "confirmIt", title: rng.pick(Pools.docs), message: rng.chance(50) ? rng.pick(Pools.docs) : nil,
      dialog: rng.chance(30), buttons: buttons)
    // Now and then (from a stream of its own) it carries values its text says, given by the
    // action that shows it: `set alert = confirmIt(reason: reason, count: count + 1)`.
    var valuesRNG = RNG(seed: feature.utf8.reduce(UInt64(0xA1_E27)) { $0 &* 31 &+ UInt64($1) })
    if valuesRNG.chance(40) {
      alert.values = [RLabelType(label: "reason", type: .scalar(.string)), RLabelType(label: "count", type: .scalar(.int))]
      alert.title = valuesRNG.pick(["Failed: \\(reason)", "\\(reason.uppercased) (\\(count))", "Tried \\(count + 1) times"])
      if valuesRNG.chance(60) { alert.message = valuesRNG.pick(["Because \\(reason).", "\\(count * 2) left; \\(reason.lowercased)"]) }
      let made = RPredicate.makeCase(
        "confirmIt",
        [
          RLabeled(label: "reason", value: .path(["reason"], suffix: nil)),
          RLabeled(label: "count", value: .arithmetic(.path(["count"], suffix: nil), "+", .literal("1", .int(1)))),
        ])
      alerts = [alert]
      actions.append(
        RAction(
          name: "askAlert",
          payload: [
            RField(name: "reason", type: .scalar(.string), defaultValue: nil),
            RField(name: "count", type: .scalar(.int), defaultValue: .int(0), style: .short("0")),
          ],
          reduce: [.set(RPath(steps: [.field("alert")]), .expression(made))]))
      return
    }
    alerts = [alert]
    actions.append(
      RAction(name: "askAlert", payload: [], reduce: [.set(RPath(steps: [.field("alert")]), .literal("confirmIt", .enumCase("confirmIt")))]))
  }
}

extension RSpec {
  /// Every bare name of a condition over elements that a parameter, a state field, a derived
  /// value or a filter result also has, written `element.NAME`: the checker refuses it bare.
  /// Run again once a feature's state grows (a tree's `id`); what is written so stays so.
  mutating func scopeElementNames() {
    let simulator = Simulator(spec: self)
    let outside = Set(allStateFields.map(\.name) + derived.map(\.name) + filters.map(\.resultName))
    func scoped(_ predicate: RPredicate, over model: RModel, payload: [RField]) -> RPredicate {
      let own = Set(model.fields.map(\.name))
      let clashing = own.intersection(outside.union(payload.map(\.name)))
      return predicate.qualifying(clashing, with: "element")
    }
    func model(of list: String) -> RModel? { simulator.elementModel(at: RPath(steps: [.field(list)])) }
    for index in filters.indices {
      guard let model = model(of: filters[index].over) else { continue }
      for caseIndex in filters[index].cases.indices {
        filters[index].cases[caseIndex].predicate = scoped(filters[index].cases[caseIndex].predicate, over: model, payload: [])
      }
    }
    for index in derived.indices {
      guard let model = model(of: derived[index].list) else { continue }
      let scope = { (predicate: RPredicate) in scoped(predicate, over: model, payload: []) }
      switch derived[index].kind {
      case .count(let predicate?): derived[index].kind = .count(scope(predicate))
      case .all(let predicate): derived[index].kind = .all(scope(predicate))
      case .any(let predicate): derived[index].kind = .any(scope(predicate))
      case .sum(let field, let predicate?, let times): derived[index].kind = .sum(field, scope(predicate), times: times)
      case .weighted(let field, let weights, let key, let predicate?):
        derived[index].kind = .weighted(field, weights: weights, key: key, scope(predicate))
      default: continue
      }
    }
    for index in actions.indices {
      let payload = actions[index].payload
      actions[index].mapWhereConditions(over: simulator.elementModel(at:)) { model, predicate in
        scoped(predicate, over: model, payload: payload)
      }
    }
  }
}

extension RAction {
  /// Its `where` conditions (`remove LIST where`, `set LIST[].F = V where`), in branches too,
  /// each replaced by what `transform` makes of it over the model of the elements `model` finds
  /// at the operation's path.
  mutating func mapWhereConditions(
    over model: (RPath) -> RModel?, _ transform: (RModel, RPredicate) -> RPredicate
  ) {
    func rewrite(_ operations: [ROperation]) -> [ROperation] {
      operations.map { operation in
        switch operation {
        case .removeWhere(let path, let predicate):
          guard let element = model(path) else { return operation }
          return .removeWhere(path, transform(element, predicate))
        case .setEach(let path, let field, let operand, let predicate?):
          guard let element = model(path) else { return operation }
          return .setEach(path, field: field, operand, transform(element, predicate))
        case .conditional(let condition, let then, let otherwise):
          return .conditional(condition, rewrite(then), rewrite(otherwise))
        default:
          return operation
        }
      }
    }
    reduce = rewrite(reduce)
  }
}

extension Simulator {
  /// The model of the elements or values of the list or dictionary a path of the state ends at.
  func elementModel(at path: RPath) -> RModel? {
    switch pathType(path) {
    case .array(.model(let name))?, .dictionary(_, .model(let name))?: spec.model(name)
    default: nil
    }
  }
}
