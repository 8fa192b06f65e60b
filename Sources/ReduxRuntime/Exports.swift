/// Generated state keeps a list of models with an `id` as an `IdentifiedArrayOf<Model>`: an
/// ordered collection with an index by id, so `tasks[id]` operations take constant time at any
/// size. Re-exported, so generated code and the targets that use it need no other import.
@_exported import IdentifiedCollections
