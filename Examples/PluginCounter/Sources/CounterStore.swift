import ReduxRuntime

// The counter of Specs/counter.yaml, generated at build time by the ReduxGenPlugin build-tool
// plugin (see Package.swift): no generated file of this target is checked in.

/// A store for the counter, starting at `count`.
public func makeCounterStore(count: Int = 0) -> Store<CounterState, CounterAction> {
  Store(initialState: CounterState(count: count), reducer: counterReducer)
}
