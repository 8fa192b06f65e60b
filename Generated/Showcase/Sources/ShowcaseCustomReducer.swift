// Hand-written. redux-gen created this file once from Specs/showcase.yaml
// and never changes it: implement ShowcaseCustomReducer here.

import Foundation
import ReduxRuntime

/// The `custom` reduce functions of the Showcase feature.
public enum ShowcaseCustomReducer: ShowcaseCustomReducing {
  /// Moves the item at `from` to `to`; out-of-range positions change nothing.
  public static func reorder(_ state: inout ShowcaseState, from: Int, to: Int) {
    guard state.items.indices.contains(from), state.items.indices.contains(to) else { return }
    let item = state.items.remove(at: from)
    state.items.insert(item, at: to)
  }
}
