/// The clock's tick: the sound card let go after a long quiet, the place saved on time, the sleep timer
/// counted, and the key describer left after a while without a press.
enum Ticks {
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
    var timed = SleepTimers.ticked(next, at: time).after(effects)
    // The key describer goes off by itself after a while without a press, and says so.
    if let describer = timed.state.describer, describer.hasTimedOut(at: time) {
      timed.state.describer = nil
      let off = Box.say("Key describer off.", in: timed.state)
      // After the timer's own effects, as when the timer's end was worked out in place.
      timed.send.append(.perform(off))
    }
    return timed
  }
}
