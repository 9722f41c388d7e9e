/// The rate and voice a book keeps as its own (the part of `Settings` chosen while it was open).
public struct PlaybackSettings: Equatable, Sendable, Codable {
  public var wpm: Int
  public var voice: String

  public init(wpm: Int, voice: String) {
    self.wpm = wpm
    self.voice = voice
  }
}
