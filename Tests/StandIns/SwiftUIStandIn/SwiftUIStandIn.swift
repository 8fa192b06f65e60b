// A stand-in of the SwiftUI declarations ReduxSwiftUI uses, with their signatures as in the
// SDK, so that ReduxSwiftUI is type-checked on Linux. Test-only: never a product.

/// SwiftUI's `Binding`, as far as ReduxSwiftUI uses it.
@propertyWrapper
public struct Binding<Value> {
  private let get: @isolated(any) @Sendable () -> Value
  private let set: @isolated(any) @Sendable (Value) -> Void

  public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
    self.get = get
    self.set = set
  }

  public var wrappedValue: Value {
    get { fatalError("a stand-in: type-checked, never run") }
    nonmutating set { fatalError("a stand-in: type-checked, never run") }
  }
}
