// Hand-written. redux-gen created this file once from Specs/cart.yaml
// and never changes it: implement CartLiveEffects here.

import Foundation
import Products
import ReduxRuntime

/// The Cart feature's effects against the real world.
public struct CartLiveEffects: CartEffects {
  public init() {}

  public func buyProducts(items: IdentifiedArrayOf<Product>, quantities: [Int: Int]) async throws {
    throw UnimplementedEffect("buyProducts")
  }
}
