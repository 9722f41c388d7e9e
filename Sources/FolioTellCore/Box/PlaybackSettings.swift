/// The rate and voice the listener chose, kept across restarts.
public struct PlaybackSettings: Equatable, Sendable {
  public var wpm: Int
  public var voice: String

  public init(wpm: Int, voice: String) {
    self.wpm = wpm
    self.voice = voice
  }
}
