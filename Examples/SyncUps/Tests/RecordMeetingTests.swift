import Clocks
import Foundation
import RecordMeeting
import ReduxRuntime
import ReduxTesting
import SyncUpForm
import Testing

/// SyncUps' meeting recorder, as TCA's RecordMeetingTests drive it: the timer on a clock the test
/// advances, the transcript through a stream the test feeds.
struct RecordMeetingTests {
  /// The speech recognizer: a stream the test sets up.
  struct Recognizer: RecordMeetingEffects {
    let transcript = StreamDouble<Void, String>("transcribe")
    /// The user's answer when the system asks for speech recognition.
    var authorization = SpeechAuthorization.authorized
    func requestAuthorization() async throws -> SpeechAuthorization { authorization }
    func transcribe() async throws -> AsyncThrowingStream<String, any Error> { try transcript.call(()) }
  }

  /// A sync-up of three attendees and one minute: twenty seconds each.
  private let syncUp = SyncUp(
    id: UUID(number: 1),
    attendees: IdentifiedArray(uniqueElements: (1...3).map { Attendee(id: UUID(number: 10 + $0), name: "A\($0)") }),
    minutes: 1)

  /// The actions the store reduced, in order: what the timer and the recognizer sent.
  final class ActionLog: Middleware, @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [RecordMeetingAction] = []
    var all: [RecordMeetingAction] { lock.withLock { actions } }
    func process(
      _ action: RecordMeetingAction, context: MiddlewareContext<RecordMeetingState, RecordMeetingAction>
    ) -> RecordMeetingAction? {
      lock.withLock { actions.append(action) }
      return action
    }
  }

  /// The recorder's store as the app makes it (its timer on `clock`, its recognizer `recognizer`),
  /// and the actions it reduces.
  private func makeStore(clock: ManualClock, recognizer: Recognizer) -> (Store<RecordMeetingState, RecordMeetingAction>, ActionLog) {
    let log = ActionLog()
    let store = Store(
      initialState: RecordMeetingState(syncUp: syncUp), reducer: recordMeetingReducer,
      middleware: [log, RecordMeetingEffectsMiddleware(effects: recognizer), RecordMeetingFollowUps(clock: clock)])
    return (store, log)
  }

  @Test("the timer gives each attendee a third of the meeting, then saves it")
  func timerRunsOut() async {
    let clock = ManualClock()
    let recognizer = Recognizer()
    recognizer.transcript.yields([])
    let (store, log) = makeStore(clock: clock, recognizer: recognizer)
    store.dispatch(.appeared)
    await store.idle()
    #expect(store.state.durationRemaining == 60)
    for (seconds, speaker) in [(19, 0), (20, 1), (39, 1), (40, 2), (59, 2)] {
      clock.advance(by: .seconds(seconds - store.state.secondsElapsed))
      await store.idle()
      #expect(store.state.secondsElapsed == seconds)
      #expect(store.state.speakerIndex == speaker)
    }
    #expect(!log.all.contains { if case .saved = $0 { true } else { false } })
    clock.advance(by: .seconds(1))
    await store.idle()
    #expect(store.state.secondsElapsed == 60)
    #expect(store.state.durationRemaining == 0)
    // The meeting, made as the follow-up is sent, joins the sync-up.
    guard case .saved(let id, let date, let transcript)? = log.all.last else {
      Issue.record("the last second sent \(String(describing: log.all.last)), not saved")
      return
    }
    #expect(store.state.syncUp.meetings == [Meeting(id: id, date: date, transcript: transcript)])
    store.dispatch(.disappeared)
    #expect(store.pendingWork.isEmpty)
  }

  @Test("what the recognizer hears is the transcript; the timer goes on; leaving ends both")
  func transcript() async {
    let clock = ManualClock()
    let recognizer = Recognizer()
    recognizer.transcript.streams()
    let (store, _) = makeStore(clock: clock, recognizer: recognizer)
    store.dispatch(.appeared)
    await recognizer.transcript.yield("I completed the project")
    clock.advance(by: .seconds(1))
    // The stream stays open (`idle()` would wait for it): the state that shows both.
    let heard = try? await store.firstState(
      where: { $0.transcript == "I completed the project" && $0.secondsElapsed == 1 }, timeout: .seconds(50))
    #expect(heard != nil)
    #expect(recognizer.transcript.openCount == 1)
    store.dispatch(.disappeared)
    await store.idle()
    #expect(store.pendingWork.isEmpty)
    #expect(recognizer.transcript.openCount == 0)
  }

  @Test("without speech recognition the meeting is timed, with no transcript")
  func notAuthorized() async {
    let clock = ManualClock()
    let recognizer = Recognizer(authorization: .denied)
    let (store, log) = makeStore(clock: clock, recognizer: recognizer)
    store.dispatch(.appeared)
    await store.idle()
    clock.advance(by: .seconds(2))
    await store.idle()
    #expect(store.state.secondsElapsed == 2)
    #expect(log.all.contains(.authorizationAnswered(status: .denied)))
    #expect(!log.all.contains(.transcribe))
    store.dispatch(.disappeared)
    #expect(store.pendingWork.isEmpty)
  }

  @Test("a failing recognizer asks whether to go on; no second counts while it asks")
  func recognizerFails() async {
    let clock = ManualClock()
    let recognizer = Recognizer()
    recognizer.transcript.yields(["Hello"], thenFails: CancellationError())
    let (store, _) = makeStore(clock: clock, recognizer: recognizer)
    store.dispatch(.appeared)
    await store.idle()
    #expect(store.state.alert == .speechRecognizerFailed)
    #expect(store.state.transcript == "Hello ❌")
    clock.advance(by: .seconds(3))
    await store.idle()
    #expect(store.state.secondsElapsed == 0)
    store.dispatch(.alert(.dismiss))
    clock.advance(by: .seconds(2))
    await store.idle()
    #expect(store.state.secondsElapsed == 2)
    store.dispatch(.disappeared)
    #expect(store.pendingWork.isEmpty)
  }

  @Test("next, past the last attendee, asks to end; Save and end saves the meeting")
  func nextAndEnd() async {
    var state = RecordMeetingState(syncUp: syncUp)
    recordMeetingReducer(&state, .nextTapped)
    recordMeetingReducer(&state, .nextTapped)
    #expect(state.speakerIndex == 2)
    #expect(state.secondsElapsed == 40)
    recordMeetingReducer(&state, .nextTapped)
    #expect(state.alert == .lastSpeaker)
    #expect(state.alert?.buttons.map(\.label) == ["Save and end", "Resume"])
    // The button's follow-up saves the meeting, made as it is sent.
    let store = TestStore(
      initialState: state, reducer: recordMeetingReducer, middleware: [RecordMeetingFollowUps(clock: ReduxTesting.ImmediateClock())],
      actionValues: .incrementing(now: Date(timeIntervalSince1970: 0)))
    await store.send(.alert(.saveConfirmed)) { $0.alert = nil }
    await store.receive(.saved(id: UUID(number: 1), date: Date(timeIntervalSince1970: 0), transcript: "")) {
      $0.syncUp.meetings = [Meeting(id: UUID(number: 1), date: Date(timeIntervalSince1970: 0))]
    }
    await store.finish()
  }
}
