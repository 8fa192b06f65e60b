import ReduxRuntime
import Testing

@testable import PluginCounter

// The reducer and example tests of Specs/counter.yaml are generated next to this file at build time.

@Test func theStoreRunsTheBuildTimeGeneratedReducer() {
  let store = makeCounterStore(count: 1)
  store.dispatch(.increase)
  store.dispatch(.add(amount: 40))
  #expect(store.state.count == 42)
}
