import Foundation
import ReduxGenCore

/// A name where it is written, read as the declaration it means.
package struct Occurrence: Hashable {
  package var symbol: SpecSymbol
  package var file: String
  package var span: TextSpan
  package var isDeclaration: Bool
}

/// The specs the server reads (open documents as typed, the others as saved), each one's index
/// made once per text, and the names of one resolved through the others: `from: rows.started`
/// is the child's action in the child's spec.
package final class SpecWorkspace {
  private let read: (String) -> String?
  private let open: () -> [String]
  private let history: (String) -> [String]
  private var cache: [String: (text: String, index: SpecIndex)] = [:]
  private var readable: [String: (text: String, index: SpecIndex)] = [:]
  /// Texts known not to read as YAML (by hash; a few hundred at most): not read again.
  private var unreadable: Set<Int> = []

  private func remember(unreadable text: String) {
    if unreadable.count > 256 { unreadable.removeAll() }
    unreadable.insert(text.hashValue)
  }

  /// The index standing in for a text that doesn't read as YAML (`namesIndex`), by that text.
  private var standIns: [String: (text: String, index: SpecIndex)] = [:]

  /// `read` gives a spec's text by path, nil where there is none; `open`, the paths of the
  /// documents the editor has open (a tree's specs are looked for among them too).
  /// `history`, an open document's earlier texts, newest first.
  package init(read: @escaping (String) -> String?, open: @escaping () -> [String] = { [] }, history: @escaping (String) -> [String] = { _ in [] }) {
    self.read = read
    self.open = open
    self.history = history
  }

  /// This workspace with some specs' texts replaced (a rename's result, before it is answered).
  func overlaid(_ texts: [String: String]) -> SpecWorkspace {
    SpecWorkspace(read: { texts[$0] ?? self.read($0) }, open: open)
  }

  /// The index of the spec at `path`, made again only when its text changed.
  package func index(_ path: String) -> SpecIndex? {
    guard let text = read(path) else {
      cache[path] = nil
      return nil
    }
    if let cached = cache[path], cached.text == text { return cached.index }
    let index = SpecIndex(text: text, path: path)
    cache[path] = (text, index)
    if index.readsAsYAML { readable[path] = (text, index) } else { remember(unreadable: text) }
    return index
  }

  /// The index of the spec's last text that read as YAML: its names while the text being typed
  /// doesn't (its earlier texts, newest first, from `history`).
  func namesIndex(_ path: String) -> SpecIndex? {
    guard let current = index(path) else { return nil }
    if current.readsAsYAML { return current }
    let text = cache[path]?.text ?? ""
    if let known = standIns[path], known.text == text { return known.index }
    // The text just before the change that broke it usually reads; two are tried, then the last
    // one seen that read.
    var found = readable[path]?.index ?? current
    for earlier in history(path).prefix(2) {
      if let known = readable[path], known.text == earlier {
        found = known.index
        break
      }
      if unreadable.contains(earlier.hashValue) { continue }
      let index = SpecIndex(text: earlier, path: path)
      if index.readsAsYAML {
        readable[path] = (earlier, index)
        found = index
        break
      }
      remember(unreadable: earlier)
    }
    standIns[path] = (text, found)
    return found
  }

  /// The specs of the tree `path` is in: those its links reach and those that reach it, as far
  /// as links go, among the specs of the folders involved.
  package func tree(of path: String) -> [String] {
    var folders: Set<String> = []
    var specs = Set([path] + open())
    var queue = Array(specs)
    var edges: [String: Set<String>] = [:]
    while let next = queue.popLast() {
      let folder = URL(fileURLWithPath: next).deletingLastPathComponent().path
      if folders.insert(folder).inserted {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
          let file = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
          if specs.insert(file).inserted { queue.append(file) }
        }
      }
      for linked in index(next)?.fileLinks.map(\.path) ?? [] {
        edges[next, default: []].insert(linked)
        edges[linked, default: []].insert(next)
        if specs.insert(linked).inserted { queue.append(linked) }
      }
    }
    // The part of the graph `path` is in.
    var reached: Set<String> = [path]
    var frontier = [path]
    while let next = frontier.popLast() {
      for linked in edges[next] ?? [] where reached.insert(linked).inserted { frontier.append(linked) }
    }
    return reached.sorted()
  }

  // MARK: - Resolving

  /// Every name of the spec at `path`: its declarations and the names its strings write, each
  /// read as what it means (names nothing resolves to are left out).
  package func occurrences(in path: String) -> [Occurrence] {
    guard let index = index(path) else { return [] }
    var found = index.declarations.map { Occurrence(symbol: $0.symbol, file: path, span: $0.span, isDeclaration: true) }
    // A YAML alias (`*three`) reads its anchor's nodes again: each place counts once.
    var seen = Set(found.map(\.span))
    for chain in index.chains {
      for (link, symbol) in zip(chain.links, resolve(chain, in: index)) where link.span.line >= 0 {
        if let symbol, seen.insert(link.span).inserted {
          found.append(Occurrence(symbol: symbol, file: path, span: link.span, isDeclaration: false))
        }
      }
    }
    return found
  }

  /// What each name of a chain means, nil where it means nothing the specs declare (a member of
  /// the language, a literal, a mistake).
  func resolve(_ chain: NameChain, in index: SpecIndex) -> [SpecSymbol?] {
    var result: [SpecSymbol?] = []
    var previous: SpecSymbol?
    var scope: String?
    for (offset, link) in chain.links.enumerated() {
      var symbol: SpecSymbol?
      if offset == 0 {
        let isScope =
          chain.role == .expression && SpecVocabulary.scopeWords.contains(link.name)
          || chain.role == .action && link.name == "alert"
        if chain.links.count > 1, isScope, index.declarations(named: link.name, [.stateField, .parameter, .derived, .child]).isEmpty {
          scope = link.name
          result.append(nil)
          continue
        }
        symbol = first(link.name, chain, in: index)
      } else if let scopeWord = scope {
        symbol = scoped(link.name, scopeWord, chain, in: index)
        scope = nil
      } else if let previous {
        symbol = member(link.name, of: previous, indexed: chain.links[offset - 1].indexed || chain.overElements, role: chain.role)
      }
      result.append(symbol)
      previous = symbol
      if symbol == nil, offset > 0 { break }
    }
    while result.count < chain.links.count { result.append(nil) }
    return result
  }

  private func first(_ name: String, _ chain: NameChain, in index: SpecIndex) -> SpecSymbol? {
    switch chain.role {
    case .action:
      return find(name, [.action, .child], in: index)
    case .type:
      return findType(name, in: index)
    case .statePath:
      return find(name, [.stateField, .derived, .child], in: index)
    case .parameter(let owner):
      guard let action = resolve(owner, in: index).last ?? nil, action.kind == .action, let file = self.namesIndex(action.file) else { return nil }
      return file.declarations(named: name, [.parameter], container: action.name).first?.symbol
    case .field(let owner):
      guard let holder = resolve(owner, in: index).last ?? nil else { return nil }
      return member(name, of: holder, indexed: true, role: .statePath)
    case .value(let owner):
      guard let holder = resolve(owner, in: index).last ?? nil else {
        // `alert: confirmReset`: the alert shown.
        return owner.links.map(\.name) == ["alert"] ? find(name, [.alert], in: index) : nil
      }
      guard [.stateField, .field, .parameter].contains(holder.kind), let file = self.namesIndex(holder.file),
        let detail = file.declaration(of: holder)?.detail, let type = findType(Self.baseType(detail), in: file)
      else { return nil }
      return member(name, of: type, indexed: true, role: .expression)
    case .caseOf(let typeName):
      guard let type = findType(typeName, in: index) else { return nil }
      return member(name, of: type, indexed: true, role: .expression)
    case .expression:
      if chain.elementFirst, let holder = elementHolder(chain, in: index), let found = member(name, of: holder, indexed: true, role: .expression) {
        return found
      }
      if let owner = chain.owner, let parameter = parameter(name, of: owner.name, in: index) {
        return parameter.symbol
      }
      if let found = find(name, [.stateField, .derived, .child, .alert], in: index) { return found }
      if let holder = elementHolder(chain, in: index), let found = member(name, of: holder, indexed: true, role: .expression) {
        return found
      }
      return find(name, [.field, .enumCase, .action], in: index) ?? findType(name, in: index)
    }
  }

  /// `state.NAME`, `payload.NAME`, `element.NAME`.
  private func scoped(_ name: String, _ scope: String, _ chain: NameChain, in index: SpecIndex) -> SpecSymbol? {
    switch scope {
    case "state":
      return find(name, [.stateField, .derived, .child], in: index)
    case "payload":
      guard let owner = chain.owner else { return nil }
      return parameter(name, of: owner.name, in: index)?.symbol
    case "alert":
      return find(name, [.action], in: index)
    default:
      guard let holder = elementHolder(chain, in: index) else { return nil }
      return member(name, of: holder, indexed: true, role: .expression)
    }
  }

  /// What the list a condition is over is (`tasks`, `taskList.tasks`), for its elements' names:
  /// the first list the chain of `elements` reaches.
  func elementHolder(_ chain: NameChain, in index: SpecIndex) -> SpecSymbol? {
    guard let names = chain.elements, !names.isEmpty else { return nil }
    let hidden = TextSpan(line: -1, start: 0, end: 0)
    let list = NameChain(links: names.map { NameChain.Link(name: $0, span: hidden, indexed: true) }, role: .statePath, owner: nil, elements: nil)
    let symbols = resolve(list, in: index).compactMap { $0 }
    return symbols.first { symbol in
      let detail = self.namesIndex(symbol.file)?.declaration(of: symbol)?.detail ?? ""
      return symbol.kind == .child ? detail.hasPrefix("each") : detail.hasPrefix("[") && !detail.contains(":")
    }
  }

  /// A parameter of an action or selector; of an async outcome (`load.success`), else of the
  /// action it is the outcome of.
  private func parameter(_ name: String, of owner: String, in index: SpecIndex) -> SpecIndex.Declaration? {
    if let found = index.declarations(named: name, [.parameter], container: owner).first { return found }
    guard let dot = owner.firstIndex(of: ".") else { return nil }
    return index.declarations(named: name, [.parameter], container: String(owner[..<dot])).first
  }

  /// `name` read as a member of what `holder` is: a child's action or state, a model's field,
  /// an enum's case, a stack's destination.
  private func member(_ name: String, of holder: SpecSymbol, indexed: Bool, role: NameRole) -> SpecSymbol? {
    guard let index = namesIndex(holder.file) else { return nil }
    switch holder.kind {
    case .child:
      if let file = index.childFiles[holder.name] {
        let isList = index.declaration(of: holder)?.detail?.hasPrefix("each") == true
        if isList, !indexed, SpecVocabulary.members.contains(name) { return nil }
        return inFeature(name, file, role: role)
      }
      for file in index.stackFiles[holder.name] ?? [] {
        guard let feature = self.namesIndex(file)?.featureName, Self.lowercasedFirst(feature) == name else { continue }
        return SpecSymbol(file: file, kind: .feature, container: nil, name: feature)
      }
      return nil
    case .feature:
      return inFeature(name, holder.file, role: role)
    case .enumeration, .filter:
      return index.declarations(named: name, [.enumCase], container: holder.name).first?.symbol
    case .enumCase:
      return index.declarations(named: name, [.field], container: "\(holder.container ?? "").\(holder.name)").first?.symbol
    case .stateField, .field, .parameter:
      guard let detail = index.declaration(of: holder)?.detail else { return nil }
      if detail.hasPrefix("["), !detail.contains(":"), !indexed, SpecVocabulary.members.contains(name) { return nil }
      guard let type = findType(Self.baseType(detail), in: index) else { return nil }
      return member(name, of: type, indexed: true, role: role)
    case .model:
      return self.index(holder.file)?.declarations(named: name, [.field], container: holder.name).first?.symbol
    default:
      return nil
    }
  }

  /// A name of a child's or a destination's spec.
  private func inFeature(_ name: String, _ file: String, role: NameRole) -> SpecSymbol? {
    guard let index = namesIndex(file) else { return nil }
    let kinds: [SpecSymbol.Kind] = role == .action ? [.action, .child] : [.stateField, .derived, .child, .action]
    return find(name, kinds, in: index)
  }

  private func find(_ name: String, _ kinds: [SpecSymbol.Kind], in index: SpecIndex) -> SpecSymbol? {
    index.declarations(named: name, kinds).first?.symbol
  }

  /// A model, an enum or a filter of the spec, or of a spec it uses or holds (a child's models
  /// are its parent's to read), as far as those go.
  func findType(_ name: String, in index: SpecIndex) -> SpecSymbol? {
    if let found = find(name, [.model, .enumeration, .filter], in: index) { return found }
    var visited: Set<String> = [index.path]
    var queue = index.reachedFiles
    while !queue.isEmpty {
      let file = queue.removeFirst()
      guard visited.insert(file).inserted, let other = self.namesIndex(file) else { continue }
      if let found = find(name, [.model, .enumeration, .filter], in: other) { return found }
      queue += other.reachedFiles
    }
    return nil
  }

  /// `Task` of `[Task]`, `Task?`, `[String: Task]`.
  static func baseType(_ written: String) -> String {
    var type = written
    if let colon = type.lastIndex(of: ":") { type = String(type[type.index(after: colon)...]) }
    return type.filter { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  static func lowercasedFirst(_ name: String) -> String {
    name.prefix(1).lowercased() + name.dropFirst()
  }

  // MARK: - Questions

  /// The name at a place of a spec, and where it is written.
  package func occurrence(at line: Int, _ character: Int, in path: String) -> Occurrence? {
    occurrences(in: path).first { $0.span.contains(line: line, character: character) }
  }

  /// The spec a link at a place names (`each: tally.yaml`).
  package func link(at line: Int, _ character: Int, in path: String) -> String? {
    index(path)?.fileLinks.first { $0.span.contains(line: line, character: character) }?.path
  }

  /// Where a symbol is declared: its file and span (a whole feature: its first line).
  package func declaration(of symbol: SpecSymbol) -> (file: String, span: TextSpan)? {
    if symbol.kind == .feature { return (symbol.file, TextSpan(line: 0, start: 0, end: 0)) }
    guard let declaration = index(symbol.file)?.declaration(of: symbol) else { return nil }
    return (symbol.file, declaration.span)
  }

  /// Every place of the tree that writes the symbol, its declaration among them.
  package func references(of symbol: SpecSymbol, from path: String) -> [Occurrence] {
    tree(of: path).flatMap { file in occurrences(in: file).filter { $0.symbol == symbol } }
  }
}
