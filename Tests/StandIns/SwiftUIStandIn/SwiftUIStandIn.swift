// A stand-in of the SwiftUI declarations ReduxSwiftUI and SyncUps' screens
// (Examples/SyncUps/App) use, with their signatures as in the SDK, so that both are type-checked
// on Linux. Test-only: never a product. Nothing here runs: bodies only satisfy the compiler.
import CombineStandIn
import Foundation

/// SwiftUI's `Binding`, as far as ReduxSwiftUI uses it.
@propertyWrapper
public struct Binding<Value> {
  private let get: @isolated(any) @Sendable () -> Value
  private let set: @isolated(any) @Sendable (Value) -> Void

  public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
    self.get = get
    self.set = set
  }

  public var wrappedValue: Value {
    get { fatalError("a stand-in: type-checked, never run") }
    nonmutating set { fatalError("a stand-in: type-checked, never run") }
  }
}

// MARK: Views

/// SwiftUI's `View`.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("a stand-in: type-checked, never run") }
}

/// A stand-in's primitive view: a body never asked for.
@MainActor @preconcurrency
public protocol PrimitiveStandInView: View where Body == Never {}

extension PrimitiveStandInView {
  public var body: Never { fatalError("a stand-in: type-checked, never run") }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError("a stand-in: type-checked, never run") }
}

/// SwiftUI's `ViewBuilder`.
@resultBuilder
public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

public struct EmptyView: PrimitiveStandInView {
  nonisolated public init() {}
}

public struct AnyView: PrimitiveStandInView {
  nonisolated public init<V: View>(_ view: V) {}
}

