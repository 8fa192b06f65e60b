import Foundation
import OpenAPIRuntime
import ReduxOpenAPI
import ReduxRuntime
import Testing

struct Item: Identifiable, Equatable {
  var id: Int
  var name: String
}

@Suite struct APIFailureTests {
  @Test func documentedStatusIsDescribedAsTheDocumentDescribesIt() {
    let failure = APIFailure.documented("searchVolumes", status: 404, description: "No such shelf")
    #expect(failure.status == 404)
    #expect(failure.description == "searchVolumes: status 404 (No such shelf)")
  }

  @Test func undocumentedStatusKeepsTheStartOfTheBody() async {
    let text = String(repeating: "x", count: APIFailure.bodyLimit + 100)
    let failure = await APIFailure.undocumented(
      "forecast", status: 500, .init(body: HTTPBody(text)))
    #expect(failure.reason == .undocumented(status: 500))
    #expect(failure.detail.count == APIFailure.bodyLimit)
    let empty = await APIFailure.undocumented("forecast", status: 502, .init())
    #expect(empty.description == "forecast: status 502")
  }

  @Test func transportFailureNamesItsCause() async {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    await #expect(throws: APIFailure(operation: "forecast", reason: .transport, detail: "offline"))
    {
      try await APIFailure.calling("forecast") { () async throws -> Int in throw Offline() }
    }
  }

  @Test func cancellationStaysCancellation() async {
    let task = Task {
      try await APIFailure.calling("forecast") { () async throws -> Int in
        try await Task.sleep(for: .seconds(60))
        return 1
      }
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func answeredElementsKeepTheLastOfARepeatedID() {
    let items = IdentifiedArray(answered: [
      Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 1, name: "c"),
    ])
    #expect(Array(items) == [Item(id: 1, name: "c"), Item(id: 2, name: "b")])
  }
}
