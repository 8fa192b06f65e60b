import Foundation

/// Runs a child feature's middleware for each element of a list of child features (a spec's
/// `children: { tallies: { each: tally.yaml } }`): each element has a chain of its own, made by
/// `make` when the element's first action arrives, which sees that element as its state and its
/// own actions; what it passes on or dispatches is wrapped for the parent as an action of that
/// element. When an action of the parent removes an element, the element's chain is ended
/// (`Middleware.end()`: its effects' requests are cancelled, and dispatch nothing more) and
/// dropped.
///
/// Generated features make it through `<Parent>Children`-named functions (`talliesChildren`);
/// it takes the parent's reducer only to see, before an action that can change the list is
/// reduced, which elements the action removes.
public final class ChildMiddleware<
  ParentState: Sendable, ParentAction: ChangeReporting & Sendable, State: Identifiable & Sendable, Action: Sendable
>: Middleware, Sendable where State.ID: Sendable {
  @usableFromInline let make: @Sendable (State.ID) -> [any Middleware<State, Action>]
  @usableFromInline let field: Int
  /// The element whose id is given, read from the parent's state; nil once it is gone.
  @usableFromInline let element: @Sendable (ParentState, State.ID) -> State?
  @usableFromInline let extract: @Sendable (ParentAction) -> (id: State.ID, action: Action)?
  @usableFromInline let embed: @Sendable (State.ID, Action) -> ParentAction
  @usableFromInline let reducer: @Sendable (inout ParentState, ParentAction) -> Void
  /// Each element's chain, made on its first action, in the order they were made.
  @usableFromInline let chains: Locked<[State.ID: [any Middleware<State, Action>]]>
  /// `processed(_:context:)` as compiled where the middleware is made (inlinable, so for the
  /// generated feature's own types): `process` calls it, rather than generic code that would
  /// look up the types' metadata at each dispatch.
  @usableFromInline let run: @Sendable (ChildMiddleware, ParentAction, MiddlewareContext<ParentState, ParentAction>) -> ParentAction?

  /// - Parameters:
  ///   - make: The chain of one element, given its id.
  ///   - field: The list's field of the parent's state, by declaration order.
  ///   - elements: The list, read from the parent's state.
  ///   - extract: The element's id and the child action a parent action carries, if it carries one.
  ///   - embed: A child action of an element, as the parent's action.
  ///   - reducer: The parent's reducer: what tells which elements an action removes.
  @inlinable
  public convenience init(
    _ make: @escaping @Sendable (State.ID) -> [any Middleware<State, Action>], field: Int,
    elements: @escaping @Sendable (ParentState) -> IdentifiedArrayOf<State>,
    extract: @escaping @Sendable (ParentAction) -> (id: State.ID, action: Action)?,
    embed: @escaping @Sendable (State.ID, Action) -> ParentAction,
    reducer: @escaping @Sendable (inout ParentState, ParentAction) -> Void
  ) {
    self.init(make, field: field, element: { elements($0)[id: $1] }, extract: extract, embed: embed, reducer: reducer)
  }

  /// For a navigation stack of destination features (a spec's `children: { path: { stack: ...
  /// } }`): each screen's chain, made from its id when its first action arrives and ended when an
  /// action pops it. A chain that serves several destinations holds a `DestinationMiddleware`
  /// per destination, each of which makes its destination's middleware only for a screen of it.
  ///
  /// - Parameters:
  ///   - make: The chain of one screen, given its id.
  ///   - field: The stack's field of the parent's state, by declaration order.
  ///   - screens: The stack, read from the parent's state.
  ///   - extract: The screen's id and the destination action a parent action carries, if any.
  ///   - embed: A destination action of a screen, as the parent's action.
  ///   - reducer: The parent's reducer: what tells which screens an action pops.
  @inlinable
  public convenience init<Screen>(
    stack make: @escaping @Sendable (Int) -> [any Middleware<State, Action>], field: Int,
    screens: @escaping @Sendable (ParentState) -> ScreenStack<Screen>,
    extract: @escaping @Sendable (ParentAction) -> (id: Int, action: Action)?,
    embed: @escaping @Sendable (Int, Action) -> ParentAction,
    reducer: @escaping @Sendable (inout ParentState, ParentAction) -> Void
  ) where State == ScreenStack<Screen>.Element {
    self.init(
      make, field: field,
      element: { parent, id in
        let stack = screens(parent)
        return stack.index(id: id).map { stack[$0] }
      }, extract: extract, embed: embed, reducer: reducer)
  }

  @inlinable
  init(
    _ make: @escaping @Sendable (State.ID) -> [any Middleware<State, Action>], field: Int,
    element: @escaping @Sendable (ParentState, State.ID) -> State?,
    extract: @escaping @Sendable (ParentAction) -> (id: State.ID, action: Action)?,
    embed: @escaping @Sendable (State.ID, Action) -> ParentAction,
    reducer: @escaping @Sendable (inout ParentState, ParentAction) -> Void
  ) {
    self.make = make
    self.field = field
    self.element = element
    self.extract = extract
    self.embed = embed
    self.reducer = reducer
    self.chains = Locked([:])
    self.run = { $0.processed($1, context: $2) }
  }

  public func process(
    _ action: ParentAction, context: MiddlewareContext<ParentState, ParentAction>
  ) -> ParentAction? {
    run(self, action, context)
  }

  @inlinable
  func processed(_ action: ParentAction, context: MiddlewareContext<ParentState, ParentAction>) -> ParentAction? {
    guard let (id, childAction) = extract(action) else {
      endRemoved(by: action, context: context)
      return action
    }
    let lookUp = self.element
    // An element already removed: its action reaches the reducer, which finds no element.
    guard let element = context.read({ lookUp($0, id) }) else { return action }
    let chain = chains.withLock { chains in
      if let chain = chains[id] { return chain }
      let chain = make(id)
      chains[id] = chain
      return chain
    }
    var current = childAction
    // The element's context only for a chain that reads it.
    let scoped = chain.isEmpty ? nil : scopedContext(context, id: id, element: element)
    for step in chain {
      guard let scoped else { break }
      guard let passed = step.process(current, context: scoped) else { return nil }
      current = passed
    }
    let parentAction = embed(id, current)
    // An action of the parent's that reduces the child's (`from:`) may remove elements.
    endRemoved(by: parentAction, context: context)
    return parentAction
  }

  /// Ends the chains of the elements `action` removes: only for an action that can change the
  /// list other than in place, and only when some element has a chain.
  @inlinable
  func endRemoved(by action: ParentAction, context: MiddlewareContext<ParentState, ParentAction>) {
    guard action.changedFields.overlaps(StateFields(field)), !chains.withLock({ $0.isEmpty }) else { return }
    let changed = action.changedElements
    if changed.field == field, changed.list == -1 { return }
    let remaining = context.state(after: action, reducer)
    let lookUp = self.element
    let ended = chains.withLock { chains in
      let gone = chains.keys.filter { lookUp(remaining, $0) == nil }
      return gone.compactMap { chains.removeValue(forKey: $0) }
    }
    for chain in ended {
      for step in chain { step.end() }
    }
  }

  /// The element's slice: its state while it is in the list (the last one seen once it isn't),
  /// and its actions wrapped for the parent.
  @inlinable
  func scopedContext(
    _ context: MiddlewareContext<ParentState, ParentAction>, id: State.ID, element: State
  ) -> MiddlewareContext<State, Action> {
    let lookUp = self.element
    let embed = self.embed
    return context.child(state: { lookUp($0, id) }, last: element, embed: { embed(id, $0) })
  }

  public func end() {
    let all = chains.withLock { chains in
      defer { chains.removeAll() }
      return Array(chains.values)
    }
    for chain in all {
      for step in chain { step.end() }
    }
  }

  public func idle() async -> Bool {
    var waited = false
    for chain in chains.withLock({ Array($0.values) }) {
      for step in chain where await step.idle() { waited = true }
    }
    return waited
  }

  public var pendingWork: [String] {
    chains.withLock { Array($0.values) }.flatMap { $0.flatMap(\.pendingWork) }
  }

  /// The ids of the elements whose chain is made and not ended.
  public var runningElements: [State.ID] {
    chains.withLock { Array($0.keys) }
  }
}

