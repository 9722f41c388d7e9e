import Testing

@testable import FolioTellCore

/// Everything a listener does by ear, as event sequences through the root reducer: where am I, the key
/// describer and its chord, chapters and undo, bookmarks, the sleep timer's fade, spoken state, resume rules.
@Suite struct ByEarTests {
  static let text =
    "Chapter One. A cat sat on the mat. It was warm. Chapter Two. A dog ran far. It was fast. Chapter Three. The end came."
  static func sentenceSpans(_ text: String) -> [TextSpan] {
    var spans: [TextSpan] = []
    var start = 0
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where scalar == "." {
      spans.append(TextSpan(start: start, end: index + 1))
      start = index + 2
    }
    return spans
  }
  static let book = try! SentenceMap(sentences: sentenceSpans(text), text: text)
  static let chapters = [
    ChapterMark(title: "Chapter One", start: 0), ChapterMark(title: "Chapter Two", start: 48),
    ChapterMark(title: "Chapter Three", start: 89),
  ]

  var state = BoxState()
  var time = 0.0
  var effects: [BoxEffect] = []

  init(saved: ReadingPosition? = nil, bookmarks: [Int] = []) {
    state.library.books = [LibraryBook(id: "tale", title: "A Tale")]
    send(
      .bookOpened(
        bookID: "tale", book: Self.book, saved: saved, title: "A Tale", chapters: Self.chapters,
        bookmarks: bookmarks, paragraphs: [0, 13, 48, 61, 89, 104]))
  }

  mutating func send(_ event: BoxEvent, at moment: Double? = nil) {
    if let moment { time = moment }
    (state, effects) = Box.reduce(state, event, at: time)
    // The tick's bookkeeping is TickTests'.
    effects = effects.withoutTimers
  }

  mutating func press(_ control: ControlName, _ gesture: Gesture = .short, at moment: Double? = nil) {
    send(.control(name: control, gesture: gesture), at: moment)
  }

  /// Reading from the place, the engine having started and heard the word at `word`.
  mutating func reading(at word: Int) {
    press(.play)
    let token = state.playback.utteranceToken
    send(.playback(.utteranceDidStart(token: token)))
    send(.playback(.willSpeakRange(token: token, location: word, length: 3)))
  }

  var said: [String] {
    effects.compactMap { if case .announce(let text, _, _, _) = $0 { return text } else { return nil } }
  }

