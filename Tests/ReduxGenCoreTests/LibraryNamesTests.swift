import Foundation
import Testing

@testable import ReduxGenCore

/// The names generated code shares with the libraries it imports: `GeneratedNames.libraryTypes`
/// lists every public type of those libraries (a spec type of one of these names is imported by
/// name where it would be ambiguous), and the types generated code names are written through
/// their module where the spec's hide them.
struct LibraryNamesTests {
  /// The public type names declared at the top level of a library target's sources (outside
  /// any braces: a nested type is no name of the module's own).
  static func publicTypes(of target: String) throws -> Set<String> {
    let directory = packageRoot.appendingPathComponent("Sources/\(target)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
    var names: Set<String> = []
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      var depth = 0
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let code = line.components(separatedBy: "//")[0]
        let words = code.split(separator: " ").map(String.init)
        if depth == 0, let index = words.firstIndex(of: "public") {
          let rest = words[(index + 1)...].drop { $0 == "final" }
          if let keyword = rest.first, ["struct", "enum", "class", "protocol", "actor", "typealias"].contains(keyword),
            let declared = rest.dropFirst().first
          {
            let name = String(declared.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            if !name.isEmpty { names.insert(name) }
          }
        }
        depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
      }
    }
    return names
  }

  @Test("libraryTypes lists every public type of ReduxRuntime, ReduxTesting, ReduxDebugging and ReduxSQLite")
  func everyLibraryTypeIsListed() throws {
    for target in ["ReduxRuntime", "ReduxTesting", "ReduxDebugging", "ReduxSQLite"] {
      let missing = try Self.publicTypes(of: target).subtracting(GeneratedNames.libraryTypes)
      #expect(missing.isEmpty, "add \(missing.sorted()) of \(target) to GeneratedNames.libraryTypes")
    }
  }

  @Test("the library types generated code names are allowed as spec types, and written through their module")
  func qualifiableTypes() {
    let swiftClocks: Set<String> = ["Clock", "ContinuousClock", "Duration"]
    for (name, _) in GeneratedNames.qualifiableTypes {
      #expect(GeneratedNames.libraryTypes.contains(name) || swiftClocks.contains(name), "\(name)")
      #expect(!GeneratedNames.reservedTypes.contains(name), "\(name) is refused as a spec type")
    }
    #expect(GeneratedNames.reservedTypes.isDisjoint(with: GeneratedNames.libraryTypes))
    let runtime = RuntimeTypes(declared: ["Store", "Task"])
    #expect(runtime.type("Store") == .qualified(module: "ReduxRuntime", name: "Store"))
    #expect(runtime.type("Middleware") == .named("Middleware"))
    #expect(TextRenderer().type(runtime.generic("Store", ["S", "A"])) == "ReduxRuntime.Store<S, A>")
    #expect(TextRenderer().expression(runtime.value("Store").call()) == "ReduxRuntime.Store()")
  }

  @Test("a spec with types named like the runtime's and like Middleware's associated types is accepted")
  func clashingNamesAreAccepted() throws {
    let text = """
      feature: Shop
      enums:
        Action: [retry, stop]
      models:
        Store:
          fields:
            id: String
        State:
          fields:
            id: Int
        Middleware:
          fields:
            note: String = ""
      state:
        stores: [Store]
        states: [State]
        last: Action?
      actions:
        open:
          payload: { store: Store, note: Middleware }
          reduce: append stores = store
        pick:
          payload: { choice: Action, item: State }
          reduce: set last = choice
      middleware:
        ShopGuard:
          on: [open, pick]
      examples:
        - name: opens a store
          middleware: [ShopGuard]
          when: [open: { store: { id: s1 }, note: {} }]
          then: { stores.count: 1 }
      """
    let result = try GeneratorPipeline.generate(text, path: "shop.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.summary))")
    let files = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
    let middleware = try #require(files["Sources/ShopMiddleware.swift"])
    #expect(middleware.contains("protocol ShopGuardProtocol: ReduxRuntime.Middleware<ShopState, ShopAction>"))
    #expect(middleware.contains("choice: Shop_Action, item: Shop_State, context:"))
    #expect(try #require(files["Sources/ShopModels.swift"]).contains("typealias Shop_State = State"))
    #expect(try #require(files["Tests/ShopExampleTests.swift"]).contains("import struct Shop.Store"))
  }
}