/// Runs a presented child feature's middleware (a spec's `children: { namer: { presents:
/// namer.yaml } }`): one chain while the child is presented, made when its first action
/// arrives, which sees the presented state and the child's actions; what it passes on or
/// dispatches is wrapped for the parent. When an action dismisses the child (the parent's
/// action that sets the field to nil, or the child's own that `dismissOn` names), the chain is
/// ended (`Middleware.end()`: its requests cancelled, dispatching nothing) and dropped; the next
/// presentation makes a new one.
public final class PresentedMiddleware<
  ParentState: Sendable, ParentAction: ChangeReporting & Sendable, State: Sendable, Action: Sendable
>: Middleware, Sendable {
  @usableFromInline let make: @Sendable () -> [any Middleware<State, Action>]
  @usableFromInline let field: Int
  @usableFromInline let presented: @Sendable (ParentState) -> State?
  @usableFromInline let extract: @Sendable (ParentAction) -> Action?
  @usableFromInline let embed: @Sendable (Action) -> ParentAction
  @usableFromInline let reducer: @Sendable (inout ParentState, ParentAction) -> Void
  @usableFromInline let chain: Locked<[any Middleware<State, Action>]?>
  /// `processed(_:context:)` compiled for the generated feature's types (see `ChildMiddleware.run`).
  @usableFromInline let run: @Sendable (PresentedMiddleware, ParentAction, MiddlewareContext<ParentState, ParentAction>) -> ParentAction?

  /// - Parameters:
  ///   - make: The presented child's chain.
  ///   - field: The child's field of the parent's state, by declaration order.
  ///   - presented: The child's state, nil when it isn't presented.
  ///   - extract: The child action a parent action carries, if it carries one.
  ///   - embed: A child action as the parent's action.
  ///   - reducer: The parent's reducer: what tells which actions dismiss the child.
  @inlinable
  public init(
    _ make: @escaping @Sendable () -> [any Middleware<State, Action>], field: Int,
    presented: @escaping @Sendable (ParentState) -> State?,
    extract: @escaping @Sendable (ParentAction) -> Action?, embed: @escaping @Sendable (Action) -> ParentAction,
    reducer: @escaping @Sendable (inout ParentState, ParentAction) -> Void
  ) {
    self.make = make
    self.field = field
    self.presented = presented
    self.extract = extract
    self.embed = embed
    self.reducer = reducer
    self.chain = Locked(nil)
    self.run = { $0.processed($1, context: $2) }
  }

  public func process(
    _ action: ParentAction, context: MiddlewareContext<ParentState, ParentAction>
  ) -> ParentAction? {
    run(self, action, context)
  }

  @inlinable
  func processed(_ action: ParentAction, context: MiddlewareContext<ParentState, ParentAction>) -> ParentAction? {
    let presented = self.presented
    guard let childAction = extract(action) else {
      // The parent's own action: the chain ends if it dismisses the child.
      if action.changedFields.overlaps(StateFields(field)), chain.withLock({ $0 != nil }),
        presented(context.state(after: action, reducer)) == nil
      {
        end()
      }
      return action
    }
    // Nothing presented: the reducer drops the action (and says so in debug builds).
    guard let current = context.read({ presented($0) }) else { return action }
    let steps = chain.withLock { chain in
      if let chain { return chain }
      let made = make()
      chain = made
      return made
    }
    let embed = self.embed
    let scoped = context.child(state: presented, last: current, embed: embed)
    var passed = childAction
    for step in steps {
      guard let next = step.process(passed, context: scoped) else { return nil }
      passed = next
    }
    let parentAction = embed(passed)
    // A child's action that dismisses it (`dismissOn`) ends the chain, and what it started.
    if presented(context.state(after: parentAction, reducer)) == nil { end() }
    return parentAction
  }

  public func end() {
    let ended = chain.withLock { chain in
      defer { chain = nil }
      return chain ?? []
    }
    for step in ended { step.end() }
  }

  public func idle() async -> Bool {
    var waited = false
    for step in chain.withLock({ $0 ?? [] }) where await step.idle() { waited = true }
    return waited
  }

  public var pendingWork: [String] { chain.withLock { $0 ?? [] }.flatMap(\.pendingWork) }

  /// Whether the presented child's chain is made and not ended.
  public var isRunning: Bool { chain.withLock { $0 != nil } }
}

