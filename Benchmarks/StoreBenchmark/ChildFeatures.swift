import Namer
import ReduxRuntime
import Tallies
import Tally

/// A child feature's action routed through its parent (`Specs/tallies.yaml`: `.tallies(id:action:)`
/// to one Tally of `count`), against the same action on a store of the Tally alone and against
/// a parent's own action that changes one field (`stopNaming`), bare and with the parent's
/// children middleware (`talliesChildren`, each element's chain empty): microseconds a dispatch,
/// the best of `rounds` interleaved rounds.
func runChildFeatures(count: Int, dispatches: Int, rounds: Int) {
  let clock = ContinuousClock()
  func measure(_ body: () -> Void) -> Double {
    let time = clock.measure(body)
    return seconds(time) / Double(dispatches) * 1e6
  }
  var tallies = TalliesState()
  for id in 0..<count { tallies.tallies.append(TallyState(id: id)) }
  var best = (
    alone: Double.infinity, parent: Double.infinity, routed: Double.infinity, parentWithMiddleware: Double.infinity,
    middleware: Double.infinity
  )
  for _ in 0..<rounds {
    let alone = Store(initialState: TallyState(), reducer: tallyReducer)
    best.alone = min(best.alone, measure { for _ in 0..<dispatches { alone.dispatch(.increment) } })
    let parent = Store(initialState: tallies, reducer: talliesReducer)
    best.parent = min(best.parent, measure { for _ in 0..<dispatches { parent.dispatch(.stopNaming) } })
    best.routed = min(
      best.routed,
      measure { for index in 0..<dispatches { parent.dispatch(.tallies(id: index * 7 % count, action: .increment)) } })
    let withChildren = Store(
      initialState: tallies, reducer: talliesReducer, middleware: talliesChildren(tallies: { _ in [] }, namer: { [] }))
    best.parentWithMiddleware = min(
      best.parentWithMiddleware, measure { for _ in 0..<dispatches { withChildren.dispatch(.stopNaming) } })
    best.middleware = min(
      best.middleware,
      measure { for index in 0..<dispatches { withChildren.dispatch(.tallies(id: index * 7 % count, action: .increment)) } })
  }
  print("a child's action through its parent, \(count) children, \(dispatches) dispatches, best of \(rounds):")
  print("| dispatch | us |")
  print("|---|---:|")
  print("| Tally's increment, a store of the Tally alone | \(String(format: "%.3f", best.alone)) |")
  print("| the parent's own action (stopNaming) | \(String(format: "%.3f", best.parent)) |")
  print("| a Tally's increment routed by id through the parent | \(String(format: "%.3f", best.routed)) |")
  print("| the parent's own action, with the parent's children middleware | \(String(format: "%.3f", best.parentWithMiddleware)) |")
  print("| the Tally's increment, with the parent's children middleware | \(String(format: "%.3f", best.middleware)) |")
  print("routed / parent's own: \(String(format: "%.2f", best.routed / best.parent))x bare, "
    + "\(String(format: "%.2f", best.middleware / best.parentWithMiddleware))x with the children middleware")
}
