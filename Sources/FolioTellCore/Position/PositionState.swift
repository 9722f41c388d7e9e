/// Owns "where did the listener stop": decides when that must be saved. Knows nothing of files.
public struct PositionState: Equatable, Sendable, Codable {
  public var policy: SavePolicy
  public var bookID: String?
  /// The latest place the listener reached.
  public var current: ReadingPosition?
  /// What the store was last asked to keep for `bookID`.
  public var lastSaved: ReadingPosition?
  public var lastSaveTime: Double?
  /// When a jump was last saved as it was made.
  public var lastJumpSaveTime: Double?
  /// When a jump of a burst (the knob spun, NEXT pressed again and again) was made and not saved yet: it
  /// is saved as soon as reading goes on there, or a few seconds after the burst, not once per detent.
  public var unsavedJumpTime: Double?

  public init(policy: SavePolicy = SavePolicy()) {
    self.policy = policy
  }

  /// Where reading resumes in the open book.
  public var restoredOffset: Int { current?.offset ?? 0 }

  var hasUnsavedChange: Bool { current != nil && current != lastSaved }
}
