/// The playback reducer: every decision about speaking the book is made here, from events alone.
public enum Playback {
  public typealias Result = (PlaybackState, PlaybackEffect?)

  public static func reduce(_ state: PlaybackState, _ event: PlaybackEvent) -> Result {
    // A callback about any utterance but the live one is stale: a replaced utterance, or one already stopped.
    if let token = event.engineToken, token != state.phase.liveUtterance?.token {
      return (state, nil)
    }
    if case .moveTo(let offset) = event { return move(state, to: offset) }
    switch state.phase {
    case .idle: return whenIdle(state, event)
    case .speaking(let utterance): return whenSpeaking(state, utterance, event)
    case .pausing(let utterance, let resumeWhenSilent):
      return whenPausing(state, utterance, resumeWhenSilent: resumeWhenSilent, event)
    case .paused(let utterance): return whenPaused(state, utterance, event)
    case .finished: return whenFinished(state, event)
    }
  }

  private static func whenIdle(_ state: PlaybackState, _ event: PlaybackEvent) -> Result {
    switch event {
    case .primaryTapped:
      // A position at the very end (restored after the book was finished) means the listener wants it again.
      return startUtterance(state, at: state.offset >= state.book.endOffset ? 0 : state.offset)
    case .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped, .startOverTapped:
      return jump(state, event)
    case .speedChanged, .voiceChanged:
      return (remember(state, event), nil)
    case .stopTapped, .utteranceDidStart, .willSpeakRange, .utteranceDidFinish, .utteranceDidCancel,
      .pauseResolved, .engineFailed, .moveTo:
      return (state, nil)
    }
  }

  private static func whenSpeaking(_ state: PlaybackState, _ utterance: Utterance, _ event: PlaybackEvent)
    -> Result
  {
    var next = state
    switch event {
    case .primaryTapped:
      next.phase = .pausing(utterance, resumeWhenSilent: false)
      return (next, .pause(token: utterance.token))
    case .stopTapped:
      return stop(state, utterance)
    case .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped, .startOverTapped:
      return jump(state, event)
    case .speedChanged, .voiceChanged:
      next = remember(state, event)
      guard next.wpm != utterance.wpm || next.voice != utterance.voice else { return (next, nil) }
      // Restart from the start of the word being spoken, so no word is lost or repeated twice.
      return startUtterance(next, at: next.offset)
    case .pauseResolved, .moveTo:
      return (state, nil)
    case .utteranceDidStart, .willSpeakRange, .utteranceDidFinish, .utteranceDidCancel, .engineFailed:
      return engineReport(state, utterance, event)
    }
  }

  private static func whenPausing(
    _ state: PlaybackState, _ utterance: Utterance, resumeWhenSilent: Bool, _ event: PlaybackEvent
  ) -> Result {
    var next = state
    switch event {
    case .primaryTapped:
      // The engine is already pausing; a second tap asks to go on once it is silent, a third takes that back.
      next.phase = .pausing(utterance, resumeWhenSilent: !resumeWhenSilent)
      return (next, nil)
    case .stopTapped:
      return stop(state, utterance)
    case .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped, .startOverTapped:
      return jump(state, event)
    case .speedChanged, .voiceChanged:
      return (remember(state, event), nil)
    case .pauseResolved:
      if resumeWhenSilent { return proceed(state, utterance) }
      next.phase = .paused(utterance)
      return (next, nil)
    case .moveTo:
      return (state, nil)
    case .utteranceDidStart, .willSpeakRange, .utteranceDidFinish, .utteranceDidCancel, .engineFailed:
      return engineReport(state, utterance, event)
    }
  }

  private static func whenPaused(_ state: PlaybackState, _ utterance: Utterance, _ event: PlaybackEvent)
    -> Result
  {
    switch event {
    case .primaryTapped:
      return proceed(state, utterance)
    case .stopTapped:
      return stop(state, utterance)
    case .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped, .startOverTapped:
      return jump(state, event)
    case .speedChanged, .voiceChanged:
      return (remember(state, event), nil)
    case .pauseResolved, .moveTo:
      return (state, nil)
    case .utteranceDidStart, .willSpeakRange, .utteranceDidFinish, .utteranceDidCancel, .engineFailed:
      // A word can land just after the pause resolved; tracking it keeps resume from repeating it.
      return engineReport(state, utterance, event)
    }
  }

  private static func whenFinished(_ state: PlaybackState, _ event: PlaybackEvent) -> Result {
    switch event {
    case .primaryTapped, .startOverTapped:
      return startUtterance(state, at: 0)
    case .jumpToPreviousSentenceTapped:
      return jump(state, event)
    case .speedChanged, .voiceChanged:
      return (remember(state, event), nil)
    case .jumpToNextSentenceTapped, .stopTapped, .utteranceDidStart, .willSpeakRange, .utteranceDidFinish,
      .utteranceDidCancel, .pauseResolved, .engineFailed, .moveTo:
      return (state, nil)
    }
  }

  // MARK: - Transitions shared by several phases

