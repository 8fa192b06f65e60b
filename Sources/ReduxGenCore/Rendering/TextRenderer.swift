import Foundation

/// Prints a `SwiftFile` as text: the only code that knows indentation and line width.
///
/// The layout follows what the toolchain's `swift format` produces with its defaults
/// (2-space indentation, 100 columns) for the shapes redux-gen generates.
struct TextRenderer: Sendable {
  static let indentUnit = "  "
  static let lineWidth = 100

  init() {}

  func render(_ file: SwiftFile) -> String {
    var printer = Printer()
    for line in file.header { printer.line(line.isEmpty ? "//" : "// \(line)") }
    if !file.header.isEmpty { printer.blank() }
    let plain = file.imports.filter { !file.generatedSPIImports.contains($0) }
    let imports =
      plain.map { (module: $0, line: "import \($0)") }
      + file.generatedSPIImports.map { (module: $0, line: "@_spi(Generated) import \($0)") }
    for entry in imports.sorted(by: { $0.module < $1.module }) { printer.line(entry.line) }
    // As swift-format orders them: by the imported path, whatever its kind (`struct`, `class`).
    let byPath = file.declarationImports.sorted { ($0.split(separator: " ").last ?? "", $0) < ($1.split(separator: " ").last ?? "", $1) }
    for declaration in byPath { printer.line("import \(declaration)") }
    for module in file.testableImports.sorted() { printer.line("@testable import \(module)") }
    for declaration in file.declarations {
      printer.blank()
      render(declaration, &printer)
    }
    return printer.text
  }

  // MARK: Declarations

  private func render(_ declaration: Declaration, _ p: inout Printer) {
    switch declaration {
    case .structure(let type): renderType("struct", type, &p)
    case .enumeration(let type): renderType("enum", type, &p)
    case .protocolDeclaration(let type): renderType("protocol", type, &p)
    case .extensionDeclaration(let ext):
      for attribute in ext.attributes { p.line(expression(attribute)) }
      var text = "extension \(type(ext.extendedType))"
      if !ext.conformances.isEmpty { text += ": " + ext.conformances.map(type).joined(separator: ", ") }
      if p.fits(text + whereClause(ext.requirements) + " {") {
        p.line(text + whereClause(ext.requirements) + " {")
      } else if ext.requirements.isEmpty {
        // As swift-format breaks it: `{` alone.
        p.line(text)
        p.line("{")
      } else {
        // As swift-format breaks it: `where` on the next line, and when its requirements don't
        // fit there, one a line after a lone `where`, then `{` alone.
        p.line(text)
        let requirements = ext.requirements.map(requirement)
        if p.fits("where " + requirements.joined(separator: ", ") + " {") {
          p.line("where " + requirements.joined(separator: ", ") + " {")
        } else {
          p.line("where")
          p.indent()
          p.commaLines(requirements)
          p.outdent()
          p.line("{")
        }
      }
      renderMembers(ext.members, &p)
      p.line("}")
    case .function(let function): renderFunction(function, &p)
    case .variable(let variable): renderVariable(variable, &p)
    case .typeAlias(let text, let attributes, let modifier, let name, let aliased):
      doc(text, &p)
      for attribute in attributes { p.line(expression(attribute)) }
      let head = access(modifier) + "typealias \(escapedName(name)) = "
      if p.fits(head + type(aliased)) {
        p.line(head + type(aliased))
      } else if case .generic(let generic, _) = aliased, !p.fits(head + generic + "<") {
        // As swift-format: `=` ends the line, the type on the next, broken if need be.
        p.line(String(head.dropLast()))
        p.indent()
        if p.fits(type(aliased)) || !brokenType("", aliased, "", &p) { p.line(type(aliased)) }
        p.outdent()
      } else if brokenType(head, aliased, "", &p) {
        // Printed, its generic arguments broken.
      } else if case .qualified(let module, let inner) = aliased {
        // `Module` ends the line, `.Name` on the next, its generic arguments broken if need be.
        p.line(head + module)
        p.indent()
        if p.fits("." + type(inner)) || !brokenType(".", inner, "", &p) { p.line("." + type(inner)) }
        p.outdent()
      } else {
        p.line(head + type(aliased))
      }
    case .enumCase(let enumCase):
      doc(enumCase.doc, &p)
      let head = "case \(escapedName(enumCase.name))" + (enumCase.rawValue.map { " = " + literal(.string($0)) } ?? "")
      let values = enumCase.associatedValues.map { "\(escapedName($0.label)): \(type($0.type))" }
      let oneLine = values.isEmpty ? head : head + "(\(values.joined(separator: ", ")))"
      guard !p.fits(oneLine) else {
        p.line(oneLine)
        return
      }
      // As swift-format breaks it: the values fill the lines after `(`, `)` on the last.
      p.line(head + "(")
      p.indent()
      p.fill(values, separator: ", ", closing: ")")
      p.outdent()
    }
  }

  private func renderType(_ keyword: String, _ declaration: TypeDeclaration, _ p: inout Printer) {
    doc(declaration.doc, &p)
    let name = access(declaration.access) + "\(keyword) \(declaration.name)"
    let parameters = declaration.genericParameters.map { parameter in
      parameter.name + (parameter.conformance.map { ": " + type($0) } ?? "")
    }
    let generics = parameters.isEmpty ? "" : "<" + parameters.joined(separator: ", ") + ">"
    let inherits = declaration.inherits.isEmpty ? "" : ": " + declaration.inherits.map(type).joined(separator: ", ")
    let text = name + generics + inherits + whereClause(declaration.requirements)
    if declaration.members.isEmpty {
      p.line(text + " {}")
      return
    }
    if p.fits(text + " {") {
      p.line(text + " {")
    } else {
      header(declaration, name: name, parameters: parameters, generics: generics, inherits: inherits, &p)
    }
    renderMembers(declaration.members, &p)
    p.line("}")
  }

  /// A type's header too long for a line, as swift-format breaks it: `{` alone when the rest fits
  /// a line; else the generic parameters on a line of their own between `<` and `>`; else the
  /// one inherited generic type's arguments so, or the inherited types after `:`, then `{` alone.
  private func header(
    _ declaration: TypeDeclaration, name: String, parameters: [String], generics: String, inherits: String,
    _ p: inout Printer
  ) {
    let constraints = whereClause(declaration.requirements)
    if p.fits(name + generics + inherits + constraints) {
      p.line(name + generics + inherits + constraints)
      p.line("{")
    } else if !generics.isEmpty {
      p.line(name + "<")
      p.indent()
      p.fill(parameters, separator: ", ")
      p.outdent()
      p.line(">" + inherits + constraints + " {")
    } else if declaration.inherits.count == 1, constraints.isEmpty,
      brokenType(name + ": ", declaration.inherits[0], "", &p)
    {
      p.line("{")
    } else if inherits.isEmpty {
      p.line(name + generics + constraints)
      p.line("{")
    } else {
      p.line(name + ":")
      p.indent()
      let inherited = String(inherits.dropFirst(2)) + constraints
      // One inherited generic type too long even there breaks inside its `<` and `>`.
      if p.fits(inherited) || declaration.inherits.count != 1 || !constraints.isEmpty
        || !brokenType("", declaration.inherits[0], "", &p)
      {
        p.line(inherited)
      }
      p.outdent()
      p.line("{")
    }
  }

