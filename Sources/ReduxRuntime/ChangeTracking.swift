/// The state fields an action can change, by index in the state's declaration order: the data
/// a generated reducer reports so that the store can skip observers no action touched.
///
/// Up to four fields are kept inline (no allocation per dispatch); more, or an unknown set, is
/// `.all`, and then every observer's selection is compared as usual.
public struct StateFields: Sendable, Equatable {
  @usableFromInline let storage: (Int, Int, Int, Int)
  /// The number of fields, or -1 for all of them.
  @usableFromInline let count: Int

  /// Every field: observers are compared as if nothing were known.
  public static let all = StateFields(storage: (0, 0, 0, 0), count: -1)
  /// No field: an action that changes nothing.
  public static let none = StateFields(storage: (0, 0, 0, 0), count: 0)

  @usableFromInline
  init(storage: (Int, Int, Int, Int), count: Int) {
    self.storage = storage
    self.count = count
  }

  /// One field. Fixed arities keep generated `changedFields` free of array allocations.
  @inlinable public init(_ a: Int) { self.init(storage: (a, 0, 0, 0), count: 1) }
  @inlinable public init(_ a: Int, _ b: Int) { self.init(storage: (a, b, 0, 0), count: 2) }
  @inlinable public init(_ a: Int, _ b: Int, _ c: Int) { self.init(storage: (a, b, c, 0), count: 3) }
  @inlinable public init(_ a: Int, _ b: Int, _ c: Int, _ d: Int) { self.init(storage: (a, b, c, d), count: 4) }

  /// The given fields; none is `.none`, more than four is `.all`.
  public init(_ fields: Int...) {
    self.init(listing: fields)
  }

  /// `fields`, as the variadic initializer takes them.
  private init(listing fields: [Int]) {
    switch fields.count {
    case 0: self = .none
    case 1...4:
      let padded = fields + Array(repeating: 0, count: 4 - fields.count)
      self.init(storage: (padded[0], padded[1], padded[2], padded[3]), count: fields.count)
    default: self = .all
    }
  }

  /// Every field of `parts`, once; `.all` where one is, or where they name more than four.
  public init(union parts: [StateFields]) {
    guard !parts.contains(where: \.isAll) else {
      self = .all
      return
    }
    var fields: [Int] = []
    for part in parts { part.forEach { if !fields.contains($0) { fields.append($0) } } }
    self.init(listing: fields)
  }

  @inlinable public var isAll: Bool { count < 0 }

  /// Whether the two share a field: whether a store whose action reports `self` compares the
  /// observers that read `other`. `.all` shares every field, `.none` none.
  @inlinable
  public func overlaps(_ other: StateFields) -> Bool {
    if count == 0 || other.count == 0 { return false }
    if isAll || other.isAll { return true }
    var shared = false
    forEach { field in other.forEach { if $0 == field { shared = true } } }
    return shared
  }

  /// Calls `body` with each field; not for `.all`.
  @inlinable
  public func forEach(_ body: (Int) -> Void) {
    if count > 0 { body(storage.0) }
    if count > 1 { body(storage.1) }
    if count > 2 { body(storage.2) }
    if count > 3 { body(storage.3) }
  }

  public static func == (lhs: StateFields, rhs: StateFields) -> Bool {
    lhs.count == rhs.count && lhs.storage == rhs.storage
  }
}

/// An action that knows which state fields its reducer can change (generated).
public protocol ChangeReporting: Sendable {
  var changedFields: StateFields { get }
  /// The elements of a list field the action changes in place, when it changes that field only
  /// that way (the list keeps its ids, in order); `.unknown` otherwise.
  var changedElements: ChangedElements { get }
  /// The generated middleware that dispatches this feature's follow-ups (`<Feature>FollowUps`, for
  /// `then:`), if it has any. A store (or an app's `ScopedMiddleware`) made without it says so
  /// once, in debug builds: without it, no follow-up runs.
  static var followedUpBy: Any.Type? { get }
}

extension ChangeReporting {
  public var changedElements: ChangedElements { .unknown }
  public static var followedUpBy: Any.Type? { nil }
}


/// Elements of one list field of the state (by index, as in `StateFields`) that an action changes
/// in place, by id: the list keeps the same ids in the same order, and other elements keep
/// their values. What lets a `ViewStore` tell one row of a list that its element changed.
///
/// In an app, the list is a field of one feature's state: `field` is the feature's field of the
/// app state and `list` the list's field of the feature's (`within(_:changing:)`).
public struct ChangedElements: Sendable {
  /// The list field; -1 when nothing is known. In an app, the feature's field.
  public let field: Int
  /// In an app, the list's field of the feature's state; -1 when `field` is the list.
  public let list: Int
  /// The ids of the elements that can have changed.
  @usableFromInline let ids: [ElementID]

