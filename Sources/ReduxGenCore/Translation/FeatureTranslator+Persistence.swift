extension FeatureTranslator {
  // MARK: Persistence

  var persistedFieldsName: String { spec.names.persistedFields }

  /// The persisted fields' type and the `Persistence` for them; with `storage: sqlite`, the
  /// `SQLitePersistence` alone.
  func persistenceFile() -> [Declaration] {
    guard let persist = spec.persist else { return [] }
    if persist.storage == .sqlite { return [sqlitePersistence(persist)] }
    let fields = persist.fields.compactMap { name in spec.state.first { $0.name == name } }
    let fieldsType = Declaration.structure(
      TypeDeclaration(
        doc: "The fields of `\(spec.stateTypeName)` that `persist` lists, as they are saved.", access: access,
        name: persistedFieldsName, inherits: ["Codable", "Equatable", "Sendable"],
        members: fields.map { field in
          .variable(VariableDeclaration(access: access, name: field.name, type: types.typeName(field.type)))
        }
          // A field newly persisted, or saved before it existed, restores as its default.
          + codingKeys(fields, always: Self.decodesDefaults(fields, identified: false))
          + decodingInit(fields, identified: false)))
    let persisted = VariableDeclaration(
      doc: "The persisted fields of this state.", access: access, name: "persistedFields",
      type: .named(persistedFieldsName),
      getter: [
        .returnStatement(
          Expression.name(persistedFieldsName).call(fields.map { Argument($0.name, .name($0.name)) }))
      ])
    let restore = FunctionDeclaration(
      doc: "Puts saved fields back.", access: access, isMutating: true, kind: .function("restore"),
      parameters: [Parameter(label: "_", name: "saved", type: .named(persistedFieldsName))],
      body: fields.map { .assignment(.name("self").dot($0.name), .name("saved").dot($0.name)) })
    let persistence = FunctionDeclaration(
      doc: persistenceDoc(persist),
      access: access, isStatic: true, kind: .function("persistence"),
      parameters: [Parameter(name: "storage", type: .existential(types.runtime.type("PersistentStorage")))],
      returnType: types.runtime.generic("Persistence", [stateType, .named(persistedFieldsName)]),
      body: [
        .returnStatement(
          types.runtime.value("Persistence").call(
            [Argument("key", .literal(.string(persist.key))), Argument("storage", .name("storage"))]
              + versionArguments(persist) + [
                Argument("reading", ChangeTrackingCode.fields(persistedIndices(persist), types.runtime)),
                Argument("fields", .closure(Closure(body: .name("$0").dot("persistedFields")))),
                Argument(
                  "restore", .closure(Closure(body: .name("$0").dot("restore").call([Argument(nil, .name("$1"))])))),
              ]))
      ])
    let memberwise = FunctionDeclaration(
      access: access, kind: .initializer,
      parameters: fields.map { Parameter(name: $0.name, type: types.typeName($0.type)) },
      body: fields.map { .assignment(.name("self").dot($0.name), .name($0.name)) })
    var fieldsDeclaration = fieldsType
    // An initializer of its own (decoding defaults) takes away the synthesized memberwise one.
    if access != nil || Self.decodesDefaults(fields, identified: false), case .structure(var type) = fieldsType {
      type.members.append(.function(memberwise))
      fieldsDeclaration = .structure(type)
    }
    return [
      fieldsDeclaration,
      .extensionDeclaration(
        ExtensionDeclaration(
          extendedType: .named(spec.stateTypeName),
          members: [.variable(persisted), .function(restore), .function(persistence)])),
    ]
  }

  /// `persistence(storage:)` for `storage: sqlite`: a collection of models with an id is stored
  /// a row per element, any other field as one value.
  func sqlitePersistence(_ persist: Persist) -> Declaration {
    let fields = persist.fields.compactMap { name in spec.state.first { $0.name == name } }
    let persistence = FunctionDeclaration(
      doc: persistenceDoc(persist),
      access: access, isStatic: true, kind: .function("persistence"),
      parameters: [Parameter(name: "storage", type: types.runtime.type("SQLiteStorage"))],
      returnType: types.runtime.generic("SQLitePersistence", [stateType]),
      body: [
        .returnStatement(
          types.runtime.value("SQLitePersistence").call(
            [Argument("key", .literal(.string(persist.key))), Argument("storage", .name("storage"))]
              + versionArguments(persist) + [
                Argument("reading", ChangeTrackingCode.fields(persistedIndices(persist), types.runtime)),
                Argument(
                  "fields",
                  .array(
                    fields.map { field in
                      Expression.dot(types.isIdentifiedList(field.type) ? "rows" : "value").call([
                        Argument(nil, .literal(.string(field.name))), Argument(nil, .keyPath(field.name)),
                      ])
                    })),
              ]))
      ])
    return .extensionDeclaration(
      ExtensionDeclaration(extendedType: .named(spec.stateTypeName), members: [.function(persistence)]))
  }

  func persistedIndices(_ persist: Persist) -> [Int] {
    persist.fields.compactMap(spec.stateFieldIndex(named:)).sorted()
  }

  func persistenceDoc(_ persist: Persist) -> String {
    let names = persist.fields.map { "`\($0)`" }.joined(separator: ", ")
    let format =
      persist.storage == .sqlite
      ? "In SQLite, a row per element of a list of models; format version \(persist.version)."
      : "As JSON, format version \(persist.version)."
    return """
      Restores and saves \(names) under the key `\(persist.key)`.

      \(format) Restore with `try persistence.restoredState(\(spec.stateTypeName)())`;
      then `let saver = persistence.attach(to: store)` saves them in the background after actions
      that change them, and `try saver.flush()` writes what is pending (before the app is suspended).
      """
  }

  /// `version:` and `migrations:`, when the format has moved on from version 1.
  func versionArguments(_ persist: Persist) -> [Argument] {
    guard persist.version > 1 || !persist.migrations.isEmpty else { return [] }
    func path(_ path: [String]) -> Expression { .array(path.map { .literal(.string($0)) }) }
    let migrations = persist.migrations.map { migration in
      types.runtime.value("PersistenceMigration").call([
        Argument("version", .literal(.int(migration.version))),
        Argument(
          nil,
          .array(
            migration.steps.map { step in
              switch step {
              case .rename(let steps, let name):
                Expression.dot("rename").call([Argument(nil, path(steps)), Argument("to", .literal(.string(name)))])
              case .add(let steps, let json):
                Expression.dot("add").call([Argument(nil, path(steps)), Argument("json", .literal(.string(json)))])
              case .remove(let steps):
                Expression.dot("remove").call([Argument(nil, path(steps))])
              case .retype(let steps, let kind, let fallback):
                Expression.dot("retype").call([
                  Argument(nil, path(steps)), Argument("to", .dot(kind)),
                  Argument("fallback", .literal(.string(fallback))),
                ])
              }
            })),
      ])
    }
    return [
      Argument("version", .literal(.int(persist.version))),
      Argument("migrations", migrations.isEmpty ? .literal(.emptyArray) : .array(migrations)),
    ]
  }
}
