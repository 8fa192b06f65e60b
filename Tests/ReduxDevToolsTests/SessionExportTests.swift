import Foundation
import ReduxGenCore
import Testing

@testable import ReduxDevTools

/// What the inspector's server makes of a session: examples the checker accepts, recordings and
/// tests, and what it answers apps and pages.
struct SessionExportTests {
  static let one = "00000000-0000-0000-0000-000000000001"

  static func task(_ title: String, done: Bool = false) -> [String: Any] {
    ["id": one, "title": title, "isCompleted": done]
  }

  static func state(_ tasks: [[String: Any]], filter: String = "active") -> [String: Any] {
    ["tasks": tasks, "filter": filter, "draftTitle": "", "draftSubtitle": ""]
  }

  static func batch(_ events: [[String: Any]], session: String = "s1") -> Data {
    try! JSONSerialization.data(withJSONObject: ["feature": "TaskList", "session": session, "dropped": 0, "events": events])
  }

  static var actions: [[String: Any]] {
    [
    [
      "kind": "action", "sequence": 1, "path": "addTask", "action": ["addTask": ["task": task("Buy milk")]],
      "before": state([]), "state": state([task("Buy milk")]),
    ],
    [
      "kind": "action", "sequence": 2, "path": "toggleTaskCompletion",
      "action": ["toggleTaskCompletion": ["id": one]], "before": state([task("Buy milk")]),
      "state": state([task("Buy milk", done: true)]),
    ],
    ]
  }

