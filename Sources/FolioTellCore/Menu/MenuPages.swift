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
    case .language: return main(.language)
    }
  }

  /// The items of a page, as they are shown.
  public static func items(of page: MenuState.Page, in state: BoxState) -> [String] {
    spokenItems(of: page, in: state).map(SpokenLanguages.plain)
  }

  /// The items of a page as they are said: a book's title, or a voice's name, marked with its language.
  static func spokenItems(of page: MenuState.Page, in state: BoxState) -> [String] {
    let words = state.words
    switch page {
    case .main: return MainItem.words(in: state)
    case .goTo: return GoToItem.words(in: state)
    case .bookmark: return BookmarkItem.words(in: state)
    case .sound: return SoundItem.words(in: state)
    case .display: return DisplayItem.words(in: state)
    case .about: return AboutItem.words(in: state)
    case .books:
      guard !state.library.books.isEmpty else { return [words(.noBooksFound)] }
      return state.library.books.map { book in
        let title = words.text(of: .book(book.title, language: book.language))
        return book.problem.map { words(.bookCannotBeOpenedItem, .words(title), .book($0, language: "en")) } ?? title
      }
    case .chapters:
      guard !state.book.chapters.isEmpty else { return [String(words(.noChapters).dropLast())] }
      return state.book.chapters.map { words.text(of: .book($0.title, language: state.book.language)) }
    case .percent:
      return percentChoices.map { words.count($0, .percent) }
    case .pages:
      guard !state.book.pages.isEmpty else { return [String(words(.noPageNumbers).dropLast())] }
      return state.book.pages.map { words(.page, .words($0.label)) }
    case .bookmarks:
      return [words(.addBookmarkHere)]
        + state.navigation.bookmarks.enumerated().map { index, offset in
          let preview = firstWords(at: offset, in: state)
          return words(
            .bookmarkListItem, .number(index + 1), .words(WhereAmI.placeName(offset, in: state)),
            .book(preview, language: state.playback.book.passages.language(at: offset) ?? state.book.language))
        }
    case .speed:
      return speeds(in: state).map { words.count($0, .wordsPerMinute) }
    case .voice:
      let voices = orderedVoices(state)
      return voices.isEmpty ? [words(.noOtherVoices)] : voices.map { words.text(of: .book($0.name, language: $0.language)) }
    case .volume:
      return Settings.volumeChoices.map { words.count($0, .percent) }
    case .pitch:
      return Settings.pitchChoices.map { words(.pitchValue, .number($0)) }
    case .sleepTimer:
      return sleepChoices.map { minutes in
        guard let minutes else { return words(.sleepAtChapterEnd) }
        return minutes == 0 ? capitalized(words(.off)) : words.count(minutes, .minute)
      }
    case .language:
      // Each language's name said in that language, so a listener finds their own.
      return WordTable.all.map { words.text(of: .book($0.name, language: $0.language)) }
    }
  }

  /// The installed voices: those of the box's own language first (the language of its words), then those
  /// of the book's language (or the voice's), then the rest; each group by name.
  static func orderedVoices(_ state: BoxState) -> [VoiceChoice] {
    func base(_ language: String) -> String { String(language.lowercased().prefix { $0 != "-" && $0 != "_" }) }
    let book = base(state.book.language ?? state.playback.voice)
    func group(_ voice: VoiceChoice) -> Int {
      let own = base(voice.language)
      return own == base(state.settings.boxLanguage) ? 0 : own == book ? 1 : 2
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

  /// "Off" as an item of its own.
  static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

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
    let words = context.words
    switch menu.page {
    case .main: return MainItem.at(selected, in: box).chosen(menu, context)
    case .goTo: return GoToItem.at(selected, in: box).chosen(menu, context)
    case .bookmark: return BookmarkItem.at(selected, in: box).chosen(menu, context)
    case .sound: return SoundItem.at(selected, in: box).chosen(menu, context)
    case .display: return DisplayItem.at(selected, in: box).chosen(menu, context)
    case .about: return AboutItem.at(selected, in: box).chosen(menu, context)
    case .books:
      guard selected < box.library.books.count else {
        return FeatureStep(menu, [context.say(words(.noBooksFoundHelp))])
      }
      let entry = box.library.books[selected]
      let title = PhraseArgument.book(entry.title, language: entry.language)
      if let problem = entry.problem {
        return FeatureStep(menu, [context.say(words(.bookCannotBeOpened, title, .book(problem, language: "en")))])
      }
      return FeatureStep(
        nil, [context.say(words(.opening, title)), .openLibraryBook(bookID: entry.id)],
        send: [.openingBook(id: entry.id)])
    case .pages:
      guard selected < box.book.pages.count else {
        return FeatureStep(menu, [context.say(words(.noPageNumbers))])
      }
      let page = box.book.pages[selected]
      var said = words(.page, .words(page.label))
      if let title = Navigation.chapterTitle(at: page.start, in: box.book) {
        said += ". " + words.text(of: .book(title, language: box.book.language))
      }
      return goTo(page.start, saying: said)
    case .chapters:
      guard selected < box.book.chapters.count else {
        return FeatureStep(menu, [context.say(words(.noChapters))])
      }
      let chapter = box.book.chapters[selected]
      let text = box.playback.book
      let landing = text.isEmpty ? chapter.start : Navigation.firstWordStart(of: chapter, in: text)
      return goTo(landing, saying: words.text(of: .book(chapter.title, language: box.book.language)))
    case .percent:
      let percent = percentChoices[min(selected, percentChoices.count - 1)]
      let offset = Navigation.offset(ofPercent: percent, in: box.playback.book)
      var said = words.count(percent, .percent)
      if let title = Navigation.chapterTitle(at: offset, in: box.book) {
        said += ". " + words.text(of: .book(title, language: box.book.language))
      }
      return goTo(offset, saying: said)
    case .bookmarks:
      if selected == 0 { return FeatureStep(menu, send: [.navigation(.addBookmark)]) }
      return enter(.bookmark, subject: selected - 1, from: menu, context)
    case .speed:
      let speeds = speeds(in: box)
      let wpm = speeds[min(selected, speeds.count - 1)]
      // The rate changes, then the menu closes saying it at that rate (the step's end saves it).
      return FeatureStep(menu, send: [.playback(.speedChanged(wpm: wpm)), .closeMenu(words(.speedChosen, .count(wpm, .wordsPerMinute)))])
    case .voice:
      let voices = orderedVoices(box)
      guard selected < voices.count else {
        return FeatureStep(menu, [context.say(words(.noOtherVoices) + ".")])
      }
      let voice = voices[selected]
      return FeatureStep(menu, send: [.playback(.voiceChanged(voice: voice.id)), .closeMenu(words(.voiceChosen, .words(voice.name)))])
    case .volume:
      let volume = Settings.volumeChoices[min(selected, Settings.volumeChoices.count - 1)]
      return FeatureStep(menu, send: [.settings(.volume(volume)), .closeMenu(words(.volumeChosen, .count(volume, .percent)))])
    case .pitch:
      let pitch = Settings.pitchChoices[min(selected, Settings.pitchChoices.count - 1)]
      return FeatureStep(menu, send: [.settings(.pitch(pitch)), .closeMenu(words(.pitchChosen, .number(pitch)))])
    case .sleepTimer:
      let minutes = sleepChoices[min(selected, sleepChoices.count - 1)]
      if minutes == 0 { return FeatureStep(menu, send: [.setSleepTimer(nil), .closeMenu(words(.sleepTimerOff))]) }
      guard let timer = SleepTimers.make(minutes: minutes, context.feature) else {
        return FeatureStep(menu, send: [.closeMenu(words(.noChapterToEnd))])
      }
      let said = minutes.map { words(.readingStopsIn, .count($0, .minute)) } ?? words(.readingStopsAtChapterEnd)
      return FeatureStep(menu, send: [.setSleepTimer(timer), .closeMenu(said)])
    case .language:
      let chosen = WordTable.all[min(selected, WordTable.all.count - 1)]
      // Said in the language chosen: the root takes the setting before it closes the menu.
      let said = BoxWords(language: chosen.language)(.languageChosen)
      return FeatureStep(menu, send: [.settings(.boxLanguage(chosen.language)), .closeMenu(said)])
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