  /// `prefix`, a type and `suffix` too long for a line, as swift-format breaks them: a generic
  /// type's `Name<` ends the line, its arguments on the next, `>` and `suffix` after (found
  /// through a module, `any` or an array); a tuple's elements between `(` and `)`; a closure
  /// type's result after `->`. False, printing nothing, for any other type.
  private func brokenType(_ prefix: String, _ value: TypeName, _ suffix: String, _ p: inout Printer) -> Bool {
    switch value {
    case .generic(let name, let arguments) where !arguments.isEmpty:
      // The arguments on one line when they fit it, else one a line.
      p.line(prefix + name + "<")
      p.indent()
      let items = arguments.map(type)
      if p.fits(items.joined(separator: ", ")) {
        p.line(items.joined(separator: ", "))
      } else {
        p.commaLines(items)
      }
      p.outdent()
      p.line(">" + suffix)
      return true
    case .qualified(let module, let name):
      // Broken inside `Module.Name<` only when that much fits the line.
      if case .generic(let generic, _) = name, !p.fits(prefix + module + "." + generic + "<") { return false }
      return brokenType(prefix + module + ".", name, suffix, &p)
    case .existential(let constraint):
      return brokenType(prefix + "any ", constraint, suffix, &p)
    case .array(let element):
      return brokenType(prefix + "[", element, "]" + suffix, &p)
    case .tuple(let elements) where !elements.isEmpty:
      // `(a: A, b: B)`: the elements on the lines after `(`, `)` alone.
      p.line(prefix + "(")
      p.indent()
      p.fill(elements.map { "\(escapedName($0.label)): \(type($0.type))" }, separator: ", ")
      p.outdent()
      p.line(")" + suffix)
      return true
    case .sendableFunction(let parameters, let result):
      // `@Sendable (A, B) ->` ends the line, the result on the next.
      p.line(prefix + closureTypeHead(parameters) + " ->")
      p.indent()
      p.line(type(result) + suffix)
      p.outdent()
      return true
    default:
      return false
    }
  }

  /// ` where A == B, C == D`, or nothing.
  private func whereClause(_ requirements: [SameTypeRequirement]) -> String {
    guard !requirements.isEmpty else { return "" }
    return " where " + requirements.map(requirement).joined(separator: ", ")
  }

  /// `A == B`
  private func requirement(_ requirement: SameTypeRequirement) -> String {
    "\(requirement.lhs) == \(type(requirement.rhs))"
  }

  private func renderMembers(_ members: [Declaration], _ p: inout Printer) {
    p.indent()
    var previous: Declaration?
    for member in members {
      if let previous, !(isCompact(previous) && isCompact(member)) { p.blank() }
      render(member, &p)
      previous = member
    }
    p.outdent()
  }

  /// Enum cases and stored properties without docs sit on consecutive lines.
  private func isCompact(_ declaration: Declaration) -> Bool {
    switch declaration {
    case .enumCase(let enumCase): enumCase.doc == nil
    case .variable(let variable): variable.getter == nil && variable.doc == nil
    default: false
    }
  }

  private func renderFunction(_ function: FunctionDeclaration, _ p: inout Printer) {
    doc(function.doc, &p)
    function.attributes.forEach { attributeLines($0, &p) }
    var head = access(function.access)
    if function.isStatic { head += "static " }
    if function.isMutating { head += "mutating " }
    switch function.kind {
    case .function(let name):
      head += "func "
      head += escapedName(name)
    case .initializer: head += "init"
    case .operator(let name): head += "func \(name) "
    }
    if !function.genericParameters.isEmpty {
      head += "<" + function.genericParameters.map { $0.name + ($0.conformance.map { ": " + type($0) } ?? "") }
        .joined(separator: ", ") + ">"
    }
    let parameters = function.parameters.map(parameter).joined(separator: ", ")
    // ` async throws(E)`, then ` -> T`: kept apart, as a long line breaks between them.
    let effectsBeforeReturn =
      (function.isAsync ? " async" : "")
      + (function.isThrowing ? function.thrownType.map { " throws(\(type($0)))" } ?? " throws" : "")
    let effects = effectsBeforeReturn + (function.returnType.map { " -> \(type($0))" } ?? "")
    let opener = function.body == nil ? "" : (function.body!.isEmpty ? " {}" : " {")
    let oneLine = "\(head)(\(parameters))\(effects)\(opener)"
    if p.fits(oneLine) {
      p.line(oneLine)
    } else if p.fits("\(head)(\(parameters))") && !effects.isEmpty {
      // swift-format's shape: the effects on a continuation line, the brace on its own.
      p.line("\(head)(\(parameters))")
      p.indent()
      let ending = opener == " {" ? "" : opener
      if let returnType = function.returnType, !p.fits(effects.trimmingLeadingSpace + ending) {
        // Still too long: `-> T` on a line of its own, its generic arguments broken if need be.
        if !effectsBeforeReturn.isEmpty { p.line(effectsBeforeReturn.trimmingLeadingSpace) }
        let arrow = "-> " + type(returnType)
        if p.fits(arrow + ending) || !brokenType("-> ", returnType, ending, &p) { p.line(arrow + ending) }
      } else {
        p.line(effects.trimmingLeadingSpace + ending)
      }
      p.outdent()
      if opener == " {" { p.line("{") }
    } else {
      p.line("\(head)(")
      p.indent()
      let parameters = function.parameters.map(parameter)
      if parameters.allSatisfy({ p.fits($0 + ",") }) {
        p.fill(parameters, separator: ", ")
      } else {
        // One a line, a parameter too long for one with its type's generic arguments broken.
        for (index, item) in parameters.enumerated() {
          longParameter(function.parameters[index], item, ending: index == parameters.count - 1 ? "" : ",", &p)
        }
      }
      p.outdent()
      let closing = ")\(effects)\(opener)"
      if let returnType = function.returnType, !p.fits(closing) {
        if !brokenType(")" + effectsBeforeReturn + " -> ", returnType, opener, &p) { p.line(closing) }
      } else {
        p.line(closing)
      }
    }
    guard let body = function.body, !body.isEmpty else { return }
    p.indent()
    body.forEach { statement($0, &p) }
    p.outdent()
    p.line("}")
  }

