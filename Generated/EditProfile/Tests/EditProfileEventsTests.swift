import Foundation
import ReduxRuntime
import Synchronization
import Testing

@testable import EditProfile

@Suite struct EditProfileEventsTests {
  /// A store with both middleware and effects whose saving succeeds or fails as told.
  func makeStore(saveFails: Bool = false, saved: SavedNames? = nil) -> EditProfileStore {
    let box = StoreBox()
    let effects = EditProfileLiveEffects(
      name: { box.store?.state.profileName ?? "" },
      save: { name in
        if saveFails { throw CocoaError(.fileWriteNoPermission) }
        saved?.names.withLock { $0.append(name) }
      })
    let store = Store(
      initialState: EditProfileState(), reducer: editProfileReducer,
      middleware: [
        EditProfileValidation(), EditProfileFeedback(),
        EditProfileEffectsMiddleware(effects: effects),
      ])
    box.store = store
    return store
  }

  @Test func eachListenerGetsEachEventOnce() async throws {
    let store = makeStore()
    let first = store.events()
    let second = store.events()
    store.dispatch(.textDidChange(text: "Ada"))
    store.dispatch(.textDidChange(text: "Ada Lovelace"))
    var firstEvents = first.makeAsyncIterator()
    var secondEvents = second.makeAsyncIterator()
    for expected in [false, true] {
      #expect(await firstEvents.next() == .saveButtonEnabled(isEnabled: expected))
      #expect(await secondEvents.next() == .saveButtonEnabled(isEnabled: expected))
    }
  }

  @Test func aListenerGetsOnlyEventsEmittedWhileItListens() async throws {
    let store = makeStore()
    store.dispatch(.textDidChange(text: "Ada Lovelace"))
    let late = store.events()
    store.dispatch(.textDidChange(text: "Al"))
    var events = late.makeAsyncIterator()
    #expect(await events.next() == .saveButtonEnabled(isEnabled: false))
  }

  @Test func savingSucceedsThenShowsSuccess() async throws {
    let saved = SavedNames()
    let store = makeStore(saved: saved)
    let events = store.events()
    store.dispatch(.textDidChange(text: "Ada Lovelace"))
    store.dispatch(.saveButtonDidTap)
    #expect(store.state.isLoading)
    let state = try await store.firstState { $0.saveStatus == .succeeded }
    #expect(!state.isLoading)
    #expect(saved.names.withLock { $0 } == ["Ada Lovelace"])
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .saveButtonEnabled(isEnabled: true))
    #expect(await iterator.next() == .showSuccess)
  }

  @Test func aFailedSaveStopsLoadingWithoutShowingSuccess() async throws {
    let store = makeStore(saveFails: true)
    store.dispatch(.saveButtonDidTap)
    let state = try await store.firstState { $0.saveStatus != .loading }
    guard case .failed = state.saveStatus else {
      Issue.record("expected a failed status, got \(state.saveStatus)")
      return
    }
    #expect(!state.isLoading)
  }
}

typealias EditProfileStore = Store<EditProfileState, EditProfileAction>

/// Lets the effects read the store they belong to, which is created after them.
final class StoreBox: @unchecked Sendable {
  private let lock = NSLock()
  private var _store: Store<EditProfileState, EditProfileAction>?

  var store: Store<EditProfileState, EditProfileAction>? {
    get { lock.withLock { _store } }
    set { lock.withLock { _store = newValue } }
  }
}

final class SavedNames: Sendable {
  let names = Mutex<[String]>([])
}
