// The seed article's TaskList screen in SwiftUI, on the generated TaskList and its ViewStore:
// no hand-written binding or observer. Apple systems only; what isn't a view is in
// TaskListScreenModel.swift, and Tests drive it as these views do.
#if canImport(Darwin)
  import ReduxRuntime
  import ReduxSwiftUI
  import SwiftUI
  import TaskList

  /// The list with its filter picker, swipe to delete, drag to reorder, an add sheet and a footer.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  public struct TaskListScreen: View {
    let store: TaskListViewStore
    @State private var isAdding = false

    public init(store: TaskListViewStore) {
      self.store = store
    }

    public var body: some View {
      NavigationStack {
        List {
          // Reads `filter` only: a toggle of a task doesn't render it again.
          Picker("Show", selection: Binding(store.filterBinding)) {
            ForEach(TaskListFilter.allCases, id: \.self) { filter in
              Text(filter.rawValue.capitalized).tag(filter)
            }
          }
          .pickerStyle(.segmented)
          // Iterates the visible tasks' ids; each row reads its own task.
          ForEach(store.rows(\.filteredTasks)) { task in
            TaskRow(task: task) { store.dispatch(.toggleTaskCompletion(id: task.id)) }
          }
          .onDelete { store.dispatch(.deleteTasks(offsets: $0)) }
          .onMove { store.dispatch(.moveTasks(from: $0, to: $1)) }
        }
        .navigationTitle("Tasks")
        .toolbar {
          Button("Add") { isAdding = true }
        }
        .safeAreaInset(edge: .bottom) { TaskListFooter(store: store) }
        .sheet(isPresented: $isAdding) { AddTaskSheet(store: store, isPresented: $isAdding) }
      }
    }
  }

  /// One task: rendered again only when this task changes.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct TaskRow: View {
    let task: Observed<TaskList.Task>
    let toggle: () -> Void

    var body: some View {
      Button(action: toggle) {
        HStack {
          Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
          VStack(alignment: .leading) {
            Text(task.title)
            if let subtitle = task.subtitle {
              Text(subtitle).font(.caption).foregroundStyle(.secondary)
            }
          }
        }
      }
    }
  }

  /// The derived counts: rendered again only when `tasks` changed.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct TaskListFooter: View {
    let store: TaskListViewStore

    var body: some View {
      HStack {
        Text(store.remainingText)
        Spacer()
        Button("Clear completed") { store.dispatch(.clearCompleted) }
          .disabled(store.completedCount == 0)
      }
      .padding()
    }
  }

  /// Title and subtitle fields bound through the spec's `binding: true` actions.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct AddTaskSheet: View {
    let store: TaskListViewStore
    @Binding var isPresented: Bool

    var body: some View {
      NavigationStack {
        Form {
          TextField("Title", text: Binding(store.draftTitleBinding))
          TextField("Subtitle", text: Binding(store.draftSubtitleBinding))
        }
        .toolbar {
          Button("Cancel") {
            store.dispatch(.clearDraft)
            isPresented = false
          }
          Button("Save") {
            if store.saveDraft() { isPresented = false }
          }
          .disabled(store.draftTitle.isEmpty)
        }
      }
    }
  }
#endif
