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

  /// The installed voices: those of the box's own language first (the language of its words), then those
  /// of the book's language (or the voice's), then the rest; each group by name.
  static func orderedVoices(_ state: BoxState) -> [VoiceChoice] {
    func base(_ language: String) -> String { String(language.lowercased().prefix { $0 != "-" && $0 != "_" }) }
    let book = base(state.book.language ?? state.playback.voice)
    func group(_ voice: VoiceChoice) -> Int {
      let own = base(voice.language)
      return own == Box.ownLanguage ? 0 : own == book ? 1 : 2
    }
    return state.settings.voices.sorted { a, b in
      let (groupA, groupB) = (group(a), group(b))
      if groupA != groupB { return groupA < groupB }
      return a.name.lowercased() < b.name.lowercased()
    }
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
    var preview = words.joined(separator: " ")
    // Cut mid-sentence, the words end where the sentence goes on: no comma or dash before the item's period.
    while let last = preview.unicodeScalars.last,
      last.properties.isWhitespace || (last != "?" && last != "!" && last.properties.generalCategory.isPunctuationToTrim)
    {
      preview.unicodeScalars.removeLast()
    }
    return preview
  }

  static func speeds(in state: BoxState) -> [Int] {
    let limits = state.playback.wpmLimits
    let step = SpeechRate.step
    let first = (limits.lowerBound + step - 1) / step * step
    let speeds = Array(stride(from: first, through: limits.upperBound, by: step))
    return speeds.isEmpty ? [state.playback.wpm] : speeds
  }

  /// The selected item chosen: a page entered, or the menu left with what was done.
  static func choose(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let box = context.showing(menu)
    let selected = menu.selected
    switch menu.page {
    case .main: return MainItem.at(selected, in: box).chosen(menu, context)
    case .goTo: return GoToItem.at(selected, in: box).chosen(menu, context)
    case .bookmark: return BookmarkItem.at(selected, in: box).chosen(menu, context)
    case .sound: return SoundItem.at(selected, in: box).chosen(menu, context)
    case .display: return DisplayItem.at(selected, in: box).chosen(menu, context)
    case .about: return AboutItem.at(selected, in: box).chosen(menu, context)
    case .books:
      guard selected < box.library.books.count else {
        return FeatureStep(menu, [context.say("No books found. Put books in the books folder or on a USB drive.")])
      }
      let entry = box.library.books[selected]
      if let problem = entry.problem {
        return FeatureStep(menu, [context.say("\(entry.title) cannot be opened: \(problem). Choose another book.")])
      }
      return FeatureStep(
        nil, [context.say("Opening \(entry.title)."), .openLibraryBook(bookID: entry.id)],
        send: [.openingBook(id: entry.id)])
    case .pages:
      guard selected < box.book.pages.count else {
        return FeatureStep(menu, [context.say("This book has no page numbers.")])
      }
      let page = box.book.pages[selected]
      var words = "Page \(page.label)"
      if let title = Navigation.chapterTitle(at: page.start, in: box.book) { words += ". " + title }
      return goTo(page.start, saying: words)
    case .chapters:
      guard selected < box.book.chapters.count else {
        return FeatureStep(menu, [context.say("This book has no chapters.")])
      }
      let chapter = box.book.chapters[selected]
      let text = box.playback.book
      let landing = text.isEmpty ? chapter.start : Navigation.firstWordStart(of: chapter, in: text)
      return goTo(landing, saying: chapter.title)
    case .percent:
      let percent = percentChoices[min(selected, percentChoices.count - 1)]
      let offset = Navigation.offset(ofPercent: percent, in: box.playback.book)
      var words = "\(percent) percent"
      if let title = Navigation.chapterTitle(at: offset, in: box.book) { words += ". " + title }
      return goTo(offset, saying: words)
    case .bookmarks:
      if selected == 0 { return FeatureStep(menu, send: [.navigation(.addBookmark)]) }
      return enter(.bookmark, subject: selected - 1, from: menu, context)
    case .speed:
      let speeds = speeds(in: box)
      let wpm = speeds[min(selected, speeds.count - 1)]
      // The rate changes, then the menu closes saying it at that rate (the step's end saves it).
      return FeatureStep(menu, send: [.playback(.speedChanged(wpm: wpm)), .closeMenu("Speed \(wpm) words a minute.")])
    case .voice:
      let voices = orderedVoices(box)
      guard selected < voices.count else {
        return FeatureStep(menu, [context.say("No other voices are installed.")])
      }
      let voice = voices[selected]
      return FeatureStep(menu, send: [.playback(.voiceChanged(voice: voice.id)), .closeMenu("Voice: \(voice.name).")])
    case .volume:
      let volume = Settings.volumeChoices[min(selected, Settings.volumeChoices.count - 1)]
      return FeatureStep(menu, send: [.settings(.volume(volume)), .closeMenu("Volume \(volume) percent.")])
    case .pitch:
      let pitch = Settings.pitchChoices[min(selected, Settings.pitchChoices.count - 1)]
      return FeatureStep(menu, send: [.settings(.pitch(pitch)), .closeMenu("Pitch \(pitch).")])
    case .sleepTimer:
      let minutes = sleepChoices[min(selected, sleepChoices.count - 1)]
      if minutes == 0 { return FeatureStep(menu, send: [.setSleepTimer(nil), .closeMenu("Sleep timer off.")]) }
      guard let timer = SleepTimers.make(minutes: minutes, context.feature) else {
        return FeatureStep(menu, send: [.closeMenu("No book is open, so there is no chapter to end.")])
      }
      let words = minutes.map { "Reading stops in \($0) minutes." } ?? "Reading stops at the end of the chapter."
      return FeatureStep(menu, send: [.setSleepTimer(timer), .closeMenu(words)])
    }
  }

  /// A place chosen in the menu: the menu closes, the place is said, and reading goes on from there (the
  /// listener chose where to read).
  static func goTo(_ offset: Int, saying words: String) -> FeatureStep<MenuState?> {
    FeatureStep(nil, send: [.readWhenSaid, .navigation(.go(to: offset, saying: words))])
  }
}

extension Unicode.GeneralCategory {
  /// Punctuation that leaves a phrase unfinished (a comma, a dash, an opening quote), not what ends it.
  fileprivate var isPunctuationToTrim: Bool {
    switch self {
    case .otherPunctuation, .dashPunctuation, .openPunctuation, .initialPunctuation, .connectorPunctuation: return true
    default: return false
    }
  }
}
