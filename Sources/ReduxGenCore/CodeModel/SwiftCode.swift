/// A Swift source file as values: what translators build and the renderer prints.
struct SwiftFile: Equatable, Sendable {
  /// Comment lines at the top, without `//`.
  var header: [String]
  var imports: [String]
  /// Single declarations imported from a module, such as `struct Foundation.UUID`: the rest of
  /// the module stays out of the file, so its names can't make a spec's type names ambiguous.
  var declarationImports: [String] = []
  /// Modules imported with `@testable`.
  var testableImports: [String] = []
  /// Modules imported with `@_spi(Generated)`, for API only generated code may call.
  var generatedSPIImports: [String] = []
  var declarations: [Declaration]
}

enum AccessModifier: String, Sendable {
  case `public`
  case `package`
  case `internal`
  case `private`
  case `fileprivate`
}

/// A type as written in a declaration.
indirect enum TypeName: Equatable, Sendable {
  case named(String)
  case optional(TypeName)
  case array(TypeName)
  case dictionary(TypeName, TypeName)
  case generic(String, [TypeName])
  /// `(user: User, etag: String)`
  case tuple([EnumCaseDeclaration.AssociatedValue])
  /// `any Middleware<State, Action>`
  case existential(TypeName)
  /// `Swift.Error`, `ReduxRuntime.Store<S, A>`: a type named through its module.
  case qualified(module: String, name: TypeName)
  /// `ScreenStack<ShelfPath>.Element`: a type nested in another.
  case member(TypeName, String)
  /// `@Sendable (String, any Swift.Error) -> UsersAction`: a closure's type (`@escaping` as a
  /// parameter).
  case sendableFunction([TypeName], returns: TypeName)
  /// `@autoclosure () -> T`: a parameter's value read only if the function needs it.
  case autoclosure(TypeName)
}

/// A plain type name written as a string literal (`"Sendable"`); structure such as generic
/// arguments, optionals and tuples is spelled with the other cases, never inside the string.
extension TypeName: ExpressibleByStringLiteral {
  init(stringLiteral value: String) { self = .named(value) }
}

indirect enum Declaration: Equatable, Sendable {
  case structure(TypeDeclaration)
  case enumeration(TypeDeclaration)
  case protocolDeclaration(TypeDeclaration)
  case extensionDeclaration(ExtensionDeclaration)
  case function(FunctionDeclaration)
  case variable(VariableDeclaration)
  case enumCase(EnumCaseDeclaration)
  /// `typealias name = type`, after its attributes (`@available(...)`).
  case typeAlias(doc: String? = nil, attributes: [Expression] = [], access: AccessModifier?, name: String, type: TypeName)
}

/// A struct, enum or protocol.
struct TypeDeclaration: Equatable, Sendable {
  var doc: String?
  var access: AccessModifier?
  var name: String
  /// `<Effects: TaskListEffects>`
  var genericParameters: [GenericParameter] = []
  var inherits: [TypeName] = []
  /// `where` requirements, each `lhs == rhs`.
  var requirements: [SameTypeRequirement] = []
  var members: [Declaration] = []
}

/// A generic parameter and the protocol it must conform to.
struct GenericParameter: Equatable, Sendable {
  var name: String
  var conformance: TypeName?
}

/// `lhs == rhs` in a `where` clause.
struct SameTypeRequirement: Equatable, Sendable {
  var lhs: String
  var rhs: TypeName
}

/// `extension Type: Conformances where Requirements { members }`, after its attributes.
struct ExtensionDeclaration: Equatable, Sendable {
  /// Such as `@available(iOS 17, *)`, as an expression each.
  var attributes: [Expression] = []
  var extendedType: TypeName
  var conformances: [TypeName] = []
  var requirements: [SameTypeRequirement] = []
  var members: [Declaration]
}

struct EnumCaseDeclaration: Equatable, Sendable {
  struct AssociatedValue: Equatable, Sendable {
    var label: String
    var type: TypeName
  }

