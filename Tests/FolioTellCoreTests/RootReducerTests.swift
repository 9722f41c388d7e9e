import Testing

@testable import FolioTellCore

/// Controls enter the root reducer as named gestures and knob detents; what they mean is decided there,
/// on the state each one meets, so presses queued behind each other all count.
@Suite struct RootReducerTests {
  /// "One two three. Four five six. Seven eight nine." open, the place restored at 0, nothing playing.
  func opened() -> RootScript {
    var script = RootScript()
    script.state =
      Box.reduce(
        script.state, .bookOpened(bookID: "three", book: Books.three, saved: nil, title: "Numbers"), at: 0
      ).0
    return script
  }

  @Test func twoFasterPressesInOneFunnelTurnCountTwiceAndEachIsSaidAtItsRate() {
    var script = opened()
    script.send(
      .control(name: .faster, gesture: .short), at: 1,
      effects: [
        .announce(text: "200 words a minute.", wpm: 200, voice: "en"),
        .saveSettings(Settings(wpm: 200, voice: "en")),
        .saveBookSettings(bookID: "three", settings: PlaybackSettings(wpm: 200, voice: "en")),
      ]
    ) {
      $0.playback.wpm = 200
      $0.display.lastInput = 1
      $0.audio.isActive = true
    }
    script.send(
      .control(name: .faster, gesture: .short),
      effects: [
        .announce(text: "225 words a minute.", wpm: 225, voice: "en"),
        .saveSettings(Settings(wpm: 225, voice: "en")),
        .saveBookSettings(bookID: "three", settings: PlaybackSettings(wpm: 225, voice: "en")),
      ]
    ) { $0.playback.wpm = 225 }
  }

  @Test func nextRightAfterMenuMovesInTheMenu() {
    var script = opened()
    script.state.library.books = [LibraryBook(id: "three", title: "Numbers")]
    script.send(
      .control(name: .menu, gesture: .short), at: 2,
      effects: [.announce(text: "Menu. Books. 1 of 12.", wpm: 175, voice: "en")]
    ) {
      $0.menu = MenuState()
      $0.display.lastInput = 2
      $0.audio.isActive = true
    }
    script.send(
      .control(name: .next, gesture: .short),
      effects: [.announce(text: "Go to. 2 of 12.", wpm: 175, voice: "en")]
    ) { $0.menu = MenuState(page: .main, selected: 1) }
  }

  @Test func theKnobMovesSentenceBySentenceWhileReading() {
    var script = opened()
    script.send(
      .encoder(steps: 2), at: 3,
      effects: [
        .playback(.startUtterance(token: 1, offset: 15, wpm: 175, voice: "en")),
        .savePosition(
          PositionSave(
            bookID: "three", position: ReadingPosition(offset: 15, sentence: 1), reason: .jumped, time: 3)),
        // The second detent is the same burst: saved once reading goes on there, not now.
        .playback(.startUtterance(token: 2, offset: 30, wpm: 175, voice: "en")),
      ]
    ) {
      $0.playback.utteranceToken = 2
      $0.playback.offset = 30
      $0.playback.phase = .speaking(Utterance(token: 2, startOffset: 30, wpm: 175, voice: "en"))
      $0.audio.isActive = true
      $0.position.current = ReadingPosition(offset: 30, sentence: 2)
      $0.position.lastSaved = ReadingPosition(offset: 15, sentence: 1)
      $0.position.lastSaveTime = 3
      $0.position.lastJumpSaveTime = 3
      $0.position.unsavedJumpTime = 3
      $0.display.lastInput = 3
      $0.navigation.undoPlace = 0
      $0.navigation.lastJumpTime = 3
    }
  }

