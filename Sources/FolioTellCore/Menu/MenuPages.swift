/// The menu's pages: what each lists and what choosing an item does.
extension Menu {
  public enum MainItem: String, CaseIterable, Sendable {
    case books = "Books"
    case goTo = "Go to"
    case bookmarks = "Bookmarks"
    case speed = "Speed"
    case voice = "Voice"
    case sound = "Volume and pitch"
    case sleepTimer = "Sleep timer"
    case display = "Display"
    case keyDescriber = "Key describer"
    case about = "About"
    case backToReading = "Back to reading"
  }

  public static let mainItems = MainItem.allCases.map(\.rawValue)

  /// The page a page goes back to, and the item selected there; nil for the main page.
  static func parent(of page: MenuState.Page) -> (page: MenuState.Page, selected: Int)? {
    func main(_ item: MainItem) -> (MenuState.Page, Int) { (.main, MainItem.allCases.firstIndex(of: item) ?? 0) }
    switch page {
    case .main: return nil
    case .books: return main(.books)
    case .goTo: return main(.goTo)
    case .chapters: return (.goTo, 0)
    case .percent: return (.goTo, 1)
    case .pages: return (.goTo, 2)
    case .bookmarks: return main(.bookmarks)
    case .bookmark: return (.bookmarks, 0)
    case .speed: return main(.speed)
    case .voice: return main(.voice)
    case .sound: return main(.sound)
    case .volume: return (.sound, 0)
    case .pitch: return (.sound, 1)
    case .sleepTimer: return main(.sleepTimer)
    case .display: return main(.display)
    case .about: return main(.about)
    }
  }

  /// The items of a page, as they are shown and said.
  public static func items(of page: MenuState.Page, in state: BoxState, subject: Int = 0) -> [String] {
    switch page {
    case .main:
      return MainItem.allCases.map { item in
        switch item {
        case .speed: return "Speed: \(state.playback.wpm) words a minute"
        case .voice: return "Voice: " + voiceName(state.playback.voice, in: state)
        case .sleepTimer: return "Sleep timer: " + (state.sleepTimer?.spokenLeft ?? "off")
        default: return item.rawValue
        }
      }
    case .books:
      guard !state.library.isEmpty else { return ["No books found"] }
      return state.library.map { book in book.problem.map { "\(book.title): cannot be opened, \($0)" } ?? book.title }
    case .goTo:
      return ["Chapters", "A percentage"] + (state.pages.isEmpty ? [] : ["A page of the print edition"])
    case .chapters:
      return state.chapters.isEmpty ? ["This book has no chapters"] : state.chapters.map(\.title)
    case .percent:
      return percentChoices.map { "\($0) percent" }
    case .pages:
      return state.pages.isEmpty ? ["This book has no page numbers"] : state.pages.map { "Page \($0.label)" }
    case .bookmarks:
      return ["Add a bookmark here"]
        + state.bookmarks.enumerated().map { index, offset in
          "Bookmark \(index + 1): \(WhereAmI.placeName(offset, in: state)). \(firstWords(at: offset, in: state))"
        }
    case .bookmark:
      return ["Go to bookmark \(subject + 1)", "Delete bookmark \(subject + 1)"]
    case .speed:
      return speeds(in: state).map { "\($0) words a minute" }
    case .voice:
      let voices = orderedVoices(state)
      return voices.isEmpty ? ["No other voices are installed"] : voices.map(\.name)
    case .sound:
      return [
        "Volume: \(state.volume) percent", "Pitch: \(state.pitch)",
        "Sounds for presses: " + (state.earcons ? "on" : "off"),
      ]
    case .volume:
      return Settings.volumeChoices.map { "\($0) percent" }
    case .pitch:
      return Settings.pitchChoices.map { "Pitch \($0)" }
    case .about:
      guard let about = state.about else { return ["Version: finding out", "Free space: finding out"] }
      return ["Version \(about.version)", "Free space: \(about.spokenFreeSpace)"]
    case .sleepTimer:
      return sleepChoices.map { minutes in
        guard let minutes else { return "At the end of the chapter" }
        return minutes == 0 ? "Off" : "\(minutes) minutes"
      }
    case .display:
      let view = state.display
      return [
        "Big word: " + (view.mode == .bigWord ? "on" : "off"), "Text size: " + view.textSize.rawValue,
        "Night mode: " + (view.night ? "on" : "off"), "Display: " + (view.isOff ? "off" : "on"),
      ]
    }
  }

