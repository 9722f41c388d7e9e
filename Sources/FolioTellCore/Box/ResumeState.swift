/// When reading was paused, for where PLAY resumes.
public struct ResumeState: Equatable, Sendable, Codable {
  /// When reading was paused: a pause longer than `longPauseSeconds` resumes at the sentence's start.
  public var pausedAt: Double?
  public var longPauseSeconds: Double = 600

  public init() {}
}
