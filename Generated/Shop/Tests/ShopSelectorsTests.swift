// Hand-written: the app's joining values, driven through the app's reducer.

import Cart
import Products
import Testing

@testable import Shop

struct ShopSelectorsTests {
  @Test("the cart's lines and total follow the catalogue's prices and the cart's quantities")
  func cartLinesJoinCatalogueAndCart() {
    var state = ShopState()
    let mug = Product(id: 2, title: "Mug", price: 4.5, inventory: 5)
    let pad = Product(id: 1, title: "iPad", price: 500, inventory: 1)
    shopReducer(&state, .products(.receiveProducts(products: [pad, mug])))
    shopReducer(&state, .cart(.addToCart(product: mug)))
    shopReducer(&state, .cart(.addToCart(product: mug)))
    shopReducer(&state, .cart(.addToCart(product: pad)))
    #expect(state.cartLines.map(\.product.id) == [2, 1])
    #expect(state.cartLines.map(\.quantity) == [2, 1])
    #expect(state.cartTotal == 509)
    // A new price list changes the total of what is already in the cart.
    var cheaper = pad
    cheaper.price = 400
    shopReducer(&state, .products(.receiveProducts(products: [cheaper, mug])))
    #expect(state.cartTotal == 409)
    shopReducer(&state, .cart(.checkout))
    #expect(state.cartLines.isEmpty)
    #expect(state.cartTotal == 0)
  }
}
