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
    if state.bookID != nil, state.playback.offset != (closing.current?.offset ?? 0) {
      closing.current = ReadingPosition(offset: state.playback.offset, sentence: state.playback.sentenceIndex)
    }
    let restored = saved.flatMap { $0.offset <= book.endOffset && $0.offset >= 0 ? $0 : nil }
    let (position, save) = PlaybackPositionReducer.reduce(
      closing, .bookOpened(bookID: bookID, saved: restored, at: time))
    if let save { effects.append(.savePosition(save)) }
    let inBook = { (offset: Int) in offset >= 0 && offset <= book.endOffset }
    next.bookID = bookID
    next.title = title
    next.bookPath = path
    next.chapters = chapters
    next.bookmarks = bookmarks.filter(inBook).sorted()
    next.pages = pages.filter { inBook($0.start) }
    next.notes = notes.filter(inBook)
    next.bookLanguage = language
    next.paragraphs = paragraphs.filter(inBook)
    next.undoPlace = nil
    next.lastJumpTime = nil
    next.pausedAt = nil
    next.position = position
    // The rate and voice chosen for this book, if it has its own; else a voice of the book's language
    // (unless the voice was given); else the box's.
    let languageVoice =
      state.voiceIsFixed
      ? nil : BookVoice.voice(forBookLanguage: language, current: state.playback.voice, among: state.voices)
    next.playback = PlaybackState(
      book: book, offset: restored?.offset ?? 0, wpm: settings?.wpm ?? state.playback.wpm,
      voice: settings?.voice ?? languageVoice ?? state.playback.voice,
      wpmLimits: state.playback.wpmLimits, utteranceToken: state.playback.utteranceToken)
    next = SleepTimers.bookChanged(next)
    // What was being read (or paused) is over: its sound is released, as at a stop.
    if state.playback.phase.liveUtterance != nil, state.audio.isActive {
      next.audio = AudioPower.follow(state.audio, from: state.playback.phase, to: .idle, at: time)
      effects.append(.playback(.deactivateAudio))
    }
    effects.append(.loadBook(book))
    if bookID != state.bookID || path != state.bookPath {
      effects.append(.rememberOpenBook(bookID: bookID, path: path))
    }
    guard state.openingFromMenu != nil else { return Outcome(next, effects) }
    // Chosen in the menu: say where the listener is in it, then read (or ask, for a finished book).
    next.openingFromMenu = nil
    return Outcome(next, effects, send: [.event(.poweredOn)])
  }
}