  /// Elements of the list field `field` (by declaration order), by id. Inlinable, so that the
  /// generated `changedElements` that calls it is specialized for its id type.
  @inlinable
  public init<ID: Hashable & Sendable>(field: Int, ids: [ID]) {
    self.field = field
    self.list = -1
    var boxed: [ElementID] = []
    boxed.reserveCapacity(ids.count)
    for id in ids { boxed.append(ElementID(id)) }
    self.ids = boxed
  }

  @usableFromInline
  init(field: Int, list: Int = -1, ids: [ElementID] = []) {
    self.field = field
    self.list = list
    self.ids = ids
  }

  /// A feature's report as its app's: the feature is the app state's field `field`, and its
  /// action changed `fields` of the feature's state (its `changedFields`). Known only when the
  /// action changed its list alone, in place: else a value of the app reading another field of
  /// the feature could not be brought up to date from the elements.
  @inlinable
  public func within(_ field: Int, changing fields: StateFields) -> ChangedElements {
    guard self.field >= 0, list == -1, fields == StateFields(self.field) else { return .unknown }
    return ChangedElements(field: field, list: self.field, ids: ids)
  }

  /// Nothing known: a change to a list field may be any change.
  public static let unknown = ChangedElements(field: -1)
}

extension ChangedElements {
  /// Whether this report accounts for the change of the list field `field` from `before` to
  /// `after`: it speaks of another field, or the ids are the same in the same order and every
  /// element that changed is one it names. Generated tests check each action's report with it.
  /// In an app, `field` is the feature's and `list` the list's field of the feature's state.
  public func accounts<ID: Hashable & Sendable, Element: Equatable>(
    for field: Int, list: Int = -1, from before: IdentifiedArray<ID, Element>, to after: IdentifiedArray<ID, Element>
  ) -> Bool {
    guard self.field == field, self.list == list else { return true }
    guard before.ids == after.ids else { return false }
    let named = Set(ids)
    return before.ids.indices.allSatisfy { index in
      before.elements[index] == after.elements[index] || named.contains(ElementID(before.ids[index]))
    }
  }
}

extension ChangedElements {
  /// Whether this report accounts for the change of the navigation stack field `field` from
  /// `before` to `after`: it speaks of another field, or the screens' ids are the same in the
  /// same order and every screen that changed is one it names.
  public func accounts<Screen: Equatable>(
    for field: Int, from before: ScreenStack<Screen>, to after: ScreenStack<Screen>
  ) -> Bool {
    guard self.field == field, list == -1 else { return true }
    guard before.ids == after.ids else { return false }
    let named = Set(ids)
    return zip(before, after).allSatisfy { old, new in old.screen == new.screen || named.contains(ElementID(old.id)) }
  }
}

/// The id of an element, whatever its type.
@usableFromInline
struct ElementID: Hashable, @unchecked Sendable {
  // Unchecked: made only from a Sendable id (the initializer's constraint).
  @usableFromInline let base: AnyHashable

  @inlinable
  init<ID: Hashable & Sendable>(_ id: ID) {
    base = AnyHashable(id)
  }
}

/// A state that knows which of its fields a key path reads (generated).
public protocol FieldTracking {
  /// The fields `keyPath` depends on, or `.all` when unknown (for example a path into a field).
  static func fields(readBy keyPath: PartialKeyPath<Self>) -> StateFields
}

extension StateFields {
  /// The fields `keyPath` reads: what `Root` says when it is `FieldTracking`, else `.all`. The
  /// conformance is looked up at run time, so generic code gets the same answer as code that
  /// knows the concrete type.
  @usableFromInline
  static func read<Root>(by keyPath: PartialKeyPath<Root>) -> StateFields {
    guard let tracking = Root.self as? any FieldTracking.Type else { return .all }
    return fields(of: tracking, readBy: keyPath)
  }

  private static func fields<Root: FieldTracking>(of _: Root.Type, readBy keyPath: AnyKeyPath) -> StateFields {
    guard let keyPath = keyPath as? PartialKeyPath<Root> else { return .all }
    return Root.fields(readBy: keyPath)
  }
}
