/// The menu's pages: what each lists and what choosing an item does.
/// The menu's pages: what each lists and what choosing an item does. Pages with items of their own are
/// typed items (`Items/`: each item's words and action together); the others list the book's or the box's
/// things (books, chapters, speeds, voices).
extension Menu {
  /// The page a page goes back to, and the item selected there; nil for the main page.
  static func parent(of page: MenuState.Page, in state: BoxState) -> (page: MenuState.Page, selected: Int)? {
    func main(_ item: MainItem) -> (MenuState.Page, Int) { (.main, item.position(in: state)) }
    func goTo(_ item: GoToItem) -> (MenuState.Page, Int) { (.goTo, item.position(in: state)) }
    func sound(_ item: SoundItem) -> (MenuState.Page, Int) { (.sound, item.position(in: state)) }
    switch page {
    case .main: return nil
    case .books: return main(.books)
    case .goTo: return main(.goTo)
    case .chapters: return goTo(.chapters)
    case .percent: return goTo(.percent)
    case .pages: return goTo(.pages)
    case .bookmarks: return main(.bookmarks)
    // Back to the bookmark the page was about (the list's first item adds one).
    case .bookmark: return (.bookmarks, (state.menu?.subject ?? 0) + 1)
    case .speed: return main(.speed)
    case .voice: return main(.voice)
    case .sound: return main(.sound)
    case .volume: return sound(.volume)
    case .pitch: return sound(.pitch)
    case .sleepTimer: return main(.sleepTimer)
    case .display: return main(.display)
    case .about: return main(.about)
    }
  }

  /// The items of a page, as they are shown and said.
  public static func items(of page: MenuState.Page, in state: BoxState) -> [String] {
    switch page {
    case .main: return MainItem.words(in: state)
    case .goTo: return GoToItem.words(in: state)
    case .bookmark: return BookmarkItem.words(in: state)
    case .sound: return SoundItem.words(in: state)
    case .display: return DisplayItem.words(in: state)
    case .about: return AboutItem.words(in: state)
    case .books:
      guard !state.library.books.isEmpty else { return ["No books found"] }
      return state.library.books.map { book in book.problem.map { "\(book.title): cannot be opened, \($0)" } ?? book.title }
    case .chapters:
      return state.book.chapters.isEmpty ? ["This book has no chapters"] : state.book.chapters.map(\.title)
    case .percent:
      return percentChoices.map { "\($0) percent" }
    case .pages:
      return state.book.pages.isEmpty ? ["This book has no page numbers"] : state.book.pages.map { "Page \($0.label)" }
    case .bookmarks:
      return ["Add a bookmark here"]
        + state.navigation.bookmarks.enumerated().map { index, offset in
          "Bookmark \(index + 1): \(WhereAmI.placeName(offset, in: state)). \(firstWords(at: offset, in: state))"
        }
    case .speed:
      return speeds(in: state).map { "\($0) words a minute" }
    case .voice:
      let voices = orderedVoices(state)
      return voices.isEmpty ? ["No other voices are installed"] : voices.map(\.name)
    case .volume:
      return Settings.volumeChoices.map { "\($0) percent" }
    case .pitch:
      return Settings.pitchChoices.map { "Pitch \($0)" }
    case .sleepTimer:
      return sleepChoices.map { minutes in
        guard let minutes else { return "At the end of the chapter" }
        return minutes == 0 ? "Off" : "\(minutes) minutes"
      }
    }
  }

  /// The installed voices, those of the book's language (or the voice's) first.
  static func orderedVoices(_ state: BoxState) -> [VoiceChoice] {
    let language = (state.book.language ?? state.playback.voice).lowercased()
    let base = String(language.prefix { $0 != "-" && $0 != "_" })
    func matches(_ voice: VoiceChoice) -> Bool {
      let own = voice.language.lowercased()
      return own == language || own.prefix { $0 != "-" } == base
    }
    return state.settings.voices.filter(matches) + state.settings.voices.filter { !matches($0) }
  }

  /// A voice's name; a voice given by its language alone ("en") is named after the first voice of it.
  static func voiceName(_ id: String, in state: BoxState) -> String {
    let code = id.lowercased()
    let voice =
      state.settings.voices.first { $0.id.lowercased() == code }
      ?? state.settings.voices.first { $0.language.lowercased().hasPrefix(code + "-") }
    return voice?.name ?? id
  }

  /// The first few words of the sentence at an offset, to tell bookmarks apart by ear.
  static func firstWords(at offset: Int, in state: BoxState, count: Int = 6) -> String {
    let book = state.playback.book
    guard book.hasText, !book.isEmpty else { return "" }
    let sentence = book.sentences[book.sentenceIndex(at: offset)]
    let start = max(sentence.start, min(offset, sentence.end))
    let words = book.scalars.text(start..<sentence.end).split(whereSeparator: { $0.isWhitespace }).prefix(count)
    return words.joined(separator: " ")
  }

