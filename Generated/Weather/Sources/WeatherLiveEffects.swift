// Hand-written. redux-gen created this file once from Specs/weather.yaml
// and never changes it: implement WeatherLiveEffects here.

import Foundation
import ReduxRuntime

/// The Weather feature's effects against the real world.
public struct WeatherLiveEffects: WeatherOtherEffects {
  public init() {}

  public func locate() async throws(WeatherError) -> Place {
    fatalError("locate is not implemented yet")
  }
}
