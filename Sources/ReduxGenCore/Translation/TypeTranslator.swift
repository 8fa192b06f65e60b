/// Spec types and values as code-model types and expressions.
struct TypeTranslator {
  private let shared: SharedSpec
  var spec: Spec { shared.spec }
  /// Write small-number UUIDs as `uuid(n)`, a helper the test files declare.
  var usesUUIDHelper = false
  /// The library types the code names, through their module where the spec's types hide them.
  let runtime: RuntimeTypes
  /// The spec types written through their alias (`GeneratedNames.capturedTypeAlias`): names
  /// the declaration the code goes into gives a meaning of its own (see `capturing`).
  private(set) var captured: Set<String> = []
  /// The spec types written through their module (`Alpha.Item`): in an app's code, a name two
  /// of its features' specs declare.
  var qualified: Set<String> = []

  init(spec: Spec) {
    shared = SharedSpec(spec)
    runtime = RuntimeTypes(spec: spec)
  }

  /// This translator for code inside middleware, the effects middleware and the test effects,
  /// where `State`, `Action` and `Effects` mean the declaration's own (an associated type, a
  /// generic parameter, a nested type): the spec's types of those names go through their aliases.
  var capturing: TypeTranslator {
    var copy = self
    copy.captured = GeneratedNames.capturedTypeNames
    return copy
  }

  func typeName(_ type: SpecType) -> TypeName {
    switch type {
    case .scalar(let scalar): .named(scalar.rawValue)
    case .model(let name), .enumeration(let name): specType(name)
    case .optional(let wrapped): .optional(typeName(wrapped))
    case .array(let element):
      isIdentifiedList(type)
        ? runtime.generic("IdentifiedArrayOf", [typeName(element)]) : .array(typeName(element))
    case .dictionary(let key, let value): .dictionary(typeName(key), typeName(value))
    case .requestStatus: runtime.type("RequestStatus")
    case .indexSet: .named("IndexSet")
    case .stack(let screens): runtime.generic("ScreenStack", [specType(screens)])
    }
  }

  /// A model, enum or filter of the spec (or of a spec it uses) by name; through its alias where
  /// the name is captured.
  func specType(_ name: String) -> TypeName {
    if qualified.contains(name), let owner = ([spec] + spec.usedSpecs).first(where: { $0.declaredTypeNames.contains(name) }) {
      return .named(owner.moduleName + "." + name)
    }
    // A used spec's type named like one of Foundation's (`Timer`): through its module, since
    // this module's sources import Foundation too (its own type of the name hides Foundation's).
    if GeneratedNames.foundationTypeNames.contains(name), !spec.declaredTypeNames.contains(name),
      let owner = spec.usedSpecs.first(where: { $0.declaredTypeNames.contains(name) })
    {
      return .named(owner.moduleName + "." + name)
    }
    guard captured.contains(name), let owner = feature(declaring: name) else { return .named(name) }
    return .named(GeneratedNames(feature: owner).capturedTypeAlias(name))
  }

  /// The feature whose module declares the type `name`: this one, or a used spec.
  private func feature(declaring name: String) -> String? {
    ([spec] + spec.usedSpecs).first { $0.declaredTypeNames.contains(name) }?.feature
  }

  /// The aliases of the spec's own types whose names declarations capture, for the models file.
  func capturedTypeAliases(access: AccessModifier?) -> [Declaration] {
    spec.declaredTypeNames.filter(GeneratedNames.capturedTypeNames.contains).map { name in
      .typeAlias(
        doc: """
          The spec's `\(name)`, as generated code names it where `\(name)` means something else: in a
          middleware (`Middleware`'s associated types `State` and `Action`) and in the effects
          middleware (its generic parameter `Effects`).
          """,
        access: access, name: spec.names.capturedTypeAlias(name), type: .named(name))
    }
  }

  /// Whether `type` is a list of models with an `id`: an `IdentifiedArrayOf` the runtime
  /// re-exports, which finds an element by id in constant time and holds one element per id.
  func isIdentifiedList(_ type: SpecType) -> Bool {
    guard case .array(.model(let name)) = type else { return false }
    return spec.model(named: name)?.idField != nil
  }

  /// Whether the list a filter is over holds models with an `id`.
  func isIdentifiedList(over filter: Filter) -> Bool { isIdentifiedList(.array(.model(filter.element))) }

  /// ReduxRuntime's sort keys for `keys`: `[.ascending(\.isCompleted), .descending(\.priority)]`.
  func sortKeys(_ keys: [SortKey]) -> Expression {
    .array(keys.map { .dot($0.descending ? "descending" : "ascending").call([Argument(nil, .keyPath($0.field))]) })
  }

  /// `AlertButton("Reset", role: .destructive, action: .resetAll)`: a button of an alert, as the
  /// alert's `buttons` and its tests write it.
  func alertButton(_ button: AlertDeclaration.Button) -> Expression {
    var arguments = [Argument(nil, .text(button.label))]
    if let role = button.role { arguments.append(Argument("role", .dot(role.rawValue))) }
    arguments.append(Argument("action", .dot(button.action ?? Spec.alertDismiss)))
    return runtime.value("AlertButton").call(arguments)
  }

