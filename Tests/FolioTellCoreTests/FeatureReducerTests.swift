import Testing

@testable import FolioTellCore

/// Features reduced on their own state, with the context read-only: what they change is their own, and
/// what they need from another feature they ask for as actions, which the root sends.
@Suite struct FeatureReducerTests {
  /// Reading "One two three. Four five six. Seven eight nine." at "five" (offset 20), 175 words a minute.
  static func context(at time: Double, offset: Int = 20, speaking: Bool = true, chapters: [ChapterMark] = [])
    -> FeatureContext
  {
    var state = BoxState(playback: PlaybackState(book: Books.three, offset: offset))
    state.book.chapters = chapters
    if speaking { state.playback.phase = .speaking(Utterance(token: 1, startOffset: 15, wpm: 175, voice: "en")) }
    return FeatureContext(state, at: time)
  }

  @Test func aTimerSetNowKeepsTheStartOfTheSentenceTheListenerIsIn() throws {
    let timer = try #require(SleepTimers.make(minutes: 1, Self.context(at: 10)))
    #expect(timer.remaining == 60 && timer.lastTick == 10 && timer.minutes == 1)
    #expect(timer.placeAtLastControl == 15)
  }

  @Test func aTimerCountsReadingTimeAndFadesForItsLastSeconds() throws {
    let timer = try #require(SleepTimers.make(minutes: 1, Self.context(at: 0)))
    let counted = SleepTimers.ticked(timer, Self.context(at: 20))
    #expect(counted.state?.remaining == 40 && counted.effects.isEmpty && counted.send.isEmpty)
    let fading = SleepTimers.ticked(counted.state, Self.context(at: 35))
    #expect(fading.state?.isFading == true)
    #expect(fading.effects == [.fadeOut(seconds: 25)])
    // Paused, the time does not count.
    let paused = SleepTimers.ticked(counted.state, Self.context(at: 50, speaking: false))
    #expect(paused.state?.remaining == 40)
  }

