import Foundation
import ReduxGenCore

/// Completion and hover: what may be written at a place (a key of the mapping the place is in,
/// the names an expression reads there, a child's actions after `child.`, a spec file), and what
/// a name or a key under the pointer is.
extension LanguageServer {
  /// LSP's `CompletionItemKind` numbers used here.
  enum ItemKind: Int {
    case method = 2, function = 3, field = 5, variable = 6, module = 9, property = 10, enumeration = 13, keyword = 14,
      file = 17, enumMember = 20, structure = 22, event = 23, typeParameter = 25
  }

  static func itemKind(_ kind: SpecSymbol.Kind) -> ItemKind {
    switch kind {
    case .model: .structure
    case .field: .field
    case .enumeration, .filter: .enumeration
    case .enumCase: .enumMember
    case .stateField: .property
    case .derived: .function
    case .action: .event
    case .parameter: .variable
    case .child, .feature: .module
    case .alert, .middleware: .method
    }
  }

  /// `textDocument/completion`: the items for the place, narrowed by the client to the word
  /// typed.
  func completion(_ params: [String: Any]) -> [String: Any] {
    guard let place = place(params), let current = workspace.index(place.path) else { return ["isIncomplete": false, "items": []] }
    // The text as typed says where the place is; its names are the last text's that read as YAML
    // (`dismissOn: [` doesn't until its `]` is typed).
    let index = workspace.namesIndex(place.path) ?? current
    let position = SpecPosition(lines: current.lines, line: place.line, character: place.character)
    var items: [[String: Any]] = []
    var seen: Set<String> = []
    func add(_ label: String, _ kind: ItemKind, _ detail: String? = nil, documentation: String? = nil) {
      guard seen.insert(label).inserted else { return }
      var item: [String: Any] = ["label": label, "kind": kind.rawValue]
      if let detail { item["detail"] = detail }
      if let documentation { item["documentation"] = ["kind": "markdown", "value": documentation] }
      items.append(item)
    }
    func addSymbols(_ symbols: [SpecIndex.Declaration]) {
      for declaration in symbols {
        let symbol = declaration.symbol
        let detail = [symbol.kind.rawValue, declaration.detail].compactMap { $0 }.joined(separator: ": ")
        add(symbol.name, Self.itemKind(symbol.kind), detail)
      }
    }
    let path = position.path
    let isExampleKey = path.count == 3 && path[0] == "examples" && ["given", "then"].contains(path[2])
    let role = position.key.map { Self.role(key: $0, path: path) } ?? (isExampleKey ? .statePath : .expression)
    // After `NAME.` (`rows[id].`, `child.`): the members of what the chain before the dot is.
    let chainText = Self.chainBefore(position.before.dropLast(position.word.count))
    if let chainText {
      let links = chainText.names.map { NameChain.Link(name: $0.name, span: TextSpan(line: -1, start: 0, end: 0), indexed: $0.indexed) }
      let owner: (kind: SpecSymbol.Kind, name: String)? = path.first == "actions" && path.count > 1 ? (.action, path[1]) : nil
      let chain = NameChain(links: links, role: role == .type ? .expression : role, owner: owner, elements: nil)
      if let holder = workspace.resolve(chain, in: index).last ?? nil {
        addSymbols(workspace.members(of: holder, role: role))
      }
      let single = chainText.names.count == 1 ? chainText.names[0].name : nil
      let value = Self.valueBefore(position)
      switch single {
      case "state":
        addSymbols(index.declarations.filter { [.stateField, .derived, .child].contains($0.symbol.kind) })
      case "payload":
        if let owner { addSymbols(index.declarations.filter { $0.symbol.kind == .parameter && $0.symbol.container == owner.name }) }
      case "element":
        // The fields of the elements the value is over (`count tasks where element.`).
        var over = NameChain(links: [], role: .expression, owner: owner, elements: Self.firstPath(in: value))
        over.elementFirst = true
        if let holder = workspace.elementHolder(over, in: index) { addSymbols(workspace.members(of: holder, role: .statePath)) }
      case "alert" where role == .action:
        // An alert's button, sending an action of this spec.
        addSymbols(index.declarations.filter { $0.symbol.kind == .action })
      default:
        break
      }
      if items.isEmpty {
        for name in SpecVocabulary.members { add(name, .method, "member") }
      }
      return ["isIncomplete": false, "items": items]
    }
    guard let key = position.key else {
      // A key: the schema's keys of this mapping (an example's `given:`/`then:` take the state's
      // names).
      if isExampleKey {
        addSymbols(index.declarations.filter { [.stateField, .derived, .child].contains($0.symbol.kind) })
      } else if let definition = SpecPosition.definition(of: path, isApp: index.isApp) {
        // The keys the mapping has already are not offered again.
        let written = SpecPosition.siblingKeys(lines: current.lines, line: place.line, column: place.character - position.word.count)
        for name in SpecVocabulary.keys(of: definition) ?? [] where !written.contains(name) {
          add(name, .property, definition + " key", documentation: Self.keyDocumentation(definition, name))
        }
      }
      return ["isIncomplete": false, "items": items]
    }
    switch role {
    case .type:
      // `Theme = |`: the enum's cases.
      let written = position.before.dropLast(position.word.count)
      if let equals = written.lastIndex(of: "=") {
        let typeName = SpecWorkspace.baseType(String(written[..<equals]).split(separator: ":").last.map(String.init) ?? "")
        if let type = workspace.findType(typeName, in: index) { addSymbols(workspace.members(of: type, role: .expression)) }
        return ["isIncomplete": false, "items": items]
      }
      for name in SpecVocabulary.scalarTypes { add(name, .structure, "type") }
      addSymbols(index.declarations.filter { [.model, .enumeration, .filter].contains($0.symbol.kind) })
      for used in index.usedFiles {
        addSymbols(workspace.namesIndex(used)?.declarations.filter { [.model, .enumeration].contains($0.symbol.kind) } ?? [])
      }
    case .action where key == "dismissOn" && path.first == "children" && path.count > 1:
      // The child's own actions.
      if let child = index.declarations(named: path[1], [.child]).first?.symbol { addSymbols(workspace.members(of: child, role: .action)) }
    case .action where key == "from":
      // A child's action: its name first, then `child.`.
      addSymbols(index.declarations.filter { $0.symbol.kind == .child })
    case .action:
      addSymbols(index.declarations.filter { $0.symbol.kind == .action })
      addSymbols(index.declarations.filter { $0.symbol.kind == .child })
    case .statePath:
      addSymbols(index.declarations.filter { [.stateField, .derived, .child].contains($0.symbol.kind) })
    default:
      if key == "each" || key == "presents" || key == "stack" || key == "uses" || path == ["features"] {
        for file in Self.specFiles(near: place.path) { add(file, .file, "spec") }
        break
      }
      let typed = position.before.dropLast(position.word.count).split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""
      if Self.expressionKeys.contains(key) || key.hasPrefix("if "), typed.isEmpty || typed == "-" {
        for word in SpecVocabulary.operationWords { add(word, .keyword, "operation") }
      }
      // `push path.detail with |`, `present sheet with a = 1, |`: the fields of the feature shown.
      let value = Self.valueBefore(position)
      if let with = value.range(of: " with "), !value[with.upperBound...].contains("=") || value.hasSuffix(", ") {
        let target = Self.firstPath(in: String(value[..<with.lowerBound])) ?? []
        let hidden = TextSpan(line: -1, start: 0, end: 0)
        let chain = NameChain(links: target.map { NameChain.Link(name: $0, span: hidden) }, role: .statePath, owner: nil, elements: nil)
        if !target.isEmpty, let holder = workspace.resolve(chain, in: index).last ?? nil {
          addSymbols(workspace.members(of: holder, role: .statePath).filter { $0.symbol.kind == .stateField })
          return ["isIncomplete": false, "items": items]
        }
      }
      // After `where` (and in a filter's case), the elements' fields come first.
      if value.contains(" where ") || path.count == 3 && path[0] == "filters" && path[2] == "cases" {
        let over = path.count >= 2 && path[0] == "filters" ? Self.filterList(index, path[1]) : Self.firstPath(in: value)
        var chain = NameChain(links: [], role: .expression, owner: nil, elements: over)
        chain.elementFirst = true
        if let holder = workspace.elementHolder(chain, in: index) { addSymbols(workspace.members(of: holder, role: .statePath)) }
      }
      if path.first == "actions", path.count > 1 {
        addSymbols(index.declarations.filter { $0.symbol.kind == .parameter && $0.symbol.container == path[1] })
      }
      if path.first == "derived", path.count > 1 {
        addSymbols(index.declarations.filter { $0.symbol.kind == .parameter && $0.symbol.container == path[1] })
      }
      addSymbols(index.declarations.filter { [.stateField, .derived, .child, .alert].contains($0.symbol.kind) })
      if key == "then" || key == "cancels" { addSymbols(index.declarations.filter { $0.symbol.kind == .action }) }
      addSymbols(index.declarations.filter { [.field, .enumCase].contains($0.symbol.kind) })
      for word in SpecVocabulary.derivationWords + SpecVocabulary.functions { add(word, .function, "function") }
      for word in SpecVocabulary.scopeWords + SpecVocabulary.literals { add(word, .keyword, "keyword") }
    }
    return ["isIncomplete": false, "items": items]
  }

