/// What can be wrong with binding requests to an OpenAPI document's operations (`api:`,
/// `operation:`), in the user's words.
package enum APIProblem: Hashable, Sendable {
  /// A `response:` key and a place related to it: the list its element reads, or its step that
  /// names no field.
  package struct KeyAndPlace: Hashable, Sendable {
    package var key: String
    package var place: String
  }

  case unreadableDocument(String)
  case unreadableDocumentYAML(String)
  case operationWithoutDocument
  case duplicateOperation(String)
  case unknownOperation(String, suggestion: String?)
  /// A required input no `request:` entry or same-named parameter gives: its place and name.
  case missingInput(String, place: String, operation: String)
  case unknownInput(String, operation: String, suggestion: String?)
  case unknownSource(String, request: String, suggestion: String?)
  case stateWithoutReadsState(String)
  /// A value of the wrong type for an input: the input, its documented type, the value's type.
  case inputTypeMismatch(String, documented: String, given: String)
  case optionalIntoRequiredInput(String, source: String)
  case unsupportedInput(String, what: String)
  case noSuccessResponse(String)
  case manySuccessResponses(String, [String])
  case successWithoutJSON(String, status: String)
  /// A spec field the response has no property for: where in the payload, the object's properties.
  case missingResponseField(String, operation: String, suggestion: String?)
  /// `element`: the key of a list's element (`books[]`) and the list it reads (`items[]`), when
  /// the path is read from each element.
  case unknownResponseProperty(String, path: String, element: KeyAndPlace?, suggestion: String?)
  case notAnArray(String, path: String)
  case responseTypeMismatch(String, type: String, documented: String, at: String)
  case responseMayBeMissing(String, path: String)
  /// A non-optional field without a default read from a property the document lets be null.
  case responseMayBeNull(String, path: String)
  case unboundType(String, type: String)
  /// A required property of a documented response whose type generated tests can't build.
  case unbuildableResponse(String, type: String)
  /// `under`: the deepest key the key extends and its step that names no field there.
  case unusedResponseKey(String, under: KeyAndPlace?, suggestion: String?)
  case invalidResponsePath(String)
  case errorsWithoutTypedFailure(String)
  case typedFailureNeedsDefault(String, type: String)
  case unknownErrorStatus(String, operation: String, documented: [String])
  case successStatusInErrors(String)
  case unknownErrorCase(String, type: String, suggestion: String?)
  case failureBuiltByEffects(String)
  case conditionWithoutOptional(String)
  case optionalWithoutCondition(String)
  case conditionReadsState(String)
  case typeNamedLikeClient(String)
  case notSwiftName(String, what: String)

  var message: String {
    switch self {
    case .unreadableDocument(let path):
      "can't read the OpenAPI document '\(path)' (paths are relative to this spec)"
    case .unreadableDocumentYAML(let path):
      "the OpenAPI document '\(path)' isn't a YAML or JSON mapping"
    case .operationWithoutDocument:
      "'operation' names an operation of the spec's OpenAPI document; name the document at the top: 'api: FILE.yaml'"
    case .duplicateOperation(let id):
      "operationId '\(id)' is used twice; swift-openapi-generator needs each once"
    case .unknownOperation(let id, let suggestion):
      "the OpenAPI document has no operation '\(id)'" + didYouMean(suggestion)
    case .missingInput(let name, let place, let operation):
      "operation '\(operation)' needs the \(place) '\(name)'; give it with 'request: { \(name): VALUE }' "
        + "(a payload parameter, 'state.FIELD', or a constant), or name a payload parameter '\(name)'"
    case .unknownInput(let name, let operation, let suggestion):
      "operation '\(operation)' has no parameter or body property '\(name)'" + didYouMean(suggestion)
    case .unknownSource(let name, let request, let suggestion):
      "'\(name)' is not a parameter of '\(request)'; a value is a payload parameter, 'state.FIELD' or a constant "
        + "(a quoted string, a number, true or false)" + didYouMean(suggestion)
    case .stateWithoutReadsState(let request):
      "'\(request)' reads the state here; add 'readsState: true' to its 'async'"
    case .inputTypeMismatch(let name, let documented, let given):
      "'\(name)' is \(documented) in the OpenAPI document, but the value given is \(given)"
    case .optionalIntoRequiredInput(let name, let source):
      "'\(name)' is required, but '\(source)' is optional"
    case .unsupportedInput(let name, let what):
      "input '\(name)' is \(what), which redux-gen doesn't bind yet; write this effect by hand"
    case .noSuccessResponse(let operation):
      "operation '\(operation)' documents no success response (2XX)"
    case .manySuccessResponses(let operation, let statuses):
      "operation '\(operation)' documents several success responses (\(statuses.joined(separator: ", "))); "
        + "redux-gen binds an operation with one"
    case .successWithoutJSON(let operation, let status):
      "the success's payload is read from the response, but response \(status) of '\(operation)' has no "
        + "'application/json' content"
    case .missingResponseField(let path, let operation, let suggestion):
      "the response of '\(operation)' has no property for '\(path)'; map it with 'response: { \(path): PROPERTY }'"
        + (path.contains(".") || path.contains("[") ? "" : ", or 'response: { \(path): . }' when it is the whole body")
        + didYouMean(suggestion)
    case .unknownResponseProperty(let name, let path, let element, let suggestion):
      "the response has no property '\(name)' at '\(path.isEmpty ? "the body" : path)'"
        + (element.map { " (a path for '\($0.key)' is read from each element of '\($0.place)')" } ?? "")
        + didYouMean(suggestion)
    case .notAnArray(let name, let path):
      "'\(name)[0]' takes the first element, but '\(path)' is not an array in the response"
    case .responseTypeMismatch(let path, let type, let documented, let place):
      "'\(path)' is \(type), but the response has \(documented) at '\(place.isEmpty ? "the body" : place)'"
    case .responseMayBeMissing(let path, let documented):
      "'\(path)' is read from '\(documented)', which the response may leave out (not 'required' in the "
        + "OpenAPI document); give the field a default, make it optional, or mark the property required"
    case .responseMayBeNull(let path, let documented):
      "'\(path)' is read from '\(documented)', which may be null ('nullable' in the OpenAPI document, or a type "
        + "that includes \"null\"); give the field a default or make it optional"
    case .unbuildableResponse(let path, let type):
      "the OpenAPI document requires '\(path.isEmpty ? "the body" : path)', whose type is \(type), which redux-gen "
        + "can't build for a generated test's response yet"
    case .unboundType(let path, let type):
      "'\(path)' is \(type), which redux-gen doesn't read from a response yet"
    case .unusedResponseKey(let key, let under, let suggestion):
      if let under {
        "'\(key)' names no field: '\(under.place)' is not a field of '\(under.key)'; a key names the payload's "
          + "fields, and its value is the document's path" + didYouMean(suggestion)
      } else {
        "'\(key)' is not a field of the success's payload" + didYouMean(suggestion)
      }
    case .invalidResponsePath(let text):
      "'\(text)' is not a path; write properties with '.', '[0]' for an array's first element, and '.' alone for the whole body"
    case .errorsWithoutTypedFailure(let request):
      "'errors' maps statuses to cases of a typed failure, but '\(request)' fails with a message (its status "
        + "and the document's description); declare 'failure: { error: ENUM }' to map them"
    case .typedFailureNeedsDefault(let request, let type):
      "'\(request)' fails with \(type): give 'errors: { default: CASE }' for statuses without a case of "
        + "their own and for requests that don't complete"
    case .unknownErrorStatus(let status, let operation, let documented):
      "operation '\(operation)' documents no response '\(status)'"
        + (documented.isEmpty ? "" : " (it documents \(documented.joined(separator: ", ")))")
        + "; 'default' maps the rest"
    case .successStatusInErrors(let status):
      "\(status) is the operation's success, not an error"
    case .unknownErrorCase(let name, let type, let suggestion):
      "\(type) has no case '\(name)'" + didYouMean(suggestion)
    case .failureBuiltByEffects(let request):
      "the failure of '\(request)' is built by hand-written effects; a bound request fails with 'message: "
        + "String' (the default) or 'error: ENUM'"
    case .conditionWithoutOptional(let request):
      "'\(request)' is sent only if its condition holds, so it can end without an outcome: add "
        + "'optional: true'"
    case .optionalWithoutCondition(let request):
      "'\(request)' is optional: say when it is sent, as 'operation: \"OPERATION if CONDITION\"'"
    case .conditionReadsState(let request):
      "the condition reads the state; add 'readsState: true' to the 'async' of '\(request)'"
    case .typeNamedLikeClient(let name):
      "'\(name)' is a name swift-openapi-generator's code takes in the module; rename the type"
    case .notSwiftName(let name, let what):
      "\(what) '\(name)' is not a Swift name; redux-gen binds names made of letters, digits and '_'"
    }
  }

  private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}

