/// What a feature or an app adds to ReduxRuntime's `ViewStore` (the store SwiftUI views observe
/// field by field): its name (`TaskListViewStore`), a binding per `binding: true` action, and
/// for an app, each feature's own view store.
struct ViewStoreCode {
  /// Which store views observe: iOS 17's `ViewStore` (field by field), or the `ChangeNotifier`
  /// iOS 16's `PublishedStore` wraps (told per feature), with the same bindings and children.
  enum Form {
    case viewStore
    case notifier
  }

  let access: AccessModifier?
  let names: GeneratedNames
  let runtime: RuntimeTypes
  var form = Form.viewStore

  /// `ViewStore` or `ChangeNotifier`.
  private var storeType: String { form == .viewStore ? "ViewStore" : "ChangeNotifier" }
  /// `@available(iOS 17, ...)` for a view store; nothing for a notifier.
  private var availability: [Expression] { form == .viewStore ? [Self.availability] : [] }
  /// What the docs call a store of the form, and several.
  private var store: String { form == .viewStore ? "view store" : "notifier" }
  private var stores: String { store + "s" }
  /// A feature's alias of its store: `TaskListViewStore`, `TaskListNotifier`.
  private func alias(_ names: GeneratedNames) -> String { form == .viewStore ? names.viewStore : names.notifier }

  /// `ViewStore` needs Observation: iOS 17, macOS 14. Computed, not a stored global: the fuzzer's
  /// leak check counts a lazily made global's indirect enum boxes as leaked.
  static var availability: Expression {
    .attribute("available", ["iOS 17", "macOS 14", "tvOS 17", "watchOS 10", "*"].map { Argument(nil, .identifier($0)) })
  }

  /// The alias, and an extension holding `members` when there are any.
  func declarations(members: [Declaration]) -> [Declaration] {
    let store = runtime.generic(storeType, [.named(names.state), .named(names.action)])
    let doc =
      form == .viewStore
      ? "The \(names.feature) state as SwiftUI views observe it, field by field.\nSee `ViewStore`."
      : "The \(names.feature) state as iOS 16's `PublishedStore` observes it.\nSee `ChangeNotifier`."
    let alias = Declaration.typeAlias(
      doc: doc, attributes: availability, access: access, name: self.alias(names), type: store)
    guard !members.isEmpty else { return [alias] }
    return [
      alias,
      .extensionDeclaration(
        ExtensionDeclaration(
          attributes: availability, extendedType: runtime.type(storeType),
          requirements: [
            SameTypeRequirement(lhs: "State", rhs: .named(names.state)),
            SameTypeRequirement(lhs: "Action", rhs: .named(names.action)),
          ],
          members: members)),
    ]
  }

  /// `titleBinding`: the field `field`, set by dispatching `action` with the new value.
  func binding(field: String, type: TypeName, action: Action) -> Declaration {
    let parameter = action.payload.first?.name ?? field
    let send = Closure(body: Expression.dot(action.name).call([Argument(parameter, .name("$0"))]))
    return .variable(
      VariableDeclaration(
        doc: "`\(field)`, two-way.\nSetting it dispatches `\(action.name)`, so middleware see the change.",
        access: access, name: GeneratedNames.bindingMember(field),
        type: runtime.generic("StoreBinding", [type]),
        getter: [
          .returnStatement(
            .call(.name("binding"), [Argument(nil, .keyPath(field))], trailingClosure: send))
        ]))
  }

