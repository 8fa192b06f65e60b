import Foundation
import ReduxRuntime
import App
import Cart
import Counter
import Products
import Shop
import TaskList
import Testing

@testable import ReduxRuntime

@MainActor
@Suite struct ViewStoreFieldTests {
  let store = Store(initialState: TaskListState(tasks: tasks(4)), reducer: taskListReducer)

  @Test func aViewOfOneFieldIsInvalidatedOnlyByActionsThatChangeIt() {
    let viewStore = ViewStore(store)
    let filter = Watch { _ = viewStore.filter }
    let tasks = Watch { _ = viewStore.tasks }
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(!filter.didFire)
    #expect(tasks.count == 1)
    tasks.reset()
    viewStore.dispatch(.filterTasks(filter: .completed))
    #expect(filter.count == 1)
    #expect(!tasks.didFire)
    #expect(viewStore.filter == .completed)
  }

  @Test func anActionThatChangesNothingInvalidatesNothing() {
    let viewStore = ViewStore(store)
    let watches = [
      Watch { _ = viewStore.filter }, Watch { _ = viewStore.tasks }, Watch { _ = viewStore.remaining },
      Watch { _ = viewStore.filteredTasks },
    ]
    viewStore.dispatch(.loadTasks)
    #expect(watches.allSatisfy { !$0.didFire })
  }

  @Test func aValueAnActionLeavesEqualTellsNoView() {
    let viewStore = ViewStore(store)
    let draftTitle = Watch { _ = viewStore.draftTitle }
    let isEmpty = Watch { _ = viewStore.isEmpty }
    let remaining = Watch { _ = viewStore.remaining }
    let filtered = Watch { _ = viewStore.filteredTasks }
    // The draft is already empty: resetting it changes nothing a view shows.
    viewStore.dispatch(.clearDraft)
    #expect(!draftTitle.didFire)
    // A toggle changes the tasks, not whether there are any.
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(!isEmpty.didFire)
    #expect(remaining.count == 1)
    #expect(filtered.count == 1)
    remaining.reset()
    filtered.reset()
    // Completed tasks moved down, the active ones keep their order: the filter result is the same.
    viewStore.dispatch(.moveCompletedDown)
    #expect(!remaining.didFire)
    #expect(!filtered.didFire)
    // Typing tells the field's view at each keystroke, and no one when a keystroke changes nothing.
    viewStore.dispatch(.editDraftTitle(draftTitle: "a"))
    #expect(draftTitle.count == 1)
    draftTitle.reset()
    viewStore.dispatch(.editDraftTitle(draftTitle: "a"))
    #expect(!draftTitle.didFire)
    #expect(viewStore.draftTitle == "a")
  }

