/// A navigation stack's screens, bottom first: the state of a stack of destination features,
/// each screen one destination's state (a case of the stack's enum of destinations).
///
/// Each pushed screen gets an id that no screen of the stack has had before, so an action meant
/// for a popped screen finds nothing rather than the screen pushed after it, and a view's path
/// (SwiftUI's `NavigationStack(path:)`) can tell its screens apart by id. The whole stack is a
/// value: compared, encoded (a deep link, a restored session) and tested as any state.
///
/// ```swift
/// var path = ScreenStack<AppPath>()
/// let detail = path.push(.detail(DetailState()))
/// path.push(.record(RecordState()))
/// path.pop(to: detail)        // back to the detail
/// path.popToRoot()
/// ```
public struct ScreenStack<Screen> {
  /// A screen with its id.
  public struct Element: Identifiable {
    public let id: Int
    public var screen: Screen

    public init(id: Int, screen: Screen) {
      self.id = id
      self.screen = screen
    }
  }

  @usableFromInline var elements: [Element]
  /// The id the next push gives its screen: one more than any the stack has given.
  public private(set) var nextID: Int

  /// An empty stack: the root screen alone shows.
  public init() {
    elements = []
    nextID = 0
  }

  /// A stack of `screens`, bottom first, with the ids 0, 1, 2...: a deep link.
  public init(_ screens: [Screen]) {
    elements = screens.enumerated().map { Element(id: $0.offset, screen: $0.element) }
    nextID = screens.count
  }

  /// The screens' ids, bottom first.
  public var ids: [Int] { elements.map(\.id) }

  /// The position of the screen whose id is `id`.
  @inlinable
  public func index(id: Int) -> Int? {
    // From the top: actions mostly come from the screen shown.
    elements.lastIndex { $0.id == id }
  }

  /// The screen whose id is `id`, nil when the stack doesn't hold it. Setting a screen replaces
  /// it; setting nil pops it and the screens above it.
  public subscript(id id: Int) -> Screen? {
    get { index(id: id).map { elements[$0].screen } }
    set {
      guard let index = index(id: id) else { return }
      if let newValue {
        elements[index].screen = newValue
      } else {
        elements.removeSubrange(index...)
      }
    }
  }

  /// Changes the screen whose id is `id` in place, and returns what `body` returns; nil, and
  /// `body` not called, when the stack doesn't hold it.
  ///
  /// `body` gets the screen as the only owner of its value, in an optional it must leave holding
  /// a screen: to change a case's state without copying it (a list of rows is copied whole when
  /// two values share it), bind the state, set the optional to nil, change the state, and put
  /// the case back:
  ///
  /// ```swift
  /// path.modify(id: id) { screen in
  ///   guard case .list(var list)? = screen else { return }
  ///   screen = nil                  // `list` alone holds the rows now
  ///   listReducer(&list, action)
  ///   screen = .list(list)
  /// }
  /// ```
  @inlinable
  public mutating func modify<Result>(id: Int, _ body: (inout Screen?) throws -> Result) rethrows -> Result? {
    guard let index = index(id: id) else { return nil }
    return try elements.withUnsafeMutableBufferPointer { buffer in
      // The buffer's element in place: its screen moved out, so `body` holds the only reference.
      try withUnsafeMutablePointer(to: &buffer[index].screen) { pointer in
        var screen: Screen? = pointer.move()
        // Put back whatever happens, so the stack never holds a moved-out screen.
        defer {
          guard let screen else { preconditionFailure("ScreenStack.modify(id:): the body left no screen") }
          pointer.initialize(to: screen)
        }
        return try body(&screen)
      }
    }
  }

  /// Changes the state of the screen whose id is `id` in place when it is the case `extract`
  /// reads, and returns the screen as changed; nil, changing nothing, when the stack doesn't hold
  /// it or it is another case. A generated feature's reducer gives a screen its destination's
  /// action this way: the state isn't copied (a destination's list of rows stays where it is).
  ///
  /// ```swift
  /// path.modify(id: id, extract: { $0.list }, embed: AppPath.list) { listReducer(&$0, action) }
  /// ```
  @discardableResult
  @inlinable
  public mutating func modify<State>(
    id: Int, extract: (Screen) -> State?, embed: (State) -> Screen, _ change: (inout State) throws -> Void
  ) rethrows -> Screen? {
    try modify(id: id) { screen -> Screen? in
      guard var state = screen.flatMap(extract) else { return nil }
      // `state` alone holds the destination's state while it changes.
      screen = nil
      defer { screen = embed(state) }
      try change(&state)
      return embed(state)
    }.flatMap { $0 }
  }