  /// The installed voices, those of the book's language (or the voice's) first.
  static func orderedVoices(_ state: BoxState) -> [VoiceChoice] {
    let language = (state.bookLanguage ?? state.playback.voice).lowercased()
    let base = String(language.prefix { $0 != "-" && $0 != "_" })
    func matches(_ voice: VoiceChoice) -> Bool {
      let own = voice.language.lowercased()
      return own == language || own.prefix { $0 != "-" } == base
    }
    return state.voices.filter(matches) + state.voices.filter { !matches($0) }
  }

  /// A voice's name; a voice given by its language alone ("en") is named after the first voice of it.
  static func voiceName(_ id: String, in state: BoxState) -> String {
    let code = id.lowercased()
    let voice =
      state.voices.first { $0.id.lowercased() == code }
      ?? state.voices.first { $0.language.lowercased().hasPrefix(code + "-") }
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
    switch menu.page {
    case .main:
      let item = MainItem.allCases[min(menu.selected, MainItem.allCases.count - 1)]
      switch item {
      case .books:
        return Outcome(
          enter(.books, selected: state.bookID.flatMap { id in state.library.firstIndex { $0.id == id } } ?? 0, state))
      case .goTo: return Outcome(enter(.goTo, state))
      case .bookmarks: return Outcome(enter(.bookmarks, state))
      case .speed:
        // The step nearest the current rate.
        let speeds = speeds(in: state)
        let nearest =
          speeds.indices.min { abs(speeds[$0] - state.playback.wpm) < abs(speeds[$1] - state.playback.wpm) } ?? 0
        return Outcome(enter(.speed, selected: nearest, state))
      case .voice:
        let voices = orderedVoices(state)
        return Outcome(enter(.voice, selected: voices.firstIndex { $0.id == state.playback.voice } ?? 0, state))
      case .sound: return Outcome(enter(.sound, state))
      case .sleepTimer: return Outcome(enter(.sleepTimer, state))
      case .display: return Outcome(enter(.display, state))
      case .about:
        let (entered, effects) = enter(.about, state)
        return Outcome(entered, effects + [.describeSystem])
      case .keyDescriber:
        var closed = state
        closed.menu = nil
        return ControlHandling.toggleDescriber(closed, at: time)
      case .backToReading: return Outcome(close("Menu closed.", state))
      }
    case .books:
      guard menu.selected < state.library.count else {
        return Outcome(state, [Box.say("No books found. Put books in the books folder or on a USB drive.", in: state)])
      }
      let entry = state.library[menu.selected]
      if let problem = entry.problem {
        return Outcome(state, [Box.say("\(entry.title) cannot be opened: \(problem). Choose another book.", in: state)])
      }
      var next = state
      next.menu = nil
      next.openingFromMenu = entry.id
      return Outcome(next, [Box.say("Opening \(entry.title).", in: next), .openLibraryBook(bookID: entry.id)])
    case .goTo:
      let pages: [MenuState.Page] = [.chapters, .percent, .pages]
      guard menu.selected != 2 || !state.pages.isEmpty else { return Outcome(enter(.percent, state)) }
      // The page the listener is on is selected, so a page near it is a few steps away.
      let current = state.pages.lastIndex { $0.start <= state.playback.offset } ?? 0
      return Outcome(enter(pages[min(menu.selected, 2)], selected: menu.selected == 2 ? current : 0, state))
    case .pages:
      guard menu.selected < state.pages.count else {
        return Outcome(state, [Box.say("This book has no page numbers.", in: state)])
      }
      let page = state.pages[menu.selected]
      var words = "Page \(page.label)"
      if let title = Navigation.chapterTitle(at: page.start, in: state) { words += ". " + title }
      return goTo(page.start, saying: words, menu, state, at: time)
    case .chapters:
      guard menu.selected < state.chapters.count else {
        return Outcome(state, [Box.say("This book has no chapters.", in: state)])
      }
      let chapter = state.chapters[menu.selected]
      return goTo(chapter.start, saying: chapter.title, menu, state, at: time)
    case .percent:
      let percent = percentChoices[min(menu.selected, percentChoices.count - 1)]
      let offset = Navigation.offset(ofPercent: percent, in: state.playback.book)
      var words = "\(percent) percent"
      if let title = Navigation.chapterTitle(at: offset, in: state) { words += ". " + title }
      return goTo(offset, saying: words, menu, state, at: time)
    case .bookmarks:
      if menu.selected == 0 { return Outcome(Bookmarks.add(state, at: time)) }
      return Outcome(enter(.bookmark, subject: menu.selected - 1, state))
    case .bookmark:
      guard menu.subject < state.bookmarks.count else { return Outcome(enter(.bookmarks, state)) }
      let offset = state.bookmarks[menu.subject]
      if menu.selected == 0 {
        return goTo(
          offset, saying: "Bookmark \(menu.subject + 1). \(WhereAmI.placeName(offset, in: state))", menu, state,
          at: time)
      }
      return Outcome(Bookmarks.remove(at: menu.subject, state))
    case .speed:
      let speeds = speeds(in: state)
      let wpm = speeds[min(menu.selected, speeds.count - 1)]
      // The rate changes, then the menu closes saying it at that rate (the step's end saves it).
      return Outcome(state, send: [.playback(.speedChanged(wpm: wpm)), .closeMenu("Speed \(wpm) words a minute.")])
    case .voice:
      let voices = orderedVoices(state)
      guard menu.selected < voices.count else {
        return Outcome(state, [Box.say("No other voices are installed.", in: state)])
      }
      let voice = voices[menu.selected]
      return Outcome(state, send: [.playback(.voiceChanged(voice: voice.id)), .closeMenu("Voice: \(voice.name).")])
    case .sound:
      switch menu.selected {
      case 0:
        return Outcome(enter(.volume, selected: Settings.volumeChoices.firstIndex { $0 >= state.volume } ?? 9, state))
      case 1:
        return Outcome(enter(.pitch, selected: Settings.pitchChoices.firstIndex { $0 >= state.pitch } ?? 0, state))
      default:
        var next = state
        next.earcons.toggle()
        return Outcome(close(next.earcons ? "Sounds for presses on." : "Sounds for presses off.", next))
      }
    case .volume:
      var next = state
      next.volume = Settings.volumeChoices[min(menu.selected, Settings.volumeChoices.count - 1)]
      let (closed, effects) = close("Volume \(next.volume) percent.", next)
      return Outcome(closed, [.setVolume(next.volume)] + effects)
    case .pitch:
      var next = state
      next.pitch = Settings.pitchChoices[min(menu.selected, Settings.pitchChoices.count - 1)]
      let (closed, effects) = close("Pitch \(next.pitch).", next)
      return Outcome(closed, [.setPitch(next.pitch)] + effects)
    case .about:
      return Outcome(close("Menu closed.", state))
    case .sleepTimer:
      let minutes = sleepChoices[min(menu.selected, sleepChoices.count - 1)]
      var next = state
      if minutes == 0 {
        next.sleepTimer = nil
        return Outcome(close("Sleep timer off.", next)).after(state.sleepTimer?.isFading == true ? [.restoreVolume] : [])
      }
      next.sleepTimer = SleepTimers.make(minutes: minutes, state, at: time)
      guard next.sleepTimer != nil else { return Outcome(close("No book is open, so there is no chapter to end.", state)) }
      let words = minutes.map { "Reading stops in \($0) minutes." } ?? "Reading stops at the end of the chapter."
      return Outcome(close(words, next))
    case .display:
      var next = state
      let words: String
      switch menu.selected {
      case 0:
        next.display.mode = state.display.mode == .bigWord ? .reading : .bigWord
        words = next.display.mode == .bigWord ? "Big word on." : "Big word off."
      case 1:
        next.display.textSize = state.display.textSize.next
        words = "Text size \(next.display.textSize.rawValue)."
      case 2:
        next.display.night.toggle()
        words = next.display.night ? "Night mode on." : "Night mode off."
      default:
        next.display.isOff.toggle()
        words = next.display.isOff ? "Display off." : "Display on."
      }
      return Outcome(close(words, next))
    }
  }

  /// A place chosen in the menu: the menu closes, the place is said, and reading goes on if it was.
  static func goTo(_ offset: Int, saying words: String, _ menu: MenuState, _ state: BoxState, at time: Double)
    -> Outcome
  {
    var went = Navigation.go(to: offset, saying: words, state, at: time, closingMenu: true)
    // Reading goes on from the new place: the listener chose where to read.
    went.state.playAfterAnnouncement = true
    return went
  }
}
