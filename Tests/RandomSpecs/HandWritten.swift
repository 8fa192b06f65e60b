// The hand-written code a feature needs to compile and run, as a user would write it: custom
// reducers (they leave the state alone, as the simulator assumes), live effects that return a
// value, and a store test that runs every action through every middleware.

enum SwiftText {
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "Any", "as", "false", "is", "nil", "self", "Self", "super", "true", "try", "throws", "package",
  ]

  static func identifier(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

  /// An argument label: only `inout` needs backticks there.
  static func label(_ name: String) -> String { name == "inout" ? "`inout`" : name }

  /// `import struct Shop.Store` for the spec's types named like ReduxRuntime's, which a test
  /// importing both modules would find ambiguous.
  static func runtimeNamedImports(_ spec: RSpec, module: String) -> [String] {
    spec.models.map(\.name).filter(Pools.runtimeTypeNames.contains).map { "import struct \(module).\($0)" }
      + spec.enums.map(\.name).filter(Pools.runtimeTypeNames.contains).map { "import enum \(module).\($0)" }
  }

  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// A Swift expression of `value`, which has type `type`.
  static func value(_ value: RValue, _ type: RType, _ spec: RSpec) -> String {
    switch (value, type) {
    case (.null, _): return "nil"
    case (_, .optional(let wrapped)): return self.value(value, wrapped, spec)
    case (.string(let text), _): return string(text)
    case (.int(let number), _): return String(number)
    case (.double(let number), _):
      return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case (.bool(let flag), _): return flag ? "true" : "false"
    case (.uuid(let text), _): return "UUID(uuidString: \(string(text)))!"
    case (.freshUUID, _): return "UUID()"
    case (.freshDate, _): return "Date()"
    case (.date(let seconds), _): return "Date(timeIntervalSince1970: \(seconds))"
    case (.url(let text), _): return "URL(string: \(string(text)))!"
    case (.data(let text), _): return "Data(\(string(text)).utf8)"
    case (.enumCase(let name), .enumeration(let enumName)): return "\(enumName).\(name)"
    case (.caseValue(let name, let values), .enumeration(let enumName)):
      let types = spec.sumEnums.first { $0.name == enumName }?.values(of: name) ?? []
      let arguments = values.map { value in
        "\(value.name): \(self.value(value.value, types.first { $0.label == value.name }?.type ?? .scalar(.int), spec))"
      }
      return "\(enumName).\(name)(" + arguments.joined(separator: ", ") + ")"
    case (.caseValue(let name, _), _): return ".\(name)"
    case (.enumCase(let name), _): return ".\(name)"
    case (.status(let status), _):
      switch status {
      case .idle: return "RequestStatus.idle"
      case .loading: return "RequestStatus.loading"
      case .succeeded: return "RequestStatus.succeeded"
      case .failed(let message): return "RequestStatus.failed(\(string(message)))"
      }
    case (.array(let items), _):
      let element = type.element ?? type
      return "[" + items.map { self.value($0, element, spec) }.joined(separator: ", ") + "]"
    case (.dictionary(let pairs), .dictionary(let key, let valueType)):
      if pairs.isEmpty { return "[:]" }
      return "[" + pairs.map { "\(self.value($0.key, key, spec)): \(self.value($0.value, valueType, spec))" }
        .joined(separator: ", ") + "]"
    case (.dictionary, _): return "[:]"
    case (.model(let name, let fields), _):
      guard let model = spec.model(name) else { return "nil" }
      let arguments = model.fields.compactMap { field -> String? in
        guard let given = fields.first(where: { $0.name == field.name }) else { return nil }
        return "\(label(field.name)): \(self.value(given.value, field.type, spec))"
      }
      let module = spec.usedModels.contains { $0.name == name } ? spec.usedModule.map { "\($0)." } ?? "" : ""
      return "\(module)\(name)(" + arguments.joined(separator: ", ") + ")"
    }
  }

  static func access(_ spec: RSpec) -> String {
    switch spec.effectiveAccess {
    case .public: "public "
    case .package: "package "
    case .internal: ""
    }
  }

  static func parameters(_ payload: [RField], _ spec: RSpec) -> String {
    payload.map { "\(identifier($0.name)): \($0.type.swiftText(spec))" }.joined(separator: ", ")
  }
}

/// Sample values for hand-written code, deterministic by name.
struct Samples {
  let spec: RSpec
  var rng: RNG

  init(spec: RSpec) {
    // Values of the models a spec uses are built like its own.
    var spec = spec
    spec.models += spec.usedModels
    spec.enums += spec.usedEnums
    self.spec = spec
    rng = RNG(seed: UInt64(spec.feature.unicodeScalars.reduce(7) { $0 &* 31 &+ Int($1.value) }.magnitude))
  }

  mutating func value(_ type: RType) -> String {
    var generator = SpecGenerator(seed: rng.next(), feature: spec.feature)
    generator.spec = spec
    let value = generator.randomValue(type, ids: 1...3) ?? .null
    return SwiftText.value(value, type, spec)
  }

