internal import CYAML
import Foundation

/// Limits that keep a hostile document from exhausting time or memory.
package struct YAMLLimits: Sendable {
  /// Largest accepted file, in bytes.
  package var maxBytes = 8 << 20
  /// Deepest accepted nesting of collections.
  package var maxDepth = 256
  /// Most nodes a document may expand to, aliases counted at their full size.
  package var maxNodes = 1_000_000

  package init() {}
}

/// Reads one YAML document into nodes that carry file, line and column.
///
/// This is the only place that touches libyaml: its types, its 0-based marks and
/// its error fields stay in here.
package struct YAMLLoader: Sendable {
  package var limits = YAMLLimits()
  /// From this size on, libyaml parses on a core of its own while the nodes are built; on one
  /// core, never.
  var pipelinedBytes = ProcessInfo.processInfo.activeProcessorCount > 1 ? Self.pipelinedFrom : .max
  static let pipelinedFrom = 64 << 10
  /// Called by the parsing thread of a pipelined load as it ends, before `load` returns.
  var parsingThreadEnded: (@Sendable () -> Void)?

  package init() {}

  /// Parses `text` as the file `path`. Problems go to `diagnostics`; returns nil
  /// when there is no usable document.
  package func load(
    _ text: String, path: String, diagnostics: inout DiagnosticCollector
  ) -> YAMLNode? {
    let start = SourceLocation(file: path, line: 1, column: 1)
    let bytes = Array(text.utf8)
    if bytes.count > limits.maxBytes {
      diagnostics.error(.fileTooLarge(limit: limits.maxBytes), at: start)
      return nil
    }
    let events = EventReader(bytes: bytes, path: path)
    defer { events.close() }
    var builder = TreeBuilder(path: path, limits: limits)
    /// Builds from one event; nil while the document goes on, else what `load` returns.
    func consume(_ next: Result<YAMLEvent?, EventFailure>) -> YAMLNode?? {
      switch next {
      case .failure(let failure):
        diagnostics.error(failure.problem, at: failure.location)
        return .some(nil)
      case .success(nil):
        return .some(builder.finish(start: start, diagnostics: &diagnostics))
      case .success(let event?):
        guard let (problem, location) = builder.consume(event) else { return nil }
        diagnostics.error(problem, at: location)
        return .some(nil)
      }
    }
    guard bytes.count >= pipelinedBytes else {
      while true {
        if let loaded = consume(events.next()) { return loaded }
      }
    }
    // A large document: libyaml parses on a thread of its own while the nodes are built here.
    let pipe = EventPipe(events, ended: parsingThreadEnded)
    defer { pipe.stop() }
    while true {
      for next in pipe.take() {
        if let loaded = consume(next) { return loaded }
      }
    }
  }
}

/// Events parsed on a thread of their own, handed over in chunks, a few chunks ahead at most (so
/// a document refused early is never parsed, nor held, much further). The reader is used by that
/// thread alone until it has stopped (`stop` waits for it), hence `@unchecked Sendable`.
private final class EventPipe: @unchecked Sendable {
  private let reader: EventReader
  private let condition = NSCondition()
  private var ready: [[Result<YAMLEvent?, EventFailure>]] = []
  private var stopping = false
  private var stopped = false
  private let ended: (@Sendable () -> Void)?

  init(_ reader: EventReader, ended: (@Sendable () -> Void)?) {
    self.reader = reader
    self.ended = ended
    Thread { self.parse() }.start()
  }

  /// Parses until the stream ends or fails, or the taker stops.
  private func parse() {
    var done = false
    while !done {
      var chunk: [Result<YAMLEvent?, EventFailure>] = []
      chunk.reserveCapacity(Self.chunkSize)
      while chunk.count < Self.chunkSize {
        let next = reader.next()
        chunk.append(next)
        if case .success(.some) = next { continue }
        done = true
        break
      }
      condition.lock()
      ready.append(chunk)
      condition.broadcast()
      while ready.count >= Self.chunksAhead, !stopping { condition.wait() }
      done = done || stopping
      condition.unlock()
    }
    ended?()
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next chunk of events, waiting for it; the last ends the stream or fails.
  func take() -> [Result<YAMLEvent?, EventFailure>] {
    condition.lock()
    defer { condition.unlock() }
    while ready.isEmpty { condition.wait() }
    condition.broadcast()
    return ready.removeFirst()
  }

  /// Stops the parsing thread and waits for it: the reader may then be closed.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopping = true
    condition.broadcast()
    while !stopped { condition.wait() }
  }

  private static let chunkSize = 1024
  private static let chunksAhead = 4
}

/// One libyaml event, copied out of C memory.
enum YAMLEvent {
  case documentStart(SourceLocation)
  case scalar(String, YAMLNode.ScalarStyle, anchor: String?, SourceLocation)
  case sequenceStart(anchor: String?, SourceLocation)
  case mappingStart(anchor: String?, SourceLocation)
  case collectionEnd
  case alias(String, SourceLocation)
}

