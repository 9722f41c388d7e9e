/// Whether the sound card and amplifier are on. Speaking or saying something turns them on (the engine
/// opens the card, the amplifier comes up before the first frame); a stop or the end of the book releases
/// them at once, a pause (or the quiet after something said) after `idleSeconds`, so a bedside box is
/// silent and draws little at night.
public struct AudioPower: Equatable, Sendable, Codable {
  public var isActive = false
  /// Since when nothing has been heard while the sound stays on: a pause, or the end of something said.
  public var pausedSince: Double?
  public var idleSeconds: Double

  public init(isActive: Bool = false, pausedSince: Double? = nil, idleSeconds: Double = 30) {
    self.isActive = isActive
    self.pausedSince = pausedSince
    self.idleSeconds = idleSeconds
  }

  /// Whether a pause has lasted long enough to release the audio, at `time`.
  public func isIdle(at time: Double) -> Bool {
    guard isActive, let since = pausedSince else { return false }
    return time - since >= idleSeconds
  }

  static func follow(_ power: AudioPower, from before: PlaybackPhase, to after: PlaybackPhase, at time: Double)
    -> AudioPower
  {
    var next = power
    switch after {
    case .speaking, .pausing:
      next.isActive = true
      next.pausedSince = nil
    case .paused:
      if case .paused = before {} else { next.pausedSince = time }
    case .idle, .finished:
      // Only the end of reading releases the sound: something said while idle (the menu) keeps it.
      guard before.liveUtterance != nil else { return power }
      next.isActive = false
      next.pausedSince = nil
    }
    return next
  }
}
