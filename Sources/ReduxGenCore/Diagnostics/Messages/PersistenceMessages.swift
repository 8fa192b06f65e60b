// The messages of problems with persistence, migrations and persisted shapes.
extension SpecProblem {
  /// The message, when the problem is one of persistence, migrations and persisted shapes; nil otherwise.
  var persistenceMessage: String? {
    switch self {
    case .invalidPersistKey(let key):
      "persist key '\(key)' must be a plain file name: letters, digits, '.', '-' and '_', not starting with '.'"
    case .persistedStack(let name):
      "'\(name)' is a navigation stack, which 'persist' doesn't keep: its screens are other features' states, "
        + "whose stored shape the snapshot doesn't describe; persist what rebuilds it (the ids it shows) instead"
    case .unknownStorage(let name, let suggestion):
      "unknown storage '\(name)'; storage is 'file' or 'sqlite'" + didYouMean(suggestion)
    case .invalidPersistVersion(let text):
      "persist version '\(text)' must be a whole number from 1 up"
    case .migrationVersion(let version, let current):
      current < 2
        ? "a migration to version \(version), but persist's version is \(current); raise 'version' to \(version)"
        : "a migration to version \(version), but persist's version is \(current); migrations go to versions 2 through \(current)"
    case .migrationStepShape:
      "a migration step is one of 'rename', 'add', 'remove' or 'retype', with its path"
    case .migrationPath(let path, let reason):
      "migration path '\(path)' \(reason)"
    case .migrationNeedsValue(let path, let key):
      "'\(path)' has no default and isn't optional; give the migration a '\(key)'"
    case .migrationValue(let path):
      "the value for '\(path)' must be a string, number, Bool, enum case, UUID, URL, null or an empty list or dictionary"
    case .retypeUnsupported(let path, let type):
      "retype converts to String, Int, Int64, Double, Float, Bool or an enum; '\(path)' is \(type)"
    case .sqliteWholeField(let path):
      "storage sqlite migrates the fields inside a persisted field, not '\(path)' itself"
    case .persistedStoreChanged(let what, let old, let new, let advice):
      "persist's \(what) was '\(old)' at this version and is '\(new)' now, so data stored before would not be read: "
        + "keep it, or \(advice) to start without that data"
    case .persistedFieldWithoutDefault(let path, let advice):
      "'\(path)' is new and has no default, so data stored at version \(advice.stored) "
        + "lacks it: give it a default, or \(advice.write("- add: \(path)")) with its 'value'"
    case .persistedFieldRequired(let path, let old, let new, let advice):
      "'\(path)' is stored as \(old), where nil is left out, and is \(new) now: give it a default, "
        + "or \(advice.write("- add: \(path)")) with the 'value' stored nils become"
    case .persistedIdAdded(let path, let advice):
      "'\(path)' is new: elements stored at version \(advice.stored) have no id, and no migration step gives each "
        + "its own; keep the model without one, or store the list under a new name"
        + (advice.sameVersion ? " (and \(advice.raise))" : "")
    case .persistedEnumCasesRemoved(let path, let enumName, let cases, let version):
      "'\(path)' may hold \(cases.map { "'\($0)'" }.joined(separator: ", ")), stored at version \(version), which \(enumName) "
        + "no longer has: keep \(cases.count == 1 ? "the case" : "the cases") (no migration step maps an enum case)"
    case .persistedChangeInDictionary(let path, let version):
      "'\(path)' changed inside a dictionary's values, where no migration step reaches: "
        + "keep it as version \(version) stores it"
    case .persistedVersionLowered(let file, let version):
      "\(file) records a newer version than persist's 'version' \(version): data of that version may be stored; "
        + "keep 'version' at it or above"
    case .persistedFieldRemoved(let path, let snapshot, let advice):
      "'\(path)' is stored at version \(advice.version) (\(snapshot)) and the spec no longer has it: "
        + "\(advice.raise) (a removed field needs no step)"
    case .persistedFieldRetyped(let path, let old, let new, let snapshot, let convertible, let advice):
      "'\(path)' is stored as \(old) (\(snapshot)) and is \(new) now: "
        + (convertible
          ? "\(advice.write("- retype: \(path)")) (a value that doesn't convert takes its 'fallback', else the field's default)"
          : "no migration step converts \(old) to \(new); keep the type, or give the field a new name"
            + (advice.sameVersion ? " and \(advice.raise)" : ""))
    case .persistedFieldMaybeRenamed(let path, let newName, let type, let advice):
      "'\(path)' is gone and '\(newName)' (\(type)) is new beside it: if it was renamed, "
        + "\(advice.write("- { rename: \(path), to: \(newName) }")); if not, \(advice.write("- remove: \(path)")) "
        + "(redux-gen can't tell a rename from a removal and an addition)"
    case .snapshotUnreadable(let reason):
      "this persisted-shape snapshot can't be read: \(reason); redux-gen writes it, so take it from version control"
    default: nil
    }
  }
}
