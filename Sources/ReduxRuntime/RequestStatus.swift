/// Where an asynchronous request stands; generated reducers keep it for `async` actions.
public enum RequestStatus: Equatable, Hashable, Sendable, Codable {
  case idle
  case loading
  case succeeded
  case failed(String)
}
