enum SleepTimers {
  /// A timer set now, in the state the listener is in.
  static func make(minutes: Int?, _ state: BoxState, at time: Double) -> SleepTimer? {
    let offset = state.playback.offset
    var timer: SleepTimer
    if let minutes {
      timer = SleepTimer(remaining: Double(minutes) * 60, lastTick: time, minutes: minutes)
    } else {
      guard let end = chapterEnd(after: offset, in: state) else { return nil }
      timer = SleepTimer(remaining: secondsLeft(to: end, state), lastTick: time, chapterEnd: end)
    }
    timer.placeAtLastControl = sentenceStart(state)
    return timer
  }

  /// Where the chapter the offset is in ends: the next chapter's start, or the book's end.
  static func chapterEnd(after offset: Int, in state: BoxState) -> Int? {
    guard !state.playback.book.isEmpty else { return nil }
    return state.book.chapters.first { $0.start > offset }?.start ?? state.playback.book.endOffset
  }

  static func secondsLeft(to end: Int, _ state: BoxState) -> Double {
    let words = state.playback.book.scalars.wordCount(state.playback.offset..<max(state.playback.offset, end))
    return Double(words) * 60 / Double(max(state.playback.wpm, 1))
  }

  static func sentenceStart(_ state: BoxState) -> Int {
    let book = state.playback.book
    guard !book.isEmpty else { return state.playback.offset }
    return min(book.sentences[book.sentenceIndex(at: state.playback.offset)].start, state.playback.offset)
  }

  /// A control or the knob was used: the listener is awake. A fade is taken back and the timer starts again.
  static func controlTouched(_ state: BoxState, _ effects: [BoxEffect], at time: Double) -> (
    BoxState, [BoxEffect]
  ) {
    var next = state
    var effects = effects
    next.display.asleep = false
    guard var timer = state.sleepTimer else { return (next, effects) }
    timer.placeAtLastControl = sentenceStart(state)
    if timer.isFading {
      effects.append(.restoreVolume)
      if let renewed = make(minutes: timer.minutes, state, at: time) {
        timer = renewed
      } else {
        timer.isFading = false
      }
    }
    next.sleepTimer = timer
    return (next, effects)
  }

  /// On the clock's tick: count reading time, start the fade, or end reading.
  static func ticked(_ state: BoxState, at time: Double) -> Outcome {
    guard var timer = state.sleepTimer else { return Outcome(state) }
    var next = state
    var effects: [BoxEffect] = []
    let reading: Bool
    if case .speaking = state.playback.phase { reading = true } else { reading = false }
    if let end = timer.chapterEnd {
      timer.remaining = secondsLeft(to: end, state)
    } else if reading {
      timer.remaining -= max(0, time - timer.lastTick)
    }
    timer.lastTick = time
    if timer.remaining <= 0, reading || timer.isFading {
      return expire(next, at: time)
    }
    if reading, !timer.isFading, timer.remaining <= SleepTimer.fadeSeconds {
      timer.isFading = true
      effects.append(.fadeOut(seconds: max(timer.remaining, 1)))
    }
    next.sleepTimer = timer
    return Outcome(next, effects)
  }

  /// After a playback step (`before` is the state it met): the end-of-chapter timer ends when reading
  /// itself reaches the next chapter; a jump moves its chapter with the listener. Reading time counts from
  /// when reading starts, not from the last tick (ticks stop during a long pause). A book that ends or an
  /// engine that fails during the fade gets its volume back.
  static func followed(_ before: BoxState, _ state: BoxState, _ event: PlaybackEvent, at time: Double) -> Outcome {
    guard var timer = state.sleepTimer else { return Outcome(state) }
    var next = state
    var speaking: Bool { if case .speaking = next.playback.phase { return true } else { return false } }
    var wasSpeaking: Bool { if case .speaking = before.playback.phase { return true } else { return false } }
    if speaking, !wasSpeaking { timer.lastTick = time }
    if let end = timer.chapterEnd {
      if case .willSpeakRange = event {
        if before.playback.offset < end, next.playback.offset >= end, speaking {
          return expire(next, at: time)
        }
      } else if next.playback.offset != before.playback.offset,
        let moved = chapterEnd(after: next.playback.offset, in: next)
      {
        timer.chapterEnd = moved
      }
    }
    var effects: [BoxEffect] = []
    if timer.isFading, next.playback.phase.liveUtterance == nil {
      timer.isFading = false
      effects.append(.restoreVolume)
    }
    next.sleepTimer = timer
    return Outcome(next, effects)
  }

  /// A timer set while another book was open goes on with the new one, from its place.
  static func bookChanged(_ state: BoxState) -> BoxState {
    guard var timer = state.sleepTimer else { return state }
    var next = state
    timer.placeAtLastControl = sentenceStart(state)
    if timer.chapterEnd != nil { timer.chapterEnd = chapterEnd(after: state.playback.offset, in: state) }
    next.sleepTimer = timer
    return next
  }

  /// Reading stops at the place the listener last knew, the volume is back for next time, the display sleeps.
  static func expire(_ state: BoxState, at time: Double) -> Outcome {
    var next = state
    let place = state.sleepTimer?.placeAtLastControl
    next.sleepTimer = nil
    var send: [BoxAction] = []
    if state.playback.phase.liveUtterance != nil { send.append(.playback(.stopTapped)) }
    if let place, place != state.playback.offset { send.append(.playback(.moveTo(offset: place))) }
    return Outcome(next, send: send + [.sleepTimerEnded])
  }

  static func ended(_ state: BoxState) -> Outcome {
    var next = state
    next.display.asleep = true
    return Outcome(next, [.restoreVolume])
  }
}
