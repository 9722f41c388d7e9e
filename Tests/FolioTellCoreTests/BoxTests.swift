import Testing

@testable import FolioTellCore

@Suite struct BoxTests {
  func opened(_ book: SentenceMap = Books.three, id: String = "three", saved: ReadingPosition? = nil) -> BoxState {
    let (state, effects) = Box.reduce(BoxState(), .bookOpened(bookID: id, book: book, saved: saved), at: 0)
    #expect(effects == [.loadBook(book), .rememberOpenBook(bookID: id)])
    return state
  }

  func send(_ state: inout BoxState, _ event: PlaybackEvent, at time: Double) -> [BoxEffect] {
    let (next, effects) = Box.reduce(state, .playback(event), at: time)
    state = next
    // The tick's bookkeeping is TickTests'.
    return effects.withoutTimers
  }

  @Test func openingABookRestoresItsPlaceIntoPlayback() {
    let state = opened(saved: place(15, 1))
    #expect(state.book.id == "three")
    #expect(state.playback.offset == 15)
    #expect(state.position.current == place(15, 1))
  }

  @Test func aSavedPlacePastTheEndOfTheBookIsNotRestored() {
    let state = opened(saved: place(900, 40))
    #expect(state.playback.offset == 0)
    #expect(state.position.current == nil)
  }

  @Test func playingFromTheRestoredPlaceSavesNothing() {
    var state = opened(saved: place(15, 1))
    let effects = send(&state, .primaryTapped, at: 1)
    #expect(effects == [.playback(.startUtterance(token: 1, offset: 15, wpm: 175, voice: "en"))])
  }