  /// Changes the state of the screen whose id is `id` in place when it is the case `extract`
  /// reads, and says whether it did; nothing changes when the stack doesn't hold it or it is
  /// another case. As `modify(id:extract:embed:_:)`, without a copy of the screen to return (which
  /// costs a retain and a release of each of its state's stored references): a generated
  /// feature's reducer gives a screen its destination's action this way, and reads the screen
  /// from the stack only where a handler (`from:`) needs it.
  ///
  /// ```swift
  /// let found = path.update(id: id, extract: { $0.list }, embed: AppPath.list) { listReducer(&$0, action) }
  /// ```
  @inlinable
  public mutating func update<State>(
    id: Int, extract: (Screen) -> State?, embed: (consuming State) -> Screen, _ change: (inout State) throws -> Void
  ) rethrows -> Bool {
    try modify(id: id) { screen -> Bool in
      // The case read where the screen is; then the state moved out of the screen, which is
      // taken from the optional (so the optimizer moves the state rather than copying it: a
      // retain and a release of each of its references saved).
      guard let held = screen, extract(held) != nil else { return false }
      _ = consume held
      guard var state = extract(screen.take()!) else { return false }
      do {
        try change(&state)
      } catch {
        screen = embed(consume state)
        throw error
      }
      // Moved back, not copied (a `defer` would copy it).
      screen = embed(consume state)
      return true
    } ?? false
  }

  /// Pushes `screen` on top, and returns its id.
  @discardableResult
  public mutating func push(_ screen: Screen) -> Int {
    let id = nextID
    nextID += 1
    elements.append(Element(id: id, screen: screen))
    return id
  }

  /// Pops the top screen; nothing when only the root shows.
  public mutating func pop() {
    if !elements.isEmpty { elements.removeLast() }
  }

  /// Pops the screen whose id is `id` and every screen above it; nothing when it isn't held.
  public mutating func pop(from id: Int) {
    guard let index = index(id: id) else { return }
    elements.removeSubrange(index...)
  }

  /// Pops every screen above the one whose id is `id`; nothing when it isn't held.
  public mutating func pop(to id: Int) {
    guard let index = index(id: id) else { return }
    elements.removeSubrange((index + 1)...)
  }

  /// Pops every screen: the root shows.
  public mutating func popToRoot() {
    elements.removeAll()
  }

  /// Gives each screen of the case `extract` reads, whose `field` shows an element of `list`
  /// (`shows:`), that element as `list` holds it, where it differs; a screen whose element the
  /// list no longer holds keeps its copy. What keeps the screens showing an element of their
  /// parent's list in step with it.
  ///
  /// ```swift
  /// path.show(syncUps, in: \.syncUp, extract: { $0.detail }, embed: { .detail($0) })
  /// ```
  @inlinable
  public mutating func show<State, Shown: Identifiable & Equatable>(
    _ list: IdentifiedArray<Shown.ID, Shown>, in field: WritableKeyPath<State, Shown>,
    extract: (Screen) -> State?, embed: (State) -> Screen
  ) {
    for index in elements.indices {
      guard var state = extract(elements[index].screen) else { continue }
      let shown = state[keyPath: field]
      guard let element = list[id: shown.id], element != shown else { continue }
      state[keyPath: field] = element
      elements[index].screen = embed(state)
    }
  }
}

extension ScreenStack: RandomAccessCollection {
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element { elements[position] }
}

extension ScreenStack: ExpressibleByArrayLiteral {
  public init(arrayLiteral screens: Screen...) {
    self.init(screens)
  }
}

extension ScreenStack.Element: Sendable where Screen: Sendable {}
extension ScreenStack: Sendable where Screen: Sendable {}
extension ScreenStack.Element: Equatable where Screen: Equatable {}
extension ScreenStack.Element: Hashable where Screen: Hashable {}
extension ScreenStack.Element: Codable where Screen: Codable {}

/// Two stacks are equal when they hold equal screens under the same ids: the next id is how the
/// stack got there, not what it shows.
extension ScreenStack: Equatable where Screen: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension ScreenStack: Hashable where Screen: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

/// Encoded with its next id, so a restored stack never gives a new screen an old screen's id.
extension ScreenStack: Codable where Screen: Codable {
  private enum CodingKeys: String, CodingKey {
    case screens
    case nextID
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let elements = try container.decode([Element].self, forKey: .screens)
    let nextID = try container.decodeIfPresent(Int.self, forKey: .nextID) ?? 0
    let ids = elements.map(\.id)
    guard Set(ids).count == ids.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .screens, in: container, debugDescription: "two screens of the stack have one id")
    }
    self.elements = elements
    // Never below an id the stack holds: stored data edited by hand still gets fresh ids.
    self.nextID = Swift.max(nextID, (ids.max() ?? -1) + 1)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(elements, forKey: .screens)
    try container.encode(nextID, forKey: .nextID)
  }
}
