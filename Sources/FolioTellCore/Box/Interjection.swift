/// Saying something over the book (where am I, a new speed, a chapter's title): reading stops at the word
/// being heard, the words are said, and reading goes on from that word once they end, if it was going on.
enum Interjection {
  /// `before`: what changes between the stop and the words (a move, a new rate). `resumeReading`: whether
  /// reading goes on after the words; by default, if it was going on.
  static func say(
    _ text: String, _ state: BoxState, before change: [PlaybackEvent] = [], resumeReading: Bool? = nil
  ) -> Outcome {
    let wasReading =
      isReading(state.playback.phase) || state.saying.resumeAfterSaying || state.saying.playAfterAnnouncement
    let stop: [BoxAction] = state.playback.phase.liveUtterance != nil ? [.playback(.stopTapped)] : []
    return Outcome(
      state, send: stop + change.map { .playback($0) } + [.sayOver(text, resumeReading: resumeReading ?? wasReading)])
  }

  /// The words, once reading has stopped and the place has moved, in the voice and rate now chosen.
  static func finish(_ text: String, resumeReading: Bool, _ state: BoxState) -> Outcome {
    var next = state
    // A greeting cut short by these words hands its "then read" on to them.
    next.saying.playAfterAnnouncement = false
    next.saying.resumeAfterSaying = resumeReading
    return Outcome(next, [Box.say(text, in: next)])
  }

  /// Reading, or about to be (a pause the listener already took back).
  static func isReading(_ phase: PlaybackPhase) -> Bool {
    switch phase {
    case .speaking, .pausing(_, resumeWhenSilent: true): return true
    case .pausing, .paused, .idle, .finished: return false
    }
  }
}