  @Test func theKnobMovesThroughTheMenuByItsDetents() {
    var script = opened()
    script.state.menu = MenuState()
    script.send(
      .encoder(steps: 3), at: 4,
      effects: [.announce(text: "Speed: 175 words a minute. 4 of 12.", wpm: 175, voice: "en")]
    ) {
      $0.menu = MenuState(page: .main, selected: 3)
      $0.display.lastInput = 4
      $0.audio.isActive = true
    }
  }

  @Test func backTogglesTheBigWordAndALongMenuAsksForTheStatus() {
    var script = opened()
    script.send(
      .control(name: .back, gesture: .short), at: 5,
      effects: [.earcon(.accepted), .saveSettings(Settings(bigWord: true))]
    ) {
      $0.display.mode = .bigWord
      $0.display.lastInput = 5
      // The tone opens the sound; it is released after the quiet time, like a pause's.
      $0.audio.isActive = true
      $0.audio.pausedSince = 5
    }
    script.send(.control(name: .menu, gesture: .long), at: 6, effects: [.earcon(.accepted)]) {
      $0.display.statusRequestedAt = 6
      $0.display.lastInput = 6
      $0.controls.held.held = [.menu]
      $0.audio.pausedSince = 6
    }
    script.send(.control(name: .menu, gesture: .release), at: 7) {
      $0.display.lastInput = 7
      $0.controls.held.held = []
    }
  }

  @Test func aReleaseOnlyWakesTheDisplay() {
    var script = opened()
    script.send(.control(name: .next, gesture: .release), at: 8) { $0.display.lastInput = 8 }
  }

  @Test func aRecoveredStoreIsNewsOnlyOnce() {
    var script = opened()
    script.send(.positionStoreFailed(reason: "disk full"), at: 9) {
      $0.condition.storeProblem = "disk full"
      $0.position.lastSaved = nil
    }
    script.send(
      .positionStoreRecovered,
      effects: [
        .saveSettings(Settings(wpm: 175, voice: "en")), .rememberOpenBook(bookID: "three", path: nil),
      ]
    ) { $0.condition.storeProblem = nil }
    script.ignores(.positionStoreRecovered)
  }

  @Test func theOpenBooksTitleAndFileAreKept() {
    var script = RootScript()
    script.send(
      .bookOpened(bookID: "three", book: Books.three, saved: nil, title: "Numbers", path: "/books/n.txt"), at: 0,
      effects: [.loadBook(Books.three), .rememberOpenBook(bookID: "three", path: "/books/n.txt")]
    ) {
      $0.book.id = "three"
      $0.book.title = "Numbers"
      $0.book.path = "/books/n.txt"
      $0.playback = PlaybackState(book: Books.three)
      $0.position =
        PlaybackPositionReducer.reduce(
          $0.position, .bookOpened(bookID: "three", saved: nil, at: 0)
        ).0
    }
  }
}

/// Power on: the greeting, then reading, or how to choose a book; what is missing is said too.
@Suite struct PowerOnReducerTests {
  @Test func theGreetingSaysTheBookAndChapterAndReadingStartsWhenItEnds() {
    var script = RootScript()
    script.state =
      Box.reduce(
        script.state,
        .bookOpened(
          bookID: "three", book: Books.three, saved: ReadingPosition(offset: 15, sentence: 1), title: "Numbers",
          chapters: [ChapterMark(title: "One", start: 0), ChapterMark(title: "Two", start: 15)]), at: 0
      ).0
    script.send(.poweredOn, at: 0, effects: [.announce(text: "Numbers. Two.", wpm: 175, voice: "en")]) {
      $0.saying.playAfterAnnouncement = true
      $0.audio.isActive = true
    }
    script.send(
      .announcementFinished, at: 1, effects: [.playback(.startUtterance(token: 1, offset: 15, wpm: 175, voice: "en"))]
    ) {
      $0.saying.playAfterAnnouncement = false
      $0.playback.utteranceToken = 1
      $0.playback.phase = .speaking(Utterance(token: 1, startOffset: 15, wpm: 175, voice: "en"))
      $0.audio.isActive = true
    }
    script.ignores(.announcementFinished, at: 2)
  }

