/// The root reducer. It is the only entry: an event comes in, the root routes it to the feature it is
/// for, sends the actions features ask for (in order, in the same step), and then works out once, from the
/// state before and after the whole step, what is saved and whether the sound stays on.
public enum Box {
  public static func reduce(_ state: BoxState, _ event: BoxEvent, at time: Double) -> (BoxState, [BoxEffect]) {
    var next = state
    var effects: [BoxEffect] = []
    // A stack, so a feature's follow-ups run right after it, before anything sent earlier.
    var pending: [BoxAction] = [.event(event)]
    while let action = pending.popLast() {
      let outcome = route(action, next, at: time)
      next = outcome.state
      effects += outcome.effects
      pending.append(contentsOf: outcome.send.reversed())
    }
    return finish(event, from: state, to: next, effects, at: time)
  }

  /// Each action to the one feature it is for.
  static func route(_ action: BoxAction, _ state: BoxState, at time: Double) -> Outcome {
    switch action {
    case .event(let event): return handle(event, state, at: time)
    case .playback(let event): return playbackStep(event, state, at: time)
    case .menu(let event): return state.scoping(\.menu, Menu.reduce(state.menu, event, MenuContext(state, at: time)))
    case .perform(let effect): return Outcome(state, [effect])
    case .sayOver(let text, let resumeReading): return Interjection.finish(text, resumeReading: resumeReading, state)
    case .showMenu(let resumeReading): return showMenu(resumeReading: resumeReading, state, at: time)
    case .closeMenu(let words): return closeMenu(words, state)
    case .enterMenuPage(let page, let words):
      return state.scoping(\.menu, Menu.enter(page, saying: words, from: state.menu, MenuContext(state, at: time)))
    case .navigation(let action):
      return state.scoping(\.navigation, Navigation.reduce(state.navigation, action, FeatureContext(state, at: time)))
    case .intent(let action): return Box.intent(action, state, at: time)
    case .interject(let words, let before, let resumeReading):
      return Interjection.say(words, state, before: before, resumeReading: resumeReading)
    case .readingTakenOver:
      var next = state
      next.saying.resumeAfterSaying = false
      return Outcome(next)
    case .toggleKeyDescriber:
      return state.scoping(\.controls, ControlHandling.toggleDescriber(state.controls, FeatureContext(state, at: time)))
    case .display(let action):
      var next = state
      next.display = DisplayFeature.reduce(state.display, action, at: time)
      return Outcome(next)
    case .settings(let action):
      return state.scoping(\.settings, SettingsFeature.reduce(state.settings, action))
    case .setSleepTimer(let timer):
      return state.scoping(\.sleepTimer, SleepTimers.set(timer, replacing: state.sleepTimer))
    case .openingBook(let id):
      var next = state
      next.library.opening = id
      return Outcome(next)
    case .readWhenSaid:
      var next = state
      next.saying.playAfterAnnouncement = true
      return Outcome(next)
    case .sleptBack(let back):
      var next = state
      next.resume.sleptBack = back
      return Outcome(next)
    }
  }

  /// The step's end: earcons the listener turned off are dropped; the settings that changed are saved once;
  /// anything said keeps the sound on.
  static func finish(_ event: BoxEvent, from state: BoxState, to after: BoxState, _ made: [BoxEffect], at time: Double)
    -> (BoxState, [BoxEffect])
  {
    var next = after
    var effects = made
    if !next.settings.earcons { effects.removeAll { if case .earcon = $0 { return true } else { return false } } }
    let settings = next.savedSettings
    if settings != state.savedSettings { effects.append(.saveSettings(settings)) }
    // A rate or voice the listener chose (a control, the knob, the menu) while a book is open is that
    // book's from now on; a voice the box picks for a book's language is not.
    if settings.reading != state.savedSettings.reading, isListenersChoice(event), let bookID = next.book.id,
      bookID == state.book.id
    {
      effects.append(.saveBookSettings(bookID: bookID, settings: settings.reading))
    }
    // Something said keeps the sound on (the effect handler powers it up for it): no release in the same
    // step, and the quiet time counts from when the saying ends.
    if effects.contains(where: { if case .announce = $0 { return true } else { return false } }) {
      effects.removeAll { $0 == .playback(.deactivateAudio) }
      next.audio.isActive = true
      next.audio.pausedSince = nil
    } else if effects.contains(where: { if case .earcon = $0 { return true } else { return false } }),
      next.playback.phase.liveUtterance == nil
    {
      // A tone alone opens the sound too: it is released after the quiet time, like a pause's.
      effects.removeAll { $0 == .playback(.deactivateAudio) }
      next.audio.isActive = true
      next.audio.pausedSince = time
    }
    let ticks = Ticks.keepTime(next)
    arm(ticks, in: &next)
    let displayTimers = DisplayTimers.keepTime(from: state.display, &next.display, armed: next.armedTimers, at: time)
    arm(displayTimers, in: &next)
    return (next, effects + ticks + displayTimers)
  }

  /// The root keeps which timers are armed from the effects that start them; starting one that is armed
  /// replaces it.
  static func arm(_ effects: [BoxEffect], in state: inout BoxState) {
    for case .startTimer(let timer, _) in effects {
      state.armedTimers.removeAll { $0 == timer }
      state.armedTimers.append(timer)
    }
  }

  /// Events that are the listener's own doing (not the engine's, nor the box's own choices).
  static func isListenersChoice(_ event: BoxEvent) -> Bool {
    switch event {
    case .control, .encoder, .encoderPushed, .menu: return true
    default: return false
    }
  }

  /// What a playback transition means for the listener's place, if anything.
  public static func positionEvent(
    from before: PlaybackState, to after: PlaybackState, effect: PlaybackEffect?, at time: Double
  ) -> PositionEvent? {
    let place = ReadingPosition(offset: after.offset, sentence: after.sentenceIndex)
    switch (before.phase, after.phase) {
    case (_, .finished) where before.phase != .finished:
      return .finished(place, at: time)
    case (_, .idle) where before.phase.liveUtterance != nil:
      return .stopped(place, at: time)
    default:
      break
    }
    if case .startUtterance = effect, after.offset != before.offset {
      return .jumped(place, at: time)
    }
    if case .idle = after.phase, case .idle = before.phase, after.offset != before.offset {
      return .jumped(place, at: time)
    }
    if case .idle = after.phase, case .finished = before.phase, after.offset != before.offset {
      return .jumped(place, at: time)
    }
    if case .paused = after.phase {
      // Entering the pause, or a word that landed just after it: either way the listener may leave now.
      if case .paused = before.phase, after.offset == before.offset { return nil }
      return .paused(place, at: time)
    }
    if after.offset != before.offset, after.phase.liveUtterance != nil {
      return .heard(place, at: time)
    }
    return nil
  }
}
