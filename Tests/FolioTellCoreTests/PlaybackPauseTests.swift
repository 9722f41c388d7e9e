import Testing

@testable import FolioTellCore

@Suite struct PlaybackPausingTests {
  /// Speaking at "two" (offset 4), pause requested, not yet silent.
  func pausingAtTwo() -> PlaybackScript {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    script.send(.primaryTapped, effect: .pause(token: 1)) {
      $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: false)
    }
    return script
  }

  @Test func pauseResolvedMakesItPaused() {
    var script = pausingAtTwo()
    script.send(.pauseResolved(token: 1)) { $0.phase = .paused(utterance(1, at: 0)) }
  }

  @Test func aWordLandingWhilePausingIsTracked() {
    var script = pausingAtTwo()
    script.hear(8, length: 5)
    script.send(.pauseResolved(token: 1)) { $0.phase = .paused(utterance(1, at: 0)) }
    #expect(script.state.offset == 8)
  }

  @Test func aSecondTapWhilePausingResumesOnceSilent() {
    var script = pausingAtTwo()
    script.send(.primaryTapped) { $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: true) }
    script.send(.pauseResolved(token: 1), effect: .resume(token: 1)) { $0.phase = .speaking(utterance(1, at: 0)) }
  }

  @Test func aThirdTapWhilePausingTakesTheResumeBack() {
    var script = pausingAtTwo()
    script.send(.primaryTapped) { $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: true) }
    script.send(.primaryTapped) { $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: false) }
    script.send(.pauseResolved(token: 1)) { $0.phase = .paused(utterance(1, at: 0)) }
  }

  @Test func stopWhilePausingEndsIdle() {
    var script = pausingAtTwo()
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
  }

  @Test func thePauseResolvingAfterAStopIsStale() {
    var script = pausingAtTwo()
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
    script.ignores(.pauseResolved(token: 1))
    script.ignores(.utteranceDidCancel(token: 1))
    script.ignores(.willSpeakRange(token: 1, location: 8, length: 5))
  }

  @Test func aSpeedChangeWhilePausingIsRememberedNotApplied() {
    var script = pausingAtTwo()
    script.send(.speedChanged(wpm: 300)) { $0.wpm = 300 }
    script.send(.pauseResolved(token: 1)) { $0.phase = .paused(utterance(1, at: 0)) }
  }

  @Test func aSpeedChangeWhilePausingRestartsAtTheWordOnResume() {
    var script = pausingAtTwo()
    script.send(.speedChanged(wpm: 300)) { $0.wpm = 300 }
    script.send(.pauseResolved(token: 1)) { $0.phase = .paused(utterance(1, at: 0)) }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 4, wpm: 300, voice: "en")) {
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 4, wpm: 300, started: false))
    }
  }

  @Test func aSpeedChangeWithAPendingResumeRestartsWhenSilent() {
    var script = pausingAtTwo()
    script.send(.primaryTapped) { $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: true) }
    script.send(.speedChanged(wpm: 120)) { $0.wpm = 120 }
    script.send(.pauseResolved(token: 1), effect: .startUtterance(token: 2, offset: 4, wpm: 120, voice: "en")) {
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 4, wpm: 120, started: false))
    }
  }

  @Test func aVoiceChangeWhilePausingIsRemembered() {
    var script = pausingAtTwo()
    script.send(.voiceChanged(voice: "fr")) { $0.voice = "fr" }
  }

  @Test func nextWhilePausingReplacesTheUtterance() {
    var script = pausingAtTwo()
    script.send(.jumpToNextSentenceTapped, effect: .startUtterance(token: 2, offset: 15, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.offset = 15
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 15, started: false))
    }
    script.ignores(.pauseResolved(token: 1))
    script.ignores(.utteranceDidCancel(token: 1))
  }

  @Test func theBookEndingBeforeThePauseTookHoldFinishes() {
    var script = pausingAtTwo()
    script.send(.utteranceDidFinish(token: 1), effect: .deactivateAudio) {
      $0.phase = .finished
      $0.offset = 47
      $0.word = nil
    }
    script.ignores(.pauseResolved(token: 1))
  }

  @Test func anUnaskedCancelWhilePausingEndsIdle() {
    var script = pausingAtTwo()
    script.send(.utteranceDidCancel(token: 1), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.word = nil
    }
  }

  @Test func anEngineFailureWhilePausingEndsIdle() {
    var script = pausingAtTwo()
    script.send(.engineFailed(token: 1, reason: "underrun"), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.word = nil
      $0.failure = "underrun"
    }
  }

  @Test func aLateStartConfirmationWhilePausingIsKept() {
    var script = PlaybackScript()
    script.send(.primaryTapped, effect: .startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.phase = .speaking(utterance(1, at: 0, started: false))
    }
    script.send(.primaryTapped, effect: .pause(token: 1)) {
      $0.phase = .pausing(utterance(1, at: 0, started: false), resumeWhenSilent: false)
    }
    script.send(.utteranceDidStart(token: 1)) { $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: false) }
  }
}

