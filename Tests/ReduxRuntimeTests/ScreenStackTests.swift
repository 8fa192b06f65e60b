import Foundation
import ReduxRuntime
import Testing

@Suite struct ScreenStackTests {
  @Test("a push gets an id no screen of the stack has had, even after pops")
  func freshIDs() {
    var stack = ScreenStack<String>()
    let a = stack.push("a")
    let b = stack.push("b")
    stack.pop()
    let c = stack.push("c")
    #expect([a, b, c] as [Int] == [0, 1, 2])
    #expect(stack.ids == [0, 2])
    #expect(stack.map(\.screen) == ["a", "c"])
    #expect(stack[id: b] == nil)
    #expect(stack[id: c] == "c")
  }

  @Test("update(id:) changes a screen of its case in place and says so; another case or id, nothing")
  func update() {
    var stack = ScreenStack<StackScreen>([.counter(1), .note("a")])
    let counted = stack.update(id: 0, extract: \.counter, embed: StackScreen.counter) { $0 += 1 }
    let otherCase = stack.update(id: 1, extract: \.counter, embed: StackScreen.counter) { $0 += 1 }
    let otherID = stack.update(id: 7, extract: \.note, embed: StackScreen.note) { $0 += "!" }
    #expect(counted && !otherCase && !otherID)
    #expect(stack.map(\.screen) == [.counter(2), .note("a")])
  }

  @Test("show gives each screen showing an element the list's element; one the list lacks keeps its copy")
  func show() {
    var list: IdentifiedArrayOf<Shown> = [Shown(id: 1, title: "A"), Shown(id: 2, title: "B")]
    var stack = ScreenStack<ShownScreen>([
      .detail(Shown(id: 1, title: "old")), .other, .detail(Shown(id: 3, title: "gone")), .detail(Shown(id: 2, title: "B")),
    ])
    list[id: 1]?.title = "A2"
    stack.show(list, in: \.self, extract: \.detail, embed: ShownScreen.detail)
    #expect(stack.map(\.screen) == [.detail(Shown(id: 1, title: "A2")), .other, .detail(Shown(id: 3, title: "gone")), .detail(Shown(id: 2, title: "B"))])
  }

  @Test("writeBack writes an element over the one with its id when it differs; never adds one")
  func writeBack() {
    var list: IdentifiedArrayOf<Shown> = [Shown(id: 1, title: "A")]
    let written = [
      list.writeBack(Shown(id: 1, title: "B")), list.writeBack(Shown(id: 1, title: "B")),
      list.writeBack(Shown(id: 2, title: "C")), list.writeBack(nil),
    ]
    #expect(written == [true, false, false, false])
    #expect(list == [Shown(id: 1, title: "B")])
  }

  @Test("pop(from:) pops a screen and those above; pop(to:) those above; popToRoot all")
  func pops() {
    var stack: ScreenStack<String> = ["list", "detail", "edit", "preview"]
    #expect(stack.ids == [0, 1, 2, 3])
    stack.pop(to: 1)
    #expect(stack.map(\.screen) == ["list", "detail"])
    stack.pop(to: 9)
    #expect(stack.count == 2)
    stack.push("meeting")
    stack.pop(from: 1)
    #expect(stack.map(\.screen) == ["list"])
    stack.pop(from: 9)
    #expect(stack.count == 1)
    stack.popToRoot()
    #expect(stack.isEmpty)
    stack.pop()
    #expect(stack.isEmpty)
  }

  @Test("setting a screen by id replaces it; setting nil pops it and those above")
  func subscriptByID() {
    var stack: ScreenStack<Int> = [1, 2, 3]
    stack[id: 1]? += 10
    #expect(stack.map(\.screen) == [1, 12, 3])
    stack[id: 7] = 5
    #expect(stack.map(\.screen) == [1, 12, 3])
    stack[id: 1] = nil
    #expect(stack.map(\.screen) == [1])
  }

