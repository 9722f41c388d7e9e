import Testing

@testable import FolioTellCore

@Suite struct SpeedAndVoiceTests {
  func speakingAtFive() -> PlaybackScript {
    var script = PlaybackScript()
    script.play()
    script.hear(20, length: 4)
    return script
  }

  @Test func aSpeedChangeWhileSpeakingRestartsFromTheWordBeingSpoken() {
    var script = speakingAtFive()
    script.send(.speedChanged(wpm: 250), effect: .startUtterance(token: 2, offset: 20, wpm: 250, voice: "en")) {
      $0.wpm = 250
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 20, wpm: 250, started: false))
    }
  }

  @Test func aVoiceChangeWhileSpeakingRestartsFromTheWordBeingSpoken() {
    var script = speakingAtFive()
    script.send(.voiceChanged(voice: "en-us"), effect: .startUtterance(token: 2, offset: 20, wpm: 175, voice: "en-us"))
    {
      $0.voice = "en-us"
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 20, voice: "en-us", started: false))
    }
  }

  @Test func aSpeedChangeBeforeAnyWordRestartsFromTheUtterancesStart() {
    var script = PlaybackScript(offset: 15)
    script.play()
    script.send(.speedChanged(wpm: 90), effect: .startUtterance(token: 2, offset: 15, wpm: 90, voice: "en")) {
      $0.wpm = 90
      $0.utteranceToken = 2
      $0.phase = .speaking(utterance(2, at: 15, wpm: 90, started: false))
    }
  }

  @Test func theSameSpeedAgainChangesNothing() {
    var script = speakingAtFive()
    script.ignores(.speedChanged(wpm: 175))
  }

  @Test func theSameVoiceAgainChangesNothing() {
    var script = speakingAtFive()
    script.ignores(.voiceChanged(voice: "en"))
  }

  @Test func anEmptyVoiceNameIsIgnored() {
    var script = speakingAtFive()
    script.ignores(.voiceChanged(voice: ""))
  }

  @Test func aSpeedBelowTheLimitIsClampedToTheSlowestRate() {
    var script = speakingAtFive()
    script.send(.speedChanged(wpm: 10), effect: .startUtterance(token: 2, offset: 20, wpm: 80, voice: "en")) {
      $0.wpm = 80
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 20, wpm: 80, started: false))
    }
  }

  @Test func aSpeedAboveTheLimitIsClampedToTheFastestRate() {
    var script = speakingAtFive()
    script.send(.speedChanged(wpm: 5000), effect: .startUtterance(token: 2, offset: 20, wpm: 900, voice: "en")) {
      $0.wpm = 900
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 20, wpm: 900, started: false))
    }
  }

  @Test func aSpeedAlreadyAtTheLimitPastItAgainChangesNothing() {
    var script = PlaybackScript(wpm: 900)
    script.play()
    script.ignores(.speedChanged(wpm: 925))
  }

  @Test func narrowerLimitsKeepTheRateInside() {
    var script = PlaybackScript(PlaybackState(book: Books.three, wpmLimits: 80...450))
    script.send(.speedChanged(wpm: 700)) { $0.wpm = 450 }
  }

  @Test func aSpeedChangeWhileIdleIsOnlyRemembered() {
    var script = PlaybackScript()
    script.send(.speedChanged(wpm: 133)) { $0.wpm = 133 }
  }

  @Test func aKnobTurnedQuicklyRestartsEachTimeAndOnlyTheLastUtteranceCounts() {
    var script = speakingAtFive()
    for (step, wpm) in [200, 225, 250].enumerated() {
      let token = step + 2
      script.send(.speedChanged(wpm: wpm), effect: .startUtterance(token: token, offset: 20, wpm: wpm, voice: "en")) {
        $0.wpm = wpm
        $0.utteranceToken = token
        $0.word = nil
        $0.phase = .speaking(utterance(token, at: 20, wpm: wpm, started: false))
      }
    }
    script.ignores(.utteranceDidCancel(token: 2))
    script.ignores(.willSpeakRange(token: 3, location: 25, length: 3))
    script.hear(25)
  }

  @Test func aSpeedChangeAfterTheLastWordOfASentenceRestartsAtThatWord() {
    var script = PlaybackScript()
    script.play()
    script.hear(8, length: 5)
    script.send(.speedChanged(wpm: 190), effect: .startUtterance(token: 2, offset: 8, wpm: 190, voice: "en")) {
      $0.wpm = 190
      $0.utteranceToken = 2
      $0.word = nil
      $0.phase = .speaking(utterance(2, at: 8, wpm: 190, started: false))
    }
  }
}

@Suite struct EmptyBookTests {
  @Test func playOnAnEmptyBookDoesNothing() {
    var script = PlaybackScript(book: .empty)
    script.ignores(.primaryTapped)
  }

  @Test func jumpsOnAnEmptyBookDoNothing() {
    var script = PlaybackScript(book: .empty)
    script.ignores(.jumpToNextSentenceTapped)
    script.ignores(.jumpToPreviousSentenceTapped)
    script.ignores(.startOverTapped)
  }

  @Test func stopOnAnEmptyBookDoesNothing() {
    var script = PlaybackScript(book: .empty)
    script.ignores(.stopTapped)
  }

  @Test func speedIsStillRememberedWithAnEmptyBook() {
    var script = PlaybackScript(book: .empty)
    script.send(.speedChanged(wpm: 300)) { $0.wpm = 300 }
  }

  @Test func callbacksOnAnEmptyBookAreStale() {
    var script = PlaybackScript(book: .empty)
    script.ignores(.willSpeakRange(token: 0, location: 0, length: 0))
    script.ignores(.utteranceDidFinish(token: 0))
  }

  @Test func anEmptyBookIsInSentenceZeroAtOffsetZero() {
    let state = PlaybackState(book: .empty, offset: 10)
    #expect(state.offset == 0)
    #expect(state.sentenceIndex == 0)
  }

  @Test func aBookWithOnlyAnEmptySentenceCanBePlayedAndFinished() {
    let book = try! SentenceMap(sentences: [TextSpan(start: 0, end: 0)])
    var script = PlaybackScript(book: book)
    script.play()
    script.send(.utteranceDidFinish(token: 1), effect: .deactivateAudio) { $0.phase = .finished }
  }
}
