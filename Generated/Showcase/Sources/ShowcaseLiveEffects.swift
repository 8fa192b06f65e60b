// Hand-written. redux-gen created this file once from Specs/showcase.yaml
// and never changes it: implement ShowcaseLiveEffects here.

import Foundation
import ReduxRuntime

/// The Showcase feature's effects against the real world.
public struct ShowcaseLiveEffects: ShowcaseEffects {
  public init() {}

  public func fetch(id: String) async throws -> User {
    throw UnimplementedEffect("fetch")
  }
}
