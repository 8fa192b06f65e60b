/// What `redux-gen init NAME` writes: a commented feature spec that checks, generates, builds and
/// passes its tests as it is, for a newcomer to change.
package enum StarterSpec {
  /// The starter spec of the feature `feature` (an upper-case Swift identifier).
  /// - Parameter schema: The JSON Schema's path or URL for the editor's modeline, relative to the
  ///   spec.
  package static func text(feature: String, schema: String) -> String {
    let item = "\(feature)Item"
    let filter = "\(feature)Filter"
    return """
      # yaml-language-server: $schema=\(schema)
      # The \(feature) feature: a list of items to do, which can be added, checked off and filtered.
      # redux-gen turns it into \(feature)State, \(feature)Action, \(lowerFirst(feature))Reducer and their tests.
      # Change it to suit; every key is in the spec language reference (docs/spec-language.md).
      feature: \(feature)
      doc: A list of items to do.

      # Types the state holds. A field is `name: Type`, or `name: Type = default`.
      models:
        \(item):
          doc: One item to do.
          fields:
            id: UUID
            title: String
            isDone: Bool = false

      # The state. A list of models with an id becomes an IdentifiedArray.
      state:
        items: [\(item)]

      # A filter: the selected case (a state field of its own) and the list it selects.
      filters:
        \(filter):
          over: items
          selected: filter
          default: all
          result: visibleItems
          cases:
            all: true
            open: "!isDone"
            done: isDone

      # Each action is a case of \(feature)Action; `reduce` says what it does to the state.
      actions:
        addItem:
          doc: Adds an item at the end of the list, with a new id.
          payload: { id: UUID = new, title: String }
          reduce: append items
        toggleItem:
          doc: Checks an item off, or back on.
          payload: { id: UUID }
          reduce: toggle items[id].isDone
        showItems:
          doc: Chooses which items the list shows.
          payload: { filter: \(filter) }
          reduce: set filter

      # Examples become tests: a state, the actions that happen to it, and what it is then.
      examples:
        - name: an added item shows among the open ones until it is done
          when:
            - addItem: { id: 1, title: Buy milk }
            - showItems: { filter: open }
          then:
            items.count: 1
            visibleItems.count: 1
        - name: a done item leaves the open items
          given:
            items: [{ id: 1, title: Buy milk }, { id: 2, title: Walk the dog }]
          when:
            - toggleItem: { id: 1 }
            - showItems: { filter: open }
          then:
            items[0].isDone: true
            visibleItems.count: 1
            visibleItems[0].title: Walk the dog

      """
  }

  /// The spec's file name for a feature: `TodoList` -> `todolist.yaml`, as in Specs/.
  package static func fileName(feature: String) -> String { feature.lowercased() + ".yaml" }

  private static func lowerFirst(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
}