public struct TupleView<T>: PrimitiveStandInView {
  nonisolated public init(_ value: T) {}
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveStandInView {
  nonisolated init() {}
}

public struct Text: PrimitiveStandInView {
  nonisolated public init<S: StringProtocol>(_ content: S) {}
  nonisolated public init(verbatim content: String) {}
}

/// SwiftUI's `ButtonRole`.
public struct ButtonRole: Equatable, Sendable {
  public static let destructive = ButtonRole()
  public static let cancel = ButtonRole()
}

public struct Button<Label: View>: PrimitiveStandInView {
  @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
  @preconcurrency nonisolated public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
  @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
  @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: PrimitiveStandInView where Content: View {
  nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

/// SwiftUI's `Visibility`.
public enum Visibility: Hashable, CaseIterable, Sendable {
  case automatic
  case visible
  case hidden
}

// MARK: Modifiers

/// SwiftUI's `ViewModifier`.
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveStandInView {}

public struct ModifiedContent<Content, Modifier> {
  public var content: Content
  public var modifier: Modifier

  nonisolated public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  public var body: Never { fatalError("a stand-in: type-checked, never run") }
}

extension View {
  public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }

  nonisolated public func sheet<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View { EmptyView() }

  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View { EmptyView() }

  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View { EmptyView() }

  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  nonisolated public func popover<Item, Content>(
    item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View { EmptyView() }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  nonisolated public func navigationDestination<D, C>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View { EmptyView() }

  nonisolated public func alert<S, A, M, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
    @ViewBuilder message: (T) -> M
  ) -> some View where S: StringProtocol, A: View, M: View { EmptyView() }

  nonisolated public func confirmationDialog<S, A, M, T>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View where S: StringProtocol, A: View, M: View { EmptyView() }
}

// MARK: Navigation

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public struct NavigationStack<Data, Root: View>: PrimitiveStandInView {
  @MainActor @preconcurrency
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
}

extension NavigationStack where Data == NavigationPath {
  @MainActor @preconcurrency
  public init(@ViewBuilder root: () -> Root) {}
}

/// SwiftUI's `NavigationPath`, as a type.
public struct NavigationPath {
  nonisolated public init() {}
}

// MARK: What SyncUps' screens use

public struct List<SelectionValue: Hashable, Content: View>: PrimitiveStandInView {}

extension List where SelectionValue == Never {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

public struct Form<Content: View>: PrimitiveStandInView {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

public struct Section<Parent, Content, Footer>: PrimitiveStandInView {}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

/// SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Equatable, Sendable {
  public static let leading = HorizontalAlignment()
  public static let center = HorizontalAlignment()
  public static let trailing = HorizontalAlignment()
}

/// SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Equatable, Sendable {
  public static let top = VerticalAlignment()
  public static let center = VerticalAlignment()
  public static let bottom = VerticalAlignment()
}

public struct VStack<Content: View>: PrimitiveStandInView {
  nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct HStack<Content: View>: PrimitiveStandInView {
  nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct Spacer: PrimitiveStandInView {
  nonisolated public init(minLength: CGFloat? = nil) {}
}

public struct Image: PrimitiveStandInView {
  nonisolated public init(systemName: String) {}
}

public struct Label<Title: View, Icon: View>: PrimitiveStandInView {}

extension Label where Title == Text, Icon == Image {
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

extension Text {
  /// SwiftUI's `Text.DateStyle`.
  public struct DateStyle: Sendable {
    public static let time = DateStyle()
    public static let date = DateStyle()
  }

  nonisolated public init(_ date: Date, style: Text.DateStyle) {}
}

public struct TextField<Label: View>: PrimitiveStandInView {}

extension TextField where Label == Text {
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct Stepper<Label: View>: PrimitiveStandInView {}

extension Stepper where Label == Text {
  @_disfavoredOverload nonisolated public init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: PrimitiveStandInView {}

extension Picker where Label == Text {
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(
    _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: PrimitiveStandInView {}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  nonisolated public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

/// SwiftUI's `Font`.
public struct Font: Hashable, Sendable {
  public static let headline = Font()
  public static let caption = Font()
}

/// SwiftUI's `DynamicViewContent`: what `onDelete` is on.
@MainActor @preconcurrency
public protocol DynamicViewContent: View {
  associatedtype Data: Collection
  var data: Data { get }
}

extension ForEach: DynamicViewContent {
  public var data: Data { fatalError("a stand-in: type-checked, never run") }
}

extension DynamicViewContent {
  nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent { self }
}

/// SwiftUI's `ToolbarContent`.
@MainActor @preconcurrency
public protocol ToolbarContent {}

/// SwiftUI's `ToolbarContentBuilder`.
@resultBuilder
public struct ToolbarContentBuilder {
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> TupleToolbarContent<(repeat each Content)> {
    TupleToolbarContent((repeat each content))
  }
}

public struct TupleToolbarContent<T>: ToolbarContent {
  nonisolated init(_ value: T) {}
}

/// SwiftUI's `ToolbarItemPlacement`.
public struct ToolbarItemPlacement: Sendable {
  public static let automatic = ToolbarItemPlacement()
  public static let confirmationAction = ToolbarItemPlacement()
  public static let cancellationAction = ToolbarItemPlacement()
}

public struct ToolbarItem<ID, Content: View>: ToolbarContent {}

extension ToolbarItem where ID == () {
  nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

extension View {
  nonisolated public func font(_ font: Font?) -> some View { self }

  nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { self }

  nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }

  nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }

  nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }

  nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { self }

  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
}

/// SwiftUI's `ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
  public var wrappedValue: ObjectType

  nonisolated public init(wrappedValue: ObjectType) {
    self.wrappedValue = wrappedValue
  }
}

/// SwiftUI's `PopoverAttachmentAnchor`.
public enum PopoverAttachmentAnchor {
  case rect(Anchor<CGRect>.Source)
  case point(UnitPoint)
}

/// SwiftUI's `Anchor`, as far as a popover's default anchor names it.
public struct Anchor<Value> {
  public struct Source {
    public static var bounds: Anchor<CGRect>.Source { fatalError("a stand-in: type-checked, never run") }
  }
}

/// SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat
  public var y: CGFloat
}

/// SwiftUI's `Edge`.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
  case top, leading, bottom, trailing
}