  /// A parameter on a line of its own, as swift-format breaks one too long for it: its type's
  /// generic arguments, else the line after ` =` holding its default value.
  private func longParameter(_ declared: Parameter, _ item: String, ending: String, _ p: inout Printer) {
    let defaultText = declared.defaultValue.map { " = " + expression($0) } ?? ""
    let typeText = type(declared.type)
    guard !p.fits(item + ending), item.hasSuffix(typeText + defaultText) else { return p.line(item + ending) }
    let head = String(item.dropLast(typeText.count + defaultText.count))
    if case .sendableFunction(let parameters, let result) = declared.type, defaultText.isEmpty {
      // The closure's type after the name's line; too long for that line, its result on the next.
      let escaping = head.hasSuffix("@escaping ") ? "@escaping " : ""
      p.line(String(head.dropLast(escaping.count)).trimmingTrailingSpace)
      p.indent()
      if p.fits(escaping + typeText + ending) {
        p.line(escaping + typeText + ending)
      } else if p.fits(type(result) + ending) || !brokenType(escaping + closureTypeHead(parameters) + " -> ", result, ending, &p) {
        p.line(escaping + closureTypeHead(parameters) + " ->")
        p.line(type(result) + ending)
      }
      p.outdent()
      return
    }
    if case .autoclosure = declared.type, defaultText.isEmpty {
      // `showing alert:` on its line, the type on the next (swift-format's shape).
      p.line(head.trimmingTrailingSpace)
      p.indent()
      p.line(typeText + ending)
      p.outdent()
      return
    }
    if brokenType(head, declared.type, defaultText + ending, &p) { return }
    guard !defaultText.isEmpty else { return p.line(item + ending) }
    p.line(head + typeText + " =")
    p.indent()
    p.line(String(defaultText.dropFirst(3)) + ending)
    p.outdent()
  }

  /// `@Test("title")`; too long for a line, its arguments one a line after `(`, `)` alone.
  private func attributeLines(_ attribute: Expression, _ p: inout Printer) {
    guard case .attribute(let name, let arguments) = attribute, !arguments.isEmpty, !p.fits(expression(attribute))
    else { return p.line(expression(attribute)) }
    p.line("@\(name)(")
    p.indent()
    let items = arguments.map(argument)
    p.commaLines(items)
    p.outdent()
    p.line(")")
  }

  private func parameter(_ parameter: Parameter) -> String {
    var text = ""
    if let label = parameter.label { text += "\(label == "_" ? "_" : escapedName(label)) " }
    text += "\(escapedName(parameter.name)): "
    if parameter.isInout { text += "inout " }
    if case .sendableFunction = parameter.type { text += "@escaping " }
    text += type(parameter.type)
    if let value = parameter.defaultValue { text += " = \(expression(value))" }
    return text
  }

  private func renderVariable(_ variable: VariableDeclaration, _ p: inout Printer) {
    doc(variable.doc, &p)
    let named =
      access(variable.access) + (variable.isStatic ? "static " : "") + (variable.isConstant ? "let " : "var ")
      + escapedName(variable.name)
    let text = named + (variable.type.map { ": \(type($0))" } ?? "")
    if let getter = variable.getter {
      if p.fits(text + " {") {
        p.line(text + " {")
      } else if p.fits(text) {
        p.line(text)
        p.line("{")
      } else if let declared = variable.type {
        // As swift-format breaks it: the type on the next line, `{` alone.
        typeOnNextLine(named, declared, &p)
        p.line("{")
      } else {
        p.line(text + " {")
      }
      p.indent()
      getter.forEach { statement($0, &p) }
      p.outdent()
      p.line("}")
      return
    }
    if let value = variable.initializer, let declared = variable.type, !p.fits(text + " =") {
      // As swift-format breaks it: the type, `=` and the value after the name's line.
      p.line(named + ":")
      p.indent()
      assignment(type(declared) + " = ", value, &p)
      p.outdent()
    } else if let value = variable.initializer {
      assignment(text + " = ", value, &p)
    } else if let declared = variable.type, !p.fits(text) {
      // As swift-format breaks it: the type on the next line.
      typeOnNextLine(named, declared, &p)
    } else {
      p.line(text)
    }
  }

  /// `named:` ending the line, then the type indented, its generic arguments broken if need be.
  private func typeOnNextLine(_ named: String, _ declared: TypeName, _ p: inout Printer) {
    p.line(named + ":")
    p.indent()
    if p.fits(type(declared)) || !brokenType("", declared, "", &p) { p.line(type(declared)) }
    p.outdent()
  }