/// Runs one destination feature's middleware for a screen of a navigation stack whose screens
/// are several destinations (a case each of the stack's enum): its chain is made by `make` when
/// the first action of its destination arrives, and sees the destination's state and actions;
/// the other destinations' actions pass through. Generated `<Parent>Children` functions give
/// each screen's chain one of these per destination (see `ChildMiddleware.init(stack:...)`).
public final class DestinationMiddleware<
  State: Sendable, Action: Sendable, DestinationState: Sendable, DestinationAction: Sendable
>: Middleware, Sendable {
  @usableFromInline let make: @Sendable () -> [any Middleware<DestinationState, DestinationAction>]
  @usableFromInline let state: @Sendable (State) -> DestinationState?
  @usableFromInline let extract: @Sendable (Action) -> DestinationAction?
  @usableFromInline let embed: @Sendable (DestinationAction) -> Action
  @usableFromInline let chain: Locked<[any Middleware<DestinationState, DestinationAction>]?>
  /// `processed(_:context:)` compiled for the generated feature's types (see `ChildMiddleware.run`).
  @usableFromInline let run: @Sendable (DestinationMiddleware, Action, MiddlewareContext<State, Action>) -> Action?

  /// - Parameters:
  ///   - make: The destination's middleware, made for the screen's first action of it.
  ///   - state: The destination's state, nil when the screen is another destination.
  ///   - extract: The destination's action a screen's action carries, if it carries one.
  ///   - embed: A destination's action as the screen's.
  @inlinable
  public init(
    _ make: @escaping @Sendable () -> [any Middleware<DestinationState, DestinationAction>],
    state: @escaping @Sendable (State) -> DestinationState?,
    extract: @escaping @Sendable (Action) -> DestinationAction?,
    embed: @escaping @Sendable (DestinationAction) -> Action
  ) {
    self.make = make
    self.state = state
    self.extract = extract
    self.embed = embed
    self.chain = Locked(nil)
    self.run = { $0.processed($1, context: $2) }
  }

  public func process(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    run(self, action, context)
  }

  @inlinable
  func processed(_ action: Action, context: MiddlewareContext<State, Action>) -> Action? {
    let state = self.state
    // Another destination's action, or one for a screen of another destination (the reducer
    // drops it).
    guard let destinationAction = extract(action), let current = context.read({ state($0) }) else { return action }
    let steps = chain.withLock { chain in
      if let chain { return chain }
      let made = make()
      chain = made
      return made
    }
    guard !steps.isEmpty else { return action }
    let embed = self.embed
    let scoped = context.child(state: state, last: current, embed: embed)
    var passed = destinationAction
    for step in steps {
      guard let next = step.process(passed, context: scoped) else { return nil }
      passed = next
    }
    return embed(passed)
  }

  public func end() {
    let ended = chain.withLock { chain in
      defer { chain = nil }
      return chain ?? []
    }
    for step in ended { step.end() }
  }

  public func idle() async -> Bool {
    var waited = false
    for step in chain.withLock({ $0 ?? [] }) where await step.idle() { waited = true }
    return waited
  }

  public var pendingWork: [String] { chain.withLock { $0 ?? [] }.flatMap(\.pendingWork) }

  /// Whether the destination's chain is made and not ended.
  public var isRunning: Bool { chain.withLock { $0 != nil } }
}

