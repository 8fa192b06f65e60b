/// What an in-memory `APIProtocol` answers, for tests: an operation's output for the input a test
/// expects. Generated `<Feature>APIDouble`s keep one; each operation asks it for its answer and
/// answers an undocumented 501 when it has none for that input.
public struct APIAnswers: Sendable {
  private var answers: [ObjectIdentifier: any Sendable] = [:]

  public init() {}

  /// Answers `output` to the operation whose input type is `Input`, for `input` only.
  public mutating func answer<Input: Equatable & Sendable, Output: Sendable>(
    _ input: Input, with output: Output
  ) {
    answers[ObjectIdentifier(Input.self)] = Answer(input: input, output: output)
  }

  /// The output set for `input`; nil when none is, or when it is set for another input.
  public func output<Input: Equatable & Sendable, Output: Sendable>(for input: Input) -> Output? {
    guard let answer = answers[ObjectIdentifier(Input.self)] as? Answer<Input, Output>,
      answer.input == input
    else {
      return nil
    }
    return answer.output
  }

  private struct Answer<Input: Sendable, Output: Sendable>: Sendable {
    var input: Input
    var output: Output
  }
}