  static func export(_ hub: InspectorHub, _ request: String) async throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(await hub.export(json: request).utf8)) as? [String: Any])
  }

  @Test("text is written plain where YAML reads it back the same, else quoted")
  func scalars() {
    #expect(YAMLText.scalar("Buy milk") == "Buy milk")
    #expect(YAMLText.scalar("true") == "\"true\"")
    #expect(YAMLText.scalar("12") == "\"12\"")
    #expect(YAMLText.scalar("a: b") == "\"a: b\"")
    #expect(YAMLText.scalar("say \"hi\"\n") == #""say \"hi\"\n""#)
    #expect(YAMLText.scalar("") == "\"\"")
  }

  @Test("a session becomes an example the checker accepts: given, when with payloads, then")
  func example() async throws {
    let hub = try InspectorHub(specPath: "Specs/tasklist.yaml")
    _ = await hub.receive(batch: Self.batch(Self.actions))
    let answer = try await Self.export(hub, #"{"format": "example", "name": "a task bought", "from": 1, "to": 2}"#)
    let text = try #require(answer["text"] as? String)
    #expect(
      text == """
          - name: a task bought
            when:
              - addTask: { task: { id: "\(Self.one)", title: Buy milk, isCompleted: false } }
              - toggleTaskCompletion: { id: "\(Self.one)" }
            then:
              tasks: [{ id: "\(Self.one)", title: Buy milk, isCompleted: true }]

        """)
    #expect(answer["problems"] as? [String] == [])
  }

  @Test("an example the checker refuses says where")
  func refusedExample() async throws {
    let hub = try InspectorHub(specPath: "Specs/tasklist.yaml")
    let problems = await hub.check(example: "  - name: wrong\n    when: [flyAway]\n")
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("Specs/tasklist.yaml:") == true)
  }

  @Test("a recording and the Swift test replaying it")
  func recordingAndTest() async throws {
    let hub = try InspectorHub(specPath: "Specs/tasklist.yaml")
    _ = await hub.receive(batch: Self.batch(Self.actions))
    let recording = try #require(try await Self.export(hub, #"{"format": "recording"}"#)["text"] as? String)
    let lines = recording.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.first?.contains(#""recording":"redux-gen""#) == true)
    let test = try await Self.export(hub, #"{"format": "test", "name": "bought"}"#)
    #expect((test["text"] as? String)?.contains("expectReplay(of: Self.recording, reducer: taskListReducer)") == true)
  }

  @Test("a jump or a skip in the log starts the exported stretch again after it")
  func stretch() async throws {
    let hub = try InspectorHub(specPath: "Specs/tasklist.yaml")
    let jump: [String: Any] = ["kind": "jump", "sequence": 1, "state": Self.state([Self.task("Buy milk")])]
    var third = Self.actions[1]
    third["sequence"] = 3
    _ = await hub.receive(batch: Self.batch(Self.actions + [jump, third]))
    #expect(try await Self.export(hub, #"{"format": "recording"}"#)["count"] as? Int == 1)
    let skip: [String: Any] = ["kind": "skip", "skipped": [3], "state": Self.state([Self.task("Buy milk")])]
    var fourth = Self.actions[1]
    fourth["sequence"] = 4
    _ = await hub.receive(batch: Self.batch([skip, fourth]))
    // #3 then #4 without the skip between them; #4 alone after it.
    #expect(try await Self.export(hub, #"{"format": "recording", "from": 3, "to": 4}"#)["count"] as? Int == 1)
  }

  @Test("an app of another feature is refused; commands wait for the app's next batch")
  func apps() async throws {
    let hub = try InspectorHub(specPath: "Specs/tasklist.yaml")
    let other = try JSONSerialization.data(withJSONObject: ["feature": "Shelf", "events": []])
    #expect(await hub.receive(batch: other).0 == 409)
    #expect(await hub.receive(batch: Data("[".utf8)).0 == 400)
    await hub.pageSent(#"{"type":"jump","sequence":1}"#)
    let (status, answer) = await hub.receive(batch: Self.batch([]))
    #expect(status == 200)
    let commands = try #require(
      (try JSONSerialization.jsonObject(with: answer) as? [String: Any])?["commands"] as? [[String: Any]])
    #expect(commands.map { $0["kind"] as? String } == ["jump"])
    #expect(commands.first?["sequence"] as? Int == 1)
    let again = try JSONSerialization.jsonObject(with: await hub.receive(batch: Self.batch([])).1) as? [String: Any]
    #expect((again?["commands"] as? [Any])?.isEmpty == true)
  }

  @Test("an action sent without its state before gets the state the event before it left")
  func statesSentOnce() async throws {
    let hub = try InspectorHub(specPath: "Specs/tasklist.yaml")
    var second = Self.actions[1]
    second["before"] = nil
    _ = await hub.receive(batch: Self.batch([Self.actions[0], second]))
    let recording = try #require(try await Self.export(hub, #"{"format": "recording"}"#)["text"] as? String)
    let example = try #require(try await Self.export(hub, #"{"format": "example", "from": 2, "to": 2}"#)["text"] as? String)
    // From #2 alone: its state before is #1's after, one task not yet completed.
    #expect(example.contains("tasks: [{ id: \"\(Self.one)\", title: Buy milk, isCompleted: false }]"))
    #expect(recording.split(separator: "\n").count == 3)
  }

  @Test("where an effect answered, the example runs through the store; two different answers can't be said")
  func throughStore() async throws {
    let hub = try InspectorHub(specPath: "Specs/users.yaml")
    let empty: [String: Any] = ["users": [String: Any](), "fetchStatus": ["idle": [String: Any]()]]
    let ada: [String: Any] = ["id": "u1", "name": "Ada"]
    func fetched(_ sequence: Int, _ user: [String: Any]) -> [[String: Any]] {
      [
        ["kind": "action", "sequence": sequence, "path": "fetchUser", "action": ["fetchUser": ["id": user["id"]!]],
         "before": empty, "state": empty],
        ["kind": "action", "sequence": sequence + 1, "path": "fetchUserSucceeded",
         "action": ["fetchUserSucceeded": ["user": user]], "before": empty, "state": empty],
      ]
    }
    let batch = try JSONSerialization.data(withJSONObject: [
      "feature": "Users", "session": "s", "events": fetched(1, ada) + fetched(3, ["id": "u2", "name": "Grace"]),
    ])
    _ = await hub.receive(batch: batch)
    let one = try await Self.export(hub, #"{"format": "example", "name": "one", "from": 1, "to": 2}"#)
    let text = try #require(one["text"] as? String)
    #expect(text.contains("    effects:\n      fetchUser: { returns: { id: u1, name: Ada } }\n    when:\n      - fetchUser: { id: u1 }\n"))
    #expect(text.contains("    receive:\n      - fetchUserSucceeded: { user: { id: u1, name: Ada } }\n"))
    let two = try await Self.export(hub, #"{"format": "example", "name": "two", "from": 1, "to": 4}"#)
    #expect((two["text"] as? String)?.contains("effects:") == false)
    #expect((two["notes"] as? [String])?.contains { $0.contains("answered twice differently") } == true)
  }

  @Test("an example joins the spec's examples, or starts them")
  func adding() {
    let spec = "feature: A\nexamples:\n  - name: one\n    when: [go]\n\nmiddleware:\n  X: {}\n"
    #expect(
      InspectorHub.adding(example: "  - name: two\n", to: spec)
        == "feature: A\nexamples:\n  - name: one\n    when: [go]\n  - name: two\n\nmiddleware:\n  X: {}\n")
    #expect(InspectorHub.adding(example: "  - name: two\n", to: "feature: A\n") == "feature: A\nexamples:\n  - name: two\n")
  }
}
