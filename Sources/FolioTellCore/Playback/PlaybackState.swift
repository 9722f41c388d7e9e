/// The utterance the engine is working on: what it was started with, so late callbacks can be told apart.
public struct Utterance: Equatable, Sendable {
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

/// Where playback is. Phases with an utterance have a live one; the others have none, so every
/// engine callback that arrives in them is stale.
public enum PlaybackPhase: Equatable, Sendable {
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

/// The rates a listener may choose, in words per minute: one set of limits for the commands, the
/// controls, the menu and traces, so every recorded trace replays. 80 to 450 is espeak-ng's usual
/// range; faster is for experienced listeners.
public enum SpeechRate {
  public static let normal = 175
  public static let limits = 80...900
  /// What one FASTER or SLOWER press, and one item of the menu's Speed page, changes the rate by.
  public static let step = 25

  /// The rate within the limits: the one place a rate is clamped.
  public static func clamped(_ wpm: Int, within limits: ClosedRange<Int> = limits) -> Int {
    min(max(wpm, limits.lowerBound), limits.upperBound)
  }
}

/// Everything playback decides from.
public struct PlaybackState: Equatable, Sendable {
  public var book: SentenceMap
  public var phase: PlaybackPhase
  /// The last token handed out. Tokens only grow, across books too, so an old callback never matches.
  public var utteranceToken: Int
  /// Where the listener is: the start of the last word heard, or the start of the utterance.
  public var offset: Int
  /// The last word heard in the live utterance, for highlighting.
  public var word: TextSpan?
  /// The rate and voice the listener chose; the next utterance uses them.
  public var wpm: Int
  public var voice: String
  public var wpmLimits: ClosedRange<Int>
  /// Why the engine last failed, until the next utterance starts.
  public var failure: String?

  public init(
    book: SentenceMap = .empty,
    offset: Int = 0,
    wpm: Int = SpeechRate.normal,
    voice: String = "en",
    wpmLimits: ClosedRange<Int> = SpeechRate.limits,
    utteranceToken: Int = 0
  ) {
    self.book = book
    self.phase = .idle
    self.utteranceToken = utteranceToken
    self.offset = min(max(offset, 0), book.endOffset)
    self.word = nil
    self.wpm = SpeechRate.clamped(wpm, within: wpmLimits)
    self.voice = voice
    self.wpmLimits = wpmLimits
    self.failure = nil
  }

  /// The sentence the listener is in.
  public var sentenceIndex: Int { book.sentenceIndex(at: offset) }
}
