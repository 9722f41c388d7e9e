import Testing

@testable import FolioTellCore

/// The tick is the reducer's timer: started at the end of a step when something needs it (reading, a
/// place not yet saved, a pause waiting to release the sound card, the key describer) and none is armed;
/// its firing is the event `timerFired(.tick)`. One that fires with nothing to do starts no other, so a
/// box at rest has none armed.
@Suite struct TickTests {
  var state = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
  var effects: [BoxEffect] = []

  mutating func send(_ event: BoxEvent, at time: Double) {
    (state, effects) = Box.reduce(state, event, at: time)
  }

  var timerEffects: [BoxEffect] { effects.filter(\.isTimer) }

  @Test func aNewlyOpenedBookNeedsNoTick() {
    #expect(state.armedTimers.isEmpty)
  }

  @Test mutating func readingStartsTheTickOnceAndItsFiringStartsTheNext() {
    send(.playback(.primaryTapped), at: 1)
    #expect(timerEffects == [.startTimer(.tick, after: 5)])
    #expect(state.armedTimers == [.tick])
    send(.playback(.utteranceDidStart(token: 1)), at: 1.1)
    send(.playback(.willSpeakRange(token: 1, location: 4, length: 3)), at: 2)
    // Armed already: nothing more.
    #expect(timerEffects.isEmpty)
    send(.timerFired(.tick), at: 6)
    #expect(timerEffects == [.startTimer(.tick, after: 5)])
    #expect(state.armedTimers == [.tick])
  }

  @Test mutating func afterAStopTheArmedTickFiresOnceAndStartsNoOther() {
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.willSpeakRange(token: 1, location: 4, length: 3)), at: 2)
    send(.playback(.stopTapped), at: 3)
    #expect(effects.contains { if case .savePosition = $0 { true } else { false } })
    #expect(timerEffects.isEmpty)
    #expect(state.armedTimers == [.tick])
    // Play again before it fires: it keeps its rhythm, no second one.
    send(.playback(.primaryTapped), at: 4)
    #expect(timerEffects.isEmpty)
    send(.playback(.stopTapped), at: 5)
    send(.timerFired(.tick), at: 6)
    #expect(effects.isEmpty)
    #expect(state.armedTimers.isEmpty)
  }

  @Test mutating func aPauseKeepsTheTickUntilTheSoundCardIsReleased() {
    send(.playback(.primaryTapped), at: 0)
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.pauseResolved(token: 1)), at: 1)
    #expect(state.armedTimers == [.tick])
    send(.timerFired(.tick), at: 20)
    #expect(timerEffects == [.startTimer(.tick, after: 5)])
    send(.timerFired(.tick), at: 31)
    #expect(effects == [.playback(.deactivateAudio)])
    // Released and saved: nothing left to tick for, and the fired tick is not started again.
    #expect(state.armedTimers.isEmpty)
  }

  @Test mutating func theKeyDescriberKeepsTheTickForItsTimeout() {
    send(.control(name: ControlName.describerChord, gesture: .long), at: 1)
    #expect(state.controls.describer != nil)
    #expect(timerEffects == [.startTimer(.tick, after: 5)])
  }

  @Test mutating func aTickThatFiresWithNothingToDoStartsNoOther() {
    send(.timerFired(.tick), at: 5)
    #expect(effects.isEmpty)
    #expect(state.armedTimers.isEmpty)
  }
}