  @Test mutating func aLongPlaySaysWhereTheListenerIsAndReadingGoesOnFromTheSameWord() {
    reading(at: 65)
    press(.play, .long, at: 5)
    #expect(
      said == [
        "A Tale. Chapter Two. 55 percent. less than a minute left in the chapter. less than a minute left in the book."
      ])
    #expect(effects.first == .playback(.stop(token: 1)))
    #expect(state.saying.resumeAfterSaying)
    send(.announcementFinished)
    #expect(effects.first == .playback(.startUtterance(token: 2, offset: 65, wpm: 175, voice: "en")))
  }

  @Test mutating func whereAmIWhilePausedStaysStopped() {
    reading(at: 65)
    press(.play)
    press(.play, .long)
    #expect(said.first?.hasPrefix("A Tale. Chapter Two.") == true)
    send(.announcementFinished)
    #expect(state.playback.phase == .idle)
    #expect(state.playback.offset == 65)
  }

  /// Held PLAY during the greeting at power-on (its repeats and release too): where am I is said over the
  /// greeting, and reading then starts from the kept sentence as the greeting would have.
  @Test mutating func whereAmIDuringTheGreetingThenReads() {
    self = ByEarTests(saved: ReadingPosition(offset: 65, sentence: 5))
    send(.poweredOn, at: 0.6)
    #expect(said == ["A Tale. Chapter Two."])
    press(.play, .long, at: 2.2)
    #expect(said.first?.hasPrefix("A Tale. Chapter Two. ") == true)
    press(.play, .repeatWhileHeld, at: 2.4)
    press(.play, .release, at: 2.9)
    #expect(state.playback.phase == .idle)
    send(.announcementFinished, at: 9.8)
    #expect(effects.first == .playback(.startUtterance(token: 1, offset: 61, wpm: 175, voice: "en")))
    send(.announcementFinished, at: 10)
    #expect(effects.isEmpty)
  }

  /// Turning the knob or opening the menu during the greeting takes over: the greeting's end starts nothing.
  @Test mutating func aTurnOrTheMenuDuringTheGreetingTakesOver() {
    self = ByEarTests(saved: ReadingPosition(offset: 65, sentence: 5))
    send(.poweredOn, at: 0.6)
    send(.encoder(steps: 1), at: 1)
    #expect(effects.contains(.playback(.startUtterance(token: 1, offset: 76, wpm: 175, voice: "en"))))
    send(.announcementFinished, at: 3)
    #expect(effects.isEmpty)
    #expect(state.playback.utteranceToken == 1)

    self = ByEarTests(saved: ReadingPosition(offset: 65, sentence: 5))
    send(.poweredOn, at: 0.6)
    press(.menu, at: 1)
    #expect(state.menu != nil)
    send(.announcementFinished, at: 3)
    press(.back, at: 4)
    #expect(state.menu == nil)
    send(.announcementFinished, at: 5)
    #expect(state.playback.phase == .idle)
    #expect(state.playback.utteranceToken == 0)
  }

  @Test mutating func whereAmIOnAFinishedBookSaysSoWithoutTimeLeft() {
    self = ByEarTests(saved: ReadingPosition(offset: ByEarTests.book.endOffset, sentence: 9))
    press(.play, .long)
    #expect(said == ["A Tale. Chapter Three. 100 percent. You finished this book. Press PLAY to start over."])
  }

  /// Starting a finished book over leaves no way back to its end: undo has nothing to go back to.
  @Test mutating func undoAfterStartingAFinishedBookOverIsNothingToUndo() {
    self = ByEarTests(saved: ReadingPosition(offset: ByEarTests.book.endOffset, sentence: 9))
    press(.stop, .long, at: 1)
    #expect(state.playback.offset == 0)
    press(.back, .long, at: 3)
    press(.back, .release, at: 3.5)
    #expect(said == ["Nothing to undo."])
    #expect(state.playback.offset == 0)
  }

  /// `say` and `read` end with the text: no words or tone after it, whenever the process happens to stop.
  @Test mutating func aOneShotReadingEndsInSilence() {
    state.saying.announcesTheEnd = false
    reading(at: 104)
    send(.playback(.utteranceDidFinish(token: state.playback.utteranceToken)))
    #expect(state.playback.phase == .finished)
    #expect(!effects.contains { if case .announce = $0 { return true } else { return false } })
    #expect(!effects.contains(.earcon(.endOfBook)))
  }

  @Test func aBookmarksPreviewEndsOnAWordNotOnAComma() throws {
    let text = "Well, then, we went on — all of us — to the sea?"
    let book = try SentenceMap(sentences: [TextSpan(start: 0, end: text.unicodeScalars.count)], text: text)
    let state = BoxState(playback: PlaybackState(book: book, offset: 0))
    #expect(Menu.firstWords(at: 0, in: state, count: 5) == "Well, then, we went on")
    #expect(Menu.firstWords(at: 0, in: state, count: 6) == "Well, then, we went on")
    #expect(Menu.firstWords(at: 0, in: state, count: 20) == "Well, then, we went on — all of us — to the sea?")
  }

  @Test mutating func theSleepTimersTimeLeftIsPartOfWhereAmI() {
    state.sleepTimer = SleepTimer(remaining: 600, lastTick: 0, minutes: 10)
    press(.play, .long)
    #expect(said.first?.hasSuffix("Sleep timer: 10 minutes left.") == true)
  }

  /// The title is said, and reading starts after the heading that says the same ("Chapter Two." once).
  @Test mutating func aLongNextMovesAChapterSaysItsTitleAndUndoBringsThePlaceBack() {
    reading(at: 17)
    press(.next, .long, at: 3)
    #expect(said == ["Chapter Two."])
    #expect(state.playback.offset == 61)
    #expect(state.position.current == ReadingPosition(offset: 61, sentence: 4))
    send(.announcementFinished)
    #expect(effects.first == .playback(.startUtterance(token: 2, offset: 61, wpm: 175, voice: "en")))
    press(.next, .long, at: 4)
    #expect(state.playback.offset == 104)
    // Undo: a held BACK, let go.
    press(.back, .long, at: 6)
    press(.back, .release, at: 6.5)
    #expect(said == ["Back to chapter 2, 52 percent."])
    #expect(state.playback.offset == 61)
    // And undo again goes forth.
    press(.back, .release, at: 8)
    #expect(state.playback.offset == 104)
  }

  @Test mutating func aLongPreviousGoesToTheChaptersStartThenTheOneBefore() {
    reading(at: 65)
    press(.previous, .long)
    #expect(state.playback.offset == 61)
    #expect(said == ["Chapter Two."])
    press(.previous, .long)
    #expect(state.playback.offset == 13)
    press(.previous, .long)
    #expect(said == ["This is the first chapter."])
  }

  /// A heading split over sentences, or in other letters, is still the title; one that is not is read.
  @Test func aHeadingIsSkippedOnlyWhenItIsTheTitle() throws {
    let text = "CHAPTER 1. The Beginning! It was dark. Part Two. It was light."
    let book = try SentenceMap(sentences: ByEarTests.sentenceSpans(text.replacingOccurrences(of: "!", with: ".")), text: text)
    #expect(Navigation.firstWordStart(of: ChapterMark(title: "Chapter 1: The Beginning", start: 0), in: book) == 26)
    #expect(Navigation.firstWordStart(of: ChapterMark(title: "Chapter 1", start: 0), in: book) == 11)
    #expect(Navigation.firstWordStart(of: ChapterMark(title: "The Storm", start: 0), in: book) == 0)
    // The last sentence of the book stays, heading or not: there is nothing after it to read.
    #expect(Navigation.firstWordStart(of: ChapterMark(title: "It was light", start: 49), in: book) == 49)
  }

  @Test mutating func aBurstOfKnobDetentsIsOneJumpForUndo() {
    reading(at: 13)
    send(.encoder(steps: 2), at: 1)
    send(.encoder(steps: 2), at: 2)
    #expect(state.navigation.undoPlace == 13)
    press(.back, .release, at: 3)
    #expect(state.playback.offset == 13)
  }

  @Test mutating func nothingToUndoIsSaid() {
    press(.back, .release)
    #expect(said == ["Nothing to undo."])
  }

  @Test mutating func holdingBackAndMenuTogetherForTwoSecondsTogglesTheKeyDescriber() {
    press(.back, .long, at: 0.6)
    press(.menu, .long, at: 0.7)
    press(.back, .repeatWhileHeld, at: 1.5)
    #expect(state.controls.describer == nil)
    press(.menu, .repeatWhileHeld, at: 2.15)
    #expect(state.controls.describer != nil)
    #expect(said.first?.hasPrefix("Key describer on.") == true)
    // Letting go does not undo, and the status asked by the long MENU is only a glance.
    press(.back, .release, at: 2.5)
    press(.menu, .release, at: 2.6)
    #expect(effects.isEmpty)
    // In it, each press says what the control does instead of doing it.
    press(.next, at: 3)
    #expect(said == ["Next: Next sentence."])
    #expect(state.playback.offset == 0)
    press(.play, .long, at: 4)
    #expect(said == ["Play held: Where am I: the book, the chapter, how far, and the time left."])
    press(.back, .long, at: 5)
    #expect(said == ["Back held: Undo: back to where you were before the last jump."])
    send(.encoder(steps: 1), at: 6)
    #expect(said == ["The knob: turn it to move sentence by sentence."])
    // Thirty seconds without a press: it leaves by itself and says so.
    send(.timerFired(.tick), at: 36)
    #expect(state.controls.describer == nil)
    #expect(said == ["Key describer off. Press PLAY to read."])
  }

  /// Turned on while reading, the describer stops at the word being heard; left, reading goes on from it.
  @Test mutating func leavingTheDescriberGoesOnReadingIfItWas() {
    reading(at: 17)
    press(.describerChord, .long, at: 1)
    #expect(state.playback.phase.liveUtterance == nil || effects.contains(.playback(.stop(token: 1))))
    send(.playback(.utteranceDidCancel(token: 1)), at: 1.1)
    send(.announcementFinished, at: 3)
    #expect(state.playback.phase == .idle)
    press(.describerChord, .long, at: 5)
    #expect(said == ["Key describer off."])
    send(.announcementFinished, at: 6)
    #expect(effects.first == .playback(.startUtterance(token: 2, offset: 17, wpm: 175, voice: "en")))
    // Left by its timeout, the same.
    press(.describerChord, .long, at: 7)
    send(.playback(.utteranceDidCancel(token: 2)), at: 7.1)
    send(.announcementFinished, at: 8)
    send(.timerFired(.tick), at: 40)
    #expect(said == ["Key describer off."])
    send(.announcementFinished, at: 41)
    #expect(effects.first == .playback(.startUtterance(token: 3, offset: 17, wpm: 175, voice: "en")))
  }

  @Test mutating func theChordKeyAndTheMenuItemToggleTheDescriberToo() {
    press(.describerChord, .long)
    #expect(state.controls.describer != nil)
    press(.menu)
    #expect(said == ["Menu: Menu."])
    press(.describerChord, .long)
    #expect(state.controls.describer == nil)
    #expect(said == ["Key describer off. Press PLAY to read."])
    press(.menu)
    send(.menu(.moved(steps: 8)))
    #expect(said == ["Key describer. 9 of 12."])
    send(.menu(.chosen))
    #expect(state.menu == nil)
    #expect(state.controls.describer != nil)
  }

  @Test mutating func speedChangesAreSaidAtTheNewRateAndTheLimitsSaySo() {
    reading(at: 13)
    press(.faster)
    #expect(effects.contains(.announce(text: "200 words a minute.", wpm: 200, voice: "en")))
    press(.faster)
    #expect(state.saying.resumeAfterSaying)
    send(.announcementFinished)
    #expect(effects.first == .playback(.startUtterance(token: 2, offset: 13, wpm: 225, voice: "en")))
    state.playback.wpm = 900
    press(.faster)
    #expect(said == ["Fastest: 900 words a minute."])
    state.playback.wpm = 80
    press(.slower)
    #expect(said == ["Slowest: 80 words a minute."])
  }

  @Test mutating func stopAndTheEndOfTheBookAreSaid() {
    reading(at: 13)
    press(.stop)
    #expect(said == ["Stopped. PLAY goes on from here."])
    press(.play)
    send(.playback(.utteranceDidFinish(token: state.playback.utteranceToken)))
    #expect(said == ["The end of the book. Press PLAY to start over."])
  }

  @Test mutating func aBookmarkIsAddedListedJumpedToAndDeleted() {
    reading(at: 65)
    press(.menu)
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    #expect(said == ["Bookmarks. Add a bookmark here. 1 of 1."])
    send(.menu(.chosen))
    #expect(said == ["Bookmark 1 added, chapter 2, 52 percent."])
    #expect(effects.first == .addBookmark(bookID: "tale", position: ReadingPosition(offset: 61, sentence: 4)))
    #expect(state.navigation.bookmarks == [61])
    // Reading was going on: it goes on after the confirmation.
    #expect(state.saying.playAfterAnnouncement)
    press(.menu)
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 1)))
    #expect(said == ["Bookmark 1: chapter 2, 52 percent. A dog ran far. 2 of 2."])
    send(.menu(.chosen))
    #expect(said == ["Bookmark. Go to bookmark 1. 1 of 2."])
    send(.menu(.moved(steps: 1)))
    send(.menu(.chosen))
    #expect(effects.first == .removeBookmark(bookID: "tale", offset: 61))
    #expect(said == ["Bookmark 1 deleted. Bookmarks. Add a bookmark here. 1 of 1."])
    #expect(state.navigation.bookmarks.isEmpty)
  }

  @Test mutating func aBookmarkKeptByTheStoreIsJumpedToAfterARestart() {
    var box = ByEarTests(bookmarks: [89])
    box.press(.menu)
    box.send(.menu(.moved(steps: 2)))
    box.send(.menu(.chosen))
    box.send(.menu(.moved(steps: 1)))
    box.send(.menu(.chosen))
    box.send(.menu(.chosen))
    #expect(box.said == ["Bookmark 1. chapter 3, 76 percent."])
    #expect(box.state.playback.offset == 89)
    #expect(box.state.menu == nil)
    box.send(.announcementFinished)
    #expect(box.effects.first == .playback(.startUtterance(token: 1, offset: 89, wpm: 175, voice: "en")))
  }

  @Test mutating func goToAChapterOrAPercentageFromTheMenu() {
    press(.menu)
    send(.menu(.moved(steps: 1)))
    send(.menu(.chosen))
    #expect(said == ["Go to. Chapters. 1 of 2."])
    send(.menu(.chosen))
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    #expect(said == ["Chapter Three."])
    #expect(state.playback.offset == 104)
    press(.menu)
    send(.menu(.moved(steps: 1)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 1)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 5)))
    send(.menu(.chosen))
    #expect(said == ["50 percent. Chapter Two."])
    #expect(state.playback.offset == 48)
  }

  @Test mutating func choosingABookSaysItsPlaceAndReads() {
    press(.menu)
    send(.menu(.chosen))
    send(.menu(.chosen))
    #expect(said == ["Opening A Tale."])
    #expect(effects.last == .openLibraryBook(bookID: "tale"))
    send(
      .bookOpened(
        bookID: "tale", book: Self.book, saved: ReadingPosition(offset: 70, sentence: 4), title: "A Tale",
        chapters: Self.chapters))
    // The kept sentence is read from its start, after the title and the chapter.
    #expect(said == ["A Tale. Chapter Two."])
    #expect(state.playback.offset == 61)
    send(.announcementFinished)
    #expect(effects.first == .playback(.startUtterance(token: 1, offset: 61, wpm: 175, voice: "en")))
  }

  @Test mutating func aFinishedBookChosenAgainAsksWhetherToStartOver() {
    press(.menu)
    send(.menu(.chosen))
    send(.menu(.chosen))
    send(
      .bookOpened(
        bookID: "tale", book: Self.book, saved: ReadingPosition(offset: Self.book.endOffset, sentence: 7),
        title: "A Tale"))
    #expect(said == ["A Tale. You finished this book. Press PLAY to start over."])
    send(.announcementFinished)
    #expect(state.playback.phase == .idle)
    press(.play)
    #expect(effects.first == .playback(.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")))
  }

  @Test mutating func aBookThatCannotOpenIsListedWithTheReason() {
    press(.menu)
    send(.menu(.chosen))
    send(.menu(.chosen))
    send(.bookFailedToOpen(title: "A Tale", reason: "it is damaged"))
    #expect(said == ["Cannot open A Tale: it is damaged."])
    press(.menu)
    send(.menu(.chosen))
    #expect(said == ["Books. A Tale: cannot be opened, it is damaged. 1 of 1."])
    send(.menu(.chosen))
    #expect(said == ["A Tale cannot be opened: it is damaged. Choose another book."])
  }

  @Test mutating func aSettingChosenWhileStoppedSaysWhatToPressNext() {
    press(.menu)
    send(.menu(.moved(steps: 6)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    #expect(said == ["Reading stops in 30 minutes. Press PLAY to read."])
  }

  @Test mutating func afterALongPauseReadingGoesOnFromTheStartOfTheSentence() {
    reading(at: 65)
    press(.play, at: 10)
    send(.playback(.pauseResolved(token: 1)), at: 10)
    press(.play, at: 10 + 601)
    #expect(effects.contains(.playback(.stop(token: 1))))
    #expect(effects.contains(.playback(.startUtterance(token: 2, offset: 61, wpm: 175, voice: "en"))))
  }

  @Test mutating func afterAShortPauseReadingResumesAtTheWord() {
    reading(at: 65)
    press(.play, at: 10)
    send(.playback(.pauseResolved(token: 1)), at: 10)
    press(.play, at: 100)
    #expect(effects == [.playback(.resume(token: 1))])
  }

  @Test mutating func theEndOfChapterSleepTimerFadesThenStopsAtTheChapterAndTheDisplaySleeps() {
    reading(at: 61)
    press(.menu, at: 1)
    send(.menu(.moved(steps: 6)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 5)))
    send(.menu(.chosen))
    #expect(said == ["Reading stops at the end of the chapter."])
    #expect(state.sleepTimer?.chapterEnd == 89)
    send(.announcementFinished, at: 2)
    let token = state.playback.utteranceToken
    send(.playback(.utteranceDidStart(token: token)))
    send(.timerFired(.tick), at: 5)
    #expect(effects.contains { if case .fadeOut = $0 { return true } else { return false } })
    send(.playback(.willSpeakRange(token: token, location: 89, length: 7)), at: 8)
    #expect(state.sleepTimer == nil)
    #expect(state.playback.phase == .idle)
    #expect(state.display.asleep)
    // Saved at the sentence the listener was in when they last touched a control.
    #expect(state.playback.offset == 61)
    #expect(effects.last == .restoreVolume)
  }

  @Test mutating func anyControlDuringTheFadeBringsTheVolumeBack() {
    reading(at: 13)
    state.sleepTimer = SleepTimer(remaining: 20, lastTick: 0, minutes: 15)
    send(.timerFired(.tick), at: 5)
    #expect(effects == [.fadeOut(seconds: 15)])
    send(.encoder(steps: 1), at: 6)
    #expect(effects.first == .restoreVolume)
    #expect(state.sleepTimer?.remaining == 900)
    #expect(state.sleepTimer?.isFading == false)
  }

  @Test mutating func theKnobPushedInMovesByParagraphWithATonePastAChapter() {
    reading(at: 17)
    send(.encoderPushed(steps: 1), at: 2)
    #expect(state.playback.offset == 48)
    #expect(effects.contains(.playback(.startUtterance(token: 2, offset: 48, wpm: 175, voice: "en"))))
    #expect(effects.last == .earcon(.chapterCrossed))
    send(.encoderPushed(steps: 1), at: 2.5)
    #expect(state.playback.offset == 61)
    #expect(!effects.contains(.earcon(.chapterCrossed)))
    send(.encoderPushed(steps: -2), at: 3)
    #expect(state.playback.offset == 13)
    // One burst of detents is one jump: undo goes back to where the knob was first turned.
    press(.back, .release, at: 4)
    #expect(state.playback.offset == 17)
  }

  @Test mutating func theConfigCanMakeTheKnobMoveByChapter() {
    state.controls.knob = .chapter
    reading(at: 17)
    send(.encoder(steps: 1))
    #expect(state.playback.offset == 48)
    #expect(effects.last == .earcon(.chapterCrossed))
  }

  @Test mutating func earconsCanBeTurnedOffInTheMenu() {
    press(.back)
    #expect(effects.contains(.earcon(.accepted)))
    press(.back)
    press(.menu)
    send(.menu(.moved(steps: 5)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    #expect(said == ["Sounds for presses off. Press PLAY to read."])
    #expect(effects.contains(.saveSettings(Settings(earcons: false))))
    press(.back)
    #expect(!effects.contains { if case .earcon = $0 { return true } else { return false } })
  }

  @Test mutating func theVoicePageOffersTheBooksLanguageFirstEachSaidInItsOwnVoice() {
    send(
      .voicesFound([
        VoiceChoice(id: "de", name: "German", language: "de"),
        VoiceChoice(id: "en-gb", name: "English", language: "en-gb"),
        VoiceChoice(id: "en-us", name: "American English", language: "en-us"),
      ]))
    press(.menu)
    send(.menu(.moved(steps: 4)))
    #expect(said == ["Voice: English. 5 of 12."])
    send(.menu(.chosen))
    // The box's own language (English) and the book's come first, each by name: the page opens on the
    // voice in use.
    #expect(effects == [.announce(text: "Voice. English. 2 of 3.", wpm: 175, voice: "en-gb")])
    send(.menu(.moved(steps: -1)))
    #expect(effects == [.announce(text: "American English. 1 of 3.", wpm: 175, voice: "en-us")])
    send(.menu(.moved(steps: 2)))
    // The German voice's name in German; where it is on the page in the box's English, by an English voice.
    #expect(
      effects == [
        .announce(
          text: "German. 3 of 3.", wpm: 175, voice: "de",
          languages: [LanguagePassage(start: 0, language: "de"), LanguagePassage(start: 6, language: "en")])
      ])
    send(.menu(.chosen))
    #expect(state.playback.voice == "de")
    #expect(effects.contains(.saveBookSettings(bookID: "tale", settings: PlaybackSettings(wpm: 175, voice: "de"))))
    #expect(said == ["Voice: German. Press PLAY to read."])
  }

  @Test func theVoicePageListsTheBoxsLanguageThenTheBooksThenTheRestByName() {
    var state = BoxState()
    state.book.language = "ru"
    state.settings.voices = [
      VoiceChoice(id: "vi", name: "Vietnamese (Northern)", language: "vi"),
      VoiceChoice(id: "ru", name: "Russian", language: "ru"),
      VoiceChoice(id: "de", name: "German", language: "de"),
      VoiceChoice(id: "en-us", name: "American English", language: "en-us"),
      VoiceChoice(id: "af", name: "Afrikaans", language: "af"),
    ]
    #expect(Menu.orderedVoices(state).map(\.id) == ["en-us", "ru", "af", "de", "vi"])
  }

  @Test mutating func aBookWithItsOwnRateAndVoiceOpensWithThem() {
    send(.bookOpened(bookID: "other", book: Self.book, saved: nil, settings: PlaybackSettings(wpm: 250, voice: "de")))
    #expect(state.playback.wpm == 250)
    #expect(state.playback.voice == "de")
    // A book without its own keeps the box's.
    send(.bookOpened(bookID: "third", book: Self.book, saved: nil))
    #expect(state.playback.wpm == 250)
  }

  @Test mutating func volumeAndPitchAreChosenAndKept() {
    press(.menu)
    send(.menu(.moved(steps: 5)))
    send(.menu(.chosen))
    #expect(said == ["Volume and pitch. Volume: 100 percent. 1 of 3."])
    send(.menu(.chosen))
    send(.menu(.moved(steps: -3)))
    send(.menu(.chosen))
    #expect(effects.first == .setVolume(70))
    #expect(said == ["Volume 70 percent. Press PLAY to read."])
    #expect(state.savedSettings.volume == 70)
    press(.menu)
    send(.menu(.moved(steps: 5)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 1)))
    send(.menu(.chosen))
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    #expect(effects.first == .setPitch(70))
    #expect(effects.contains(.saveSettings(Settings(volume: 70, pitch: 70))))
  }

  @Test mutating func aboutSaysTheVersionAndTheFreeSpace() {
    press(.menu)
    send(.menu(.moved(steps: 9)))
    send(.menu(.chosen))
    #expect(effects.last == .describeSystem)
    send(.systemDescribed(SystemFacts(version: "0.14.0", freeBytes: 1_234_000_000)))
    #expect(said == ["About. Version 0.14.0. 1 of 2."])
    send(.menu(.moved(steps: 1)))
    #expect(said == ["Free space: 1.2 gigabytes. 2 of 2."])
  }

  @Test mutating func whereAmISaysThePageAndANoteInTheSentence() {
    send(
      .bookOpened(
        bookID: "tale", book: Self.book, saved: ReadingPosition(offset: 61, sentence: 4), title: "A Tale",
        chapters: Self.chapters, pages: [PageMark(label: "1", start: 0), PageMark(label: "2", start: 48)],
        notes: [70]))
    press(.play, .long)
    #expect(said.first?.contains("Page 2. 52 percent. A note is referred to in this sentence.") == true, "\(said)")
    press(.menu)
    send(.menu(.moved(steps: 1)))
    send(.menu(.chosen))
    #expect(said == ["Go to. Chapters. 1 of 3."])
    send(.menu(.moved(steps: 2)))
    send(.menu(.chosen))
    #expect(said == ["Go to a page. Page 2. 2 of 2."])
    send(.menu(.moved(steps: -1)))
    send(.menu(.chosen))
    #expect(said == ["Page 1. Chapter One."])
    #expect(state.playback.offset == 0)
  }

  @Test mutating func whatCannotBeDoneIsSaidOverTheBookWhichGoesOn() {
    reading(at: 104)
    press(.next, .long)
    #expect(said == ["This is the last chapter."])
    #expect(effects.first == .playback(.stop(token: 1)))
    #expect(effects.last == .earcon(.error))
    #expect(state.saying.resumeAfterSaying)
    send(.announcementFinished)
    #expect(effects.first == .playback(.startUtterance(token: 2, offset: 104, wpm: 175, voice: "en")))
  }

  @Test mutating func aSleepTimerDoesNotCountALongPauseBetweenTicks() {
    reading(at: 13)
    state.sleepTimer = SleepTimer(remaining: 900, lastTick: 0, minutes: 15)
    press(.play, at: 1)
    send(.playback(.pauseResolved(token: 1)), at: 1)
    // Twenty minutes paused with no tick (the sound was released), then PLAY.
    press(.play, at: 1201)
    send(.timerFired(.tick), at: 1206)
    #expect(state.sleepTimer?.remaining == 895)
    #expect(state.playback.phase.liveUtterance != nil)
  }

  @Test mutating func aChapterJumpMovesTheEndOfChapterTimerWithTheListener() {
    reading(at: 13)
    state.sleepTimer = SleepTimers.make(minutes: nil, FeatureContext(state, at: 0))
    #expect(state.sleepTimer?.chapterEnd == 48)
    press(.next, .long, at: 1)
    send(.announcementFinished, at: 2)
    #expect(state.sleepTimer?.chapterEnd == 89)
    #expect(state.playback.phase.liveUtterance != nil)
  }

  @Test mutating func theEndOfTheBookDuringTheFadeBringsTheVolumeBack() {
    reading(at: 104)
    state.sleepTimer = SleepTimer(remaining: 20, lastTick: 0, minutes: 15)
    send(.timerFired(.tick), at: 5)
    #expect(state.sleepTimer?.isFading == true)
    send(.playback(.utteranceDidFinish(token: 1)), at: 6)
    #expect(effects.contains(.restoreVolume))
    #expect(state.sleepTimer?.isFading == false)
  }

  @Test mutating func backAndMenuHeldTogetherBrieflyNeitherUndoNorToggle() {
    reading(at: 13)
    send(.encoder(steps: 2), at: 1)
    press(.back, .long, at: 5.6)
    press(.menu, .long, at: 5.7)
    press(.back, .release, at: 6.2)
    press(.menu, .release, at: 6.3)
    #expect(state.controls.describer == nil)
    #expect(state.playback.offset != 13, "no undo")
  }

  @Test mutating func aBookChosenAfterATimerWasSetKeepsTheTimerInItsOwnPlace() {
    reading(at: 65)
    state.sleepTimer = SleepTimers.make(minutes: 30, FeatureContext(state, at: 0))
    #expect(state.sleepTimer?.placeAtLastControl == 61)
    send(.bookOpened(bookID: "other", book: Self.book, saved: ReadingPosition(offset: 17, sentence: 1)))
    #expect(state.sleepTimer?.placeAtLastControl == 13)
  }

  @Test mutating func aVoiceTheBoxPicksForALanguageIsNotKeptAsTheBooks() {
    send(.playback(.voiceChanged(voice: "de")))
    #expect(!effects.contains { if case .saveBookSettings = $0 { return true } else { return false } })
    #expect(effects.contains(.saveSettings(Settings(wpm: 175, voice: "de"))))
  }

  @Test mutating func aToneAloneKeepsTheSoundOnOnlyForTheQuietTime() {
    press(.back, at: 1)
    #expect(effects.first == .earcon(.accepted))
    #expect(state.audio.isActive)
    send(.timerFired(.tick), at: 40)
    #expect(!state.audio.isActive)
    #expect(effects.contains(.playback(.deactivateAudio)))
  }

  @Test mutating func aJumpThatGoesNowhereKeepsTheUndoPlace() {
    reading(at: 13)
    press(.next, .long, at: 1)
    #expect(state.navigation.undoPlace == 13)
    send(.announcementFinished, at: 2)
    // At the last sentence, NEXT goes nowhere: undo still goes back to 13.
    state.playback.offset = 104
    press(.next, at: 10)
    #expect(state.navigation.undoPlace == 13)
  }
}