  @Test func aControlDuringTheGreetingTakesOver() {
    var script = RootScript()
    script.state = Box.reduce(script.state, .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    script.send(.poweredOn, at: 0, effects: [.announce(text: "Reading. From the beginning.", wpm: 175, voice: "en")]) {
      $0.saying.playAfterAnnouncement = true
      $0.audio.isActive = true
    }
    script.send(
      .control(name: .back, gesture: .short), at: 0.5,
      effects: [.earcon(.accepted), .saveSettings(Settings(bigWord: true))]
    ) {
      $0.saying.playAfterAnnouncement = false
      $0.display.mode = .bigWord
      $0.display.lastInput = 0.5
      $0.audio.pausedSince = 0.5
    }
    // Nothing is read: the sound stays on a while, and is released like a pause's.
    script.send(.announcementFinished, at: 1) { $0.audio.pausedSince = 1 }
    script.ignores(.timerFired(.tick), at: 30)
    script.send(.timerFired(.tick), at: 31, effects: [.playback(.deactivateAudio)]) {
      $0.audio.isActive = false
      $0.audio.pausedSince = nil
    }
  }

  @Test func withoutABookItSaysHowToChooseOneAndWhatIsMissing() {
    var script = RootScript()
    script.send(.partMissing(.controlsNotWorking)) {
      $0.condition.missingParts = [.controlsNotWorking]
    }
    script.ignores(.partMissing(.controlsNotWorking))
    script.send(
      .poweredOn,
      effects: [
        .announce(
          text: "No book is open. Press MENU, then choose one from Books. The buttons and the knob are not working.",
          wpm: 175, voice: "en")
      ]
    ) { $0.audio.isActive = true }
  }

  @Test func aFinishedBookIsNotReadAgainUntilAsked() {
    var script = RootScript()
    script.state =
      Box.reduce(
        script.state,
        .bookOpened(
          bookID: "three", book: Books.three, saved: ReadingPosition(offset: 47, sentence: 2), title: "Numbers"),
        at: 0
      ).0
    script.send(
      .poweredOn,
      effects: [.announce(text: "Numbers. You finished this book. Press PLAY to start over.", wpm: 175, voice: "en")]
    ) { $0.audio.isActive = true }
    script.send(.announcementFinished, at: 2) { $0.audio.pausedSince = 2 }
  }

  @Test func openingABookWhilePausedReleasesTheSound() {
    var script = RootScript()
    script.state = Box.reduce(script.state, .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    script.state = Box.reduce(script.state, .playback(.primaryTapped), at: 0).0
    script.state = Box.reduce(script.state, .playback(.primaryTapped), at: 1).0
    script.state = Box.reduce(script.state, .playback(.pauseResolved(token: 1)), at: 1).0
    #expect(script.state.audio == AudioPower(isActive: true, pausedSince: 1))
    let (next, effects) = Box.reduce(
      script.state, .bookOpened(bookID: "one", book: Books.oneSentence, saved: nil), at: 2)
    #expect(effects.contains(.playback(.deactivateAudio)))
    #expect(next.audio == AudioPower(isActive: false, pausedSince: nil))
  }
}

/// The sound card and amplifier follow what is heard.
@Suite struct AudioPowerTests {
  @Test func aStaleCallbackInTheMenuLeavesTheSoundOnForTheNextItem() {
    var script = RootScript()
    script.state = Box.reduce(script.state, .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    script.state = Box.reduce(script.state, .playback(.primaryTapped), at: 0).0
    script.state = Box.reduce(script.state, .control(name: .menu, gesture: .short), at: 1).0
    #expect(script.state.audio == AudioPower(isActive: true, pausedSince: nil))
    script.ignores(.playback(.utteranceDidCancel(token: 1)), at: 1.1)
  }
}
