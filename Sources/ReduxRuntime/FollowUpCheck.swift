import Foundation

/// Whether a chain of middleware lacks the follow-ups middleware its actions need.
package enum FollowUpCheck {
  /// The follow-ups middleware type `action` needs that `middleware` lacks, if any.
  package static func missing(_ action: Any.Type, in middleware: [Any]) -> Any.Type? {
    guard let needed = (action as? any ChangeReporting.Type)?.followedUpBy else { return nil }
    let present = middleware.contains { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(needed) }
    return present ? nil : needed
  }

  /// The types already warned about: each once per process.
  private static let warned = Locked<Set<ObjectIdentifier>>([])

  /// In debug builds, writes a warning to standard error the first time a chain for `action`
  /// lacks its follow-ups middleware.
  package static func warnIfMissing(_ action: Any.Type, in middleware: [Any]) {
    #if DEBUG
      guard let missing = missing(action, in: middleware) else { return }
      let first = warned.withLock { $0.insert(ObjectIdentifier(missing)).inserted }
      guard first else { return }
      let message =
        "ReduxRuntime: warning: \(action) follows actions up ('then:'), but the middleware of a store "
        + "made for it has no \(missing): add \(missing)() to it, or no follow-up runs\n"
      FileHandle.standardError.write(Data(message.utf8))
    #endif
  }
}
