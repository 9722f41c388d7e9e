import Testing

@testable import FolioTellCore

/// A root-reducer test as a script, like `PlaybackScript`: each step sends an event at a time, states how
/// the whole box's state changed and every effect that came out. Anything not stated must not change. The
/// tick's bookkeeping is left out of the comparison unless the step states it (see `TickTests`).
struct RootScript {
  var state: BoxState
  var time = 0.0

  init(_ state: BoxState = BoxState()) { self.state = state }

  mutating func send(
    _ event: BoxEvent,
    at time: Double? = nil,
    effects expectedEffects: [BoxEffect] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout BoxState) -> Void = { _ in }
  ) {
    if let time { self.time = time }
    var expected = state
    update(&expected)
    let (next, effects) = Box.reduce(state, event, at: self.time)
    let statesTimers = expected.armedTimers != state.armedTimers
    #expect(
      statesTimers ? next == expected : next.withoutTimers == expected.withoutTimers, "state after \(event)",
      sourceLocation: sourceLocation)
    let statesTimerEffects = expectedEffects.contains { $0.isTimer }
    #expect(
      (statesTimerEffects ? effects : effects.withoutTimers) == expectedEffects, "effects of \(event)",
      sourceLocation: sourceLocation)
    state = next
  }

  /// Sends an event that must change nothing: same state, no effect.
  mutating func ignores(_ event: BoxEvent, at time: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation)
  {
    send(event, at: time, effects: [], sourceLocation: sourceLocation)
  }
}
