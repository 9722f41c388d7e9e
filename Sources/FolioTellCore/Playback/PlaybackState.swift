/// Everything playback decides from.
public struct PlaybackState: Equatable, Sendable, Codable {
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
  /// Reading came to the end of a book opened in part before the rest was indexed: it goes on from here
  /// once it is (nil otherwise).
  public var waitsForRestAt: Int?

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

  /// Where the sentence the listener is in starts (never after the place).
  public var sentenceStart: Int {
    guard !book.isEmpty else { return offset }
    return min(book.sentences[sentenceIndex].start, offset)
  }
}
