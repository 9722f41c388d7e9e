/// What happened to the listener's place.
public enum PositionEvent: Equatable, Sendable, Codable {
  /// A book was opened, with the position the store had for it (nil: never read).
  case bookOpened(bookID: String, saved: ReadingPosition?, at: Double)
  case heard(ReadingPosition, at: Double)
  case paused(ReadingPosition, at: Double)
  case stopped(ReadingPosition, at: Double)
  case jumped(ReadingPosition, at: Double)
  case finished(ReadingPosition, at: Double)
  case clockTicked(at: Double)
}