  var doc: String?
  var name: String
  var associatedValues: [AssociatedValue] = []
  /// `case name = "raw"`: a String raw value other than the name.
  var rawValue: String?
}

struct FunctionDeclaration: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case function(String)
    case initializer
    /// `static func == (lhs: T, rhs: T) -> Bool`: an operator, its name followed by a space.
    case `operator`(String)
  }

  var doc: String?
  /// Attributes such as `@Test("name")`, as an expression each.
  var attributes: [Expression] = []
  var access: AccessModifier?
  var isStatic = false
  var isMutating = false
  var kind: Kind
  /// `<Value: Equatable>` after the name.
  var genericParameters: [GenericParameter] = []
  var parameters: [Parameter] = []
  var isAsync = false
  var isThrowing = false
  /// `throws(SearchError)`: the one error type a throwing function throws.
  var thrownType: TypeName?
  var returnType: TypeName?
  /// nil for a protocol requirement.
  var body: [Statement]?
}

struct Parameter: Equatable, Sendable {
  /// The argument label; nil when it is the name, `_` for none.
  var label: String?
  var name: String
  var type: TypeName
  var isInout = false
  var defaultValue: Expression?
}

struct VariableDeclaration: Equatable, Sendable {
  var doc: String?
  var access: AccessModifier?
  var isStatic = false
  var isConstant = false
  var name: String
  var type: TypeName?
  var initializer: Expression?
  /// The body of a read-only computed property.
  var getter: [Statement]?
}

indirect enum Statement: Equatable, Sendable {
  case expression(Expression)
  case declaration(VariableDeclaration)
  case assignment(Expression, Expression)
  /// `target op= value`, such as `count += 1`.
  case compoundAssignment(Expression, BinaryOperator, Expression)
  /// `if let name = value { body } else { otherwise }`
  case ifLet(String, Expression, [Statement], else: [Statement]?)
  /// `if condition { body } else { otherwise }`
  case ifElse(Expression, [Statement], [Statement]?)
  /// `if case .name(let a) = value { body }`
  case ifCase(Pattern, Expression, [Statement])
  case switchStatement(Expression, [SwitchCase])
  /// `for name in sequence where condition { body }`
  case forIn(String, Expression, where: Expression?, [Statement])
  /// `do { body }`: a scope of its own for the locals of one operation.
  case doBlock([Statement])
  case returnStatement(Expression?)
  case throwStatement(Expression)
  case breakStatement
}

struct SwitchCase: Equatable, Sendable {
  /// Empty for `default`.
  var patterns: [Pattern]
  var body: [Statement]
}

/// `.name(let a, _)` in a `case`.
struct Pattern: Equatable, Sendable {
  var caseName: String
  /// nil where the value is not bound (`_`); empty for a case matched without values.
  var bindings: [String?]
}

/// Only the cases that hold an expression are boxed: a name, a literal or a list is a value of
/// its own, without an allocation (a large spec's code model holds hundreds of thousands).
enum Expression: Equatable, Sendable {
  case identifier(String)
  /// `base.name`, or `.name` when there is no base.
  indirect case member(Expression?, String)
  /// `base.init`, or `.init` (the context's type) when there is no base: the initializer, where
  /// `.member(base, "init")` is a member named `init`, in backticks.
  indirect case initializer(Expression?)
  indirect case call(Expression, [Argument], trailingClosure: Closure?)
  indirect case closure(Closure)
  case literal(Literal)
  case array([Expression])
  case dictionary([DictionaryEntry])
  indirect case binary(Expression, BinaryOperator, Expression)
  indirect case prefix(PrefixOperator, Expression)
  indirect case subscripted(Expression, Expression)
  /// `base[label: index]`, such as `tasks[id: task.id]`.
  indirect case subscriptedByLabel(Expression, label: String, Expression)
  /// `base[key, default: value]`: a dictionary entry read or changed in place as if present.
  indirect case subscriptedWithDefault(Expression, key: Expression, default: Expression)
  indirect case forceUnwrap(Expression)
  /// `base?`, for optional chaining.
  indirect case optionalChain(Expression)
  indirect case inoutArgument(Expression)
  indirect case tryExpression(Expression)
  indirect case awaitExpression(Expression)
  /// `#name(arguments)`
  case macro(String, [Argument])
  indirect case parenthesized(Expression)
  /// `(query: query, page: page)`; `()` when empty.
  case tuple([Argument])
  /// `\.name`
  case keyPath(String)
  /// `@name(arguments)`, for attributes.
  case attribute(String, [Argument])
  /// A type used as a value, such as `EffectRunner<State, Action>` before `()`.
  case type(TypeName)
  /// `Type.self`
  case metatype(TypeName)
  /// `"text \(value) text"`: a string literal with values interpolated.
  case interpolation([InterpolationPart])
}

