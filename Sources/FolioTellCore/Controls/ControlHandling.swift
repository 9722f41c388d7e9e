/// A control or the knob, handled on the state it meets: the key describer first, then the chord, then
/// the action the control map gives.
enum ControlHandling {
  static func handle(_ state: BoxState, control: String, gesture: Gesture, at time: Double) -> (
    BoxState, [BoxEffect]
  ) {
    var next = state
    var effects: [BoxEffect] = []
    let chordCompleted = next.held.follow(control: control, gesture: gesture, at: time)
    let chordInvolved = next.held.heldTogether
    if gesture == .release { next.held.settle() }
    // Any control during the sleep timer's fade wakes the box: the volume comes back.
    (next, effects) = SleepTimers.controlTouched(next, effects, at: time)
    let mode = ControlMap.mode(of: next)
    if chordCompleted { return Box.appending(effects, to: toggleDescriber(next, at: time)) }
    if let describer = next.describer {
      if describer.hasTimedOut(at: time) {
        next.describer = nil
        effects.append(Box.say("Key describer off.", in: next))
      } else {
        guard gesture == .short || gesture == .long else { return (next, effects) }
        // The describer's own control (a key bound to the chord) leaves it rather than being described.
        if ControlMap.action(control: control, gesture: gesture, in: mode) == .toggleKeyDescriber {
          return Box.appending(effects, to: toggleDescriber(next, at: time))
        }
        next.describer = KeyDescriber(lastPress: time)
        let description =
          ControlMap.describedAction(control: control, gesture: gesture, in: mode)?.description
          ?? "Does nothing here."
        let held = gesture == .long ? " held" : ""
        effects.append(Box.say("\(spokenName(control))\(held): \(description)", in: next))
        return (next, effects)
      }
    }
    guard let action = ControlMap.action(control: control, gesture: gesture, in: mode) else {
      return (next, effects)
    }
    // A held BACK that was part of the chord does not also undo when let go.
    if action == .undo, chordInvolved { return (next, effects) }
    return Box.appending(effects, to: perform(action, next, at: time))
  }

  static func handle(_ state: BoxState, encoderSteps steps: Int, pushed: Bool, at time: Double) -> (
    BoxState, [BoxEffect]
  ) {
    var (next, effects) = SleepTimers.controlTouched(state, [], at: time)
    let mode = ControlMap.mode(of: next)
    let unit = pushed ? next.pushedKnob : next.knob
    if next.describer != nil, !(next.describer?.hasTimedOut(at: time) ?? true) {
      next.describer = KeyDescriber(lastPress: time)
      effects.append(Box.say(ControlMap.knobDescription(in: mode, pushed: pushed, unit: unit), in: next))
      return (next, effects)
    }
    if mode == .reading, unit != .sentence, steps != 0 {
      return Box.appending(effects, to: Navigation.knob(unit, steps: steps, next, at: time))
    }
    guard ControlMap.mode(of: next) == .reading, steps != 0 else {
      return Box.appending(
        effects, to: Box.reduce(next, ControlMap.events(encoderSteps: steps, in: next), at: time))
    }
    next.resumeAfterSaying = false
    let chapterBefore = Navigation.chapterIndex(at: next.playback.offset, in: next.chapters)
    var (moved, more) = Navigation.keepingUndo(next, at: time) {
      Box.reduce($0, ControlMap.events(encoderSteps: steps, in: $0), at: time)
    }
    // The knob took the place into another chapter: a tone says so without stopping the reading.
    if Navigation.chapterIndex(at: moved.playback.offset, in: moved.chapters) != chapterBefore {
      more.append(.earcon(.chapterCrossed))
    }
    return (moved, effects + more)
  }

  static func toggleDescriber(_ state: BoxState, at time: Double) -> (BoxState, [BoxEffect]) {
    var next = state
    if state.describer == nil {
      let (stopped, effects) = Interjection.say(
        "Key describer on. Press any control to hear what it does. Hold BACK and MENU again to leave.", state,
        at: time)
      next = stopped
      next.describer = KeyDescriber(lastPress: time)
      next.resumeAfterSaying = false
      return (next, effects)
    }
    next.describer = nil
    return (next, [Box.say("Key describer off.", in: next)])
  }

  /// How the describer names a control: "Play", "Encoder push".
  static func spokenName(_ control: String) -> String {
    let words = control.split(separator: "_").map { $0.lowercased() }.joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  static func perform(_ action: ControlAction, _ state: BoxState, at time: Double) -> (BoxState, [BoxEffect]) {
    var next = state
    // Only what is said over the book keeps a pending "go on reading"; anything else takes it over.
    switch action {
    case .whereAmI, .faster, .slower, .nextChapter, .previousChapter, .undo, .toggleBigWord, .showStatus, .openMenu:
      break
    default:
      next.resumeAfterSaying = false
    }
    let state = next
    switch action {
    case .playPause:
      return Resume.play(state, at: time)
    case .whereAmI:
      return Interjection.say(WhereAmI.text(state), state, at: time)
    case .stop:
      guard state.playback.phase.liveUtterance != nil else {
        return (state, [Box.say("Stopped.", in: state)])
      }
      let (stopped, effects) = Box.reduce(state, .playback(.stopTapped), at: time)
      return (stopped, effects + [Box.say("Stopped. PLAY goes on from here.", in: stopped)])
    case .startOver:
      return Navigation.keepingUndo(state, at: time, force: true) {
        Box.reduce($0, .playback(.startOverTapped), at: time)
      }
    case .nextSentence, .previousSentence:
      let event: PlaybackEvent = action == .nextSentence ? .jumpToNextSentenceTapped : .jumpToPreviousSentenceTapped
      return Navigation.keepingUndo(state, at: time) { Box.reduce($0, .playback(event), at: time) }
    case .nextChapter:
      return Navigation.chapter(forward: true, state, at: time)
    case .previousChapter:
      return Navigation.chapter(forward: false, state, at: time)
    case .faster, .slower:
      let step = action == .faster ? ControlMap.speedStep : -ControlMap.speedStep
      return SpokenSpeed.change(to: state.playback.wpm + step, state, at: time)
    case .openMenu:
      return Box.reduce(state, .menu(.opened), at: time)
    case .toggleBigWord:
      next.display.mode = state.display.mode == .reading ? .bigWord : .reading
      return (next, [.earcon(.accepted)])
    case .showStatus:
      next.display.statusRequestedAt = time
      return (next, [.earcon(.accepted)])
    case .undo:
      return Navigation.undo(state, at: time)
    case .toggleKeyDescriber:
      return toggleDescriber(state, at: time)
    case .menuNext:
      return Box.reduce(state, .menu(.moved(steps: 1)), at: time)
    case .menuPrevious:
      return Box.reduce(state, .menu(.moved(steps: -1)), at: time)
    case .menuChoose:
      return Box.reduce(state, .menu(.chosen), at: time)
    case .menuBack:
      return Box.reduce(state, .menu(.back), at: time)
    }
  }
}
