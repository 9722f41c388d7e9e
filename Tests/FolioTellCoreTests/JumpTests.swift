import Testing

@testable import FolioTellCore

@Suite struct JumpTests {
  func speaking(at location: Int, length: Int = 3, book: SentenceMap = Books.three) -> PlaybackScript {
    var script = PlaybackScript(book: book)
    script.play()
    script.hear(location, length: length)
    return script
  }

  func expectJump(
    _ script: inout PlaybackScript, _ event: PlaybackEvent, to offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let token = script.state.utteranceToken + 1
    script.send(
      event, effect: .startUtterance(token: token, offset: offset, wpm: script.state.wpm, voice: script.state.voice),
      sourceLocation: sourceLocation
    ) {
      $0.utteranceToken = token
      $0.offset = offset
      $0.word = nil
      $0.phase = .speaking(utterance(token, at: offset, wpm: $0.wpm, voice: $0.voice, started: false))
    }
  }

  @Test func nextFromTheFirstSentenceGoesToTheSecond() {
    var script = speaking(at: 4)
    expectJump(&script, .jumpToNextSentenceTapped, to: 15)
  }

  @Test func nextFromTheSecondGoesToTheThird() {
    var script = speaking(at: 20, length: 4)
    expectJump(&script, .jumpToNextSentenceTapped, to: 30)
  }

  @Test func nextFromTheLastSentenceIsIgnoredAndKeepsReading() {
    var script = speaking(at: 36, length: 5)
    script.ignores(.jumpToNextSentenceTapped)
    script.hear(42, length: 4)
  }

  @Test func nextFromTheFirstWordOfASentenceStillGoesToTheNextOne() {
    var script = speaking(at: 15, length: 4)
    expectJump(&script, .jumpToNextSentenceTapped, to: 30)
  }

  @Test func previousMidSentenceGoesToItsStart() {
    var script = speaking(at: 25)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 15)
  }

  @Test func previousAtTheFirstWordGoesToThePreviousSentence() {
    var script = speaking(at: 15, length: 4)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 0)
  }

  @Test func previousTwiceGoesBackTwoSentences() {
    var script = speaking(at: 36, length: 5)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 30)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 15)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 0)
  }

  @Test func previousAtTheFirstWordOfTheBookRestartsTheFirstSentence() {
    var script = speaking(at: 0)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 0)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 0)
  }

  @Test func previousRightAfterAJumpBeforeAnyWordGoesBackAgain() {
    var script = speaking(at: 36, length: 5)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 30)
    script.send(.utteranceDidStart(token: 2)) { $0.phase = .speaking(utterance(2, at: 30)) }
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 15)
  }

  @Test func aFirstWordAfterAnOpeningQuoteCountsAsTheFirstWord() {
    var script = speaking(at: 14, length: 2, book: Books.quoted)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 0)
  }

  @Test func aSecondWordAfterAnOpeningQuoteGoesToTheSentenceStart() {
    var script = speaking(at: 17, length: 4, book: Books.quoted)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 13)
  }

  @Test func withoutTextOnlyTheSentenceStartCountsAsTheFirstWord() {
    var script = speaking(at: 12, length: 2, book: Books.rangesOnly)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 11)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 0)
  }

  @Test func nextInAGapBetweenSentencesGoesToTheFollowingSentence() {
    let book = try! SentenceMap(sentences: [TextSpan(start: 0, end: 5), TextSpan(start: 10, end: 15)])
    var script = PlaybackScript(book: book, offset: 7)
    expectJump(&script, .jumpToNextSentenceTapped, to: 10)
  }

  @Test func nextBeforeTheFirstSentenceGoesToTheFirstSentence() {
    let book = try! SentenceMap(sentences: [TextSpan(start: 5, end: 10), TextSpan(start: 11, end: 15)])
    var script = PlaybackScript(book: book, offset: 0)
    expectJump(&script, .jumpToNextSentenceTapped, to: 5)
  }

  @Test func previousBeforeTheFirstSentenceGoesToTheFirstSentence() {
    let book = try! SentenceMap(sentences: [TextSpan(start: 5, end: 10), TextSpan(start: 11, end: 15)])
    var script = PlaybackScript(book: book, offset: 2)
    expectJump(&script, .jumpToPreviousSentenceTapped, to: 5)
  }

  @Test func nextInAOneSentenceBookIsIgnored() {
    var script = speaking(at: 5, length: 5, book: Books.oneSentence)
    script.ignores(.jumpToNextSentenceTapped)
  }

  @Test func startOverWhileSpeakingGoesToTheBeginning() {
    var script = speaking(at: 25)
    expectJump(&script, .startOverTapped, to: 0)
  }

  @Test func startOverAtTheBeginningStillStartsAFreshUtterance() {
    var script = speaking(at: 0)
    expectJump(&script, .startOverTapped, to: 0)
  }

  @Test func jumpsKeepTheChosenRateAndVoice() {
    var script = speaking(at: 4)
    script.send(.speedChanged(wpm: 300), effect: .startUtterance(token: 2, offset: 4, wpm: 300, voice: "en")) {
      $0.wpm = 300
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 4, wpm: 300, started: false))
    }
    expectJump(&script, .jumpToNextSentenceTapped, to: 15)
    #expect(script.live?.wpm == 300)
  }

  @Test func manyNextTapsWalkTheBookAndStopAtTheLastSentence() {
    var script = speaking(at: 0)
    expectJump(&script, .jumpToNextSentenceTapped, to: 15)
    expectJump(&script, .jumpToNextSentenceTapped, to: 30)
    script.ignores(.jumpToNextSentenceTapped)
    script.ignores(.jumpToNextSentenceTapped)
  }

  @Test func jumpTargetsAreNilForAnEmptyBook() {
    let state = PlaybackState(book: .empty)
    #expect(Playback.jumpTarget(state, .jumpToNextSentenceTapped) == nil)
    #expect(Playback.jumpTarget(state, .jumpToPreviousSentenceTapped) == nil)
    #expect(Playback.jumpTarget(state, .startOverTapped) == nil)
  }
}
