import Testing

@testable import FolioTellCore

/// The races the utterance tokens exist for: callbacks of replaced or stopped utterances arriving late.
@Suite struct StaleCallbackTests {
  func speakingAtTwo() -> PlaybackScript {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    return script
  }

  func jumpToNext(_ script: inout PlaybackScript, from token: Int, to offset: Int) {
    script.send(
      .jumpToNextSentenceTapped,
      effect: .startUtterance(token: token + 1, offset: offset, wpm: script.state.wpm, voice: script.state.voice)
    ) {
      $0.utteranceToken = token + 1
      $0.offset = offset
      $0.word = nil
      $0.phase = .speaking(utterance(token + 1, at: offset, wpm: $0.wpm, voice: $0.voice, started: false))
    }
  }

  @Test func nextTappedWhileSpeakingIgnoresTheOldUtterancesWordsAndCancel() {
    var script = speakingAtTwo()
    jumpToNext(&script, from: 1, to: 15)
    script.ignores(.willSpeakRange(token: 1, location: 8, length: 5))
    script.ignores(.willSpeakRange(token: 1, location: 20, length: 4))
    script.ignores(.utteranceDidCancel(token: 1))
    #expect(script.state.offset == 15)
  }

  @Test func theNewUtterancesWordsAreTrackedAfterAJump() {
    var script = speakingAtTwo()
    jumpToNext(&script, from: 1, to: 15)
    script.ignores(.utteranceDidCancel(token: 1))
    script.hear(20, length: 4)
  }

  @Test func theOldUtterancesFinishAfterAJumpDoesNotEndTheBook() {
    var script = speakingAtTwo()
    jumpToNext(&script, from: 1, to: 15)
    script.ignores(.utteranceDidFinish(token: 1))
    #expect(script.state.phase.name == "speaking")
  }

  @Test func theOldUtterancesFailureAfterAJumpIsIgnored() {
    var script = speakingAtTwo()
    jumpToNext(&script, from: 1, to: 15)
    script.ignores(.engineFailed(token: 1, reason: "cancelled mid-write"))
  }

  @Test func theOldUtterancesStartAfterAJumpDoesNotConfirmTheNewOne() {
    var script = speakingAtTwo()
    jumpToNext(&script, from: 1, to: 15)
    script.ignores(.utteranceDidStart(token: 1))
    #expect(script.live?.started == false)
  }

  @Test func doubleNextTapsLeaveOnlyTheLastUtteranceLive() {
    var script = speakingAtTwo()
    jumpToNext(&script, from: 1, to: 15)
    jumpToNext(&script, from: 2, to: 30)
    script.ignores(.utteranceDidCancel(token: 1))
    script.ignores(.willSpeakRange(token: 2, location: 15, length: 4))
    script.ignores(.utteranceDidCancel(token: 2))
    script.hear(36, length: 5)
  }

  @Test func aCancelAfterAStopWasAppliedIsStale() {
    var script = speakingAtTwo()
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
    script.ignores(.utteranceDidCancel(token: 1))
  }

  @Test func aWordAfterAStopWasAppliedDoesNotMoveThePlace() {
    var script = speakingAtTwo()
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
    script.ignores(.willSpeakRange(token: 1, location: 8, length: 5))
  }

  @Test func theStoppedUtterancesCallbacksCannotTouchTheNextOne() {
    var script = speakingAtTwo()
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 4, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.phase = .speaking(utterance(2, at: 4, started: false))
    }
    script.ignores(.utteranceDidCancel(token: 1))
    script.ignores(.utteranceDidFinish(token: 1))
    script.ignores(.willSpeakRange(token: 1, location: 25, length: 3))
  }

  @Test func aSpeedChangesOldUtteranceCancelFallsOnTheFloor() {
    var script = speakingAtTwo()
    script.send(.speedChanged(wpm: 220), effect: .startUtterance(token: 2, offset: 4, wpm: 220, voice: "en")) {
      $0.wpm = 220
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 4, wpm: 220, started: false))
    }
    script.ignores(.utteranceDidCancel(token: 1))
    script.ignores(.willSpeakRange(token: 1, location: 8, length: 5))
  }

  @Test func aPauseResolvedOfAReplacedUtteranceDoesNotPauseTheNewOne() {
    var script = speakingAtTwo()
    script.send(.primaryTapped, effect: .pause(token: 1)) {
      $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: false)
    }
    jumpToNext(&script, from: 1, to: 15)
    script.ignores(.pauseResolved(token: 1))
    #expect(script.state.phase.name == "speaking")
  }

  @Test func startOverIgnoresTheOldUtterancesLateWords() {
    var script = speakingAtTwo()
    script.hear(36, length: 5)
    script.send(.startOverTapped, effect: .startUtterance(token: 2, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.offset = 0
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 0, started: false))
    }
    script.ignores(.willSpeakRange(token: 1, location: 42, length: 4))
    script.ignores(.utteranceDidFinish(token: 1))
  }

  @Test func aReplayOfTheSameCallbackTwiceChangesNothingTheSecondTime() {
    var script = speakingAtTwo()
    script.hear(8, length: 5)
    script.ignores(.willSpeakRange(token: 1, location: 8, length: 5))
    script.send(.utteranceDidFinish(token: 1), effect: .deactivateAudio) {
      $0.phase = .finished
      $0.offset = 47
      $0.word = nil
    }
    script.ignores(.utteranceDidFinish(token: 1))
  }

  @Test func aCallbackWithATokenFromTheFutureIsStale() {
    var script = speakingAtTwo()
    script.ignores(.willSpeakRange(token: 2, location: 8, length: 5))
    script.ignores(.utteranceDidCancel(token: 2))
    script.ignores(.pauseResolved(token: 7))
  }

  @Test func aCallbackWithANegativeTokenIsStale() {
    var script = speakingAtTwo()
    script.ignores(.utteranceDidFinish(token: -1))
  }
}
