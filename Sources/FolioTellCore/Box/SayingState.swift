/// What happens once the box has finished saying something.
public struct SayingState: Equatable, Sendable, Codable {
  /// Reading starts once the announcement being said ends (the greeting at power on).
  public var playAfterAnnouncement = false
  /// Reading was stopped to say something over it (where am I, a new speed): it goes on once that is said,
  /// even when more is said before it ends.
  public var resumeAfterSaying = false

  public init() {}
}
