import Namer
import Recorder
import ReduxRuntime
import Shelf
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

/// A row's action three levels down (`Specs/shelf.yaml`: the app's stack holds a Tallies screen
/// whose rows are Tallies, `.path(id:action: .tallies(.tallies(id:action: .increment)))`) against
/// the app's own action that changes one field (`retitle`), and the same row's action on a store
/// of the Tallies alone (two levels), bare and with each level's children middleware (every
/// chain empty): microseconds a dispatch, the best of `rounds` interleaved rounds.
func runTree(count: Int, dispatches: Int, rounds: Int) {
  let clock = ContinuousClock()
  func measure(_ body: () -> Void) -> Double {
    seconds(clock.measure(body)) / Double(dispatches) * 1e6
  }
  var tallies = TalliesState()
  for id in 0..<count { tallies.tallies.append(TallyState(id: id)) }
  var shelf = ShelfState()
  // Another screen below, so the row's screen is found by id, not first.
  _ = shelf.path.push(.tally(TallyState()))
  let screen = shelf.path.push(.tallies(tallies))
  let middleware = shelfChildren(
    sheet: { [] }, pathTally: { _ in [] }, pathNamer: { _ in [] }, pathRecorder: { _ in [] },
    pathTallies: { _ in talliesChildren(tallies: { _ in [] }, namer: { [] }) })
  var best = (own: Double.infinity, row: Double.infinity, twoLevels: Double.infinity, ownWith: Double.infinity, rowWith: Double.infinity)
  for _ in 0..<rounds {
    let app = Store(initialState: shelf, reducer: shelfReducer)
    best.own = min(best.own, measure { for _ in 0..<dispatches { app.dispatch(.retitle(title: "Shelf")) } })
    best.row = min(
      best.row,
      measure {
        for index in 0..<dispatches {
          app.dispatch(.path(id: screen, action: .tallies(.tallies(id: index * 7 % count, action: .increment))))
        }
      })
    let list = Store(initialState: tallies, reducer: talliesReducer)
    best.twoLevels = min(
      best.twoLevels,
      measure { for index in 0..<dispatches { list.dispatch(.tallies(id: index * 7 % count, action: .increment)) } })
    let withChildren = Store(initialState: shelf, reducer: shelfReducer, middleware: middleware)
    best.ownWith = min(best.ownWith, measure { for _ in 0..<dispatches { withChildren.dispatch(.retitle(title: "Shelf")) } })
    best.rowWith = min(
      best.rowWith,
      measure {
        for index in 0..<dispatches {
          withChildren.dispatch(.path(id: screen, action: .tallies(.tallies(id: index * 7 % count, action: .increment))))
        }
      })
  }
  print("a row's action three levels down, \(count) rows, \(dispatches) dispatches, best of \(rounds):")
  print("| dispatch | us |")
  print("|---|---:|")
  print("| the app's own action (retitle) | \(String(format: "%.3f", best.own)) |")
  print("| a row's increment: app -> stack screen -> row | \(String(format: "%.3f", best.row)) |")
  print("| the same row's increment on a store of the list alone (two levels) | \(String(format: "%.3f", best.twoLevels)) |")
  print("| the app's own action, with each level's children middleware | \(String(format: "%.3f", best.ownWith)) |")
  print("| a row's increment, with each level's children middleware | \(String(format: "%.3f", best.rowWith)) |")
  print("three levels / the app's own: \(String(format: "%.2f", best.row / best.own))x bare, "
    + "\(String(format: "%.2f", best.rowWith / best.ownWith))x with the children middleware")
}

/// The row's action three levels down alone (`tree`'s second row, or its last with the children
/// middleware): what a profiler reads.
func profileTreeRow(count: Int, dispatches: Int, middleware: Bool) -> String {
  var tallies = TalliesState()
  for id in 0..<count { tallies.tallies.append(TallyState(id: id)) }
  var shelf = ShelfState()
  _ = shelf.path.push(.tally(TallyState()))
  let screen = shelf.path.push(.tallies(tallies))
  let chain =
    middleware
    ? shelfChildren(
      sheet: { [] }, pathTally: { _ in [] }, pathNamer: { _ in [] }, pathRecorder: { _ in [] },
      pathTallies: { _ in talliesChildren(tallies: { _ in [] }, namer: { [] }) }) : []
  let app = Store(initialState: shelf, reducer: shelfReducer, middleware: chain)
  let clock = ContinuousClock()
  let elapsed = clock.measure {
    for index in 0..<dispatches {
      app.dispatch(.path(id: screen, action: .tallies(.tallies(id: index * 7 % count, action: .increment))))
    }
  }
  return "\(dispatches) dispatches: \(String(format: "%.3f", seconds(elapsed) / Double(dispatches) * 1e6)) us each"
}
