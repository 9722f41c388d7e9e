/// Where PLAY goes on after a long time away: a little back (the interrupted sentence's start, see
/// `ResumePlace`), so the listener finds the thread again; after the sleep timer, from the place it went
/// back to, saying so.
enum Resume {
  static func play(_ state: BoxState, at time: Double) -> Outcome {
    guard !state.playback.book.isEmpty else { return Outcome(state, [Box.say(Box.noBookOpen(state), in: state)]) }
    if let back = state.resume.sleptBack {
      var next = state
      next.resume.sleptBack = nil
      // Still where the sleep timer left it: say where reading goes back to, then read from there.
      if back.place == state.playback.offset, state.playback.phase.liveUtterance == nil {
        next.saying.playAfterAnnouncement = true
        return Outcome(next, [Box.say(sleptBackWords(back, state.words), in: state)])
      }
      return play(next, at: time)
    }
    guard case .paused = state.playback.phase, let since = state.resume.pausedAt, time - since > state.resume.longPauseSeconds,
      !state.playback.book.isEmpty
    else { return Outcome(state, send: [.playback(.primaryTapped)]) }
    let start = ResumePlace.goingBack(from: state.playback.offset, in: state.playback.book, wpm: state.playback.wpm)
    // The paused utterance is stopped and the place moved back: PLAY starts a new one from there.
    return Outcome(state, send: [.playback(.moveTo(offset: start)), .playback(.primaryTapped)])
  }

  /// "Going back 12 minutes, to where you last pressed a button before the sleep timer."
  static func sleptBackWords(_ back: SleptBack, _ words: BoxWords) -> String {
    let minutes = Int((back.seconds / 60).rounded())
    return words(.sleptBack, .words(words.duration(minutes: minutes)))
  }
}