/// A piece of an interpolated string literal.
enum InterpolationPart: Equatable, Sendable {
  case text(String)
  case value(Expression)
}

struct Argument: Equatable, Sendable {
  var label: String?
  var value: Expression

  init(_ label: String?, _ value: Expression) {
    self.label = label
    self.value = value
  }
}

/// A closure of one expression, such as `{ !$0.isCompleted }`.
struct Closure: Equatable, Sendable {
  /// `() async throws(E) -> T`: what a closure without parameters is, when Swift can't infer
  /// it (a typed error).
  struct Signature: Equatable, Sendable {
    var isAsync = false
    var thrownType: TypeName?
    var returnType: TypeName
  }

  var parameters: [String] = []
  var signature: Signature?
  var body: Expression
}

enum Literal: Equatable, Sendable {
  case int(Int)
  case double(Double)
  case string(String)
  case bool(Bool)
  case nilLiteral
  case emptyArray
  case emptyDictionary
  /// A raw multi-line string, `#"""` to `"""#`, each line as written (no escapes): text a test
  /// keeps verbatim, such as a recording. No line may hold `"""#`.
  case rawLines([String])
}

/// The infix operators generated code uses.
enum BinaryOperator: String, Equatable, Sendable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case greater = ">"
  case lessOrEqual = "<="
  case greaterOrEqual = ">="
  case and = "&&"
  case or = "||"
  case plus = "+"
  case minus = "-"
  case times = "*"
  case nilCoalescing = "??"
}

/// The prefix operators generated code uses.
enum PrefixOperator: String, Equatable, Sendable {
  case not = "!"
  case negate = "-"
}

/// `key: value` in a dictionary literal.
struct DictionaryEntry: Equatable, Sendable {
  var key: Expression
  var value: Expression
}

extension Expression {
  static func name(_ text: String) -> Expression { .identifier(text) }
  static func dot(_ text: String) -> Expression { .member(nil, text) }

  func dot(_ text: String) -> Expression { .member(self, text) }

  func call(_ arguments: [Argument] = []) -> Expression {
    .call(self, arguments, trailingClosure: nil)
  }
}

extension Expression {
  /// Text from the spec as a string literal; a long one (an alert's message) as literals of at
  /// most `width` characters joined by `+`, cut between words, so a line of generated code can
  /// hold each (swift-format can't break a literal).
  static func text(_ text: String, width: Int = 60) -> Expression {
    guard text.count > width else { return .literal(.string(text)) }
    var pieces: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if candidate.count > width, !current.isEmpty {
        pieces.append(current + " ")
        current = String(word)
      } else {
        current = candidate
      }
      // A word longer than the width (a URL, text without spaces) is cut into pieces of it.
      while current.count > width {
        pieces.append(String(current.prefix(width)))
        current = String(current.dropFirst(width))
      }
    }
    pieces.append(current)
    let literals = pieces.map { Expression.literal(.string($0)) }
    return literals.dropFirst().reduce(literals[0]) { .binary($0, .plus, $1) }
  }
}
