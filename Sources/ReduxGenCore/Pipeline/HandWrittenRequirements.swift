import Foundation

/// After a spec changes: whether the hand-written types it needs (middleware, custom reducer,
/// live effects) still have what their generated protocols require, and which scaffolds made
/// from the spec no part of it owns any more. redux-gen never changes hand-written code; it
/// names what changed, with the file, the type and the requirement, as warnings.
///
/// What a type must have is read from the code model of its scaffold as the spec makes it now
/// (one function per requirement); what the user's code has, from a light reading of its Swift
/// (`SwiftOutline`): functions are compared by name, argument labels and `static`.
package enum HandWrittenRequirements {
  /// A hand-written type the spec needs, and what its protocol requires now.
  package struct Scaffold: Equatable, Sendable {
    package enum Role: Sendable {
      case middleware, customReducer, liveEffects
    }

    package var type: String
    /// The generated protocol it conforms to.
    package var conformance: String
    package var role: Role
    package var requirements: [Signature]
  }

  /// A function's name, argument labels and whether it is `static`: `func addTask(task:context:)`;
  /// for a live effect, its return type too (a request turned into a stream returns another).
  package struct Signature: Hashable, Sendable, CustomStringConvertible {
    package var name: String
    package var labels: [String]
    package var isStatic = false
    /// The return type as written, compared without spaces and `Swift.` (nil: not compared).
    package var returnType: String? = nil

    package var description: String {
      (isStatic ? "static " : "") + "func \(name)(" + labels.map { "\($0):" }.joined() + ")"
        + (returnType.map { " -> \($0)" } ?? "")
    }

    /// Whether `declared` is this requirement: the same name, labels and `static`, and where
    /// the requirement has a return type, the same one (spaces and `Swift.` aside; none is `Void`).
    func isMet(by declared: Signature) -> Bool {
      guard name == declared.name, labels == declared.labels, isStatic == declared.isStatic else { return false }
      guard let returnType else { return true }
      func normalized(_ type: String?) -> String {
        let text = (type ?? "Void").filter { !$0.isWhitespace }.replacingOccurrences(of: "Swift.", with: "")
        return text == "()" ? "Void" : text
      }
      return normalized(returnType) == normalized(declared.returnType)
    }
  }

  /// A Swift file: its path as the run names it, and its text.
  package struct Source: Equatable, Sendable {
    package var path: String
    package var text: String

    package init(path: String, text: String) {
      self.path = path
      self.text = text
    }

    /// Whether redux-gen generated it (and rewrites it): it starts with the generated header.
    var isGenerated: Bool { text.hasPrefix(GeneratedHeader.prefix) }
  }

  /// Warnings about the hand-written code in the directory where `layout` puts the scaffolds of
  /// a feature written into `directory`; `show` is the command that prints a scaffold, less
  /// the type's name.
  package static func check(_ spec: Spec, directory: String, layout: OutputLayout, show: String) -> [Diagnostic] {
    guard let folder = layout.scaffoldDirectory(in: directory) else { return [] }
    return check(spec, sources: swiftFiles(under: folder), show: show)
  }

  /// Warnings about the hand-written code among `sources` (generated files are skipped): each
  /// requirement missing or changed, each function no longer required, each orphaned scaffold.
  package static func check(_ spec: Spec, sources: [Source], show: String) -> [Diagnostic] {
    let handWritten = sources.filter { !$0.isGenerated }.map { (source: $0, outline: SwiftOutline($0.text)) }
    let scaffolds = scaffolds(of: spec)
    return drift(of: scaffolds, in: handWritten, show: show) + orphans(of: spec, scaffolds: scaffolds, in: handWritten)
  }

  /// Every Swift file under `directory` (none when it doesn't exist), in order of path.
  package static func swiftFiles(under directory: String) -> [Source] {
    let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { file in
      let path = (directory as NSString).appendingPathComponent(file)
      return FileManager.default.contents(atPath: path).map {
        Source(path: path, text: String(decoding: $0, as: UTF8.self))
      }
    }
  }

  /// The hand-written types `spec` needs, each with its protocol's requirements, from the
  /// scaffolds it would create now.
  package static func scaffolds(of spec: Spec) -> [Scaffold] {
    FeaturePartFiles(spec: spec, testedModule: nil).scaffolds().compactMap { type, file in
      let declaration = file.declarations.lazy.compactMap { declaration -> TypeDeclaration? in
        switch declaration {
        case .structure(let declared), .enumeration(let declared): declared
        default: nil
        }
      }.first { $0.name == type }
      guard let declaration, let conformance = declaration.inherits.first.flatMap(name(of:)) else { return nil }
      let role: Scaffold.Role =
        type == spec.customReducerName ? .customReducer : type == spec.names.liveEffects ? .liveEffects : .middleware
      let requirements = declaration.members.compactMap { member -> Signature? in
        guard case .function(let function) = member, case .function(let name) = function.kind else { return nil }
        // A live effect's return type is compared too: a request made a stream returns another.
        return Signature(
          name: name, labels: function.parameters.map { $0.label ?? $0.name }, isStatic: function.isStatic,
          returnType: role == .liveEffects ? TextRenderer().type(function.returnType ?? "Void") : nil)
      }
      return Scaffold(type: type, conformance: conformance, role: role, requirements: requirements)
    }
  }

  /// The name of a scaffold's conformance: the feature's own protocol, never qualified.
  private static func name(of type: TypeName) -> String? {
    if case .named(let name) = type { return name }
    return nil
  }

  private typealias Outlined = (source: Source, outline: SwiftOutline)

  /// For each scaffold whose type some file declares: each requirement it lacks or declares
  /// otherwise, and each function shaped like a requirement that is no longer one.
  private static func drift(of scaffolds: [Scaffold], in files: [Outlined], show: String) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for scaffold in scaffolds {
      // A type declared nowhere is the compiler's to report (or, at build time, HandWrittenTypes').
      guard
        let (declaring, declaration) = files.lazy.compactMap({ file in
          file.outline.types.first { $0.name == scaffold.type && !$0.isExtension }.map { (file.source, $0) }
        }).first
      else { continue }
      let functions = files.flatMap { file in
        file.outline.functions.filter { $0.owner == scaffold.type }.map { (source: file.source, function: $0) }
      }
      func warning(_ problem: SpecProblem, _ source: Source, line: Int, column: Int) -> Diagnostic {
        Diagnostic(.warning, problem.message, at: SourceLocation(file: source.path, line: line, column: column))
      }
      let show = "\(show) \(scaffold.type)"
      for requirement in scaffold.requirements {
        let named = functions.filter { $0.function.name == requirement.name }
        if named.contains(where: { requirement.isMet(by: signature($0.function, as: requirement)) }) { continue }
        if let declared = named.first(where: { !$0.function.isPrivate }) ?? named.first {
          // The return types shown where they differ.
          var (shown, required) = (signature(declared.function, as: requirement), requirement)
          if Signature(name: "", labels: [], returnType: required.returnType)
            .isMet(by: Signature(name: "", labels: [], returnType: shown.returnType))
          {
            (shown.returnType, required.returnType) = (nil, nil)
          }
          let problem = SpecProblem.requirementChanged(
            type: scaffold.type, declared: shown.description,
            requirement: required.description, protocol: scaffold.conformance, show: show)
          diagnostics.append(
            warning(problem, declared.source, line: declared.function.line, column: declared.function.column))
        } else {
          let problem = SpecProblem.requirementMissing(
            type: scaffold.type, requirement: requirement.description, protocol: scaffold.conformance, show: show)
          diagnostics.append(warning(problem, declaring, line: declaration.line, column: declaration.column))
        }
      }
      let required = Set(scaffold.requirements.map(\.name))
      for (source, function) in functions
      where !required.contains(function.name) && !function.isPrivate
        && looksLikeRequirement(function, of: scaffold.role)
      {
        let problem = SpecProblem.requirementRemoved(
          type: scaffold.type, declared: signature(function).description, protocol: scaffold.conformance)
        diagnostics.append(warning(problem, source, line: function.line, column: function.column))
      }
    }
    return diagnostics
  }

  private static func signature(_ function: SwiftOutline.Function) -> Signature {
    Signature(name: function.name, labels: function.labels, isStatic: function.isStatic)
  }

  /// The function as a requirement with a return type compares it: with its own.
  private static func signature(_ function: SwiftOutline.Function, as requirement: Signature) -> Signature {
    var declared = signature(function)
    if requirement.returnType != nil { declared.returnType = function.returnType ?? "Void" }
    return declared
  }

  /// Whether a function has the shape of the role's requirements, so that one the protocol no
  /// longer has is told from a helper: a middleware's handlers end with `context:`, the custom
  /// reducer's functions are static and take `_ state: inout`, the effects are `async` (and
  /// their failures take `error:` last).
  private static func looksLikeRequirement(_ function: SwiftOutline.Function, of role: Scaffold.Role) -> Bool {
    switch role {
    case .middleware: function.labels.last == "context"
    case .customReducer:
      function.isStatic && function.labels.first == "_" && function.parameterTypes.first?.hasPrefix("inout") == true
    case .liveEffects: function.isAsync || function.labels.last == "error"
    }
  }

  /// A file whose scaffold header names a spec with the file name of `spec`'s (the path in the
  /// header depends on where redux-gen ran) and a type none of `scaffolds` has.
  private static func orphans(of spec: Spec, scaffolds: [Scaffold], in files: [Outlined]) -> [Diagnostic] {
    let owned = Set(scaffolds.map(\.type))
    let specName = (spec.path as NSString).lastPathComponent
    let newScaffolds = scaffolds.filter { scaffold in
      !files.contains { file in file.outline.types.contains { $0.name == scaffold.type && !$0.isExtension } }
    }.map { (GeneratedNames.scaffoldPath($0.type) as NSString).lastPathComponent }
    return files.compactMap { file in
      guard let header = GeneratedNames.scaffoldHeaderNames(in: file.source.text),
        (header.specPath as NSString).lastPathComponent == specName, !owned.contains(header.type)
      else { return nil }
      let declaration = file.outline.types.first { $0.name == header.type && !$0.isExtension }
      // The effects protocol stays generated when every request is bound to an operation
      // (`<Feature>APIEffects` conforms to it), though no scaffold does.
      let generatedEffects = spec.actions.contains { $0.async != nil } ? spec.names.effects : nil
      let conformance = declaration?.inherits.first.flatMap { name in
        scaffolds.contains { $0.conformance == name } || name == generatedEffects ? nil : name
      }
      let problem = SpecProblem.orphanedScaffold(
        type: header.type, spec: header.specPath, conformance: conformance, newScaffolds: newScaffolds)
      let location = SourceLocation(
        file: file.source.path, line: declaration?.line ?? 1, column: declaration?.column ?? 1)
      return Diagnostic(.warning, problem.message, at: location)
    }
  }
}
