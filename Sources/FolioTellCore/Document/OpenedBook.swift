/// A book the runtime has read, with what the store kept for it: opening it replaces the open book, keeps
/// where the old one was left, and starts at the kept place with the book's own rate and voice.
struct OpenedBook: Sendable {
  var bookID: String
  var book: SentenceMap
  var saved: ReadingPosition?
  var title: String?
  var path: String?
  var chapters: [ChapterMark]
  var bookmarks: [Int]
  var pages: [PageMark]
  var notes: [Int]
  var language: String?
  var settings: PlaybackSettings?
  var paragraphs: [Int]

  func open(in state: BoxState, at time: Double) -> Outcome {
    var next = state
    var effects: [BoxEffect] = []
    if let live = state.playback.phase.liveUtterance {
      effects.append(.playback(.stop(token: live.token)))
    }
    // Remember where the old book was left before its reducer state is replaced.
    var closing = state.position
    if state.book.id != nil, state.playback.offset != (closing.current?.offset ?? 0) {
      closing.current = ReadingPosition(offset: state.playback.offset, sentence: state.playback.sentenceIndex)
    }
    let restored = saved.flatMap { $0.offset <= book.endOffset && $0.offset >= 0 ? $0 : nil }
    let (position, save) = PlaybackPositionReducer.reduce(
      closing, .bookOpened(bookID: bookID, saved: restored, at: time))
    if let save { effects.append(.savePosition(save)) }
    let inBook = { (offset: Int) in offset >= 0 && offset <= book.endOffset }
    next.book = OpenBook(
      id: bookID, title: title, path: path, chapters: chapters, pages: pages.filter { inBook($0.start) },
      notes: notes.filter(inBook), paragraphs: paragraphs.filter(inBook), language: language)
    next.navigation.bookmarks = bookmarks.filter(inBook).sorted()
    next.navigation.undoPlace = nil
    next.navigation.lastJumpTime = nil
    next.resume.pausedAt = nil
    next.position = position
    // The rate and voice chosen for this book, if it has its own; else a voice of the book's language
    // (unless the voice was given); else the box's.
    let languageVoice =
      state.settings.voiceIsFixed
      ? nil : BookVoice.voice(forBookLanguage: language, current: state.playback.voice, among: state.settings.voices)
    let wpm = settings?.wpm ?? state.playback.wpm
    // A kept place is gone back from a little (ResumePlace), so the listener finds the thread again.
    let start = restored.map { ResumePlace.goingBack(from: $0.offset, in: book, wpm: wpm) } ?? 0
    next.playback = PlaybackState(
      book: book, offset: start, wpm: wpm,
      voice: settings?.voice ?? languageVoice ?? state.playback.voice,
      wpmLimits: state.playback.wpmLimits, utteranceToken: state.playback.utteranceToken)
    next.sleepTimer = SleepTimers.bookChanged(next.sleepTimer, FeatureContext(next, at: time))
    // What was being read (or paused) is over: its sound is released, as at a stop.
    if state.playback.phase.liveUtterance != nil, state.audio.isActive {
      next.audio = AudioPower.follow(state.audio, from: state.playback.phase, to: .idle, at: time)
      effects.append(.playback(.deactivateAudio))
    }
    effects.append(.loadBook(book))
    if bookID != state.book.id || path != state.book.path {
      effects.append(.rememberOpenBook(bookID: bookID, path: path))
    }
    guard state.library.opening != nil else { return Outcome(next, effects) }
    // Chosen in the menu: say where the listener is in it, then read (or ask, for a finished book).
    next.library.opening = nil
    return Outcome(next, effects, send: [.event(.poweredOn)])
  }
}