/// Owns a libyaml parser; frees it in `close`.
private final class EventReader {
  private var parser = yaml_parser_t()
  private let input: UnsafeMutableBufferPointer<UInt8>
  /// How many bytes of `input` hold the text (`input` has at least one).
  private let count: Int
  private let path: String
  private var documents = 0

  init(bytes: [UInt8], path: String) {
    self.path = path
    count = bytes.count
    input = .allocate(capacity: max(bytes.count, 1))
    _ = input.initialize(from: bytes)
    yaml_parser_initialize(&parser)
    yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
  }

  func close() {
    yaml_parser_delete(&parser)
    input.deallocate()
  }

  /// Converts a libyaml mark (0-based) to a location (1-based): the one place this happens.
  private func location(_ mark: yaml_mark_t) -> SourceLocation {
    SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
  }

  /// The next event that matters; nil at the end of the stream.
  func next() -> Result<YAMLEvent?, EventFailure> {
    while true {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else { return .failure(parserFailure()) }
      defer { yaml_event_delete(&event) }
      let at = location(event.start_mark)
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return .success(nil)
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 { return .failure(EventFailure(problem: .multipleDocuments, location: at)) }
        return .success(.documentStart(at))
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let value = string(scalar.value, length: scalar.length)
        let style: YAMLNode.ScalarStyle =
          switch scalar.style {
          case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: .quoted
          case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: .block
          default: .plain
          }
        return .success(.scalar(value, style, anchor: anchor(scalar.anchor), at))
      case YAML_SEQUENCE_START_EVENT:
        return .success(.sequenceStart(anchor: anchor(event.data.sequence_start.anchor), at))
      case YAML_MAPPING_START_EVENT:
        return .success(.mappingStart(anchor: anchor(event.data.mapping_start.anchor), at))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        return .success(.collectionEnd)
      case YAML_ALIAS_EVENT:
        return .success(.alias(anchor(event.data.alias.anchor) ?? "", at))
      default:
        continue
      }
    }
  }

  private func anchor(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }

  private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
    guard let pointer else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  /// libyaml's error fields, as a problem in plain words.
  private func parserFailure() -> EventFailure {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
    let context = parser.context.map { String(cString: $0) }
    var mark = parser.problem_mark
    // Reader errors (bad encoding) report an offset, not a line.
    if parser.error == YAML_READER_ERROR {
      mark = parser.mark
      return EventFailure(problem: .invalidEncoding, location: location(mark))
    }
    var character: Character?
    if mark.index < input.count {
      character = Character(Unicode.Scalar(input[Int(mark.index)]))
    }
    // `tags: [String] = []`: whatever libyaml says there, the cause is the unquoted '['.
    if character != "\t", let line = sourceLine(Int(mark.line)),
      let value = FlowListValue(line: line, stoppedAt: Int(mark.column))
    {
      var at = location(mark)
      at.column = value.column + 1
      return EventFailure(
        problem: .flowListFollowedByText(key: value.key, value: value.value, rest: value.rest), location: at)
    }
    let syntax = YAMLSyntaxProblem(libyamlProblem: problem, context: context, character: character)
    return EventFailure(problem: .yamlSyntax(syntax), location: location(mark))
  }

  /// The text of the 0-based line `number`, without its line break.
  private func sourceLine(_ number: Int) -> String? {
    let newline = UInt8(ascii: "\n")
    var start = 0
    for _ in 0..<number {
      guard let end = input[start..<count].firstIndex(of: newline) else { return nil }
      start = end + 1
    }
    let end = input[start..<count].firstIndex(of: newline) ?? count
    var line = String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    return line
  }
}

/// A mapping value written as an unquoted list with more text after its `]`, as in
/// `tags: [String] = []`: YAML reads `[` as the start of a list that ends at its `]`, so the text
/// after it is a syntax error, which libyaml reports in words about keys or indentation.
struct FlowListValue: Equatable {
  var key: String
  /// The whole value as written, from its `[`: `[String] = []`.
  var value: String
  /// What follows the list's `]`: `= []`.
  var rest: String
  /// The 0-based column of the `[`, in characters.
  var column: Int

