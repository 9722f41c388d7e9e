import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellRuntime

@Suite struct BoxRuntimeTests {
  func recording(store: TestPositionStore = TestPositionStore()) -> (Harness, RecordingSpeechEngine) {
    let engine = RecordingSpeechEngine()
    return (Harness(store: store) { _ in engine }, engine)
  }

  @Test func openingABookLoadsItIntoTheEngineAndRestoresTheSavedPlace() {
    let store = TestPositionStore(positions: ["three": ReadingPosition(offset: 15, sentence: 1)])
    let (harness, engine) = recording(store: store)
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.funnel.drain()
    #expect(engine.commands == [.load(endOffset: 47)])
    #expect(harness.playback.offset == 15)
    #expect(harness.state.book.id == "three")
  }

  @Test func playStartsTheEngineWithTheNewToken() {
    let (harness, engine) = recording()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.send(.primaryTapped)
    #expect(engine.commands.last == .start(token: 1, offset: 0, wpm: 175, voice: "en"))
  }

  @Test func engineCallbacksComeBackThroughTheFunnelAndAPauseIsSaved() throws {
    let (harness, engine) = recording()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.send(.primaryTapped)
    harness.send(.willSpeakRange(token: 1, location: 20, length: 4))
    harness.send(.primaryTapped)
    #expect(engine.commands.last == .pause(token: 1))
    harness.send(.pauseResolved(token: 1))
    #expect(harness.playback.phase.name == "paused")
    #expect(harness.store.saves.map(\.reason) == [.paused])
    #expect(try harness.store.load(bookID: "three") == ReadingPosition(offset: 20, sentence: 1))
  }

  @Test func theEndOfTheBookIsSaidThenTheAudioDeviceIsReleased() {
    let (harness, engine) = recording()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.send(.primaryTapped)
    harness.send(.utteranceDidFinish(token: 1))
    #expect(engine.commands.last == .announce("The end of the book. Press PLAY to start over."))
    #expect(harness.playback.phase == .finished)
    harness.runtime.post(.announcementFinished)
    harness.funnel.drain()
    harness.clock.advance(to: 31)
    harness.runtime.post(.timerFired(.tick))
    harness.funnel.drain()
    #expect(harness.audio.deactivations == 1)
  }

  @Test func aFailingStoreIsReportedAndReadingGoesOn() {
    let (harness, engine) = recording()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.store.failSaves(with: "No space left on device")
    harness.send(.primaryTapped)
    harness.send(.jumpToNextSentenceTapped)
    #expect(harness.state.condition.storeProblem == "No space left on device")
    #expect(engine.commands.last == .start(token: 2, offset: 15, wpm: 175, voice: "en"))
    harness.store.failSaves(with: nil)
    // After the burst of jumps (a jump right after another is saved with the burst's end).
    harness.clock.advance(to: harness.clock.now() + PlaybackPositionReducer.jumpBurstSeconds)
    harness.send(.jumpToNextSentenceTapped)
    #expect(harness.state.condition.storeProblem == nil)
    #expect(harness.store.saves.last?.position == ReadingPosition(offset: 30, sentence: 2))
  }

  @Test func observersSeeEveryStepWithTheStateBeforeAndAfter() {
    let (harness, _) = recording()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.send(.primaryTapped)
    let steps = harness.steps.withLock { $0 }
    #expect(steps.count == 2)
    #expect(steps[1].before.playback.phase == .idle)
    #expect(steps[1].after.playback.phase.name == "speaking")
    // Reading needs the clock's tick: the step starts it, after what it asks of the engine.
    #expect(
      steps[1].effects == [
        .playback(.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")), .startTimer(.tick, after: 5),
      ])
  }

  @Test func eventsAreStampedWithTheInjectedClock() {
    let (harness, _) = recording()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.clock.advance(to: 12.5)
    harness.send(.primaryTapped)
    #expect(harness.steps.withLock { $0.last?.time } == 12.5)
  }
}

@Suite struct SimulatedSpeechEngineTests {
  func simulated() -> Harness {
    Harness { parts in SimulatedSpeechEngine(sink: parts.sink, scheduler: parts.scheduler) }
  }

