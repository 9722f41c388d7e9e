public enum BoxEffect: Equatable, Sendable, Codable {
  case playback(PlaybackEffect)
  /// Hand the engine the text it will speak from now on.
  case loadBook(SentenceMap)
  /// The same book, whole now that it is indexed: the engine reads on into it without stopping.
  case extendBook(SentenceMap)
  case savePosition(PositionSave)
  /// The listener changed the rate or voice: keep it, durably.
  case saveSettings(Settings)
  /// This book is the one to reopen after a restart.
  case rememberOpenBook(bookID: String, path: String? = nil)
  /// Say this (a menu item, a confirmation) at the reading rate; nothing is reading meanwhile. `languages`:
  /// the runs of the text in each language (the box's words, a book's title), each said with a voice of its
  /// language (`voice` where it speaks it); none: all of it with `voice`.
  case announce(text: String, wpm: Int, voice: String, languages: [LanguagePassage] = [])
  /// Open this book of the library (the runtime reads its file and posts `bookOpened`).
  case openLibraryBook(bookID: String)
  /// Keep a bookmark of the open book, durably.
  case addBookmark(bookID: String, position: ReadingPosition)
  case removeBookmark(bookID: String, offset: Int)
  /// A short tone (dropped when the listener turned them off).
  case earcon(Earcon)
  /// The volume (percent) and pitch for what is heard from now on.
  case setVolume(Int)
  case setPitch(Int)
  /// Keep the rate and voice chosen for this book.
  case saveBookSettings(bookID: String, settings: PlaybackSettings)
  /// Find the version and free space (posts `systemDescribed`).
  case describeSystem
  /// Fade the sound to silence over this many seconds (the sleep timer's end).
  case fadeOut(seconds: Double)
  /// Back to full volume at once (a fade cancelled, reading after the timer).
  case restoreVolume
  /// Install the update bundle at this path into the slot not running (posts `update(.progress)`, then
  /// `update(.installed)` or `update(.failed)`).
  case installUpdate(path: String)
  /// Restart the box to boot the slot an update was installed into.
  case restartForUpdate
  /// Post `timerFired(timer)` after this many seconds (replacing the timer if it is armed).
  case startTimer(BoxTimer, after: Double)
}
