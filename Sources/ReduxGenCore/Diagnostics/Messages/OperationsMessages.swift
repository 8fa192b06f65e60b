// The messages of problems with reduce operations.
extension SpecProblem {
  /// The message, when the problem is one of reduce operations; nil otherwise.
  var operationsMessage: String? {
    switch self {
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
    case .upsertKeyNotID(let path, let key, let model, let id):
      "'\(path)' is keyed by \(key), but \(model)'s id is \(id): upsert puts each element under its id, so key the dictionary by \(id)"
    case .branchWithoutOperations(let key):
      "'\(key)' has no operations; write them after the colon, or on the lines below indented further than '- \(key)'"
    case .unknownOperation(let name, let suggestion):
      "unknown reduce operation '\(name)'" + didYouMean(suggestion)
    case .caseOrStateField(let name, let type):
      "'\(name)' is a case of \(type) and a state field: write '.\(name)' for the case or 'state.\(name)' for the field"
    case .setToItself(let path):
      "'set \(path) = \(path)' gives '\(path)' the value it holds: the operation does nothing; give it a value "
        + "computed from it, a parameter or a literal"
    case .operationSplitAtComma(let text):
      "'\(text)' is not an operation: it reads as the rest of the operation before it, which YAML split at its comma "
        + "(a flow list '[...]' splits at every comma); quote that operation whole (\"present x with a = a, b = b\") "
        + "or write the list as a block, one '- ' item per operation"
    case .notCollection(let path, let type):
      "'\(path)' has type \(type), which is not a list"
    case .notAStack(let path, let type):
      "'\(path)' has type \(type), which is not a navigation stack ('children: { \(path): { stack: [...] } }')"
    case .stackPushNeedsDestination(let stack, let destinations):
      "push names the destination of the screen: "
        + destinations.map { "'push \(stack).\($0)'" }.joined(separator: " or ")
    case .resetStack(let path):
      "'\(path)' is a navigation stack: 'clear \(path)' pops every screen and keeps its ids fresh, where a reset "
        + "would give a new screen the id of an old one"
    case .pushedFieldUnknown(let field, let feature, let suggestion):
      "\(feature)'s state has no field '\(field)' to give the new screen" + didYouMean(suggestion)
    case .pushedElementList(let list):
      "'\(list)' is not a list of models with an id in the state: 'with FIELD = LIST[ID]' gives the screen the element whose id is the parameter ID"
    case .notPresented(let field, let type):
      "'\(field)' has type \(type), which is no presented feature ('children: { \(field): { presents: FILE } }')"
    case .pushedFieldTwice(let field):
      "'\(field)' is given twice: 'with' gives each field of the new screen once"
    case .builtFieldMissing(let path, let field, let type, let model):
      field == "id" && type == "UUID"
        ? "'\(path)' is a new \(model) built from the fields given in it, which needs an id: give '\(path).id = id' with 'id: UUID = new' in the payload (the action's creator makes it, so the reducer stays pure)"
        : field == "id"
          ? "'\(path)' is a new \(model) built from the fields given in it, whose id must be given (a default would be every new one's): give '\(path).id = ...'"
          : "'\(path)' is a new \(model) built from the fields given in it, which needs '\(field)' (\(type), no default): give '\(path).\(field) = ...'"
    case .builtElementNotInList(let path, let type):
      "'\(path)' is \(type), not a list of models: 'with LIST[0].FIELD = VALUE' builds a new list's elements"
    case .builtElementIDTwice(let path):
      "two elements of '\(path)' are given the same id: a list's elements are told apart by their ids, so give each its own"
    case .builtElementOutOfOrder(let path, let next):
      "'\(path)' comes before element \(next) is given: a new list's elements are given in order, from [0]"
    case .unknownDestination(let name, let stack, let suggestion):
      "'\(stack)' has no destination '\(name)'" + didYouMean(suggestion)
    case .noIDField(let type):
      "elements of type \(type) have no field 'id' to find them by"
    case .needsValue(let operation, let action):
      "'\(operation)' needs a value, but action '\(action)' has no payload; write '\(operation) PATH = VALUE'"
    case .ambiguousValue(let operation, let action):
      "action '\(action)' has more than one parameter; write which one '\(operation)' uses, as in '\(operation) PATH = PARAMETER'"
    case .noDefaultToReset(let path):
      "'\(path)' has no default to reset to"
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
    case .elementIDChanged(let list):
      "can't change the id of an element of '\(list)': the list finds its elements by id; remove the element and append another"
    case .elementReplaced(let list):
      "can't replace a whole element of '\(list)' found by id, as its id could change; use 'upsert \(list)' or set its fields"
    case .duplicateID(let id, let type):
      "id \(id) is already in this list: a list of \(type) holds one element per id"
    case .moveInResult(let result, let list):
      "'\(result)' is a filter's result, a view of '\(list)'; write 'move \(list) in \(result)' to move by its positions"
    case .offsetsInBrackets(let list, let offsets):
      "'\(offsets)' is an IndexSet of positions, not an element; write 'remove \(list) at \(offsets)'"
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
    default: nil
    }
  }
}
