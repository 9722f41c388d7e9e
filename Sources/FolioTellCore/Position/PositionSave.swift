/// A request to the position store.
public struct PositionSave: Equatable, Sendable, Codable {
  public var bookID: String
  public var position: ReadingPosition
  public var reason: SaveReason
  /// When the listener was there, on the funnel's clock.
  public var time: Double

  public init(bookID: String, position: ReadingPosition, reason: SaveReason, time: Double) {
    self.bookID = bookID
    self.position = position
    self.reason = reason
    self.time = time
  }
}
