/// The clock's tick: the sound card let go after a long quiet, the place saved on time, the sleep timer
/// counted, and the key describer left after a while without a press.
enum Ticks {
  /// Seconds between ticks.
  static let interval = 5.0

  /// Whether anything needs the tick: reading (the place is saved every few seconds, the sleep timer
  /// counts), a pause that will release the sound card, the key describer's timeout, a place not yet
  /// saved. A box at rest needs none, so nothing wakes.
  static func needed(_ state: BoxState) -> Bool {
    switch state.playback.phase {
    case .speaking, .pausing: return true
    case .paused, .idle, .finished: break
    }
    if state.audio.isActive, state.audio.pausedSince != nil { return true }
    if state.controls.describer != nil { return true }
    return state.position.current != nil && state.position.current != state.position.lastSaved
  }

  /// At a step's end: the tick is started when something needs it and none is armed. One armed is left to
  /// fire when nothing needs it any more (it finds nothing to do and starts no other), so the ticks keep
  /// their rhythm across a stop and a start, and what they time (the key describer's end, the sleep
  /// timer's fade, the card's release) is heard when it always was.
  static func keepTime(_ state: BoxState) -> [BoxEffect] {
    guard needed(state), !state.armedTimers.contains(.tick) else { return [] }
    return [.startTimer(.tick, after: interval)]
  }

  static func ticked(_ state: BoxState, at time: Double) -> Outcome {
    var next = state
    var effects: [BoxEffect] = []
    switch state.playback.phase {
    case .speaking, .pausing:
      break
    case .paused, .idle, .finished:
      // Quiet for long (a pause, or the end of something said): the sound card closes and the amplifier
      // goes off, so the box neither hisses nor draws power.
      if state.audio.isIdle(at: time) {
        next.audio.isActive = false
        next.audio.pausedSince = nil
        effects.append(.playback(.deactivateAudio))
      }
    }
    let (position, save) = PlaybackPositionReducer.reduce(state.position, .clockTicked(at: time))
    next.position = position
    if let save { effects.append(.savePosition(save)) }
    var timed = next.scoping(\.sleepTimer, SleepTimers.ticked(next.sleepTimer, FeatureContext(next, at: time)))
      .after(effects)
    // The key describer goes off by itself after a while without a press, and says so.
    if let describer = timed.state.controls.describer, describer.hasTimedOut(at: time) {
      timed.state.controls.describer = nil
      let left = ControlHandling.left(describer, timed.state.controls, FeatureContext(timed.state, at: time))
      // After the timer's own effects, as when the timer's end was worked out in place.
      timed.send += left.effects.map { .perform($0) } + left.send
    }
    return timed
  }
}
