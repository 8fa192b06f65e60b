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
