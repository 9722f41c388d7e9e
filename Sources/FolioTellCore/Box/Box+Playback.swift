extension Box {
  /// The playback feature and the features that follow it: playback decides; its transition becomes the
  /// position's event, the audio power's and the sleep timer's.
  static func playbackStep(_ event: PlaybackEvent, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    var effects: [BoxEffect] = []
    let (playback, effect) = Playback.reduce(state.playback, event)
    next.playback = playback
    if let effect { effects.append(.playback(effect)) }
    if let positionEvent = positionEvent(from: state.playback, to: playback, effect: effect, at: time) {
      let (position, save) = PlaybackPositionReducer.reduce(state.position, positionEvent)
      next.position = position
      if let save { effects.append(.savePosition(save)) }
    }
    next.audio = AudioPower.follow(state.audio, from: state.playback.phase, to: playback.phase, at: time)
    if effect != .deactivateAudio, state.audio.isActive, !next.audio.isActive {
      effects.append(.playback(.deactivateAudio))
    }
    switch (state.playback.phase, playback.phase) {
    case (.paused, .paused): break
    case (_, .paused): next.resume.pausedAt = time
    default: next.resume.pausedAt = nil
    }
    if case .utteranceDidFinish = event, case .finished = playback.phase, state.playback.phase != .finished,
      next.saying.announcesTheEnd
    {
      effects.append(Box.say(next.words(.endOfBook), in: next))
      effects.append(.earcon(.endOfBook))
    }
    let timer = SleepTimers.followed(next.sleepTimer, event, before: state.playback, FeatureContext(next, at: time))
    return next.scoping(\.sleepTimer, timer).after(effects)
  }
}