  /// What the live utterance's engine reports means the same while speaking, pausing or paused.
  private static func engineReport(_ state: PlaybackState, _ utterance: Utterance, _ event: PlaybackEvent) -> Result {
    switch event {
    case .utteranceDidStart:
      return (confirmStart(state), nil)
    case .willSpeakRange(_, let location, let length):
      return (track(state, utterance, location: location, length: length), nil)
    case .utteranceDidFinish:
      return finish(state)
    case .utteranceDidCancel:
      return interrupt(state, failure: nil)
    case .engineFailed(_, let reason):
      return interrupt(state, failure: reason)
    default:
      return (state, nil)
    }
  }

  private static func startUtterance(_ state: PlaybackState, at offset: Int) -> Result {
    guard !state.book.isEmpty else { return (state, nil) }
    var next = state
    next.utteranceToken += 1
    next.offset = offset
    next.waitsForRestAt = nil
    next.word = nil
    next.failure = nil
    next.phase = .speaking(
      Utterance(token: next.utteranceToken, startOffset: offset, wpm: state.wpm, voice: state.voice))
    return (next, .startUtterance(token: next.utteranceToken, offset: offset, wpm: state.wpm, voice: state.voice))
  }

  /// Goes on with a paused utterance, or replaces it when the rate or voice changed meanwhile.
  private static func proceed(_ state: PlaybackState, _ utterance: Utterance) -> Result {
    guard utterance.wpm == state.wpm, utterance.voice == state.voice else {
      return startUtterance(state, at: state.offset)
    }
    var next = state
    next.phase = .speaking(utterance)
    return (next, .resume(token: utterance.token))
  }

  /// Moves the place without reading; whatever was live stops.
  private static func move(_ state: PlaybackState, to offset: Int) -> Result {
    var next = state
    var effect: PlaybackEffect?
    if let utterance = state.phase.liveUtterance { (next, effect) = stop(state, utterance) }
    next.phase = .idle
    next.word = nil
    next.waitsForRestAt = nil
    next.offset = min(max(offset, 0), state.book.endOffset)
    return (next, effect)
  }

  private static func stop(_ state: PlaybackState, _ utterance: Utterance) -> Result {
    var next = state
    next.phase = .idle
    next.word = nil
    return (next, .stop(token: utterance.token))
  }

  /// The engine ended the live utterance on its own: keep the place so play goes on from there.
  private static func interrupt(_ state: PlaybackState, failure: String?) -> Result {
    var next = state
    next.phase = .idle
    next.word = nil
    next.failure = failure
    return (next, .deactivateAudio)
  }

  private static func finish(_ state: PlaybackState) -> Result {
    var next = state
    // The end of what is read so far is not the book's end: reading waits for the rest.
    if !state.book.isWhole {
      next.phase = .idle
      next.offset = state.book.endOffset
      next.word = nil
      next.waitsForRestAt = state.book.endOffset
      return (next, .deactivateAudio)
    }
    next.phase = .finished
    next.offset = state.book.endOffset
    next.word = nil
    return (next, .deactivateAudio)
  }

  private static func jump(_ state: PlaybackState, _ event: PlaybackEvent) -> Result {
    guard let target = jumpTarget(state, event) else { return (state, nil) }
    return startUtterance(state, at: target)
  }

  /// Where a jump lands, or nil when there is nowhere to go (an empty book, past the last sentence).
  static func jumpTarget(_ state: PlaybackState, _ event: PlaybackEvent) -> Int? {
    let book = state.book
    guard !book.isEmpty else { return nil }
    let index = book.sentenceIndex(at: state.offset)
    switch event {
    case .jumpToNextSentenceTapped:
      // Before the first sentence has begun, "next" is the first one.
      if state.offset < book.sentences[0].start { return book.sentences[0].start }
      return index + 1 < book.count ? book.sentences[index + 1].start : nil
    case .jumpToPreviousSentenceTapped:
      if book.isAtFirstWord(of: index, offset: state.offset) {
        return book.sentences[max(index - 1, 0)].start
      }
      return book.sentences[index].start
    case .startOverTapped:
      return 0
    default:
      return nil
    }
  }

  private static func remember(_ state: PlaybackState, _ event: PlaybackEvent) -> PlaybackState {
    var next = state
    switch event {
    case .speedChanged(let wpm):
      next.wpm = SpeechRate.clamped(wpm, within: state.wpmLimits)
    case .voiceChanged(let voice) where !voice.isEmpty:
      next.voice = voice
    default:
      break
    }
    return next
  }

  private static func confirmStart(_ state: PlaybackState) -> PlaybackState {
    var next = state
    switch state.phase {
    case .speaking(var utterance):
      utterance.started = true
      next.phase = .speaking(utterance)
    case .pausing(var utterance, let resumeWhenSilent):
      utterance.started = true
      next.phase = .pausing(utterance, resumeWhenSilent: resumeWhenSilent)
    case .paused(var utterance):
      utterance.started = true
      next.phase = .paused(utterance)
    case .idle, .finished:
      break
    }
    return next
  }

  /// Moves the listener to a word of the live utterance. A word outside the book, before the utterance's
  /// start, or behind the last word heard is a late duplicate and changes nothing.
  private static func track(_ state: PlaybackState, _ utterance: Utterance, location: Int, length: Int)
    -> PlaybackState
  {
    let (end, overflow) = location.addingReportingOverflow(length)
    guard !overflow else { return state }
    let span = TextSpan(start: location, end: end)
    guard state.book.contains(span), location >= utterance.startOffset, location >= state.offset else {
      return state
    }
    var next = state
    next.offset = location
    next.word = span
    return next
  }
}
