import Foundation
import Testing

@testable import ReduxGenCore

/// Pins how `TextRenderer` breaks the lines a long feature name makes too long: each expected text
/// is what `swift format` makes of the same code (2-space indentation, 100 columns), so the
/// output of a feature named with up to 60 characters lints clean.
@Suite struct LongNameLayoutTests {
  private let renderer = TextRenderer()
  /// A feature name of 40 characters.
  private let feature = "InventoryOfTheWarehouseWithAVeryLongName"
  private var state: TypeName { .named(feature + "State") }
  private var action: TypeName { .named(feature + "Action") }
  private var stateAndAction: [TypeName] { [state, action] }

  private func text(_ declarations: Declaration...) -> String {
    let rendered = renderer.render(SwiftFile(header: [], imports: [], declarations: declarations))
    return String(rendered.dropLast())
  }

  private func widest(_ text: String) -> Int {
    text.split(separator: "\n").map(\.count).max() ?? 0
  }

  @Test("a type alias too long for a line breaks its generic arguments")
  func typeAlias() {
    let rendered = text(
      .typeAlias(access: .public, name: feature + "ViewStore", type: .generic("ViewStore", stateAndAction)))
    #expect(
      rendered == """
        public typealias \(feature)ViewStore = ViewStore<
          \(feature)State, \(feature)Action
        >
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("a type alias whose type's name doesn't fit after `=`: the type on the next line, as swift-format")
  func typeAliasAfterEquals() {
    let longest = feature + "AndAllOfItsWarehouses"
    let rendered = text(
      .typeAlias(
        access: .public, name: longest + "Notifier",
        type: .generic("ChangeNotifier", [.named(longest + "State"), .named(longest + "Action")])))
    #expect(
      rendered == """
        public typealias \(longest)Notifier =
          ChangeNotifier<
            \(longest)State,
            \(longest)Action
          >
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("a type alias of a generic type named through its module too long to break inside: after the module")
  func qualifiedTypeAlias() {
    let longest = feature + "Warehouses"
    let rendered = text(
      .typeAlias(
        access: .public, name: longest + "ViewStore",
        type: .qualified(
          module: "ReduxRuntime", name: .generic("ViewStore", [.named(longest + "State"), .named(longest + "Action")]))))
    #expect(
      rendered == """
        public typealias \(longest)ViewStore = ReduxRuntime
          .ViewStore<
            \(longest)State,
            \(longest)Action
          >
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("a type's header: `{` alone when the rest fits, else its generic parameters broken")
  func typeHeaders() {
    let member = Declaration.variable(VariableDeclaration(isConstant: true, name: "a", type: "Int"))
    let bracedAlone = text(
      .structure(
        TypeDeclaration(
          access: .public, name: "InventoryOfTheWarehouseMiddleware",
          genericParameters: [GenericParameter(name: "Effects", conformance: "InventoryOfTheWarehouseEffects")],
          inherits: ["Middleware"], members: [member])))
    #expect(
      bracedAlone == """
        public struct InventoryOfTheWarehouseMiddleware<Effects: InventoryOfTheWarehouseEffects>: Middleware
        {
          let a: Int
        }
        """)
    let generics = text(
      .structure(
        TypeDeclaration(
          access: .public, name: feature + "EffectsMiddleware",
          genericParameters: [GenericParameter(name: "Effects", conformance: .named(feature + "Effects"))],
          inherits: ["Middleware"], members: [member])))
    #expect(
      generics == """
        public struct \(feature)EffectsMiddleware<
          Effects: \(feature)Effects
        >: Middleware {
          let a: Int
        }
        """)
    #expect(widest(bracedAlone) <= 100 && widest(generics) <= 100)
  }

  @Test("an inherited generic type too long for the header breaks its arguments, `{` alone")
  func inheritedGeneric() {
    let requirement = Declaration.function(FunctionDeclaration(kind: .function("check")))
    let rendered = text(
      .protocolDeclaration(
        TypeDeclaration(
          access: .public, name: "InventoryAuditProtocol",
          inherits: [.qualified(module: "ReduxRuntime", name: .generic("Middleware", stateAndAction))],
          members: [requirement])),
      .enumeration(
        TypeDeclaration(
          access: .public, name: feature + "CustomReducer", inherits: [.named(feature + "CustomReducing")],
          members: [.enumCase(EnumCaseDeclaration(name: "a"))])))
    #expect(
      rendered == """
        public protocol InventoryAuditProtocol: ReduxRuntime.Middleware<
          \(feature)State, \(feature)Action
        >
        {
          func check()
        }

        public enum \(feature)CustomReducer:
          \(feature)CustomReducing
        {
          case a
        }
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("an extension's where clause goes on the next line, its requirements one a line when they must")
  func whereClauses() {
    let member = Declaration.variable(VariableDeclaration(isConstant: true, name: "a", type: "Int"))
    let requirements = [
      SameTypeRequirement(lhs: "State", rhs: "InventoryOfTheWarehouseState"),
      SameTypeRequirement(lhs: "Action", rhs: "InventoryOfTheWarehouseAction"),
    ]
    let rendered = text(
      .extensionDeclaration(ExtensionDeclaration(extendedType: "Store", requirements: requirements, members: [member])),
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: "ReduxRuntime.Store",
          requirements: [
            SameTypeRequirement(lhs: "State", rhs: .named(feature + "StateOfTheWholeApp")),
            SameTypeRequirement(lhs: "Action", rhs: action),
          ], members: [member])))
    #expect(
      rendered == """
        extension Store
        where State == InventoryOfTheWarehouseState, Action == InventoryOfTheWarehouseAction {
          let a: Int
        }

        extension ReduxRuntime.Store
        where
          State == \(feature)StateOfTheWholeApp,
          Action == \(feature)Action
        {
          let a: Int
        }
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("declarations: a stored property's type, a typed table and a generic initializer break")
  func declarations() {
    let fields = Expression.dictionary([
      DictionaryEntry(key: .keyPath("count"), value: .name("StateFields").call([Argument(nil, .literal(.int(0)))]))
    ])
    let rendered = text(
      .structure(
        TypeDeclaration(
          name: "Holder",
          members: [
            .variable(
              VariableDeclaration(
                access: .public, isConstant: true, name: "runner", type: .generic("EffectRunner", stateAndAction))),
            .variable(
              VariableDeclaration(
                isStatic: true, isConstant: true, name: "fieldsByKeyPath",
                type: .dictionary(.generic("PartialKeyPath", [.named(feature + "StateOfTheWholeApp")]), "StateFields"),
                initializer: fields)),
            .variable(
              VariableDeclaration(
                isStatic: true, isConstant: true, name: "made",
                initializer: .call(.type(.generic("EffectRunner", stateAndAction)), [], trailingClosure: nil))),
          ])))
    #expect(
      rendered == """
        struct Holder {
          public let runner:
            EffectRunner<
              \(feature)State, \(feature)Action
            >
          static let fieldsByKeyPath:
            [PartialKeyPath<\(feature)StateOfTheWholeApp>: StateFields] = [
              \\.count: StateFields(0)
            ]
          static let made = EffectRunner<
            \(feature)State, \(feature)Action
          >()
        }
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("a function: a long parameter's generic type and default broken, `-> T` on a line of its own")
  func functions() {
    let handle = FunctionDeclaration(
      kind: .function("handle"),
      parameters: [
        Parameter(name: "action", type: action),
        Parameter(name: "context", type: .generic("MiddlewareContext", stateAndAction)),
        Parameter(name: "initial", type: state, defaultValue: .type(state).call()),
      ],
      returnType: .array(.existential(.generic("Middleware", stateAndAction))),
      body: [.returnStatement(.literal(.emptyArray))])
    let effects = FunctionDeclaration(
      kind: .function("measure"), parameters: [Parameter(name: "clock", type: "Clock")], isAsync: true,
      isThrowing: true, thrownType: .named(feature + "Failure"), returnType: .named(feature + "Measurement"),
      body: [.expression(.name("x"))])
    let rendered = text(.function(handle), .function(effects))
    #expect(
      rendered == """
        func handle(
          action: \(feature)Action,
          context: MiddlewareContext<
            \(feature)State, \(feature)Action
          >,
          initial: \(feature)State =
            \(feature)State()
        ) -> [any Middleware<
          \(feature)State, \(feature)Action
        >] {
          return []
        }

        func measure(clock: Clock)
          async throws(\(feature)Failure)
          -> \(feature)Measurement
        {
          x
        }
        """)
    #expect(widest(rendered) <= 100)
  }

