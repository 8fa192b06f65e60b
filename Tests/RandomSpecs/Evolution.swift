import Foundation
import ReduxGenCore

/// A persisted spec across two releases: a random feature spec persists a model of its own
/// (`Evolving…`), redux-gen records the persisted shape of its version, then the model changes
/// in one of the ways stored data can follow. A change that needs a step or a new version must
/// be refused until the spec says it, with an error that asks for it; then the spec is accepted
/// and its generated tests restore data of the first version with the second's code.
struct Evolution {
  enum Change: String, CaseIterable {
    /// A field with a default: no step, no new version.
    case addWithDefault
    /// A new version; no step.
    case remove
    /// A new version with a `rename` step.
    case rename
    /// A new version with a `retype` step.
    case retype
    /// A field without a default: a new version with an `add` step.
    case addWithoutDefault
  }

  let seed: UInt64
  let change: Change
  /// The spec as first released, and as changed (with the step or version asked for).
  let first: RSpec
  let second: RSpec
  /// The spec as changed, without the step or version: refused unless the change needs neither.
  let unsettled: RSpec

  init?(seed: UInt64) {
    guard case .feature(var spec) = SpecGenerator.document(seed: seed) else { return nil }
    // Releases of a persisted model, without an OpenAPI document beside the spec.
    spec.apiDocument = nil
    for index in spec.actions.indices {
      // A request the OpenAPI step made optional beside a status, sent under its binding's
      // condition (RandomSpecs/API.swift), is sent always without the binding: not optional.
      if let async = spec.actions[index].async, async.binding?.condition != nil, async.isOptional, async.status != nil {
        spec.actions[index].async?.isOptional = false
      }
      spec.actions[index].async?.binding = nil
    }
    self.seed = seed
    change = Change.allCases[Int(seed % UInt64(Change.allCases.count))]
    let modelNames = Set(spec.models.map(\.name) + spec.enums.map(\.name) + spec.filters.map(\.name))
    let model = (0...).lazy.map { "Evolving\($0 == 0 ? "" : String($0))" }.first { !modelNames.contains($0) }!
    let stateNames = Set(spec.allStateFields.map(\.name))
    let field = (0...).lazy.map { "evolutions\($0 == 0 ? "" : String($0))" }.first { !stateNames.contains($0) }!
    spec.models.append(
      RModel(
        name: model, doc: nil,
        fields: [
          RField(name: "id", type: .scalar(.int), defaultValue: nil),
          RField(name: "value", type: .scalar(.int), defaultValue: .int(0), style: .short("0")),
          RField(name: "label", type: .scalar(.string), defaultValue: .string(""), style: .short("\"\"")),
        ]))
    spec.state.append(RField(name: field, type: .array(.model(model)), defaultValue: .array([]), flowList: true))
    var persist = spec.persist ?? RPersist(fields: [], key: nil, storage: seed % 2 == 0 ? "sqlite" : nil)
    persist.fields.append(field)
    spec.persist = persist
    first = spec

    let version = persist.version ?? persist.migrations.map(\.version).max() ?? 1
    let index = spec.models.count - 1
    var changed = spec
    var step: RMigrationStep?
    switch change {
    case .addWithDefault:
      changed.models[index].fields.append(
        RField(name: "note", type: .scalar(.string), defaultValue: .string("n"), style: .short("\"n\"")))
    case .remove:
      changed.models[index].fields.removeAll { $0.name == "label" }
    case .rename:
      changed.models[index].fields[1].name = "amount"
      step = RMigrationStep(kind: "rename", path: "\(field).value", to: "amount")
    case .retype:
      changed.models[index].fields[1] = RField(
        name: "value", type: .scalar(.string), defaultValue: .string(""), style: .short("\"\""))
      step = RMigrationStep(kind: "retype", path: "\(field).value", value: "none")
    case .addWithoutDefault:
      changed.models[index].fields.append(RField(name: "weight", type: .scalar(.int), defaultValue: nil))
      step = RMigrationStep(kind: "add", path: "\(field).weight", value: "3")
    }
    unsettled = changed
    if change != .addWithDefault {
      changed.persist?.version = version + 1
      if let step { changed.persist?.migrations.append(RMigration(version: version + 1, steps: [step])) }
    }
    second = changed
  }

  /// The chain in-process: the first spec generates and records its shape; the unsettled
  /// change is refused (asking for the step or version) unless it needs neither; the settled
  /// one is accepted. The second spec, with the snapshots, for writing as a package.
  func run() -> Result<RDocument, PipelineFailure> {
    let directory = "S\(seed)"
    var snapshots: [String: String] = [:]
    func generate(_ spec: RSpec) -> Result<GenerationResult, PipelineFailure> {
      var spec = spec
      spec.persistedSnapshots = snapshots
      let text = Renderer(spec: spec).yaml()
      var texts: [String: [UInt8]] = [:]
      for (path, snapshot) in snapshots { texts["\(directory)/\(path)"] = Array(snapshot.utf8) }
      do {
        let result = try GeneratorPipeline.generate(text, path: "\(directory)/spec.yaml", readFile: { texts[$0] })
        return .success(result)
      } catch {
        return .failure(PipelineFailure(diagnostics: error.diagnostics.map(\.summary)))
      }
    }
    func record(_ result: GenerationResult) {
      for file in result.besideSpec { snapshots[file.path] = file.contents }
    }
    switch generate(first) {
    case .success(let result): record(result)
    case .failure(let failure): return .failure(failure)
    }
    let refusal = generate(unsettled)
    switch (change, refusal) {
    case (.addWithDefault, .failure(let failure)):
      return .failure(PipelineFailure(diagnostics: ["a field with a default was refused:"] + failure.diagnostics))
    case (.addWithDefault, .success(let result)):
      record(result)
    case (_, .success):
      return .failure(PipelineFailure(diagnostics: ["the change '\(change)' was accepted without a step or version"]))
    case (_, .failure(let failure)):
      let asked =
        switch change {
        case .remove: "raise persist's 'version'"
        case .rename: "{ rename: "
        case .retype: "- retype: "
        case .addWithoutDefault, .addWithDefault: "- add: "
        }
      guard failure.diagnostics.contains(where: { $0.contains(asked) }) else {
        return .failure(PipelineFailure(diagnostics: ["the change '\(change)' was refused without asking for \(asked):"] + failure.diagnostics))
      }
    }
    if change != .addWithDefault {
      switch generate(second) {
      case .success(let result): record(result)
      case .failure(let failure):
        return .failure(PipelineFailure(diagnostics: ["the change '\(change)' with its step was refused:"] + failure.diagnostics))
      }
    }
    var spec = second
    spec.persistedSnapshots = snapshots
    return .success(.feature(spec))
  }
}