@Suite struct PlaybackPausedTests {
  func pausedAtTwo() -> PlaybackScript {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    script.pauseFully()
    return script
  }

  @Test func primaryWhilePausedResumesTheSameUtterance() {
    var script = pausedAtTwo()
    script.send(.primaryTapped, effect: .resume(token: 1)) { $0.phase = .speaking(utterance(1, at: 0)) }
  }

  @Test func aWordJustAfterThePauseResolvedIsTrackedSoResumeDoesNotRepeatIt() {
    var script = pausedAtTwo()
    script.hear(8, length: 5)
    script.send(.primaryTapped, effect: .resume(token: 1)) { $0.phase = .speaking(utterance(1, at: 0)) }
    // The engine goes on after "three"; nothing is spoken twice.
    script.hear(15, length: 4)
  }

  @Test func aWordBehindTheListenerWhilePausedIsIgnored() {
    var script = pausedAtTwo()
    script.ignores(.willSpeakRange(token: 1, location: 0, length: 3))
  }

  @Test func aDuplicatePauseResolvedIsIgnored() {
    var script = pausedAtTwo()
    script.ignores(.pauseResolved(token: 1))
  }

  @Test func stopWhilePausedEndsIdle() {
    var script = pausedAtTwo()
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
  }

  @Test func aSpeedChangeWhilePausedIsRememberedAndUsedOnResume() {
    var script = pausedAtTwo()
    script.send(.speedChanged(wpm: 200)) { $0.wpm = 200 }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 4, wpm: 200, voice: "en")) {
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 4, wpm: 200, started: false))
    }
  }

  @Test func aVoiceChangeWhilePausedIsUsedOnResume() {
    var script = pausedAtTwo()
    script.send(.voiceChanged(voice: "en-gb")) { $0.voice = "en-gb" }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 4, wpm: 175, voice: "en-gb")) {
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 4, voice: "en-gb", started: false))
    }
  }

  @Test func aSpeedChangedAndChangedBackWhilePausedResumesTheSameUtterance() {
    var script = pausedAtTwo()
    script.send(.speedChanged(wpm: 200)) { $0.wpm = 200 }
    script.send(.speedChanged(wpm: 175)) { $0.wpm = 175 }
    script.send(.primaryTapped, effect: .resume(token: 1)) { $0.phase = .speaking(utterance(1, at: 0)) }
  }

  @Test func nextWhilePausedSpeaksFromTheNextSentence() {
    var script = pausedAtTwo()
    script.send(.jumpToNextSentenceTapped, effect: .startUtterance(token: 2, offset: 15, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.offset = 15
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 15, started: false))
    }
  }

  @Test func previousWhilePausedMidSentenceGoesToItsStart() {
    var script = pausedAtTwo()
    script.send(
      .jumpToPreviousSentenceTapped, effect: .startUtterance(token: 2, offset: 0, wpm: 175, voice: "en")
    ) {
      $0.utteranceToken = 2
      $0.offset = 0
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 0, started: false))
    }
  }

  @Test func theEngineLosingThePausedUtteranceEndsIdleAtThePlace() {
    var script = pausedAtTwo()
    script.send(.utteranceDidCancel(token: 1), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.word = nil
    }
    #expect(script.state.offset == 4)
  }

  @Test func theBookFinishingWhilePausedIsTheEnd() {
    var script = pausedAtTwo()
    script.send(.utteranceDidFinish(token: 1), effect: .deactivateAudio) {
      $0.phase = .finished
      $0.offset = 47
      $0.word = nil
    }
  }

  @Test func anEngineFailureWhilePausedEndsIdle() {
    var script = pausedAtTwo()
    script.send(.engineFailed(token: 1, reason: "device gone"), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.word = nil
      $0.failure = "device gone"
    }
  }

  @Test func pauseResumePauseAgainUsesTheSameToken() {
    var script = pausedAtTwo()
    script.send(.primaryTapped, effect: .resume(token: 1)) { $0.phase = .speaking(utterance(1, at: 0)) }
    script.hear(8, length: 5)
    script.pauseFully()
    #expect(script.state.utteranceToken == 1)
  }
}
