// The messages of problems with actions' effects: requests, their scopes and timing, follow-ups, bindings, events, API bindings and cached answers.
extension SpecProblem {
  /// The message, when the problem is one of actions' effects: requests, their scopes and timing, follow-ups, bindings, events, API bindings and cached answers; nil otherwise.
  var actionsMessage: String? {
    switch self {
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
    case .streamTypedFailure(let request, let type):
      "the failure of '\(request)', a stream, can't hold a typed error '\(type)': a stream's values and its end "
        + "come from an AsyncThrowingStream, which throws any Error; write 'failure: { message: String }' (the "
        + "error's description, the default) or other fields that the effects build from the error"
    case .typedFailureFromUsedSpec(let request, let type, let feature):
      "the failure of '\(request)' holds 'error: \(type)', which \(feature) declares (a spec this one uses): a typed error "
        + "becomes an Error where it is declared, so it is a model or enum of this spec; declare \(type) here, or name the "
        + "field otherwise ('reason: \(type)') for the effects to build the failure from any Error"
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
      "'cancels' names '\(name)', which is no async action, effect scope or trigger of follow-ups that wait in this feature\(didYouMean(suggestion))"
    case .unknownEffect(let name, let suggestion):
      "unknown effect '\(name)'" + didYouMean(suggestion)
    case .unknownMiddleware(let name, let suggestion):
      "unknown middleware '\(name)'" + didYouMean(suggestion)
    case .followUpValue(let parameter, let type, let action, let trigger):
      "'\(action)' needs '\(parameter): \(type)', which '\(trigger)' can't give: a follow-up takes each parameter from the trigger's parameter of its name, else the state field of its name, else its default; give '\(trigger)' a parameter '\(parameter): \(type)'"
    case .followUpDelays(let trigger):
      "the delayed follow-ups of '\(trigger)' wait alike: they are dispatched together, in order, once the wait has passed with no newer '\(trigger)' (or every time it passes, for 'every'); give them one duration and one of 'after' and 'every', or make the later one a follow-up of the earlier"
    case .cancelsFollowUpsThatDontWait(let trigger):
      "'cancels' names '\(trigger)', whose follow-ups are dispatched at once: it can stop only what waits, a timer ('then: \"tick every 1s\"') or a follow-up waiting 'after' a duration, or an async action's requests"
    case .followUpLoop(let names):
      "follow-ups loop (\(names.joined(separator: " -> "))): each would dispatch the next for ever; end the chain, or dispatch from a middleware that decides when to stop"
    case .needsAsync(let key, let action):
      "'\(key)' needs 'async' in action '\(action)'"
    case .bindingNotASetter(let action):
      "action '\(action)' can't be a binding: a binding's action has one payload parameter and sets one state "
        + "field to it, as in 'payload: { title: String }' and 'reduce: set title' (or a field of a model the state "
        + "holds, 'set draft.title'), or two, an element's id and a value, and sets that field of the element, as "
        + "in 'payload: { id: UUID, isCompleted: Bool }' and 'reduce: set tasks[id].isCompleted'"
    case .bindingTaken(let field, let action):
      "'\(field)' is bound already, by action '\(action)': a field has one binding"
    case .bindingNameTaken(let member, let field):
      "the binding of '\(field)' would be named '\(member)', which is already a state field, a derived value or "
        + "another binding"
    case .bindingTypeDiffers(let action, let field, let fieldType, let payloadType):
      "action '\(action)' can't be the binding of '\(field)': the binding reads \(fieldType) and its action takes "
        + "\(payloadType); give the payload parameter the field's type, \(fieldType)"
    case .unknownEvent(let name, let suggestion):
      "unknown event '\(name)'" + didYouMean(suggestion)
    case .outcomeClash(let name, let request):
      "action '\(name)' is also the outcome action that async action '\(request)' makes; rename this action"
    case .api(let problem):
      problem.message
    case .cache(let problem):
      problem.message
    default: nil
    }
  }
}