  func opened() -> Harness {
    let harness = simulated()
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.funnel.drain()
    return harness
  }

  @Test func itReadsTheWholeBookWordByWordAndFinishes() {
    let harness = opened()
    harness.send(.primaryTapped)
    harness.runToEnd()
    #expect(harness.playback.phase == .finished)
    #expect(harness.heardOffsets == SampleText.wordStarts)
    // The end is said, so the sound stays on for it.
    #expect(harness.audio.deactivations == 0)
  }

  @Test func wordsArriveAtTheChosenRate() {
    let harness = opened()
    harness.send(.speedChanged(wpm: 120))
    harness.send(.primaryTapped)
    harness.runToEnd()
    // Nine words and two sentence pauses of one word each, then the finish after the last word: 12 word lengths.
    #expect(abs(harness.clock.now() - 12 * 0.5) < 1e-9)
  }

  @Test func stopSilencesAtOnceAndNoWordFollows() {
    let harness = opened()
    harness.send(.primaryTapped)
    harness.run(until: 1.0)
    harness.send(.stopTapped)
    let heard = harness.heardOffsets
    harness.run(until: 100)
    #expect(harness.heardOffsets == heard)
    #expect(harness.playback.phase == .idle)
    #expect(harness.clock.pendingTimers == 0)
  }

  @Test func pauseAndResumeNeitherRepeatNorSkipAWord() {
    let harness = opened()
    harness.send(.primaryTapped)
    harness.run(until: 1.1)
    harness.send(.primaryTapped)
    harness.funnel.drain()
    #expect(harness.playback.phase.name == "paused")
    harness.run(until: 50)
    harness.send(.primaryTapped)
    harness.runToEnd()
    #expect(harness.heardOffsets == SampleText.wordStarts)
  }

  @Test func aJumpCancelsTheOldUtteranceAndSpeaksFromTheTarget() {
    let harness = opened()
    harness.send(.primaryTapped)
    harness.run(until: 0.5)
    harness.send(.jumpToNextSentenceTapped)
    harness.runToEnd()
    #expect(harness.heardOffsets == [0, 4, 15, 20, 25, 30, 36, 42])
    let cancels = harness.steps.withLock { $0 }.filter { $0.event == .playback(.utteranceDidCancel(token: 1)) }
    #expect(cancels.count == 1)
  }

  @Test func aSpeedChangeMidSentenceGoesOnFromTheSameWord() {
    let harness = opened()
    harness.send(.primaryTapped)
    harness.run(until: 0.4)
    harness.send(.speedChanged(wpm: 300))
    harness.runToEnd()
    // "two" was being spoken when the knob turned: it is said again, whole, at the new rate; nothing is skipped.
    #expect(harness.heardOffsets == [0, 4, 4, 8, 15, 20, 25, 30, 36, 42])
    #expect(harness.playback.utteranceToken == 2)
  }

  @Test func positionsAreSavedWhileReadingAndAtTheEnd() {
    let harness = opened()
    harness.send(.speedChanged(wpm: 80))
    harness.send(.primaryTapped)
    harness.runToEnd()
    #expect(harness.store.saves.last?.reason == .finished)
    #expect(harness.store.saves.last?.position.offset == 47)
  }

  @Test func aBookWithoutTextIsReadSentenceBySentence() {
    let harness = simulated()
    let ranges = try! SentenceMap(sentences: [TextSpan(start: 0, end: 5), TextSpan(start: 6, end: 9)])
    harness.runtime.open(bookID: "ranges", book: ranges)
    harness.send(.primaryTapped)
    harness.runToEnd()
    #expect(harness.heardOffsets == [0, 6])
    #expect(harness.playback.phase == .finished)
  }

  @Test func wordsSplitAtWhiteSpaceFromTheOffset() {
    #expect(SimulatedSpeechEngine.words(in: SampleText.book, from: 20).map(\.start) == [20, 25, 30, 36, 42])
    #expect(SimulatedSpeechEngine.words(in: SampleText.book, from: 0).last == TextSpan(start: 42, end: 47))
  }
}
