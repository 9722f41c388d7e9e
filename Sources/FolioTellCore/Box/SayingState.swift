/// What happens once the box has finished saying something.
public struct SayingState: Equatable, Sendable, Codable {
  /// Reading starts once the announcement being said ends (the greeting at power on).
  public var playAfterAnnouncement = false
  /// Reading was stopped to say something over it (where am I, a new speed): it goes on once that is said,
  /// even when more is said before it ends.
  public var resumeAfterSaying = false
  /// The book's end is said, with a tone ("The end of the book. Press PLAY to start over."); a one-shot
  /// reading of a text (`say`, `read`) ends in silence instead.
  public var announcesTheEnd = true

  public init() {}
}