  @Test("stacks are equal by screens and ids, whatever their next id")
  func equality() {
    var pushedAndPopped: ScreenStack<String> = ["a"]
    pushedAndPopped.push("b")
    pushedAndPopped.pop()
    let fresh: ScreenStack<String> = ["a"]
    #expect(pushedAndPopped == fresh)
    #expect(pushedAndPopped.nextID == 2)
    var other = fresh
    other[id: 0] = "z"
    #expect(other != fresh)
  }

  @Test("encoded and decoded, a stack keeps its ids and its next id")
  func codable() throws {
    var stack: ScreenStack<String> = ["a", "b"]
    stack.pop()
    let data = try JSONEncoder().encode(stack)
    var decoded = try JSONDecoder().decode(ScreenStack<String>.self, from: data)
    #expect(decoded == stack)
    #expect(decoded.push("c") == 2)
  }

  @Test("stored data with two screens of one id is refused; a next id below a held one is raised")
  func decodingChecks() throws {
    let twice = Data(#"{"screens":[{"id":1,"screen":"a"},{"id":1,"screen":"b"}],"nextID":2}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenStack<String>.self, from: twice) }
    let low = Data(#"{"screens":[{"id":4,"screen":"a"}],"nextID":1}"#.utf8)
    var stack = try JSONDecoder().decode(ScreenStack<String>.self, from: low)
    #expect(stack.push("b") == 5)
  }
}

// An element a screen shows (`shows:`), and a stack of screens showing it or not.
private struct Shown: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
}

private enum ShownScreen: Equatable, Sendable {
  case detail(Shown)
  case other

  var detail: Shown? {
    if case .detail(let value) = self { return value }
    return nil
  }
}

// A parent whose stack shows two destinations, as a generated feature's would.
private enum StackScreen: Equatable, Sendable {
  case counter(Int)
  case note(String)

  var counter: Int? {
    if case .counter(let value) = self { return value }
    return nil
  }

  var note: String? {
    if case .note(let value) = self { return value }
    return nil
  }
}

private enum StackScreenAction: Equatable, Sendable {
  case counter(StepAction)
  case note(MemoAction)

  var counter: StepAction? {
    if case .counter(let action) = self { return action }
    return nil
  }

  var note: MemoAction? {
    if case .note(let action) = self { return action }
    return nil
  }
}

private enum StepAction: Equatable, Sendable {
  case increment
  case load
}

private enum MemoAction: Equatable, Sendable { case edit(String) }

private struct StackParentState: Equatable, Sendable {
  var path = ScreenStack<StackScreen>()
}

private enum StackParentAction: Equatable, Sendable, ChangeReporting {
  case push(StackScreen)
  case pop
  case path(id: Int, action: StackScreenAction)

  var changedFields: StateFields { StateFields(0) }

  var path: (id: Int, action: StackScreenAction)? {
    if case .path(let id, let action) = self { return (id, action) }
    return nil
  }
}

private func stackParentReducer(_ state: inout StackParentState, _ action: StackParentAction) {
  switch action {
  case .push(let screen): state.path.push(screen)
  case .pop: state.path.pop()
  case .path(let id, let action):
    guard let screen = state.path[id: id] else { return }
    switch (screen, action) {
    case (.counter(let count), .counter(.increment)): state.path[id: id] = .counter(count + 1)
    case (.note, .note(.edit(let text))): state.path[id: id] = .note(text)
    default: break
    }
  }
}

/// A destination's middleware: counts what it sees and when it is ended.
private final class DestinationRecorder<State: Sendable, Action: Sendable>: Middleware, Sendable {
  let seen = Locked<[Action]>([])
  let ends = Locked(0)
  let states = Locked<[State]>([])

  func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    seen.withLock { $0.append(action) }
    states.withLock { $0.append(context.state) }
    return action
  }

  func end() { ends.withLock { $0 += 1 } }
}