  private func doc(_ text: String?, _ p: inout Printer) {
    guard let text else { return }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      p.line(line.isEmpty ? "///" : "/// \(line)")
    }
  }

  private func access(_ modifier: AccessModifier?) -> String {
    switch modifier {
    case nil: ""
    case .public: "public "
    case .package: "package "
    case .internal: "internal "
    case .private: "private "
    case .fileprivate: "fileprivate "
    }
  }

  // MARK: Statements

  private func statement(_ statement: Statement, _ p: inout Printer) {
    switch statement {
    case .expression(let value):
      callStatement("", value, &p)
    case .declaration(let variable):
      renderVariable(variable, &p)
    case .assignment(let target, let value):
      assignment(expression(target) + " = ", value, &p)
    case .compoundAssignment(let target, let op, let value):
      let head = "\(expression(target)) \(op.rawValue)="
      let value = expression(value)
      if p.fits(head + " " + value) {
        p.line(head + " " + value)
      } else {
        // As swift-format breaks it: the value on the line after the operator.
        p.line(head)
        p.indent()
        p.line(value)
        p.outdent()
      }
    case .ifLet(let name, let value, let body, let otherwise):
      let head = "if let \(escapedName(name)) = \(expression(value))"
      if p.fits(head + " {") {
        p.line(head + " {")
      } else if p.fits(head) || !value.isCall {
        // As swift-format breaks it: `{` alone.
        p.line(head)
        p.line("{")
      } else {
        // Still too long: the call broken after `(` too.
        brokenCall("if let \(escapedName(name)) = ", value, closing: "", &p)
        p.line("{")
      }
      if let otherwise {
        block(body, &p, closing: false)
        p.line("} else {")
        block(otherwise, &p)
      } else {
        block(body, &p)
      }
    case .ifCase(let matched, let value, let body):
      p.line("if case \(pattern(matched)) = \(expression(value)) {")
      block(body, &p)
    case .doBlock(let body):
      p.line("do {")
      block(body, &p)
    case .ifElse(let condition, let body, let otherwise):
      ifHead("if ", condition, &p)
      p.indent()
      body.forEach { self.statement($0, &p) }
      p.outdent()
      // An `else` holding one `if` is written `else if`.
      var rest = otherwise
      while let statements = rest {
        if statements.count == 1, case .ifElse(let condition, let body, let otherwise) = statements[0] {
          ifHead("} else if ", condition, &p)
          p.indent()
          body.forEach { self.statement($0, &p) }
          p.outdent()
          rest = otherwise
        } else {
          p.line("} else {")
          block(statements, &p)
          return
        }
      }
      p.line("}")
    case .switchStatement(let subject, let cases):
      p.line("switch \(expression(subject)) {")
      for switchCase in cases {
        if switchCase.patterns.isEmpty {
          p.line("default:")
        } else {
          let patterns = switchCase.patterns.map(pattern)
          let oneLine = patterns.count == 1 ? "case \(patterns[0]):" : nil
          if let oneLine, p.fits(oneLine) {
            p.line(oneLine)
          } else if oneLine != nil {
            // One pattern too long for a line: broken after `(`, the bindings filling the lines.
            let single = switchCase.patterns[0]
            p.line("case .\(escapedName(single.caseName))(")
            p.indent()
            p.fill(single.bindings.map { $0.map { "let \(escapedName($0))" } ?? "_" }, separator: ", ", closing: "):")
            p.outdent()
          } else {
            casePatterns(patterns, &p)
          }
        }
        block(switchCase.body, &p, closing: false)
      }
      p.line("}")
    case .returnStatement(let value):
      if case .array? = value {
        assignment("return ", value!, &p)
      } else if let value {
        callStatement("return ", value, &p)
      } else {
        p.line("return")
      }
    case .throwStatement(let value):
      callStatement("throw ", value, &p)
    case .breakStatement:
      p.line("break")
    case .forIn(let name, let sequence, let condition, let body):
      let head = "for \(escapedName(name)) in \(expression(sequence))"
      let filter = condition.map { " where \(expression($0))" } ?? ""
      if p.fits(head + filter + " {") {
        p.line(head + filter + " {")
      } else {
        // As swift-format breaks it: `where` on a line of its own, then `&&`/`||` operands
        // filled onto continuation lines, and `{` alone.
        p.line(head)
        if let condition, p.fits("where \(expression(condition)) {") {
          p.line("where \(expression(condition)) {")
        } else {
          if let condition { conditionLines("where ", condition, &p) }
          p.line("{")
        }
      }
      block(body, &p)
    }
  }

  /// `if condition {` on one line, or broken as swift-format breaks it: the operands of `&&` or
  /// `||` on continuation lines, `{` alone.
  private func ifHead(_ prefix: String, _ condition: Expression, _ p: inout Printer) {
    let head = prefix + expression(condition) + " {"
    if p.fits(head) {
      p.line(head)
    } else {
      conditionLines(prefix, condition, &p)
      p.line("{")
    }
  }

  /// `prefix` and a condition, its top-level `&&` or `||` operands filled onto lines, each
  /// continuation indented and starting with the operator.
  private func conditionLines(_ prefix: String, _ condition: Expression, _ p: inout Printer) {
    guard case .binary(_, let op, _) = condition, op == .and || op == .or else {
      let line = prefix + expression(condition)
      guard !p.fits(line) else { return p.line(line) }
      // One condition too long for its line, as swift-format breaks it: a call (or its negation)
      // after `(`; a comparison before its operator, the right side on a continuation line.
      if case .binary = condition {
        binaryLines(prefix, condition, closing: "", &p)
      } else if !brokenCallOrNegation(prefix, condition, &p) {
        p.line(line)
      }
      return
    }
    func operands(_ value: Expression) -> [Expression] {
      if case .binary(let lhs, op, let rhs) = value { return operands(lhs) + operands(rhs) }
      return [value]
    }
    let values = operands(condition)
    let parts = values.map(expression)
    var line: String? = prefix + parts[0]
    var continued = false
    for (value, part) in zip(values, parts).dropFirst() {
      if let current = line, p.fits(current + " \(op.rawValue) " + part) {
        line = current + " \(op.rawValue) " + part
        continue
      }
      if let current = line { p.line(current) }
      if !continued {
        p.indent()
        continued = true
      }
      line = "\(op.rawValue) " + part
      // An operand too long for its line: a call (or its negation) broken after `(`.
      if !p.fits(op.rawValue + " " + part), brokenCallOrNegation(op.rawValue + " ", value, &p) { line = nil }
    }
    if let line { p.line(line) }
    if continued { p.outdent() }
  }

  /// `prefix` and a call, or its negation (`!f(...)`), broken after `(`; false, printing
  /// nothing, for any other expression.
  private func brokenCallOrNegation(_ prefix: String, _ value: Expression, _ p: inout Printer) -> Bool {
    switch value {
    case .call(_, let arguments, nil) where !arguments.isEmpty:
      brokenCall(prefix, value, closing: "", &p)
    case .prefix(let negation, let inner) where inner.isCall:
      brokenCall(prefix + negation.rawValue, inner, closing: "", &p)
    default:
      return false
    }
    return true
  }

  private func block(_ body: [Statement], _ p: inout Printer, closing: Bool = true) {
    p.indent()
    body.forEach { statement($0, &p) }
    p.outdent()
    if closing { p.line("}") }
  }

  private func pattern(_ pattern: Pattern) -> String {
    guard !pattern.bindings.isEmpty else { return ".\(escapedName(pattern.caseName))" }
    let bindings = pattern.bindings.map { $0.map { "let \(escapedName($0))" } ?? "_" }
    return ".\(escapedName(pattern.caseName))(\(bindings.joined(separator: ", ")))"
  }

  /// `a + b * c` too long for a line, as swift-format breaks it: operands and operators in the
  /// order they print, as many as fit on each line, each further line starting with its operator
  /// (indented, unless `continued`: the value already starts a continuation line).
  private func binaryLines(
    _ prefix: String, _ value: Expression, closing: String, continued: Bool = false, _ p: inout Printer
  ) {
    // Each operand with the operator before it (none before the first).
    func flattened(_ value: Expression) -> [(op: String, operand: Expression)] {
      guard case .binary(let lhs, let op, let rhs) = value else { return [("", value)] }
      var items = flattened(lhs)
      let right = flattened(rhs)
      items.append((op.rawValue + " ", right[0].operand))
      return items + right.dropFirst()
    }
    let items = flattened(value)
    var line: String? = prefix + expression(items[0].operand)
    var broken = false
    for (index, item) in items.enumerated().dropFirst() {
      let ending = index == items.count - 1 ? closing : ""
      let text = item.op + expression(item.operand)
      if let current = line, p.fits(current + " " + text + ending) {
        line = current + " " + text
        continue
      }
      if let current = line { p.line(current) }
      if !broken && !continued { p.indent() }
      broken = true
      line = text
      // An operand too long for a line of its own: a call broken after `(`.
      if !p.fits(text + ending), item.operand.isCall {
        brokenCall(item.op, item.operand, closing: ending, &p)
        line = nil
      }
    }
    if let line { p.line(line + closing) }
    if broken && !continued { p.outdent() }
  }

  /// `prefix value`, broken the way swift-format breaks a long right-hand side.
  private func assignment(_ prefix: String, _ value: Expression, _ p: inout Printer) {
    var oneLine = prefix
    write(value, into: &oneLine)
    // swift-format keeps a column free after a collection literal for a trailing comma.
    let reserve =
      switch value {
      case .array, .dictionary: true
      default: Self.endsInCollection(value)
      }
    if p.fits(oneLine, leaving: reserve ? 1 : 0) {
      p.line(oneLine)
      return
    }
    // A call whose head doesn't fit, unless the head is a generic type that `callHead` breaks.
    let callTooLong =
      switch value.awaitedOrTried {
      case .call(.type(.generic), _, nil): false
      case .call(let callee, _, nil): !p.fits(prefix + value.effectKeywords + expression(callee) + "(")
      default: false
      }
    let isCollection =
      switch value {
      case .array, .dictionary: true
      default: false
      }
    if (isCollection && !p.fits(prefix + "[")) || callTooLong, prefix.hasSuffix(" = ") {
      // A declaration whose `= [` or `= f(` doesn't fit: the value on the lines after `=`.
      p.line(prefix.trimmingTrailingSpace)
      p.indent()
      assignment("", value, &p)
      p.outdent()
      return
    }
    switch value {
    case .tryExpression(let inner) where inner.isCall:
      assignment(prefix + "try ", inner, &p)
    case .tryExpression(.awaitExpression(let inner)) where inner.isCall:
      assignment(prefix + "try await ", inner, &p)
    case .awaitExpression(let inner) where inner.isCall:
      assignment(prefix + "await ", inner, &p)
    case .array(let elements):
      // Elements share a line when they fit on one; a list of several ends in a trailing comma.
      p.line(prefix + "[")
      p.indent()
      let items = elements.map(expression)
      let comma = items.count > 1 ? "," : ""
      if p.fits(items.joined(separator: ", ") + ",") {
        p.line(items.joined(separator: ", ") + comma)
      } else {
        for (element, item) in zip(elements, items) {
          if p.fits(item + comma) {
            p.line(item + comma)
          } else {
            brokenCall("", element, closing: comma, &p)
          }
        }
      }
      p.outdent()
      p.line("]")
    case .dictionary(let entries) where !entries.isEmpty:
      let items = entries.map { entry in (entry.value, expression(entry.key) + ": " + expression(entry.value)) }
      brokenCollection(prefix, items, closing: "", &p, keys: entries.map { expression($0.key) + ": " })
    case .call(let callee, let arguments, nil) where !arguments.isEmpty:
      let items = arguments.map(argument)
      p.indent()
      let argumentsFitALine = p.fits(items.joined(separator: ", "))
      p.outdent()
      guard argumentsFitALine else {
        // Filled after `(`, `)` attached; an argument too long for a line broken in turn.
        brokenCall(prefix, value, closing: "", &p)
        return
      }
      callHead(prefix, callee, &p)
      p.indent()
      p.line(items.joined(separator: ", "))
      p.outdent()
      p.line(")")
    case .call(.type(let called), let arguments, nil) where arguments.isEmpty:
      // `Runner<A, B>()` too long for a line: its generic arguments broken.
      if !brokenType(prefix, called, "()", &p) { p.line(oneLine) }
    case .call(_, let arguments, _?) where arguments.isEmpty:
      // `x.filter { ... }`: the closure's body on lines of its own.
      brokenCall(prefix, value, closing: "", &p)
    default:
      let rest = expression(value)
      // A multi-line string literal stays where it starts.
      if prefix.hasSuffix(" = "), !rest.utf8.contains(0x0A) {
        // As swift-format breaks it: `=` ends the line, the value on the next.
        p.line(prefix.trimmingTrailingSpace)
        p.indent()
        if case .binary = value, !p.fits(rest) {
          binaryLines("", value, closing: "", continued: true, &p)
        } else if !p.fits(rest), let call = value.callBeforeMembers, case let head = expression(call), rest.hasPrefix(head) {
          // `list.element(atOffset: ...)?.id` still too long: the call broken after `(`, the
          // members after its `)`.
          brokenCall("", call, closing: String(rest.dropFirst(head.count)), &p)
        } else {
          p.line(rest)
        }
        p.outdent()
      } else {
        p.line(oneLine)
      }
    }
  }

  /// `prefix callee(` ending a line; a generic type's arguments broken when it doesn't fit.
  private func callHead(_ prefix: String, _ callee: Expression, _ p: inout Printer) {
    let head = prefix + expression(callee) + "("
    if p.fits(head) { return p.line(head) }
    if case .type(let called) = callee, brokenType(prefix, called, "(", &p) { return }
    p.line(head)
  }

  /// `case .a, .b:`; a list too long for a line goes on, indented, on the next lines.
  private func casePatterns(_ items: [String], _ p: inout Printer) {
    let oneLine = "case " + items.joined(separator: ", ") + ":"
    guard !p.fits(oneLine), items.count > 1 else {
      p.line(oneLine)
      return
    }
    var first = "case " + items[0] + ","
    var rest = items.dropFirst()
    while rest.count > 1, p.fits(first + " " + rest[rest.startIndex] + ",") {
      first += " " + rest.removeFirst() + ","
    }
    p.line(first)
    p.indent()
    p.fill(Array(rest), separator: ", ", closing: ":")
    p.outdent()
  }

  /// A call statement (`#expect(...)`) too long for a line: arguments filled, `)` attached.
  /// Whether the expression ends in a collection literal of several elements, itself or as the
  /// last argument of the last argument of a call (`f(mode: .paused(marks: [1, 2]))`):
  /// swift-format keeps a column free after it on the line, for the trailing comma it would get
  /// if broken (one element gets none).
  static func endsInCollection(_ value: Expression) -> Bool {
    switch value {
    case .array(let elements): elements.count > 1
    case .dictionary(let entries): entries.count > 1
    case .call(_, let arguments, nil), .macro(_, let arguments): arguments.last.map { endsInCollection($0.value) } ?? false
    default: false
    }
  }

  private func callStatement(_ prefix: String, _ value: Expression, _ p: inout Printer) {
    var oneLine = prefix
    write(value, into: &oneLine)
    guard !p.fits(oneLine, leaving: Self.endsInCollection(value) ? 1 : 0) else {
      p.line(oneLine)
      return
    }
    switch value {
    case .tryExpression(.awaitExpression(let inner)) where inner.isCall:
      return callStatement(prefix + "try await ", inner, &p)
    case .awaitExpression(let inner) where inner.isCall || inner.isMacro,
      .tryExpression(let inner) where inner.isCall || inner.isMacro:
      return callStatement(prefix + (value.isAwait ? "await " : "try "), inner, &p)
    default:
      break
    }
    brokenCall(prefix, value, closing: "", &p)
  }

  /// A call broken after `(`: arguments filled on the following lines and `)` attached to the
  /// last, or, when an argument can't fit a line, one argument a line with that one broken too.
  private func brokenCall(_ prefix: String, _ value: Expression, closing: String, _ p: inout Printer) {
    let head: String
    let arguments: [Argument]
    switch value {
    case .macro(let name, let list) where !list.isEmpty:
      head = "#\(name)("
      arguments = list
    case .call(let callee, let list, nil) where !list.isEmpty:
      head = expression(callee) + "("
      arguments = list
    case .call(let callee, let list, let trailing?)
    where list.isEmpty || p.fits(prefix + expression(.call(callee, list, trailingClosure: nil)) + " {"):
      // A trailing closure too long for a line: its body on lines of its own.
      let parameters = trailing.parameters.map { $0 == "_" ? $0 : escapedName($0) }.joined(separator: ", ")
      let called = list.isEmpty ? expression(callee) : expression(.call(callee, list, trailingClosure: nil))
      p.line(prefix + called + (parameters.isEmpty ? " {" : " { \(parameters) in"))
      p.indent()
      if trailing.body.isCall, !p.fits(expression(trailing.body)) {
        brokenCall("", trailing.body, closing: "", &p)
      } else {
        conditionLines("", trailing.body, &p)
      }
      p.outdent()
      p.line("}" + closing)
      return
    case .closure(let closure):
      // A closure argument too long for a line: its body on lines of its own, broken further
      // when it is a call.
      var head = ""
      write(Closure(parameters: closure.parameters, signature: closure.signature, body: .name("")), into: &head)
      let opening = prefix + String(head.dropLast(3)).trimmingTrailingSpace
      if let signature = closure.signature, !p.fits(opening) {
        // A signature too long for the line of `{`: on the next, `-> T in` on a continuation line.
        p.line(prefix + "{")
        p.indent()
        p.line("()" + (signature.isAsync ? " async" : "") + (signature.thrownType.map { " throws(\(type($0)))" } ?? ""))
        p.indent()
        p.line("-> \(type(signature.returnType)) in")
        p.outdent()
      } else {
        p.line(opening)
        p.indent()
      }
      if p.fits(expression(closure.body)) {
        p.line(expression(closure.body))
      } else {
        brokenCall("", closure.body, closing: "", &p)
      }
      p.outdent()
      p.line("}" + closing)
      return
    case .tryExpression(.awaitExpression(let inner)) where inner.isCall:
      // `try await f(...)` too long for a line: the call broken after `(`.
      brokenCall(prefix + "try await ", inner, closing: closing, &p)
      return
    case .tryExpression(let inner) where inner.isCall:
      brokenCall(prefix + "try ", inner, closing: closing, &p)
      return
    case .awaitExpression(let inner) where inner.isCall:
      brokenCall(prefix + "await ", inner, closing: closing, &p)
      return
    case .array(let elements) where !elements.isEmpty:
      brokenCollection(prefix, elements.map { ($0, expression($0)) }, closing: closing, &p)
      return
    case .dictionary(let entries) where !entries.isEmpty:
      let items = entries.map { entry in (entry.value, expression(entry.key) + ": " + expression(entry.value)) }
      brokenCollection(prefix, items, closing: closing, &p, keys: entries.map { expression($0.key) + ": " })
      return
    case .binary(let lhs, let op, let rhs) where rhs.isCollectionLiteral && p.fits(prefix + expression(lhs) + " \(op.rawValue) ["):
      // `a == [...]` too long for a line: the collection on the right broken, as swift-format does.
      brokenCall(prefix + expression(lhs) + " \(op.rawValue) ", rhs, closing: closing, &p)
      return
    case .binary where !p.fits(prefix + expression(value) + closing):
      binaryLines(prefix, value, closing: closing, &p)
      return
    case .tuple(let elements) where !elements.isEmpty && !p.fits(prefix + expression(value) + closing):
      // `(a: a, b: b)` too long for a line: one element a line between `(` and `)`.
      p.line(prefix + "(")
      p.indent()
      let items = elements.map(argument)
      p.commaLines(items)
      p.outdent()
      p.line(")" + closing)
      return
    default:
      p.line(prefix + expression(value) + closing)
      return
    }
    if case .call(let callee, _, nil) = value {
      callHead(prefix, callee, &p)
    } else {
      p.line(prefix + head)
    }
    p.indent()
    let items = arguments.map(argument)
    let innerClosing = ")" + closing
    let everyItemFits = items.enumerated().allSatisfy { index, item in
      p.fits(item + (index == items.count - 1 ? innerClosing : ","))
    }
    if everyItemFits {
      p.fill(items, separator: ", ", closing: innerClosing)
    } else {
      for (index, argument) in arguments.enumerated() {
        let ending = index == arguments.count - 1 ? innerClosing : ","
        if p.fits(items[index] + ending) {
          p.line(items[index] + ending)
        } else {
          let label = argument.label.map { escapedName($0, at: .label) + ": " } ?? ""
          brokenCall(label, argument.value, closing: ending, &p)
        }
      }
    }
    p.outdent()
  }

  /// A collection literal too long for a line: `[` ends the line, the elements share one line
  /// when they fit, else one a line (broken further when needed), each ending in a comma.
  private func brokenCollection(
    _ prefix: String, _ items: [(value: Expression, text: String)], closing: String, _ p: inout Printer,
    keys: [String]? = nil
  ) {
    p.line(prefix + "[")
    p.indent()
    let texts = items.map(\.text)
    let comma = texts.count > 1 ? "," : ""
    if p.fits(texts.joined(separator: ", ") + ",") {
      p.line(texts.joined(separator: ", ") + comma)
    } else {
      for (index, item) in items.enumerated() {
        if p.fits(item.text + ",") {
          p.line(item.text + ",")
        } else {
          // swift-format leaves a lone element broken over lines without a trailing comma.
          brokenCall(keys?[index] ?? "", item.value, closing: items.count > 1 ? "," : "", &p)
        }
      }
    }
    p.outdent()
    p.line("]" + closing)
  }

  // MARK: Expressions

  func expression(_ value: Expression) -> String {
    var out = ""
    write(value, into: &out)
    return out
  }

  /// Appends `value` to `out`: one buffer for a whole expression, not a string per node.
  private func write(_ value: Expression, into out: inout String) {
    switch value {
    case .identifier(let name):
      out += escapedName(name, at: .expression)
    case .initializer(let base):
      if let base { write(base, into: &out) }
      out += ".init"
    case .member(let base, let name):
      if let base { write(base, into: &out) }
      out += "."
      out += escapedName(name, at: .member)
    case .call(let callee, let arguments, let trailing):
      write(callee, into: &out)
      if !arguments.isEmpty || trailing == nil { write(arguments, into: &out) }
      if let trailing {
        out += " "
        write(trailing, into: &out)
      }
    case .closure(let value):
      write(value, into: &out)
    case .literal(.string(let text)):
      out += "\""
      out += escaped(text)
      out += "\""
    case .literal(let value):
      out += literal(value)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        write(element, into: &out)
      }
      out += "]"
    case .dictionary(let entries):
      guard !entries.isEmpty else {
        out += "[:]"
        return
      }
      out += "["
      for (index, entry) in entries.enumerated() {
        if index > 0 { out += ", " }
        write(entry.key, into: &out)
        out += ": "
        write(entry.value, into: &out)
      }
      out += "]"
    case .binary(let lhs, let op, let rhs):
      write(lhs, into: &out)
      out += " "
      out += op.rawValue
      out += " "
      write(rhs, into: &out)
    case .prefix(let op, let operand):
      out += op.rawValue
      write(operand, into: &out)
    case .subscripted(let base, let index):
      write(base, into: &out)
      out += "["
      write(index, into: &out)
      out += "]"
    case .subscriptedByLabel(let base, let label, let index):
      write(base, into: &out)
      out += "[\(escapedName(label, at: .label)): "
      write(index, into: &out)
      out += "]"
    case .subscriptedWithDefault(let base, let key, let value):
      write(base, into: &out)
      out += "["
      write(key, into: &out)
      out += ", default: "
      write(value, into: &out)
      out += "]"
    case .forceUnwrap(let base):
      write(base, into: &out)
      out += "!"
    case .optionalChain(let base):
      write(base, into: &out)
      out += "?"
    case .inoutArgument(let base):
      out += "&"
      write(base, into: &out)
    case .tryExpression(let base):
      out += "try "
      write(base, into: &out)
    case .awaitExpression(let base):
      out += "await "
      write(base, into: &out)
    case .macro(let name, let arguments):
      out += "#"
      out += name
      write(arguments, into: &out)
    case .parenthesized(let inner):
      out += "("
      write(inner, into: &out)
      out += ")"
    case .tuple(let elements):
      write(elements, into: &out)
    case .type(let name):
      out += type(name)
    case .metatype(let name):
      out += type(name) + ".self"
    case .interpolation(let parts):
      out += "\""
      for part in parts {
        switch part {
        case .text(let text): out += escaped(text)
        case .value(let value):
          out += "\\("
          write(value, into: &out)
          out += ")"
        }
      }
      out += "\""
    case .keyPath(let name):
      out += "\\."
      // `\.self` is the identity key path, not a member named `self`.
      // A path of fields (`\.cover.url`) escapes each of its names.
      if name == "self" {
        out += name
      } else if !name.utf8.contains(UInt8(ascii: ".")) {
        out += escapedName(name, at: .member)
      } else {
        out += name.split(separator: ".").map { escapedName(String($0), at: .member) }.joined(separator: ".")
      }
    case .attribute(let name, let arguments):
      out += "@"
      out += name
      if !arguments.isEmpty { write(arguments, into: &out) }
    }
  }

  private func write(_ arguments: [Argument], into out: inout String) {
    out += "("
    for (index, argument) in arguments.enumerated() {
      if index > 0 { out += ", " }
      if let label = argument.label {
        out += escapedName(label, at: .label)
        out += ": "
      }
      write(argument.value, into: &out)
    }
    out += ")"
  }

  private func write(_ value: Closure, into out: inout String) {
    out += "{ "
    if let signature = value.signature {
      out += "()" + (signature.isAsync ? " async" : "")
      out += signature.thrownType.map { " throws(\(type($0)))" } ?? ""
      out += " -> \(type(signature.returnType)) in "
    } else if !value.parameters.isEmpty {
      out += value.parameters.map { $0 == "_" ? $0 : escapedName($0) }.joined(separator: ", ")
      out += " in "
    }
    write(value.body, into: &out)
    out += " }"
  }

  private func argument(_ argument: Argument) -> String {
    var out = ""
    if let label = argument.label {
      out += escapedName(label, at: .label)
      out += ": "
    }
    write(argument.value, into: &out)
    return out
  }

  private func literal(_ value: Literal) -> String {
    switch value {
    case .int(let number): grouped(number)
    case .double(let number): String(number)
    case .string(let text): "\"" + escaped(text) + "\""
    case .bool(let flag): flag ? "true" : "false"
    case .nilLiteral: "nil"
    case .emptyArray: "[]"
    case .emptyDictionary: "[:]"
    // The printer indents every line; the closing delimiter's indentation is stripped from each.
    // More `#` than any run of them in the text, so no `\#(` or `"""#` in it is read as Swift.
    case .rawLines(let lines):
      rawDelimiter(lines) + "\"\"\"\n" + lines.map { TextRenderer.indentUnit + $0 + "\n" }.joined()
        + TextRenderer.indentUnit + "\"\"\"" + rawDelimiter(lines)
    }
  }

  private func rawDelimiter(_ lines: [String]) -> String {
    var longest = 0
    for line in lines {
      var run = 0
      for character in line.utf8 {
        run = character == UInt8(ascii: "#") ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    return String(repeating: "#", count: longest + 1)
  }

  /// Decimal digits in groups of three past six digits, as swift-format asks: `1_714_521_600`.
  private func grouped(_ number: Int) -> String {
    guard number.magnitude >= 1_000_000 else { return String(number) }
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "_" }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }

  private func escaped(_ text: String) -> String {
    // Most text needs nothing escaped: it is returned as it is, without a scalar-by-scalar copy.
    let needsEscape = { (byte: UInt8) in byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F }
    guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: needsEscape) }) ?? text.utf8.contains(where: needsEscape)
    else { return text }
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if character.value < 0x20 || character.value == 0x7F {
          result += "\\u{\(String(character.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(character)
        }
      }
    }
    return result
  }

  func type(_ value: TypeName) -> String {
    switch value {
    case .named(let name): name
    case .optional(let wrapped): type(wrapped) + "?"
    case .array(let element): "[\(type(element))]"
    case .dictionary(let key, let value): "[\(type(key)): \(type(value))]"
    case .generic(let name, let arguments): "\(name)<\(arguments.map(type).joined(separator: ", "))>"
    case .tuple(let elements):
      "(" + elements.map { "\(escapedName($0.label)): \(type($0.type))" }.joined(separator: ", ") + ")"
    case .existential(let constraint): "any " + type(constraint)
    case .qualified(let module, let name): module + "." + type(name)
    case .member(let base, let name): type(base) + "." + name
    case .sendableFunction(let parameters, let result):
      closureTypeHead(parameters) + " -> " + type(result)
    case .autoclosure(let result): "@autoclosure () -> " + type(result)
    }
  }

  /// `@Sendable (A, B)`: a closure type before its `->`.
  private func closureTypeHead(_ parameters: [TypeName]) -> String {
    "@Sendable (" + parameters.map(type).joined(separator: ", ") + ")"
  }

  /// Where a name stands, which decides the keywords Swift reads there instead of a name.
  enum NamePosition: Sendable {
    /// Declared, bound or referred to on its own: every keyword.
    case standalone
    /// After a dot (`x.default`, `.import`, `\.class`): only `init`, `self`, `Type`, `Protocol`.
    case member
    /// An argument label of a call, subscript or tuple (`f(default: 1)`): only `inout` (Swift
    /// reads `var` and `let` there as labels, and warns when they are in backticks).
    case label
    /// An expression: every keyword but `self` and `Self`, which stand for themselves.
    case expression
  }

  /// The one place names are escaped: `name` in backticks where it stands when Swift would read
  /// it as a keyword there; `$0` and `_` as they are.
  func escapedName(_ name: String, at position: NamePosition = .standalone) -> String {
    let keywords =
      switch position {
      case .standalone: Self.keywords
      case .member: Self.memberKeywords
      case .label: Self.labelKeywords
      case .expression: Self.expressionKeywords
      }
    // `$0` is no keyword: it stays as it is.
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// Keywords that need backticks after a dot.
  static let memberKeywords: Keywords = ["init", "self", "Type", "Protocol"]
  /// Keywords that need backticks as an argument label.
  static let labelKeywords: Keywords = ["inout"]

  static let keywords: Keywords = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
    "super", "throws", "true", "try", "package",
  ]
  /// Keywords that need backticks as an expression: `self` and `Self` mean themselves there.
  static let expressionKeywords = keywords.subtracting(["self", "Self"])
}

