import Foundation
import ReduxGenCore

/// A stretch of one line of a document: the line from 0, and characters (not UTF-16 units)
/// from 0, the end past the last.
package struct TextSpan: Hashable, Comparable, Sendable {
  package var line: Int
  package var start: Int
  package var end: Int

  package static func < (lhs: TextSpan, rhs: TextSpan) -> Bool {
    (lhs.line, lhs.start, lhs.end) < (rhs.line, rhs.start, rhs.end)
  }

  func contains(line: Int, character: Int) -> Bool {
    line == self.line && start <= character && character <= end
  }
}

/// A name a spec declares: a model and its fields, an enum and its cases, a state field, a
/// derived value, a filter, an action and its parameters, a child, an alert, a middleware, or a
/// whole feature spec (a stack's destination, an app's feature).
package struct SpecSymbol: Hashable, Sendable {
  package enum Kind: String, Sendable {
    case model, field, enumeration = "enum", enumCase = "enum case", stateField = "state field", derived = "derived value",
      filter, action, parameter, child, alert, middleware, feature
  }

  /// The spec that declares it (a path).
  package var file: String
  package var kind: Kind
  /// The model, enum, action or selector it belongs to.
  package var container: String?
  package var name: String
}

/// What the names of one YAML scalar are (their role decides which declaration a bare name is
/// read as first).
indirect enum NameRole: Equatable {
  /// A condition, a value, a derived value, a reduce operation.
  case expression
  /// An action's name (`then:`, `cancels:`, `on:`, `from:`, an example's `when:`).
  case action
  /// A type (`[Task]`, `Priority?`).
  case type
  /// A path into the state (`persist: fields:`, an example's `given:`/`then:` keys, `over:`).
  case statePath
  /// A parameter of the action the chain names (an example's payload keys).
  case parameter(of: NameChain)
  /// A field of the model the chain's type is (an example's value of a model), a state field of
  /// the feature it is (`push path.detail with NAME = ...`).
  case field(of: NameChain)
  /// A value written for what the chain names: an enum's case (`priority: high`), an alert
  /// (`alert: confirm`).
  case value(of: NameChain)
  /// A case of the enum of this name (a field's default, `Theme = bubblegum`).
  case caseOf(String)
}

/// `tasks[id].isCompleted`: names read one after another, each but the first a member of the
/// one before, with where each is written; the role and scope of the place it is written in.
struct NameChain: Equatable {
  struct Link: Equatable {
    var name: String
    var span: TextSpan
    /// Followed by `[...]`: what comes next is a member of an element.
    var indexed = false
  }

  var links: [Link]
  var role: NameRole
  /// The action or selector whose parameters the chain may read.
  var owner: (kind: SpecSymbol.Kind, name: String)?
  /// The chain whose elements a bare name is read from (`remove tasks where isCompleted`).
  var elements: [String]?
  /// Read from the elements first (after `where`, in a filter case, in a sum's terms).
  var elementFirst = false
  /// A path over a list's elements (`sum tallies.count`): its names are the elements'.
  var overElements = false

  static func == (lhs: NameChain, rhs: NameChain) -> Bool {
    lhs.links == rhs.links && lhs.role == rhs.role
  }
}

