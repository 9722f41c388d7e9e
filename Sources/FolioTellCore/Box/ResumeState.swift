/// When reading was paused, for where PLAY resumes.
/// The sleep timer's end took the place back to where the listener last pressed a control (they were
/// awake then), `seconds` before the timer ended.
public struct SleptBack: Equatable, Sendable, Codable {
  public var place: Int
  public var seconds: Double
}

public struct ResumeState: Equatable, Sendable, Codable {
  /// When reading was paused: a pause longer than `longPauseSeconds` resumes at the sentence's start.
  public var pausedAt: Double?
  public var longPauseSeconds: Double = 600
  /// Where the sleep timer took the place back to when it ended: the next PLAY there says so.
  public var sleptBack: SleptBack?

  public init() {}
}