private final class MadeChains: Sendable {
  let counters = Locked<[Int: DestinationRecorder<Int, StepAction>]>([:])
  let notes = Locked<[Int: DestinationRecorder<String, MemoAction>]>([:])
}

private func stackStore(_ made: MadeChains) -> Store<StackParentState, StackParentAction> {
  let middleware = ChildMiddleware<StackParentState, StackParentAction, ScreenStack<StackScreen>.Element, StackScreenAction>(
    stack: { id in
      [
        DestinationMiddleware(
          {
            let recorder = DestinationRecorder<Int, StepAction>()
            made.counters.withLock { $0[id] = recorder }
            return [recorder]
          }, state: { $0.screen.counter }, extract: { $0.counter }, embed: { .counter($0) }),
        DestinationMiddleware(
          {
            let recorder = DestinationRecorder<String, MemoAction>()
            made.notes.withLock { $0[id] = recorder }
            return [recorder]
          }, state: { $0.screen.note }, extract: { $0.note }, embed: { .note($0) }),
      ]
    }, field: 0, screens: { $0.path }, extract: { $0.path }, embed: { .path(id: $0, action: $1) },
    reducer: stackParentReducer)
  return Store(initialState: StackParentState(), reducer: stackParentReducer, middleware: [middleware])
}

@Suite struct StackMiddlewareTests {
  @Test("a screen's action runs its destination's middleware alone, on that screen's state")
  func routedByScreen() {
    let made = MadeChains()
    let store = stackStore(made)
    store.dispatch(.push(.counter(0)))
    store.dispatch(.push(.note("")))
    store.dispatch(.path(id: 0, action: .counter(.increment)))
    store.dispatch(.path(id: 1, action: .note(.edit("hi"))))
    store.dispatch(.path(id: 0, action: .counter(.increment)))
    #expect(store.state.path.map(\.screen) == [.counter(2), .note("hi")])
    #expect(made.counters.withLock { $0[0]?.seen.withLock { $0 } } == [.increment, .increment])
    #expect(made.counters.withLock { $0[0]?.states.withLock { $0 } } == [0, 1])
    #expect(made.notes.withLock { $0[1]?.seen.withLock { $0 } } == [.edit("hi")])
    // A screen's chain makes only its own destination's middleware.
    #expect(made.counters.withLock { $0[1] } == nil)
    #expect(made.notes.withLock { $0[0] } == nil)
  }

  @Test("an action of another destination than the screen's reaches no middleware")
  func wrongDestination() {
    let made = MadeChains()
    let store = stackStore(made)
    store.dispatch(.push(.counter(0)))
    store.dispatch(.path(id: 0, action: .note(.edit("x"))))
    #expect(made.notes.withLock { $0.isEmpty })
    #expect(store.state.path.map(\.screen) == [.counter(0)])
  }

  @Test("popping a screen ends its chain; an action for it afterwards reaches nothing")
  func popEnds() {
    let made = MadeChains()
    let store = stackStore(made)
    store.dispatch(.push(.counter(0)))
    store.dispatch(.push(.counter(5)))
    store.dispatch(.path(id: 0, action: .counter(.load)))
    store.dispatch(.path(id: 1, action: .counter(.load)))
    store.dispatch(.pop)
    #expect(made.counters.withLock { $0[1]?.ends.withLock { $0 } } == 1)
    #expect(made.counters.withLock { $0[0]?.ends.withLock { $0 } } == 0)
    store.dispatch(.path(id: 1, action: .counter(.increment)))
    #expect(made.counters.withLock { $0[1]?.seen.withLock { $0 } } == [.load])
    // The next push gets a new id, and a chain of its own.
    store.dispatch(.push(.counter(9)))
    #expect(store.state.path.ids == [0, 2])
    store.dispatch(.path(id: 2, action: .counter(.increment)))
    #expect(made.counters.withLock { $0[2]?.seen.withLock { $0 } } == [.increment])
  }
}