  @Test("statements: a negated call continuing a condition, a closure's signature and a test's title break")
  func statements() {
    let fields = Expression.type(state).dot("fields").call([Argument("readBy", .keyPath("itemsOfTheWarehouse"))])
    let condition = Expression.binary(
      .binary(.name("state").dot("itemsOfTheWarehouse"), .notEqual, .name("before").dot("itemsOfTheWarehouse")),
      .and, .prefix(.not, .name("action").dot("changedFields").dot("overlaps").call([Argument(nil, fields)])))
    let closure = Closure(
      signature: Closure.Signature(isAsync: true, thrownType: action, returnType: .named(feature + "Measurement")),
      body: .tryExpression(.awaitExpression(.name("measure").call([Argument("clock", .name("clock"))]))))
    let test = FunctionDeclaration(
      attributes: [
        .attribute("Test", [Argument(nil, .literal(.string("items actions reach \(feature)ItemsReducer and not any other slice")))])
      ],
      kind: .function("routed"),
      body: [
        .ifElse(condition, [.expression(.name("report").call())], nil),
        .expression(.name("run").call([Argument(nil, .closure(closure)), Argument("policy", .dot("latest"))])),
      ])
    let rendered = text(.function(test))
    #expect(
      rendered == """
        @Test(
          "items actions reach \(feature)ItemsReducer and not any other slice"
        )
        func routed() {
          if state.itemsOfTheWarehouse != before.itemsOfTheWarehouse
            && !action.changedFields.overlaps(
              \(feature)State.fields(readBy: \\.itemsOfTheWarehouse))
          {
            report()
          }
          run(
            {
              () async throws(\(feature)Action)
                -> \(feature)Measurement in
              try await measure(clock: clock)
            },
            policy: .latest)
        }
        """)
    #expect(widest(rendered) <= 100)
  }
}

