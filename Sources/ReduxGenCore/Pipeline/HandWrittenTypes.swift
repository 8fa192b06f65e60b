/// Before writing: whether the hand-written types a spec needs (middleware, custom reducer) are
/// declared among a target's Swift sources, for targets generated at build time.
package enum HandWrittenTypes {
  /// Errors for each hand-written type the spec needs (middleware, custom reducer) that none of
  /// `swiftSources` declares; `command` is what creates the missing scaffolds.
  package static func missing(_ spec: Spec, in swiftSources: [String], command: String) -> [Diagnostic] {
    var needed: [(name: String, what: Subject)] = spec.middleware.map { ($0.name, .kind(.middleware)) }
    if spec.hasCustomReducers { needed.insert((spec.customReducerName, .kind(.customReducer)), at: 0) }
    return needed.compactMap { type in
      if swiftSources.contains(where: { declares(type.name, in: $0) }) { return nil }
      let location = spec.handWrittenLocations[type.name] ?? SourceLocation(file: spec.path, line: 1, column: 1)
      return Diagnostic(
        .error, SpecProblem.missingHandWritten(type.name, what: type.what, command: command).message, at: location)
    }
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

  private static func isIdentifierCharacter(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber || character == "_"
  }
}