/// A set of keywords that answers most names without hashing them: a name whose length, first
/// and last bytes match no keyword's is none of them. (Every name the renderer prints is asked.)
struct Keywords: ExpressibleByArrayLiteral, Sendable {
  private let names: Set<String>
  /// One bit per signature (`signature(of:)`) a keyword has.
  private let signatures: [UInt64]

  init(arrayLiteral names: String...) {
    self.init(Set(names))
  }

  private init(_ names: Set<String>) {
    self.names = names
    var signatures = [UInt64](repeating: 0, count: Self.signatureBits / 64)
    for name in names {
      let bit = Self.signature(of: name.utf8)
      signatures[bit / 64] |= 1 << UInt64(bit % 64)
    }
    self.signatures = signatures
  }

  private static let signatureBits = 2048

  /// A bit from the name's length and its first and last bytes.
  private static func signature(of utf8: String.UTF8View) -> Int {
    // Read through a pointer: `first` and `last` of the view walk its indices, which costs more
    // than the rest of the lookup.
    let (count, first, last) =
      utf8.withContiguousStorageIfAvailable { bytes in
        (bytes.count, Int(bytes.first ?? 0), Int(bytes.last ?? 0))
      } ?? (utf8.count, Int(utf8.first ?? 0), Int(utf8.last ?? 0))
    return (count &* 131 &+ first &* 31 &+ last) & (signatureBits - 1)
  }

