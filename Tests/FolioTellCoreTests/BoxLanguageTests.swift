import Testing

@testable import FolioTellCore

/// The box speaks its own words in its language, with a voice of that language, and a book's own words
/// (its title, its chapters) in the book's.
@Suite struct BoxLanguageTests {
  static let text = "One. Two. Three."
  let book = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 4), TextSpan(start: 5, end: 9), TextSpan(start: 10, end: 16)], text: text)

  func box(_ language: String, bookLanguage: String = "en") -> BoxState {
    var state = BoxState()
    state.settings.boxLanguage = language
    (state, _) = Box.reduce(
      state,
      .bookOpened(
        bookID: "b", book: book, saved: nil, title: "Numbers", chapters: [ChapterMark(title: "First", start: 0)],
        language: bookLanguage),
      at: 0)
    (state, _) = Box.reduce(
      state, .libraryChanged([LibraryBook(id: "b", title: "Numbers", language: bookLanguage),
        LibraryBook(id: "w", title: "Война и мир", language: "ru")]), at: 0)
    return state
  }

  func announcements(_ effects: [BoxEffect]) -> [(text: String, languages: [LanguagePassage])] {
    effects.compactMap { if case .announce(let text, _, _, let languages) = $0 { return (text, languages) } else { return nil } }
  }

  @Test func aGermanBoxSaysItsMenuInGermanWithAGermanVoiceAndTheBooksTitleInEnglish() {
    let (_, effects) = run(box("de"), [.menu(.opened), .menu(.chosen)])
    let said = announcements(effects)
    #expect(said.map(\.text) == ["Menü. Bücher. 1 von 12.", "Bücher. Numbers. 1 von 2."])
    #expect(said[0].languages == [LanguagePassage(start: 0, language: "de")])
    // "Bücher. " in German, the English title in English, "1 von 2." in German again.
    #expect(
      said[1].languages == [
        LanguagePassage(start: 0, language: "de"), LanguagePassage(start: 8, language: "en"),
        LanguagePassage(start: 15, language: "de"),
      ])
  }

  @Test func anEnglishBoxReadingAGermanBookSaysItsOwnWordsWithAnEnglishVoice() {
    var state = box("en", bookLanguage: "de")
    (state, _) = run(state, [.voicesFound([VoiceChoice(id: "de", name: "German", language: "de")])])
    state.playback.voice = "de"
    let (_, effects) = run(state, [.control(name: .stop, gesture: .short)])
    #expect(effects.last == .announce(text: "Stopped.", wpm: 175, voice: "de", languages: [LanguagePassage(start: 0, language: "en")]))
    // Said by the voice of the box's language itself, nothing is marked.
    state.playback.voice = "en"
    let (_, same) = run(state, [.control(name: .stop, gesture: .short)])
    #expect(same.last == .announce(text: "Stopped.", wpm: 175, voice: "en"))
  }

  @Test func anEnglishBoxSaysARussianTitleWithARussianVoice() {
    let (_, effects) = run(box("en"), [.menu(.opened), .menu(.chosen), .menu(.moved(steps: 1))])
    let last = announcements(effects).last!
    #expect(last.text == "Война и мир. 2 of 2.")
    #expect(last.languages == [LanguagePassage(start: 0, language: "ru"), LanguagePassage(start: 11, language: "en")])
  }

  @Test func theSpokenSpeedAndWhereAmIAreInTheBoxsLanguageWithItsPluralForms() {
    var state = box("ru", bookLanguage: "ru")
    (state, _) = run(state, [.playback(.primaryTapped), .playback(.utteranceDidStart(token: 1))])
    var (_, effects) = run(state, [.control(name: .faster, gesture: .short)])
    #expect(announcements(effects).last?.text == "200 слов в минуту.")
    (_, effects) = run(state, [.control(name: .play, gesture: .long)])
    let whereAmI = announcements(effects).last?.text ?? ""
    #expect(whereAmI.hasPrefix("Numbers. First. 0 процентов."), "\(whereAmI)")
    #expect(!whereAmI.contains("left") && !whereAmI.contains("percent"), "\(whereAmI)")
  }

  @Test func theLanguagePageSaysEachLanguageInItselfAndAChoiceIsKept() {
    let state = box("en")
    var (next, effects) = run(state, [.menu(.opened), .menu(.moved(steps: 11))])
    #expect(announcements(effects).last?.text == "Language of the box: English. 12 of 12.")
    (next, effects) = run(next, [.menu(.chosen)])
    let page = announcements(effects).last!
    #expect(page.text == "Language of the box. English. 1 of 5.")
    (next, effects) = run(next, [.menu(.moved(steps: 1))])
    let deutsch = announcements(effects).last!
    #expect(deutsch.text == "Deutsch. 2 of 5.")
    #expect(deutsch.languages == [LanguagePassage(start: 0, language: "de"), LanguagePassage(start: 7, language: "en")])
    (next, effects) = run(next, [.menu(.chosen)])
    #expect(next.settings.boxLanguage == "de" && next.settings.boxLanguageChosen)
    #expect(announcements(effects).last?.text.hasPrefix("Die Box spricht jetzt Deutsch.") == true)
    #expect(effects.contains { if case .saveSettings(let settings) = $0 { settings.boxLanguage == "de" } else { false } })
    // From then on the menu is German.
    (_, effects) = run(next, [.menu(.opened)])
    #expect(announcements(effects).last?.text == "Menü. Bücher. 1 von 12.")
  }

  @Test func theKeyDescriberAndTheGreetingAreTranslated() {
    let state = box("fr", bookLanguage: "fr")
    var (next, effects) = run(state, [.control(name: .describerChord, gesture: .long)])
    #expect(announcements(effects).last?.text == WordTable.french.phrases[.keyDescriberOn])
    (next, effects) = run(next, [.announcementFinished, .control(name: .next, gesture: .short)])
    let described = announcements(effects).last?.text ?? ""
    #expect(described.hasPrefix("Next"), "\(described)")
    #expect(described.contains("Phrase suivante"), "\(described)")
    (_, effects) = run(box("fr", bookLanguage: "fr"), [.poweredOn])
    #expect(announcements(effects).first?.text.contains("Numbers. First.") == true)
  }

  @Test func aMissingPartIsSaidInTheBoxsLanguage() {
    var state = BoxState()
    state.settings.boxLanguage = "es"
    let (_, effects) = run(state, [.partMissing(.display), .poweredOn])
    let said = announcements(effects).last?.text ?? ""
    #expect(said.hasSuffix(WordTable.spanish.phrases[.displayNotWorking]! + "."), "\(said)")
    #expect(said.hasPrefix(WordTable.spanish.phrases[.noBookOpen]!), "\(said)")
  }

  @Test func aLanguageTheBoxDoesNotSpeakIsNotTaken() {
    let (state, _) = run(box("de"), [])
    let step = SettingsFeature.reduce(state.settings, .boxLanguage("vi"))
    #expect(step.state.boxLanguage == "de")
  }
}