  static func speeds(in state: BoxState) -> [Int] {
    let limits = state.playback.wpmLimits
    let step = SpeechRate.step
    let first = (limits.lowerBound + step - 1) / step * step
    let speeds = Array(stride(from: first, through: limits.upperBound, by: step))
    return speeds.isEmpty ? [state.playback.wpm] : speeds
  }

  static func choose(_ menu: MenuState, in state: BoxState, at time: Double) -> Outcome {
    let selected = menu.selected
    switch menu.page {
    case .main: return MainItem.at(selected, in: state).chosen(menu, in: state, at: time)
    case .goTo: return GoToItem.at(selected, in: state).chosen(menu, in: state, at: time)
    case .bookmark: return BookmarkItem.at(selected, in: state).chosen(menu, in: state, at: time)
    case .sound: return SoundItem.at(selected, in: state).chosen(menu, in: state, at: time)
    case .display: return DisplayItem.at(selected, in: state).chosen(menu, in: state, at: time)
    case .about: return AboutItem.at(selected, in: state).chosen(menu, in: state, at: time)
    case .books:
      guard selected < state.library.books.count else {
        return Outcome(state, [Box.say("No books found. Put books in the books folder or on a USB drive.", in: state)])
      }
      let entry = state.library.books[selected]
      if let problem = entry.problem {
        return Outcome(state, [Box.say("\(entry.title) cannot be opened: \(problem). Choose another book.", in: state)])
      }
      var next = state
      next.menu = nil
      next.library.opening = entry.id
      return Outcome(next, [Box.say("Opening \(entry.title).", in: next), .openLibraryBook(bookID: entry.id)])
    case .pages:
      guard selected < state.book.pages.count else {
        return Outcome(state, [Box.say("This book has no page numbers.", in: state)])
      }
      let page = state.book.pages[selected]
      var words = "Page \(page.label)"
      if let title = Navigation.chapterTitle(at: page.start, in: state.book) { words += ". " + title }
      return goTo(page.start, saying: words, state, at: time)
    case .chapters:
      guard selected < state.book.chapters.count else {
        return Outcome(state, [Box.say("This book has no chapters.", in: state)])
      }
      let chapter = state.book.chapters[selected]
      return goTo(chapter.start, saying: chapter.title, state, at: time)
    case .percent:
      let percent = percentChoices[min(selected, percentChoices.count - 1)]
      let offset = Navigation.offset(ofPercent: percent, in: state.playback.book)
      var words = "\(percent) percent"
      if let title = Navigation.chapterTitle(at: offset, in: state.book) { words += ". " + title }
      return goTo(offset, saying: words, state, at: time)
    case .bookmarks:
      if selected == 0 { return Outcome(state, send: [.navigation(.addBookmark)]) }
      return Outcome(enter(.bookmark, subject: selected - 1, state))
    case .speed:
      let speeds = speeds(in: state)
      let wpm = speeds[min(selected, speeds.count - 1)]
      // The rate changes, then the menu closes saying it at that rate (the step's end saves it).
      return Outcome(state, send: [.playback(.speedChanged(wpm: wpm)), .closeMenu("Speed \(wpm) words a minute.")])
    case .voice:
      let voices = orderedVoices(state)
      guard selected < voices.count else {
        return Outcome(state, [Box.say("No other voices are installed.", in: state)])
      }
      let voice = voices[selected]
      return Outcome(state, send: [.playback(.voiceChanged(voice: voice.id)), .closeMenu("Voice: \(voice.name).")])
    case .volume:
      var next = state
      next.settings.volume = Settings.volumeChoices[min(selected, Settings.volumeChoices.count - 1)]
      let (closed, effects) = close("Volume \(next.settings.volume) percent.", next)
      return Outcome(closed, [.setVolume(next.settings.volume)] + effects)
    case .pitch:
      var next = state
      next.settings.pitch = Settings.pitchChoices[min(selected, Settings.pitchChoices.count - 1)]
      let (closed, effects) = close("Pitch \(next.settings.pitch).", next)
      return Outcome(closed, [.setPitch(next.settings.pitch)] + effects)
    case .sleepTimer:
      let minutes = sleepChoices[min(selected, sleepChoices.count - 1)]
      var next = state
      if minutes == 0 {
        next.sleepTimer = nil
        return Outcome(close("Sleep timer off.", next)).after(state.sleepTimer?.isFading == true ? [.restoreVolume] : [])
      }
      next.sleepTimer = SleepTimers.make(minutes: minutes, FeatureContext(state, at: time))
      guard next.sleepTimer != nil else { return Outcome(close("No book is open, so there is no chapter to end.", state)) }
      let words = minutes.map { "Reading stops in \($0) minutes." } ?? "Reading stops at the end of the chapter."
      return Outcome(close(words, next))
    }
  }

  /// A place chosen in the menu: the menu closes, the place is said, and reading goes on if it was.
  static func goTo(_ offset: Int, saying words: String, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    next.menu = nil
    // Reading goes on from the new place: the listener chose where to read.
    next.saying.playAfterAnnouncement = true
    return Outcome(next, send: [.navigation(.go(to: offset, saying: words))])
  }
}