/// Every spec in Specs/, its feature or app named with the longest name the checker accepts (60
/// characters), generates no line of code over 100 columns: the names generated code repeats are
/// broken around, never past the line. As `swift format lint` does, comments and a string literal
/// alone on its line (a test's title) are let be: nothing can break them.
@Suite struct LongNameSpecsTests {
  /// `name` padded to 60 characters.
  private static func longest(_ name: Substring) -> String {
    String((name + String(repeating: "Long", count: 15)).prefix(60))
  }

  /// The spec's text with its `feature:` or `app:` named with 60 characters, and a child
  /// feature's state named as its renamed feature names it (`NamerState` in a payload).
  private static func renamed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      for key in ["feature: ", "app: "] where line.hasPrefix(key) {
        return key + longest(line.dropFirst(key.count))
      }
      var line = String(line)
      for child in childFeatures where line.contains(child + "State") {
        line = line.replacingOccurrences(of: child + "State", with: longest(child[...]) + "State")
      }
      // A stack's destination is named after its feature (`push path.tally`, `path[1].tally.remove`);
      // a presented feature's own child (`sheet.namer.type`) keeps its field's name.
      for child in childFeatures {
        let destination = "." + child.prefix(1).lowercased() + child.dropFirst()
        let renamed = "." + longest(child[...]).prefix(1).lowercased() + longest(child[...]).dropFirst()
        line = line.replacingOccurrences(
          of: #"(path(\[[0-9]+\])?)\#(destination)(?![A-Za-z0-9_])"#, with: "$1" + renamed, options: .regularExpression)
      }
      return line
    }.joined(separator: "\n")
  }

  /// The features of Specs/ that another spec holds (`children:`): a spec may name their state.
  private static let childFeatures = ["Namer", "Recorder", "Tallies", "Tally"]

  @Test("no generated line passes 100 columns", arguments: specNames())
  func linesFit(name: String) throws {
    // An app reads its features renamed too; no persisted history (its key names the feature).
    let read = { (path: String) -> [UInt8]? in
      guard !path.contains(".persisted/"), let bytes = readPackageFile(path) else { return nil }
      return path.hasPrefix("Specs/") && path.hasSuffix(".yaml") && !path.contains("OpenAPI")
        ? Array(Self.renamed(String(decoding: bytes, as: UTF8.self)).utf8) : bytes
    }
    let text = String(decoding: try #require(readPackageFile("Specs/\(name).yaml")), as: UTF8.self)
    let result = try GeneratorPipeline.generate(
      Self.renamed(text), path: "Specs/\(name).yaml", layout: OutputLayout(parts: .all), readFile: read)
    #expect(result.files.count > 1)
    for file in result.files {
      for (index, line) in file.contents.split(separator: "\n").enumerated() where line.count > 100 {
        let code = line.drop { $0 == " " }
        if code.hasPrefix("//") || code.hasPrefix("\"") { continue }
        Issue.record("\(file.path):\(index + 1): \(line.count) columns: \(line)")
      }
    }
  }
}