  /// `isCompletedBinding(_:)`: a row's field, set by dispatching `action` with the row's id and
  /// the new value; read from the row, which the view store brings up to date when the action
  /// returns.
  func elementBinding(_ binding: ElementBinding, element: TypeName, type: TypeName, action: Action) -> Declaration {
    let row = Expression.name("row")
    let arguments = action.payload.map { parameter in
      Argument(parameter.name, parameter.name == binding.idParameter ? row.dot("id") : .name("$0"))
    }
    let send = Expression.name("self").dot("dispatch").call([Argument(nil, .dot(action.name).call(arguments))])
    return .function(
      FunctionDeclaration(
        doc: "`\(binding.field)` of a row of `\(binding.list)`, two-way.\n"
          + "Setting it dispatches `\(action.name)`, so middleware see the change.",
        access: access, kind: .function(GeneratedNames.bindingMember(binding.field)),
        parameters: [Parameter(label: "_", name: "row", type: runtime.generic("Observed", [element]))],
        returnType: runtime.generic("StoreBinding", [type]),
        body: [
          .returnStatement(
            runtime.value("StoreBinding").call([
              // Through `value`: `Observed`'s own `value` and `id` hide fields of those names.
              Argument("get", .closure(Closure(body: binding.field.split(separator: ".").reduce(row.dot("value")) { $0.dot(String($1)) }))),
              Argument("set", .closure(Closure(body: send))),
            ]))
        ]))
  }

  /// `isSelected(id:)`: the State's selector of any expression, computed once per argument (the
  /// arguments, several) until a field it reads, `reads`, changes.
  func selector(name: String, parameters: [Parameter], type: TypeName, reading reads: [String]) -> Declaration {
    let arguments = parameters.map { Argument($0.name, .name($0.name)) }
    let call = Expression.name("$0").dot(name).call(arguments)
    // A parameter named like what the body calls hides it: then reached through its owner.
    let names = Set(parameters.map(\.name))
    let hashable: Expression = names.contains("AnyHashable") ? .name("Swift").dot("AnyHashable") : .name("AnyHashable")
    let key: Expression =
      parameters.count == 1 ? .name(parameters[0].name) : .array(parameters.map { hashable.call([Argument(nil, .name($0.name))]) })
    let read: Expression = names.contains("read") ? .name("self").dot("read") : .name("read")
    let written = parameters.map(\.name).joined(separator: ", ")
    return .function(
      FunctionDeclaration(
        doc: "`\(name)(\(written))`, computed once per argument until `\(reads.joined(separator: "` or `"))` changes.",
        access: access, kind: .function(name), parameters: parameters, returnType: type,
        body: [
          .returnStatement(
            read.call([
              Argument(nil, .literal(.string(name))), Argument(nil, key), Argument("reading", .array(reads.map(Expression.keyPath))),
              Argument("compute", .closure(Closure(body: call))),
            ]))
        ]))
  }

  /// `product(id:)`: the State's derived value with a parameter, computed once per argument
  /// until the field it reads, `list`, changes (`ViewStore.read(_:_:reading:compute:)`).
  func selector(name: String, parameter: Parameter, type: TypeName, reading list: String) -> Declaration {
    let argument = Expression.name(parameter.name)
    let call = Expression.name("$0").dot(name).call([Argument(parameter.name, argument)])
    // A parameter named `read` hides the view store's method: reached through `self` then.
    let read: Expression = parameter.name == "read" ? .name("self").dot("read") : .name("read")
    return .function(
      FunctionDeclaration(
        doc: "`\(name)(\(parameter.name))`, computed once per `\(parameter.name)` until `\(list)` changes.",
        access: access, kind: .function(name), parameters: [parameter], returnType: type,
        body: [
          .returnStatement(
            read.call([
              Argument(nil, .literal(.string(name))), Argument(nil, argument), Argument("reading", .keyPath(list)),
              Argument("compute", .closure(Closure(body: call))),
            ]))
        ]))
  }

  /// `taskList`: an app feature's own view store, its actions wrapped into the app's.
  func scope(feature: String, spec: Spec) -> Declaration {
    let child = runtime.generic("ViewStore", [.named(spec.stateTypeName), .named(spec.actionTypeName)])
    return .variable(
      VariableDeclaration(
        doc: "The \(spec.feature) feature's own view store.\nA view of the feature works here as it does on its own.",
        access: access, name: feature, type: child,
        getter: [
          .returnStatement(
            .name("scope").call([
              Argument(nil, .keyPath(feature)), Argument("embed", .name(names.action).dot(feature)),
              Argument("extract", .keyPath(feature)),
            ]))
        ]))
  }