  /// These keywords but `excluded`.
  func subtracting(_ excluded: Set<String>) -> Keywords {
    Keywords(names.subtracting(excluded))
  }

  func contains(_ name: String) -> Bool {
    let bit = Self.signature(of: name.utf8)
    guard signatures[bit / 64] & (1 << UInt64(bit % 64)) != 0 else { return false }
    return names.contains(name)
  }
}

/// Lines with the current indentation.
private struct Printer {
  private(set) var text = ""
  private var level = 0
  private var prefix = ""
  private var pendingBlank = false

  init() {
    text.reserveCapacity(1 << 16)
  }

  /// Whether the line fits in columns (characters), with `leaving` more columns free after it;
  /// the byte count answers most cases at once.
  func fits(_ line: String, leaving: Int = 0) -> Bool {
    let room = TextRenderer.lineWidth - prefix.utf8.count - leaving
    return line.utf8.count <= room || line.count <= room
  }

  mutating func indent() {
    level += 1
    prefix = Self.indentation(level)
  }

  mutating func outdent() {
    level -= 1
    prefix = Self.indentation(level)
  }

  /// The indentation of the levels files reach, each made once: dropping two spaces off a string
  /// walks its characters.
  private static let indentations = (0..<24).map { String(repeating: TextRenderer.indentUnit, count: $0) }

