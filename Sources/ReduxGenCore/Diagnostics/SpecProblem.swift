/// Everything a user can get wrong in a spec. The words are made in `message`, only.
package enum SpecProblem: Hashable, Sendable {
  // MARK: Document (the file, its YAML, its keys and the names it declares and refers to)
  case fileTooLarge(limit: Int)
  case invalidEncoding
  case yamlSyntax(YAMLSyntaxProblem)
  /// `tags: [String] = []`: a value YAML reads as a list ending at its `]`, with `rest` after it.
  case flowListFollowedByText(key: String, value: String, rest: String)
  case emptyDocument
  case multipleDocuments
  case duplicateKey(String)
  case unknownAlias(String)
  case nestedTooDeep(limit: Int)
  case documentTooLarge(limit: Int)
  case expected(Expectation, found: String)
  /// An action, model or filter named like one of its own keys (`reduce:` written at the
  /// indentation of the action names): what was expected there, and the key's name.
  case keyAtNameIndentation(Expectation, found: String, key: String, of: Subject.Kind)
  case unknownKey(String, context: Subject, suggestion: String?)
  case missingKey(String, context: Subject)
  case invalidIdentifier(String, what: Subject, reason: IdentifierFlaw)
  case duplicateName(String, what: Subject)
  case unknownField(String, context: Subject, suggestion: String?)
  case unknownAction(String, suggestion: String?)
  case unknownCase(String, type: String, suggestion: String?)
  case unknownParameter(String, action: String, suggestion: String?)
  case notAField(String, type: String)
  case reservedName(String, what: Subject, reason: ClashReason)
  case nameTooLong(String, what: Subject, limit: Int)

  // MARK: Types (types, models, conformances, JSON keys and values written inline)
  case unknownType(String, suggestion: String?)
  case invalidTypeSyntax(String)
  case unsupportedIDType(model: String, type: String)
  case invalidDictionaryKey(String)
  case optionalDictionaryValue(String, suggestion: String)
  case invalidDefault(String, type: String)
  /// `"a\qb"`: quoted text with an escape YAML's double-quoted scalars don't have.
  case unknownEscape(String)
  case missingDefault(field: String, type: String)
  case invalidValue(String, type: String)
  /// `conformances:` names something other than `Codable` or `Hashable`.
  case unknownConformance(String)
  /// `conformances:` names one twice.
  case repeatedConformance(String)
  /// A used spec's model lacks a conformance this spec's types need of it.
  case usedModelLacksConformance(String, String, spec: String, why: String)
  case missingField(String, model: String)
  /// `json:` on a field that isn't a model's.
  case jsonKeyOutsideModel(String)
  case emptyJSONKey(String)
  /// Two fields of a model encoded under one JSON key.
  case duplicateJSONKey(String, field: String, other: String)
  case valueOutOfRange(String, type: String)
  /// A case written `NAME: {}`: one that carries no values is written by its name alone.
  case caseWithoutValues(String, enumName: String)
  /// A case's value with a default: a case is made with every value.
  case caseValueWithDefault(String, owner: String)
  /// A case whose values' struct (`Playing`) or property meets another member's name.
  case caseValuesClash(String, enumName: String, type: String, clash: String)
  /// A case that carries a value of an enum whose cases carry values (itself among them).
  case caseValueOfSumEnum(String, enumName: String, held: String)
  /// A case whose values' struct (`Date` for a case `date`) would hide a type its enum's values hold.
  case caseHidesType(String, enumName: String, type: String)
  /// A case's value of a type a case can't carry (a model).
  case caseValueType(String, owner: String, type: String)
  /// An enum whose cases carry values where only a String-backed one goes (a sort key, a column).
  case enumCarriesValues(String, use: String)

  // MARK: Conditions (conditions, the expressions in them, and filters)
  /// A state field named where an action's parameter is read.
  case stateReadAsParameter(String, action: String, numeric: Bool)
  /// `weather.id` in a condition, where `weather` is an optional model.
  case readThroughOptional(String, path: String, type: String)
  /// `count?.x`: `?.` after a path that isn't optional (its text and type).
  case notOptionalChained(String, type: String)
  /// `rows.first?.tags[0]`: `[...]` after a path read through `?.` (its text).
  case subscriptAfterChain(String)
  /// `ids.contains(id)` in a condition.
  case membershipInCondition(String, type: String)
  /// `a + b` where the two types don't mix (`Int64 + Double`), or one isn't a number arithmetic takes.
  case cannotCompute(String, op: String, String)
  /// `abs("x")`, `name.hasPrefix(3)`: a function of the expression language given a value it
  /// doesn't take (the value as a message shows it, and what it takes).
  case cannotApply(String, to: String, takes: String)
  /// `byId[key]` in a condition.
  case lookupInCondition(String, type: String)
  /// A `where` naming a state field or parameter: it reads the element's fields only.
  case whereReadsOnlyElement(String, element: String, what: Subject)
  case stateHiddenByField(String, element: String)
  /// A bare name in a condition over elements that is the element's field and also a parameter
  /// of the action (`action`) or a state field (`state`): never chosen silently.
  case nameOfTwoScopes(String, element: String, action: String?, state: Bool)
  case filterOverNotModelList(String, type: String)
  case filterSelectedExists(String)
  case noCases(String)
  /// A filter case reading a filter's result.
  case filterReadsFilterResult(String)
  case expectedToken(Expectation, found: String)
  case unexpectedText(String)
  case typeMismatch(expected: String, found: String, what: Subject)
  case notBool(String, type: String)
  case notNumeric(String, type: String)
  case cannotCompare(String, String, op: String)
  case nilAgainstNonOptional(String)
  case predicateNotBool(type: String)
  /// `where` after a list whose elements are not models.
  case conditionNeedsFields(String, type: String)
  case notSortable(String, type: String)
  /// A case that carries values compared or assigned by its name alone (`mode == playing`).
  case caseNeedsValues(String, enumName: String, labels: [String])
  /// A case's values not as the case declares them: `playing(progress: 0.5)`.
  case caseValuesMismatch(String, enumName: String, labels: [String])
  /// An alert's `\(VALUE)` of a type text doesn't show well (an optional, a list).
  case notShownAsText(String, type: String)
  /// A bare word as a text key of a path written (`votes[selected]`) that names nothing in the
  /// action's scope: text is quoted.
  case bareWordKey(String, action: String)
  /// `VALUE is CASE` on a value that is no enum.
  case caseTestOnNonEnum(String, type: String)

  // MARK: Derived (derived values)
  /// Arithmetic right after a `count`, `sum`, `any` or `all` (`count items + 1`).
  case arithmeticAfterAggregate(String)
  /// A derived value read where only a state field can be (the list of `count`, `sum`, a lookup).
  case derivedReadAsStateField(String)
  case cannotMultiply(String, String)
  /// A derived value's arithmetic that reads a derived value written after it (or itself).
  case derivedReadsLater(String, value: String)
  /// Arithmetic of literals alone as a derived value.
  case derivedReadsNothing(String)
  /// `sum items.price * labels[id]` where `labels` is not a dictionary of numbers.
  case notWeights(String, type: String)
  /// `count flags` where `flags` is neither a list nor a dictionary.
  case notAggregated(String, type: String)
  /// `* weights[key]` over a dictionary whose values have a field `key` too.
  case entryKeyAmbiguous(list: String, model: String)
  /// `* weights[key]` where the dictionary's keys and the weights' keys differ in type.
  case entryKeyMismatch(list: String, type: String, weights: String, weightsKey: String)
  /// `* weights[key]` over a list of models without a field `key`.
  case entryKeyOverList(String, model: String)
  /// A derived value's arithmetic over a value that isn't a number (`all`, a lookup).
  case notArithmeticValue(String, type: String)
  /// `shelf.entities[shelf.selectedId]` as a derived value.
  case lookupInsideField(String)
  /// A derived value that starts with none of its words.
  case unknownDerivation(String, suggestion: String?)
  /// `users[key]` where `users` is not a dictionary or a list of models with an id.
  case notLookup(String, type: String)
  /// A derived value with the name of a state field or filter result.
  case derivedNameTaken(String)
  /// `product(id` or `product()`: a derived value's parameter is one name in parentheses.
  case derivedParameterSyntax(String)
  /// A selector written as a mapping whose `parameters` are empty (its name).
  case selectorWithoutParameters(String)
  /// A selector of `parameters` and `value` in an app spec (its name).
  case selectorInApp(String)
  /// A derived value reading one that takes parameters (the selector, the value).
  case readsSelector(String, value: String)
  /// A selector's parameter with a default, or of a type its view store can't remember a
  /// result by (the parameter, its type, whether it has a default).
  case selectorParameter(String, type: String, hasDefault: Bool)
  /// `visible(id): count items`: a parameter is the key of a lookup.
  case derivedParameterNeedsLookup(String)
  /// `product(id): products[selectedID]`: the lookup's key isn't the parameter.
  case derivedParameterUnused(String, key: String)

  // MARK: Operations (reduce operations)
  case indexSetOutsidePayload(String, type: String)
  case needsOffsets(action: String)
  case notAFilterResult(String, list: String, results: [String])
  case moveNeedsParameters(action: String, offsets: [String], destinations: [String])
  case sortedResult(String, filter: String)
  case resultNeedsIDs(String, model: String)
  case upsertKeyNotID(String, key: String, model: String, id: String)
  /// `- if x:` with no operations after it.
  case branchWithoutOperations(String)
  case unknownOperation(String, suggestion: String?)
  /// `NAME = VALUE` as a whole operation: most likely the rest of one that YAML's flow list split
  /// at a comma (`[present x with id = id, date = date]`).
  case operationSplitAtComma(String)
  /// `set done = done`: the field given its own value.
  case setToItself(String)
  /// `set status = busy` where `busy` is a case of the target's enum and a state field.
  case caseOrStateField(String, type: String)
  case notCollection(String, type: String)
  /// `push` or `pop` on a field that isn't a navigation stack.
  case notAStack(String, type: String)
  /// `persist: [path]` naming a navigation stack.
  case persistedStack(String)
  /// `reset path` on a navigation stack.
  case resetStack(String)
  /// `push path` without `.DESTINATION`.
  case stackPushNeedsDestination(String, destinations: [String])
  /// `push STACK.DEST with FIELD = ...` where FIELD is no state field of the destination's own
  /// (the field, the destination's feature, a suggestion).
  case pushedFieldUnknown(String, feature: String, suggestion: String?)
  /// `with FIELD = LIST[KEY]` where LIST is no list of models with an id in the state.
  case pushedElementList(String)
  /// `with FIELD = ...` given twice.
  case pushedFieldTwice(String)
  /// `with FIELD.INNER = ...` builds a new model that lacks its id or a field without a default
  /// (the path built, the field, its type, the model).
  case builtFieldMissing(String, field: String, type: String, model: String)
  /// `with FIELD[0].INNER = ...` where FIELD is no list of models (the path, its type).
  case builtElementNotInList(String, type: String)
  /// `with LIST[N].INNER = ...` before `LIST[N - 1]` is given (the element's path, the position expected).
  case builtElementOutOfOrder(String, next: Int)
  /// `with LIST[0].id = X, LIST[1].id = X`: two elements of a list built given one id (the list's path).
  case builtElementIDTwice(String)
  /// `present FIELD` where FIELD holds no presented child (the field, its type).
  case notPresented(String, type: String)
  /// `push path.NAME` where the stack has no such destination.
  case unknownDestination(String, stack: String, suggestion: String?)
  case noIDField(String)
  case needsValue(operation: String, action: String)
  case ambiguousValue(operation: String, action: String)
  case noDefaultToReset(String)
  case elementPathNeedsID(String)
  /// `list[]`: every element, which only `set` reaches.
  case everyElementUnsupported(String)
  /// `sort`, `move` or `set list[]...` of a list inside a dictionary entry.
  case wholeListInEntry(String)
  /// `set list[] = value`: every element replaced, without a field.
  case everyElementNeedsField(String)
  case eachElementNeedsField(String)
  case eachElementIdentified(String, model: String)
  /// A write to `list[id].id`: the list finds (and indexes) its elements by id.
  case elementIDChanged(list: String)
  /// `set list[id] = value`: a whole element replaced, maybe with another id.
  case elementReplaced(list: String)
  /// Two elements with one id in a list literal of identified models.
  case duplicateID(String, type: String)
  case customNotAlone
  /// A parameter of an action whose element is built from the payload that is no field of it.
  case notElementField(String, action: String, model: String)
  /// A field an element built from the payload needs and no parameter gives.
  case elementFieldMissing(String, type: String, model: String)
  /// An item of `reduce` that is a mapping but not `if CONDITION: ...` or a following `else`.
  case notConditional(String)
  /// `else` (or `else if`) that follows no `if`.
  case elseWithoutIf
  /// `if` written inside a reduce operation's text rather than as a YAML key.
  case conditionalAsText
  /// `move RESULT`: a filter's result moved as if it were a list (the result, its list).
  case moveInResult(String, list: String)
  /// `remove LIST[P]` with an IndexSet parameter: the list and the parameter.
  case offsetsInBrackets(String, offsets: String)
  case indexOutOfReach(String)

  // MARK: Actions (actions' effects: requests, their scopes and timing, follow-ups, bindings, events, API bindings and cached answers)
  case unknownPolicy(String, suggestion: String?)
  case scopePolicyClash(String, request: String, policy: String, other: String, otherPolicy: String)
  case unknownEffectScope(String, suggestion: String?)
  case invalidDuration(String)
  case exclusiveKeys(String, String, reason: String)
  /// A stream's failure holds a typed error: a stream throws `any Error`.
  case streamTypedFailure(request: String, type: String)
  /// `failure: { error: T }` where T is declared by a used spec: a typed error is an Error where
  /// it is declared, so it must be this spec's.
  case typedFailureFromUsedSpec(request: String, type: String, feature: String)
  /// `carry` names a field an outcome's own payload declares too.
  case carriedDeclared(String, outcome: String, implied: Bool)
  case scopeTimingClash(String, request: String, other: String, policy: String)
  /// An existing action named as an outcome lacks a carried field, or has it with another type.
  case outcomeLacksCarried(String, type: String, outcome: String, request: String)
  case unfitOutcome(String, request: String, reason: OutcomeFlaw)
  /// An example's `effects` names no effect method of the spec.
  case unknownEffect(String, suggestion: String?)
  /// An example's `middleware` names no middleware of the spec.
  case unknownMiddleware(String, suggestion: String?)
  case followUpValue(String, type: String, action: String, trigger: String)
  case followUpDelays(trigger: String)
  case followUpLoop([String])
  /// `cancels:` naming a trigger whose follow-ups are dispatched at once: nothing waits to stop.
  case cancelsFollowUpsThatDontWait(String)
  case needsAsync(String, action: String)
  /// `binding: true` on an action that isn't `set FIELD = PARAMETER` with one parameter.
  case bindingNotASetter(action: String)
  /// A second `binding: true` action of one field.
  case bindingTaken(field: String, action: String)
  /// The binding's member (`titleBinding`) is the name of a state field or derived value.
  case bindingNameTaken(String, field: String)
  /// The binding's getter reads the field's type, its setter sends the payload's: they differ.
  case bindingTypeDiffers(action: String, field: String, fieldType: String, payloadType: String)
  case unknownEvent(String, suggestion: String?)
  case outcomeClash(String, request: String)
  /// Binding requests to an OpenAPI document's operations.
  case api(APIProblem)
  /// Cached answers: `fresh`, `provides`, `invalidates`.
  case cache(CacheProblem)

  // MARK: Examples (examples)
  /// `effects`, `receive` or `middleware` in an example that says `through: reducer`.
  case storeOnlyKey(String)
  /// An example through the store in a spec whose effects build a failure action by hand.
  case storeExampleNeedsDerivedFailure(failure: String, request: String)
  /// A received action's `= new` or `= now` parameter left out: the example can't know it unless given.
  case madeValueNotGiven(String, action: String, isID: Bool)
  /// `wait:` in an example that runs through the reducer, where no clock moves.
  case waitOutsideStore
  /// `wait:` in a spec where no follow-up waits (`after`, `every`).
  case waitWithoutDelays
  /// `wait:` outside an example's `when:` (in `start:`, `receive:`, a child's step).
  case waitNotHere
  /// `wait:` that would deliver more ticks than a test should wait for.
  case waitTooLong(ticks: Int, interval: Int)
  /// `wait:` where two triggers' waiting follow-ups may come in one wait, in no fixed order.
  case waitOrderUnknown([String])
  /// A parent example's `receive` of a child's action that no follow-up of the child sends (a
  /// request's outcome, or an action only the view sends).
  case childActionNotReceived(String, feature: String, outcome: Bool)

  // MARK: Modules (apps, specs used by others, and the hand-written code a spec needs)
  case unreadableFeature(String)
  case appNotFeature
  case appFeatureNotPublic(String)
  /// `shared:` names a feature the app doesn't have.
  case unknownAppFeature(String, suggestion: String?)
  /// An app value reading a field of a type two features' specs declare (the type, the specs'
  /// features, the field read): the app's value can't tell them apart.
  case appValueTypeAmbiguous(String, features: [String], field: String)
  /// A shared action listed with fewer than two features.
  case sharedActionNeedsFeatures(String)
  /// A shared action that a listed feature (field name, feature type) doesn't declare.
  case sharedActionMissing(String, feature: String, type: String, suggestion: String?)
  /// A shared action whose payloads differ: each feature with its payload, as Swift reads it.
  case sharedPayloadsDiffer(String, feature: String, payload: String, otherFeature: String, otherPayload: String)
  /// `uses:` names a spec that can't be read (as written).
  case unreadableUsedSpec(String)
  /// `uses:` names a spec that isn't `access: public`: its models live in another module.
  case usedSpecNotPublic(String)
  /// `uses:` leads back to a spec being checked: the paths of the circle, first to last.
  case usesCycle([String])
  /// `children:` names a spec that can't be read (as written).
  case unreadableChildSpec(String)
  /// A child feature that isn't `access: public`: its state and action live in another module.
  case childSpecNotPublic(String)
  /// A child feature whose state has no `id`: its elements can't be told apart.
  case childWithoutID(String)
  /// A child feature whose state's `id` is of a type an example can't write (the feature, the type).
  case childIDType(String, type: String)
  /// A child feature whose state and action lack a conformance the parent needs of them (the
  /// feature, the conformance, why).
  case childLacksConformance(String, String, why: String)
  /// A `dismissOn` action that starts a request or a follow-up (the action, the child feature).
  case dismissOnStartsWork(String, feature: String)
  /// `from: STACK.DEST.ACTION` on an action that pops the stack, where ACTION starts a request
  /// or a follow-up (the source, the parent's action): popped, the screen's work ends at once.
  case handlerPopsWork(String, handler: String)
  /// A child feature of a list whose action writes its state's `id` (the feature, the action).
  case childChangesID(String, action: String)
  /// `dismissOn` on a list of child features (the field): only a presented child is dismissed.
  case dismissOnList(String)
  /// An action a child feature doesn't declare (the action, the child feature).
  case unknownChildAction(String, feature: String, suggestion: String?)
  /// `from:` naming a field that holds no child feature (the name, a suggestion).
  case unknownChild(String, suggestion: String?)
  /// A middleware's `on:` (or `dispatches:`) naming a child field: its actions come as the
  /// routing case, which the child's own middleware hears.
  case childInActionList(String, feature: String, routing: String, children: String, key: Subject)
  /// A child feature's spec with errors (reported in its own file).
  case childSpecHasErrors(String)
  /// `from:` written other than `FIELD.ACTION` (the text).
  case handlerSource(String)
  /// An action with `from:` that also starts work no middleware would see (the action, the key).
  case handlerStartsWork(String, key: String)
  /// A child's action reduced by two of the parent's actions (`field.action`, the first action).
  case handledTwice(String, first: String)
  /// `from: FIELD.ACTION` where the child reduces ACTION itself from its own child's action (the
  /// source, the child's feature, the child's own `from:`): reduced there, the parent never hears it.
  case handlerHearsHandler(String, feature: String, childFrom: String)
  /// `delegate: true` on an action with `from:` (the action, its `from:`): reduced inside the
  /// reducer, its parent never hears it.
  case delegateFromChild(String, from: String)
  /// A parameter of an action with `from:` that the child's action and state lack (the
  /// parameter, the action, the child's action, the child feature).
  case handlerParameter(String, action: String, childAction: String, feature: String)
  /// A parameter of an action reducing a grandchild's action (`from: login.twoFactor.submitted`)
  /// that the grandchild's action lacks (the parameter, the action, the grandchild's action, its
  /// feature): by then the grandchild may be dismissed, so its state is not read.
  case grandchildHandlerParameter(String, action: String, childAction: String, feature: String)
  /// A path to a grandchild's action through a field that is not a presented feature (the field,
  /// the feature holding it, what it holds instead).
  case handlerThrough(String, feature: String, holds: String)
  /// A grandchild's action a button of its feature's alert sends too (the path, the alert, the
  /// feature): a button is heard as its action one level up only.
  case grandchildButton(String, alert: String, feature: String)
  /// A path to a grandchild's action through a field its feature doesn't hold (the name, the
  /// feature, a suggestion).
  case unknownGrandchild(String, feature: String, suggestion: String?)
  /// A parameter of an action with `from:` whose type differs from what the child gives (the
  /// parameter, its type, the type the child gives).
  case handlerParameterType(String, type: String, given: String)
  /// A child's `delegate: true` action its parent neither reduces nor dismisses on (the action,
  /// the child feature, the field).
  case delegateUnhandled(String, feature: String, field: String)
  /// An alert button's action that has a payload (the action).
  case alertButtonPayload(String)
  /// An alert button's action that starts work no middleware would see (the action, the key).
  case alertButtonStartsWork(String, key: String)
  /// A button role other than `cancel` and `destructive` (the role).
  case unknownAlertRole(String)
  /// A button's action named like the case of a button that only dismisses.
  case alertDismissTaken
  /// A child's field named like an action of the parent's, declared or made by a request (the
  /// field): both would be a case of the action enum.
  case childFieldNamedLikeAction(String)
  /// `alert.NAME` in an example where no button sends NAME (the name, a suggestion).
  case notAButton(String, suggestion: String?)
  /// A middleware's `on` naming an action reduced inside the reducer (the middleware, the
  /// action, what reduces it: a button or a child's action).
  case unseenByMiddleware(String, action: String, reducedBy: String)
  /// A navigation action the spec declares (`namerDismissed`, `pathPopped`) that doesn't take
  /// what its binding gives, or is a child's or a request (the action, whether it is a pop).
  case navigationActionShape(String, isPop: Bool)
  /// A declared navigation action that doesn't dismiss the child (`reset FIELD`) or pop the
  /// screens (`pop FIELD from screen`, `clear FIELD`) SwiftUI has let go of (the action, the
  /// field, whether it is a pop).
  case navigationActionKeepsView(String, field: String, isPop: Bool)
  /// A child field named like the navigation action made for another child (the field, the
  /// child it is made for).
  case childNamedLikeNavigationAction(String, madeFor: String)
  /// Two view store members of one name: a child's binding and another's (the member, the
  /// child, what else makes it).
  case viewStoreMemberTwice(String, field: String, other: String)
  /// `shows:` on a child field that holds no navigation stack (the field).
  case showsNeedsStack(String)
  /// `shows: { FIELD: LIST }` where LIST is no list of models with an id (the list).
  case shownListNotModels(String)
  /// `shows: { FIELD: LIST }` where no destination of the stack has FIELD (the field, the stack,
  /// the list).
  case shownFieldMissing(String, stack: String, list: String)
  /// `shows: { FIELD: LIST }` where a destination's FIELD isn't of LIST's element type (the
  /// field, the destination's feature, its type, the element type).
  case shownFieldType(String, feature: String, type: String, element: String)
  /// `children:` leads back to a spec being checked: the paths of the circle, first to last.
  case childrenCycle([String])
  /// A type declared by this spec and by a spec it uses (the used feature).
  case typeDeclaredByUsedSpec(String, feature: String)
  case missingHandWritten(String, what: Subject, command: String)
  /// A hand-written type lacks a function its generated protocol now requires; `show` prints
  /// the scaffold of the current requirements.
  case requirementMissing(type: String, requirement: String, protocol: String, show: String)
  /// A hand-written type declares a requirement's function, but not as the protocol now
  /// requires it (other labels, or static where it isn't).
  case requirementChanged(type: String, declared: String, requirement: String, protocol: String, show: String)
  /// A hand-written type declares a function shaped like a requirement its protocol no longer has.
  case requirementRemoved(type: String, declared: String, protocol: String)
  /// A scaffold made from the spec at `spec` whose type no part of the spec owns any more;
  /// `conformance` is the generated protocol it conformed to, if no longer generated;
  /// `newScaffolds` are the files of the spec's scaffolds that no file declares yet.
  case orphanedScaffold(type: String, spec: String, conformance: String?, newScaffolds: [String])
  /// A spec with async actions, and no type conforming to its effects protocol in the target.
  case missingLiveEffects(protocol: String, scaffold: String, command: String)

  // MARK: Persistence (persistence, migrations and persisted shapes)
  case invalidPersistKey(String)
  case unknownStorage(String, suggestion: String?)
  case invalidPersistVersion(String)
  case migrationVersion(Int, current: Int)
  case migrationStepShape
  case migrationPath(String, reason: String)
  case migrationNeedsValue(String, key: String)
  case migrationValue(String)
  case retypeUnsupported(String, type: String)
  case sqliteWholeField(String)
  case persistedStoreChanged(what: String, old: String, new: String, advice: String)
  case persistedFieldWithoutDefault(String, advice: ShapeAdvice)
  case persistedFieldRemoved(String, snapshot: String, advice: ShapeAdvice)
  case persistedFieldRetyped(
    String, old: String, new: String, snapshot: String, convertible: Bool, advice: ShapeAdvice)
  case persistedFieldMaybeRenamed(String, to: String, type: String, advice: ShapeAdvice)
  case persistedFieldRequired(String, old: String, new: String, advice: ShapeAdvice)
  case persistedIdAdded(String, advice: ShapeAdvice)
  case persistedEnumCasesRemoved(String, enum: String, cases: [String], version: Int)
  case persistedChangeInDictionary(String, version: Int)
  case persistedVersionLowered(String, version: Int)
  case snapshotUnreadable(String)

  // MARK: Warnings (warnings)
  case middlewareHandlesNothing(String)
  case untested(String)
}