  /// `tallies`: a view store per element of a list of child features, in the list's order
  /// (`scope(each:)`); or `namer`: the presented child's view store while it is presented
  /// (`scope(presented:)`). Named as the field, it hides the field's value (`read(\.tallies)`
  /// reads that).
  func childScope(_ child: ChildFeature, idType: TypeName) -> Declaration {
    let state = TypeName.named(child.spec.stateTypeName)
    let action = TypeName.named(child.spec.actionTypeName)
    let field = child.field
    if child.isList {
      let embed = Closure(body: Expression.dot(field).call([Argument("id", .name("$0")), Argument("action", .name("$1"))]))
      return .variable(
        VariableDeclaration(
          doc: "A \(store) of the \(child.spec.feature) feature per element of `\(field)`, in its order.\n"
            + "What a `ForEach` iterates: each the same object while its element is listed,\n"
            + "and a view iterating them depends on the ids and their order only.",
          access: access, name: field,
          type: form == .viewStore
            ? runtime.generic("ChildViewStores", [idType, state, action]) : .array(.named(alias(child.spec.names))),
          getter: [
            .returnStatement(
              .name("scope").call([
                Argument("each", .keyPath(field)), Argument("embed", .closure(embed)), Argument("extract", .keyPath(field)),
              ]))
          ]))
    }
    return .variable(
      VariableDeclaration(
        doc: "The \(child.spec.feature) feature's \(store) while `\(field)` is presented; nil while it isn't.\n"
          + "The same object while it stays presented: what a sheet's content reads.",
        access: access, name: field, type: .optional(.named(alias(child.spec.names))),
        getter: [
          .returnStatement(
            .name("scope").call([
              Argument("presented", .keyPath(field)),
              Argument("embed", .closure(Closure(body: Expression.dot(field).call([Argument(nil, .name("$0"))])))),
              Argument("extract", .keyPath(field)),
            ]))
        ]))
  }

  /// `path`: a view store per screen of a navigation stack, bottom first (`scope(stack:)`).
  func stackScope(_ stack: StackFeature) -> Declaration {
    let screens = StackFeature.screensTypeName(feature: names.feature, field: stack.field)
    let actions = StackFeature.screenActionsTypeName(feature: names.feature, field: stack.field)
    let embed = Closure(body: Expression.dot(stack.field).call([Argument("id", .name("$0")), Argument("action", .name("$1"))]))
    return .variable(
      VariableDeclaration(
        doc: "A \(store) per screen of `\(stack.field)`, bottom first: what a `NavigationStack` shows.\n"
          + "Each the same object while its screen is on the stack; its destination's own\n"
          + "\(store) is its property of the destination's name (`\(stack.field)[0].\(stack.destinations.first?.name ?? "")`).",
        access: access, name: stack.field,
        type: form == .viewStore
          ? runtime.generic(
            "ChildViewStores", [.named("Int"), .member(runtime.generic("ScreenStack", [.named(screens)]), "Element"), .named(actions)])
          : runtime.generic("ScreenNotifiers", [.named(screens), .named(actions)]),
        getter: [
          .returnStatement(
            .name("scope").call([
              Argument("stack", .keyPath(stack.field)), Argument("embed", .closure(embed)),
              Argument("extract", .keyPath(stack.field)),
            ]))
        ]))
  }

  /// The extension of a stack's screen's view store: a property per destination, its own view
  /// store while the screen is it (`scope(presented:)`).
  func screenScopes(_ stack: StackFeature) -> Declaration {
    let screens = StackFeature.screensTypeName(feature: names.feature, field: stack.field)
    let actions = StackFeature.screenActionsTypeName(feature: names.feature, field: stack.field)
    let members = stack.destinations.map { destination -> Declaration in
      .variable(
        VariableDeclaration(
          doc: "The \(destination.spec.feature) feature's \(store) while this screen is one; nil while it isn't.",
          access: access, name: destination.name, type: .optional(.named(alias(destination.spec.names))),
          getter: [
            .returnStatement(
              .name("scope").call([
                Argument("presented", .keyPath("screen.\(destination.name)")),
                Argument("embed", .closure(Closure(body: Expression.dot(destination.name).call([Argument(nil, .name("$0"))])))),
                Argument("extract", .keyPath(destination.name)),
              ]))
          ]))
    }
    return .extensionDeclaration(
      ExtensionDeclaration(
        attributes: availability, extendedType: runtime.type(storeType),
        requirements: [
          SameTypeRequirement(lhs: "State", rhs: .member(runtime.generic("ScreenStack", [.named(screens)]), "Element")),
          SameTypeRequirement(lhs: "Action", rhs: .named(actions)),
        ],
        members: members))
  }