  @Test func aDerivedValueNoViewReadsIsNotComputedAgain() {
    let viewStore = ViewStore(store)
    let remaining = Watch { _ = viewStore.remaining }
    let before = viewStore.computations
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(remaining.count == 1)
    // Brought up to date from the toggled task.
    #expect(viewStore.computations == before)
    #expect(viewStore.updates == 1)
    // Told, and not read since: no view observes it. Kept from the toggled task, it is still
    // brought up to date (no view is told); nothing is computed from the whole list.
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(3)))
    #expect(viewStore.computations == before)
    #expect(viewStore.updates == 2)
    // A change of the whole list: forgotten, not computed again until a view reads it.
    viewStore.dispatch(.addTask(task: TaskList.Task(id: uuid(9), title: "new")))
    #expect(viewStore.computations == before)
    #expect(viewStore.remaining == 1)
    #expect(viewStore.computations == before + 1)
  }

  @Test func aDerivedValueIsInvalidatedByItsInputsOnly() {
    let viewStore = ViewStore(store)
    let remaining = Watch { _ = viewStore.remaining }
    viewStore.dispatch(.filterTasks(filter: .all))
    #expect(!remaining.didFire)
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(remaining.count == 1)
    #expect(viewStore.remaining == 1)
  }

  @Test func derivedValuesAreComputedOncePerChangeOfTheirInputs() {
    let viewStore = ViewStore(store)
    let before = viewStore.computations
    for _ in 0..<1000 {
      _ = viewStore.filteredTasks
      _ = viewStore.remaining
    }
    #expect(viewStore.computations == before + 2)
    // filter is an input of filteredTasks, not of remaining.
    viewStore.dispatch(.filterTasks(filter: .all))
    for _ in 0..<1000 {
      _ = viewStore.filteredTasks
      _ = viewStore.remaining
    }
    #expect(viewStore.computations == before + 3)
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(2)))
    #expect(viewStore.filteredTasks.map(\.isCompleted) == [false, false, false, true])
    #expect(viewStore.remaining == 3)
    // A toggle brings both up to date from the toggled task.
    #expect(viewStore.computations == before + 3)
    #expect(viewStore.updates == 2)
  }

  @Test func everyValueShowsTheActionAsSoonAsDispatchReturns() {
    let viewStore = ViewStore(store)
    _ = viewStore.remaining
    viewStore.dispatch(.completeAll)
    #expect(viewStore.remaining == 0)
    let completed = viewStore.tasks.map(\.isCompleted)
    #expect(completed == [true, true, true, true])
    #expect(viewStore.allCompleted)
  }

  @Test func anOptionalComputedValueIsComputedNotTakenForAMissingOne() {
    let viewStore = ViewStore(store)
    #expect(viewStore.read(\.tasks.first)?.id == uuid(1))
    #expect(viewStore.read(\.tasks.first)?.id == uuid(1))
    viewStore.dispatch(.clearCompleted)
    viewStore.dispatch(.removeTask(id: uuid(1)))
    #expect(viewStore.read(\.tasks.first)?.id == uuid(3))
  }

  @Test func theWholeStateIsInvalidatedByEveryChange() {
    let viewStore = ViewStore(store)
    let state = Watch { _ = viewStore.state }
    viewStore.dispatch(.filterTasks(filter: .all))
    #expect(state.count == 1)
  }
}

@MainActor
@Suite struct ViewStoreRowTests {
  @Test func togglingOneTaskInvalidatesItsRowOnlyAndNotTheList() {
    let store = Store(initialState: TaskListState(tasks: tasks(10)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    let rows = viewStore.rows(\.tasks)
    // What ForEach(store.rows(\.tasks)) reads in the list's body.
    let list = Watch { _ = viewStore.rows(\.tasks) }
    let rowWatches = rows.map { row in Watch { _ = row.title; _ = row.isCompleted } }
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(3)))
    #expect(!list.didFire)
    #expect(rowWatches.map(\.count) == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
    #expect(rows[2].isCompleted)
    #expect(viewStore.rows(\.tasks).first { $0.id == uuid(3) }?.value.isCompleted == true)
  }

