/// Something that happened to playback: a control the listener used, or a callback from the speech engine.
///
/// Engine callbacks carry the token of the utterance they are about; the reducer drops any whose
/// token is not the live utterance's.
public enum PlaybackEvent: Equatable, Sendable, Codable {
  /// Play when stopped, pause when speaking, resume when paused, start over when finished.
  case primaryTapped
  case stopTapped
  case jumpToNextSentenceTapped
  /// At the first word of a sentence: the previous sentence; otherwise the start of the current one.
  case jumpToPreviousSentenceTapped
  case startOverTapped
  case speedChanged(wpm: Int)
  case voiceChanged(voice: String)
  /// The place moves to `offset` without reading (a chapter, a bookmark, undo): a live utterance stops.
  case moveTo(offset: Int)

  case utteranceDidStart(token: Int)
  /// The listener now hears the word at `location` (Unicode scalar offset into the book) of `length` scalars.
  case willSpeakRange(token: Int, location: Int, length: Int)
  /// The utterance spoke its last word: the end of the book.
  case utteranceDidFinish(token: Int)
  case utteranceDidCancel(token: Int)
  /// The audio of a paused utterance is really silent now.
  case pauseResolved(token: Int)
  case engineFailed(token: Int, reason: String)

  /// The utterance an engine callback is about; nil for the listener's own controls.
  public var engineToken: Int? {
    switch self {
    case .utteranceDidStart(let token), .willSpeakRange(let token, _, _), .utteranceDidFinish(let token),
      .utteranceDidCancel(let token), .pauseResolved(let token), .engineFailed(let token, _):
      return token
    case .primaryTapped, .stopTapped, .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped,
      .startOverTapped, .speedChanged, .voiceChanged, .moveTo:
      return nil
    }
  }

  /// The event's name as written in traces and the README.
  public var name: String {
    switch self {
    case .primaryTapped: return "primaryTapped"
    case .stopTapped: return "stopTapped"
    case .jumpToNextSentenceTapped: return "jumpToNextSentenceTapped"
    case .jumpToPreviousSentenceTapped: return "jumpToPreviousSentenceTapped"
    case .startOverTapped: return "startOverTapped"
    case .speedChanged: return "speedChanged"
    case .voiceChanged: return "voiceChanged"
    case .moveTo: return "moveTo"
    case .utteranceDidStart: return "utteranceDidStart"
    case .willSpeakRange: return "willSpeakRange"
    case .utteranceDidFinish: return "utteranceDidFinish"
    case .utteranceDidCancel: return "utteranceDidCancel"
    case .pauseResolved: return "pauseResolved"
    case .engineFailed: return "engineFailed"
    }
  }
}
