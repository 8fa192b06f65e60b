/// Before writing: whether the hand-written types a spec needs (middleware, custom reducer, live
/// effects) are declared among a target's Swift sources, for targets generated at build time.
package enum HandWrittenTypes {
  /// Errors for each hand-written type the spec needs (middleware, custom reducer, live effects)
  /// that none of `swiftSources` declares; `command` is what creates the missing scaffolds.
  package static func missing(_ spec: Spec, in swiftSources: [String], command: String) -> [Diagnostic] {
    func location(of type: String) -> SourceLocation {
      spec.handWrittenLocations[type] ?? SourceLocation(file: spec.path, line: 1, column: 1)
    }
    var needed: [(name: String, what: Subject)] = spec.middleware.map { ($0.name, .kind(.middleware)) }
    if spec.hasCustomReducers { needed.insert((spec.customReducerName, .kind(.customReducer)), at: 0) }
    var diagnostics = needed.compactMap { type -> Diagnostic? in
      if swiftSources.contains(where: { declares(type.name, in: $0) }) { return nil }
      return Diagnostic(
        .error, SpecProblem.missingHandWritten(type.name, what: type.what, command: command).message,
        at: location(of: type.name))
    }
    // The live effects may have any name: the scaffold's, or any type conforming to the protocol.
    let names = spec.names
    if !spec.handWrittenRequests.isEmpty,
      !swiftSources.contains(where: {
        declares(names.liveEffects, in: $0) || conforms(to: names.effects, in: $0)
          || (spec.splitsOtherEffects && conforms(to: names.otherEffects, in: $0))
      })
    {
      let problem = SpecProblem.missingLiveEffects(
        protocol: spec.splitsOtherEffects ? names.otherEffects : names.effects, scaffold: names.liveEffects,
        command: command)
      diagnostics.append(Diagnostic(.error, problem.message, at: location(of: names.liveEffects)))
    }
    return diagnostics
  }

  /// Whether `source` declares a type named `name` (`struct Name`, `final class Name: ...`, ...).
  package static func declares(_ name: String, in source: String) -> Bool {
    for keyword in ["struct", "class", "enum", "actor", "typealias"] {
      for range in source.ranges(of: "\(keyword) \(name)") {
        let before = range.lowerBound == source.startIndex ? nil : source[source.index(before: range.lowerBound)]
        let after = range.upperBound == source.endIndex ? nil : source[range.upperBound]
        if !isIdentifierCharacter(before) && !isIdentifierCharacter(after) { return true }
      }
    }
    return false
  }

  /// Whether `source` declares a type or extension conforming to `protocolName`: the protocol
  /// among the inherited types of `struct Live: UsersEffects {` or `extension Live: UsersEffects`.
  package static func conforms(to protocolName: String, in source: String) -> Bool {
    for keyword in ["struct", "class", "enum", "actor", "extension"] {
      for range in source.ranges(of: "\(keyword) ") {
        let before = range.lowerBound == source.startIndex ? nil : source[source.index(before: range.lowerBound)]
        guard !isIdentifierCharacter(before) else { continue }
        // The header up to the body: the name, its generic parameters, then `: Inherited, ...`.
        var header = source[range.upperBound...].prefix { $0 != "{" }.drop { $0.isWhitespace }
        header = header.drop { isIdentifierCharacter($0) || $0 == "." }
        if header.first == "<" {
          var depth = 0
          let end = header.firstIndex { character in
            if character == "<" { depth += 1 }
            if character == ">" { depth -= 1 }
            return depth == 0
          }
          guard let end else { continue }
          header = header[header.index(after: end)...]
        }
        header = header.drop { $0.isWhitespace }
        guard header.first == ":" else { continue }
        let inherited = header.dropFirst().split(separator: " where ", maxSplits: 1).first ?? ""
        let names = inherited.split { $0 == "," || $0 == "&" }.map { String($0.filter { !$0.isWhitespace }) }
        if names.contains(protocolName) { return true }
      }
    }
    return false
  }

  private static func isIdentifierCharacter(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber || character == "_"
  }
}
