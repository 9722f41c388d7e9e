/// Where PLAY goes on after a long time away: from the start of the interrupted sentence, so the listener
/// finds the thread again.
enum Resume {
  static func play(_ state: BoxState, at time: Double) -> Outcome {
    guard !state.playback.book.isEmpty else { return Outcome(state, [Box.say(Box.noBookOpen, in: state)]) }
    guard case .paused = state.playback.phase, let since = state.resume.pausedAt, time - since > state.resume.longPauseSeconds,
      !state.playback.book.isEmpty
    else { return Outcome(state, send: [.playback(.primaryTapped)]) }
    let book = state.playback.book
    let start = book.sentences[book.sentenceIndex(at: state.playback.offset)].start
    // The paused utterance is stopped and the place moved back: PLAY starts a new one from the sentence.
    return Outcome(state, send: [.playback(.moveTo(offset: start)), .playback(.primaryTapped)])
  }
}