  /// The value on `line` whose list ends just before the parser stopped, at the 0-based `column`
  /// (in characters, as libyaml counts them); nil when nothing on the line is such a value.
  init?(line: String, stoppedAt column: Int) {
    let text = Array(line.unicodeScalars)
    guard column <= text.count else { return nil }
    // The list's `]`, then its `[`.
    var close = column - 1
    while close >= 0, text[close] == " " { close -= 1 }
    guard close >= 0, text[close] == "]" else { return nil }
    var open = close
    var depth = 0
    while open >= 0 {
      if text[open] == "]" { depth += 1 }
      if text[open] == "[" {
        depth -= 1
        if depth == 0 { break }
      }
      open -= 1
    }
    // `KEY: [`, with the space YAML needs after the colon.
    guard open >= 2, text[open - 1] == " " else { return nil }
    var colon = open - 1
    while colon >= 0, text[colon] == " " { colon -= 1 }
    guard colon >= 0, text[colon] == ":" else { return nil }
    var keyStart = colon
    while keyStart > 0, !" \t{,[".unicodeScalars.contains(text[keyStart - 1]) { keyStart -= 1 }
    guard keyStart < colon else { return nil }
    // Inside `{ ... }` a `,` or `}` ends the value; a ` #` starts a comment anywhere.
    var enclosing = 0
    for scalar in text[..<keyStart] {
      if scalar == "{" || scalar == "[" { enclosing += 1 }
      if scalar == "}" || scalar == "]" { enclosing = max(enclosing - 1, 0) }
    }
    var end = open
    var nesting = 0
    var quote: Unicode.Scalar?
    scan: while end < text.count {
      let scalar = text[end]
      if let open = quote {
        if scalar == open { quote = nil }
      } else {
        switch scalar {
        case "\"", "'": quote = scalar
        case "[", "{": nesting += 1
        case "]", "}":
          if nesting == 0 { break scan }
          nesting -= 1
        case "," where nesting == 0 && enclosing > 0: break scan
        case "#" where text[end - 1] == " ": break scan
        default: break
        }
      }
      end += 1
    }
    func trimmed(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
      var string = String.UnicodeScalarView()
      string.append(contentsOf: scalars)
      return String(string).trimmingSpaces
    }
    guard close < end else { return nil }
    rest = trimmed(text[(close + 1)..<end])
    guard !rest.isEmpty else { return nil }
    key = trimmed(text[keyStart..<colon])
    value = trimmed(text[open..<end])
    self.column = open
  }
}

struct EventFailure: Error {
  var problem: SpecProblem
  var location: SourceLocation
}

/// Builds nodes from events with an explicit stack, so depth never recurses.
private struct TreeBuilder {
  private struct Open {
    var isMapping: Bool
    var anchor: String?
    var location: SourceLocation
    var items: [YAMLNode] = []
    var size = 1
  }

  let path: String
  let limits: YAMLLimits
  private var stack: [Open] = []
  private var root: YAMLNode?
  private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
  private var totalSize = 0
  private var duplicateKeys: [(String, SourceLocation)] = []

  init(path: String, limits: YAMLLimits) {
    self.path = path
    self.limits = limits
  }

  mutating func consume(_ event: YAMLEvent) -> (SpecProblem, SourceLocation)? {
    switch event {
    case .documentStart:
      return nil
    case .scalar(let text, let style, let anchor, let at):
      return add(YAMLNode(.scalar(text, style), at: at), size: 1, anchor: anchor)
    case .sequenceStart(let anchor, let at), .mappingStart(let anchor, let at):
      if stack.count >= limits.maxDepth { return (.nestedTooDeep(limit: limits.maxDepth), at) }
      var isMapping = false
      if case .mappingStart = event { isMapping = true }
      stack.append(Open(isMapping: isMapping, anchor: anchor, location: at))
      return nil
    case .collectionEnd:
      let open = stack.removeLast()
      let node: YAMLNode
      if open.isMapping {
        var pairs: [YAMLNode.Pair] = []
        pairs.reserveCapacity(open.items.count / 2)
        // A few keys are compared with each other; a large mapping's go through a set.
        let isSmall = open.items.count <= 32
        var seen = Set<String>()
        var index = 0
        while index + 1 < open.items.count {
          let key = open.items[index]
          if let name = key.scalar {
            let isDuplicate =
              isSmall
              ? stride(from: 0, to: index, by: 2).contains { open.items[$0].scalar == name } : !seen.insert(name).inserted
            if isDuplicate { duplicateKeys.append((name, key.location)) }
          }
          pairs.append(YAMLNode.Pair(key: key, value: open.items[index + 1]))
          index += 2
        }
        node = YAMLNode(.mapping(pairs), at: open.location)
      } else {
        node = YAMLNode(.sequence(open.items), at: open.location)
      }
      return add(node, size: open.size, anchor: open.anchor)
    case .alias(let name, let at):
      guard let target = anchors[name] else { return (.unknownAlias(name), at) }
      var node = target.node
      node.location = at
      return add(node, size: target.size, anchor: nil)
    }
  }

  private mutating func add(_ node: YAMLNode, size: Int, anchor: String?) -> (
    SpecProblem, SourceLocation
  )? {
    totalSize += size
    if totalSize > limits.maxNodes { return (.documentTooLarge(limit: limits.maxNodes), node.location) }
    if let anchor { anchors[anchor] = (node, size) }
    if stack.isEmpty {
      root = node
    } else {
      stack[stack.count - 1].items.append(node)
      stack[stack.count - 1].size += size
    }
    return nil
  }

  func finish(start: SourceLocation, diagnostics: inout DiagnosticCollector) -> YAMLNode? {
    for (name, location) in duplicateKeys {
      diagnostics.error(.duplicateKey(name), at: location)
    }
    guard let root, !root.isNull else {
      diagnostics.error(.emptyDocument, at: start)
      return nil
    }
    return root
  }
}