  /// `.name(parameter: value, ...)`, with sample values but those `given` (Swift text by name).
  mutating func call(_ name: String, _ payload: [RField], given: [String: String] = [:]) -> String {
    let member = ".\(name)"
    if payload.isEmpty { return member }
    return member + "("
      + payload.map { "\(SwiftText.label($0.name)): \(given[$0.name] ?? value($0.type))" }.joined(separator: ", ") + ")"
  }
}

enum HandWritten {
  /// `<Feature>CustomReducer`: each custom reducer leaves the state as it is.
  static func customReducer(_ spec: RSpec) -> String? {
    let custom = spec.actions.filter { $0.reduce == [.custom] }
    guard !custom.isEmpty else { return nil }
    let access = SwiftText.access(spec)
    var lines = [
      "// Hand-written by random-specs: every custom reducer leaves the state alone.", "",
      "import Foundation", "import ReduxRuntime", "",
      "\(access)enum \(spec.feature)CustomReducer: \(spec.feature)CustomReducing {",
    ]
    for action in custom {
      let parameters = (["_ state: inout \(spec.feature)State"] + action.payload.map { "\(SwiftText.identifier($0.name)): \($0.type.swiftText(spec))" })
        .joined(separator: ", ")
      lines.append("  \(access)static func \(SwiftText.identifier(action.name))(\(parameters)) {}")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `<Feature>LiveEffects`: every request succeeds with a sample value.
  static func liveEffects(_ spec: RSpec) -> String? {
    let asyncActions = spec.actions.filter { $0.async != nil }
    guard !asyncActions.isEmpty else { return nil }
    var samples = Samples(spec: spec)
    let access = SwiftText.access(spec)
    var lines = [
      "// Hand-written by random-specs: every request succeeds with a sample value.", "",
      "import Foundation", "import ReduxRuntime", "",
      "\(access)struct \(spec.feature)LiveEffects: \(spec.feature)Effects {",
      "  \(access)init() {}",
    ]
    for action in asyncActions {
      let async = action.async!
      let carried = Set(async.carry)
      let success = (spec.payload(of: action.succeeded) ?? []).filter { !carried.contains($0.name) }
      let failure = (spec.payload(of: action.failed) ?? []).filter { !carried.contains($0.name) }
      var parameters = SwiftText.parameters(action.payload, spec)
      if async.readsState { parameters += (parameters.isEmpty ? "" : ", ") + "state: \(spec.feature)State" }
      // A typed error: the failure's `error`, an enum of the spec.
      var typed: String?
      if failure.count == 1, failure[0].name == "error", case .enumeration(let name) = failure[0].type { typed = name }
      var signature =
        "  \(access)func \(SwiftText.identifier(action.effect))(\(parameters)) async throws" + (typed.map { "(\($0))" } ?? "")
      var body: String
      var returned: String?
      switch success.count {
      case 0:
        body = typed == nil ? "try await _Concurrency.Task.sleep(nanoseconds: 1_000)" : "_ = 0"
        if async.isOptional { returned = "Void" }
      case 1:
        returned = success[0].type.swiftText(spec)
        body = "return \(samples.value(success[0].type))"
      default:
        returned = "(" + success.map { "\(SwiftText.identifier($0.name)): \($0.type.swiftText(spec))" }.joined(separator: ", ") + ")"
        body = "return (" + success.map { "\(SwiftText.label($0.name)): \(samples.value($0.type))" }.joined(separator: ", ") + ")"
      }
      if let returned { signature += " -> " + returned + (async.isOptional ? "?" : "") }
      if async.isOptional, success.isEmpty { body = "return ()" }
      if async.isStream {
        // Two values, then the end.
        let element = returned ?? "Void"
        let value = body.hasPrefix("return ") ? String(body.dropFirst("return ".count)) : "()"
        signature =
          "  \(access)func \(SwiftText.identifier(action.effect))(\(parameters)) async throws -> AsyncThrowingStream<\(element), any Swift.Error>"
        body = "AsyncThrowingStream { continuation in\n      continuation.yield(\(value))\n      continuation.yield(\(value))\n      continuation.finish()\n    }"
      }
      lines += [signature + " {", "    \(body)", "  }"]
      let derived =
        failure.isEmpty || (failure.count == 1 && failure[0].name == "message" && failure[0].type == .scalar(.string))
        || typed != nil
      if !derived {
        let carriedParameters = action.carried.map { "\(SwiftText.identifier($0.name)): \($0.type.swiftText(spec)), " }.joined()
        lines += [
          "  \(access)func \(SwiftText.identifier(action.failed))(\(carriedParameters)error: any Swift.Error) -> \(spec.feature)Action {",
          "    \(samples.call(action.failed, spec.payload(of: action.failed) ?? []))",
          "  }",
        ]
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A test that dispatches every action through a store with every middleware, and saves and
  /// restores the persisted fields.
  static func storeTest(_ spec: RSpec) -> String {
    var samples = Samples(spec: spec)
    let name = spec.feature
    var middleware = spec.middleware.map { "\($0.name)()" }
    if spec.actions.contains(where: { !$0.followUps.isEmpty }) { middleware.append("\(name)FollowUps()") }
    if spec.actions.contains(where: { $0.async != nil }) {
      // A timed request's timing is given when the middleware is made (the spec's by default).
      let timings = spec.actions.filter { $0.async?.timing != nil }.enumerated().map { offset, action in
        ", \(action.name)Timing: .\(offset % 2 == 0 ? "debounce" : "throttle")(.milliseconds(\(offset)))"
      }
      middleware.append("\(name)EffectsMiddleware(effects: \(name)LiveEffects()\(timings.joined()))")
    }
    var lines = [
      "// Hand-written by random-specs: every action through a store with every middleware.", "",
      "import Foundation", "import ReduxRuntime", "import Testing",
    ]
    if let used = spec.usedModule { lines.append("import \(used)") }
    if spec.persist?.storage == "sqlite" { lines.append("import ReduxSQLite") }
    // The runtime's types through their module: the spec may declare a `Store` of its own.
    lines += SwiftText.runtimeNamedImports(spec, module: spec.module ?? name)
    lines += [
      "", "@testable import \(spec.module ?? name)", "",
      "@Test func \(name.lowercasingFirst)StoreRunsEveryAction() throws {",
      "  let store = ReduxRuntime.Store(",
      "    initialState: \(name)State(), reducer: \(spec.feature.lowercasingFirst)Reducer,",
      "    middleware: [\(middleware.joined(separator: ", "))])",
    ]
    for action in spec.actions {
      lines.append("  store.dispatch(\(samples.call(action.name, action.payload)))")
      if action.async != nil {
        lines.append("  store.dispatch(\(samples.call(action.succeeded, spec.payload(of: action.succeeded) ?? [])))")
        lines.append("  store.dispatch(\(samples.call(action.failed, spec.payload(of: action.failed) ?? [])))")
      }
    }
    if let persist = spec.persist {
      lines += persist.storage == "sqlite"
        ? ["  let persistence = \(name)State.persistence(storage: try ReduxSQLite.SQLiteStorage.inMemory())"]
        : [
          "  let directory = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)",
          "  defer { try? FileManager.default.removeItem(at: directory) }",
          "  let persistence = \(name)State.persistence(storage: ReduxRuntime.FileStorage(directory: directory))",
        ]
      lines += [
        "  try persistence.save(store.state)",
        persist.fields.isEmpty
          ? "  _ = try persistence.restoredState(\(name)State())"
          : "  let restored = try persistence.restoredState(\(name)State())",
      ]
      for field in persist.fields {
        let member = SwiftText.identifier(field)
        lines.append("  #expect(restored.\(member) == store.state.\(member))")
      }
    } else {
      lines.append("  _ = store.state")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// An app's store: each feature's middleware on its slice, an action of each feature.
  static func appStoreTest(_ app: RApp) -> String {
    var lines = [
      "// Hand-written by random-specs: an action of each feature through the app's store.", "",
      "import Foundation", "import ReduxRuntime", "import Testing", "",
    ]
    lines += app.features.map { "import \($0.spec.feature)" }
    lines += app.features.flatMap { SwiftText.runtimeNamedImports($0.spec, module: $0.spec.module ?? $0.spec.feature) }
    lines += [
      "", "@testable import \(app.name)", "",
      "@Test func \(app.name.lowercasingFirst)StoreRoutesActions() {",
    ]
    let arguments = app.features.map { feature in
      "\(feature.field): [" + feature.spec.middleware.map { "\($0.name)()" }.joined(separator: ", ") + "]"
    }
    lines += [
      "  let store = ReduxRuntime.Store(",
      "    initialState: \(app.name)State(), reducer: \(app.name.lowercasingFirst)Reducer,",
      "    middleware: \(app.name.lowercasingFirst)Middleware(\(arguments.joined(separator: ", "))))",
    ]
    for feature in app.features {
      var samples = Samples(spec: feature.spec)
      if let action = feature.spec.actions.first {
        lines.append("  store.dispatch(.\(feature.field)(\(samples.call(action.name, action.payload))))")
      }
    }
    // A shared action sent through each sharer's case reaches every sharer's reducer.
    for shared in app.shared {
      let sharers = app.features.filter { shared.features.contains($0.field) }
      lines.append("  let beforeSharing = store.state")
      for sender in sharers {
        var samples = Samples(spec: sender.spec)
        guard let action = sender.spec.actions.first(where: { $0.name == shared.action }) else { continue }
        // `amount: 1` each time: every sharer counts each of the sends.
        let call = samples.call(action.name, action.payload, given: ["amount": "1"])
        lines.append("  store.dispatch(.\(sender.field)(\(call)))")
      }
      for feature in sharers {
        lines.append(
          "  #expect(store.state.\(feature.field).sharedTally == beforeSharing.\(feature.field).sharedTally + \(sharers.count))")
      }
    }
    lines += ["  _ = store.state", "}"]
    return lines.joined(separator: "\n") + "\n"
  }
}