  /// Its end is the sleep timer's alone to decide; stopping, moving back and the dark display are the
  /// other features' to do, asked for in order.
  @Test func atItsEndTheTimerAsksForTheStopTheMoveBackAndTheDisplaysSleep() throws {
    let timer = try #require(SleepTimers.make(minutes: 1, Self.context(at: 0, offset: 0)))
    let ended = SleepTimers.ticked(timer, Self.context(at: 61, offset: 30))
    #expect(ended.state == nil)
    #expect(ended.effects.isEmpty)
    // The move back is a jump (undo goes to where the timer stopped), and the next PLAY says it.
    #expect(
      ended.send == [
        .playback(.stopTapped), .navigation(.jump([.moveTo(offset: 0)], force: true)),
        .sleptBack(SleptBack(place: 0, seconds: 61)), .perform(.restoreVolume), .display(.sleep),
      ])
  }

  @Test func aControlDuringTheFadeBringsTheVolumeBackAndStartsTheTimerAgain() throws {
    var timer = try #require(SleepTimers.make(minutes: 2, Self.context(at: 0)))
    timer.remaining = 10
    timer.isFading = true
    let touched = SleepTimers.controlTouched(timer, Self.context(at: 100, offset: 30))
    #expect(touched.effects == [.restoreVolume])
    #expect(touched.state?.remaining == 120 && touched.state?.isFading == false)
    #expect(touched.state?.placeAtLastControl == 30)
    #expect(SleepTimers.controlTouched(nil, Self.context(at: 100)).state == nil)
  }

  @Test func theEndOfChapterTimerMovesWithAJumpAndEndsWhenReadingReachesTheNextChapter() throws {
    let chapters = [ChapterMark(title: "One", start: 0), ChapterMark(title: "Two", start: 30)]
    let timer = try #require(SleepTimers.make(minutes: nil, Self.context(at: 0, offset: 0, chapters: chapters)))
    #expect(timer.chapterEnd == 30)
    let before = Self.context(at: 1, offset: 20, chapters: chapters).playback
    let reached = SleepTimers.followed(
      timer, .willSpeakRange(token: 1, location: 30, length: 5), before: before,
      Self.context(at: 2, offset: 30, chapters: chapters))
    #expect(reached.state == nil)
    #expect(reached.send.last == .display(.sleep))
    let jumped = SleepTimers.followed(
      timer, .moveTo(offset: 30), before: before, Self.context(at: 2, offset: 30, speaking: false, chapters: chapters))
    #expect(jumped.state?.chapterEnd == 47)
  }

  @Test func aPressBecomesAnIntentForTheRootToSend() {
    let step = ControlHandling.pressed(ControlsState(), .play, .short, mode: .reading, Self.context(at: 1))
    #expect(step.send == [.intent(.playPause)])
    #expect(step.effects.isEmpty)
    #expect(step.state == ControlsState())
    let inMenu = ControlHandling.pressed(ControlsState(), .play, .short, mode: .menu, Self.context(at: 1))
    #expect(inMenu.send == [.intent(.menuChoose)])
  }

  @Test func theKeyDescriberSaysWhatAPressWouldDoAndSendsNothing() {
    var controls = ControlsState()
    controls.describer = KeyDescriber(lastPress: 0)
    let step = ControlHandling.pressed(controls, .next, .long, mode: .reading, Self.context(at: 5))
    #expect(step.send.isEmpty)
    #expect(step.state.describer == KeyDescriber(lastPress: 5))
    guard case .announce(let text, _, _, _)? = step.effects.first else {
      Issue.record("nothing said: \(step.effects)")
      return
    }
    #expect(text.hasPrefix("Next held: "))
    // After its timeout it goes off, says so, and the press does what it does.
    let late = ControlHandling.pressed(controls, .play, .short, mode: .reading, Self.context(at: 40))
    #expect(late.state.describer == nil)
    #expect(late.effects == [.announce(text: "Key describer off.", wpm: 175, voice: "en")])
    #expect(late.send == [.intent(.playPause)])
  }

  @Test func theChordTurnsTheDescriberOnByAskingForItsWordsOverTheBook() {
    var controls = ControlsState()
    var step = ControlHandling.pressed(controls, .back, .long, mode: .reading, Self.context(at: 0.6))
    controls = step.state
    step = ControlHandling.pressed(controls, .menu, .long, mode: .reading, Self.context(at: 0.7))
    controls = step.state
    step = ControlHandling.pressed(controls, .back, .repeatWhileHeld, mode: .reading, Self.context(at: 2.1))
    // The context is reading: reading goes on when the describer is left.
    #expect(step.state.describer == KeyDescriber(lastPress: 2.1, resumeReading: true))
    guard case .interject(let words, before: [], resumeReading: false)? = step.send.first else {
      Issue.record("no words asked for: \(step.send)")
      return
    }
    #expect(words.hasPrefix("Key describer on."))
  }

  @Test func theKnobIsAnIntentByItsUnitWhileReadingAndMovesTheMenuInIt() {
    var controls = ControlsState()
    controls.pushedKnob = .chapter
    #expect(
      ControlHandling.turned(controls, steps: 3, pushed: false, mode: .reading, Self.context(at: 1)).send == [
        .navigation(.turned(.sentence, steps: 3))
      ])
    #expect(
      ControlHandling.turned(controls, steps: -1, pushed: true, mode: .reading, Self.context(at: 1)).send == [
        .navigation(.turned(.chapter, steps: -1))
      ])
    #expect(
      ControlHandling.turned(controls, steps: 2, pushed: false, mode: .menu, Self.context(at: 1)).send == [
        .menu(.moved(steps: 2))
      ])
    #expect(ControlHandling.turned(controls, steps: 0, pushed: false, mode: .reading, Self.context(at: 1)).send.isEmpty)
  }

  @Test func theDisplaysViewWakesWithAControlAndCountsItsTimersFromIt() {
    var view = DisplayView()
    view.timing = DisplayTiming(dimAfter: 30, offAfter: 120, statusFor: 5)
    view.light = .dark
    view.asleep = true
    let before = view
    view = DisplayFeature.reduce(view, .controlUsed, at: 100)
    #expect(view.lastInput == 100 && !view.asleep)
    let effects = DisplayTimers.keepTime(from: before, &view, armed: [], at: 100)
    #expect(view.light == .bright)
    #expect(effects == [.startTimer(.dimDisplay, after: 30), .startTimer(.darkenDisplay, after: 120)])
    // Armed already: a press starts none; the firing before its moment does nothing.
    let again = DisplayFeature.reduce(view, .controlUsed, at: 110)
    var lit = again
    #expect(DisplayTimers.keepTime(from: view, &lit, armed: [.dimDisplay, .darkenDisplay], at: 110).isEmpty)
    #expect(DisplayFeature.reduce(lit, .timerFired(.dimDisplay), at: 130).light == .bright)
    #expect(DisplayFeature.reduce(lit, .timerFired(.dimDisplay), at: 140).light == .dimmed)
    #expect(DisplayFeature.reduce(lit, .timerFired(.darkenDisplay), at: 230).light == .dark)
  }

  @Test func theStatusShowsUntilItsTimerAndABoxWithNoDisplayTimesNothing() {
    var view = DisplayView()
    view.timing = DisplayTiming(dimAfter: 30, offAfter: 0, statusFor: 5)
    let before = view
    view = DisplayFeature.reduce(view, .showStatus, at: 7)
    #expect(DisplayTimers.keepTime(from: before, &view, armed: [.dimDisplay], at: 7) == [.startTimer(.endStatus, after: 5)])
    #expect(DisplayFeature.reduce(view, .timerFired(.endStatus), at: 12).statusRequestedAt == nil)
    var none = DisplayFeature.reduce(DisplayView(), .showStatus, at: 7)
    #expect(DisplayTimers.keepTime(from: DisplayView(), &none, armed: [], at: 7).isEmpty)
    #expect(DisplayFeature.reduce(DisplayView(), .sleep, at: 1).asleep)
  }

  static let twoChapters = [ChapterMark(title: "One", start: 0), ChapterMark(title: "Two", start: 30)]

  @Test func aChapterJumpKeepsTheUndoPlaceAndAsksForTheMoveAndTheWords() {
    let step = Navigation.reduce(
      NavigationState(), .chapter(forward: true), Self.context(at: 4, chapters: Self.twoChapters))
    #expect(step.state.undoPlace == 20 && step.state.lastJumpTime == 4)
    #expect(step.send == [.interject("Two.", before: [.moveTo(offset: 30)], resumeReading: nil)])
    let last = Navigation.reduce(
      NavigationState(), .chapter(forward: true), Self.context(at: 4, offset: 35, chapters: Self.twoChapters))
    #expect(last.state == NavigationState())
    #expect(
      last.send == [.interject("This is the last chapter.", before: [], resumeReading: nil), .perform(.earcon(.error))])
  }

  @Test func chaptersThatStartAtOnePlaceAreOneStopNamedByTheLast() {
    // An EPUB chapter whose document has no text starts where the next one does.
    let chapters = [
      ChapterMark(title: "One", start: 0), ChapterMark(title: "Empty", start: 30), ChapterMark(title: "Two", start: 30),
    ]
    let forward = Navigation.reduce(NavigationState(), .chapter(forward: true), Self.context(at: 4, chapters: chapters))
    #expect(forward.send == [.interject("Two.", before: [.moveTo(offset: 30)], resumeReading: nil)])
    let last = Navigation.reduce(
      NavigationState(), .chapter(forward: true), Self.context(at: 4, offset: 30, chapters: chapters))
    #expect(last.send.first == .interject("This is the last chapter.", before: [], resumeReading: nil))
    let back = Navigation.reduce(
      NavigationState(), .chapter(forward: false), Self.context(at: 4, offset: 30, speaking: false, chapters: chapters))
    #expect(back.send == [.interject("One.", before: [.moveTo(offset: 0)], resumeReading: nil)])
  }

  @Test func undoGoesBackAndUndoAgainGoesForth() {
    var navigation = NavigationState()
    navigation.undoPlace = 0
    let back = Navigation.reduce(navigation, .undo, Self.context(at: 9, offset: 30, chapters: Self.twoChapters))
    #expect(back.state.undoPlace == 30 && back.state.lastJumpTime == nil)
    #expect(back.send == [.interject("Back to chapter 1, 0 percent.", before: [.moveTo(offset: 0)], resumeReading: nil)])
    let nothing = Navigation.reduce(NavigationState(), .undo, Self.context(at: 9))
    #expect(nothing.send.last == .perform(.earcon(.error)))
  }

  @Test func aJumpThatWentNowhereLeavesTheUndoPlaceAsItWas() throws {
    var navigation = NavigationState()
    navigation.undoPlace = 5
    let context = Self.context(at: 10, offset: 30)
    let jumped = Navigation.reduce(navigation, .jump([.jumpToNextSentenceTapped], force: false), context)
    #expect(jumped.state.undoPlace == 30)
    guard case .navigation(.settle(let mark))? = jumped.send.last else {
      Issue.record("no settle asked for: \(jumped.send)")
      return
    }
    // Playback did not move (the last sentence): the mark puts the undo place back.
    #expect(Navigation.reduce(jumped.state, .settle(mark), context).state.undoPlace == 5)
  }

  @Test func theKnobByChapterMovesReadsAndSaysWithATonesThatAChapterWasCrossed() {
    let step = Navigation.reduce(
      NavigationState(), .turned(.chapter, steps: 1), Self.context(at: 3, chapters: Self.twoChapters))
    #expect(
      step.send == [
        .readingTakenOver, .playback(.moveTo(offset: 30)), .playback(.primaryTapped),
        .perform(.earcon(.chapterCrossed)),
      ])
    let nowhere = Navigation.reduce(
      NavigationState(), .turned(.chapter, steps: 1), Self.context(at: 3, offset: 35, chapters: Self.twoChapters))
    #expect(nowhere.effects == [.earcon(.error)] && nowhere.send.isEmpty)
  }

  @Test func aBookmarkIsAddedAtTheSentenceStartAndTheMenuIsAskedToClose() {
    var state = BoxState(playback: PlaybackState(book: Books.three, offset: 20))
    state.book = OpenBook(id: "three", chapters: Self.twoChapters)
    let added = Navigation.reduce(NavigationState(bookmarks: [30]), .addBookmark, FeatureContext(state, at: 1))
    #expect(added.state.bookmarks == [15, 30])
    #expect(added.effects == [.addBookmark(bookID: "three", position: ReadingPosition(offset: 15, sentence: 1))])
    #expect(added.send == [.closeMenu("Bookmark 1 added, chapter 1, 31 percent.")])
    let again = Navigation.reduce(added.state, .addBookmark, FeatureContext(state, at: 2))
    #expect(again.state == added.state && again.effects.isEmpty)
    #expect(again.send == [.closeMenu("Bookmark 1 is already here.")])
    let removed = Navigation.reduce(added.state, .removeBookmark(1), FeatureContext(state, at: 3))
    #expect(removed.state.bookmarks == [15])
    #expect(removed.effects == [.removeBookmark(bookID: "three", offset: 30)])
    #expect(removed.send == [.enterMenuPage(.bookmarks, saying: "Bookmark 2 deleted. ")])
  }

  /// The menu changes only where the listener is in it: a choice that changes a setting, the display or the
  /// sleep timer is asked of those features, and leaving the menu of the root.
  @Test func theMenuMovesOnItsOwnStateAndAsksTheOtherFeaturesForItsChoices() throws {
    var box = BoxState(playback: PlaybackState(book: Books.three, offset: 20))
    box.book = OpenBook(id: "three", chapters: Self.twoChapters)
    box.settings.volume = 50
    box.menu = MenuState(page: .volume, selected: 0, resumeReading: true)
    let moved = Menu.reduce(box.menu, .moved(steps: 3), MenuContext(box, at: 1))
    #expect(moved.state == MenuState(page: .volume, selected: 3, resumeReading: true))
    #expect(moved.effects == [.announce(text: "40 percent. 4 of 10.", wpm: 175, voice: "en")])
    box.menu = moved.state
    let chosen = Menu.reduce(box.menu, .chosen, MenuContext(box, at: 2))
    #expect(chosen.state == moved.state && chosen.effects.isEmpty)
    #expect(chosen.send == [.settings(.volume(40)), .closeMenu("Volume 40 percent.")])

    box.menu = MenuState(page: .display, selected: 2)
    let night = Menu.reduce(box.menu, .chosen, MenuContext(box, at: 3))
    #expect(night.send == [.display(.night(true)), .closeMenu("Night mode on.")])

    box.menu = MenuState(page: .sleepTimer, selected: 1)
    let sleep = Menu.reduce(box.menu, .chosen, MenuContext(box, at: 4))
    let timer = try #require(SleepTimers.make(minutes: 15, FeatureContext(box, at: 4)))
    #expect(sleep.send == [.setSleepTimer(timer), .closeMenu("Reading stops in 15 minutes.")])

    box.menu = MenuState(page: .chapters, selected: 1)
    let chapter = Menu.reduce(box.menu, .chosen, MenuContext(box, at: 5))
    #expect(chapter.state == nil)
    #expect(chapter.send == [.readWhenSaid, .navigation(.go(to: 30, saying: "Two"))])
  }

  @Test func theSettingsFeatureSetsTheSoundAtOnce() {
    let louder = SettingsFeature.reduce(SettingsState(), .volume(70))
    #expect(louder.state.volume == 70 && louder.effects == [.setVolume(70)])
    let quiet = SettingsFeature.reduce(louder.state, .earcons(false))
    #expect(!quiet.state.earcons && quiet.effects.isEmpty)
    #expect(SleepTimers.set(nil, replacing: SleepTimer(remaining: 5, lastTick: 0, minutes: 1)).effects.isEmpty)
  }
}