  private static func indentation(_ level: Int) -> String {
    level < indentations.count ? indentations[level] : String(repeating: TextRenderer.indentUnit, count: level)
  }

  mutating func blank() {
    if !text.isEmpty { pendingBlank = true }
  }

  mutating func line(_ content: String) {
    if pendingBlank { text += "\n" }
    pendingBlank = false
    // A multi-line string literal's lines each get the indentation.
    guard content.containsNewline else {
      text += prefix
      text += content
      text += "\n"
      return
    }
    for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
      text += prefix
      text += line
      text += "\n"
    }
  }

  /// One item a line, each but the last ending in a comma.
  mutating func commaLines(_ items: [String]) {
    for (index, item) in items.enumerated() { line(item + (index == items.count - 1 ? "" : ",")) }
  }

  /// Items joined by `separator`, as many per line as fit, `closing` after the last.
  mutating func fill(_ items: [String], separator: String, closing: String = "") {
    var current = ""
    for (index, item) in items.enumerated() {
      let isLast = index == items.count - 1
      let piece = item + (isLast ? closing : separator.trimmingTrailingSpace)
      if current.isEmpty {
        current = piece
      } else if fits(current + " " + piece) {
        current += " " + piece
      } else {
        line(current)
        current = piece
      }
    }
    if !current.isEmpty { line(current) }
  }
}

