import Testing

@testable import FolioTellCore

/// The display's dimming, darkness and the status's end are the reducer's timers: started at a step's end
/// when none is armed, counted from the last control; a firing acts only when its moment has come.
@Suite struct DisplayTimersTests {
  var state: BoxState = {
    var state = BoxState()
    state.display.timing = DisplayTiming(dimAfter: 30, offAfter: 120, statusFor: 5)
    return state
  }()
  var effects: [BoxEffect] = []

  mutating func send(_ event: BoxEvent, at time: Double) {
    (state, effects) = Box.reduce(state, event, at: time)
  }

  var displayTimers: [BoxEffect] {
    effects.filter { if case .startTimer(let timer, _) = $0 { timer != .tick } else { false } }
  }

  @Test mutating func theFirstStepStartsTheDimmingAndTheDarkFromTheStart() {
    send(.voicesFound([]), at: 2)
    #expect(displayTimers == [.startTimer(.dimDisplay, after: 28), .startTimer(.darkenDisplay, after: 118)])
    #expect(state.armedTimers == [.dimDisplay, .darkenDisplay])
    // Armed: a step with no control starts nothing more.
    send(.voicesFound([]), at: 3)
    #expect(displayTimers.isEmpty)
  }

  @Test mutating func aPressWhileTheTimersAreArmedStartsNone() {
    send(.voicesFound([]), at: 0)
    send(.control(name: .next, gesture: .short), at: 10)
    #expect(displayTimers.isEmpty)
    // The dimming's timer fires at 30, before its moment (40): nothing dims, and it is timed for the rest.
    send(.timerFired(.dimDisplay), at: 30)
    #expect(state.display.light == .bright)
    #expect(displayTimers == [.startTimer(.dimDisplay, after: 10)])
    send(.timerFired(.dimDisplay), at: 40)
    #expect(state.display.light == .dimmed)
  }

  @Test mutating func aControlLightsADimmedDisplayAndTimesItsDimmingAgain() {
    send(.voicesFound([]), at: 0)
    send(.timerFired(.dimDisplay), at: 30)
    #expect(state.display.light == .dimmed)
    #expect(displayTimers.isEmpty)
    send(.control(name: .next, gesture: .short), at: 40)
    #expect(state.display.light == .bright)
    // The darkness is still armed (for 120): only the dimming is started again.
    #expect(displayTimers == [.startTimer(.dimDisplay, after: 30)])
  }

  @Test mutating func darkIsTheLastTimerUntilAControl() {
    send(.voicesFound([]), at: 0)
    send(.timerFired(.dimDisplay), at: 30)
    send(.timerFired(.darkenDisplay), at: 120)
    #expect(state.display.light == .dark)
    #expect(displayTimers.isEmpty)
    #expect(!state.armedTimers.contains(.dimDisplay) && !state.armedTimers.contains(.darkenDisplay))
    send(.encoder(steps: 1), at: 500)
    #expect(state.display.light == .bright)
    #expect(displayTimers.count == 2)
  }

  @Test mutating func aLongMenuShowsTheStatusUntilItsTimerFires() {
    send(.control(name: .menu, gesture: .long), at: 10)
    #expect(state.display.statusRequestedAt == 10)
    #expect(displayTimers.contains(.startTimer(.endStatus, after: 5)))
    send(.timerFired(.endStatus), at: 15)
    #expect(state.display.statusRequestedAt == nil)
  }

  @Test mutating func aDisplayThatNeverGoesDarkStartsNoDarkTimer() {
    state.display.timing?.offAfter = 0
    send(.voicesFound([]), at: 0)
    #expect(displayTimers == [.startTimer(.dimDisplay, after: 30)])
  }

  @Test mutating func aBoxWithNoDisplayStartsNone() {
    state.display.timing = nil
    send(.control(name: .menu, gesture: .long), at: 10)
    #expect(displayTimers.isEmpty)
    #expect(state.armedTimers.allSatisfy { $0 == .tick })
  }
}