/// Long field, action and parameter names (25 characters and more) in statements: each expected
/// text is what `swift format` makes of the same code.
@Suite struct LongIdentifierLayoutTests {
  private let renderer = TextRenderer()

  /// `statements` as the body of `func f()`, without its final newline.
  private func body(_ statements: Statement...) -> String {
    let file = SwiftFile(
      header: [], imports: [], declarations: [.function(FunctionDeclaration(kind: .function("f"), body: statements))])
    return String(renderer.render(file).dropLast())
  }

  private let books = Expression.name("state").dot("booksKeptOnTheShelfOfTheLibrary")
  private let before = Expression.name("before").dot("booksKeptOnTheShelfOfTheLibrary")

  @Test("a condition too long for its line: a negated call after `(`, a comparison before its operator")
  func conditions() {
    let accounts = Expression.name("action").dot("changedElements").dot("accounts")
      .call([Argument("for", .literal(.int(0))), Argument("from", before), Argument("to", books)])
    let visitors = Expression.name("state").dot("numberOfVisitorsCountedAtTheMainEntranceHall")
    let rendered = body(
      .ifElse(.prefix(.not, accounts), [.expression(.name("report").call())], nil),
      .ifElse(
        .binary(visitors, .notEqual, .name("before").dot("numberOfVisitorsCountedAtTheMainEntranceHall")),
        [.expression(.name("report").call())], nil),
      .ifLet(
        "index", .name("state").dot("productsInTheShopWindow").dot("index")
          .call([Argument("id", .name("productChosenByTheCustomer").dot("id"))]),
        [.expression(.name("report").call())], else: nil))
    #expect(
      rendered == """
        func f() {
          if !action.changedElements.accounts(
            for: 0, from: before.booksKeptOnTheShelfOfTheLibrary, to: state.booksKeptOnTheShelfOfTheLibrary)
          {
            report()
          }
          if state.numberOfVisitorsCountedAtTheMainEntranceHall
            != before.numberOfVisitorsCountedAtTheMainEntranceHall
          {
            report()
          }
          if let index = state.productsInTheShopWindow.index(id: productChosenByTheCustomer.id) {
            report()
          }
        }
        """)
  }

  @Test("a value too long after `=` goes on the next line; operators then start the lines after")
  func assignments() {
    let inventory = Expression.name("productChosenByTheCustomerToday").dot("inventoryCountedThisMorningAtNine")
    let quotient = Expression.name("ReduxArithmetic").dot("quotient")
      .call([Argument(nil, .binary(.name("count"), .minus, .literal(.int(1)))), Argument(nil, .literal(.int(2)))])
    let rendered = body(
      .assignment(
        .name("state").dot("displaySettingsChosenByTheUser").dot("preferredColorThemeNameOfTheApp"),
        .name("preferredColorThemeNameOfTheApp")),
      .assignment(.name("state").dot("total"), .binary(.binary(inventory, .times, .name("count")), .minus, quotient)),
      .returnStatement(
        .binary(
          .name("productsInTheShopWindowToday").dot("budgetLeftForTheWholeMonth"), .minus,
          .name("cartTotalOfEverythingChosenSoFarToday"))))
    #expect(
      rendered == """
        func f() {
          state.displaySettingsChosenByTheUser.preferredColorThemeNameOfTheApp =
            preferredColorThemeNameOfTheApp
          state.total =
            productChosenByTheCustomerToday.inventoryCountedThisMorningAtNine * count
            - ReduxArithmetic.quotient(count - 1, 2)
          return productsInTheShopWindowToday.budgetLeftForTheWholeMonth
            - cartTotalOfEverythingChosenSoFarToday
        }
        """)
  }

  @Test("a compound assignment's value after the operator; a call with a trailing closure opened over lines")
  func compoundAndTrailing() {
    let quantities = Expression.subscriptedWithDefault(
      .name("state").dot("quantitiesChosenByTheCustomer"), key: .name("productChosenByTheCustomer"),
      default: .literal(.int(0)))
    let binding = Expression.call(
      .name("binding"), [Argument(nil, .keyPath("preferredColorThemeNameOfTheApplication"))],
      trailingClosure: Closure(
        body: .dot("editPreferredColorThemeNameOfTheApp").call([Argument("name", .name("$0"))])))
    let rendered = body(
      .compoundAssignment(quantities, .plus, .name("quantityChosenByTheCustomer")),
      .returnStatement(binding))
    #expect(
      rendered == """
        func f() {
          state.quantitiesChosenByTheCustomer[productChosenByTheCustomer, default: 0] +=
            quantityChosenByTheCustomer
          return binding(\\.preferredColorThemeNameOfTheApplication) {
            .editPreferredColorThemeNameOfTheApp(name: $0)
          }
        }
        """)
  }

  @Test("arguments: a comparison broken before its operator, a tuple one element a line")
  func arguments() {
    let user = Expression.name("userFetchedFromTheServerJustNow")
    let users = Expression.name("state").dot("usersKnownToTheDirectoryService")
    let tuple = Expression.tuple([
      Argument("itemsChosenByTheCustomerSoFar", .name("itemsChosenByTheCustomerSoFar")),
      Argument("quantitiesChosenByTheCustomer", .name("quantitiesChosenByTheCustomer")),
    ])
    let rendered = body(
      .expression(.macro("expect", [Argument(nil, .binary(.subscripted(users, user.dot("id")), .equal, user))])),
      .expression(.name("doubles").dot("buyProducts").dot("call").call([Argument(nil, tuple)])))
    #expect(
      rendered == """
        func f() {
          #expect(
            state.usersKnownToTheDirectoryService[userFetchedFromTheServerJustNow.id]
              == userFetchedFromTheServerJustNow)
          doubles.buyProducts.call(
            (
              itemsChosenByTheCustomerSoFar: itemsChosenByTheCustomerSoFar,
              quantitiesChosenByTheCustomer: quantitiesChosenByTheCustomer
            ))
        }
        """)
  }
}
