import Foundation
import ReduxRuntime
import Atomics

// 1,000 observers, each selecting a different field; every action changes one field.
// With change tracking the store compares only the observers of the changed field; without it,
// all 1,000 selections after every action.

struct WideState: Sendable {
  var values: [Int]
}

/// Changes one field and says so.
enum TrackedBump: ChangeReporting {
  case bump(Int)
  var changedFields: StateFields {
    switch self {
    case .bump(let field): StateFields(field)
    }
  }
}

/// The same action without the change report.
enum PlainBump: Sendable {
  case bump(Int)
}

func runObservers(fields: Int = 1_000, dispatches: Int = 100_000) {
  var random = SplitMix(seed: 7)
  let targets = (0..<dispatches).map { _ in Int.random(in: 0..<fields, using: &random) }
  let notifications = ManagedAtomic<Int>(0)

  func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(dispatches)
  }

  let tracked = Store(
    initialState: WideState(values: Array(repeating: 0, count: fields)),
    reducer: { (state: inout WideState, action: TrackedBump) in
      switch action {
      case .bump(let field): state.values[field] += 1
      }
    })
  for field in 0..<fields {
    tracked.subscribe(selecting: { $0.values[field] }, reading: StateFields(field)) { _ in
      notifications.wrappingIncrement(ordering: .relaxed)
      return .alive
    }
  }
  let plain = Store(
    initialState: WideState(values: Array(repeating: 0, count: fields)),
    reducer: { (state: inout WideState, action: PlainBump) in
      switch action {
      case .bump(let field): state.values[field] += 1
      }
    })
  for field in 0..<fields {
    plain.subscribe(selecting: { $0.values[field] }) { _ in
      notifications.wrappingIncrement(ordering: .relaxed)
      return .alive
    }
  }

  var trackedTimes: [Double] = []
  var plainTimes: [Double] = []
  var trackedNotifications = 0
  var plainNotifications = 0
  for _ in 0..<5 {
    notifications.store(0, ordering: .relaxed)
    trackedTimes.append(measure { for field in targets { tracked.dispatch(.bump(field)) } })
    trackedNotifications = notifications.load(ordering: .relaxed)
    notifications.store(0, ordering: .relaxed)
    plainTimes.append(measure { for field in targets { plain.dispatch(.bump(field)) } })
    plainNotifications = notifications.load(ordering: .relaxed)
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  print("\(fields) observers, one field each; \(dispatches) dispatches each changing one field (medians of 5)")
  print("| store | ns per dispatch | notifications per dispatch |")
  print("|---|---:|---:|")
  print(
    String(
      format: "| change-aware (action reports its field) | %.1f | %.2f |", median(trackedTimes),
      Double(trackedNotifications) / Double(dispatches)))
  print(
    String(
      format: "| comparing every selection | %.1f | %.2f |", median(plainTimes),
      Double(plainNotifications) / Double(dispatches)))
}
