// The messages of problems with apps, specs used by others, and the hand-written code a spec needs.
extension SpecProblem {
  /// The message, when the problem is one of apps, specs used by others, and the hand-written code a spec needs; nil otherwise.
  var modulesMessage: String? {
    switch self {
    case .unreadableFeature(let path):
      "can't read the feature spec '\(path)' (paths are relative to the app spec)"
    case .appFeatureNotPublic(let feature):
      "feature '\(feature)' must be 'access: public' to be part of an app (the app is its own module)"
    case .appNotFeature:
      "this is an app spec; a feature spec is expected here"
    case .unknownAppFeature(let name, let suggestion):
      "this app has no feature '\(name)'" + didYouMean(suggestion)
    case .appValueTypeAmbiguous(let type, let features, let field):
      "'\(field)' holds \(type), which \(features.joined(separator: " and ")) both declare: an app value can't tell "
        + "them apart; give one of them another name"
    case .sharedActionNeedsFeatures(let action):
      "shared action '\(action)' needs two features or more (one feature's action is routed to it already)"
    case .sharedActionMissing(let action, let feature, let type, let suggestion):
      "feature '\(feature)' (\(type)) has no action '\(action)' to share" + didYouMean(suggestion)
    case .sharedPayloadsDiffer(let action, let feature, let payload, let otherFeature, let otherPayload):
      "shared action '\(action)' carries \(payload) in \(feature) but \(otherPayload) in "
        + "\(otherFeature); its payload must be the same in each (a model shared by the features is declared "
        + "once, in a spec the others 'uses')"
    case .unreadableUsedSpec(let path):
      "can't read the used spec '\(path)' (paths are relative to this spec)"
    case .usedSpecNotPublic(let feature):
      "feature '\(feature)' must be 'access: public' to be used (its models are in its own module)"
    case .usesCycle(let chain):
      "'uses' goes round in a circle: \(chain.joined(separator: " uses ")); a module can't import itself"
    case .unreadableChildSpec(let path):
      "can't read the child feature's spec '\(path)' (paths are relative to this spec)"
    case .childInActionList(let field, let feature, let routing, let children, let key):
      "'\(field)' is a child feature (\(feature)), not an action: its actions reach this feature as '\(routing)', which "
        + "\(key) can't name; give \(feature)'s spec the middleware and add it to '\(children)', or write a "
        + "Middleware by hand that matches 'case .\(field)'"
    case .childSpecHasErrors(let path):
      "the child feature's spec '\(path)' has errors (reported in it); what this feature says of that child is checked once they are fixed"
    case .childSpecNotPublic(let feature):
      "feature '\(feature)' must be 'access: public' to be a child feature (its state and action are in its own module)"
    case .childWithoutID(let feature):
      "feature '\(feature)' has no 'id' in its state, so its elements can't be told apart; give its state an 'id' (an Int, a String, a UUID, a URL or a Date)"
    case .childIDType(let feature, let type):
      "the state of feature '\(feature)' has an 'id' of type \(type); a child feature's id is an Int, an Int64, a String, a UUID, a URL or a Date"
    case .childLacksConformance(let feature, let conformance, let why) where conformance == "Codable":
      "the state and action of feature '\(feature)' must be Codable here (\(why)); add 'conformances: [Codable]' to its spec"
    case .childLacksConformance(let feature, let conformance, let why):
      "the state of feature '\(feature)' must be \(conformance) here (\(why)), and a child feature's state never is"
    case .dismissOnStartsWork(let action, let feature):
      "action '\(action)' of feature '\(feature)' starts a request or a follow-up, which dismissing the feature would "
        + "cancel at once; dismiss it from the action that ends that work (its success)"
    case .handlerPopsWork(let source, let handler):
      "'\(source)' starts a request or a follow-up, which action '\(handler)' ends at once by popping its screen; "
        + "pop the screen from the action that ends that work (the follow-up, the request's outcome)"
    case .childChangesID(let feature, let action):
      "action '\(action)' of feature '\(feature)' changes its state's 'id', which tells the elements of a list apart "
        + "and must stay as it is"
    case .dismissOnList(let field):
      "'\(field)' holds a list of child features, which is never dismissed; 'dismissOn' is for a child written 'presents'"
    case .unknownChildAction(let action, let feature, let suggestion):
      "feature '\(feature)' has no action '\(action)'" + didYouMean(suggestion)
    case .unknownChild(let name, let suggestion):
      "this feature holds no child feature '\(name)' (a field of 'children')" + didYouMean(suggestion)
    case .handlerSource(let text):
      "'from' names a child feature's action as FIELD.ACTION ('from: namer.save'), or a presented feature's child's as "
        + "FIELD.CHILD.ACTION ('from: login.twoFactor.submitted'), not '\(text)'"
    case .handlerThrough(let field, let feature, let holds):
      "'\(field)' of \(feature) holds \(holds): 'from' reaches a grandchild's action through presented features "
        + "('presents:') only"
    case .grandchildButton(let source, let alert, let feature):
      "a button of \(feature)'s alert '\(alert)' sends '\(source.split(separator: ".").last ?? "")' too, and a button is heard "
        + "as its action by the feature presenting \(feature) only: from further up, '\(source)' would be heard when "
        + "sent directly and missed when its button is tapped"
    case .unknownGrandchild(let name, let feature, let suggestion):
      "feature '\(feature)' holds no child feature '\(name)'" + didYouMean(suggestion)
    case .grandchildHandlerParameter(let parameter, let action, let childAction, let feature):
      "parameter '\(parameter)' of action '\(action)' is not a parameter of \(feature)'s '\(childAction)': an action "
        + "with 'from' takes a grandchild's action's parameters only (its state may be dismissed by then)"
    case .handlerStartsWork(let action, let key):
      "action '\(action)' reduces a child's action ('from'), inside the reducer where no middleware sees it, so it "
        + "can't have '\(key)'; give that to an action of its own"
    case .handlerHearsHandler(let source, let feature, let childFrom):
      "\(feature) reduces '\(source.split(separator: ".").last ?? "")' inside its reducer when '\(childFrom)' arrives, "
        + "where this feature never hears it; hear an action \(feature) is sent (a delegate, a button's), "
        + "or what it changes ('shows:' on a stack)"
    case .delegateFromChild(let action, let from):
      "action '\(action)' reduces '\(from)' inside the reducer, where the parent never hears it: it can't be "
        + "'delegate: true'; mark the child's action, or let the parent hear what it changes"
    case .handledTwice(let childAction, let first):
      "'\(childAction)' is already reduced by action '\(first)'; a child's action is reduced by one action of its parent"
    case .handlerParameter(let parameter, let action, let childAction, let feature):
      "parameter '\(parameter)' of action '\(action)' is neither a parameter of \(feature)'s '\(childAction)' nor a field "
        + "of its state, which is where an action with 'from' takes its parameters"
    case .handlerParameterType(let parameter, let type, let given):
      "parameter '\(parameter)' is \(type), but the child gives \(given) under that name"
    case .delegateUnhandled(let action, let feature, let field):
      "action '\(action)' of feature '\(feature)' is meant for its parent ('delegate: true'), but this feature neither "
        + "reduces it (an action with 'from: \(field).\(action)') nor dismisses '\(field)' on it"
    case .alertButtonPayload(let action):
      "action '\(action)' has a payload, which a button can't give; a button sends an action without one"
    case .alertButtonStartsWork(let action, let key) where key == "then":
      "action '\(action)' is a button's: its follow-ups are sent as the alert is answered, so none may wait "
        + "('after', 'every'); let a follow-up start the wait"
    case .alertButtonStartsWork(let action, let key):
      "action '\(action)' is a button's, reduced inside the reducer as the alert is answered, where no middleware "
        + "sees it, so it can't have '\(key)'; let a follow-up ('then:') start that work"
    case .childFieldNamedLikeAction(let field):
      "'\(field)' names a child's field and an action: the child's actions arrive as the action case '\(field)', "
        + "which the action would declare again; rename one"
    case .navigationActionShape(let action, let isPop) where isPop:
      "action '\(action)' is what the stack's path binding sends when SwiftUI pops it (the back button, a swipe): it "
        + "takes the lowest popped screen's id, 'payload: { screen: Int }', and is sent by the view (no 'from:', no "
        + "'async:'); or leave it out, and it is made to 'pop \(action.dropLast(6)) from screen'"
    case .navigationActionShape(let action, _):
      "action '\(action)' is what the presentation's binding sends when SwiftUI dismisses it (a sheet swiped down): it "
        + "takes no payload and is sent by the view (no 'from:', no 'async:'); or leave it out, and it is made to "
        + "'reset \(action.dropLast(9))'"
    case .navigationActionKeepsView(let action, let field, let isPop) where isPop:
      "action '\(action)' is sent once SwiftUI has popped the screens, so it must pop them too: add 'pop \(field) from "
        + "screen' (or 'clear \(field)'), unconditionally"
    case .navigationActionKeepsView(let action, let field, _):
      "action '\(action)' is sent once SwiftUI has dismissed '\(field)', so it must dismiss it too: add 'reset \(field)', "
        + "unconditionally"
    case .childNamedLikeNavigationAction(let field, let madeFor):
      "'\(field)' is the action made for child '\(madeFor)' (what SwiftUI's navigation sends), which the field's own "
        + "action case would declare again; rename the field"
    case .viewStoreMemberTwice(let member, let field, let other):
      "child '\(field)' gives the view store '\(member)', as \(other) does; rename the child"
    case .unknownAlertRole(let role):
      "a button's role is 'cancel' or 'destructive', not '\(role)'"
    case .notAButton(let name, let suggestion):
      "no alert's button sends '\(name)' (an example's 'alert.NAME' is a button's action, or 'dismiss')" + didYouMean(suggestion)
    case .unseenByMiddleware(let middleware, let action, let reducedBy):
      "middleware '\(middleware)' would never see action '\(action)': \(reducedBy) reduces it inside the reducer, "
        + "where no middleware runs"
    case .alertDismissTaken:
      "'dismiss' is what a button without an action sends; give the action another name"
    case .showsNeedsStack(let field):
      "'shows' keeps the screens of a navigation stack in step with a list of the parent's; '\(field)' holds no stack"
    case .shownListNotModels(let list):
      "'\(list)' is not a list of models with an id in the state: 'shows: { FIELD: LIST }' gives a screen's FIELD "
        + "the element of LIST that has its id"
    case .shownFieldMissing(let field, let stack, let list):
      "no destination of '\(stack)' has a field '\(field)' to show an element of '\(list)'"
    case .shownFieldType(let field, let feature, let type, let element):
      "\(feature)'s '\(field)' is \(type), not \(element): a screen shows an element of the list as the list's own type"
    case .childrenCycle(let chain):
      "'children' goes round in a circle: \(chain.joined(separator: " holds ")); a feature can't hold itself"
    case .typeDeclaredByUsedSpec(let name, let feature):
      "type '\(name)' is already declared by \(feature), which this spec uses; use it, or give this one another name"
    case .missingHandWritten(let name, let what, let command):
      "\(what) '\(name)' has no hand-written implementation in this target; "
        + "create its scaffold with '\(command)'"
    case .requirementMissing(let type, let requirement, let conformance, let show):
      "\(type) lacks '\(requirement)', which \(conformance) now requires; redux-gen never changes this file: "
        + "'\(show)' prints the scaffold of the current requirements to copy from"
    case .requirementChanged(let type, let declared, let requirement, let conformance, let show):
      "\(type) declares '\(declared)', but \(conformance) now requires '\(requirement)'; redux-gen never changes "
        + "this file: '\(show)' prints the scaffold of the current requirements to copy from"
    case .requirementRemoved(let type, let declared, let conformance):
      "\(type) declares '\(declared)', which \(conformance) no longer requires, so nothing calls it; "
        + "remove it, or put back in the spec what required it"
    case .orphanedScaffold(let type, let spec, let conformance, let newScaffolds):
      "\(type) is a scaffold made from \(spec), which no longer has a middleware, custom reducer or live "
        + "effects of that name"
        + (conformance.map { ", and \($0), which it conforms to, is no longer generated" } ?? "")
        + (newScaffolds.isEmpty
          ? "; delete this file"
          : "; if it was renamed, move its code into "
            + (newScaffolds.count == 1 ? "the new scaffold " : "one of the new scaffolds ")
            + newScaffolds.joined(separator: ", ") + ", then delete this file")
    case .missingLiveEffects(let effects, let scaffold, let command):
      "the async actions need live effects, a type conforming to \(effects), and none is in this target; "
        + "create its scaffold (\(scaffold)) with '\(command)'"
    default: nil
    }
  }
}
