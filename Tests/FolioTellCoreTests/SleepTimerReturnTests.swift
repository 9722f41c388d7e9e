import Testing

@testable import FolioTellCore

/// The sleep timer's end takes the place back to where the listener last pressed a control (they were
/// awake then). The next PLAY says so, and how long ago that was; undo goes to where the timer stopped.
@Suite struct SleepTimerReturnTests {
  var box = ByEarTests()

  /// Read from "A cat sat" (13), the timer set there at 0, then heard on to "A dog" (65) until it ends.
  mutating func sleepThrough() {
    box.reading(at: 13)
    box.state.sleepTimer = SleepTimers.make(minutes: 15, FeatureContext(box.state, at: 0))
    let token = box.state.playback.utteranceToken
    box.send(.playback(.willSpeakRange(token: token, location: 65, length: 3)), at: 890)
    box.state.sleepTimer?.remaining = 0.5
    box.state.sleepTimer?.lastTick = 899
    box.send(.timerFired(.tick), at: 900)
  }

  @Test mutating func theEndGoesBackSilentlyAndTheNextPlaySaysWhereAndHowLongAgo() {
    sleepThrough()
    #expect(box.state.sleepTimer == nil)
    #expect(box.state.playback.offset == 13)
    #expect(box.said.isEmpty)
    box.press(.play, at: 30_000)
    #expect(box.said == ["Going back 15 minutes, to where you last pressed a button before the sleep timer."])
    box.send(.announcementFinished, at: 30_004)
    #expect(box.effects.contains { if case .playback(.startUtterance(_, 13, _, _)) = $0 { true } else { false } })
    // Said once: a later pause and PLAY just read on.
    box.press(.play, at: 30_010)
    box.press(.play, at: 30_011)
    #expect(box.said.isEmpty)
  }

  @Test mutating func undoGoesToWhereTheTimerStopped() {
    sleepThrough()
    box.press(.back, .release, at: 30_000)
    #expect(box.state.playback.offset == 65)
  }

  @Test mutating func aMoveAfterwardsTakesTheMessageBack() {
    sleepThrough()
    box.press(.next, at: 30_000)
    box.press(.stop, at: 30_001)
    box.press(.play, at: 30_002)
    #expect(!box.said.contains { $0.hasPrefix("Going back") })
  }
}

/// Where reading starts again after a while away, the same in `run` and `sim` (both open books here).
@Suite struct ResumePlaceTests {
  static func book(_ text: String) -> SentenceMap {
    try! SentenceMap(sentences: [TextSpan(start: 0, end: text.unicodeScalars.count)], text: text)
  }

  @Test func aShortSentenceResumesAtItsStart() {
    let text = "The rain fell on the old roof all night long and nobody slept."
    #expect(ResumePlace.goingBack(from: 40, in: Self.book(text), wpm: 175) == 0)
  }

  @Test func aSentenceOfPagesResumesAboutTenSecondsBack() {
    // 3000 words and no full stop: the sentence's start would be 17 minutes back.
    let text = (0..<3000).map { "w\($0)" }.joined(separator: " ")
    let scalars = Array(text.unicodeScalars)
    let book = Self.book(text)
    let heard = text.unicodeScalars.count - 200
    let start = ResumePlace.goingBack(from: heard, in: book, wpm: 175)
    let wordsBack = book.scalars.wordCount(start..<heard)
    // 10 s at 175 words a minute: 29 words.
    #expect((28...30).contains(wordsBack), "\(wordsBack)")
    #expect(start == 0 || scalars[start - 1] == " ")
  }

  @Test func openingAKeptPlaceInALongSentenceGoesBackTheSameWay() {
    let text = (0..<3000).map { "w\($0)" }.joined(separator: " ")
    let heard = text.unicodeScalars.count - 200
    let state = Box.reduce(
      BoxState(), .bookOpened(bookID: "long", book: Self.book(text), saved: ReadingPosition(offset: heard, sentence: 0)),
      at: 0
    ).0
    #expect(state.playback.offset == ResumePlace.goingBack(from: heard, in: Self.book(text), wpm: 175))
    #expect(state.playback.offset < heard)
    #expect(heard - state.playback.offset < 400)
    // The kept place is not lost by opening: it is the heard word until reading moves on.
    #expect(state.position.current?.offset == heard)
  }
}
