public enum BoxEvent: Equatable, Sendable, Codable {
  case playback(PlaybackEvent)
  /// A named control (a button, a key) was used; what it does depends on the mode, decided here.
  case control(name: ControlName, gesture: Gesture)
  /// The knob turned this many detents (positive clockwise).
  case encoder(steps: Int)
  /// The knob turned while pushed in.
  case encoderPushed(steps: Int)
  /// A book was opened, with the place the store had kept for it.
  case bookOpened(
    bookID: String, book: SentenceMap, saved: ReadingPosition?, title: String? = nil, path: String? = nil,
    chapters: [ChapterMark] = [], bookmarks: [Int] = [], pages: [PageMark] = [], notes: [Int] = [],
    language: String? = nil, settings: PlaybackSettings? = nil, paragraphs: [Int] = [])
  /// The whole of a book opened from its beginning (`SentenceMap.isWhole` false) has been indexed: its
  /// sentences, chapters, pages, notes and paragraphs, the beginning's text first.
  case bookIndexed(
    bookID: String, book: SentenceMap, chapters: [ChapterMark] = [], pages: [PageMark] = [], notes: [Int] = [],
    paragraphs: [Int] = [])
  /// The box has started: say where the listener is and go on reading, or how to choose a book.
  case poweredOn
  /// The last announcement was said to its end (not cut off by something newer).
  case announcementFinished
  /// A part of the box is missing or broken (the buttons' GPIO chip): said at power on, after the book.
  case partMissing(MissingPart)
  /// A timer the reducer started has fired.
  case timerFired(BoxTimer)
  case positionStoreFailed(reason: String)
  case positionStoreRecovered
  case menu(MenuEvent)
  /// The voices installed (posted at start).
  case voicesFound([VoiceChoice])
  /// The version and free space, asked for by the About page.
  case systemDescribed(SystemFacts)
  /// The books in the library changed (found at start, a drive plugged in, a file added).
  case libraryChanged([LibraryBook])
  /// An update bundle found on a drive, its installation, or what became of it after the restart.
  case update(UpdateEvent)
  /// A book chosen in the menu could not be opened: why, said to the listener.
  case bookFailedToOpen(title: String, reason: String)
  /// The box is being stopped (systemd's stop, the power button, the end of a script): whatever is heard
  /// stops at its word, that word is kept durably, and nothing starts reading again.
  case shuttingDown
  /// The box was built again for a reloaded config (SIGHUP) and takes over from the one before: reading
  /// goes on if it was reading, the menu and the sleep timer are as they were; nothing is said.
  case reloaded(CarriedOver)
}
