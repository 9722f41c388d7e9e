import FolioTellCore

/// Where events enter the funnel. Safe to call from any thread.
public protocol EventSink: Sendable {
  func post(_ event: BoxEvent)
}

/// The voice of the box. Every call returns at once; the engine answers later by posting playback
/// events (each with the token of its utterance) into the sink it was given.
public protocol SpeechEngine: Sendable {
  /// The text every following utterance speaks from.
  func load(book: SentenceMap)
  /// The same book, whole: its text begins with the loaded one's. A live utterance is not stopped: it reads
  /// on into the rest, past where the loaded text ended.
  func extend(book: SentenceMap)
  /// Speaks from `offset` to the end of the book, replacing any live utterance (which gets `utteranceDidCancel`).
  func startUtterance(token: Int, offset: Int, wpm: Int, voice: String)
  /// Posts `pauseResolved` once the audio is really silent.
  func pause(token: Int)
  func resume(token: Int)
  /// Silences the utterance at once and posts `utteranceDidCancel`.
  func stop(token: Int)
  /// Says a short text (a menu item) that is not the book: no word events, cut off by the next utterance
  /// or announcement, not by loading a book. `languages`: its runs in each language (the box's words, a
  /// book's title), each said with a voice of its language; `voice` where it speaks it.
  func announce(_ text: String, wpm: Int, voice: String, languages: [LanguagePassage])
  /// Plays a short tone before whatever is asked next, or at once when nothing is being said; never over
  /// speech that is already sounding (the tone is dropped then).
  func playEarcon(_ earcon: Earcon)
  /// The pitch (0 to 99) of what is said from the next utterance or announcement on.
  func setPitch(_ pitch: Int)
}

extension SpeechEngine {
  /// A text all said with `voice`.
  public func announce(_ text: String, wpm: Int, voice: String) {
    announce(text, wpm: wpm, voice: voice, languages: [])
  }

  public func playEarcon(_ earcon: Earcon) {}
  public func setPitch(_ pitch: Int) {}
}

/// The sound device, for what is not an utterance.
public protocol AudioOutput: Sendable {
  /// Nothing is live: release the device so it idles (and other programs may use it).
  func deactivate()
  /// Something is about to be heard: power what `deactivate` switched off, and wait until it is ready.
  func activate()
  /// Lowers the volume steadily to silence over the next `seconds` of sound (the sleep timer's end).
  func fadeOut(seconds: Double)
  /// Full volume again, at once.
  func restoreVolume()
  /// The listener's volume, in percent of full.
  func setVolume(_ percent: Int)
}

extension AudioOutput {
  public func activate() {}
  public func fadeOut(seconds: Double) {}
  public func restoreVolume() {}
  public func setVolume(_ percent: Int) {}
}

/// Keeps the listener's place across restarts. The PlaybackPosition reducer decides when; the store how.
public protocol PositionStore: Sendable {
  /// Must be on stable storage before it returns when `save.reason.isDurable`.
  func save(_ save: PositionSave) throws
  func load(bookID: String) throws -> ReadingPosition?
  /// Durably, before it returns: the listener's settings, all of them.
  func saveSettings(_ settings: Settings) throws
  /// Durably: the book (and the file it came from, when known) to reopen after a restart.
  func rememberOpenBook(bookID: String, path: String?) throws
  /// Durably: a bookmark of a book, and taking one away.
  func addBookmark(bookID: String, position: ReadingPosition) throws
  func removeBookmark(bookID: String, offset: Int) throws
  /// A book's bookmarks, as offsets in reading order.
  func bookmarkOffsets(bookID: String) -> [Int]
  /// Durably: the rate and voice chosen for one book.
  func saveBookSettings(bookID: String, settings: PlaybackSettings) throws
  func bookSettings(bookID: String) -> PlaybackSettings?
}

/// Seconds on a clock that never goes backwards.
public protocol BoxClock: Sendable {
  func now() -> Double
}

/// Runs an action later. Actions run on some thread of the scheduler's own; they post events, never touch state.
public protocol TimerScheduler: Sendable {
  @discardableResult
  func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> TimerID
  func cancel(_ timer: TimerID)
}

public struct TimerID: Hashable, Sendable {
  public let rawValue: UInt64
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
}