/// What a generated reducer does with a presented child's action that arrives while nothing is
/// presented: it drops it, and in debug builds says so on standard error, naming the reducer's
/// file and line, the feature, the field and the action (TCA's warning for an action sent to a
/// dismissed child).
public enum PresentationCheck {
  /// The warning `dropped(_:feature:field:file:line:)` writes.
  package static func message(_ action: some Sendable, feature: String, field: String, file: StaticString, line: UInt)
    -> String
  {
    "\(file):\(line): ReduxRuntime: warning: \(feature) dropped an action of '\(field)', which presents nothing: "
      + "\(action) (an effect of a dismissed child, or an action sent after dismissal)\n"
  }

  /// Called by the generated reducer for an action of a child that isn't presented.
  public static func dropped(
    _ action: some Sendable, feature: String, field: String, file: StaticString = #fileID, line: UInt = #line
  ) {
    #if DEBUG
      FileHandle.standardError.write(Data(message(action, feature: feature, field: field, file: file, line: line).utf8))
    #endif
  }
}

extension MiddlewareContext {
  /// A child's slice of this context (a row's, a presented feature's, a screen's): its state
  /// while the parent holds it (`last`, the one seen when its action arrived, once it doesn't),
  /// and its actions wrapped for the parent by `embed`.
  @inlinable
  func child<ChildState: Sendable, ChildAction: Sendable>(
    state: @escaping @Sendable (State) -> ChildState?, last: ChildState,
    embed: @escaping @Sendable (ChildAction) -> Action
  ) -> MiddlewareContext<ChildState, ChildAction> {
    let context = self
    return MiddlewareContext<ChildState, ChildAction>(
      scope: Scope(
        state: { context.read { state($0) } ?? last }, dispatch: { context.dispatch(embed($0)) },
        emit: { context.emitted($0) },
        detached: {
          let parent = context.dispatchWithoutKeepingTheStore
          return { parent(embed($0)) }
        }))
  }
}
