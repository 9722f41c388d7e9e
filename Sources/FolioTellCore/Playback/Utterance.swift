/// The utterance the engine is working on: what it was started with, so late callbacks can be told apart.
public struct Utterance: Equatable, Sendable, Codable {
  public var token: Int
  /// Where this utterance began speaking; no word before it belongs to it.
  public var startOffset: Int
  public var wpm: Int
  public var voice: String
  /// The engine confirmed it began (`utteranceDidStart`).
  public var started: Bool

  public init(token: Int, startOffset: Int, wpm: Int, voice: String, started: Bool = false) {
    self.token = token
    self.startOffset = startOffset
    self.wpm = wpm
    self.voice = voice
    self.started = started
  }
}
