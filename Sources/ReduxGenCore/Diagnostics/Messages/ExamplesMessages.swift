// The messages of problems with examples.
extension SpecProblem {
  /// The message, when the problem is one of examples; nil otherwise.
  var examplesMessage: String? {
    switch self {
    case .storeOnlyKey(let key):
      "'\(key)' runs an example through the store, which 'through: reducer' says it doesn't"
    case .storeExampleNeedsDerivedFailure(let failure, let request):
      "an example can't run through the store while the effects build '\(failure)' by hand: a test double "
        + "can't build it; give '\(failure)' only 'message: String', 'error: T' (T a model or enum this spec declares) or the fields '\(request)' carries"
    case .madeValueNotGiven(let name, let action, let isID):
      isID
        ? "give '\(name)' of the received '\(action)': it is made as the action is sent ('= new'), and an example through the store makes ids 1, 2, 3... in that order"
        : "give '\(name)' of the received '\(action)': it is made as the action is sent ('= now'), and an example through the store tells the time \"1970-01-02T00:00:00Z\""
    case .waitOutsideStore:
      "'wait' moves the clock the follow-ups middleware waits on, and an example through the reducer runs no middleware; "
        + "run it through the store ('through: store')"
    case .waitWithoutDelays:
      "'wait' moves the clock delayed follow-ups wait on, and no follow-up of this feature waits ('then: \"tick every 1s\"', "
        + "'then: \"sortTodos after 1s\"'); leave the step out"
    case .waitNotHere:
      "'wait' moves the follow-ups' clock in an example's 'when' (through the store); here it would be an action, and the feature has none named 'wait'"
    case .waitTooLong(let ticks, let interval):
      "this wait would deliver \(ticks) ticks of a timer every \(interval)ms, more than a test should wait for (at most \(SpecChecker.maximumTicksPerWait)); wait less, or tick less often"
    case .waitOrderUnknown(let triggers):
      "the follow-ups of \(triggers.map { "'\($0)'" }.joined(separator: " and ")) wait on one clock, and one wait could make both due: they would come in no fixed order, and the example's 'receive' couldn't say it; wait for one trigger's at a time in separate examples, or stop one first"
    case .childActionNotReceived(let step, let feature, let outcome):
      "'\(step)' can't arrive here: an example through the store runs its children's follow-ups and timers ('then:'), "
        + (outcome
          ? "and a request's outcome where the example says what its effect does ('effects: { FIELD.EFFECT: ... }', a list's or a presented child's), which this one doesn't"
          : "and no action of \(feature) is followed by it; send it in 'when', or receive what \(feature)'s follow-ups send")
    default: nil
    }
  }
}