  /// The value written before the place, after its key (`set tasks[id].` of `reduce: set
  /// tasks[id].`).
  static func valueBefore(_ position: SpecPosition) -> String {
    let before = position.before.dropLast(position.word.count)
    guard let key = position.key, let range = before.range(of: key + ":", options: .backwards) else {
      return String(before.drop { $0 == " " || $0 == "-" })
    }
    return String(before[range.upperBound...].drop { $0 == " " })
  }

  /// The first path of names a value writes, past an operation's or a derived value's word
  /// (`tasks` of `count tasks where`, `path.detail` of `push path.detail with`).
  static func firstPath(in value: String) -> [String]? {
    let skipped: Set<String> = Set(SpecVocabulary.operationWords + SpecVocabulary.derivationWords)
    for word in value.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "!" }) {
      let names = word.split(separator: ".").map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
      guard let first = names.first, !first.isEmpty, first.first?.isLetter == true else { continue }
      if names.count == 1, skipped.contains(first) { continue }
      return names.filter { !$0.isEmpty }
    }
    return nil
  }

  /// The list a filter is over (`over: tasks`), as written.
  static func filterList(_ index: SpecIndex, _ filter: String) -> [String]? {
    let filters = index.root?.mapping?.first { $0.key.scalar == "filters" }?.value.mapping
    let over = filters?.first { $0.key.scalar == filter }?.value.mapping?.first { $0.key.scalar == "over" }?.value.scalar
    return over.map { [$0] }
  }

  /// The keys whose values are reduce operations.
  static let expressionKeys: Set<String> = ["reduce", "onSuccess", "onFailure", "else", "success", "failure"]

  /// What the names written as `key`'s value are, at `path`.
  static func role(key: String, path: [String]) -> NameRole {
    let last = path.last ?? ""
    if key == "type" || last == "fields" || last == "payload" || last == "parameters" || path == ["state"] { return .type }
    if ["cancels", "on", "dispatches", "action", "from", "start", "invalidates", "dismissOn"].contains(key) { return .action }
    if path.count >= 2, path[0] == "examples", key == "when" || key == "receive" { return .action }
    if path.count >= 2, path[0] == "examples", key == "given" || key == "then" { return .statePath }
    if key == "over" || key == "fields" || key == "shows" { return .statePath }
    return .expression
  }

  /// The names (and whether each was followed by `[...]`) of the chain that ends with a dot at
  /// the end of `text`: `rows[id].` is `[rows (indexed)]`; nil when no dot ends it.
  static func chainBefore(_ text: Substring) -> (names: [(name: String, indexed: Bool)], Void)? {
    var characters = Array(text)
    if characters.last == "." && characters.dropLast().last == "?" { characters.removeLast() }
    guard characters.last == "." else { return nil }
    characters.removeLast()
    if characters.last == "?" { characters.removeLast() }
    var names: [(name: String, indexed: Bool)] = []
    var indexed = false
    while let last = characters.last {
      if last == "]" {
        var depth = 0
        while let inner = characters.popLast() {
          if inner == "]" { depth += 1 }
          if inner == "[" { depth -= 1 }
          if depth == 0 { break }
        }
        indexed = true
        continue
      }
      var name = ""
      while let letter = characters.last, letter.isLetter || letter.isNumber || letter == "_" {
        name.insert(letter, at: name.startIndex)
        characters.removeLast()
      }
      guard !name.isEmpty else { break }
      names.insert((name, indexed), at: 0)
      indexed = false
      if characters.last == "." {
        characters.removeLast()
        if characters.last == "?" { characters.removeLast() }
      } else {
        break
      }
    }
    return names.isEmpty ? nil : (names, ())
  }

  /// The spec files in the folder of `path` (and its subfolders one level down), relative to it.
  static func specFiles(near path: String) -> [String] {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && $0 != URL(fileURLWithPath: path).lastPathComponent && $0 != "redux-gen.yaml" }.sorted()
  }

  // MARK: - Hover

  /// `textDocument/hover`: a name's kind, type and the Swift generated for it; a key's
  /// documentation.
  func hover(_ params: [String: Any]) -> Any {
    guard let place = place(params), let index = workspace.index(place.path) else { return NSNull() }
    if let occurrence = workspace.occurrence(at: place.line, place.character, in: place.path) {
      return ["contents": ["kind": "markdown", "value": describe(occurrence.symbol, from: place.path)], "range": range(place.path, occurrence.span)]
    }
    // A key: its documentation from the schema.
    let line = index.lines.indices.contains(place.line) ? Array(index.lines[place.line]) : []
    var start = min(place.character, line.count)
    var end = start
    while start > 0, line[start - 1].isLetter || line[start - 1].isNumber || line[start - 1] == "_" { start -= 1 }
    while end < line.count, line[end].isLetter || line[end].isNumber || line[end] == "_" { end += 1 }
    guard end > start, end < line.count, line[end] == ":" else { return NSNull() }
    let position = SpecPosition(lines: index.lines, line: place.line, character: start)
    let key = String(line[start..<end])
    guard position.isKey, let definition = SpecPosition.definition(of: position.path, isApp: index.isApp),
      let text = Self.keyDocumentation(definition, key)
    else { return NSNull() }
    return ["contents": ["kind": "markdown", "value": "**\(key)** (\(definition))\n\n\(text)"], "range": range(place.path, TextSpan(line: place.line, start: start, end: end))]
  }

  /// A symbol in words, with the Swift the generator writes for it when its spec checks.
  func describe(_ symbol: SpecSymbol, from path: String) -> String {
    let declaration = workspace.index(symbol.file)?.declaration(of: symbol)
    var heading = "**\(symbol.kind.rawValue)** `\(symbol.name)`"
    if let container = symbol.container { heading += " of `\(container)`" }
    if symbol.file != path { heading += " in \(URL(fileURLWithPath: symbol.file).lastPathComponent)" }
    var parts = [heading]
    if let detail = declaration?.detail, !detail.isEmpty {
      let label = symbol.kind == .action ? "payload" : symbol.kind == .derived ? "value" : symbol.kind == .child ? "holds" : "type"
      parts.append("\(label): `\(detail)`")
    }
    if let swift = generatedSwift(for: symbol) { parts.append("```swift\n\(swift)\n```") }
    return parts.joined(separator: "\n\n")
  }

  /// The key's description in the JSON Schema.
  static func keyDocumentation(_ definition: String, _ key: String) -> String? {
    keyDescriptions[definition]?[key]
  }

  /// Each definition's keys' descriptions, read from the schema once.
  static let keyDescriptions: [String: [String: String]] = {
    guard let json = SpecSchema.json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let definitions = object["$defs"] as? [String: Any]
    else { return [:] }
    var descriptions: [String: [String: String]] = [:]
    for (name, definition) in definitions {
      let properties = (definition as? [String: Any])?["properties"] as? [String: Any] ?? [:]
      for (key, property) in properties {
        if let text = (property as? [String: Any])?["description"] as? String { descriptions[name, default: [:]][key] = text }
      }
    }
    return descriptions
  }()
}

