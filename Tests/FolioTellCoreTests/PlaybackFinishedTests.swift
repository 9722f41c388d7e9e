import Testing

@testable import FolioTellCore

@Suite struct PlaybackFinishedTests {
  func finished() -> PlaybackScript {
    var script = PlaybackScript()
    script.play()
    script.hear(42, length: 4)
    script.send(.utteranceDidFinish(token: 1), effect: .deactivateAudio) {
      $0.phase = .finished
      $0.offset = 47
      $0.word = nil
    }
    return script
  }

  @Test func primaryWhenFinishedStartsOverFromTheBeginning() {
    var script = finished()
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.offset = 0
      $0.phase = .speaking(utterance(2, at: 0, started: false))
    }
  }

  @Test func startOverWhenFinishedStartsFromTheBeginning() {
    var script = finished()
    script.send(.startOverTapped, effect: .startUtterance(token: 2, offset: 0, wpm: 175, voice: "en")) {
      $0.utteranceToken = 2
      $0.offset = 0
      $0.phase = .speaking(utterance(2, at: 0, started: false))
    }
  }

  @Test func nextWhenFinishedHasNowhereToGo() {
    var script = finished()
    script.ignores(.jumpToNextSentenceTapped)
  }

  @Test func previousWhenFinishedRereadsTheLastSentence() {
    var script = finished()
    script.send(
      .jumpToPreviousSentenceTapped, effect: .startUtterance(token: 2, offset: 30, wpm: 175, voice: "en")
    ) {
      $0.utteranceToken = 2
      $0.offset = 30
      $0.phase = .speaking(utterance(2, at: 30, started: false))
    }
  }

  @Test func stopWhenFinishedDoesNothing() {
    var script = finished()
    script.ignores(.stopTapped)
  }

  @Test func lateCallbacksOfTheFinishedUtteranceAreStale() {
    var script = finished()
    script.ignores(.utteranceDidFinish(token: 1))
    script.ignores(.utteranceDidCancel(token: 1))
    script.ignores(.willSpeakRange(token: 1, location: 42, length: 4))
    script.ignores(.pauseResolved(token: 1))
    script.ignores(.engineFailed(token: 1, reason: "late"))
  }

  @Test func aSpeedChangeWhenFinishedIsUsedByTheNextUtterance() {
    var script = finished()
    script.send(.speedChanged(wpm: 400)) { $0.wpm = 400 }
    script.send(.primaryTapped, effect: .startUtterance(token: 2, offset: 0, wpm: 400, voice: "en")) {
      $0.utteranceToken = 2
      $0.offset = 0
      $0.phase = .speaking(utterance(2, at: 0, wpm: 400, started: false))
    }
  }

  @Test func aVoiceChangeWhenFinishedIsRemembered() {
    var script = finished()
    script.send(.voiceChanged(voice: "es")) { $0.voice = "es" }
  }
}
