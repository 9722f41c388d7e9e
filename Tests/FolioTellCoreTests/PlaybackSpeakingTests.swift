import Testing

@testable import FolioTellCore

@Suite struct PlaybackSpeakingTests {
  @Test func utteranceDidStartConfirmsTheLiveUtterance() {
    var script = PlaybackScript()
    script.play()
    #expect(script.live?.started == true)
  }

  @Test func aDuplicateStartChangesNothing() {
    var script = PlaybackScript()
    script.play()
    script.ignores(.utteranceDidStart(token: 1))
  }

  @Test func wordsMoveTheListenerForward() {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    script.hear(8, length: 5)
    script.hear(15, length: 4)
    #expect(script.state.sentenceIndex == 1)
  }

  @Test func aWordBeforeTheStartConfirmationIsStillTracked() {
    var script = PlaybackScript()
    script.send(.primaryTapped, effect: .startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 1
      $0.phase = .speaking(utterance(1, at: 0, started: false))
    }
    script.hear(0)
  }

  @Test func aRepeatedWordChangesNothing() {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    script.ignores(.willSpeakRange(token: 1, location: 4, length: 3))
  }

  @Test func aLateWordBehindTheListenerIsIgnored() {
    var script = PlaybackScript()
    script.play()
    script.hear(8, length: 5)
    script.ignores(.willSpeakRange(token: 1, location: 4, length: 3))
  }

  @Test func aWordBeforeTheUtterancesStartIsIgnored() {
    var script = PlaybackScript(offset: 15)
    script.play()
    script.ignores(.willSpeakRange(token: 1, location: 8, length: 5))
  }

  @Test func aWordPastTheEndOfTheBookIsIgnored() {
    var script = PlaybackScript()
    script.play()
    script.ignores(.willSpeakRange(token: 1, location: 45, length: 10))
    script.ignores(.willSpeakRange(token: 1, location: 400, length: 1))
  }

  @Test func aWordWithANegativeLengthOrLocationIsIgnored() {
    var script = PlaybackScript()
    script.play()
    script.ignores(.willSpeakRange(token: 1, location: 4, length: -2))
    script.ignores(.willSpeakRange(token: 1, location: -3, length: 2))
  }

  @Test func aWordWhoseEndOverflowsIsIgnored() {
    var script = PlaybackScript()
    script.play()
    script.ignores(.willSpeakRange(token: 1, location: 4, length: Int.max))
  }

  @Test func aWordEndingExactlyAtTheEndOfTheBookIsTracked() {
    var script = PlaybackScript()
    script.play()
    script.hear(42, length: 5)
  }

  @Test func primaryWhileSpeakingAsksTheEngineToPause() {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    script.send(.primaryTapped, effect: .pause(token: 1)) {
      $0.phase = .pausing(utterance(1, at: 0), resumeWhenSilent: false)
    }
  }

  @Test func stopWhileSpeakingEndsIdleAndKeepsThePlace() {
    var script = PlaybackScript()
    script.play()
    script.hear(20, length: 4)
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
    #expect(script.state.offset == 20)
  }

  @Test func playAfterStopGoesOnFromTheLastWordWithANewToken() {
    var script = PlaybackScript()
    script.play()
    script.hear(20, length: 4)
    script.send(.stopTapped, effect: .stop(token: 1)) {
      $0.phase = .idle
      $0.word = nil
    }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 20, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.phase = .speaking(utterance(2, at: 20, started: false))
    }
  }

  @Test func finishOfTheLiveUtteranceIsTheEndOfTheBook() {
    var script = PlaybackScript()
    script.play()
    script.hear(42, length: 4)
    script.send(.utteranceDidFinish(token: 1), effect: .deactivateAudio) {
      $0.phase = .finished
      $0.offset = 47
      $0.word = nil
    }
    #expect(script.state.sentenceIndex == 2)
  }

  @Test func anUnaskedCancelOfTheLiveUtteranceStopsAndKeepsThePlace() {
    var script = PlaybackScript()
    script.play()
    script.hear(20, length: 4)
    script.send(.utteranceDidCancel(token: 1), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.word = nil
    }
  }

  @Test func anEngineFailureStopsAndSaysWhy() {
    var script = PlaybackScript()
    script.play()
    script.hear(4)
    script.send(.engineFailed(token: 1, reason: "sound card unplugged"), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.word = nil
      $0.failure = "sound card unplugged"
    }
  }

  @Test func theNextUtteranceClearsTheLastFailure() {
    var script = PlaybackScript()
    script.play()
    script.send(.engineFailed(token: 1, reason: "busy"), effect: .deactivateAudio) {
      $0.phase = .idle
      $0.failure = "busy"
    }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.failure = nil
      $0.phase = .speaking(utterance(2, at: 0, started: false))
    }
  }

  @Test func aPauseResolvedThatWasNeverAskedForIsIgnored() {
    var script = PlaybackScript()
    script.play()
    script.ignores(.pauseResolved(token: 1))
  }

  @Test func aRangesOnlyBookTracksWordsWithinItsRanges() {
    var script = PlaybackScript(book: Books.rangesOnly)
    script.play()
    script.hear(11, length: 9)
    script.ignores(.willSpeakRange(token: 1, location: 29, length: 5))
  }
}