  @Test func removingATaskInvalidatesTheListAndNoRow() {
    let store = Store(initialState: TaskListState(tasks: tasks(5)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    let rows = viewStore.rows(\.tasks)
    let kept = rows[0]
    let list = Watch { _ = viewStore.rows(\.tasks) }
    let rowWatches = rows.map { row in Watch { _ = row.value } }
    viewStore.dispatch(.removeTask(id: uuid(2)))
    #expect(list.count == 1)
    #expect(rowWatches.allSatisfy { !$0.didFire })
    #expect(viewStore.rows(\.tasks).map(\.id) == [1, 3, 4, 5].map(uuid))
    // The same element keeps its Observed, so SwiftUI keeps its row.
    #expect(viewStore.rows(\.tasks)[0] === kept)
  }

  @Test func actionsThatChangeEveryTaskInvalidateOnlyTheRowsThatChanged() {
    let store = Store(initialState: TaskListState(tasks: tasks(4)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    let rows = viewStore.rows(\.tasks)
    let list = Watch { _ = viewStore.rows(\.tasks) }
    let rowWatches = rows.map { row in Watch { _ = row.value } }
    viewStore.dispatch(.completeAll)
    #expect(!list.didFire)
    // Tasks 2 and 4 were completed already.
    #expect(rowWatches.map(\.count) == [1, 0, 1, 0])
  }

  @Test func aRowsBindingSetsItsTaskAndTellsThatRowOnly() {
    let store = Store(initialState: TaskListState(tasks: tasks(4)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    let rows = viewStore.rows(\.tasks)
    let watches = rows.map { row in Watch { _ = viewStore.isCompletedBinding(row).wrappedValue } }
    viewStore.isCompletedBinding(rows[0]).wrappedValue = true
    #expect(viewStore.isCompletedBinding(rows[0]).wrappedValue)
    #expect(store.state.tasks[0].isCompleted)
    #expect(watches.map(\.count) == [1, 0, 0, 0])
    // Already completed: setting it again tells no one.
    viewStore.isCompletedBinding(rows[1]).wrappedValue = true
    #expect(watches.map(\.count) == [1, 0, 0, 0])
  }

  @Test func aFilterResultsRowsFollowTheFilter() {
    let store = Store(initialState: TaskListState(tasks: tasks(4)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    #expect(viewStore.rows(\.filteredTasks).map(\.id) == [1, 3].map(uuid))
    let list = Watch { _ = viewStore.rows(\.filteredTasks) }
    viewStore.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(list.count == 1)
    #expect(viewStore.rows(\.filteredTasks).map(\.id) == [uuid(3)])
    list.reset()
    // Renaming no task leaves the visible ids as they were: the list is not invalidated.
    viewStore.dispatch(.filterTasks(filter: .active))
    #expect(!list.didFire)
  }

  @Test func swipeToDeleteAndDragToMoveGoThroughTheSpecsOffsetActions() {
    let store = Store(initialState: TaskListState(tasks: tasks(4), filter: .all), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    // What ForEach's onDelete and onMove report, as offsets into what it shows.
    viewStore.dispatch(.deleteTasks(offsets: IndexSet(integer: 1)))
    #expect(viewStore.rows(\.filteredTasks).map(\.id) == [1, 3, 4].map(uuid))
    viewStore.dispatch(.moveTasks(from: IndexSet(integer: 0), to: 3))
    #expect(viewStore.rows(\.filteredTasks).map(\.id) == [3, 4, 1].map(uuid))
  }
}

@MainActor
@Suite struct ViewStoreDeliveryTests {
  @Test func aFieldReadAheadOfItsDeliveryIsToldAtTheNextChange() async {
    let store = Store(initialState: TaskListState(tasks: tasks(2)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    _ = viewStore.draftTitle
    // Dispatched on the store itself: the view store hears of it on the main queue, later.
    store.dispatch(.editDraftTitle(draftTitle: "a"))
    // A view reads the field from the store meanwhile: "a", newer than the "" kept.
    let draft = Watch { _ = viewStore.draftTitle }
    store.dispatch(.editDraftTitle(draftTitle: ""))
    await mainQueueTurn()
    // Back to "", as kept; but the view shows "a": it is told.
    #expect(draft.count == 1)
    #expect(viewStore.draftTitle == "")
  }

  @Test func actionsDispatchedElsewhereReachObserversOnTheMainQueue() async {
    let store = Store(initialState: TaskListState(tasks: tasks(3)), reducer: taskListReducer)
    let viewStore = ViewStore(store)
    let filter = Watch { _ = viewStore.filter }
    let rows = viewStore.rows(\.tasks)
    let first = Watch { _ = rows[0].value }
    await _Concurrency.Task.detached {
      store.dispatch(.filterTasks(filter: .completed))
      store.dispatch(.toggleTaskCompletion(id: uuid(1)))
    }.value
    await mainQueueTurn()
    #expect(filter.count == 1)
    #expect(first.count == 1)
    #expect(rows[0].isCompleted)
  }

  @Test func aBindingShowsTheResultRightAfterItIsSetAndGoesThroughMiddleware() {
    let store = Store(
      initialState: TaskListState(tasks: tasks(3)), reducer: taskListReducer,
      middleware: [RefuseFilter(refused: .completed)])
    let viewStore = ViewStore(store)
    let filter = viewStore.binding(\.filter) { .filterTasks(filter: $0) }
    let watch = Watch { _ = viewStore.filter }
    filter.wrappedValue = .all
    #expect(filter.wrappedValue == .all)
    #expect(watch.count == 1)
    filter.wrappedValue = .completed
    #expect(filter.wrappedValue == .all)
  }
}

/// Stops one filter: validation in middleware, which a binding must not bypass.
struct RefuseFilter: Middleware {
  let refused: TaskListFilter

  func process(_ action: TaskListAction, context: MiddlewareContext<TaskListState, TaskListAction>) -> TaskListAction? {
    if case .filterTasks(let filter) = action, filter == refused { return nil }
    return action
  }
}

@MainActor
@Suite struct ScopedViewStoreTests {
  @Test func aFeatureViewGetsAStoreOfItsOwnFeatureInsideTheApp() {
    let store = Store(initialState: AppState(taskList: TaskListState(tasks: tasks(3))), reducer: appReducer)
    let app = ViewStore(store)
    // The generated AppViewStore.taskList, which scopes once.
    let taskList = app.taskList
    #expect(app.taskList === taskList)
    #expect(app.scope(\.taskList, embed: AppAction.taskList, extract: \.taskList) === taskList)
    let filter = Watch { _ = taskList.filter }
    let remaining = Watch { _ = taskList.remaining }
    let rows = taskList.rows(\.tasks)
    let rowWatches = rows.map { row in Watch { _ = row.value } }
    app.dispatch(.counter(.add(amount: 2)))
    #expect(!filter.didFire && !remaining.didFire)
    taskList.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(store.state.taskList.tasks[0].isCompleted)
    #expect(!filter.didFire)
    #expect(remaining.count == 1)
    #expect(rowWatches.map(\.count) == [1, 0, 0])
    #expect(taskList.remaining == 1)
  }

  @Test func anActionDispatchedThroughTheAppTellsTheFeaturesViewsAtOnce() {
    let store = Store(initialState: AppState(taskList: TaskListState(tasks: tasks(3))), reducer: appReducer)
    let app = ViewStore(store)
    let taskList = app.taskList
    #expect(taskList.remaining == 2)
    let remaining = Watch { _ = taskList.remaining }
    app.dispatch(.taskList(.toggleTaskCompletion(id: uuid(1))))
    #expect(remaining.count == 1)
    #expect(taskList.remaining == 1)
  }
}

@MainActor
@Suite struct ChangeNotifierTests {
  @Test func itTellsAfterActionsThatChangedSomethingOnly() async {
    let store = Store(initialState: TaskListState(tasks: tasks(3)), reducer: taskListReducer)
    var told = 0
    let notifier = ChangeNotifier(store) { told += 1 }
    notifier.dispatch(.toggleTaskCompletion(id: uuid(1)))
    #expect(told == 1)
    notifier.dispatch(.loadTasks)
    #expect(told == 1)
    // Elsewhere: told on the main queue, once for both when the main queue doesn't get a turn
    // between them (under load it may: then once each).
    await _Concurrency.Task.detached {
      store.dispatch(.filterTasks(filter: .all))
      store.dispatch(.clearCompleted)
    }.value
    await mainQueueTurn()
    #expect((2...3).contains(told))
    #expect(notifier.state.filter == .all)
  }

  @Test func aViewStoreThatIsGoneIsForgottenByItsStore() {
    let store = Store(initialState: TaskListState(tasks: tasks(3)), reducer: taskListReducer)
    weak var gone: ViewStore<TaskListState, TaskListAction>?
    do {
      let viewStore = ViewStore(store)
      gone = viewStore
      _ = viewStore.filter
    }
    #expect(gone == nil)
    store.dispatch(.loadTasks)
    #expect(store.engine.core.withLock { $0.actionListeners.count } == 0)
  }
}

/// For every TaskList action: exactly the views of what it can change are told, a row only when
/// its own task changed, and the list only when the ids or their order changed.
@MainActor
@Suite struct InvalidationPrecisionTests {
  nonisolated static let actions: [TaskListAction] = [
    .addTask(task: TaskList.Task(id: uuid(9), title: "new")), .newTask(id: uuid(8), title: "typed", subtitle: nil),
    .addTaskOnTop(task: TaskList.Task(id: uuid(7), title: "top")), .toggleTaskCompletion(id: uuid(2)),
    .toggleTaskCompletion(id: uuid(99)), .setTaskCompletion(id: uuid(1), isCompleted: true),
    .setTaskCompletion(id: uuid(2), isCompleted: true), .clearCompleted, .completeAll, .completeNone, .toggleAll,
    .moveCompletedDown, .removeTask(id: uuid(3)), .moveTasks(from: IndexSet(integer: 0), to: 2),
    .deleteTasks(offsets: IndexSet(integer: 1)), .filterTasks(filter: .completed), .editDraftTitle(draftTitle: "a"),
    .editDraftSubtitle(draftSubtitle: "b"), .clearDraft, .loadTasks, .tasksLoaded(tasks: tasks(2)),
  ]

  @Test(arguments: actions)
  func exactlyWhatTheActionChangesIsTold(action: TaskListAction) {
    let initial = TaskListState(tasks: tasks(4), draftTitle: "x")
    let store = Store(initialState: initial, reducer: taskListReducer)
    let viewStore = ViewStore(store)
    // The views: one per field, derived value and filter result, the list, and a row per task.
    // Each is told when its value changed; the whole list of tasks (a collection the view store
    // doesn't keep a copy of) when the action can have changed it.
    func differs<Value: Equatable>(_ keyPath: KeyPath<TaskListState, Value>) -> (TaskListState, TaskListState) -> Bool {
      { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
    }
    let values: [(String, PartialKeyPath<TaskListState>, Watch, (TaskListState, TaskListState) -> Bool)] = [
      ("tasks", \.tasks, Watch { _ = viewStore.tasks }, { _, _ in true }),
      ("filter", \.filter, Watch { _ = viewStore.filter }, differs(\.filter)),
      ("draftTitle", \.draftTitle, Watch { _ = viewStore.draftTitle }, differs(\.draftTitle)),
      ("draftSubtitle", \.draftSubtitle, Watch { _ = viewStore.draftSubtitle }, differs(\.draftSubtitle)),
      ("remaining", \.remaining, Watch { _ = viewStore.remaining }, differs(\.remaining)),
      ("completedCount", \.completedCount, Watch { _ = viewStore.completedCount }, differs(\.completedCount)),
      ("allCompleted", \.allCompleted, Watch { _ = viewStore.allCompleted }, differs(\.allCompleted)),
      ("isEmpty", \.isEmpty, Watch { _ = viewStore.isEmpty }, differs(\.isEmpty)),
      ("filteredTasks", \.filteredTasks, Watch { _ = viewStore.filteredTasks }, differs(\.filteredTasks)),
    ]
    let list = Watch { _ = viewStore.rows(\.tasks) }
    let rows = viewStore.rows(\.tasks)
    let rowWatches = rows.map { row in Watch { _ = row.value } }

    viewStore.dispatch(action)
    let after = store.state

    let changed = action.changedFields
    for (name, keyPath, watch, valueChanged) in values {
      let told = changed.overlaps(TaskListState.fields(readBy: keyPath)) && valueChanged(initial, after)
      #expect(watch.count == (told ? 1 : 0), "\(name) after \(action)")
    }
    #expect(list.count == (after.tasks.ids == initial.tasks.ids ? 0 : 1), "the list after \(action)")
    for (row, watch) in zip(rows, rowWatches) {
      let changedRow = after.tasks[id: row.id].map { $0 != initial.tasks[id: row.id] } ?? false
      #expect(watch.count == (changedRow ? 1 : 0), "row \(row.id) after \(action)")
    }
  }
}

/// Derived values that take a parameter (`quantity(productID:)`): memoized per argument.
@MainActor
@Suite struct ViewStoreParameterTests {
  let store = Store(initialState: CartState(), reducer: cartReducer)
  let mug = Product(id: 2, title: "Mug")

  @Test func aValueWithAParameterIsComputedOncePerArgumentPerChangeOfItsInputs() {
    let viewStore = ViewStore(store)
    viewStore.dispatch(.addToCart(product: mug))
    let before = viewStore.computations
    var found: [Int] = []
    for _ in 0..<100 {
      found.append(viewStore.quantity(productID: 2))
      found.append(viewStore.quantity(productID: 3))
    }
    #expect(found.filter { $0 == 1 }.count == 100)
    #expect(found.filter { $0 == 0 }.count == 100)
    #expect(viewStore.computations == before + 2)
    let quantity = Watch { _ = viewStore.quantity(productID: 2) }
    // `saved` is not what it reads: neither computed again nor its views invalidated.
    viewStore.dispatch(.toggleSaved(productID: 2))
    #expect(!quantity.didFire)
    #expect(viewStore.quantity(productID: 2) == 1)
    #expect(viewStore.computations == before + 2)
    viewStore.dispatch(.addToCart(product: mug))
    #expect(quantity.count == 1)
    #expect(viewStore.quantity(productID: 2) == 2)
    #expect(viewStore.quantity(productID: 3) == 0)
    #expect(viewStore.computations == before + 4)
  }

  @Test func elementsLookedUpByAListFollowTheListsOrder() {
    let viewStore = ViewStore(store)
    let pen = Product(id: 3, title: "Pen")
    viewStore.dispatch(.addToCart(product: mug))
    viewStore.dispatch(.addToCart(product: pen))
    viewStore.dispatch(.toggleSaved(productID: 3))
    viewStore.dispatch(.toggleSaved(productID: 9))
    viewStore.dispatch(.toggleSaved(productID: 2))
    #expect(viewStore.savedItems == [pen, mug])
    viewStore.dispatch(.removeFromCart(productID: 3))
    #expect(viewStore.savedItems == [mug])
  }
}

/// An app's values over its features (`derived:` in Specs/shop.yaml): memoized per change of the
/// features they read.
@MainActor
@Suite struct AppDerivedValueTests {
  @Test func anAppValueIsComputedOncePerChangeOfTheFeaturesItReads() {
    let store = Store(initialState: ShopState(), reducer: shopReducer)
    let viewStore = ViewStore(store)
    let mug = Product(id: 2, title: "Mug", price: 4.5, inventory: 3)
    viewStore.dispatch(.products(.receiveProducts(products: [mug])))
    viewStore.dispatch(.cart(.addToCart(product: mug)))
    let before = viewStore.computations
    for _ in 0..<100 {
      _ = viewStore.cartLineCount
      _ = viewStore.cartTotal
    }
    #expect(viewStore.cartTotal == 4.5)
    #expect(viewStore.computations == before + 2)
    let lineCount = Watch { _ = viewStore.cartLineCount }
    let total = Watch { _ = viewStore.cartTotal }
    // The catalogue alone changes: the line count reads only the cart; the total reads the
    // catalogue, and is computed again, but its value is the same, so its view isn't told.
    viewStore.dispatch(.products(.setBudget(budget: 50)))
    #expect(!lineCount.didFire)
    #expect(!total.didFire)
    #expect(viewStore.cartLineCount == 1)
    #expect(viewStore.cartTotal == 4.5)
    #expect(viewStore.computations == before + 3)
    // A new price list changes the total of what is already in the cart.
    var cheaper = mug
    cheaper.price = 4
    viewStore.dispatch(.products(.receiveProducts(products: [cheaper])))
    #expect(total.count == 1)
    #expect(viewStore.cartTotal == 4)
  }
}

/// Selectors of any expression (`costOf(id:count:)`, `leftAfter(budget:)`): memoized per
/// argument, several arguments together, until a field they read changes.
@MainActor
@Suite struct ViewStoreSelectorTests {
  let store = Store(initialState: ProductsState(), reducer: productsReducer)

  @Test func aSelectorOfSeveralArgumentsIsComputedOncePerArgumentsPerChangeOfWhatItReads() {
    let viewStore = ViewStore(store)
    viewStore.dispatch(.receiveProducts(products: [Product(id: 2, title: "Mug", price: 1.5)]))
    let before = viewStore.computations
    for _ in 0..<50 {
      #expect(viewStore.costOf(id: 2, count: 4) == 6)
      #expect(viewStore.costOf(id: 2, count: 1) == 1.5)
      #expect(viewStore.leftAfter(budget: 30) == 70)
    }
    #expect(viewStore.computations == before + 3)
    let cost = Watch { _ = viewStore.costOf(id: 2, count: 4) }
    // The budget is not what `costOf` reads: it is kept, and its views aren't told.
    viewStore.dispatch(.setBudget(budget: 50))
    #expect(!cost.didFire)
    #expect(viewStore.costOf(id: 2, count: 4) == 6)
    #expect(viewStore.leftAfter(budget: 30) == 20)
    #expect(viewStore.computations == before + 4)
    viewStore.dispatch(.receiveProducts(products: [Product(id: 2, title: "Mug", price: 2)]))
    #expect(cost.count == 1)
    #expect(viewStore.costOf(id: 2, count: 4) == 8)
    #expect(viewStore.computations == before + 5)
  }
}
