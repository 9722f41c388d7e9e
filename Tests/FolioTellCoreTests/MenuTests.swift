import Testing

@testable import FolioTellCore

/// The menu as event sequences through the reader's reducer.
@Suite struct MenuTests {
  static let text = "One. Two. Three."
  let book = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 4), TextSpan(start: 5, end: 9), TextSpan(start: 10, end: 16)], text: text)

  func reading() -> BoxState {
    var state = BoxState()
    (state, _) = Box.reduce(state, .bookOpened(bookID: "b", book: book, saved: nil), at: 0)
    (state, _) = Box.reduce(
      state, .libraryChanged([LibraryBook(id: "b", title: "Numbers"), LibraryBook(id: "e", title: "Emma")]), at: 0)
    (state, _) = Box.reduce(state, .playback(.primaryTapped), at: 1)
    (state, _) = Box.reduce(state, .playback(.utteranceDidStart(token: 1)), at: 1)
    (state, _) = Box.reduce(state, .playback(.willSpeakRange(token: 1, location: 5, length: 3)), at: 2)
    return state
  }


  @Test func openingStopsReadingKeepsThePlaceAndSaysTheFirstItem() {
    let (state, effects) = run(reading(), [.menu(.opened)])
    #expect(state.menu == MenuState(page: .main, selected: 0, resumeReading: true))
    #expect(state.playback.phase == .idle)
    #expect(state.playback.offset == 5)
    #expect(effects.contains(.playback(.stop(token: 1))))
    #expect(said(effects) == ["Menu. Books. 1 of 12."])
  }

  @Test func movingSaysEachItemAndStopsAtTheEnds() {
    let (state, effects) = run(
      reading(), [.menu(.opened), .menu(.moved(steps: 3)), .menu(.moved(steps: 9)), .menu(.moved(steps: -12))])
    #expect(state.menu?.selected == 0)
    #expect(
      said(effects).dropFirst() == [
        "Speed: 175 words a minute. 4 of 12.", "Language of the box: English. 12 of 12.", "Books. 1 of 12.",
      ])
  }

  @Test func choosingABookOpensItThroughTheRuntime() {
    let (state, effects) = run(reading(), [.menu(.opened), .menu(.chosen), .menu(.moved(steps: 1)), .menu(.chosen)])
    #expect(state.menu == nil)
    #expect(said(effects).contains("Books. Numbers. 1 of 2."))
    #expect(said(effects).contains("Emma. 2 of 2."))
    #expect(effects.last == .openLibraryBook(bookID: "e"))
  }

  @Test func choosingASpeedChangesKeepsItAndGoesOnReading() {
    let (state, effects) = run(
      reading(), [.menu(.opened), .menu(.moved(steps: 3)), .menu(.chosen), .menu(.moved(steps: 2)), .menu(.chosen)])
    #expect(state.playback.wpm == 225)
    #expect(state.menu == nil)
    #expect(state.saying.playAfterAnnouncement)
    #expect(effects.contains(.saveSettings(Settings(wpm: 225, voice: "en"))))
    #expect(said(effects).last == "Speed 225 words a minute.")
  }

  @Test func theSleepTimerCountsReadingTimeFadesAndStopsWhenItRunsOut() {
    var (state, _) = run(
      reading(), [.menu(.opened), .menu(.moved(steps: 6)), .menu(.chosen), .menu(.moved(steps: 1)), .menu(.chosen)],
      at: 10)
    var expected = SleepTimer(remaining: 15 * 60, lastTick: 10, minutes: 15)
    expected.placeAtLastControl = 5
    expected.lastControlTime = 10
    #expect(state.sleepTimer == expected)
    #expect(state.saying.playAfterAnnouncement)
    // Stopped (by the menu) from 10 to 100 s: that time does not count.
    (state, _) = Box.reduce(state, .timerFired(.tick), at: 100)
    #expect(state.sleepTimer?.remaining == 900.0)
    (state, _) = run(state, [.playback(.primaryTapped), .playback(.utteranceDidStart(token: 2))], at: 100)
    let (early, _) = Box.reduce(state, .timerFired(.tick), at: 500)
    #expect(early.playback.phase.name == "speaking")
    #expect(early.sleepTimer?.minutesLeft == 9)
    // 30 s before the end, the sound fades out.
    let (fading, fade) = Box.reduce(early, .timerFired(.tick), at: 100 + 15 * 60 - 25)
    #expect(fade.withoutTimers == [.fadeOut(seconds: 25)])
    #expect(fading.sleepTimer?.isFading == true)
    let (late, effects) = Box.reduce(fading, .timerFired(.tick), at: 100 + 15 * 60)
    #expect(late.playback.phase.name == "idle")
    #expect(late.sleepTimer == nil)
    #expect(late.display.asleep)
    #expect(effects.contains(.playback(.stop(token: 2))))
    #expect(effects.last == .restoreVolume)
  }

  @Test func inTheMenuTheReadingControlsDoNothing() {
    let (state, _) = run(reading(), [.menu(.opened)])
    let (next, effects) = Box.reduce(state, .playback(.primaryTapped), at: 11)
    #expect(next == state)
    #expect(effects.isEmpty)
  }

  @Test func theSpeedPageStartsAtTheNearestStep() {
    var state = reading()
    (state, _) = Box.reduce(state, .playback(.speedChanged(wpm: 190)), at: 3)
    let (menu, _) = run(state, [.menu(.opened), .menu(.moved(steps: 3)), .menu(.chosen)])
    #expect(Menu.items(of: .speed, in: menu)[menu.menu!.selected] == "200 words a minute")
  }

  @Test func aLibraryChangeKeepsTheBookLastSaid() {
    var (state, _) = run(reading(), [.menu(.opened), .menu(.chosen), .menu(.moved(steps: 1))])
    #expect(state.menu?.selected == 1)
    // A book is added before Emma: Emma stays selected, nothing is said.
    var (next, effects) = Box.reduce(
      state,
      .libraryChanged([
        LibraryBook(id: "a", title: "Atlas"), LibraryBook(id: "b", title: "Numbers"),
        LibraryBook(id: "e", title: "Emma"),
      ]), at: 12)
    #expect(next.menu?.selected == 2)
    #expect(said(effects).isEmpty)
    // Emma is taken away: the book now under the cursor is said.
    state = next
    (next, effects) = Box.reduce(state, .libraryChanged([LibraryBook(id: "a", title: "Atlas")]), at: 13)
    #expect(next.menu?.selected == 0)
    #expect(said(effects) == ["Atlas. 1 of 1."])
  }

  @Test func backGoesUpAPageThenCloses() {
    let (state, effects) = run(
      reading(), [.menu(.opened), .menu(.moved(steps: 6)), .menu(.chosen), .menu(.back), .menu(.back)])
    #expect(state.menu == nil)
    #expect(said(effects).suffix(2) == ["Menu. Sleep timer: off. 7 of 12.", "Menu closed."])
  }

  @Test func anEmptyLibrarySaysWhereBooksGo() {
    var state = BoxState()
    (state, _) = Box.reduce(state, .menu(.opened), at: 0)
    let (_, effects) = run(state, [.menu(.chosen), .menu(.chosen)])
    #expect(said(effects).last?.contains("USB drive") == true)
  }

  @Test func menuEventsWithoutAnOpenMenuChangeNothing() {
    let state = reading()
    for event: MenuEvent in [.moved(steps: 1), .chosen, .back] {
      let (next, effects) = Box.reduce(state, .menu(event), at: 5)
      #expect(next == state)
      #expect(effects.isEmpty)
    }
  }

  @Test func aBookThatCannotOpenIsSaid() {
    let (_, effects) = Box.reduce(reading(), .bookFailedToOpen(title: "Emma", reason: "it is damaged"), at: 3)
    #expect(said(effects) == ["Cannot open Emma: it is damaged."])
  }
}
