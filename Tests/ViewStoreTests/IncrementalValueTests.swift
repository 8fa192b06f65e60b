import App
import Foundation
import Namer
import Observation
import Tallies
import TaskList
import Tally
import Testing

@testable import ReduxRuntime

/// Filter results and derived values a view store keeps up to date from the elements an action
/// changed (`IncrementallyDerived`), checked against their whole recomputation.
@MainActor
@Suite struct IncrementalValueTests {
  /// A small deterministic generator, so a failure shows the same actions again.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(bound, 1)))
    }
  }

  // MARK: The keepers, against the whole computation

  struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var rank: Int
    var isDone: Bool
  }

  enum Pick: Hashable, Sendable { case all, done, open, high }

  struct Board: Sendable {
    var items: IdentifiedArrayOf<Item>
    var pick: Pick
    var minimum: Int

    func includes(_ item: Item) -> Bool {
      switch pick {
      case .all: true
      case .done: item.isDone
      case .open: !item.isDone
      case .high: item.rank >= minimum
      }
    }
  }

  static let cases: [Pick: (Board, Item) -> Bool] = [
    .all: { _, _ in true }, .done: { _, item in item.isDone }, .open: { _, item in !item.isDone },
    .high: { board, item in item.rank >= board.minimum },
  ]

  /// The keepers of a filter (in list order, and sorted with ties), a count, `all`, `any` and
  /// a sum, each updated from a few changed elements at a time and compared, after every change,
  /// with a keeper computed from the whole board; the rows that follow the filter's edits are
  /// compared with its result.
  @Test(arguments: [false, true])
  func aKeptValueEqualsItsWholeComputation(sorted: Bool) {
    var random = Generator(state: sorted ? 7 : 3)
    let order: [SortKey<Item>] = sorted ? [.descending(\.rank), .ascending(\.isDone)] : []
    for _ in 0..<60 {
      let count = random.next(30)
      var board = Board(
        items: IdentifiedArray(
          uniqueElements: (0..<count).map { Item(id: $0, rank: random.next(5), isDone: random.next(2) == 0) }),
        pick: [Pick.all, .done, .open, .high][random.next(4)], minimum: random.next(5))
      let values: [IncrementalValue<Board>] = [
        .filter(\.items, field: 0, selected: \.pick, cases: Self.cases, sortedBy: order),
        .count(\.items, field: 0, where: { _, item in item.isDone }), .count(\.items, field: 0),
        .all(\.items, field: 0, where: { board, item in item.rank >= board.minimum }),
        .any(\.items, field: 0, where: { _, item in item.rank == 4 }), .isEmpty(\.items, field: 0),
        .sum(\.items, field: 0, of: { _, item in item.rank }, where: { _, item in !item.isDone }),
      ]
      let keepers = values.map { $0.make() }
      for keeper in keepers { _ = keeper.rebuild(board) }
      let filter = keepers[0] as! FilterKeeper<Board, Item>
      let rows = ObservedList(filter.result)
      for _ in 0..<12 {
        // A few elements changed in place, the ids and their order kept.
        var ids: [Int] = []
        for _ in 0..<(1 + random.next(3)) where count > 0 {
          let id = random.next(count)
          board.items[id: id]?.rank = random.next(5)
          if random.next(2) == 0 { board.items[id: id]?.isDone.toggle() }
          ids.append(id)
        }
        let whole = values.map { $0.make() }
        for (keeper, reference) in zip(keepers, whole) {
          let before = "\(keeper.value)"
          let changed = keeper.update(board, ids: ids.map { ElementID($0) })
          _ = reference.rebuild(board)
          #expect("\(keeper.value)" == "\(reference.value)")
          #expect(changed == (before != "\(reference.value)"))
        }
        #expect(filter.result == board.items.elements.filter(board.includes).sortedStably(by: order))
        rows.follow(filter)
        #expect(rows.current.map(\.id) == filter.result.map(\.id))
        #expect(rows.current.map(\.current) == filter.result)
      }
    }
  }

  /// A row keeps its `Observed` while its element stays in a sorted result that it moves in.
  @Test func aRowThatMovesInASortedResultKeepsItsObject() {
    var board = Board(
      items: [Item(id: 1, rank: 1, isDone: false), Item(id: 2, rank: 2, isDone: false)], pick: .all, minimum: 0)
    let keeper = IncrementalValue<Board>.filter(
      \.items, field: 0, selected: \.pick, cases: Self.cases, sortedBy: [.descending(\.rank)]
    ).make()
    _ = keeper.rebuild(board)
    let filter = keeper as! FilterKeeper<Board, Item>
    let rows = ObservedList(filter.result)
    let first = rows.current[1]
    #expect(first.id == 1)
    board.items[id: 1]?.rank = 3
    #expect(keeper.update(board, ids: [ElementID(1)]))
    rows.follow(filter)
    #expect(rows.current.map(\.id) == [1, 2])
    #expect(rows.current[0] === first)
    #expect(first.current.rank == 3)
  }

  /// A change naming an id the list doesn't hold (a task an earlier action removed, reported by
  /// an action delivered with others) computes the result again, and still says it changed when
  /// an earlier id of the change did.
  @Test func aChangeNamingAMissingIdStillSaysWhatChanged() {
    var board = Board(
      items: [Item(id: 1, rank: 1, isDone: false), Item(id: 2, rank: 2, isDone: false)], pick: .open, minimum: 0)
    let keeper = IncrementalValue<Board>.filter(\.items, field: 0, selected: \.pick, cases: Self.cases).make()
    _ = keeper.rebuild(board)
    board.items[id: 1]?.isDone = true
    #expect(keeper.update(board, ids: [ElementID(1), ElementID(9)]))
    #expect((keeper.value as? [Item])?.map(\.id) == [2])
  }

  // MARK: Through a view store

  /// The page's screen (the filter's rows and the footer's counts) under random actions: after
  /// each, every value the view store keeps equals the state's own computed property, and the
  /// rows are the filter's result.
  @Test func thePagesScreenShowsWhatTheStateComputes() {
    var random = Generator(state: 11)
    let store = Store(initialState: TaskListState(tasks: tasks(12)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    var next = 100
    for _ in 0..<400 {
      let ids = store.state.tasks.ids
      let id = ids.isEmpty ? uuid(1) : ids[random.next(ids.count)]
      let action: TaskListAction =
        switch random.next(12) {
        case 0, 1, 2: .toggleTaskCompletion(id: id)
        case 3, 4: .setTaskCompletion(id: id, isCompleted: random.next(2) == 0)
        case 5: .filterTasks(filter: TaskListFilter.allCases[random.next(3)])
        case 6:
          .addTask(task: TaskList.Task(id: uuid({ next += 1; return next }()), title: "t", isCompleted: random.next(2) == 0))
        case 7: .removeTask(id: id)
        case 8: .moveCompletedDown
        case 9: [.completeAll, .completeNone, .toggleAll, .clearCompleted][random.next(4)]
        default: .editDraftTitle(draftTitle: "d\(random.next(3))")
        }
      viewStore.dispatch(action)
      let state = store.state
      #expect(viewStore.rows(\.filteredTasks).map(\.value) == state.filteredTasks)
      #expect(viewStore.filteredTasks == state.filteredTasks)
      #expect(viewStore.remaining == state.remaining)
      #expect(viewStore.completedCount == state.completedCount)
      #expect(viewStore.allCompleted == state.allCompleted)
      #expect(viewStore.isEmpty == state.isEmpty)
    }
    // The toggles were followed element by element.
    #expect(viewStore.updates > 100)
  }

  /// Actions dispatched elsewhere reach the view store together on the main queue: toggles of
  /// several tasks (one of them removed by an action between them) are followed as one change,
  /// and the kept values and rows end equal to the state's own.
  @Test func actionsDeliveredTogetherAreFollowedAsOneChange() async {
    var random = Generator(state: 5)
    let store = Store(initialState: TaskListState(tasks: tasks(20)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    for round in 0..<20 {
      let remaining = Watch { _ = viewStore.remaining }
      let rows = Watch { _ = viewStore.rows(\.filteredTasks) }
      let ids = store.state.tasks.ids
      let picked = (0..<4).map { _ in ids[random.next(ids.count)] }
      await _Concurrency.Task.detached {
        for (index, id) in picked.enumerated() {
          store.dispatch(.toggleTaskCompletion(id: id))
          // Now and then, a task removed and then toggled: an id the list no longer holds.
          if index == 1, round.isMultiple(of: 3) {
            store.dispatch(.removeTask(id: id))
            store.dispatch(.toggleTaskCompletion(id: id))
          }
        }
      }.value
      await mainQueueTurn()
      let state = store.state
      #expect(viewStore.rows(\.filteredTasks).map(\.value) == state.filteredTasks)
      #expect(viewStore.filteredTasks == state.filteredTasks)
      #expect(viewStore.remaining == state.remaining)
      #expect(viewStore.allCompleted == state.allCompleted)
      _ = (remaining, rows)
    }
  }

  /// An app's value over a feature's list (`tasksLeft: count taskList.tasks where !isCompleted`)
  /// is kept from the toggled task, as the feature's own count is; the other feature's action
  /// leaves it alone, and a change of the list that isn't in place computes it again. Random
  /// actions of both features after that: the view store shows the state's own values.
  @Test func anAppValueIsFollowedFromTheToggledTask() {
    let store = Store(initialState: AppState(taskList: TaskListState(tasks: tasks(6))), reducer: appReducer)
    let viewStore = ViewStore(store)
    let left = Watch { _ = viewStore.tasksLeft }
    let afterCount = Watch { _ = viewStore.tasksLeftAfterCount }
    #expect(viewStore.tasksLeft == 3)
    let (computations, updates) = (viewStore.computations, viewStore.updates)
    viewStore.dispatch(.taskList(.toggleTaskCompletion(id: uuid(1))))
    #expect(viewStore.tasksLeft == 2)
    #expect(left.count == 1)
    #expect(viewStore.updates == updates + 1)
    // `tasksLeftAfterCount` reads `tasksLeft` again (computed), not the tasks.
    #expect(viewStore.computations == computations + 1)
    #expect(afterCount.count == 1)
    // Rendered again, as views are after they are told.
    left.arm()
    afterCount.arm()
    viewStore.dispatch(.counter(.increase))
    #expect(left.count == 1)
    #expect(afterCount.count == 2)
    #expect(viewStore.tasksLeftAfterCount == 1)
    viewStore.dispatch(.taskList(.clearCompleted))
    #expect(viewStore.tasksLeft == 2)
    #expect(viewStore.updates == updates + 1)
    var random = Generator(state: 13)
    for _ in 0..<300 {
      let ids = store.state.taskList.tasks.ids
      let id = ids.isEmpty ? uuid(1) : ids[random.next(ids.count)]
      let action: AppAction =
        switch random.next(8) {
        case 0, 1, 2: .taskList(.toggleTaskCompletion(id: id))
        case 3: .taskList(.setTaskCompletion(id: id, isCompleted: random.next(2) == 0))
        case 4: .taskList([.completeAll, .completeNone, .toggleAll, .moveCompletedDown][random.next(4)])
        case 5: .taskList(.addTask(task: TaskList.Task(id: uuid(100 + random.next(50)), title: "t")))
        case 6: .taskList(.removeTask(id: id))
        default: .counter(random.next(2) == 0 ? .increase : .decrease)
        }
      viewStore.dispatch(action)
      let state = store.state
      #expect(viewStore.tasksLeft == state.tasksLeft)
      #expect(viewStore.anyTaskDone == state.anyTaskDone)
      #expect(viewStore.tasksLeftAfterCount == state.tasksLeftAfterCount)
    }
    #expect(viewStore.updates > updates + 50)
  }

  /// A list of child features: a row's action changes its row in place (`total` and `zeroes`
  /// kept from that row alone), while a row's `remove`, which the list reduces (`from:`),
  /// changes the list and computes them again. Random actions of the list, its rows, its sheet
  /// and its alert (whose Reset button resets every row): the view store shows the state's own
  /// values after each.
  @Test func aListsValuesAreFollowedFromItsRowsActions() {
    let store = Store(initialState: TalliesState(), reducer: talliesReducer)
    let viewStore = ViewStore(store)
    let total = Watch { _ = viewStore.total }
    let zeroes = Watch { _ = viewStore.zeroes }
    for _ in 0..<4 { viewStore.dispatch(.addTally) }
    #expect(viewStore.zeroes == 4)
    total.arm()
    zeroes.arm()
    let (computations, updates) = (viewStore.computations, viewStore.updates)
    viewStore.dispatch(.tallies(id: 2, action: .increment))
    #expect(viewStore.total == 1)
    #expect(viewStore.zeroes == 3)
    #expect(viewStore.computations == computations)
    // One update for each value, each from the one row.
    #expect(viewStore.updates == updates + 2)
    viewStore.dispatch(.tallies(id: 2, action: .remove))
    #expect(store.state.tallies.ids == [0, 1, 3])
    #expect(viewStore.total == 0)
    #expect(viewStore.zeroes == 3)
    var random = Generator(state: 21)
    for _ in 0..<200 {
      let ids = store.state.tallies.ids
      let id = ids.isEmpty ? 0 : ids[random.next(ids.count)]
      let child: [TallyAction] = [.increment, .decrement, .rename(name: "n"), .remove]
      let action: TalliesAction =
        switch random.next(11) {
        case 0, 1, 2, 3: .tallies(id: id, action: child[random.next(3)])
        case 4: .tallies(id: id, action: child[random.next(4)])
        case 5: .addTally
        case 6: .removeTally(id: id)
        case 7: .resetAll
        case 8: .startNaming(form: NamerState(draft: "d"))
        case 9: [.askToReset, .alert(.resetAll), .alert(.dismiss)][random.next(3)]
        default: .namer(random.next(2) == 0 ? .save : .type(draft: "x"))
        }
      viewStore.dispatch(action)
      let state = store.state
      #expect(viewStore.total == state.total)
      #expect(viewStore.zeroes == state.zeroes)
      #expect(viewStore.title == state.title)
    }
    #expect(viewStore.updates > updates + 50)
  }

  /// A toggle reads the toggled task, not the list: the filter's rows lose one row, the counts
  /// move by one, and nothing is computed from the whole list.
  @Test func aToggleIsFollowedFromTheToggledTask() {
    let store = Store(initialState: TaskListState(tasks: tasks(6)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    let rows = Watch { _ = viewStore.rows(\.filteredTasks) }
    let remaining = Watch { _ = viewStore.remaining }
    let allCompleted = Watch { _ = viewStore.allCompleted }
    let computations = viewStore.computations
    // Task 1 is active: the active filter shows 1, 3, 5.
    #expect(viewStore.rows(\.filteredTasks).map(\.id) == [uuid(1), uuid(3), uuid(5)])
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(viewStore.rows(\.filteredTasks).map(\.id) == [uuid(3), uuid(5)])
    #expect(viewStore.remaining == 2)
    #expect(rows.count == 1)
    #expect(remaining.count == 1)
    #expect(!allCompleted.didFire)
    #expect(viewStore.computations == computations)
    #expect(viewStore.updates == 3)
  }
}

extension Array {
  fileprivate func sortedStably(by keys: [SortKey<Element>]) -> [Element] {
    var sorted = self
    sorted.sortStably(by: keys)
    return sorted
  }
}
