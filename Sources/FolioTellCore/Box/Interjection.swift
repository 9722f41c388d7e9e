/// Saying something over the book (where am I, a new speed, a chapter's title): reading stops at the word
/// being heard, the words are said, and reading goes on from that word once they end, if it was going on.
enum Interjection {
  static func say(
    _ text: String, _ state: BoxState, at time: Double, before change: [BoxEvent] = []
  ) -> (BoxState, [BoxEffect]) {
    var next = state
    var effects: [BoxEffect] = []
    let wasReading = isReading(state.playback.phase) || state.resumeAfterSaying
    if state.playback.phase.liveUtterance != nil {
      (next, effects) = Box.reduce(next, .playback(.stopTapped), at: time)
    }
    (next, effects) = Box.appending(effects, to: Box.reduce(next, change, at: time))
    next.resumeAfterSaying = wasReading
    effects.append(Box.say(text, in: next))
    return (next, effects)
  }

  /// Reading, or about to be (a pause the listener already took back).
  static func isReading(_ phase: PlaybackPhase) -> Bool {
    switch phase {
    case .speaking, .pausing(_, resumeWhenSilent: true): return true
    case .pausing, .paused, .idle, .finished: return false
    }
  }
}

/// A speed change is said at the new rate; the fastest and slowest rates say so.
enum SpokenSpeed {
  static func change(to wpm: Int, _ state: BoxState, at time: Double) -> (BoxState, [BoxEffect]) {
    let limits = state.playback.wpmLimits
    let rate = min(max(wpm, limits.lowerBound), limits.upperBound)
    let words: String
    let atLimit = rate == state.playback.wpm && (rate == limits.upperBound || rate == limits.lowerBound)
    if atLimit, rate == limits.upperBound {
      words = "Fastest: \(rate) words a minute."
    } else if atLimit {
      words = "Slowest: \(rate) words a minute."
    } else {
      words = "\(rate) words a minute."
    }
    let (next, effects) = Interjection.say(words, state, at: time, before: [.playback(.speedChanged(wpm: rate))])
    return (next, effects + (atLimit ? [.earcon(.limit)] : []))
  }
}

extension Box {
  /// Effects already made, then a step's.
  static func appending(_ effects: [BoxEffect], to step: (BoxState, [BoxEffect])) -> (
    BoxState, [BoxEffect]
  ) {
    (step.0, effects + step.1)
  }
}