/// libyaml's syntax error, kept as data and put in plain words.
package struct YAMLSyntaxProblem: Hashable, Sendable {
  package var libyamlProblem: String
  package var context: String?
  /// The character libyaml stopped at, when known.
  package var character: Character?

  package var message: String {
    if character == "\t" {
      return "a tab is used for indentation; YAML allows only spaces"
    }
    switch libyamlProblem {
    case "mapping values are not allowed in this context":
      return "unexpected ':' here; quote a value that contains ': '"
    case "did not find expected key" where character == "-":
      return "bad indentation: a list item where a key was expected; indent the items of a key's list at "
        + "least as far as the key, and the items of one list alike"
    case "did not find expected key":
      return "bad indentation: a key was expected at this level"
    case "found unexpected end of stream":
      return "the file ends inside a quoted string or a '[' or '{' that is not closed"
    case "did not find expected ',' or ']'":
      return "a '[' list is not closed with ']'; inside '[...]' a '[' or ']' of an item ends the list: "
        + "write a block list (one '- item' a line) or quote the item"
    case "did not find expected ',' or '}'":
      return "a '{' mapping is not closed with '}'"
    case "found character that cannot start any token":
      return "a character that can't start a YAML value; quote the value"
    default:
      var text = "invalid YAML: \(libyamlProblem)"
      if let context { text += " (\(context))" }
      return text
    }
  }
}

extension String {
  /// `field` for `a field`, `action` for `an action`.
}

/// Why an existing action can't be a request's outcome.
package enum OutcomeFlaw: Hashable, Sendable {
  case isTheRequest
  case isAsync
  case isAnotherOutcome(of: String)
  case isBothOutcomes
  /// The outcome's reduce is its own; `onSuccess` or `onFailure` would be a second one.
  case hasOnKey(String)

  var message: String {
    switch self {
    case .isTheRequest: "it is the request itself"
    case .isAsync: "it is async itself, with outcomes of its own"
    case .isAnotherOutcome(let request): "it is already an outcome of '\(request)'"
    case .isBothOutcomes: "it is already its success; success and failure are two actions"
    case .hasOnKey(let key): "write what it does in its own 'reduce', not in '\(key)'"
    }
  }
}