/// One spec's names, read from its YAML as written (a spec with errors too, as far as it reads as
/// YAML): what it declares and where, and every chain of names its strings write, not yet
/// resolved (a child's names are in the child's spec).
package struct SpecIndex {
  package struct Declaration {
    package var symbol: SpecSymbol
    package var span: TextSpan
    /// The type as written (`[Task]`, `String = ""`'s `String`), the payload, the expression.
    package var detail: String?
  }

  package let path: String
  package let lines: [String]
  package private(set) var declarations: [Declaration] = []
  private var declared: [String: [Int]] = [:]
  private(set) var chains: [NameChain] = []
  /// A link to another spec file: `each:`, `presents:`, `stack:`, `uses:`, an app's features.
  package private(set) var fileLinks: [(span: TextSpan, path: String)] = []
  /// A child's spec (`each:`, `presents:`, an app's feature), by the child's name; a stack's
  /// destinations' specs.
  private(set) var childFiles: [String: String] = [:]
  private(set) var stackFiles: [String: [String]] = [:]
  /// The specs whose models and enums this one reads.
  private(set) var usedFiles: [String] = []
  /// The specs this one uses, then those it holds: where its types may come from.
  var reachedFiles: [String] {
    usedFiles + childFiles.keys.sorted().compactMap { childFiles[$0] } + stackFiles.keys.sorted().flatMap { stackFiles[$0] ?? [] }
  }
  /// The strings with names whose places in the text aren't known (line from 0, text).
  private(set) var unplaced: [(line: Int, text: String)] = []
  /// The state fields `persist: fields:` names.
  package private(set) var persistedFields: [String] = []
  /// `feature: Name` or `app: Name`.
  package private(set) var featureName: String?
  package private(set) var isApp = false
  /// The top-level mapping, for completion's key lookups.
  let root: YAMLNode?
  /// Whether the whole text read as YAML (else its names are those read before the error).
  private(set) var readsAsYAML = false

  package init(text: String, path: String) {
    self.path = path
    lines = DiagnosticRanges.lines(of: text)
    var diagnostics = DiagnosticCollector()
    root = YAMLLoader().load(text, path: path, diagnostics: &diagnostics)
    readsAsYAML = root != nil && !diagnostics.hasErrors
    guard let pairs = root?.mapping else { return }
    for pair in pairs {
      guard let key = pair.key.scalar else { continue }
      readTop(key, pair.value)
    }
  }

  /// The declarations of `name` of these kinds, in that order of kinds.
  func declarations(named name: String, _ kinds: [SpecSymbol.Kind], container: String? = nil) -> [Declaration] {
    let found = (declared[name] ?? []).map { declarations[$0] }
    return kinds.flatMap { kind in
      found.filter { $0.symbol.kind == kind && (container == nil || $0.symbol.container == container) }
    }
  }

  package func declaration(of symbol: SpecSymbol) -> Declaration? {
    (declared[symbol.name] ?? []).lazy.map { declarations[$0] }.first { $0.symbol == symbol }
  }

  // MARK: - Reading

  private mutating func declare(_ kind: SpecSymbol.Kind, _ key: YAMLNode, container: String? = nil, detail: String? = nil) {
    guard let name = key.scalar, let span = span(of: key) else { return }
    declare(kind, named: name, span, container: container, detail: detail)
  }

  private mutating func declare(_ kind: SpecSymbol.Kind, named name: String, _ span: TextSpan, container: String? = nil, detail: String? = nil) {
    let symbol = SpecSymbol(file: path, kind: kind, container: container, name: name)
    declared[name, default: []].append(declarations.count)
    declarations.append(Declaration(symbol: symbol, span: span, detail: detail))
  }

  private mutating func readTop(_ key: String, _ value: YAMLNode) {
    switch key {
    case "feature", "app":
      featureName = value.scalar
      isApp = key == "app"
    case "models":
      for model in value.mapping ?? [] {
        guard let name = model.key.scalar else { continue }
        declare(.model, model.key)
        let fields = model.value.mapping?.first { $0.key.scalar == "fields" }?.value.mapping ?? []
        for field in fields { readField(field, kind: .field, container: name) }
      }
    case "enums":
      for enumeration in value.mapping ?? [] {
        guard let name = enumeration.key.scalar else { continue }
        declare(.enumeration, enumeration.key)
        let cases = enumeration.value.mapping?.first { $0.key.scalar == "cases" }?.value ?? enumeration.value
        for item in cases.sequence ?? [] {
          if item.scalar != nil {
            declare(.enumCase, item, container: name)
          } else if let carried = item.mapping?.first {
            declare(.enumCase, carried.key, container: name, detail: text(of: carried.value))
            for value in carried.value.mapping ?? [] { readField(value, kind: .field, container: "\(name).\(carried.key.scalar ?? "")") }
          }
        }
      }
    case "state":
      for field in value.mapping ?? [] { readField(field, kind: .stateField, container: nil) }
    case "derived":
      for derived in value.mapping ?? [] {
        guard let name = derived.key.scalar else { continue }
        if let open = name.firstIndex(of: "("), let keySpan = span(of: derived.key) {
          // `book(id): books[id]`: a derived value with its parameters in its key.
          let base = String(name[..<open])
          let start = name.distance(from: name.startIndex, to: open)
          declare(.derived, named: base, TextSpan(line: keySpan.line, start: keySpan.start, end: keySpan.start + start), detail: derived.value.scalar)
          var offset = start + 1
          for parameter in name[name.index(after: open)...].split(separator: ",", omittingEmptySubsequences: false) {
            let written = parameter.prefix { $0 != ":" && $0 != ")" }
            let leading = written.prefix { $0 == " " }.count
            let parameterName = written.trimmingCharacters(in: .whitespaces)
            if !parameterName.isEmpty {
              let from = keySpan.start + offset + leading
              declare(.parameter, named: parameterName, TextSpan(line: keySpan.line, start: from, end: from + parameterName.count), container: base)
            }
            offset += parameter.count + 1
          }
          readScalars(derived.value, .expression, owner: (.derived, base))
          continue
        }
        if let pairs = derived.value.mapping {
          let valueNode = pairs.first { $0.key.scalar == "value" }?.value
          declare(.derived, derived.key, detail: valueNode?.scalar)
          for parameter in pairs.first(where: { $0.key.scalar == "parameters" })?.value.mapping ?? [] {
            readField(parameter, kind: .parameter, container: name)
          }
          if let valueNode { readScalars(valueNode, .expression, owner: (.derived, name)) }
        } else {
          declare(.derived, derived.key, detail: derived.value.scalar)
          readScalars(derived.value, .expression, owner: nil)
        }
      }
    case "filters":
      for filter in value.mapping ?? [] {
        guard let name = filter.key.scalar, let pairs = filter.value.mapping else { continue }
        declare(.filter, filter.key)
        let over = pairs.first { $0.key.scalar == "over" }?.value
        if let over { readScalars(over, .statePath, owner: nil) }
        if let selected = pairs.first(where: { $0.key.scalar == "selected" })?.value { declare(.stateField, selected, detail: name) }
        if let result = pairs.first(where: { $0.key.scalar == "result" })?.value {
          declare(.derived, result, detail: over?.scalar.map { "filtered \($0)" })
        }
        for item in pairs.first(where: { $0.key.scalar == "cases" })?.value.mapping ?? [] {
          declare(.enumCase, item.key, container: name)
          readScalars(item.value, .expression, owner: nil, elements: over?.scalar.map { [$0] })
        }
        if let sort = pairs.first(where: { $0.key.scalar == "sort" })?.value {
          readScalars(sort, .expression, owner: nil, elements: over?.scalar.map { [$0] })
        }
      }
    case "actions":
      for action in value.mapping ?? [] {
        guard let name = action.key.scalar else { continue }
        let payload = action.value.mapping?.first { $0.key.scalar == "payload" }?.value
        declare(.action, action.key, detail: payload.map(text(of:)))
        for parameter in payload?.mapping ?? [] { readField(parameter, kind: .parameter, container: name) }
        for pair in action.value.mapping ?? [] { readActionKey(pair, action: name) }
      }
    case "children":
      for child in value.mapping ?? [] {
        guard let pairs = child.value.mapping else { continue }
        let detail = pairs.first { ["each", "presents", "stack"].contains($0.key.scalar) }.map { "\($0.key.scalar ?? ""): \(text(of: $0.value))" }
        declare(.child, child.key, detail: detail)
        for pair in pairs {
          switch pair.key.scalar {
          case "each", "presents":
            if let file = link(pair.value), let name = child.key.scalar { childFiles[name] = file }
          case "stack":
            let files = (pair.value.sequence ?? [pair.value]).compactMap { link($0) }
            if let name = child.key.scalar { stackFiles[name] = files }
          case "dismissOn":
            if let name = child.key.scalar { readScalars(pair.value, .action, owner: nil, prefix: [name]) }
          case "shows":
            for shown in pair.value.mapping ?? [] { readScalars(shown.value, .statePath, owner: nil) }
          default: break
          }
        }
      }
    case "shared":
      // An app's shared action: `addToCart: [products, cart]`, the action of each feature listed.
      for shared in value.mapping ?? [] {
        guard let name = shared.key.scalar, let span = span(of: shared.key) else { continue }
        for feature in shared.value.sequence ?? [] {
          guard let featureName = feature.scalar else { continue }
          let hidden = TextSpan(line: -1, start: 0, end: 0)
          chains.append(NameChain(links: [.init(name: featureName, span: hidden), .init(name: name, span: span)], role: .action))
          readScalars(feature, .statePath, owner: nil)
        }
      }
    case "features":
      for feature in value.mapping ?? [] {
        declare(.child, feature.key, detail: feature.value.scalar)
        if let file = link(feature.value), let name = feature.key.scalar { childFiles[name] = file }
      }
    case "uses":
      usedFiles = (value.sequence ?? [value]).compactMap { link($0) }
    case "alerts":
      for alert in value.mapping ?? [] {
        declare(.alert, alert.key)
        let buttons = alert.value.mapping?.first { $0.key.scalar == "buttons" }?.value.sequence ?? []
        for button in buttons {
          if let action = button.mapping?.first(where: { $0.key.scalar == "action" })?.value { readScalars(action, .action, owner: nil) }
        }
      }
    case "middleware":
      for middleware in value.mapping ?? [] {
        declare(.middleware, middleware.key)
        for pair in middleware.value.mapping ?? [] where ["on", "dispatches"].contains(pair.key.scalar) {
          readScalars(pair.value, .action, owner: nil)
        }
      }
    case "start":
      readScalars(value, .action, owner: nil)
    case "persist":
      if let fields = value.mapping?.first(where: { $0.key.scalar == "fields" })?.value {
        readScalars(fields, .statePath, owner: nil)
        persistedFields = (fields.sequence ?? [fields]).compactMap(\.scalar)
      }
    case "examples":
      for example in value.sequence ?? [] {
        for pair in example.mapping ?? [] { readExampleKey(pair) }
      }
    default:
      break
    }
  }

  /// A field, a state field or a parameter: `name: Type = default` or `name: { type: Type }`.
  private mutating func readField(_ pair: YAMLNode.Pair, kind: SpecSymbol.Kind, container: String?) {
    var typeNode = pair.value
    if let type = pair.value.mapping?.first(where: { $0.key.scalar == "type" })?.value { typeNode = type }
    // `[Task]` unquoted is YAML's list of one scalar; `[K: V]` a list of one mapping.
    var written = typeNode.scalar ?? ""
    if let items = typeNode.sequence, items.count == 1 {
      if let element = items[0].scalar {
        written = "[\(element)]"
      } else if let pair = items[0].mapping?.first, let key = pair.key.scalar, let value = pair.value.scalar {
        written = "[\(key): \(value)]"
      }
    }
    let type = written.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? written
    declare(kind, pair.key, container: container, detail: type)
    readScalars(typeNode, .type, owner: nil, only: typeNode.scalar == nil ? nil : type.count)
    // `Theme = bubblegum`: a case of the field's enum.
    if let text = typeNode.scalar, let equals = text.firstIndex(of: "="), let place = start(of: typeNode, text) {
      let after = text[text.index(after: equals)...]
      let leading = after.prefix { $0 == " " || $0 == "." }.count
      let value = after.dropFirst(leading)
      if !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), value.first?.isLetter == true {
        let from = place.column + text.distance(from: text.startIndex, to: equals) + 1 + leading
        let link = NameChain.Link(name: String(value), span: TextSpan(line: place.line, start: from, end: from + value.count))
        chains.append(NameChain(links: [link], role: .caseOf(SpecWorkspace.baseType(type))))
      }
    }
  }

  private mutating func readActionKey(_ pair: YAMLNode.Pair, action: String) {
    switch pair.key.scalar {
    case "reduce":
      readOperations(pair.value, action: action)
    case "onSuccess", "onFailure":
      readOperations(pair.value, action: pair.key.scalar == "onSuccess" ? "\(action).success" : "\(action).failure")
    case "then":
      readScalars(pair.value, .expression, owner: (.action, action), leadingAction: true)
    case "cancels", "invalidates":
      readScalars(pair.value, .action, owner: nil)
    case "from":
      readScalars(pair.value, .action, owner: nil)
    case "async":
      // `success: { store: Store }` the outcome's payload (what `onSuccess` reads);
      // `success: loaded` an action of the spec.
      for inner in pair.value.mapping ?? [] where ["success", "failure"].contains(inner.key.scalar) {
        if inner.value.scalar != nil {
          readScalars(inner.value, .action, owner: nil)
        } else {
          for field in inner.value.mapping ?? [] { readField(field, kind: .parameter, container: "\(action).\(inner.key.scalar ?? "")") }
        }
      }
    default:
      break
    }
  }

  /// A reduce: an operation, a list of them, `- if C: OPS` and `- else: OPS`.
  private mutating func readOperations(_ node: YAMLNode, action: String) {
    switch node.kind {
    case .scalar:
      readScalars(node, .expression, owner: (.action, action), operation: true)
    case .sequence(let items):
      for item in items { readOperations(item, action: action) }
    case .mapping(let pairs):
      for pair in pairs {
        if let key = pair.key.scalar, key.hasPrefix("if ") { readScalars(pair.key, .expression, owner: (.action, action), operation: true) }
        readOperations(pair.value, action: action)
      }
    }
  }

  private mutating func readExampleKey(_ pair: YAMLNode.Pair) {
    switch pair.key.scalar {
    case "given", "then":
      for entry in pair.value.mapping ?? [] {
        guard let chain = chains(in: entry.key, .statePath, owner: nil).first else { continue }
        chains.append(chain)
        readValue(entry.value, of: chain)
      }
    case "when", "receive":
      for step in pair.value.sequence ?? [pair.value] {
        if step.scalar != nil {
          readScalars(step, .action, owner: nil)
        } else if let sent = step.mapping?.first, let chain = chains(in: sent.key, .action, owner: nil).first {
          chains.append(chain)
          for parameter in sent.value.mapping ?? [] {
            guard let key = chains(in: parameter.key, .parameter(of: chain), owner: nil).first else { continue }
            chains.append(key)
            readValue(parameter.value, of: key)
          }
        }
      }
    default:
      break
    }
  }

  /// The keys of a value written for a field, a parameter or a state field of a model's type
  /// (its fields), through lists.
  private mutating func readValue(_ node: YAMLNode, of owner: NameChain) {
    switch node.kind {
    case .scalar(let text, _):
      // A case of an enum, an alert: a name alone.
      let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
      guard let first = name.first, first.isLetter, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
        !["true", "false", "null", "nil"].contains(name), let place = start(of: node, text)
      else { return }
      let from = place.column + text.count - name.count
      chains.append(NameChain(links: [.init(name: name, span: TextSpan(line: place.line, start: from, end: from + name.count))], role: .value(of: owner)))
    case .sequence(let items):
      for item in items { readValue(item, of: owner) }
    case .mapping(let pairs):
      for pair in pairs {
        guard let key = chains(in: pair.key, .field(of: owner), owner: nil).first, key.links.count == 1 else { continue }
        chains.append(key)
        readValue(pair.value, of: key)
      }
    }
  }

  /// Reads the chains of names in every scalar of `node`.
  private mutating func readScalars(
    _ node: YAMLNode, _ role: NameRole, owner: (kind: SpecSymbol.Kind, name: String)?, elements: [String]? = nil,
    operation: Bool = false, leadingAction: Bool = false, prefix: [String] = [], only: Int? = nil
  ) {
    switch node.kind {
    case .scalar(let text, _):
      // A string not written as it reads (a block, a folded line, escapes): its names can't be
      // placed, and a rename that would need them is refused.
      if start(of: node, text) == nil, text.contains(where: \.isLetter) { unplaced.append((node.location.line - 1, text)) }
      var found = chains(in: node, role, owner: owner, elements: elements, operation: operation, only: only)
      if leadingAction, !found.isEmpty { found[0].role = .action }
      if !prefix.isEmpty {
        found = found.map { chain in
          var chain = chain
          chain.links = prefix.map { NameChain.Link(name: $0, span: TextSpan(line: -1, start: 0, end: 0)) } + chain.links
          return chain
        }
      }
      chains += found
    case .sequence(let items):
      for item in items {
        readScalars(item, role, owner: owner, elements: elements, operation: operation, leadingAction: leadingAction, prefix: prefix)
      }
    case .mapping(let pairs):
      for pair in pairs {
        readScalars(pair.key, role, owner: owner, elements: elements, operation: operation, leadingAction: leadingAction, prefix: prefix)
        readScalars(pair.value, role, owner: owner, elements: elements, operation: operation, leadingAction: leadingAction, prefix: prefix)
      }
    }
  }

  private static let operationWords = Set(SpecVocabulary.operationWords)
  private static let derivationWords = Set(SpecVocabulary.derivationWords)

  /// Words that are the expression language's own, never a name of the spec where they stand
  /// between names.
  private static let keywords: Set<String> = [
    "where", "by", "in", "at", "with", "every", "after", "if", "else", "is", "to", "from", "and", "or", "not", "true", "false",
    "nil", "descending", "ascending", "on", "of", "into", "=",
  ]

  /// The chains of names in one scalar, each name with its place. In an operation, the first
  /// name after the operation's word is a path into the state (`set draft = draft`).
  private func chains(
    in node: YAMLNode, _ role: NameRole, owner: (kind: SpecSymbol.Kind, name: String)?, elements: [String]? = nil,
    operation: Bool = false, only: Int? = nil, nesting: Int = 0
  ) -> [NameChain] {
    guard let text = node.scalar, let place = start(of: node, text) else { return [] }
    let characters = Array(text.prefix(only ?? text.count))
    var result: [NameChain] = []
    // Where each chain ends in the text, and where `with` was read (`push path.x with a = b`).
    var ends: [Int] = []
    var withAt: Int?
    var index = 0
    var current: NameChain?
    var expectMember = false
    var firstName = true
    var isDerivation = false
    var afterWhere = elements != nil
    func finish() {
      if let chain = current {
        result.append(chain)
        ends.append(index)
      }
      current = nil
    }
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        finish()
        index += 1
        while index < characters.count, characters[index] != "\"" { index += characters[index] == "\\" ? 2 : 1 }
        index += 1
        continue
      }
      if character.isNumber {
        // A number, `1s` and `2.5` whole: no name starts in it.
        finish()
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "." || characters[index] == "_" {
          index += 1
        }
        expectMember = false
        continue
      }
      if character.isLetter || character == "_" {
        let begin = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
        let name = String(characters[begin..<index])
        let span = TextSpan(line: place.line, start: place.column + begin, end: place.column + index)
        if expectMember, current != nil {
          current?.links.append(NameChain.Link(name: name, span: span))
        } else {
          let end = index
          index = begin
          finish()
          index = end
          let isOperationWord = operation && firstName && Self.operationWords.contains(name)
          let isDerivationWord = !operation && role == .expression && firstName && Self.derivationWords.contains(name)
          if isDerivationWord { isDerivation = true }
          if name == "where" { afterWhere = true }
          if name == "with", operation { withAt = begin }
          if !isOperationWord && !isDerivationWord && !(Self.keywords.contains(name) && role != .statePath) {
            var chainRole = role
            if operation && result.isEmpty && role == .expression { chainRole = .statePath }
            current = NameChain(links: [NameChain.Link(name: name, span: span)], role: chainRole, owner: owner, elements: elements)
            current?.elementFirst = afterWhere || (isDerivation && !result.isEmpty)
            current?.overElements = isDerivation && result.isEmpty
          }
          if !isOperationWord { firstName = false }
        }
        expectMember = false
        continue
      }
      if character == "." {
        expectMember = true
      } else if character == "?" && index + 1 < characters.count && characters[index + 1] == "." {
        expectMember = true
        index += 1
      } else if character == "[" {
        // What the brackets hold are chains of their own; the chain reads on after `]`.
        var depth = 1
        var inner = index + 1
        while inner < characters.count, depth > 0 {
          if characters[inner] == "[" { depth += 1 }
          if characters[inner] == "]" { depth -= 1 }
          inner += 1
        }
        let written = String(characters[(index + 1)..<max(index + 1, depth == 0 ? inner - 1 : inner)])
        let saved = current
        current = nil
        // Brackets nested deeper than any spec writes are read as nothing.
        let held = nesting < 8 ? written : ""
        for var chain in innerChains(held, owner: owner, elements: elements, line: place.line, column: place.column + index + 1, nesting: nesting + 1) {
          chain.elementFirst = chain.elementFirst || afterWhere || isDerivation
          result.append(chain)
          ends.append(inner)
        }
        current = saved
        if let last = current?.links.indices.last { current?.links[last].indexed = true }
        index = inner
        expectMember = false
        continue
      } else if character != " " {
        finish()
        expectMember = false
      }
      index += 1
    }
    finish()
    // The elements a bare name is read from: the first path the scalar names
    // (`tasks[].done` of `set tasks[].done = true where done`, `taskList.tasks` of an app's
    // `count taskList.tasks where done`).
    let written = result.filter { $0.role == .statePath || $0.role == .expression }.min { $0.links[0].span < $1.links[0].span }
    if elements == nil, role == .expression, let list = written?.links {
      for offset in result.indices where result[offset].elements == nil { result[offset].elements = list.map(\.name) }
    }
    // `with NAME = VALUE, ...`: each NAME a field of the feature pushed or presented.
    if let withAt, let target = written, target.role == .statePath {
      for offset in result.indices where ends[offset] > withAt && result[offset].links.count == 1 && result[offset] != target {
        let rest = characters[ends[offset]...].drop { $0 == " " }
        if rest.first == "=", rest.dropFirst().first != "=" { result[offset].role = .field(of: target) }
      }
    }
    return result
  }

  /// The chains between brackets (`tasks[id]`'s `id`), read as an expression.
  private func innerChains(
    _ text: String, owner: (kind: SpecSymbol.Kind, name: String)?, elements: [String]?, line: Int, column: Int, nesting: Int
  ) -> [NameChain] {
    var shifted: [NameChain] = []
    let probe = SpecIndex(lines: [String(repeating: " ", count: column) + text], path: path)
    for var chain in probe.chains(in: YAMLNode(.scalar(text, .plain), at: SourceLocation(file: path, line: 1, column: column + 1)), .expression, owner: owner, elements: elements, nesting: nesting) {
      for offset in chain.links.indices { chain.links[offset].span.line = line }
      shifted.append(chain)
    }
    return shifted
  }

  private init(lines: [String], path: String) {
    self.path = path
    self.lines = lines
    root = nil
  }

  /// Where a scalar's text starts (line from 0, character from 0), when the text is written
  /// there as it reads (no escapes, one line).
  private func start(of node: YAMLNode, _ text: String) -> (line: Int, column: Int)? {
    let location = node.textLocation
    let line = location.line - 1
    guard line >= 0, line < lines.count, !text.contains("\n") else { return nil }
    let column = location.column - 1
    let written = Array(lines[line])
    let wanted = Array(text)
    guard column >= 0, column + wanted.count <= written.count, Array(written[column..<(column + wanted.count)]) == wanted else { return nil }
    return (line, column)
  }

  private func span(of node: YAMLNode) -> TextSpan? {
    guard let text = node.scalar, let place = start(of: node, text) else { return nil }
    return TextSpan(line: place.line, start: place.column, end: place.column + text.count)
  }

  /// A spec file a scalar names, relative to this spec's folder; recorded as a link.
  private mutating func link(_ node: YAMLNode) -> String? {
    guard let name = node.scalar, !name.isEmpty else { return nil }
    let file = URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: path).deletingLastPathComponent()).standardizedFileURL.path
    if let span = span(of: node) { fileLinks.append((span, file)) }
    return file
  }

  /// A node's text as written, for a detail: a scalar's, or a flow mapping's line.
  private func text(of node: YAMLNode) -> String {
    if let scalar = node.scalar { return scalar }
    let line = node.location.line - 1
    guard line >= 0, line < lines.count else { return "" }
    let written = Array(lines[line])
    let column = max(0, node.location.column - 1)
    guard column < written.count else { return "" }
    return String(written[column...]).trimmingCharacters(in: .whitespaces)
  }
}

extension YAMLNode {
  /// The list's items, or nil for a scalar or a mapping.
  var sequence: [YAMLNode]? {
    if case .sequence(let items) = kind { return items }
    return nil
  }
}
