/// Where playback is. Phases with an utterance have a live one; the others have none, so every
/// engine callback that arrives in them is stale.
public enum PlaybackPhase: Equatable, Sendable, Codable {
  case idle
  case speaking(Utterance)
  /// A pause was requested; the engine has not said the audio is silent yet.
  /// `resumeWhenSilent` remembers a second tap, applied once the pause resolves.
  case pausing(Utterance, resumeWhenSilent: Bool)
  case paused(Utterance)
  /// The last utterance reached the end of the book.
  case finished

  public var liveUtterance: Utterance? {
    switch self {
    case .speaking(let utterance), .pausing(let utterance, _), .paused(let utterance): return utterance
    case .idle, .finished: return nil
    }
  }

  /// The phase's name as written in traces: idle, speaking, pausing, paused or finished.
  public var name: String {
    switch self {
    case .idle: return "idle"
    case .speaking: return "speaking"
    case .pausing: return "pausing"
    case .paused: return "paused"
    case .finished: return "finished"
    }
  }
}
