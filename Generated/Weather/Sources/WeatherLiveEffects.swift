// Hand-written. redux-gen created this file once from Specs/weather.yaml
// and never changes it: implement WeatherLiveEffects here.

import Foundation
import ReduxRuntime

/// The Weather feature's effects against the real world.
public struct WeatherLiveEffects: WeatherEffects {
  public init() {}

  public func search(query: String) async throws -> IdentifiedArrayOf<Place>? {
    throw UnimplementedEffect("search")
  }

  public func forecast(place: Place) async throws(WeatherError) -> Forecast {
    fatalError("forecast is not implemented yet")
  }

  public func refresh(state: WeatherState) async throws -> IdentifiedArrayOf<Place> {
    throw UnimplementedEffect("refresh")
  }
}
