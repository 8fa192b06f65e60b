import Foundation

// Writes a random spec as YAML, the way a user would: block mappings for structure, flow
// mappings for payloads and values, quotes only where YAML needs them.

enum YAMLText {
  /// Whether `text` can be a plain scalar in block context.
  static func plainInBlock(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    if last == " " || first == " " { return false }
    if "[]{}#&*!|>'\"%@`,?:-".unicodeScalars.contains(first) {
      if first == "-", text.count > 1, !text.hasPrefix("- ") { return !text.contains(": ") && !text.contains(" #") }
      return false
    }
    if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
    if text.contains("\n") || text.contains("\t") || text.contains("\\") { return false }
    if ["null", "Null", "NULL", "~", "true", "false"].contains(text) { return false }
    return true
  }

  /// Whether `text` can be a plain scalar inside `[...]` or `{...}`.
  static func plainInFlow(_ text: String) -> Bool {
    plainInBlock(text) && !text.contains(where: { "[]{},".contains($0) })
  }

  static func singleQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  static func doubleQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Text as a scalar: plain when it can be, else quoted (single quotes keep `"` and `\`).
  static func scalar(_ text: String, flow: Bool) -> String {
    if flow ? plainInFlow(text) : plainInBlock(text) { return text }
    if text.contains("\n") || text.contains("\t") { return doubleQuoted(text) }
    return singleQuoted(text)
  }
}

struct Renderer {
  let spec: RSpec

  // MARK: Values

  /// A value of `type` as YAML flow text, as `given`, `then`, payloads and long defaults write it.
  func value(_ value: RValue, _ type: RType, variant: Int = 0) -> String {
    switch (value, type) {
    case (.null, _): return variant % 3 == 1 ? "~" : "null"
    case (_, .optional(let wrapped)): return self.value(value, wrapped, variant: variant)
    case (.string(let text), _):
      if variant % 2 == 0, text.allSatisfy({ $0.isASCII && $0.isLetter }), !text.isEmpty,
        !["null", "Null", "NULL", "true", "false", "True", "False", "TRUE", "FALSE"].contains(text)
      {
        return text
      }
      return YAMLText.doubleQuoted(text)
    case (.int(let number), _):
      if variant % 5 == 4, abs(number) >= 1000 { return groupedNumber(number) }
      return String(number)
    case (.double(let number), _):
      return doubleText(number)
    case (.bool(let flag), _):
      return variant % 7 == 3 ? (flag ? "True" : "FALSE") : (flag ? "true" : "false")
    case (.uuid(let text), _):
      if let number = smallUUIDNumber(text), variant % 4 != 3 { return String(number) }
      return YAMLText.doubleQuoted(variant % 2 == 0 ? text : text.lowercased())
    case (.freshUUID, _):
      return "0"
    case (.freshDate, _):
      return YAMLText.doubleQuoted(isoText(0, variant: variant))
    case (.date(let seconds), _):
      return YAMLText.doubleQuoted(isoText(seconds, variant: variant))
    case (.url(let text), _), (.data(let text), _):
      return YAMLText.doubleQuoted(text)
    case (.enumCase(let name), _):
      return variant % 2 == 0 ? name : "." + name
    case (.caseValue(let name, let values), .enumeration(let enumName)):
      // `{ playing: { at: 3 } }`.
      let types = spec.sumEnums.first { $0.name == enumName }?.values(of: name) ?? []
      let entries = values.enumerated().map { index, value in
        "\(value.name): " + self.value(value.value, types.first { $0.label == value.name }?.type ?? .scalar(.int), variant: variant + index)
      }
      return "{ \(name): { " + entries.joined(separator: ", ") + " } }"
    case (.caseValue(let name, _), _):
      return name
    case (.array(let items), _):
      let element = type.element ?? type
      return "[" + items.enumerated().map { self.value($1, element, variant: variant + $0) }.joined(separator: ", ") + "]"
    case (.dictionary(let pairs), _):
      guard case .dictionary(let keyType, let valueType) = type, !pairs.isEmpty else { return "{}" }
      let entries = pairs.enumerated().map { index, pair in
        "\(self.value(pair.key, keyType, variant: variant + index)): \(self.value(pair.value, valueType, variant: variant + index))"
      }
      return "{ " + entries.joined(separator: ", ") + " }"
    case (.model(let name, let fields), _):
      let model = spec.model(name)
      var entries: [String] = []
      for (index, field) in fields.enumerated() {
        let declared = model?.fields.first { $0.name == field.name }
        // Fields equal to their default may be left out (not a fresh UUID's).
        if let declared, let defaultValue = declared.defaultValue, defaultValue == field.value, !defaultValue.isFresh,
          (variant + index) % 3 != 0
        {
          continue
        }
        guard let declared else { continue }  // A field shrinking removed.
        if field.value == .freshUUID { continue }  // Its default, a fresh UUID.
        let fieldType = declared.type
        entries.append("\(field.name): \(self.value(field.value, fieldType, variant: variant + index))")
      }
      return entries.isEmpty ? "{}" : "{ " + entries.joined(separator: ", ") + " }"
    case (.status(let status), _):
      switch status {
      case .idle: return "idle"
      case .loading: return "loading"
      case .succeeded: return "succeeded"
      case .failed(let message): return "{ failed: \(YAMLText.doubleQuoted(message)) }"
      }
    }
  }

  func groupedNumber(_ number: Int) -> String {
    let digits = String(abs(number))
    var groups: [String] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(String(digits[start..<end]), at: 0)
      end = start
    }
    return (number < 0 ? "-" : "") + groups.joined(separator: "_")
  }

  func doubleText(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) + ".0" }
    return String(number)
  }

  func isoText(_ seconds: Double, variant: Int) -> String {
    let whole = seconds.rounded(.down)
    let date = Date(timeIntervalSince1970: whole)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    let fraction = seconds - whole
    if fraction == 0, parts.hour == 0, parts.minute == 0, parts.second == 0, variant % 2 == 0 { return day }
    var time = String(format: "%02d:%02d:%02d", parts.hour!, parts.minute!, parts.second!)
    if fraction != 0 { time += String(format: ".%03d", Int((fraction * 1000).rounded())) }
    return day + "T" + time + "Z"
  }

  // MARK: Fields

  /// `Type`, `Type = literal`, or the long form, as the value of a field's key.
  func fieldValue(_ field: RField, flow: Bool) -> String {
    let longForm = field.style == .long || field.doc != nil || field.json != nil || field.secret
    if longForm {
      var parts = ["type: " + typeText(field.type, flow: true)]
      if field.style != .implicit, let defaultValue = field.defaultValue {
        parts.append("default: " + value(defaultValue, field.type, variant: field.name.count))
      }
      if let doc = field.doc { parts.append("doc: " + YAMLText.doubleQuoted(doc)) }
      if let json = field.json { parts.append("json: " + YAMLText.scalar(json, flow: true)) }
      if field.secret { parts.append("secret: true") }
      return "{ " + parts.joined(separator: ", ") + " }"
    }
    if case .short(let literal) = field.style {
      return YAMLText.scalar(field.type.text + " = " + literal, flow: flow)
    }
    if field.flowList, case .array(let element) = field.type {
      return "[" + typeText(element, flow: true) + "]"
    }
    return typeText(field.type, flow: flow)
  }

  func typeText(_ type: RType, flow: Bool) -> String {
    YAMLText.scalar(type.text, flow: flow)
  }

  /// A mapping of fields: `{ a: T, b: T }` on one line, or a block under the key.
  func fields(_ fields: [RField], key: String, indent: String, into lines: inout [String], flow: Bool) {
    if fields.isEmpty {
      lines.append("\(indent)\(key): {}")
    } else if flow {
      lines.append("\(indent)\(key): { " + fields.map { "\($0.name): \(fieldValue($0, flow: true))" }.joined(separator: ", ") + " }")
    } else {
      lines.append("\(indent)\(key):")
      for field in fields { lines.append("\(indent)  \(field.name): \(fieldValue(field, flow: false))") }
    }
  }

  // MARK: Operations and predicates

  func operand(_ operand: ROperand) -> String {
    switch operand {
    case .parameter(let name, let fields): ([name] + fields).joined(separator: ".")
    case .eachElement(let name, let fields): ([name + "[]"] + fields).joined(separator: ".")
    case .literal(let text, _): text
    case .arithmetic(let arithmetic): self.arithmetic(arithmetic)
    case .expression(let predicate): self.predicate(predicate)
    }
  }

  /// Arithmetic with every inner operation in parentheses.
  func arithmetic(_ arithmetic: RArithmetic) -> String {
    switch arithmetic {
    case .operand(let operand): self.operand(operand)
    case .name(let name): name
    case .number(let number): String(number)
    case .binary(let lhs, let op, let rhs):
      [lhs, rhs].map { side in
        if case .binary = side { "(" + self.arithmetic(side) + ")" } else { self.arithmetic(side) }
      }.joined(separator: " \(op) ")
    }
  }

  func path(_ path: RPath) -> String {
    var text = ""
    for step in path.steps {
      switch step {
      case .field(let name): text += text.isEmpty ? name : "." + name
      case .element(let id), .key(let id), .offset(let id): text += "[\(operand(id))]"
      }
    }
    return text
  }

  func operation(_ operation: ROperation) -> String {
    switch operation {
    case .custom: return "custom"
    case .navigate(let text): return text
    case .conditional: return "if"
    case .set(let target, let value), .append(let target, let value), .prepend(let target, let value),
      .upsert(let target, let value), .addMany(let target, let value, _):
      return "\(operation.kind) \(path(target))" + (value.map { " = " + operand($0) } ?? "")
    case .add(let target, let value):
      return "add \(path(target)) = " + operand(value)
    case .increment(let target, let amount), .decrement(let target, let amount):
      return "\(operation.kind) \(path(target))" + (amount.map { " by " + operand($0) } ?? "")
    case .remove(let target), .update(let target), .toggle(let target), .reset(let target), .clear(let target),
      .appendBuilt(let target, _):
      return "\(operation.kind) \(path(target))"
    case .removeWhere(let target, let condition):
      return "remove \(path(target)) where \(predicate(condition))"
    case .removeAt(let target, let offsets, let view):
      return "remove \(path(target)) at \(offsets)" + (view.map { " in \($0)" } ?? "")
    case .removeValue(let target, let value):
      return "remove \(path(target))[\(operand(value))]"
    case .move(let target, let offsets, let destination, let view):
      return "move \(path(target))" + (destination.map { " from \(offsets) to \(operand($0))" } ?? "")
        + (view.map { " in \($0)" } ?? "")
    case .sort(let target, let keys):
      if keys.first?.field == "self" { return "sort \(path(target))" + (keys[0].descending ? " descending" : "") }
      return "sort \(path(target)) by " + keys.map { ($0.descending ? "-" : "") + $0.field }.joined(separator: ", ")
    case .setEach(let target, let field, let value, let condition):
      return "set \(path(target))[].\(field) = \(operand(value))" + (condition.map { " where " + predicate($0) } ?? "")
    }
  }

  func operations(_ operations: [ROperation], key: String, scalar: Bool, indent: String, into lines: inout [String]) {
    if operations.contains(where: { $0.kind == "if" }) {
      // A condition is a list item `- if CONDITION: ...`, then `- else: ...`.
      lines.append("\(indent)\(key):")
      for item in operations {
        guard case .conditional(let condition, let then, let otherwise) = item else {
          lines.append("\(indent)  - " + YAMLText.scalar(operation(item), flow: false))
          continue
        }
        let head = "if " + predicate(condition)
        lines.append("\(indent)  - " + YAMLText.scalar(head, flow: false) + ": " + branch(then))
        // `else` as the next item, or (now and then) a second key of the same item.
        let sameItem = head.count % 2 == 0
        if !otherwise.isEmpty { lines.append("\(indent)  " + (sameItem ? "  " : "- ") + "else: " + branch(otherwise)) }
      }
      return
    }
    let texts = operations.map(operation)
    if texts.count == 1, scalar {
      lines.append("\(indent)\(key): " + YAMLText.scalar(texts[0], flow: false))
    } else if texts.count <= 2, texts.joined().count < 60 {
      lines.append("\(indent)\(key): [" + texts.map { YAMLText.scalar($0, flow: true) }.joined(separator: ", ") + "]")
    } else {
      lines.append("\(indent)\(key):")
      for text in texts { lines.append("\(indent)  - " + YAMLText.scalar(text, flow: false)) }
    }
  }

  /// The operations of a branch of a condition: one, or a flow list.
  private func branch(_ operations: [ROperation]) -> String {
    let texts = operations.map(operation)
    if texts.count == 1 { return YAMLText.scalar(texts[0], flow: false) }
    return "[" + texts.map { YAMLText.scalar($0, flow: true) }.joined(separator: ", ") + "]"
  }

  func predicate(_ predicate: RPredicate) -> String {
    switch predicate {
    case .constant(let flag): flag ? "true" : "false"
    case .path(let steps, let suffix): (steps + (suffix.map { [$0] } ?? [])).joined(separator: ".")
    case .literal(let text, _): text
    // Parentheses where the text would otherwise read as another tree: `&&` binds tighter than
    // `||`, a comparison tighter than both, and `!` tightest (redux-gen reads them as Swift does).
    case .not(let inner): "!" + operand(inner, atLeast: 6)
    case .and(let a, let b): operand(a, atLeast: 2) + " && " + operand(b, atLeast: 2)
    case .or(let a, let b): self.predicate(a) + " || " + self.predicate(b)
    case .compare(let a, let op, let b): operand(a, atLeast: 4) + " \(op) " + operand(b, atLeast: 4)
    case .parenthesized(let inner): "(" + self.predicate(inner) + ")"
    case .contains(let steps, let inner): steps.joined(separator: ".") + ".contains(" + self.predicate(inner) + ")"
    case .lookup(let steps, let inner): steps.joined(separator: ".") + "[" + self.predicate(inner) + "]"
    case .index(let steps, let inner, let suffix):
      steps.joined(separator: ".") + "[" + self.predicate(inner) + "]" + (suffix.map { "?." + $0 } ?? "")
    case .arithmetic(let a, let op, let b):
      // `*`, `/` and `%` bind tighter than `+` and `-`, each group from the left.
      operand(a, atLeast: op == "+" || op == "-" ? 4 : 5) + " \(op) " + operand(b, atLeast: op == "+" || op == "-" ? 5 : 6)
    case .extremum(let which, let a, let b): "\(which)(" + self.predicate(a) + ", " + self.predicate(b) + ")"
    // `??` in parentheses wherever it is: it binds between arithmetic and a comparison.
    case .call("??", let arguments): "(" + operand(arguments[0], atLeast: 4) + " ?? " + operand(arguments[1], atLeast: 4) + ")"
    case .call("abs", let arguments): "abs(" + self.predicate(arguments[0]) + ")"
    case .call(let method, let arguments): operand(arguments[0], atLeast: 6) + ".\(method)(" + self.predicate(arguments[1]) + ")"
    case .isCase(let steps, let caseName): steps.joined(separator: ".") + " is " + caseName
    case .makeCase(let caseName, let arguments):
      caseName + "(" + arguments.map { "\($0.label): " + self.predicate($0.value) }.joined(separator: ", ") + ")"
    }
  }

  /// `predicate`, in parentheses when it binds looser than `level` (1 `||`, 2 `&&`, 3 a
  /// comparison, 4 `+` and `-`, 5 `*`, `/` and `%`, 6 anything else).
  private func operand(_ predicate: RPredicate, atLeast level: Int) -> String {
    let binds =
      switch predicate {
      case .or: 1
      case .and: 2
      case .compare, .isCase: 3
      case .arithmetic(_, let op, _): op == "+" || op == "-" ? 4 : 5
      default: 6
      }
    return binds < level ? "(" + self.predicate(predicate) + ")" : self.predicate(predicate)
  }

  // MARK: The document

  func yaml() -> String {
    var lines: [String] = []
    lines.append("feature: \(spec.feature)")
    if let module = spec.module { lines.append("module: \(module)") }
    if spec.apiDocument != nil { lines.append("api: \(APIBinder.documentFile)") }
    if let access = spec.access { lines.append("access: \(access.rawValue)") }
    if !spec.conformances.isEmpty { lines.append("conformances: [\(spec.conformances.joined(separator: ", "))]") }
    if !spec.uses.isEmpty {
      lines.append(
        spec.usesAsScalar && spec.uses.count == 1 ? "uses: \(spec.uses[0])" : "uses: [\(spec.uses.joined(separator: ", "))]")
    }
    if !spec.children.isEmpty {
      lines.append("children:")
      for child in spec.children {
        if child.stack {
          let shows = child.shows.map { ", shows: { \($0.field): \($0.list) }" } ?? ""
          lines.append("  \(child.field): { stack: [\(child.file)]\(shows) }")
        } else if child.presents {
          let dismissOn = child.dismissOn.isEmpty ? "" : ", dismissOn: [\(child.dismissOn.joined(separator: ", "))]"
          lines.append("  \(child.field): { presents: \(child.file)\(dismissOn) }")
        } else {
          lines.append("  \(child.field): { each: \(child.file) }")
        }
      }
    }
    if !spec.alerts.isEmpty {
      lines.append("alerts:")
      for alert in spec.alerts {
        lines.append("  \(alert.name):")
        lines.append("    title: " + YAMLText.doubleQuoted(alert.title))
        if let message = alert.message { lines.append("    message: " + YAMLText.doubleQuoted(message)) }
        if alert.dialog { lines.append("    dialog: true") }
        if !alert.values.isEmpty {
          lines.append("    values: { " + alert.values.map { "\($0.label): \(typeText($0.type, flow: true))" }.joined(separator: ", ") + " }")
        }
        if !alert.buttons.isEmpty {
          lines.append("    buttons:")
          for button in alert.buttons {
            var entries = ["label: " + YAMLText.doubleQuoted(button.label)]
            if let role = button.role { entries.append("role: \(role)") }
            if let action = button.action { entries.append("action: \(action)") }
            lines.append("      - { " + entries.joined(separator: ", ") + " }")
          }
        }
      }
    }
    if !spec.imports.isEmpty {
      lines.append(spec.importsAsScalar && spec.imports.count == 1 ? "imports: \(spec.imports[0])" : "imports: [\(spec.imports.joined(separator: ", "))]")
    }
    if let doc = spec.doc { lines.append("doc: " + YAMLText.doubleQuoted(doc)) }
    if !spec.enums.isEmpty {
      lines.append("enums:")
      for item in spec.enums {
        if spec.longEnums.contains(item.name) || item.doc != nil {
          lines.append("  \(item.name):")
          if let doc = item.doc { lines.append("    doc: " + YAMLText.doubleQuoted(doc)) }
          lines.append("    cases: [\(item.cases.joined(separator: ", "))]")
        } else {
          lines.append("  \(item.name): [\(item.cases.joined(separator: ", "))]")
        }
      }
    }
    if !spec.sumEnums.isEmpty {
      if spec.enums.isEmpty { lines.append("enums:") }
      for item in spec.sumEnums {
        // A case with values as YAML's one-pair mapping inside the flow list: `playing: { at: Int }`.
        let cases = item.cases.map { sumCase in
          sumCase.values.isEmpty
            ? sumCase.name
            : sumCase.name + ": { " + sumCase.values.map { "\($0.label): \(typeText($0.type, flow: true))" }.joined(separator: ", ") + " }"
        }
        lines.append("  \(item.name): [\(cases.joined(separator: ", "))]")
      }
    }
    if !spec.models.isEmpty {
      lines.append("models:")
      for model in spec.models {
        lines.append("  \(model.name):")
        if let doc = model.doc { lines.append("    doc: " + YAMLText.doubleQuoted(doc)) }
        if model.conformances.count == 1, model.name.count.isMultiple(of: 2) {  // now and then the scalar form
          lines.append("    conformances: \(model.conformances[0])")
        } else if !model.conformances.isEmpty {
          lines.append("    conformances: [\(model.conformances.joined(separator: ", "))]")
        }
        fields(model.fields, key: "fields", indent: "    ", into: &lines, flow: false)
      }
    }
    fields(spec.state, key: "state", indent: "", into: &lines, flow: false)
    if !spec.filters.isEmpty {
      lines.append("filters:")
      for filter in spec.filters {
        lines.append("  \(filter.name):")
        lines.append("    over: \(filter.over)")
        if let selected = filter.selected { lines.append("    selected: \(selected)") }
        if let defaultCase = filter.defaultCase { lines.append("    default: \(defaultCase)") }
        if let result = filter.result { lines.append("    result: \(result)") }
        if !filter.sort.isEmpty {
          lines.append("    sort: [" + filter.sort.map { ($0.descending ? "-" : "") + $0.field }.joined(separator: ", ") + "]")
        }
        lines.append("    cases:")
        for filterCase in filter.cases {
          lines.append("      \(filterCase.name): " + YAMLText.scalar(predicate(filterCase.predicate), flow: false))
        }
      }
    }
    if !spec.derived.isEmpty || !spec.selectors.isEmpty {
      lines.append("derived:")
      for value in spec.derived {
        let text: String
        switch value.kind {
        case .count(let condition): text = "count \(value.list)" + (condition.map { " where " + predicate($0) } ?? "")
        case .all(let condition): text = "all \(value.list) where " + predicate(condition)
        case .any(let condition): text = "any \(value.list) where " + predicate(condition)
        case .isEmpty: text = "isEmpty \(value.list)"
        case .sum(let field, let condition, let times):
          text = "sum \(value.list).\(field)" + (times.map { " * " + $0 } ?? "")
            + (condition.map { " where " + predicate($0) } ?? "")
        case .lookup(let key), .lookupMany(let key): text = "\(value.list)[\(key)]" + (value.fallback.map { " ?? \($0)" } ?? "")
        case .arithmetic(let arithmetic): text = self.arithmetic(arithmetic)
        case .expression(let expression, _): text = predicate(expression)
        case .weighted(let field, let weights, let key, let condition):
          text = "sum \(value.list).\(field) * \(weights)[\(key)]" + (condition.map { " where " + predicate($0) } ?? "")
        }
        let name = value.name + (value.parameter.map { "(\($0))" } ?? "")
        lines.append("  \(name): " + YAMLText.scalar(text, flow: false))
      }
      for selector in spec.selectors {
        lines.append("  \(selector.name):")
        fields(selector.parameters, key: "parameters", indent: "    ", into: &lines, flow: true)
        lines.append("    value: " + YAMLText.scalar(predicate(selector.value), flow: false))
      }
    }
    lines.append("actions:")
    for action in spec.actions {
      var body: [String] = []
      if let doc = action.doc { body.append("    doc: " + YAMLText.doubleQuoted(doc)) }
      if !action.payload.isEmpty || action.name.count % 5 == 0 {
        fields(action.payload, key: "payload", indent: "    ", into: &body, flow: action.name.count % 2 == 0)
      }
      if !action.reduce.isEmpty {
        operations(action.reduce, key: "reduce", scalar: action.reduceAsScalar, indent: "    ", into: &body)
      }
      if let async = action.async {
        body.append("    async:")
        var asyncBody: [String] = []
        if let successAction = async.successAction {
          asyncBody.append("      success: \(successAction)")
        } else if let success = async.success {
          fields(success, key: "success", indent: "      ", into: &asyncBody, flow: success.count < 3)
        }
        if let failureAction = async.failureAction {
          asyncBody.append("      failure: \(failureAction)")
        } else if case .fields(let failure) = async.failure {
          fields(failure, key: "failure", indent: "      ", into: &asyncBody, flow: true)
        }
        if let status = async.status { asyncBody.append("      status: \(status)") }
        if let policy = async.policy { asyncBody.append("      policy: \(policy)") }
        if let scope = async.scope { asyncBody.append("      scope: \(scope)") }
        if let timing = async.timing { asyncBody.append("      \(timing)") }
        if !async.carry.isEmpty {
          asyncBody.append(
            "      carry: " + (async.carry.count == 1 && action.name.count % 2 == 0
              ? async.carry[0] : "[" + async.carry.joined(separator: ", ") + "]"))
        }
        if let name = async.successName { asyncBody.append("      successName: \(name)") }
        if let name = async.failureName { asyncBody.append("      failureName: \(name)") }
        if let effect = async.effect { asyncBody.append("      effect: \(effect)") }
        if async.readsState { asyncBody.append("      readsState: true") }
        if async.isOptional { asyncBody.append("      optional: true") }
        if async.isStream { asyncBody.append("      stream: true") }
        if let fresh = async.fresh { asyncBody.append("      fresh: \(fresh)") }
        if !async.provides.isEmpty { asyncBody.append("      provides: [" + async.provides.joined(separator: ", ") + "]") }
        if let binding = async.binding {
          asyncBody.append(
            "      operation: " + (binding.condition.map { "\"\(binding.operation) if \($0)\"" } ?? binding.operation))
          for (key, entries) in [("request", binding.request), ("response", binding.response)] where !entries.isEmpty {
            asyncBody.append("      \(key):")
            for entry in entries { asyncBody.append("        \(entry.key): \(entry.value)") }
          }
          if !binding.errors.isEmpty {
            asyncBody.append(
              "      errors: { " + binding.errors.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + " }")
          }
        }
        body += asyncBody.isEmpty ? [] : asyncBody
        if asyncBody.isEmpty { body[body.count - 1] = "    async: {}" }
        if !async.onSuccess.isEmpty {
          operations(async.onSuccess, key: "onSuccess", scalar: true, indent: "    ", into: &body)
        }
        if !async.onFailure.isEmpty {
          operations(async.onFailure, key: "onFailure", scalar: action.name.count % 2 == 0, indent: "    ", into: &body)
        }
      }
      if !action.cancels.isEmpty {
        body.append(
          "    cancels: " + (action.cancelsAsScalar && action.cancels.count == 1
            ? action.cancels[0] : "[" + action.cancels.joined(separator: ", ") + "]"))
      }
      if !action.invalidates.isEmpty {
        body.append("    invalidates: [" + action.invalidates.joined(separator: ", ") + "]")
      }
      if action.binding { body.append("    binding: true") }
      if action.delegate { body.append("    delegate: true") }
      if let from = action.from { body.append("    from: \(from)") }
      if !action.followUps.isEmpty {
        let items = action.followUps.map { followUp in
          YAMLText.scalar(
            followUp.action
              + (followUp.written.isEmpty
                ? "" : "(" + followUp.written.map { "\($0.label): " + predicate($0.value) }.joined(separator: ", ") + ")")
              + (followUp.delay.map { (followUp.repeats ? " every " : " after ") + $0 } ?? "")
              + (followUp.condition.map { " if " + predicate($0) } ?? ""), flow: true)
        }
        body.append("    then: " + (items.count == 1 ? items[0] : "[" + items.joined(separator: ", ") + "]"))
      }
      if body.isEmpty {
        lines.append("  \(action.name): {}")
      } else {
        lines.append("  \(action.name):")
        lines += body
      }
    }
    if spec.start.count == 1, spec.start[0].bare {
      lines.append("start: \(spec.start[0].action)")
    } else if !spec.start.isEmpty {
      lines.append("start:")
      for call in spec.start {
        let payload = spec.payload(of: call.action) ?? []
        let arguments = call.arguments.compactMap { argument -> String? in
          guard let parameter = payload.first(where: { $0.name == argument.name }) else { return nil }
          return "\(argument.name): " + value(argument.value, parameter.type)
        }
        lines.append(call.bare ? "  - \(call.action)" : "  - \(call.action): { " + arguments.joined(separator: ", ") + " }")
      }
    }
    if !spec.events.isEmpty {
      lines.append("events:")
      for event in spec.events {
        fields(event.payload, key: event.name, indent: "  ", into: &lines, flow: event.payload.count < 3)
      }
    }
    if !spec.middleware.isEmpty {
      lines.append("middleware:")
      for middleware in spec.middleware {
        lines.append("  \(middleware.name):")
        if let doc = middleware.doc { lines.append("    doc: " + YAMLText.doubleQuoted(doc)) }
        let list = { (names: [String]) in
          names.count == 1 && names[0].count % 3 == 0 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        }
        if !middleware.on.isEmpty { lines.append("    on: " + list(middleware.on)) }
        if !middleware.dispatches.isEmpty { lines.append("    dispatches: " + list(middleware.dispatches)) }
        if !middleware.emits.isEmpty { lines.append("    emits: " + list(middleware.emits)) }
      }
    }
    if let persist = spec.persist {
      lines.append("persist:")
      lines.append("  fields: [" + persist.fields.joined(separator: ", ") + "]")
      if let key = persist.key { lines.append("  key: " + YAMLText.doubleQuoted(key)) }
      if let storage = persist.storage { lines.append("  storage: " + storage) }
      if let version = persist.version { lines.append("  version: \(version)") }
      if !persist.migrations.isEmpty {
        lines.append("  migrations:")
        for migration in persist.migrations {
          lines.append("    \(migration.version):")
          for step in migration.steps {
            lines.append("      - \(step.kind): \(step.path)")
            if let to = step.to { lines.append("        to: \(to)") }
            if let value = step.value { lines.append("        \(step.kind == "retype" ? "fallback" : "value"): \(value)") }
          }
        }
      }
    }
    let examples = renderedExamples() + spec.writtenExamples.flatMap { $0 }
    if !examples.isEmpty {
      lines.append("examples:")
      lines += examples
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each example with the `then` values the simulator computes; paths that don't reach a value
  /// (after shrinking, say) are left out.
  func renderedExamples() -> [String] {
    let simulator = Simulator(spec: spec)
    let stateTypes = Dictionary(spec.allStateFields.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
    var lines: [String] = []
    for (number, example) in spec.examples.enumerated() {
      lines.append("  - name: " + YAMLText.doubleQuoted(example.name))
      if !example.given.isEmpty {
        lines.append("    given:")
        for (index, given) in example.given.enumerated() {
          guard let type = stateTypes[given.name] else { continue }
          lines.append("      \(given.name): " + value(given.value, type, variant: number + index))
        }
      }
      if example.when.isEmpty, example.whenStyle == .omitted {
        // No `when`: the example checks the given state as it is.
      } else if example.when.isEmpty {
        lines.append("    when: []")
      } else if example.whenStyle == .scalar, example.when.count == 1, example.when[0].bare {
        lines.append("    when: \(example.when[0].action)")
      } else {
        lines.append("    when:")
        for (index, call) in example.when.enumerated() {
          if let wait = call.wait {
            lines.append("      - wait: \(wait)ms")
          } else if call.bare {
            lines.append("      - \(call.action)")
          } else {
            let payload = spec.payload(of: call.action) ?? []
            let arguments = call.arguments.compactMap { argument -> String? in
              guard let parameter = payload.first(where: { $0.name == argument.name }) else { return nil }
              return "\(argument.name): " + value(argument.value, parameter.type, variant: number + index)
            }
            lines.append("      - \(call.action): " + (arguments.isEmpty ? "{}" : "{ " + arguments.joined(separator: ", ") + " }"))
          }
        }
      }
      if let run = example.store {
        lines += storeRun(run, example, simulator, variant: number)
      } else if example.saysReducer {
        lines.append("    through: reducer")
      }
      let state = simulator.run(example)
      var then: [String] = []
      var seen: Set<String> = []
      for path in example.then {
        guard let (expected, type) = simulator.read(path, in: state), !expected.isFresh else { continue }
        let key = thenPathText(path)
        guard seen.insert(key).inserted else { continue }
        then.append("      \(YAMLText.scalar(key, flow: false)): " + value(expected, type, variant: number + then.count))
      }
      if !then.isEmpty {
        lines.append("    then:")
        lines += then
      }
    }
    return lines
  }

  /// `through`, `effects` and `receive` of an example through the store.
  func storeRun(_ run: RStoreRun, _ example: RExample, _ simulator: Simulator, variant: Int) -> [String] {
    var lines: [String] = []
    let received = simulator.received(example)
    if run.saysThrough || (run.effects.isEmpty && received.isEmpty) { lines.append("    through: store") }
    // The middleware the spec still has (the shrinker may have taken one away).
    if let chosen = run.middleware {
      let names = chosen.filter { name in spec.middleware.contains { $0.name == name } }
      lines.append("    middleware: [" + names.joined(separator: ", ") + "]")
    }
    // Effects of actions the spec still has (the shrinker may have taken one away), in its order.
    let effects = spec.actions.compactMap { action in
      run.effects[spec.effectName(of: action)].map { (action, $0) }
    }
    if !effects.isEmpty {
      lines.append("    effects:")
      for (action, outcome) in effects {
        let carried = Set(action.async?.carry ?? [])
        let text: String
        switch outcome {
        case .returnsNil:
          text = "{ returns: nil }"
        case .returns(let own) where own.isEmpty:
          text = "succeeds"
        case .returns(let own):
          let fields = (spec.payload(of: action.succeeded) ?? []).filter { !carried.contains($0.name) }
          if fields.count == 1, let field = fields.first, let given = own.first {
            text = "{ returns: " + value(given.value, field.type, variant: variant) + " }"
          } else {
            let pairs = own.compactMap { given -> String? in
              guard let field = fields.first(where: { $0.name == given.name }) else { return nil }
              return "\(given.name): " + value(given.value, field.type, variant: variant)
            }
            text = "{ returns: { " + pairs.joined(separator: ", ") + " } }"
          }
        case .fails(let error):
          let field = (spec.payload(of: action.failed) ?? []).first { !carried.contains($0.name) }
          text = "{ fails: " + value(error, field?.type ?? .scalar(.string), variant: variant) + " }"
        case .yields(let elements, let failure):
          let fields = (spec.payload(of: action.succeeded) ?? []).filter { !carried.contains($0.name) }
          let items = elements.map { own -> String in
            if fields.isEmpty { return "null" }
            if fields.count == 1, let field = fields.first, let given = own.first {
              return value(given.value, field.type, variant: variant)
            }
            let pairs = own.compactMap { given -> String? in
              guard let field = fields.first(where: { $0.name == given.name }) else { return nil }
              return "\(given.name): " + value(given.value, field.type, variant: variant)
            }
            return "{ " + pairs.joined(separator: ", ") + " }"
          }
          text = "{ yields: [" + items.joined(separator: ", ") + "]"
            + (failure.map { ", fails: " + value($0, .scalar(.string), variant: variant) } ?? "") + " }"
        }
        lines.append("      \(spec.effectName(of: action)): \(text)")
      }
    }
    if !received.isEmpty {
      lines.append("    receive:")
      for call in received {
        let payload = spec.payload(of: call.action) ?? []
        let arguments = call.arguments.compactMap { argument -> String? in
          guard let parameter = payload.first(where: { $0.name == argument.name }) else { return nil }
          return "\(argument.name): " + value(argument.value, parameter.type, variant: variant)
        }
        lines.append("      - \(call.action)" + (arguments.isEmpty ? "" : ": { " + arguments.joined(separator: ", ") + " }"))
      }
    }
    return lines
  }

  /// A dictionary key inside a `then` path: a name, a number, or quoted text.
  func thenKey(_ key: RValue) -> String {
    switch key {
    case .string(let text):
      let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") }
      if plain && !["true", "false", "nil"].contains(text) { return text }
      return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case .int(let number): return String(number)
    case .uuid(let text): return smallUUIDNumber(text).map(String.init) ?? "\"" + text + "\""
    case .enumCase(let name): return name
    default: return "?"
    }
  }

  func thenPathText(_ path: [RThenStep]) -> String {
    var text = ""
    for step in path {
      switch step {
      case .field(let name): text += text.isEmpty ? name : "." + name
      case .index(let index): text += "[\(index)]"
      case .key(let key): text += "[\(thenKey(key))]"
      case .count: text += ".count"
      case .isEmpty: text += ".isEmpty"
      }
    }
    return text
  }
}

extension RApp {
  /// The app document; features are named `<field>.yaml` next to it.
  func yaml() -> String {
    var lines = ["app: \(name)"]
    if let doc { lines.append("doc: " + YAMLText.doubleQuoted(doc)) }
    lines.append("features:")
    for feature in features { lines.append("  \(feature.field): \(feature.field).yaml") }
    if !shared.isEmpty {
      lines.append("shared:")
      for entry in shared { lines.append("  \(entry.action): [\(entry.features.joined(separator: ", "))]") }
    }
    if !derived.isEmpty {
      lines.append("derived:")
      for value in derived { lines.append("  \(value.name): " + YAMLText.scalar(value.text, flow: false)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