extension String {
  /// Whether the text holds a line feed, searched with `memchr` (every printed line is asked).
  fileprivate var containsNewline: Bool {
    utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
      return memchr(base, 0x0A, bytes.count) != nil
    } ?? utf8.contains(0x0A)
  }

  fileprivate var trimmingLeadingSpace: String { String(drop { $0 == " " }) }
  fileprivate var trimmingTrailingSpace: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}

extension Expression {
  /// A non-empty array or dictionary literal, which a line break can open.
  fileprivate var isCollectionLiteral: Bool {
    switch self {
    case .array(let elements): !elements.isEmpty
    case .dictionary(let entries): !entries.isEmpty
    default: false
    }
  }
}

extension Expression {
  /// A call with arguments and no trailing closure: what `assignment` breaks after `(`.
  fileprivate var isMacro: Bool {
    if case .macro(_, let arguments) = self { return !arguments.isEmpty }
    return false
  }

  fileprivate var isAwait: Bool {
    if case .awaitExpression = self { return true }
    return false
  }

  /// The expression under `try`, `await` or both.
  fileprivate var awaitedOrTried: Expression {
    switch self {
    case .tryExpression(let inner), .awaitExpression(let inner): inner.awaitedOrTried
    default: self
    }
  }

  /// `try `, `await `, `try await ` or nothing: the keywords before `awaitedOrTried`.
  fileprivate var effectKeywords: String {
    switch self {
    case .tryExpression(let inner): "try " + inner.effectKeywords
    case .awaitExpression(let inner): "await " + inner.effectKeywords
    default: ""
    }
  }

  fileprivate var isCall: Bool {
    if case .call(_, let arguments, nil) = self { return !arguments.isEmpty }
    return false
  }

  /// The call with arguments that members and optional chaining read on (`f(x)?.id`,
  /// `f(x).count`); nil for any other expression, and for a call alone.
  fileprivate var callBeforeMembers: Expression? {
    var current = self
    var read = false
    while true {
      switch current {
      case .member(let base?, _):
        current = base
        read = true
      case .optionalChain(let base):
        current = base
        read = true
      case .call(_, let arguments, nil) where !arguments.isEmpty:
        return read ? current : nil
      default:
        return nil
      }
    }
  }
}