/// What can be wrong with cached answers (`fresh:`, `provides:`, `invalidates:`).
package enum CacheProblem: Hashable, Sendable {
  case providesWithoutFresh(String)
  case unknownTag(String, suggestion: String?)
  /// `volume(` without its `)`, or a name that isn't one.
  case malformedTag(String)
  /// `volume(idd)`: the argument's first name isn't a payload parameter of the action.
  case unknownTagArgument(String, tag: String, action: String, suggestion: String?)
  /// `volume(book.idd)`, or a field of a value that has none.
  case tagArgumentField(String, of: String, suggestion: String?)
  /// An argument of a type a cache can't compare (a model, a list).
  case tagArgumentType(String, type: String)
  /// `invalidates: [volume(count)]` where `volume`'s requests provide it with a `String`.
  case tagArgumentMismatch(tag: String, type: String, provided: String)

  var message: String {
    switch self {
    case .malformedTag(let text):
      "'\(text)' is not a cache tag: write a name ('collection') or a name and a payload value in parentheses ('volume(id)', 'volume(book.id)')"
    case .unknownTagArgument(let name, let tag, let action, let suggestion):
      "'\(tag)' takes its argument from the payload, and '\(action)' has no parameter '\(name)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .tagArgumentField(let name, let type, let suggestion):
      "can't read '\(name)' of a value of type \(type) in a cache tag's argument"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .tagArgumentType(let argument, let type):
      "a cache tag's argument is compared with others: '\(argument)' has type \(type); give it a number, text, UUID, Bool, date or enum (an id, say)"
    case .tagArgumentMismatch(let tag, let type, let provided):
      "'\(tag)' is provided with an argument of type \(provided), so an argument of type \(type) never equals one: invalidate it with a \(provided)"
    case .providesWithoutFresh(let request):
      "'provides' tags the answers '\(request)' keeps, but it keeps none: add 'fresh: DURATION' (such as 'fresh: 300s')"
    case .unknownTag(let tag, let suggestion):
      "no request provides '\(tag)' ('provides: [\(tag)]' beside a 'fresh')" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}