  @Test func aResolvedPauseSavesThePlaceDurably() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 20, length: 4), at: 2)
    #expect(send(&state, .primaryTapped, at: 3) == [.playback(.pause(token: 1))])
    let effects = send(&state, .pauseResolved(token: 1), at: 3.1)
    #expect(
      effects == [.savePosition(PositionSave(bookID: "three", position: place(20, 1), reason: .paused, time: 3.1))])
  }

  @Test func aWordAfterThePauseResolvedIsSavedToo() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .primaryTapped, at: 1)
    _ = send(&state, .pauseResolved(token: 1), at: 1.1)
    let effects = send(&state, .willSpeakRange(token: 1, location: 4, length: 3), at: 1.2)
    #expect(
      effects == [.savePosition(PositionSave(bookID: "three", position: place(4, 0), reason: .paused, time: 1.2))])
  }

  @Test func stopSavesThePlaceWithTheStop() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 8, length: 5), at: 1)
    #expect(
      send(&state, .stopTapped, at: 2) == [
        .playback(.stop(token: 1)),
        .savePosition(PositionSave(bookID: "three", position: place(8, 0), reason: .stopped, time: 2)),
        .playback(.deactivateAudio),
      ])
  }

  @Test func aLongPauseReleasesTheSoundCardOnceAndPlayTakesItAgain() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .primaryTapped, at: 1)
    _ = send(&state, .pauseResolved(token: 1), at: 1)
    #expect(state.audio == AudioPower(isActive: true, pausedSince: 1, idleSeconds: 30))
    // Not yet: the tick goes on while the card waits to be released.
    #expect(Box.reduce(state, .timerFired(.tick), at: 30).1 == [.startTimer(.tick, after: 5)])
    let (released, effects) = Box.reduce(state, .timerFired(.tick), at: 31)
    #expect(effects == [.playback(.deactivateAudio)])
    #expect(!released.audio.isActive)
    #expect(Box.reduce(released, .timerFired(.tick), at: 60).1.isEmpty)
    state = released
    #expect(send(&state, .primaryTapped, at: 70) == [.playback(.resume(token: 1))])
    #expect(state.audio.isActive)
  }

  @Test func aJumpSavesTheNewPlace() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    #expect(
      send(&state, .jumpToNextSentenceTapped, at: 1) == [
        .playback(.startUtterance(token: 2, offset: 15, wpm: 175, voice: "en")),
        .savePosition(PositionSave(bookID: "three", position: place(15, 1), reason: .jumped, time: 1)),
      ])
  }

  @Test func aSpeedRestartAtTheSameWordSavesTheSettingsButNoPlace() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 4, length: 3), at: 1)
    #expect(
      send(&state, .speedChanged(wpm: 200), at: 2) == [
        .playback(.startUtterance(token: 2, offset: 4, wpm: 200, voice: "en")),
        .saveSettings(Settings(wpm: 200, voice: "en")),
      ])
  }

  @Test func aVoiceChosenWhileStoppedIsSaved() {
    var state = opened()
    // Kept as the box's; a book's own voice is only one the listener chose (with a control or the menu).
    #expect(send(&state, .voiceChanged(voice: "de"), at: 1) == [.saveSettings(Settings(wpm: 175, voice: "de"))])
  }

  @Test func theSameSpeedAgainSavesNothing() {
    var state = opened()
    #expect(send(&state, .speedChanged(wpm: 175), at: 1).isEmpty)
  }

  @Test func reopeningTheSameBookDoesNotRememberItAgain() {
    let state = opened()
    let (_, effects) = Box.reduce(state, .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 1)
    #expect(effects == [.loadBook(Books.three)])
  }

  @Test func theEndOfTheBookIsSavedAndSaid() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    // The sound stays on to say so; it is released like a pause's once that is said.
    #expect(
      send(&state, .utteranceDidFinish(token: 1), at: 9) == [
        .savePosition(PositionSave(bookID: "three", position: place(47, 2), reason: .finished, time: 9)),
        .announce(text: "The end of the book. Press PLAY to start over.", wpm: 175, voice: "en"),
        .earcon(.endOfBook),
      ])
  }

  @Test func anEngineFailureSavesThePlaceLikeAStop() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 20, length: 4), at: 1)
    #expect(
      send(&state, .engineFailed(token: 1, reason: "no sound card"), at: 2) == [
        .playback(.deactivateAudio),
        .savePosition(PositionSave(bookID: "three", position: place(20, 1), reason: .stopped, time: 2)),
      ])
  }

  @Test func staleCallbacksNeitherMovePlaybackNorSave() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .jumpToNextSentenceTapped, at: 1)
    let before = state
    #expect(send(&state, .willSpeakRange(token: 1, location: 36, length: 5), at: 40).isEmpty)
    #expect(send(&state, .utteranceDidFinish(token: 1), at: 41).isEmpty)
    #expect(state == before)
  }

  @Test func openingAnotherBookWhileSpeakingStopsSavesAndLoads() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 20, length: 4), at: 1)
    let (next, effects) = Box.reduce(
      state, .bookOpened(bookID: "one", book: Books.oneSentence, saved: place(5, 0)), at: 2)
    #expect(
      effects.withoutTimers == [
        .playback(.stop(token: 1)),
        .savePosition(PositionSave(bookID: "three", position: place(20, 1), reason: .bookChanged, time: 2)),
        .playback(.deactivateAudio),
        .loadBook(Books.oneSentence),
        .rememberOpenBook(bookID: "one"),
      ])
    #expect(next.playback.phase == .idle)
    // Kept at 5, read again from its sentence's start (ResumePlace); the kept place stays 5.
    #expect(next.playback.offset == 0)
    #expect(next.position.current?.offset == 5)
    #expect(next.playback.utteranceToken == 1)
    #expect(next.book.id == "one")
  }

  @Test func theOldBooksCallbacksAreStaleAfterABookChange() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    state = Box.reduce(state, .bookOpened(bookID: "one", book: Books.oneSentence, saved: nil), at: 1).0
    _ = send(&state, .primaryTapped, at: 2)
    let before = state
    #expect(send(&state, .utteranceDidCancel(token: 1), at: 3).isEmpty)
    #expect(state == before)
  }

  @Test func theClockTickSavesAPlaceHeardLongAgo() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 4, length: 3), at: 1)
    let (_, effects) = Box.reduce(state, .timerFired(.tick), at: 31)
    #expect(
      effects.withoutTimers == [.savePosition(PositionSave(bookID: "three", position: place(4, 0), reason: .whileSpeaking, time: 31))]
    )
  }

  @Test func aFailingStoreIsReportedAndReadingGoesOn() {
    var state = opened()
    state = Box.reduce(state, .positionStoreFailed(reason: "disk full"), at: 1).0
    #expect(state.condition.storeProblem == "disk full")
    #expect(
      send(&state, .primaryTapped, at: 2) == [.playback(.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en"))])
    let (recovered, effects) = Box.reduce(state, .positionStoreRecovered, at: 3)
    #expect(recovered.condition.storeProblem == nil)
    #expect(effects == [.saveSettings(Settings(wpm: 175, voice: "en")), .rememberOpenBook(bookID: "three")])
  }

  @Test func aPlaceThatFailedToSaveIsSavedAgainLater() {
    var state = opened()
    _ = send(&state, .primaryTapped, at: 0)
    _ = send(&state, .willSpeakRange(token: 1, location: 20, length: 4), at: 1)
    _ = send(&state, .primaryTapped, at: 2)
    #expect(send(&state, .pauseResolved(token: 1), at: 2).count == 1)
    // The store said no: the pause's place was not kept.
    state = Box.reduce(state, .positionStoreFailed(reason: "read-only"), at: 2.1).0
    let (_, effects) = Box.reduce(state, .timerFired(.tick), at: 40)
    #expect(
      effects == [
        .playback(.deactivateAudio),
        .savePosition(PositionSave(bookID: "three", position: place(20, 1), reason: .whileSpeaking, time: 40)),
      ])
  }

  @Test func aPlaybackEventWithNoBookDoesNothing() {
    let (state, effects) = Box.reduce(BoxState(), .playback(.primaryTapped), at: 0)
    #expect(effects.isEmpty)
    #expect(state == BoxState())
  }
}
