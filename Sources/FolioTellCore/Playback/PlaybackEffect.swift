/// What playback asks the speech engine to do. Data, so tests compare it.
public enum PlaybackEffect: Equatable, Sendable, Codable {
  /// Speak from `offset` to the end of the book, replacing any live utterance.
  case startUtterance(token: Int, offset: Int, wpm: Int, voice: String)
  case pause(token: Int)
  case resume(token: Int)
  case stop(token: Int)
  /// Nothing is live any more: release the audio device.
  case deactivateAudio

  public var name: String {
    switch self {
    case .startUtterance: return "startUtterance"
    case .pause: return "pause"
    case .resume: return "resume"
    case .stop: return "stop"
    case .deactivateAudio: return "deactivateAudio"
    }
  }
}
