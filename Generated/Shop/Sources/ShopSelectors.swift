// Hand-written: values that join the catalogue and the cart. A spec's derived values read one
// feature's state; what joins features is plain Swift on the app's state (see "Values across
// features" in docs/spec-language.md).

import Cart
import Products

extension ShopState {
  /// A product in the cart, as the catalogue lists it now, and how many of it.
  public struct CartLine: Equatable, Sendable {
    public var product: Product
    public var quantity: Int
  }

  /// The cart's products at the catalogue's current prices, in the cart's order (Redux's
  /// `getCartProducts`). A product the catalogue no longer lists keeps the cart's copy.
  public var cartLines: [CartLine] {
    cart.items.map { item in
      CartLine(
        product: products.products[id: item.id] ?? item,
        quantity: cart.quantities[item.id] ?? 0)
    }
  }

  /// What the cart costs at the catalogue's current prices (Redux's `getTotal`).
  public var cartTotal: Double {
    cartLines.reduce(0) { $0 + $1.product.price * Double($1.quantity) }
  }
}
