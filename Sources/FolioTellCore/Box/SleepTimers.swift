/// The sleep timer feature. Its state is the timer (`BoxState.sleepTimer`, nil when none is set); it
/// reads the open book and playback from the context, and asks the root to stop reading, move the place
/// and put the display to sleep when it ends.
enum SleepTimers {
  /// A timer set now, where the listener is.
  static func make(minutes: Int?, _ context: FeatureContext) -> SleepTimer? {
    var timer: SleepTimer
    if let minutes {
      timer = SleepTimer(remaining: Double(minutes) * 60, lastTick: context.time, minutes: minutes)
    } else {
      guard let end = chapterEnd(after: context.playback.offset, context) else { return nil }
      timer = SleepTimer(remaining: secondsLeft(to: end, context), lastTick: context.time, chapterEnd: end)
    }
    timer.placeAtLastControl = context.playback.sentenceStart
    timer.lastControlTime = context.time
    return timer
  }

  /// Where the chapter the offset is in ends: the next chapter's start, or the book's end.
  static func chapterEnd(after offset: Int, _ context: FeatureContext) -> Int? {
    guard !context.playback.book.isEmpty else { return nil }
    return context.book.chapters.first { $0.start > offset }?.start ?? context.playback.book.endOffset
  }

  static func secondsLeft(to end: Int, _ context: FeatureContext) -> Double {
    let playback = context.playback
    let words = playback.book.scalars.estimatedWordCount(playback.offset..<max(playback.offset, end))
    return Double(words) * 60 / Double(max(playback.wpm, 1))
  }

  /// A timer the listener set in the menu, or none (off): a fade under way is taken back.
  static func set(_ timer: SleepTimer?, replacing current: SleepTimer?) -> FeatureStep<SleepTimer?> {
    FeatureStep(timer, timer == nil && current?.isFading == true ? [.restoreVolume] : [])
  }

  /// A control or the knob was used: the listener is awake. A fade is taken back and the timer starts again.
  static func controlTouched(_ timer: SleepTimer?, _ context: FeatureContext) -> FeatureStep<SleepTimer?> {
    guard var timer else { return FeatureStep(nil) }
    var effects: [BoxEffect] = []
    timer.placeAtLastControl = context.playback.sentenceStart
    timer.lastControlTime = context.time
    if timer.isFading {
      effects.append(.restoreVolume)
      if let renewed = make(minutes: timer.minutes, context) {
        timer = renewed
      } else {
        timer.isFading = false
      }
    }
    return FeatureStep(timer, effects)
  }

  /// On the clock's tick: count reading time, start the fade, or end reading.
  static func ticked(_ timer: SleepTimer?, _ context: FeatureContext) -> FeatureStep<SleepTimer?> {
    guard var timer else { return FeatureStep(nil) }
    var effects: [BoxEffect] = []
    let reading: Bool
    if case .speaking = context.playback.phase { reading = true } else { reading = false }
    if let end = timer.chapterEnd {
      timer.remaining = secondsLeft(to: end, context)
    } else if reading {
      timer.remaining -= max(0, context.time - timer.lastTick)
    }
    timer.lastTick = context.time
    if timer.remaining <= 0, reading || timer.isFading {
      return expire(timer, context)
    }
    if reading, !timer.isFading, timer.remaining <= SleepTimer.fadeSeconds {
      timer.isFading = true
      effects.append(.fadeOut(seconds: max(timer.remaining, 1)))
    }
    return FeatureStep(timer, effects)
  }

  /// After a playback step (`before` is the playback it met): the end-of-chapter timer ends when reading
  /// itself reaches the next chapter; a jump moves its chapter with the listener. Reading time counts from
  /// when reading starts, not from the last tick (ticks stop during a long pause). A book that ends or an
  /// engine that fails during the fade gets its volume back.
  static func followed(
    _ timer: SleepTimer?, _ event: PlaybackEvent, before: PlaybackState, _ context: FeatureContext
  ) -> FeatureStep<SleepTimer?> {
    guard var timer else { return FeatureStep(nil) }
    let after = context.playback
    var speaking: Bool { if case .speaking = after.phase { return true } else { return false } }
    var wasSpeaking: Bool { if case .speaking = before.phase { return true } else { return false } }
    if speaking, !wasSpeaking { timer.lastTick = context.time }
    if let end = timer.chapterEnd {
      if case .willSpeakRange = event {
        if before.offset < end, after.offset >= end, speaking {
          return expire(timer, context)
        }
      } else if after.offset != before.offset, let moved = chapterEnd(after: after.offset, context) {
        timer.chapterEnd = moved
      }
    }
    var effects: [BoxEffect] = []
    if timer.isFading, after.phase.liveUtterance == nil {
      timer.isFading = false
      effects.append(.restoreVolume)
    }
    return FeatureStep(timer, effects)
  }

  /// A timer set while another book was open goes on with the new one, from its place.
  static func bookChanged(_ timer: SleepTimer?, _ context: FeatureContext) -> SleepTimer? {
    guard var timer else { return nil }
    timer.placeAtLastControl = context.playback.sentenceStart
    if timer.chapterEnd != nil { timer.chapterEnd = chapterEnd(after: context.playback.offset, context) }
    return timer
  }

  /// Reading stops at the place the listener last knew, the volume is back for next time, the display
  /// sleeps.
  static func expire(_ timer: SleepTimer, _ context: FeatureContext) -> FeatureStep<SleepTimer?> {
    var send: [BoxAction] = []
    if context.playback.phase.liveUtterance != nil { send.append(.playback(.stopTapped)) }
    if let place = timer.placeAtLastControl, place != context.playback.offset {
      // A jump, so that undo goes to where the timer stopped; the next PLAY says where it went back to.
      send.append(.navigation(.jump([.moveTo(offset: place)], force: true)))
      let seconds = timer.lastControlTime.map { max(0, context.time - $0) } ?? 0
      send.append(.sleptBack(SleptBack(place: place, seconds: seconds)))
    }
    return FeatureStep(nil, send: send + [.perform(.restoreVolume), .display(.sleep)])
  }
}
