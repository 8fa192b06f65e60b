import RecordMeeting
import ReduxRuntime
import ReduxSwiftUI
#if canImport(SwiftUIStandIn)
  import SwiftUIStandIn  // Linux: the stand-in of SwiftUI's declarations (Package.swift)
#else
  import SwiftUI
#endif

/// A meeting being recorded: the time elapsed and left, the speaker, Next, End meeting.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct RecordMeetingView: View {
  let store: RecordMeetingViewStore

  var body: some View {
    VStack {
      // A second of the timer renders this screen again, and no other.
      ProgressView(
        value: Double(store.secondsElapsed), total: Double(max(store.durationSeconds, 1)))
      HStack {
        VStack(alignment: .leading) {
          Text("Seconds Elapsed").font(.caption)
          Label("\(store.secondsElapsed)", systemImage: "hourglass.bottomhalf.fill")
        }
        Spacer()
        VStack(alignment: .trailing) {
          Text("Seconds Remaining").font(.caption)
          Label("\(store.durationRemaining)", systemImage: "hourglass.tophalf.fill")
        }
      }
      Spacer()
      Text(speaker)
      Button("Next speaker") { store.dispatch(.nextTapped) }
      Text(store.transcript).font(.caption)
    }
    .navigationTitle(store.syncUp.title)
    .navigationBarBackButtonHidden(true)
    .toolbar {
      Button("End meeting") { store.dispatch(.endMeetingTapped) }
    }
    .alert(store.alertBinding)
    // Popped, the screen's work ends with it (its middleware): nothing to send on the way out.
    .onAppear { store.dispatch(.appeared) }
  }

  /// "Speaker 2 of 3: Blob Jr".
  private var speaker: String {
    let attendees = store.syncUp.attendees
    guard attendees.indices.contains(store.speakerIndex) else { return "" }
    let name = attendees[store.speakerIndex].name
    return "Speaker \(store.speakerIndex + 1) of \(attendees.count): \(name)"
  }
}