  /// An action as an example's step (or `start:`) writes it, as a value: `.fetchUser(id: "u1")`;
  /// `qualified`, through its type (`UsersAction.fetchUser(id: "u1")`), where nothing else gives it.
  func action(_ step: Example.Step, qualified: Bool = false) -> Expression {
    if let element = step.element, let destination = element.destination, let stack = spec.stack(named: step.action),
      let screen = stack.destination(named: destination)
    {
      // A destination's action for the screen with that id: `.path(id: 1, action: .detail(.save))`.
      var child = TypeTranslator(spec: screen.spec)
      child.usesUUIDHelper = usesUUIDHelper
      let member = qualified ? Expression.name(spec.actionTypeName).dot(step.action) : .dot(step.action)
      return member.call([
        Argument("id", expression(element.id, type: .scalar(.int))),
        Argument("action", Expression.dot(destination).call([Argument(nil, child.action(element.step))])),
      ])
    }
    if let element = step.element, let list = spec.child(named: step.action) {
      // The child's action, as the child's spec writes it, for the element with that id.
      var child = TypeTranslator(spec: list.spec)
      child.usesUUIDHelper = usesUUIDHelper
      let member = qualified ? Expression.name(spec.actionTypeName).dot(step.action) : .dot(step.action)
      guard list.isList else { return member.call([Argument(nil, child.action(element.step))]) }
      return member.call([
        Argument("id", expression(element.id, type: list.idType)), Argument("action", child.action(element.step)),
      ])
    }
    if step.action == Spec.alertField, !spec.alerts.isEmpty, spec.action(named: step.action) == nil,
      case .enumCase(let button)? = step.arguments.first?.value
    {
      // A button of the alert shown: `.alert(.resetAll)`.
      let member = qualified ? Expression.name(spec.actionTypeName).dot(step.action) : .dot(step.action)
      return member.call([Argument(nil, .dot(button))])
    }
    let action = spec.action(named: step.action)
    let arguments = step.arguments.map { argument in
      let type = action?.payload.first { $0.name == argument.name }?.type ?? .scalar(.string)
      return Argument(argument.name, expression(argument.value, type: type))
    }
    let member = qualified ? Expression.name(spec.actionTypeName).dot(step.action) : .dot(step.action)
    return arguments.isEmpty ? member : member.call(arguments)
  }

  /// `value` as an expression of `type`; enum cases need the type from context.
  func expression(_ value: Value, type: SpecType) -> Expression {
    switch value {
    case .bool(let flag): return .literal(.bool(flag))
    case .int(let number): return .literal(.int(number))
    case .double(let number): return .literal(.double(number))
    case .string(let text): return .literal(.string(text))
    case .uuid(let text):
      if usesUUIDHelper, let number = smallUUIDNumber(text) {
        return .name("uuid").call([Argument(nil, .literal(.int(number)))])
      }
      return .forceUnwrap(.name("UUID").call([Argument("uuidString", .literal(.string(text)))]))
    case .newUUID: return .name("UUID").call()
    case .now: return .name("Date").call()
    case .date(let seconds):
      let value: Literal = seconds.rounded() == seconds && abs(seconds) < 1e15 ? .int(Int(seconds)) : .double(seconds)
      return .name("Date").call([Argument("timeIntervalSince1970", .literal(value))])
    case .url(let text):
      return .forceUnwrap(.name("URL").call([Argument("string", .literal(.string(text)))]))
    case .data(let text):
      return .name("Data").call([Argument(nil, .literal(.string(text)).dot("utf8"))])
    case .enumCase(let name):
      // In an optional context `.none` and `.some` would mean Optional's own cases: name the type.
      // Those two always are (a dictionary's entry is set through an optional, too).
      if type.isOptional || name == "none" || name == "some" { return .type(typeName(type.unwrapped)).dot(name) }
      return .dot(name)
    case .caseWithValues(let name, let values):
      let fields = spec.caseValues(of: type, case: name) ?? []
      let arguments = values.map { value in
        Argument(value.name, expression(value.value, type: fields.first { $0.name == value.name }?.type ?? .scalar(.string)))
      }
      let member: Expression = type.isOptional ? .type(typeName(type.unwrapped)).dot(name) : .dot(name)
      return member.call(arguments)
    case .null: return .literal(.nilLiteral)
    case .array(let elements):
      guard !elements.isEmpty else { return .literal(.emptyArray) }
      let element = type.unwrapped.elementType ?? type
      return .array(elements.map { expression($0, type: element) })
    case .dictionary(let entries):
      guard case .dictionary(let keyType, let valueType) = type.unwrapped else {
        return .literal(.emptyDictionary)
      }
      return .dictionary(
        entries.map {
          DictionaryEntry(key: expression($0.key, type: keyType), value: expression($0.value, type: valueType))
        })
    case .model(let name, let fields):
      let model = spec.model(named: name)
      let arguments = fields.map { field in
        let fieldType = model?.fields.first { $0.name == field.name }?.type ?? .scalar(.string)
        return Argument(field.name, expression(field.value, type: fieldType))
      }
      return .type(specType(name)).call(arguments)
    case .modelDefault(let name):
      return .type(specType(name)).call()
    case .failed(let message):
      return Expression.dot("failed").call([Argument(nil, .literal(.string(message)))])
    }
  }

  /// The number `uuid(_:)` makes `text` from (`smallUUID`), or nil. Read byte by byte: a large
  /// spec's tests ask it of thousands of ids.
  private func smallUUIDNumber(_ text: String) -> Int? {
    let utf8 = text.utf8
    guard utf8.count == smallUUIDPrefix.utf8.count + 12, utf8.starts(with: smallUUIDPrefix.utf8) else { return nil }
    var number = 0
    for byte in utf8.dropFirst(smallUUIDPrefix.utf8.count) {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      number = number * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return number
  }
}

extension Spec.Access {
  /// The modifier generated declarations take; internal needs none.
  var modifier: AccessModifier? {
    switch self {
    case .public: .public
    case .package: .package
    case .internal: nil
    }
  }
}

/// A checked spec held by reference, so that copies of a translator share it: translators are
/// copied into each operation's, test's and context's values, and a `Spec` copied retains each
/// of its two dozen stored properties.
final class SharedSpec: Sendable {
  let spec: Spec

  init(_ spec: Spec) { self.spec = spec }
}
