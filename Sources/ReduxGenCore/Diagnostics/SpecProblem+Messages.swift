// Every spec problem in the words the user reads.
extension SpecProblem {
  /// What the user reads.
  package var message: String {
    switch self {
    case .fileTooLarge(let limit):
      "the spec is larger than \(limit) bytes"
    case .invalidEncoding:
      "the spec is not valid UTF-8 text"
    case .yamlSyntax(let problem):
      problem.message
    case .flowListFollowedByText(let key, let value, let rest):
      "the value of '\(key)' starts with '[', so YAML reads a list that ends at its ']', and '\(rest)' "
        + "can't follow it; quote the whole value: \(key): \(Self.quotedYAML(value))"
    case .emptyDocument:
      "the spec is empty; it needs at least 'feature', 'state' and 'actions'"
    case .multipleDocuments:
      "a spec holds one YAML document; remove the second '---'"
    case .duplicateKey(let key):
      "duplicate key '\(key)'"
    case .unknownAlias(let name):
      "unknown alias '*\(name)'; no anchor '&\(name)' comes before it"
    case .nestedTooDeep(let limit):
      "the document is nested more than \(limit) levels deep"
    case .documentTooLarge(let limit):
      "the document expands to more than \(limit) nodes (are aliases repeating themselves?)"
    case .expected(let what, let found):
      "expected \(what), found \(found)"
    case .keyAtNameIndentation(let what, let found, let key, let kind):
      "expected \(what), found \(found); '\(key)' is a key of \(Subject.a(kind)): if it belongs to the \(kind.rawValue) "
        + "above it, indent it further than that \(kind.rawValue)'s name"
    case .unknownKey(let key, let context, let suggestion):
      "unknown key '\(key)' in \(context)" + didYouMean(suggestion)
    case .missingKey(let key, let context):
      "missing required key '\(key)' in \(context)"
    case .invalidIdentifier(let name, let what, let reason):
      "'\(name)' can't be the name of \(what): \(reason)"
    case .duplicateName(let name, let what):
      "\(what) '\(name)' is declared more than once"
    case .unknownType(let name, let suggestion):
      "unknown type '\(name)'"
        + (suggestion == nil
          ? "; a type is "
            + SpecType.Scalar.allCases.map(\.rawValue).joined(separator: ", ")
            + ", a model or enum of the spec, T?, [T] or [K: V], or IndexSet in a payload"
          : didYouMean(suggestion))
    case .unknownPolicy(let word, let suggestion):
      "unknown policy '\(word)': a policy is latest (a new request cancels the running one), every (all run), queue "
        + "(one at a time, in order) or exhaust (a request made while one runs is dropped)" + didYouMean(suggestion)
    case .scopePolicyClash(let scope, let request, let policy, let other, let otherPolicy):
      "'\(request)' is \(policy) but shares the effect scope '\(scope)' with '\(other)', which is \(otherPolicy); "
        + "the requests of a scope follow one policy"
    case .invalidDuration(let text):
      "'\(text)' is no duration: write a whole number of milliseconds or a number of seconds, as 300ms or 1.5s, "
        + "above zero and at most a day"
    case .exclusiveKeys(let first, let second, let reason):
      "'\(first)' and '\(second)' can't both be given: \(reason)"
    case .carriedDeclared(let name, let outcome, let implied):
      implied
        ? "'\(name)' is carried from the request into '\(outcome)', whose payload is '{ message: String }' (the error's "
          + "description) while 'failure' is left out: write 'failure' with other fields, or don't carry '\(name)'"
        : "'\(name)' is carried from the request into '\(outcome)'; don't declare it in the outcome's payload too"
    case .scopeTimingClash(let scope, let request, let other, let policy):
      "'\(request)' waits otherwise than '\(other)' (debounce, throttle or neither), and both are in the effect scope "
        + "'\(scope)', which is \(policy): only under 'latest' may one waiting request replace another"
    case .outcomeLacksCarried(let name, let type, let outcome, let request):
      "'\(outcome)' is an outcome of '\(request)', which carries '\(name)': give '\(outcome)' a payload parameter "
        + "'\(name): \(type)'"
    case .unfitOutcome(let name, let request, let reason):
      "action '\(name)' can't be an outcome of '\(request)': \(reason.message)"
    case .unknownEffectScope(let name, let suggestion):
      "'cancels' names '\(name)', which is no async action or effect scope of this feature\(didYouMean(suggestion))"
    case .unsupportedIDType(let model, let type):
      "the 'id' of model \(model) is how a list finds its elements, so it is UUID, Int, Int64 or String, not \(type); "
        + "name the field otherwise if it isn't the element's identity"
    case .indexSetOutsidePayload(let name, let type):
      "'\(name)' can't be of type \(type): IndexSet is a payload parameter's type, alone (the offsets SwiftUI's "
        + "onMove and onDelete give, for 'move' and 'remove LIST at OFFSETS')"
    case .needsOffsets(let action):
      "expected a payload parameter of type IndexSet; add one to action '\(action)', as in 'payload: { offsets: IndexSet }'"
    case .notAFilterResult(let name, let list, let results):
      "'\(name)' is not the result of a filter over \(list)"
        + (results.isEmpty ? "; no filter is over it" : "; write " + results.map { "'\($0)'" }.joined(separator: " or "))
    case .resultNeedsIDs(let name, let model):
      "offsets in '\(name)' find the elements in the list by id, but \(model) has no field 'id'"
    case .sortedResult(let name, let filter):
      "'\(name)' is sorted (filter \(filter) has a 'sort'), so a move in it can't say where the elements go in the list"
    case .moveNeedsParameters(let action, let offsets, let destinations):
      "'move LIST' takes the action's only IndexSet and only Int parameters, but action '\(action)' has "
        + [("IndexSet", offsets), ("Int", destinations)].map { type, names in
          names.isEmpty ? "no \(type) parameter" : "\(type) " + names.map { "'\($0)'" }.joined(separator: ", ")
        }.joined(separator: " and ")
        + "; name them ('move LIST from OFFSETS to DESTINATION') or give it 'payload: { from: IndexSet, to: Int }'"
    case .invalidTypeSyntax(let text):
      "'\(text)' is not a type; write a type as Swift does: String, Task?, [Task], [String: Task]"
    case .optionalDictionaryValue(let type, let suggestion):
      "a dictionary's values can't be optional ('\(type)'): an absent key already reads as nil; write '\(suggestion)'"
    case .invalidDictionaryKey(let type):
      "'\(type)' can't be a dictionary key; use String, Int, UUID or an enum"
    case .invalidDefault(let literal, let type):
      "default '\(literal)' is not a value of type \(type)"
    case .unknownEscape(let literal):
      "'\(literal)' has an escape that YAML's double-quoted text doesn't have; write a backslash as '\\\\'"
    case .missingDefault(let field, let type):
      "state field '\(field)' of type \(type) needs a default, as in '\(field): \(type) = ...'"
    case .invalidValue(let text, let type):
      "'\(text)' is not a value of type \(type)"
    case .unknownConformance(let word):
      ["Equatable", "Sendable", "Identifiable"].contains(word)
        ? "'\(word)' needs no asking: every model is \(word == "Identifiable" ? "Identifiable with an 'id' field" : word); "
          + "'conformances' lists Codable and Hashable"
        : "'\(word)' is not a conformance redux-gen generates on request; 'conformances' lists Codable and Hashable"
    case .repeatedConformance(let word):
      "'\(word)' is listed twice in 'conformances'"
    case .usedModelLacksConformance(let name, let conformance, let spec, let why):
      "'\(name)' must be \(conformance) here (\(why)), but \(spec) doesn't generate it so; "
        + "add 'conformances: [\(conformance)]' to '\(name)' there"
    case .unknownField(let name, let context, let suggestion):
      "unknown field '\(name)' in \(context)" + didYouMean(suggestion)
    case .unknownAction(let name, let suggestion):
      "unknown action '\(name)'" + didYouMean(suggestion)
    case .unknownCase(let name, let type, let suggestion):
      "'\(name)' is not a case of \(type)" + didYouMean(suggestion)
    case .unknownParameter(let name, let action, let suggestion):
      "action '\(action)' has no parameter '\(name)'" + didYouMean(suggestion)
    case .arithmeticAfterAggregate(let op):
      "'\(op)' after a count or sum: a derived value's arithmetic reads state fields and the derived values written "
        + "before it, so give the count its own derived value (`itemCount: count items`) and compute with that "
        + "(`itemCount + 1`)"
    case .derivedReadAsStateField(let name):
      "'\(name)' is a derived value, but only a state field can be read here: a lookup reads the state's "
        + "lists and dictionaries by a key that is a state field ('count', 'sum', 'any' and 'all' also read a list "
        + "an earlier derived value gives); write this value over the fields '\(name)' reads"
    case .stateReadAsParameter(let name, let action, let numeric):
      "'\(name)' is a state field, but this value reads action '\(action)''s payload and literals, not the state; "
        + (numeric ? "to change it by an amount write 'increment \(name) by N', or " : "")
        + "declare '\(name)' in the payload"
    case .unknownEffect(let name, let suggestion):
      "unknown effect '\(name)'" + didYouMean(suggestion)
    case .unknownMiddleware(let name, let suggestion):
      "unknown middleware '\(name)'" + didYouMean(suggestion)
    case .storeOnlyKey(let key):
      "'\(key)' runs an example through the store, which 'through: reducer' says it doesn't"
    case .storeExampleNeedsDerivedFailure(let failure, let request):
      "an example can't run through the store while the effects build '\(failure)' by hand: a test double "
        + "can't build it; give '\(failure)' only 'message: String', 'error: T' or the fields '\(request)' carries"
    case .notAField(let name, let type):
      "can't read '\(name)': it would be a field of a value of type \(type), which has no fields"
    case .readThroughOptional(let name, let path, let type):
      "can't read '\(name)' of '\(path)': '\(path)' is optional (\(type)), and a condition or a derived value doesn't read through an optional; compare '\(path)' with nil, or keep what you need in a field that isn't optional"
    case .followUpValue(let parameter, let type, let action, let trigger):
      "'\(action)' needs '\(parameter): \(type)', which '\(trigger)' can't give: a follow-up takes each parameter from the trigger's parameter of its name, else the state field of its name, else its default; give '\(trigger)' a parameter '\(parameter): \(type)'"
    case .followUpDelays(let trigger):
      "the delayed follow-ups of '\(trigger)' wait alike: they are dispatched together, in order, once the wait has passed with no newer '\(trigger)'; give them one duration, or make the later one a follow-up of the earlier"
    case .cannotCompute(let lhs, let op, let rhs) where op == "%":
      "can't compute \(lhs) % \(rhs): '%' takes two whole numbers of one type, Int or Int64 (a Double has no remainder operator in Swift)"
    case .cannotCompute(let lhs, let op, let rhs) where op == "min" || op == "max":
      "can't compute \(op)(\(lhs), \(rhs)): \(op) takes two values of one type that has an order (numbers, text, dates), or an integer and a Double (a Double), neither optional"
    case .cannotCompute(let lhs, let op, let rhs):
      "can't compute \(lhs) \(op) \(rhs): arithmetic takes two values of one type among Int, Int64 and Double, or an integer and a Double (a Double); keep other numbers in fields of their own; in a condition, '+' also joins two String values"
    case .derivedReadsLater(let name, let value) where name == value:
      "'\(value)' can't read itself: a derived value reads the state's fields and the derived values written before it"
    case .derivedReadsLater(let name, let value):
      "'\(value)' can't read '\(name)': a derived value reads the state's fields and the derived values written before it; move '\(name)' above '\(value)'"
    case .notWeights(let name, let type):
      "'\(name)' has type \(type): 'sum LIST.FIELD * NAME[KEY]' multiplies by the number a dictionary of numbers holds under each element's KEY"
    case .notAggregated(let name, let type):
      "'\(name)' has type \(type): count, sum, any, all and isEmpty read a list or a dictionary (its values)"
    case .entryKeyAmbiguous(let list, let model):
      "'key' over '\(list)' could name each entry's key or \(model)'s field 'key': rename the field to weigh by either"
    case .entryKeyMismatch(let list, let type, let weights, let weightsKey):
      "the keys of '\(list)' have type \(type), but '\(weights)' is keyed by \(weightsKey)"
    case .entryKeyOverList(let list, let model):
      "\(model) has no field 'key': '[key]' names each entry's key only over a dictionary, and '\(list)' is a list; weigh by a field of \(model)"
    case .derivedReadsNothing(let value):
      "'\(value)' reads nothing of the state: a derived value computes from state fields or other derived values; a constant belongs in a state field's default"
    case .notArithmeticValue(let name, let type):
      "can't compute with '\(name)': it has type \(type), and arithmetic takes Int, Int64 and Double values that aren't optional"
    case .cannotMultiply(let lhs, let rhs):
      "can't multiply \(lhs) by \(rhs): a product takes two values of one numeric type, or an Int and a Double (a Double)"
    case .followUpLoop(let names):
      "follow-ups loop (\(names.joined(separator: " -> "))): each would dispatch the next for ever; end the chain, or dispatch from a middleware that decides when to stop"
    case .upsertKeyNotID(let path, let key, let model, let id):
      "'\(path)' is keyed by \(key), but \(model)'s id is \(id): upsert puts each element under its id, so key the dictionary by \(id)"
    case .membershipInCondition(let path, let type):
      "'\(path)' is \(type), and 'contains' asks a list whether it holds a value; "
        + (type.hasPrefix("[") && type.contains(":")
          ? "ask a dictionary whether it has a key with '\(path)[KEY] != nil'" : "compare text with '==' or keep a list")
    case .lookupInCondition(let path, let type):
      "can't look up '\(path)[...]': '\(path)' is \(type), and a condition looks up a dictionary by key or a list of models with an 'id' by id"
    case .branchWithoutOperations(let key):
      "'\(key)' has no operations; write them after the colon, or on the lines below indented further than '- \(key)'"
    case .lookupInsideField(let name):
      "a derived value reads inside '\(name)' only by a lookup ('\(name).entities[\(name).selectedID]'); count, sum and the others read a list that is a state field"
    case .stateHiddenByField(let name, let element):
      "'\(name)' is a state field, but \(element) has a field named 'state', which hides the state in a condition over its elements; rename that field to read the state here"
    case .whereReadsOnlyElement(let name, let element, let what):
      "'\(name)' is \(what), which a 'where' condition doesn't read: it reads the fields of each element (\(element)), the state's fields and, in an action's operation, the payload; read the state fields it is made of, or, in an action, write an '- if' around the operation (which reads derived values and filter results)"
    case .missingField(let name, let model):
      "missing field '\(name)' of \(model), which has no default"
    case .madeValueNotGiven(let name, let action, let isID):
      isID
        ? "give '\(name)' of the received '\(action)': it is made as the action is sent ('= new'), and an example through the store makes ids 1, 2, 3... in that order"
        : "give '\(name)' of the received '\(action)': it is made as the action is sent ('= now'), and an example through the store tells the time \"1970-01-02T00:00:00Z\""
    case .filterOverNotModelList(let name, let type):
      "a filter must be over a state field that is a list of a model; '\(name)' is \(type)"
    case .filterSelectedExists(let name):
      "the filter's selected field '\(name)' is already a state field"
    case .noCases(let name):
      "'\(name)' needs at least one case"
    case .unknownDerivation(let word, let suggestion):
      "unknown derived value '\(word)': write 'count LIST', 'all LIST where CONDITION', 'any LIST where CONDITION', 'isEmpty LIST', 'sum LIST.FIELD', 'COLLECTION[FIELD]' or 'COLLECTION[LIST]'"
        + didYouMean(suggestion)
    case .notLookup(let name, let type):
      "'\(name)' has type \(type): a lookup reads a dictionary by key or a list of models by id"
    case .derivedNameTaken(let name):
      "'\(name)' is already a state field, filter result or derived value"
    case .derivedParameterSyntax(let text):
      "'\(text)' is not a derived value's name: write 'NAME' or, for a value that takes a parameter, 'NAME(PARAMETER)' (product(id): products[id])"
    case .derivedParameterNeedsLookup(let parameter):
      "a derived value with a parameter looks it up: write 'COLLECTION[\(parameter)]' (a dictionary by key, a list of models by id)"
    case .derivedParameterUnused(let parameter, let key):
      "the lookup's key is '\(key)', not the parameter '\(parameter)': a derived value with a parameter looks up by it ('COLLECTION[\(parameter)]')"
    case .jsonKeyOutsideModel(let name):
      "'json' names the JSON key of a model's field; '\(name)' is not a model's field"
    case .emptyJSONKey(let name):
      "the JSON key of '\(name)' is empty"
    case .duplicateJSONKey(let key, let field, let other):
      "'\(field)' would be encoded under the JSON key '\(key)', as '\(other)' is"
    case .filterReadsFilterResult(let name):
      "a filter case can't read the filter result '\(name)': read the list it filters, or a derived value"
    case .unknownOperation(let name, let suggestion):
      "unknown reduce operation '\(name)'" + didYouMean(suggestion)
    case .expectedToken(let what, let found):
      "expected \(what), found \(found)"
    case .unexpectedText(let text):
      switch text {
      case "+", "-", "*", "/", "%":
        "unexpected '\(text)': arithmetic is computed over numbers in a derived value (`left: budget - spent`), an "
          + "operation's value (`set total = price * quantity`) and a condition (`count % 2 == 0`); text is joined "
          + "with + in a condition only"
      default:
        "unexpected '\(text)'"
      }
    case .typeMismatch(let expected, let found, let what):
      "\(what) has type \(found), but \(expected) is needed"
    case .notBool(let path, let type):
      "'\(path)' has type \(type); toggle needs a Bool"
    case .notNumeric(let path, let type):
      "'\(path)' has type \(type), which is not a number"
    case .notCollection(let path, let type):
      "'\(path)' has type \(type), which is not a list"
    case .noIDField(let type):
      "elements of type \(type) have no field 'id' to find them by"
    case .needsValue(let operation, let action):
      "'\(operation)' needs a value, but action '\(action)' has no payload; write '\(operation) PATH = VALUE'"
    case .ambiguousValue(let operation, let action):
      "action '\(action)' has more than one parameter; write which one '\(operation)' uses, as in '\(operation) PATH = PARAMETER'"
    case .noDefaultToReset(let path):
      "'\(path)' has no default to reset to"
    case .cannotCompare(let lhs, let rhs, let op):
      "can't compare \(lhs) with \(rhs) using '\(op)'"
    case .nilAgainstNonOptional(let type):
      "can't compare \(type) with nil: it is not optional"
    case .predicateNotBool(let type):
      "a condition must be a Bool, but this has type \(type)"
    case .elementPathNeedsID(let path):
      "'\(path)' is a list; reach an element by id, as in '\(path)[id]', or write 'where' and a condition"
    case .everyElementUnsupported(let path):
      "'\(path)[]' (every element) is written only with 'set', as in 'set \(path)[].FIELD = VALUE' ('where CONDITION' after it for some of them); reach one element by id ('\(path)[id]'), or remove with 'remove \(path) where CONDITION'"
    case .wholeListInEntry(let path):
      "'\(path)' is reached through a dictionary entry; operations on every element or on the order of a list reach lists through fields and elements only"
    case .everyElementNeedsField(let path):
      "'\(path)[]' needs a field of the elements to set, as in '\(path)[].FIELD = VALUE'"
    case .eachElementIdentified(let text, let model):
      "'\(text)' would be a list of \(model), which holds one element per id, but two elements of the payload could "
        + "share one; take a field of them ('\(text).id'), or send the \(model) list itself in the payload"
    case .eachElementNeedsField(let parameter):
      "'\(parameter)[]' needs a field of the elements to take, as in '\(parameter)[].FIELD'; write '\(parameter)' for the list itself"
    case .conditionNeedsFields(let path, let type):
      "a condition reads the fields of the elements of '\(path)', but its elements are \(type)"
    case .elementIDChanged(let list):
      "can't change the id of an element of '\(list)': the list finds its elements by id; remove the element and append another"
    case .elementReplaced(let list):
      "can't replace a whole element of '\(list)' found by id, as its id could change; use 'upsert \(list)' or set its fields"
    case .duplicateID(let id, let type):
      "id \(id) is already in this list: a list of \(type) holds one element per id"
    case .needsAsync(let key, let action):
      "'\(key)' needs 'async' in action '\(action)'"
    case .bindingNotASetter(let action):
      "action '\(action)' can't be a binding: a binding's action has one payload parameter and sets one state "
        + "field to it, as in 'payload: { title: String }' and 'reduce: set title'"
    case .bindingTaken(let field, let action):
      "'\(field)' is bound already, by action '\(action)': a field has one binding"
    case .bindingNameTaken(let member, let field):
      "the binding of '\(field)' would be named '\(member)', which is already a state field or derived value"
    case .bindingTypeDiffers(let action, let field, let fieldType, let payloadType):
      "action '\(action)' can't be the binding of '\(field)': the binding reads \(fieldType) and its action takes "
        + "\(payloadType); give the payload parameter the field's type, \(fieldType)"
    case .unknownEvent(let name, let suggestion):
      "unknown event '\(name)'" + didYouMean(suggestion)
    case .notSortable(let name, let type):
      "can't sort by '\(name)': \(type) has no order (sort by numbers, text, dates, Bool or enums)"
    case .unreadableFeature(let path):
      "can't read the feature spec '\(path)' (paths are relative to the app spec)"
    case .appFeatureNotPublic(let feature):
      "feature '\(feature)' must be 'access: public' to be part of an app (the app is its own module)"
    case .appNotFeature:
      "this is an app spec; a feature spec is expected here"
    case .moveInResult(let result, let list):
      "'\(result)' is a filter's result, a view of '\(list)'; write 'move \(list) in \(result)' to move by its positions"
    case .offsetsInBrackets(let list, let offsets):
      "'\(offsets)' is an IndexSet of positions, not an element; write 'remove \(list) at \(offsets)'"
    case .unknownAppFeature(let name, let suggestion):
      "this app has no feature '\(name)'" + didYouMean(suggestion)
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
    case .customNotAlone:
      "'custom' must be the only reduce operation of its action"
    case .notElementField(let parameter, let action, let model):
      "action '\(action)' has no parameter of type \(model), so the element is built from the payload, but parameter '\(parameter)' is not a field of \(model) of its type"
    case .elementFieldMissing(let field, let type, let model):
      field == "id" && type == "UUID"
        ? "a new \(model) built from the payload needs an id: add 'id: UUID = new' to the payload (the action's creator makes it, so the reducer stays pure)"
        : "a new \(model) built from the payload needs '\(field)': add '\(field): \(type)' to the payload"
    case .notConditional(let key):
      "'\(key)' is not a reduce operation; a mapping in 'reduce' is a condition, as in '- if CONDITION: OPERATION', then maybe '- else if CONDITION: ...' and '- else: OPERATION'"
    case .elseWithoutIf:
      "'else' must follow an '- if CONDITION: ...' item of the same 'reduce' list"
    case .conditionalAsText:
      "write a condition as a key of a 'reduce' list item: '- if CONDITION: OPERATION', then maybe '- else: OPERATION'"
    case .indexOutOfReach(let path):
      "'\(path)' is not a list, so it can't be indexed"
    case .reservedName(let name, let what, let reason):
      "\(what.withoutArticle) '\(name)' clashes with generated code: \(reason); choose another name"
    case .nameTooLong(let name, let what, let limit):
      "\(what.withoutArticle) '\(name.prefix(20))...' is \(name.count) characters long; keep it within \(limit)"
    case .outcomeClash(let name, let request):
      "action '\(name)' is also the outcome action that async action '\(request)' makes; rename this action"
    case .invalidPersistKey(let key):
      "persist key '\(key)' must be a plain file name: letters, digits, '.', '-' and '_', not starting with '.'"
    case .unknownStorage(let name, let suggestion):
      "unknown storage '\(name)'; storage is 'file' or 'sqlite'" + didYouMean(suggestion)
    case .invalidPersistVersion(let text):
      "persist version '\(text)' must be a whole number from 1 up"
    case .migrationVersion(let version, let current):
      current < 2
        ? "a migration to version \(version), but persist's version is \(current); raise 'version' to \(version)"
        : "a migration to version \(version), but persist's version is \(current); migrations go to versions 2 through \(current)"
    case .migrationStepShape:
      "a migration step is one of 'rename', 'add', 'remove' or 'retype', with its path"
    case .migrationPath(let path, let reason):
      "migration path '\(path)' \(reason)"
    case .migrationNeedsValue(let path, let key):
      "'\(path)' has no default and isn't optional; give the migration a '\(key)'"
    case .migrationValue(let path):
      "the value for '\(path)' must be a string, number, Bool, enum case, UUID, URL, null or an empty list or dictionary"
    case .retypeUnsupported(let path, let type):
      "retype converts to String, Int, Int64, Double, Float, Bool or an enum; '\(path)' is \(type)"
    case .sqliteWholeField(let path):
      "storage sqlite migrates the fields inside a persisted field, not '\(path)' itself"
    case .persistedStoreChanged(let what, let old, let new, let advice):
      "persist's \(what) was '\(old)' at this version and is '\(new)' now, so data stored before would not be read: "
        + "keep it, or \(advice) to start without that data"
    case .persistedFieldWithoutDefault(let path, let advice):
      "'\(path)' is new and has no default, so data stored at version \(advice.stored) "
        + "lacks it: give it a default, or \(advice.write("- add: \(path)")) with its 'value'"
    case .persistedFieldRequired(let path, let old, let new, let advice):
      "'\(path)' is stored as \(old), where nil is left out, and is \(new) now: give it a default, "
        + "or \(advice.write("- add: \(path)")) with the 'value' stored nils become"
    case .persistedIdAdded(let path, let advice):
      "'\(path)' is new: elements stored at version \(advice.stored) have no id, and no migration step gives each "
        + "its own; keep the model without one, or store the list under a new name"
        + (advice.sameVersion ? " (and \(advice.raise))" : "")
    case .persistedEnumCasesRemoved(let path, let enumName, let cases, let version):
      "'\(path)' may hold \(cases.map { "'\($0)'" }.joined(separator: ", ")), stored at version \(version), which \(enumName) "
        + "no longer has: keep \(cases.count == 1 ? "the case" : "the cases") (no migration step maps an enum case)"
    case .persistedChangeInDictionary(let path, let version):
      "'\(path)' changed inside a dictionary's values, where no migration step reaches: "
        + "keep it as version \(version) stores it"
    case .persistedVersionLowered(let file, let version):
      "\(file) records a newer version than persist's 'version' \(version): data of that version may be stored; "
        + "keep 'version' at it or above"
    case .persistedFieldRemoved(let path, let snapshot, let advice):
      "'\(path)' is stored at version \(advice.version) (\(snapshot)) and the spec no longer has it: "
        + "\(advice.raise) (a removed field needs no step)"
    case .persistedFieldRetyped(let path, let old, let new, let snapshot, let convertible, let advice):
      "'\(path)' is stored as \(old) (\(snapshot)) and is \(new) now: "
        + (convertible
          ? "\(advice.write("- retype: \(path)")) (a value that doesn't convert takes its 'fallback', else the field's default)"
          : "no migration step converts \(old) to \(new); keep the type, or give the field a new name"
            + (advice.sameVersion ? " and \(advice.raise)" : ""))
    case .persistedFieldMaybeRenamed(let path, let newName, let type, let advice):
      "'\(path)' is gone and '\(newName)' (\(type)) is new beside it: if it was renamed, "
        + "\(advice.write("- { rename: \(path), to: \(newName) }")); if not, \(advice.write("- remove: \(path)")) "
        + "(redux-gen can't tell a rename from a removal and an addition)"
    case .snapshotUnreadable(let reason):
      "this persisted-shape snapshot can't be read: \(reason); redux-gen writes it, so take it from version control"
    case .valueOutOfRange(let text, let type):
      "'\(text)' is out of the range of \(type)"
    case .api(let problem):
      problem.message
    case .cache(let problem):
      problem.message
    case .untested(let name):
      "no generated test or example exercises action '\(name)'; add an example that dispatches it"
    case .middlewareHandlesNothing(let name):
      "middleware '\(name)' handles no action; list the actions it handles in 'on'"
    }
  }

  /// `text` as a YAML quoted scalar: in double quotes, or in single quotes when it holds `"` or `\`.
  static func quotedYAML(_ text: String) -> String {
    guard text.contains("\"") || text.contains("\\") else { return "\"\(text)\"" }
    return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}
