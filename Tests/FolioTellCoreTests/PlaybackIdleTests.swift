import Testing

@testable import FolioTellCore

@Suite struct PlaybackIdleTests {
  @Test func playFromIdleStartsTheFirstUtteranceAtTheStart() {
    var script = PlaybackScript()
    script.send(.primaryTapped, effect: .startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.phase = .speaking(utterance(1, at: 0, started: false))
    }
  }

  @Test func playFromARestoredPositionStartsThere() {
    var script = PlaybackScript(offset: 20)
    script.send(.primaryTapped, effect: .startUtterance(token: 1, offset: 20, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.phase = .speaking(utterance(1, at: 20, started: false))
    }
  }

  @Test func playFromAPositionAtTheEndStartsOver() {
    var script = PlaybackScript(offset: 47)
    script.send(.primaryTapped, effect: .startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.offset = 0
      $0.phase = .speaking(utterance(1, at: 0, started: false))
    }
  }

  @Test func aRestoredPositionPastTheEndIsClampedToTheEnd() {
    let state = PlaybackState(book: Books.three, offset: 500)
    #expect(state.offset == 47)
  }

  @Test func aNegativeRestoredPositionIsClampedToTheStart() {
    #expect(PlaybackState(book: Books.three, offset: -4).offset == 0)
  }

  @Test func playUsesTheRateAndVoiceChosenWhileIdle() {
    var script = PlaybackScript()
    script.send(.speedChanged(wpm: 250)) { $0.wpm = 250 }
    script.send(.voiceChanged(voice: "de")) { $0.voice = "de" }
    script.send(.primaryTapped, effect: .startUtterance(token: 1, offset: 0, wpm: 250, voice: "de")) {
      $0.utteranceToken = 1
      $0.phase = .speaking(utterance(1, at: 0, wpm: 250, voice: "de", started: false))
    }
  }

  @Test func stopWhileIdleDoesNothing() {
    var script = PlaybackScript()
    script.ignores(.stopTapped)
  }

  @Test func engineCallbacksWhileIdleAreStale() {
    var script = PlaybackScript()
    script.ignores(.utteranceDidStart(token: 0))
    script.ignores(.willSpeakRange(token: 0, location: 4, length: 3))
    script.ignores(.utteranceDidFinish(token: 0))
    script.ignores(.utteranceDidCancel(token: 0))
    script.ignores(.pauseResolved(token: 0))
    script.ignores(.engineFailed(token: 0, reason: "no device"))
  }

  @Test func callbacksWithAFutureTokenAreStale() {
    var script = PlaybackScript()
    script.ignores(.willSpeakRange(token: 1, location: 4, length: 3))
    script.ignores(.utteranceDidFinish(token: 1))
  }

  @Test func nextWhileIdleSpeaksFromTheNextSentence() {
    var script = PlaybackScript()
    script.send(.jumpToNextSentenceTapped, effect: .startUtterance(token: 1, offset: 15, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.offset = 15
      $0.phase = .speaking(utterance(1, at: 15, started: false))
    }
  }

  @Test func previousWhileIdleMidSentenceSpeaksFromItsStart() {
    var script = PlaybackScript(offset: 20)
    script.send(
      .jumpToPreviousSentenceTapped, effect: .startUtterance(token: 1, offset: 15, wpm: 175, voice: "en")
    ) {
      $0.utteranceToken = 1
      $0.offset = 15
      $0.phase = .speaking(utterance(1, at: 15, started: false))
    }
  }

  @Test func startOverWhileIdleSpeaksFromTheBeginning() {
    var script = PlaybackScript(offset: 36)
    script.send(.startOverTapped, effect: .startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.offset = 0
      $0.phase = .speaking(utterance(1, at: 0, started: false))
    }
  }

  @Test func theSentenceIndexFollowsTheOffset() {
    #expect(PlaybackState(book: Books.three, offset: 0).sentenceIndex == 0)
    #expect(PlaybackState(book: Books.three, offset: 14).sentenceIndex == 0)
    #expect(PlaybackState(book: Books.three, offset: 15).sentenceIndex == 1)
    #expect(PlaybackState(book: Books.three, offset: 47).sentenceIndex == 2)
  }

  @Test func theInitialRateIsClampedToTheLimits() {
    #expect(PlaybackState(book: Books.three, wpm: 20).wpm == 80)
    #expect(PlaybackState(book: Books.three, wpm: 9000).wpm == 900)
  }

  @Test func tokensGoOnFromAGivenStartingToken() {
    var script = PlaybackScript(PlaybackState(book: Books.three, utteranceToken: 41))
    script.send(.primaryTapped, effect: .startUtterance(token: 42, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 42
      $0.phase = .speaking(utterance(42, at: 0, started: false))
    }
  }
}
