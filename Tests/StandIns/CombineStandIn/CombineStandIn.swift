// A stand-in of the Combine declarations ReduxSwiftUI uses, so that ReduxSwiftUI is
// type-checked on Linux. Test-only: never a product.

/// Combine's `ObservableObject`: a class whose `@Published` properties publish its changes.
public protocol ObservableObject: AnyObject {}

/// Combine's `@Published`, as far as ReduxSwiftUI uses it.
@propertyWrapper
public struct Published<Value> {
  public var wrappedValue: Value

  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}