extension SpecWorkspace {
  /// What may follow `holder.`: a child's actions (or its state), a model's fields, an enum's
  /// cases, a stack's destinations.
  func members(of holder: SpecSymbol, role: NameRole) -> [SpecIndex.Declaration] {
    guard let index = namesIndex(holder.file) else { return [] }
    func feature(_ file: String) -> [SpecIndex.Declaration] {
      let kinds: [SpecSymbol.Kind] = role == .action ? [.action, .child] : [.stateField, .derived, .child, .action]
      return self.namesIndex(file)?.declarations.filter { kinds.contains($0.symbol.kind) } ?? []
    }
    switch holder.kind {
    case .child:
      if let file = index.childFiles[holder.name] { return feature(file) }
      return (index.stackFiles[holder.name] ?? []).compactMap { file in
        guard let name = self.namesIndex(file)?.featureName else { return nil }
        let symbol = SpecSymbol(file: file, kind: .feature, container: nil, name: Self.lowercasedFirst(name))
        return SpecIndex.Declaration(symbol: symbol, span: TextSpan(line: 0, start: 0, end: 0), detail: URL(fileURLWithPath: file).lastPathComponent)
      }
    case .feature:
      return feature(holder.file)
    case .enumeration, .filter:
      return index.declarations.filter { $0.symbol.kind == .enumCase && $0.symbol.container == holder.name }
    case .model:
      return index.declarations.filter { $0.symbol.kind == .field && $0.symbol.container == holder.name }
    case .stateField, .field, .parameter:
      guard let detail = index.declaration(of: holder)?.detail, let type = findType(Self.baseType(detail), in: index) else { return [] }
      return members(of: type, role: role)
    default:
      return []
    }
  }
}
