import Foundation
import ReduxGenCore

/// The outline of a spec (`textDocument/documentSymbol`): its models and their fields, enums
/// and their cases, state fields, derived values, filters, actions and their parameters,
/// children, alerts, middleware and examples, as the YAML writes them (a spec with errors too,
/// as far as it reads as YAML).
package enum DocumentSymbols {
  /// LSP's `SymbolKind` numbers used here.
  enum Kind: Int {
    case module = 2, namespace = 3, method = 6, property = 7, field = 8, enumeration = 10, interface = 11,
      function = 12, variable = 13, enumMember = 22, structure = 23, event = 24
  }

  /// The sections of a spec, each with the kind of its entries and of theirs (a model's fields,
  /// an action's parameters).
  static let sections: [String: (entry: Kind, inner: (key: String?, kind: Kind)?)] = [
    "models": (.structure, ("fields", .field)),
    "enums": (.enumeration, nil),
    "state": (.field, nil),
    "derived": (.property, nil),
    "filters": (.interface, nil),
    "actions": (.event, ("payload", .variable)),
    "children": (.module, nil),
    "alerts": (.namespace, nil),
    "middleware": (.interface, nil),
    "features": (.module, nil),
    "events": (.event, nil),
  ]

  /// The symbols of `text`, as LSP `DocumentSymbol` objects; none where it isn't a mapping.
  package static func symbols(_ text: String, path: String) -> [[String: Any]] {
    var diagnostics = DiagnosticCollector()
    guard let root = YAMLLoader().load(text, path: path, diagnostics: &diagnostics), let pairs = root.mapping else { return [] }
    let lines = DiagnosticRanges.lines(of: text)
    var symbols: [[String: Any]] = []
    for pair in pairs {
      guard let key = pair.key.scalar else { continue }
      if let section = sections[key] {
        var children: [[String: Any]] = []
        for entry in pair.value.mapping ?? [] {
          guard let name = entry.key.scalar else { continue }
          var inner: [[String: Any]] = []
          if let nested = section.inner, let innerKey = nested.key,
            let fields = entry.value.mapping?.first(where: { $0.key.scalar == innerKey })?.value.mapping
          {
            inner = fields.compactMap { field in field.key.scalar.map { symbol($0, nested.kind, field.key, field.value, lines) } }
          }
          if case .enumeration = section.entry, case .sequence(let cases) = entry.value.kind {
            inner = cases.compactMap { item in
              (item.scalar ?? item.mapping?.first?.key.scalar).map { symbol($0, .enumMember, item, item, lines) }
            }
          }
          children.append(symbol(name, section.entry, entry.key, entry.value, lines, children: inner))
        }
        symbols.append(symbol(key, .namespace, pair.key, pair.value, lines, children: children))
      } else if key == "examples", case .sequence(let examples) = pair.value.kind {
        let children = examples.compactMap { example -> [String: Any]? in
          guard let name = example.mapping?.first(where: { $0.key.scalar == "name" }) else { return nil }
          return symbol(name.value.scalar ?? "example", .method, name.value, example, lines)
        }
        symbols.append(symbol(key, .namespace, pair.key, pair.value, lines, children: children))
      } else if key == "feature" || key == "app" {
        symbols.append(symbol(pair.value.scalar ?? key, .module, pair.key, pair.value, lines))
      }
    }
    return symbols
  }

  /// One symbol: its range from the key to the end of the last line its value reaches, its
  /// selection the key's word.
  static func symbol(
    _ name: String, _ kind: Kind, _ key: YAMLNode, _ value: YAMLNode, _ lines: [String], children: [[String: Any]] = []
  ) -> [String: Any] {
    let start = key.location
    let selection = DiagnosticRanges.range(line: start.line, column: start.column, lines: lines)
    let last = max(lastLine(value), start.line)
    let endCharacter = last - 1 < lines.count ? lines[last - 1].utf16.count : 0
    var symbol: [String: Any] = [
      "name": name.isEmpty ? "(unnamed)" : name,
      "kind": kind.rawValue,
      "range": [
        "start": ["line": selection.start.0, "character": selection.start.1],
        "end": ["line": last - 1, "character": endCharacter],
      ],
      "selectionRange": [
        "start": ["line": selection.start.0, "character": selection.start.1],
        "end": ["line": selection.end.0, "character": selection.end.1],
      ],
    ]
    if !children.isEmpty { symbol["children"] = children }
    return symbol
  }

  /// The last line any part of `node` starts on.
  static func lastLine(_ node: YAMLNode) -> Int {
    switch node.kind {
    case .scalar: node.location.line
    case .sequence(let items): items.map(lastLine).max() ?? node.location.line
    case .mapping(let pairs): pairs.map { max(lastLine($0.key), lastLine($0.value)) }.max() ?? node.location.line
    }
  }
}