  /// `namerBinding`: the presented child's view store, for `sheet(item:)` and the like; set to
  /// nil by SwiftUI (a sheet swiped down), it sends `namerDismissed` (`scopeBinding(presented:)`).
  func presentationBinding(_ child: ChildFeature) -> Declaration {
    let field = child.field
    return .variable(
      VariableDeclaration(
        doc: "`\(field)`'s \(store) while it is presented, for `sheet(item:)` and the like.\n"
          + "Set to nil by SwiftUI (a sheet swiped down), it dispatches `\(GeneratedNames.dismissal(field))`.",
        access: access, name: GeneratedNames.bindingMember(field),
        type: runtime.generic("StoreBinding", [.optional(.named(alias(child.spec.names)))]),
        getter: [
          .returnStatement(
            .name("scopeBinding").call([
              Argument("presented", .keyPath(field)),
              Argument("embed", .closure(Closure(body: Expression.dot(field).call([Argument(nil, .name("$0"))])))),
              Argument("extract", .keyPath(field)), Argument("dismiss", .dot(GeneratedNames.dismissal(field))),
            ]))
        ]))
  }

  /// `pathBinding`: the stack's screens' view stores, for `NavigationStack(path:)`; SwiftUI's
  /// pops send `pathPopped(screen:)` (`scopeBinding(stack:)`).
  func pathBinding(_ stack: StackFeature) -> Declaration {
    let screens = StackFeature.screensTypeName(feature: names.feature, field: stack.field)
    let actions = StackFeature.screenActionsTypeName(feature: names.feature, field: stack.field)
    let embed = Closure(body: Expression.dot(stack.field).call([Argument("id", .name("$0")), Argument("action", .name("$1"))]))
    let pop = Closure(
      body: Expression.dot(GeneratedNames.popped(stack.field)).call([Argument(GeneratedNames.poppedScreen, .name("$0"))]))
    return .variable(
      VariableDeclaration(
        doc: "`\(stack.field)`'s screens' \(stores), bottom first, for `NavigationStack(path:)`.\n"
          + "SwiftUI's pops (the back button, a swipe) dispatch `\(GeneratedNames.popped(stack.field))(screen:)`.",
        access: access, name: GeneratedNames.bindingMember(stack.field),
        type: runtime.generic(
          form == .viewStore ? "ScreenPathBinding" : "ScreenNotifiersBinding", [.named(screens), .named(actions)]),
        getter: [
          .returnStatement(
            .name("scopeBinding").call([
              Argument("stack", .keyPath(stack.field)), Argument("embed", .closure(embed)),
              Argument("extract", .keyPath(stack.field)), Argument("pop", .closure(pop)),
            ]))
        ]))
  }

  /// `alertBinding`: the alert shown and what its buttons send, for ReduxSwiftUI's `alert(_:)`.
  func alertBinding(alert: TypeName) -> Declaration {
    .variable(
      VariableDeclaration(
        doc: "The alert shown, for `alert(_:)`: a button sends `.alert(action)`, a dismissal `.alert(.dismiss)`.",
        access: access, name: GeneratedNames.bindingMember(Spec.alertField),
        type: runtime.generic("AlertBinding", [alert]),
        getter: [
          .returnStatement(
            .name("scopeBinding").call([
              Argument("alert", .keyPath(Spec.alertField)),
              Argument("send", .closure(Closure(body: Expression.dot(Spec.alertField).call([Argument(nil, .name("$0"))])))),
              Argument("dismiss", .dot(Spec.alertDismiss)),
            ]))
        ]))
  }
}
