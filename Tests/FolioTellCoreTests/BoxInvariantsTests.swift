import Testing

@testable import FolioTellCore

/// The invariants the soak test checks after every event: a session of presses and engine callbacks,
/// late ones included, keeps them all; a state that breaks one is named.
@Suite struct BoxInvariantsTests {
  func problems(_ events: [BoxEvent]) -> [String] {
    var state = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    var found: [String] = []
    for (index, event) in events.enumerated() {
      let (after, _) = Box.reduce(state, event, at: Double(index))
      found += BoxInvariants.problems(before: state, event: event, after: after)
      state = after
    }
    return found
  }

  @Test func aSessionWithLateCallbacksKeepsEveryInvariant() {
    let found = problems([
      .control(name: .play, gesture: .short),
      .playback(.utteranceDidStart(token: 1)),
      .playback(.willSpeakRange(token: 1, location: 4, length: 3)),
      .control(name: .next, gesture: .short),
      // The first utterance's words, late: ignored.
      .playback(.willSpeakRange(token: 1, location: 8, length: 5)),
      .playback(.utteranceDidCancel(token: 1)),
      .playback(.willSpeakRange(token: 2, location: 20, length: 4)),
      .control(name: .menu, gesture: .short),
      .encoder(steps: 40),
      .encoder(steps: -3),
      .control(name: .back, gesture: .short),
      .control(name: .play, gesture: .short),
      .playback(.pauseResolved(token: 2)),
      .control(name: .stop, gesture: .short),
      .playback(.utteranceDidFinish(token: 2)),
    ])
    #expect(found.isEmpty, "\(found)")
  }

  @Test func aLateCallbackThatChangedPlaybackIsNamed() {
    var before = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    before = Box.reduce(before, .control(name: .play, gesture: .short), at: 1).0
    var after = before
    after.playback.offset = 30
    let found = BoxInvariants.problems(
      before: before, event: .playback(.willSpeakRange(token: 7, location: 30, length: 5)), after: after)
    #expect(found == ["a late callback for utterance 7 changed playback"])
  }

  @Test func aPlaceOutsideTheBookAndAMenuItemPastItsPageAreNamed() {
    let before = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    var after = Box.reduce(before, .control(name: .menu, gesture: .short), at: 1).0
    after.playback.offset = Books.three.endOffset + 5
    after.menu?.selected = 99
    let found = BoxInvariants.problems(before: before, event: .control(name: .menu, gesture: .short), after: after)
    #expect(found.count == 2, "\(found)")
    #expect(found.contains { $0.hasPrefix("the place \(Books.three.endOffset + 5) is outside the book") })
    #expect(found.contains { $0.contains("page selects item 99 of") })
  }

  @Test func aWordTakingThePlaceBackIsNamedUnlessItEndsTheSleepTimer() {
    var before = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
    before = Box.reduce(before, .control(name: .play, gesture: .short), at: 1).0
    before.playback.offset = 20
    var after = before
    after.playback.offset = 4
    let word = BoxEvent.playback(.willSpeakRange(token: before.playback.utteranceToken, location: 24, length: 4))
    #expect(BoxInvariants.problems(before: before, event: word, after: after) == [
      "an engine callback moved the place back from 20 to 4"
    ])
    before.sleepTimer = SleepTimer(remaining: 0, lastTick: 0, chapterEnd: 24)
    #expect(BoxInvariants.problems(before: before, event: word, after: after).isEmpty)
  }

  @Test func aTimerArmedTwiceIsNamed() {
    let before = BoxState()
    var after = before
    after.armedTimers = [.tick, .dimDisplay, .tick]
    #expect(BoxInvariants.problems(before: before, event: .poweredOn, after: after).count == 1)
  }
}
