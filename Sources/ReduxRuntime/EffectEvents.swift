import Atomics

/// What an effect request did, for debugging tools (ReduxDebugging's inspector shows them
/// between the actions): it started, it ended (its outcome, if any, dispatched), or it was
/// cancelled (by `cancel`, a newer request under `latest`, or its middleware ending) and
/// dispatches nothing.
public struct EffectEvent: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case started, ended, cancelled
  }

  public var kind: Kind
  /// The request's scope: the async action's name, or a follow-up's or timer's scope.
  public var scope: String

  public init(kind: Kind, scope: String) {
    self.kind = kind
    self.scope = scope
  }
}

/// Every `EffectRunner`'s requests in the process, told to whoever observes them. Unobserved
/// (apps' usual case), a request pays one relaxed atomic load at each step.
public enum EffectEvents {
  private static let observers = Locked<[UInt64: @Sendable (EffectEvent) -> Void]>([:])
  private static let nextID = ManagedAtomic<UInt64>(0)
  private static let isObserved = ManagedAtomic<Bool>(false)

  /// Calls `observer` with each request's events, on the thread the request runs on, until the
  /// subscription is cancelled. It must be quick.
  public static func observe(_ observer: @escaping @Sendable (EffectEvent) -> Void) -> Subscription {
    let id = nextID.wrappingIncrementThenLoad(ordering: .relaxed)
    observers.withLock { observers in
      observers[id] = observer
      isObserved.store(true, ordering: .releasing)
    }
    return Subscription {
      observers.withLock { observers in
        observers[id] = nil
        isObserved.store(!observers.isEmpty, ordering: .releasing)
      }
    }
  }

  static func emit(_ kind: EffectEvent.Kind, _ scope: String) {
    guard isObserved.load(ordering: .relaxed) else { return }
    let event = EffectEvent(kind: kind, scope: scope)
    for observer in observers.withLock({ Array($0.values) }) { observer(event) }
  }
}
